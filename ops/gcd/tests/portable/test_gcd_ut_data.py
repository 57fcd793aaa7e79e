# ----------------------------------------------------------------------------------------------------------------------
# Copyright (c) 2026 op-migrate contributors.
# This program is free software, you can redistribute it and/or modify it under the terms and conditions of
# CANN Open Software License Agreement Version 2.0 (the "License").
# Please refer to the License for details. You may not use this file except in compliance with the License.
# THIS SOFTWARE IS PROVIDED ON AN "AS IS" BASIS, WITHOUT WARRANTIES OF ANY KIND, EITHER EXPRESS OR IMPLIED,
# INCLUDING BUT NOT LIMITED TO NON-INFRINGEMENT, MERCHANTABILITY, OR FITNESS FOR A PARTICULAR PURPOSE.
# See LICENSE in the root of the software repository for the full text of the License.
# ----------------------------------------------------------------------------------------------------------------------
"""The standalone golden of the CPU-debug kernel UT (tests/ut/op_kernel/gcd_data) agrees with gcd_golden."""

from __future__ import annotations

import importlib.util
import subprocess
import sys
from pathlib import Path

import ml_dtypes
import numpy as np
import pytest

import gcd_golden

DATA_DIR = Path(__file__).resolve().parents[1] / "ut" / "op_kernel" / "gcd_data"


def _gen_data():
    spec = importlib.util.spec_from_file_location("gcd_ut_gen_data", DATA_DIR / "gen_data.py")
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


@pytest.mark.parametrize("dtype", ["int8", "uint8", "int16", "int32", "int64", "float16", "bfloat16", "float32"])
def test_ut_golden_matches_the_golden_model(dtype):
    gen = _gen_data()
    rng = np.random.default_rng(5)
    x = gen.inputs((40, 1, 9), dtype, rng)
    y = gen.inputs((1, 30, 9), dtype, rng)
    if x.dtype.kind == "f" or x.dtype == ml_dtypes.bfloat16:
        x[0, 0, :4] = np.array([np.inf, np.nan, 0.5, -0.0]).astype(x.dtype)
    want = gcd_golden.gcd(x, y)
    got = gen.golden(x, y)
    assert got.dtype == want.dtype
    wide_got, wide_want = got.astype(np.float64), want.astype(np.float64)
    assert np.array_equal(np.isnan(wide_got), np.isnan(wide_want))
    assert np.array_equal(wide_got[~np.isnan(wide_got)], wide_want[~np.isnan(wide_want)])


def test_gen_and_compare_scripts_round_trip(tmp_path):
    for script in ("gen_data.py", "compare_data.py"):
        (tmp_path / script).write_text((DATA_DIR / script).read_text())
    subprocess.run([sys.executable, "gen_data.py", "[3,1,5]", "[4,1]", "int16"], cwd=tmp_path, check=True)
    golden = tmp_path / "int16_golden.bin"
    (tmp_path / "int16_output.bin").write_bytes(golden.read_bytes())
    ok = subprocess.run([sys.executable, "compare_data.py", "int16"], cwd=tmp_path, capture_output=True)
    assert ok.returncode == 0
    data = np.fromfile(golden, dtype=np.int16)
    data[0] += 1
    data.tofile(tmp_path / "int16_output.bin")
    bad = subprocess.run([sys.executable, "compare_data.py", "int16"], cwd=tmp_path, capture_output=True)
    assert bad.returncode == 1 and b"1 of 60 elements differ" in bad.stdout
