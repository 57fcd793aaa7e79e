# ----------------------------------------------------------------------------------------------------------
# Copyright (c) 2026 op-migrate contributors.
# This program is free software, you can redistribute it and/or modify it under the terms and conditions of
# CANN Open Software License Agreement Version 2.0 (the "License").
# Please refer to the License for details. You may not use this file except in compliance with the License.
# THIS SOFTWARE IS PROVIDED ON AN "AS IS" BASIS, WITHOUT WARRANTIES OF ANY KIND, EITHER EXPRESS OR IMPLIED,
# INCLUDING BUT NOT LIMITED TO NON-INFRINGEMENT, MERCHANTABILITY, OR FITNESS FOR A PARTICULAR PURPOSE.
# See LICENSE in the root of the software repository for the full text of the License.
# ----------------------------------------------------------------------------------------------------------

"""docs/memory_report.md is current: regenerating it from the memory model gives the committed text."""

from __future__ import annotations

import reduce_all_memory_report as report


def test_memory_report_is_current(gxx) -> None:
    expected = report.render(gxx)
    assert report.REPORT.read_text(encoding="utf-8") == expected, (
        "docs/memory_report.md is stale; regenerate: python ops/reduce_all/tests/portable/reduce_all_memory_report.py"
    )


def test_ascend_c_chain_drops_the_input_sized_cast_launch() -> None:
    text = report.REPORT.read_text(encoding="utf-8")
    rows = [line for line in text.splitlines() if line.startswith("| reduce-last")]
    before, after = (row.split("|") for row in rows)
    # Cast + ReduceAll before, ReduceAll alone after; the tail ViewCopy re-points the result at out (no launch).
    assert (int(before[3]), int(after[3])) == (2, 1)
    assert int(after[4]) * 2 < int(before[4])
    assert "inconsistent" not in text
