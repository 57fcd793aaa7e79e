# ----------------------------------------------------------------------------------------------------------
# Copyright (c) 2026 op-migrate contributors.
# This program is free software, you can redistribute it and/or modify it under the terms and conditions of
# CANN Open Software License Agreement Version 2.0 (the "License").
# Please refer to the License for details. You may not use this file except in compliance with the License.
# THIS SOFTWARE IS PROVIDED ON AN "AS IS" BASIS, WITHOUT WARRANTIES OF ANY KIND, EITHER EXPRESS OR IMPLIED,
# INCLUDING BUT NOT LIMITED TO NON-INFRINGEMENT, MERCHANTABILITY, OR FITNESS FOR A PARTICULAR PURPOSE.
# See LICENSE in the root of the software repository for the full text of the License.
# ----------------------------------------------------------------------------------------------------------

"""Makes reduce_all_golden importable and builds the ReduceAll plan simulator once per session."""

from __future__ import annotations

import sys
from pathlib import Path

import pytest

HERE = Path(__file__).resolve().parent
if str(HERE) not in sys.path:
    sys.path.insert(0, str(HERE))

# Outside op-migrate's ops/ (an ops-math checkout: experimental/<category>/<op>) no parent conftest provides these.
if not (Path(__file__).resolve().parents[3] / "conftest.py").is_file():
    from op_migrate.ops.common.portable_fixtures import cpu_model, every_hazard_kind, gxx  # noqa: F401


@pytest.fixture(scope="session")
def plan_sim(gxx):
    """Runs cases through tests/portable/cpp/reduce_all_plan_sim.cpp (tiling core + kernel-order walk)."""
    from reduce_all_cases import PlanSim

    return PlanSim(gxx, gxx.build([HERE / "cpp" / "reduce_all_plan_sim.cpp"], name="reduce_all_plan_sim"))


@pytest.fixture(scope="session")
def kernel_run(cpu_model, gxx):
    """Runs cases through the real op_kernel/reduce_all.cpp compiled against the CPU model."""
    from reduce_all_cases import KernelRun

    driver = HERE / "cpp" / "reduce_all_kernel_driver.cpp"
    return KernelRun(gxx, cpu_model.build_kernel([driver], name="reduce_all_kernel_driver"))


# x dtypes the kernel reads element by element (FLOAT16 / FLOAT / BFLOAT16), as the op build defines DTYPE_X.
FLOAT_DTYPES = {"float16": "half", "float32": "float", "bfloat16": "bfloat16_t"}


@pytest.fixture(scope="session", params=sorted(FLOAT_DTYPES))
def float_kernel_run(request, cpu_model, gxx):
    """(dtype name, runner) of the real kernel built for a float x."""
    from reduce_all_cases import KernelRun

    driver = HERE / "cpp" / "reduce_all_kernel_driver.cpp"
    executable = cpu_model.build_kernel([driver], defines=[f"DTYPE_X={FLOAT_DTYPES[request.param]}"],
                                        name=f"reduce_all_kernel_driver_{request.param}")
    return request.param, KernelRun(gxx, executable)


@pytest.fixture(scope="session")
def counting_kernel_run(cpu_model, gxx):
    """The kernel driver built with cpp/reduce_all_api_counter.h: each result also counts flags and calls."""
    from reduce_all_cases import KernelRun

    driver = HERE / "cpp" / "reduce_all_kernel_driver.cpp"
    executable = cpu_model.build_kernel(
        [driver], defines=["REDUCE_ALL_COUNT_CALLS"], name="reduce_all_counting_kernel_driver"
    )
    return KernelRun(gxx, executable)


def pytest_configure(config) -> None:
    # In an ops-math checkout no pyproject registers op-migrate's markers; unregistered ones warn on every run.
    config.addinivalue_line("markers", "requires_opsmath: needs a checkout of hicann/ops-math (OPS_MATH=<checkout>); "
                                       "skipped without")
