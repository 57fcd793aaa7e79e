# ----------------------------------------------------------------------------------------------------------------------
# Copyright (c) 2026 op-migrate contributors.
# This program is free software, you can redistribute it and/or modify it under the terms and conditions of
# CANN Open Software License Agreement Version 2.0 (the "License").
# Please refer to the License for details. You may not use this file except in compliance with the License.
# THIS SOFTWARE IS PROVIDED ON AN "AS IS" BASIS, WITHOUT WARRANTIES OF ANY KIND, EITHER EXPRESS OR IMPLIED,
# INCLUDING BUT NOT LIMITED TO NON-INFRINGEMENT, MERCHANTABILITY, OR FITNESS FOR A PARTICULAR PURPOSE.
# See LICENSE in the root of the software repository for the full text of the License.
# ----------------------------------------------------------------------------------------------------------------------
"""FloorMod's portable scalar core (floor_mod_scalar.h) against the golden model, bit for bit."""

from __future__ import annotations

import subprocess
from pathlib import Path

import numpy as np
import pytest

import floor_mod_golden

HERE = Path(__file__).resolve().parent
KERNEL = HERE.parents[1] / "op_kernel"


@pytest.fixture(scope="module")
def scalar_exe(gxx) -> Path:
    return gxx.build([HERE / "scalar_main.cpp"], include_dirs=[KERNEL], name="floor_mod_scalar")


def run(exe: Path, kind: str, x: np.ndarray, y: np.ndarray) -> np.ndarray:
    pairs = np.stack([x, y], axis=1).copy()
    out = subprocess.run([str(exe), kind], input=pairs.tobytes(), capture_output=True, check=True).stdout
    return np.frombuffer(out, dtype=x.dtype)


def edge_doubles() -> np.ndarray:
    tiny = np.nextafter(0.0, 1.0)
    values = [0.0, -0.0, 1.0, -1.0, 2.0, -2.0, 3.0, 0.5, 1e-300, -1e-300, tiny, -tiny, 2 * tiny, 2.2250738585072014e-308,
              np.inf, -np.inf, np.nan, 1e308, -1e308, 5e-324 * 3, 1.0 + 2**-52, 3.0 * 2**-1060, 7.0, -7.0, 0.1, 1e16]
    grid = np.array(values, dtype=np.float64)
    return np.array(np.meshgrid(grid, grid)).reshape(2, -1)


def assert_same_doubles(actual_bits: np.ndarray, x: np.ndarray, y: np.ndarray) -> None:
    expected = floor_mod_golden.remainder(x, y, "float64")
    got = actual_bits.view(np.float64)
    both_nan = np.isnan(expected) & np.isnan(got)
    same = (expected.view(np.uint64) == got.view(np.uint64)) | both_nan
    bad = np.flatnonzero(~same)
    assert bad.size == 0, [(x[i], y[i], got[i], expected[i]) for i in bad[:5]]


def test_double_edge_cases(scalar_exe: Path) -> None:
    x, y = edge_doubles()
    assert_same_doubles(run(scalar_exe, "f64", x.view(np.uint64), y.view(np.uint64)), x, y)


@pytest.mark.parametrize("seed", [1, 2])
def test_double_random_bit_patterns(scalar_exe: Path, seed: int) -> None:
    rng = np.random.default_rng(seed)
    bits = rng.integers(0, 2**64, size=(2, 400_000), dtype=np.uint64)
    x, y = bits.view(np.float64)
    assert_same_doubles(run(scalar_exe, "f64", bits[0], bits[1]), x, y)


def test_double_close_exponents_and_subnormals(scalar_exe: Path) -> None:
    rng = np.random.default_rng(7)
    n = 400_000
    mant = rng.random((2, n)) + 1.0
    exps = rng.integers(-1080, -1000, size=(2, n))
    exps[:, : n // 2] = rng.integers(-30, 30, size=(2, n // 2))
    signs = rng.choice([-1.0, 1.0], size=(2, n))
    x, y = signs * np.ldexp(mant, exps)
    assert_same_doubles(run(scalar_exe, "f64", x.view(np.uint64), y.view(np.uint64)), x, y)


@pytest.mark.parametrize("kind, dtype", [("i64", np.int64), ("i32", np.int32), ("i16", np.int16)])
def test_integers_random_and_edges(scalar_exe: Path, kind: str, dtype) -> None:
    info = np.iinfo(dtype)
    rng = np.random.default_rng(3)
    x = rng.integers(info.min, info.max, size=300_000, dtype=dtype, endpoint=True)
    y = rng.integers(info.min, info.max, size=300_000, dtype=dtype, endpoint=True)
    y[::7] = rng.integers(-9, 9, size=y[::7].size, dtype=dtype)
    edges = np.array([info.min, info.min + 1, -1, 0, 1, info.max, 7, -7], dtype=dtype)
    ex, ey = np.meshgrid(edges, edges)
    x = np.concatenate([x, ex.ravel()])
    y = np.concatenate([y, ey.ravel()])
    got = run(scalar_exe, kind, x, y)
    expected = floor_mod_golden.remainder(x, y, np.dtype(dtype).name)
    assert np.array_equal(got, expected)


def test_golden_follows_torch_conventions() -> None:
    x = np.array([-4.0, 5.0, -5.0, 1.0, -1.0, 0.0, -0.0, 1.0])
    y = np.array([2.0, -3.0, 3.0, np.inf, np.inf, -2.0, 2.0, 0.0])
    r = floor_mod_golden.remainder(x, y, "float64")
    assert np.signbit(r[0]) and r[0] == 0  # zero keeps the dividend's sign, unlike numpy.mod
    assert r[1] == -1.0 and r[2] == 1.0
    assert r[3] == 1.0 and r[4] == np.inf
    assert not np.signbit(r[5]) and np.signbit(r[6])
    assert np.isnan(r[7])
    ints = floor_mod_golden.remainder(np.array([7, -7, np.iinfo(np.int64).min, 5]), np.array([-3, 3, -1, 0]), "int64")
    assert ints.tolist() == [-2, 2, 0, 0]
