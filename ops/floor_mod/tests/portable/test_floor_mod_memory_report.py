# ----------------------------------------------------------------------------------------------------------------------
# Copyright (c) 2026 op-migrate contributors.
# This program is free software, you can redistribute it and/or modify it under the terms and conditions of
# CANN Open Software License Agreement Version 2.0 (the "License").
# Please refer to the License for details. You may not use this file except in compliance with the License.
# THIS SOFTWARE IS PROVIDED ON AN "AS IS" BASIS, WITHOUT WARRANTIES OF ANY KIND, EITHER EXPRESS OR IMPLIED,
# INCLUDING BUT NOT LIMITED TO NON-INFRINGEMENT, MERCHANTABILITY, OR FITNESS FOR A PARTICULAR PURPOSE.
# See LICENSE in the root of the software repository for the full text of the License.
# ----------------------------------------------------------------------------------------------------------------------
"""docs/memory_report.md is what floor_mod_memory_report.py generates now, and it shows the broadcasts gone."""

from __future__ import annotations

import floor_mod_memory_report


def test_memory_report_is_current() -> None:
    current = floor_mod_memory_report.REPORT.read_text(encoding="utf-8")
    assert current == floor_mod_memory_report.render_report(), f"regenerate with: {floor_mod_memory_report.COMMAND}"


def test_report_shows_the_broadcast_intermediates_gone() -> None:
    text = floor_mod_memory_report.REPORT.read_text(encoding="utf-8")
    # The before chain's FloorMod result is re-pointed at out by ViewCopy: the two broadcasts are its extra storage.
    assert text.count("| before | `I(N1≠N)·N·S + I(N2≠N)·N·S`") >= 1
    assert "| after | `0` |" in text and "| 0.0% |" in text
