# ----------------------------------------------------------------------------------------------------------------------
# Copyright (c) 2026 op-migrate contributors.
# This program is free software, you can redistribute it and/or modify it under the terms and conditions of
# CANN Open Software License Agreement Version 2.0 (the "License").
# Please refer to the License for details. You may not use this file except in compliance with the License.
# THIS SOFTWARE IS PROVIDED ON AN "AS IS" BASIS, WITHOUT WARRANTIES OF ANY KIND, EITHER EXPRESS OR IMPLIED,
# INCLUDING BUT NOT LIMITED TO NON-INFRINGEMENT, MERCHANTABILITY, OR FITNESS FOR A PARTICULAR PURPOSE.
# See LICENSE in the root of the software repository for the full text of the License.
# ----------------------------------------------------------------------------------------------------------------------
"""Float FloorMod where the quotient is far from representable (|a / b| up to 1e31) against a float64 reference.

Tolerance: 1 unit in the last place of the output dtype at |b|. The result lies in [0, |b|) (b's sign); the exact
remainder of two values of a dtype is representable in it, so only two steps may round: the sign correction r + b
(torch.remainder's, when r != 0 has a's sign and b the other) and, for FP16/BF16, the narrowing of the FP32 result;
each is within half a unit. The golden model (fmod in FP32, exact) must also match bit for bit.
"""

from __future__ import annotations

from pathlib import Path

import numpy as np
import pytest

import floor_mod_golden
from test_floor_mod_kernel import run_kernel

MANTISSA_BITS = {"float32": 23, "float16": 10, "bfloat16": 7}
# |a| and |b| ranges per dtype: FP32/BF16 up to 1e30 by small divisors; FP16 up to its 65504.
RANGES = {"float32": ((7, 30), (-3, 1)), "bfloat16": ((7, 30), (-3, 1)), "float16": ((3, 3.8), (-3, 0))}
IRRATIONAL = np.array([np.pi / 7, np.sqrt(2) / 3, np.e / 5, (1 + np.sqrt(5)) / 2, np.log(3)])


def operands(dtype: str, shape, rng: np.random.Generator):
    n = int(np.prod(shape))
    (a_lo, a_hi), (b_lo, b_hi) = RANGES[dtype]
    a = rng.uniform(1, 10, n) * 10.0 ** rng.uniform(a_lo, a_hi, n) * rng.choice([-1, 1], n)
    b = rng.choice(IRRATIONAL, n) * 10.0 ** rng.uniform(b_lo, b_hi, n) * rng.choice([-1, 1], n)
    storage = floor_mod_golden.storage_dtype(dtype)
    return a.astype(storage).reshape(shape), b.astype(storage)


def reference64(a: np.ndarray, b: np.ndarray) -> np.ndarray:
    x, y = np.broadcast_arrays(a.astype(np.float64), b.astype(np.float64))
    r = np.fmod(x, y)
    return np.where((r != 0) & ((r < 0) != (y < 0)), r + y, r)


def ulp_at(b: np.ndarray, dtype: str) -> np.ndarray:
    return 2.0 ** (np.floor(np.log2(np.abs(b.astype(np.float64)))) - MANTISSA_BITS[dtype])


@pytest.mark.parametrize("dtype", list(MANTISSA_BITS))
@pytest.mark.parametrize("s1, s2", [([2, 2000], [2, 2000]), ([64, 47], [64, 1]), ([3000], [1])])
@pytest.mark.parametrize("cores, launch", [(1, "sequential"), (40, "threads")])
def test_large_quotients_within_one_ulp_of_float64(kernel_exe: Path, tmp_path: Path, dtype: str, s1, s2, cores: int,
                                                     launch: str) -> None:
    rng = np.random.default_rng(abs(hash((dtype, tuple(s1)))) % 2**32)
    a, _ = operands(dtype, s1, rng)
    _, b = operands(dtype, s2, rng)
    b = b.reshape(s2)
    got, _ = run_kernel(kernel_exe, tmp_path, dtype, a, b, cores, launch)
    reference = reference64(a, b)
    bb = np.broadcast_to(b, reference.shape).astype(np.float64)
    error = np.abs(got.astype(np.float64) - reference)
    assert np.all(error <= ulp_at(bb, dtype)), float(np.max(error / ulp_at(bb, dtype)))
    in_range = (np.abs(got.astype(np.float64)) < np.abs(bb)) & ((got.astype(np.float64) == 0) | ((got < 0) == (bb < 0)))
    assert np.all(in_range)
    floor_mod_golden_bits = floor_mod_golden.remainder(a, b, dtype)
    assert got.tobytes() == floor_mod_golden_bits.tobytes()


@pytest.mark.parametrize("dtype", list(MANTISSA_BITS))
def test_the_data_defeats_the_div_floor_mul_sub_formula(dtype: str) -> None:
    """The cases above would fail a kernel computing a - floor(a / b) * b in FP32 (the TBE formula)."""
    a, b = operands(dtype, [4000], np.random.default_rng(3))
    x, y = a.astype(np.float32), b.astype(np.float32)
    with np.errstate(all="ignore"):
        naive = (x - np.floor(x / y) * y).astype(floor_mod_golden.storage_dtype(dtype)).astype(np.float64)
    assert np.median(np.abs(x.astype(np.float64) / y)) > (1e5 if dtype == "float16" else 1e12)
    wrong = np.abs(naive - reference64(a, b)) > ulp_at(b, dtype)
    assert wrong.mean() > 0.5


@pytest.mark.parametrize("dtype", ["float32", "bfloat16", "float16"])
def test_random_bit_patterns_are_bit_exact(kernel_exe: Path, tmp_path: Path, dtype: str) -> None:
    """Every class of value at once: subnormal divisors and dividends, zeros, infinities, NaNs, gaps of any size."""
    rng = np.random.default_rng(17)
    width = {"float32": np.uint32, "bfloat16": np.uint16, "float16": np.uint16}[dtype]
    bits = lambda n: rng.integers(0, np.iinfo(width).max, n, dtype=np.uint64, endpoint=True).astype(width)
    storage = floor_mod_golden.storage_dtype(dtype)
    a = bits(6000).view(storage)
    b = bits(6000).view(storage)
    subnormal = (np.arange(6000) % 5 == 0)
    b[subnormal] = (bits(int(subnormal.sum())) & (0x7FFFFF if width == np.uint32 else 0x3FF if dtype == "float16"
                                                   else 0x7F)).view(storage)
    got, _ = run_kernel(kernel_exe, tmp_path, dtype, a, b, 1, "sequential")
    expected = floor_mod_golden.remainder(a, b, dtype)
    nan = np.isnan(got.astype(np.float64)) & np.isnan(expected.astype(np.float64))
    same = (got.view(width) == expected.view(width)) | nan
    assert same.all(), [(a[i], b[i], got[i], expected[i]) for i in np.flatnonzero(~same)[:5]]
