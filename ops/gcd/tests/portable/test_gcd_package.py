# ----------------------------------------------------------------------------------------------------------------------
# Copyright (c) 2026 op-migrate contributors.
# This program is free software, you can redistribute it and/or modify it under the terms and conditions of
# CANN Open Software License Agreement Version 2.0 (the "License").
# Please refer to the License for details. You may not use this file except in compliance with the License.
# THIS SOFTWARE IS PROVIDED ON AN "AS IS" BASIS, WITHOUT WARRANTIES OF ANY KIND, EITHER EXPRESS OR IMPLIED,
# INCLUDING BUT NOT LIMITED TO NON-INFRINGEMENT, MERCHANTABILITY, OR FITNESS FOR A PARTICULAR PURPOSE.
# See LICENSE in the root of the software repository for the full text of the License.
# ----------------------------------------------------------------------------------------------------------------------
"""The Gcd folder passes the package gates that do not need CANN: license headers and layout files present."""

from __future__ import annotations

from pathlib import Path

from analyzers.package import check_license_headers

OP_DIR = Path(__file__).resolve().parents[2]
LAYOUT = [
    "CMakeLists.txt",
    "op_api/aclnn_gcd.cpp",
    "op_api/aclnn_gcd.h",
    "op_api/gcd.cpp",
    "op_api/gcd.h",
    "op_host/gcd_def.cpp",
    "op_host/gcd_infershape.cpp",
    "op_host/gcd_tiling.cpp",
    "op_host/gcd_tiling_core.h",
    "op_kernel/gcd.cpp",
    "op_kernel/gcd.h",
    "op_kernel/gcd_core.h",
    "op_kernel/gcd_tiling_data.h",
    "op_kernel/gcd_tiling_key.h",
]


def test_every_source_file_carries_the_license_header():
    assert check_license_headers(OP_DIR) == ()


def test_ops_math_layout_files_exist():
    assert [p for p in LAYOUT if not (OP_DIR / p).is_file()] == []
