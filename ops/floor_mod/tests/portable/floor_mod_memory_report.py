# ----------------------------------------------------------------------------------------------------------------------
# Copyright (c) 2026 op-migrate contributors.
# This program is free software, you can redistribute it and/or modify it under the terms and conditions of
# CANN Open Software License Agreement Version 2.0 (the "License").
# Please refer to the License for details. You may not use this file except in compliance with the License.
# THIS SOFTWARE IS PROVIDED ON AN "AS IS" BASIS, WITHOUT WARRANTIES OF ANY KIND, EITHER EXPRESS OR IMPLIED,
# INCLUDING BUT NOT LIMITED TO NON-INFRINGEMENT, MERCHANTABILITY, OR FITNESS FOR A PARTICULAR PURPOSE.
# See LICENSE in the root of the software repository for the full text of the License.
# ----------------------------------------------------------------------------------------------------------------------
"""Regenerates docs/memory_report.md: the original remainder chain against this operator's, predicted.

Run: python ops/floor_mod/tests/portable/floor_mod_memory_report.py   (test_floor_mod_memory_report checks it)
"""

from __future__ import annotations

import sys
from pathlib import Path

from op_migrate.migrate import route_check
from op_migrate.reports.design_doc import memory_view
from op_migrate.reports.memory_terms import PEAK_DEFINITION
from op_migrate.reports.render import render

HERE = Path(__file__).resolve().parent
OP_DIR = HERE.parents[1]
REPORT = OP_DIR / "docs" / "memory_report.md"
BEFORE = HERE / "memory"
COMMAND = "python ops/floor_mod/tests/portable/floor_mod_memory_report.py"
DTYPES = ("float16", "float32", "int64", "float64")


def render_report() -> str:
    op_api = OP_DIR / "op_api"
    points = [p for p in route_check.memory_points("floor_mod-native", op_api)
              if p.soc == "Ascend910B" and p.dtype_label() in DTYPES and p.entry.startswith("aclnnRemainder")]
    comparisons = [memory_view(route_check.memory_comparison("floor_mod-native", op_api, BEFORE, point)[0], "en")
                   for point in points]
    return render("design/memory_report.md.j2", op_type="FloorMod", command=COMMAND, rule=comparisons[0]["rule"],
                  peak_definition=PEAK_DEFINITION["en"],
                  before="tests/portable/memory/aclnn_remainder_before.cpp", after="op_api/aclnn_remainder.cpp",
                  comparisons=comparisons)


if __name__ == "__main__":
    REPORT.write_text(render_report(), encoding="utf-8")
    sys.stdout.write(f"wrote {REPORT}\n")
