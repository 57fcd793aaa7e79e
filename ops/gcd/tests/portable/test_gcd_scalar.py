# ----------------------------------------------------------------------------------------------------------------------
# Copyright (c) 2026 op-migrate contributors.
# This program is free software, you can redistribute it and/or modify it under the terms and conditions of
# CANN Open Software License Agreement Version 2.0 (the "License").
# Please refer to the License for details. You may not use this file except in compliance with the License.
# THIS SOFTWARE IS PROVIDED ON AN "AS IS" BASIS, WITHOUT WARRANTIES OF ANY KIND, EITHER EXPRESS OR IMPLIED,
# INCLUDING BUT NOT LIMITED TO NON-INFRINGEMENT, MERCHANTABILITY, OR FITNESS FOR A PARTICULAR PURPOSE.
# See LICENSE in the root of the software repository for the full text of the License.
# ----------------------------------------------------------------------------------------------------------------------
"""Scalar gcd of gcd_core.h (exact path, and the kernel's masked vector Euclids at their trip bounds) against the golden."""

from __future__ import annotations

import math
from pathlib import Path

import ml_dtypes
import numpy as np
import pytest

import gcd_golden

HERE = Path(__file__).resolve().parent
DRIVER = HERE / "cpp" / "scalar_gcd_driver.cpp"
FLOAT_VIEWS = {
    "fp32": (np.float32, np.uint32),
    "fp16": (np.float16, np.uint16),
    "bf16": (ml_dtypes.bfloat16, np.uint16),
}


@pytest.fixture(scope="module")
def driver(gxx):
    exe = gxx.build([DRIVER], name="gcd_scalar_driver")
    return lambda *args, data: np.frombuffer(
        gxx.run(exe, args, stdin=np.ascontiguousarray(data).tobytes()).stdout, dtype=data.dtype
    ).reshape(-1, 2)


def _run_int(driver, dtype: str, x: np.ndarray, y: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    pairs = np.stack([x.astype(np.int32), y.astype(np.int32)], axis=1)
    out = driver("int", dtype, data=pairs)
    return out[:, 0].astype(x.dtype), out[:, 1].astype(x.dtype)


def _all_pairs(dtype) -> tuple[np.ndarray, np.ndarray]:
    info = np.iinfo(dtype)
    values = np.arange(info.min, info.max + 1).astype(dtype)
    return np.repeat(values, values.size), np.tile(values, values.size)


def test_golden_follows_the_torch_loop_for_minimum_values():
    # Hand-traced through ATen's calc_gcd in int8: abs(-128) stays -128 and % truncates toward zero.
    x = np.array([-128, -128, 0, -128, -128, -128, -128, 6], np.int8)
    y = np.array([6, 0, -128, -128, 3, 96, 64, -128], np.int8)
    assert gcd_golden.torch_int_gcd(x, y).tolist() == [-2, -128, -128, -128, 1, -32, 64, -2]
    assert gcd_golden.torch_int_gcd(np.array([-32768], np.int16), np.array([0], np.int16)).tolist() == [-32768]


@pytest.mark.parametrize("dtype", ["int8", "uint8"])
def test_every_8bit_pair_matches_golden_and_math_gcd(driver, dtype):
    x, y = _all_pairs(np.dtype(dtype))
    exact, vector = _run_int(driver, dtype, x, y)
    expected = gcd_golden.torch_int_gcd(x, y)
    np.testing.assert_array_equal(exact, expected)
    np.testing.assert_array_equal(vector, expected)
    plain = (x.astype(np.int64) != -128) & (y.astype(np.int64) != -128)
    reference = np.array([math.gcd(int(a), int(b)) for a, b in zip(x[plain], y[plain])])
    np.testing.assert_array_equal(exact[plain].astype(np.int64), reference)


def _fibonacci_pairs(limit: int) -> list[tuple[int, int]]:
    f1, f2, pairs = 1, 2, []
    while f2 <= limit:
        pairs += [(f1, f2), (f2, f1), (-f1, f2), (f2, -f1)]
        f1, f2 = f2, f1 + f2
    return pairs


def test_int16_random_and_edge_pairs(driver):
    rng = np.random.default_rng(16)
    x = rng.integers(-32768, 32768, 200_000).astype(np.int16)
    y = rng.integers(-32768, 32768, 200_000).astype(np.int16)
    edges = [(-32768, 0), (0, -32768), (-32768, -32768), (-32768, 6), (-32768, 32767), (0, 0), (1, -1), (32767, 32767)]
    edges += _fibonacci_pairs(32767)  # the truncating Euclid's worst cases
    x = np.concatenate([x, np.array([a for a, _ in edges], np.int16)])
    y = np.concatenate([y, np.array([b for _, b in edges], np.int16)])
    exact, vector = _run_int(driver, "int16", x, y)
    expected = gcd_golden.torch_int_gcd(x, y)
    np.testing.assert_array_equal(exact, expected)
    np.testing.assert_array_equal(vector, expected)
    plain = (x != -32768) & (y != -32768)
    sample = np.flatnonzero(plain)[:5000]
    assert [int(v) for v in exact[sample]] == [math.gcd(int(x[i]), int(y[i])) for i in sample]


def test_int32_random_and_edge_pairs(driver):
    # Small magnitudes run the fp32 vector Euclid, 2^22 and above the exact scalar path: both against the golden.
    rng = np.random.default_rng(32)
    small = rng.integers(-(2**22) + 1, 2**22, (2, 100_000))
    full = rng.integers(-(2**31), 2**31, (2, 100_000))
    low, high = -(2**31), 2**31 - 1
    edges = [(low, 0), (0, low), (low, low), (low, 6), (low, high), (high, high), (2**22 - 1, 2**22), (0, 0), (1, -1)]
    edges += _fibonacci_pairs(2**22 - 1) + _fibonacci_pairs(high)
    x = np.concatenate([small[0], full[0], [a for a, _ in edges]]).astype(np.int32)
    y = np.concatenate([small[1], full[1], [b for _, b in edges]]).astype(np.int32)
    exact, vector = _run_int(driver, "int32", x, y)
    expected = gcd_golden.torch_int_gcd(x, y)
    np.testing.assert_array_equal(exact, expected)
    np.testing.assert_array_equal(vector, expected)
    plain = (x != low) & (y != low)
    sample = np.flatnonzero(plain)[::40]
    assert [int(v) for v in exact[sample]] == [math.gcd(int(x[i]), int(y[i])) for i in sample]
    assert exact[(x == low) & (y == 0)].tolist() == [low]  # abs(INT32_MIN) wraps: torch gives INT32_MIN


def test_int64_random_and_edge_pairs(gxx):
    exe = gxx.build([DRIVER], name="gcd_scalar_driver")
    rng = np.random.default_rng(64)
    low, high = np.iinfo(np.int64).min, np.iinfo(np.int64).max
    x = rng.integers(low, high, 50_000, dtype=np.int64, endpoint=True)
    y = rng.integers(low, high, 50_000, dtype=np.int64, endpoint=True)
    y[::3] = x[::3] // rng.integers(1, 1000, y[::3].size)  # common factors
    edges = [(low, 0), (0, low), (low, low), (low, 6), (low, high), (high, high), (low, 2**62), (0, 0), (1, -1)]
    edges += _fibonacci_pairs(2**62)
    x = np.concatenate([x, np.array([a for a, _ in edges], np.int64)])
    y = np.concatenate([y, np.array([b for _, b in edges], np.int64)])
    pairs = np.stack([x, y], axis=1)
    got = np.frombuffer(gxx.run(exe, ["int64", "exact"], stdin=pairs.tobytes()).stdout, dtype=np.int64)
    np.testing.assert_array_equal(got, gcd_golden.torch_int_gcd(x, y))
    plain = (x != low) & (y != low)
    sample = np.flatnonzero(plain)[::25]
    assert [int(v) for v in got[sample]] == [math.gcd(int(x[i]), int(y[i])) for i in sample]
    assert got[-len(edges) :][:4].tolist() == [low, low, low, -2]  # abs(INT64_MIN) wraps, % truncates


def _float_cases(name: str, rng: np.random.Generator) -> tuple[np.ndarray, np.ndarray]:
    ftype, utype = FLOAT_VIEWS[name]
    n = 100_000
    bits = rng.integers(0, np.iinfo(utype).max + 1, size=(2, n), dtype=np.uint64).astype(utype)
    ints = rng.integers(-5000, 5000, size=(2, n)).astype(ftype)
    fractions = (rng.uniform(-300, 300, size=(2, n))).astype(ftype)
    max_shift = 5 if name == "fp16" else 40
    big = (rng.integers(1, 2**11, size=(2, n)) * 2.0 ** rng.integers(0, max_shift, size=(2, n))).astype(ftype)
    special = np.array([0.0, -0.0, 0.5, -0.99, 1.0, -1.0, 2.5, np.inf, -np.inf, np.nan, 2**8 + 2, 2**11 + 2,
                        2**22, 2**22 + 4, 2**24, 3 * 2**30, float(np.finfo(ftype).max), float(np.finfo(ftype).tiny)])
    finite_max = float(np.finfo(ftype).max)
    special = special[~(np.abs(special) > finite_max) | ~np.isfinite(special)].astype(ftype)
    sx, sy = np.repeat(special, special.size), np.tile(special, special.size)
    x = np.concatenate([bits[0].view(ftype), ints[0], fractions[0], big[0], sx])
    y = np.concatenate([bits[1].view(ftype), ints[1], fractions[1], big[1], sy])
    return x, y


@pytest.mark.parametrize("name", sorted(FLOAT_VIEWS))
def test_float_pairs_match_golden_bit_for_bit(driver, name):
    ftype, utype = FLOAT_VIEWS[name]
    x, y = _float_cases(name, np.random.default_rng(len(name) + 7))
    pairs = np.stack([x.view(utype).astype(np.uint32), y.view(utype).astype(np.uint32)], axis=1)
    out = driver("float", name, data=pairs)
    expected = gcd_golden.float_gcd(x, y)
    nan = _is_nan_bits(expected.view(utype), name)
    expected_bits = expected.view(utype).astype(np.uint32)
    for column in (0, 1):  # exact path, then the vector path
        assert np.array_equal(_is_nan_bits(out[:, column].astype(utype), name), nan)
        np.testing.assert_array_equal(out[~nan, column], expected_bits[~nan])
    assert nan.sum() > 0 and (~nan).sum() > 0


def _is_nan_bits(bits: np.ndarray, name: str) -> np.ndarray:
    exp_mask, mant_mask = {"fp32": (0x7F800000, 0x7FFFFF), "fp16": (0x7C00, 0x3FF), "bf16": (0x7F80, 0x7F)}[name]
    wide = bits.astype(np.uint32)
    return ((wide & exp_mask) == exp_mask) & ((wide & mant_mask) != 0)


def test_float_golden_agrees_with_math_gcd_on_truncated_values():
    x = np.array([3e38, -2.9, 1e30, 0.4, 12.0, -7.5], np.float32)
    y = np.array([1e38, 4.2, 6e29, 9.0, -18.0, 0.0], np.float32)
    got = gcd_golden.float_gcd(x, y)
    for a, b, g in zip(x, y, got):
        assert int(g) == math.gcd(int(np.trunc(np.float64(a))), int(np.trunc(np.float64(b))))


@pytest.mark.parametrize(
    ("name", "x", "y", "expected"),
    [
        ("bf16", 257.0, 6.0, 2.0),  # bf16 holds no 257: the operand already is 256, gcd(256, 6) = 2
        ("bf16", 3 * 2.0**100, 2.0**90, 2.0**90),  # far above 2^8: exact, and representable
        ("fp16", 2049.0, 3.0, 1.0),  # fp16 rounds 2049 to 2048 on input: gcd(2048, 3) = 1
        ("fp16", 65504.0, 32752.0, 32752.0),  # the fp16 maximum is 2047 * 2^5, and 2047 * 2^4 divides it
        ("fp32", -7.9, 5.99, 1.0),  # truncation toward zero: gcd(7, 5)
        ("fp32", 0.75, -0.0, 0.0),  # both truncate to 0: gcd(0, 0) = +0
        ("fp32", np.inf, 4.0, np.nan),
        ("fp32", np.nan, 0.0, np.nan),
    ],
)
def test_documented_float_semantics(driver, name, x, y, expected):
    ftype, utype = FLOAT_VIEWS[name]
    xs, ys = np.array([x], ftype), np.array([y], ftype)
    golden = gcd_golden.float_gcd(xs, ys)
    pairs = np.stack([xs.view(utype).astype(np.uint32), ys.view(utype).astype(np.uint32)], axis=1)
    out = driver("float", name, data=pairs)
    for got in (golden, out[:, 0].astype(utype).view(ftype), out[:, 1].astype(utype).view(ftype)):
        value = float(got[0])
        assert (np.isnan(value) and np.isnan(expected)) or (value == expected and not np.signbit(value))


def _euclid_trips(a: int, b: int) -> int:
    trips = 0
    while a:
        a, b = b % a, a
        trips += 1
    return trips


def _bounds(driver, kind: str, magnitudes: list[int]) -> list[int]:
    data = np.array([[m, 0] for m in magnitudes], np.uint32)
    return [int(v) for v in driver("bound", kind, data=data)[:, 0]]


def test_truncating_trip_bound_covers_every_pair_up_to_the_tiles_largest_operand(driver):
    # int8 / int16 tiles with the dtype minimum run TruncatingEuclidIterations(largest operand of the tile) trips:
    # exhaustive up to 400, then the consecutive Fibonacci pairs (Euclid's worst cases) up to 32768.
    worst, limits = 0, []
    for m in range(0, 401):
        worst = max([worst] + [_euclid_trips(a, m) for a in range(m + 1)] + [_euclid_trips(m, a) for a in range(m + 1)])
        limits.append((m, worst))
    f1, f2 = 1, 2
    while f2 <= 32768:
        limits.append((f2, max(_euclid_trips(f1, f2), _euclid_trips(f2, f1))))
        f1, f2 = f2, f1 + f2
    bounds = _bounds(driver, "truncating", [m for m, _ in limits])
    for (m, needed), bound in zip(limits, bounds):
        assert needed <= bound, f"magnitude {m} needs {needed} trips, the bound gives {bound}"
    assert all(needed == bound for (m, needed), bound in zip(limits[:401], bounds[:401])), "and it is tight"


def _nearest_trips(a: np.ndarray, b: np.ndarray, ulp: int, cap: int) -> np.ndarray:
    """Trips the kernel's nearest-quotient Euclid takes until a == 0, lane by lane in fp32, with every quotient
    moved `ulp` (-1, 0, 1) ulps as the device's Div may; a lane not done after `cap` trips counts cap + 1."""
    a, b = a.astype(np.float32), b.astype(np.float32)
    trips = np.zeros(a.shape, np.int64)
    for _ in range(cap + 1):
        live = a != 0
        trips += live
        divisor = np.where(live, a, np.float32(1))
        quotient = b / divisor
        if ulp:
            moved = np.nextafter(quotient, np.float32(np.inf if ulp > 0 else -np.inf))
            quotient = np.where(quotient != 0, moved, quotient)
        remainder = b - np.rint(quotient) * divisor
        a, b = np.where(live, remainder, a), np.where(live, a, b)
    return trips


@pytest.mark.parametrize("ulp", [0, -1, 1], ids=["div-exact", "div-ulp-low", "div-ulp-high"])
def test_nearest_trip_bound_covers_every_pair_and_near_ties_with_the_division_one_ulp_off(driver, ulp):
    """EuclidIterations(M) = ceil(log2 M) + 1: every pair up to 400 both ways, and pairs whose quotient lies next to
    a tie (odd a, b = k a + (a +- 1) / 2) up to 2^22, where a quotient one ulp off can round the other way."""
    values = np.arange(0, 401)
    a, b = np.repeat(values, values.size), np.tile(values, values.size)
    rng = np.random.default_rng(22)
    odd = rng.integers(1, 2**11, 4000) * 2 + 1
    high = rng.integers(2**21, 2**22, 4000)
    near = (high // odd) * odd + (odd + rng.choice([-1, 1], 4000)) // 2
    keep = near < 2**22
    a = np.concatenate([a, odd[keep], [2**22 - 1, 2**21 + 1, 3]])
    b = np.concatenate([b, near[keep], [2**22 - 2, 2**22 - 1, 2**22 - 2]])
    largest = np.maximum(a, b)
    bound_of = dict(zip(np.unique(largest).tolist(), _bounds(driver, "nearest", np.unique(largest).tolist())))
    bounds = np.array([bound_of[m] for m in largest.tolist()])
    trips = _nearest_trips(a, b, ulp, int(bounds.max()))
    over = np.flatnonzero(trips > bounds)
    assert over.size == 0, f"{over.size} pairs need more trips than the bound, e.g. {a[over[0]]}, {b[over[0]]}"
    assert _bounds(driver, "nearest", [0, 1, 2, 3, 4, 32768, 2**22]) == [0, 1, 2, 3, 3, 16, 23]


@pytest.fixture(scope="module", params=[-1, 1], ids=["div-ulp-low", "div-ulp-high"])
def driver_ulp(request, gxx):
    """The scalar lane with every fp32 quotient one ulp below / above IEEE."""
    exe = gxx.build([DRIVER], defines=[f"GCD_DIV_ULP={request.param}"],
                    name=f"gcd_scalar_driver_div_ulp_{'low' if request.param < 0 else 'high'}")
    return lambda *args, data: np.frombuffer(
        gxx.run(exe, args, stdin=np.ascontiguousarray(data).tobytes()).stdout, dtype=data.dtype
    ).reshape(-1, 2)


@pytest.mark.parametrize("dtype", ["int8", "uint8"])
def test_every_8bit_pair_survives_a_quotient_one_ulp_off(driver_ulp, dtype):
    """The kernel's lane at its trip bound stays exact when every division is one ulp off."""
    x, y = _all_pairs(np.dtype(dtype))
    _, vector = _run_int(driver_ulp, dtype, x, y)
    np.testing.assert_array_equal(vector, gcd_golden.torch_int_gcd(x, y))


def test_fibonacci_and_edge_pairs_survive_a_quotient_one_ulp_off(driver_ulp):
    """int32 below 2^22 (the vector path): consecutive Fibonacci numbers and the dtype's edges."""
    pairs = _fibonacci_pairs(2**22 - 1)
    edges = [0, 1, 2, 3, 2**22 - 1, 2**22 - 2, -(2**22 - 1), 2**21, 3 * 2**20, 1048573]
    pairs += [(a, b) for a in edges for b in edges]
    x = np.array([a for a, _ in pairs], np.int32)
    y = np.array([b for _, b in pairs], np.int32)
    _, vector = _run_int(driver_ulp, "int32", x, y)
    np.testing.assert_array_equal(vector, gcd_golden.torch_int_gcd(x, y))
