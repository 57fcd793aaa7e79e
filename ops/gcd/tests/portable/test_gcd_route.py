# ----------------------------------------------------------------------------------------------------------------------
# Copyright (c) 2026 op-migrate contributors.
# This program is free software, you can redistribute it and/or modify it under the terms and conditions of
# CANN Open Software License Agreement Version 2.0 (the "License").
# Please refer to the License for details. You may not use this file except in compliance with the License.
# THIS SOFTWARE IS PROVIDED ON AN "AS IS" BASIS, WITHOUT WARRANTIES OF ANY KIND, EITHER EXPRESS OR IMPLIED,
# INCLUDING BUT NOT LIMITED TO NON-INFRINGEMENT, MERCHANTABILITY, OR FITNESS FOR A PARTICULAR PURPOSE.
# See LICENSE in the root of the software repository for the full text of the License.
# ----------------------------------------------------------------------------------------------------------------------
"""aclnnGcd's op_api passes its built-in verify-route policy, and the committed memory report is current."""

from __future__ import annotations

from pathlib import Path

from click.testing import CliRunner

from op_migrate.migrate.cli import main

import gcd_memory_report

OP_API = Path(__file__).resolve().parents[2] / "op_api"


def test_gcd_native_policy_passes_on_the_op_api():
    result = CliRunner().invoke(main, ["verify-route", str(OP_API), "--policy", "gcd-native"])
    assert result.exit_code == 0, result.output
    assert "PASS" in result.output and "32 pass, 0 fail, 0 incomplete" in result.output


def test_memory_report_is_current(gxx):
    expected = gcd_memory_report.render(gxx)
    actual = gcd_memory_report.REPORT_PATH.read_text(encoding="utf-8") if gcd_memory_report.REPORT_PATH.exists() else ""
    assert actual == expected, "regenerate with: python ops/gcd/tests/portable/gcd_memory_report.py"
