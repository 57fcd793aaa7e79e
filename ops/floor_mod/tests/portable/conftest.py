# ----------------------------------------------------------------------------------------------------------------------
# Copyright (c) 2026 op-migrate contributors.
# This program is free software, you can redistribute it and/or modify it under the terms and conditions of
# CANN Open Software License Agreement Version 2.0 (the "License").
# Please refer to the License for details. You may not use this file except in compliance with the License.
# THIS SOFTWARE IS PROVIDED ON AN "AS IS" BASIS, WITHOUT WARRANTIES OF ANY KIND, EITHER EXPRESS OR IMPLIED,
# INCLUDING BUT NOT LIMITED TO NON-INFRINGEMENT, MERCHANTABILITY, OR FITNESS FOR A PARTICULAR PURPOSE.
# See LICENSE in the root of the software repository for the full text of the License.
# ----------------------------------------------------------------------------------------------------------------------
"""Makes this folder's golden module importable by the tests next to it; builds the kernel and tiling drivers they
share."""

import sys
from pathlib import Path

import pytest

HERE = Path(__file__).resolve().parent
OP = HERE.parents[1]

sys.path.insert(0, str(HERE))

# Outside op-migrate's ops/ (an ops-math checkout: experimental/<category>/<op>) no parent conftest provides these.
if not (Path(__file__).resolve().parents[3] / "conftest.py").is_file():
    from op_migrate.ops.common.portable_fixtures import cpu_model, every_hazard_kind, gxx  # noqa: F401


@pytest.fixture(scope="module")
def kernel_exe(cpu_model) -> Path:
    """The real kernel on the CPU model (kernel_main.cpp)."""
    return cpu_model.build_kernel([HERE / "kernel_main.cpp"], include_dirs=[OP / "op_kernel", OP / "op_host"],
                                  name="floor_mod_kernel")


@pytest.fixture(scope="module")
def tiling_exe(gxx) -> Path:
    """The portable tiling and its TileWalker plan (tiling_main.cpp)."""
    return gxx.build([HERE / "tiling_main.cpp"], include_dirs=[OP / "op_host", OP / "op_kernel"], name="floor_mod_tiling")


def pytest_configure(config) -> None:
    # In an ops-math checkout no pyproject registers op-migrate's markers; unregistered ones warn on every run.
    config.addinivalue_line("markers", "requires_opsmath: needs a checkout of hicann/ops-math (OPS_MATH=<checkout>); "
                                       "skipped without")
    config.addinivalue_line("markers", "slow: long-running test (still part of the default suite)")
