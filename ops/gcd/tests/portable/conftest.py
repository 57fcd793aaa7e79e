# ----------------------------------------------------------------------------------------------------------------------
# Copyright (c) 2026 op-migrate contributors.
# This program is free software, you can redistribute it and/or modify it under the terms and conditions of
# CANN Open Software License Agreement Version 2.0 (the "License").
# Please refer to the License for details. You may not use this file except in compliance with the License.
# THIS SOFTWARE IS PROVIDED ON AN "AS IS" BASIS, WITHOUT WARRANTIES OF ANY KIND, EITHER EXPRESS OR IMPLIED,
# INCLUDING BUT NOT LIMITED TO NON-INFRINGEMENT, MERCHANTABILITY, OR FITNESS FOR A PARTICULAR PURPOSE.
# See LICENSE in the root of the software repository for the full text of the License.
# ----------------------------------------------------------------------------------------------------------------------
"""Makes gcd_golden importable from the Gcd portable tests (pytest runs with --import-mode=importlib)."""

from __future__ import annotations

import sys
from pathlib import Path

HERE = Path(__file__).resolve().parent
if str(HERE) not in sys.path:
    sys.path.insert(0, str(HERE))

# Outside op-migrate's ops/ (an ops-math checkout: experimental/<category>/<op>) no parent conftest provides these.
if not (Path(__file__).resolve().parents[3] / "conftest.py").is_file():
    from op_migrate.ops.common.portable_fixtures import cpu_model, every_hazard_kind, gxx  # noqa: F401


def pytest_configure(config) -> None:
    # In an ops-math checkout no pyproject registers op-migrate's markers; unregistered ones warn on every run.
    config.addinivalue_line("markers", "requires_opsmath: needs a checkout of hicann/ops-math (OPS_MATH=<checkout>); "
                                       "skipped without")
