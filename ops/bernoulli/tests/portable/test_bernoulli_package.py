# ----------------------------------------------------------------------------------------------------------------------
# Copyright (c) 2026 op-migrate contributors.
# This program is free software, you can redistribute it and/or modify it under the terms and conditions of
# CANN Open Software License Agreement Version 2.0 (the "License").
# Please refer to the License for details. You may not use this file except in compliance with the License.
# THIS SOFTWARE IS PROVIDED ON AN "AS IS" BASIS, WITHOUT WARRANTIES OF ANY KIND, EITHER EXPRESS OR IMPLIED,
# INCLUDING BUT NOT LIMITED TO NON-INFRINGEMENT, MERCHANTABILITY, OR FITNESS FOR A PARTICULAR PURPOSE.
# See LICENSE in the root of the software repository for the full text of the License.
# ----------------------------------------------------------------------------------------------------------------------
"""The Bernoulli folder passes the package gates that need no CANN, and its ut files agree with the portable core."""

from __future__ import annotations

import re
import subprocess
import sys
from pathlib import Path

import numpy as np

import bernoulli_golden
from op_migrate.analyzers.package import check_license_headers

HERE = Path(__file__).resolve().parent
OP_DIR = HERE.parents[1]
# What package-pr writes into ops-math (docs/design_facts.toml is op-migrate's input for the design document: not shipped,
# so not asserted here, where the tests also run inside an ops-math checkout; package-pr's design-input gate checks it).
LAYOUT = [
    "CMakeLists.txt", "README.md", "docs/aclnnBernoulli&aclnnInplaceBernoulli.md",
    "examples/test_aclnn_bernoulli.cpp", "op_api/aclnn_bernoulli.cpp", "op_api/aclnn_bernoulli.h",
    "op_api/bernoulli.cpp", "op_api/bernoulli.h", "op_host/bernoulli_def.cpp", "op_host/bernoulli_infershape.cpp",
    "op_host/bernoulli_tiling.cpp", "op_host/bernoulli_tiling_core.h", "op_kernel/bernoulli.cpp",
    "op_kernel/bernoulli.h", "op_kernel/bernoulli_core.h", "op_kernel/bernoulli_tiling_data.h",
    "op_kernel/bernoulli_tiling_key.h", "tests/ut/op_host/test_bernoulli_tiling.cpp",
    "tests/ut/op_kernel/CMakeLists.txt", "tests/ut/op_kernel/test_bernoulli.cpp",
    "tests/ut/op_kernel/bernoulli_data/gen_data.py", "tests/ut/op_kernel/bernoulli_data/compare_data.py",
    "tests/ut/op_api/test_aclnn_bernoulli.cpp",
]
GE_DTYPES = {"DT_FLOAT16": "float16", "DT_FLOAT": "float32", "DT_BF16": "bfloat16", "DT_DOUBLE": "float64",
             "DT_INT8": "int8", "DT_UINT8": "uint8", "DT_INT16": "int16", "DT_INT32": "int32", "DT_INT64": "int64",
             "DT_BOOL": "bool"}


def test_every_source_file_carries_the_license_header() -> None:
    assert check_license_headers(OP_DIR) == ()


def test_ops_math_layout_files_exist() -> None:
    assert [p for p in LAYOUT if not (OP_DIR / p).is_file()] == []


def test_aclnn_doc_embeds_the_example_verbatim() -> None:
    example = (OP_DIR / "examples" / "test_aclnn_bernoulli.cpp").read_text(encoding="utf-8")
    body = example[example.index("*/\n") + 3:].lstrip("\n")
    doc = (OP_DIR / "docs" / "aclnnBernoulli&aclnnInplaceBernoulli.md").read_text(encoding="utf-8")
    assert "```Cpp\n" + body + "```" in doc


def test_op_host_ut_expectations_match_the_portable_core(gxx) -> None:
    """Each row of the gtest case table equals what the portable tiling core computes for 48 cores / 192 KiB."""
    ut = (OP_DIR / "tests" / "ut" / "op_host" / "test_bernoulli_tiling.cpp").read_text(encoding="utf-8")
    rows = re.findall(r'\{"(\w+)", \{\{([\d, ]+)\}, \{[\d, ]+\}\}, ge::(DT_\w+), (\d), (\d+), "([\d ]+)"\}', ut)
    assert len(rows) == 5
    exe = gxx.build([HERE / "cpp" / "tiling_main.cpp"], include_dirs=[OP_DIR / "op_host"], name="bernoulli_tiling")
    lines = []
    for _, dims, dtype, mode, _, _ in rows:
        dims = [int(d) for d in dims.split(",")]
        code = bernoulli_golden.CODES[GE_DTYPES[dtype]]
        lines.append(f"{code} {mode} 48 196608 {len(dims)} {' '.join(map(str, dims))}\n")
    out = gxx.run(exe, stdin="".join(lines).encode()).stdout.decode().split("\n")
    for (name, _, _, mode, block_dim, words), line in zip(rows, out):
        status, got_dim, key, workspace, total, block, stage, tile, _ = map(int, line.split())
        assert (status, key, workspace) == (0, 0, 512), name
        assert got_dim == int(block_dim), name
        assert words.split() == [str(total), str(block), str(stage), str(tile), mode], name


def test_kernel_ut_data_scripts_round_trip(tmp_path: Path) -> None:
    data = OP_DIR / "tests" / "ut" / "op_kernel" / "bernoulli_data"
    subprocess.run([sys.executable, str(data / "gen_data.py"), "1000", "float32"], cwd=tmp_path, check=True)
    mask = np.fromfile(tmp_path / "mask.bin", dtype=np.uint8)
    assert mask.size == bernoulli_golden.dsa_mask_bytes(1000)
    expected = bernoulli_golden.expand(mask, 1000, "float32")
    assert np.array_equal(np.fromfile(tmp_path / "golden.bin", dtype=np.float32), expected)
    expected.tofile(tmp_path / "output.bin")
    ok = subprocess.run([sys.executable, str(data / "compare_data.py"), "float32"], cwd=tmp_path)
    assert ok.returncode == 0
    flipped = expected.copy()
    flipped[999] = 1 - flipped[999]
    flipped.tofile(tmp_path / "output.bin")
    bad = subprocess.run([sys.executable, str(data / "compare_data.py"), "float32"], cwd=tmp_path, capture_output=True)
    assert bad.returncode == 1
