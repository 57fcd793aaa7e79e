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

import re

import numpy as np

import gcd_golden
from op_migrate.analyzers.package import check_license_headers

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
    "op_host/gcd_tiling_mode.h",
    "op_kernel/gcd.cpp",
    "op_kernel/gcd.h",
    "op_kernel/gcd_vector.h",
    "op_kernel/gcd_core.h",
    "op_kernel/gcd_walk.h",
    "op_kernel/gcd_tiling_data.h",
    "op_kernel/gcd_tiling_key.h",
]


def test_every_source_file_carries_the_license_header():
    assert check_license_headers(OP_DIR) == ()


def test_ops_math_layout_files_exist():
    assert [p for p in LAYOUT if not (OP_DIR / p).is_file()] == []


def test_aclnn_doc_embeds_the_example_verbatim():
    example = (OP_DIR / "examples" / "test_aclnn_gcd.cpp").read_text(encoding="utf-8")
    body = example[example.index("*/\n") + 3 :].lstrip("\n")
    doc = (OP_DIR / "docs" / "aclnnGcd.md").read_text(encoding="utf-8")
    assert "```Cpp\n" + body + "```" in doc


def test_example_expected_output_matches_the_golden():
    example = (OP_DIR / "examples" / "test_aclnn_gcd.cpp").read_text(encoding="utf-8")
    self_host = [int(v) for v in re.search(r"selfHost = \{([^}]*)\}", example).group(1).split(",")]
    other_host = [int(v) for v in re.search(r"otherHost = \{([^}]*)\}", example).group(1).split(",")]
    expected = [int(v) for v in re.search(r"// Expected: ([-0-9 ]+)", example).group(1).split()]
    got = gcd_golden.gcd(np.array(self_host, np.int16).reshape(2, 3), np.array(other_host, np.int16))
    assert got.reshape(-1).tolist() == expected
