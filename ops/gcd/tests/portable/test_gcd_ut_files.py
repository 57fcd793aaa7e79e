# ----------------------------------------------------------------------------------------------------------------------
# Copyright (c) 2026 op-migrate contributors.
# This program is free software, you can redistribute it and/or modify it under the terms and conditions of
# CANN Open Software License Agreement Version 2.0 (the "License").
# Please refer to the License for details. You may not use this file except in compliance with the License.
# THIS SOFTWARE IS PROVIDED ON AN "AS IS" BASIS, WITHOUT WARRANTIES OF ANY KIND, EITHER EXPRESS OR IMPLIED,
# INCLUDING BUT NOT LIMITED TO NON-INFRINGEMENT, MERCHANTABILITY, OR FITNESS FOR A PARTICULAR PURPOSE.
# See LICENSE in the root of the software repository for the full text of the License.
# ----------------------------------------------------------------------------------------------------------------------
"""The generated ops-math op_host UT holds the expectations the portable tiling core computes today."""

from __future__ import annotations

import gcd_ut_render


def test_op_host_tiling_ut_is_current(gxx):
    expected = gcd_ut_render.render(gxx)
    actual = gcd_ut_render.UT_PATH.read_text(encoding="utf-8") if gcd_ut_render.UT_PATH.exists() else ""
    assert actual == expected, "regenerate with: python ops/gcd/tests/portable/gcd_ut_render.py"
