# ----------------------------------------------------------------------------------------------------------------------
# Copyright (c) 2026 op-migrate contributors.
# This program is free software, you can redistribute it and/or modify it under the terms and conditions of
# CANN Open Software License Agreement Version 2.0 (the "License").
# Please refer to the License for details. You may not use this file except in compliance with the License.
# THIS SOFTWARE IS PROVIDED ON AN "AS IS" BASIS, WITHOUT WARRANTIES OF ANY KIND, EITHER EXPRESS OR IMPLIED,
# INCLUDING BUT NOT LIMITED TO NON-INFRINGEMENT, MERCHANTABILITY, OR FITNESS FOR A PARTICULAR PURPOSE.
# See LICENSE in the root of the software repository for the full text of the License.
# ----------------------------------------------------------------------------------------------------------------------
"""The cheap remainder of FLOAT16 / BFLOAT16 / FLOAT tiles (op_kernel/floor_mod_fast.h, RemainderMath::FastVerdict and
Fast): the formula against torch.remainder on every FLOAT16 and BFLOAT16 pair (fast_check.cpp; the default run takes
every 17th dividend pattern against every divisor, OP_MIGRATE_FLOOR_MOD_EXHAUSTIVE=1 all 2^32 pairs) and FLOAT's edges
and random pairs (FLOAT's split two-pass path: adversarial pairs where its proof is tight), with the vector Div exact
and one ulp off either way; then the kernel on the CPU model: tiles that
qualify take it (vector calls counted), one lane that does not sends its tile to the exact path, a Div one ulp off
changes no result, and the vector work per 1k outputs stays within 1.2x the community kernel's."""

from __future__ import annotations

import os
from pathlib import Path

import numpy as np
import pytest

import floor_mod_golden
from test_floor_mod_kernel import assert_exact, run_kernel

HERE = Path(__file__).resolve().parent
OP = HERE.parents[1]
EXHAUSTIVE = os.environ.get("OP_MIGRATE_FLOOR_MOD_EXHAUSTIVE") == "1"
FLOATS = ["float16", "bfloat16", "float32"]


@pytest.fixture(scope="module")
def fast_check(gxx) -> Path:
    return gxx.build([HERE / "fast_check.cpp"], include_dirs=[OP / "op_kernel"], name="floor_mod_fast_check",
                     extra_flags=["-ffp-contract=off"])


def run_check(exe: Path, *args) -> dict:
    import subprocess

    done = subprocess.run([str(exe), *map(str, args)], capture_output=True, text=True, timeout=1800)
    assert done.returncode == 0, done.stderr
    words = done.stdout.split()
    result = dict(zip(words[:8:2], map(int, words[1:8:2])))
    assert result["mismatches"] == 0, done.stdout  # "first <a> <b> <got> <want>" bit patterns
    return result


@pytest.mark.slow
@pytest.mark.parametrize("ulp", [0, -1, 1])
@pytest.mark.parametrize("dtype", ["fp16", "bf16"])
def test_formula_is_torch_on_every_16_bit_pair(fast_check: Path, dtype: str, ulp: int) -> None:
    stride = 1 if EXHAUSTIVE else 17
    result = run_check(fast_check, dtype, ulp, stride)
    # Most pairs qualify: a tile of ordinary data takes the cheap path (all pairs: 3.35e9 FLOAT16, 1.93e9 BFLOAT16).
    assert result["checked"] > (0.75 if dtype == "fp16" else 0.42) * 2**32 / stride


@pytest.mark.parametrize("ulp", [0, -1, 1])
def test_formula_is_torch_on_float_edges_and_random_pairs(fast_check: Path, ulp: int) -> None:
    result = run_check(fast_check, "fp32", ulp, 4_000_000 if EXHAUSTIVE else 300_000)
    assert result["checked"] > 100_000 and result["nan"] > 0
    # FLOAT's split two-pass lanes (24-bit and subnormal divisors, quotients up to 2^24; fast_check.cpp Split)
    assert result["twopass"] > 1_000_000


# ----- the kernel on the CPU model -------------------------------------------------------------------------------------

# Vector calls of one tile on the cheap path (floor_mod.h ComputeTile): FastVerdict (Div, Abs, CompareScalar, Abs,
# CompareScalar, Or, CompareScalar; FLOAT adds ShiftLeft, CompareScalar, Not, Or; Cast, Muls, Max, ReduceMax: both masks
# in one reduction), Fast (Cast, Mul, Sub, CompareScalar; MIXED adds CompareScalar, And, Not, And, Or; then Muls,
# Select, Sub: (fold ? b : a * 0) - t) and, FLOAT16 / BFLOAT16, the two input Casts and the output Cast. A tile whose
# lanes end inside a 64-lane repeat clears the lanes past its end from the verdict's masks: PARTIAL_TILE_CALLS more
# (CreateVecIndex, CompareScalar, And, And).
FAST_CALLS = {
    ("float32", "positive"): 15 + 7,
    ("float32", "mixed"): 15 + 12,
    ("float16", "positive"): 11 + 7 + 3,
    ("float16", "mixed"): 11 + 12 + 3,
    ("bfloat16", "positive"): 11 + 7 + 3,
    ("bfloat16", "mixed"): 11 + 12 + 3,
}
PARTIAL_TILE_CALLS = 4


def toward_zero(x: np.ndarray) -> np.ndarray:
    """The neighbour of each non-zero value one ulp closer to 0 (its bit pattern less one), in x's own dtype."""
    bits = x.view(np.dtype(f"u{x.dtype.itemsize}")).copy()
    bits[(x != 0) & np.isfinite(x.astype(np.float64))] -= 1
    return bits.view(x.dtype)


def qualifying(dtype: str, signs: str, n: int, rng: np.random.Generator) -> tuple[np.ndarray, np.ndarray]:
    """Operands every lane of which qualifies: divisors of 8 significant bits (FLOAT's rule), dividends of full
    precision, quotients up to 500 (FLOAT16) or 2000 in magnitude, and the lanes where the formula is delicate: exact
    multiples (a zero with a's sign), dividends one ulp inside a multiple (q one too many, folded), a = +-0, subnormal
    dividends, 0 / 0 and NaN operands (NaN, riding along)."""
    storage = floor_mod_golden.storage_dtype(dtype)
    low, high, most = (-10, -2, 500) if dtype == "float16" else (-12, 4, 2000)
    b = np.ldexp(rng.integers(128, 256, n), rng.integers(low, high, n)).astype(np.float64)
    if signs == "mixed":
        b *= rng.choice([-1.0, 1.0], n)
    b = b.astype(storage)
    bf = b.astype(np.float64)
    q = rng.uniform(-most, most, n)
    a = (q * bf).astype(storage)
    a[::5] = (np.rint(q[::5]) * bf[::5]).astype(storage)                  # exact multiples
    a[1::5] = toward_zero((np.rint(q[1::5]) * bf[1::5]).astype(storage))  # just inside a multiple
    a[2::97] = np.array([0.0, -0.0], dtype=storage)[rng.integers(0, 2, len(a[2::97]))]
    if dtype != "float16":
        a[3::89] = (1e-40 * rng.choice([-1.0, 1.0], len(a[3::89]))).astype(storage)
    a[4::101] = np.array(np.nan, dtype=storage)
    zero_by_zero = slice(6, None, 103)
    a[zero_by_zero] = 0
    b[zero_by_zero] = 0
    b[7::107] = np.array(np.nan, dtype=storage)
    return a, b


def calls_and_tiles(kernel_exe: Path, tmp: Path, dtype: str, a, b) -> tuple[np.ndarray, int, int]:
    got, info = run_kernel(kernel_exe, tmp, dtype, a, b, 1, "sequential", counters=True)
    assert_exact(got, floor_mod_golden.remainder(a, b, dtype))
    return got, info["counters"]["vector_calls"], info["dma_out"]


@pytest.mark.parametrize("signs", ["positive", "mixed"])
@pytest.mark.parametrize("dtype", FLOATS)
def test_qualifying_tiles_take_the_cheap_path_bit_exactly(kernel_exe: Path, tmp_path: Path, dtype: str,
                                                          signs: str) -> None:
    rng = np.random.default_rng(31)
    a, b = qualifying(dtype, signs, 9_001, rng)  # several tiles, the last one ending inside a repeat
    _, calls, tiles = calls_and_tiles(kernel_exe, tmp_path, dtype, a, b)
    assert tiles >= 2
    assert calls == tiles * FAST_CALLS[(dtype, signs)] + PARTIAL_TILE_CALLS


# (a, b) of the lane that disqualifies the tile, None where the dtype cannot hold it.
DISQUALIFIERS = {
    "infinite divisor": lambda dtype: (1.0, np.inf),
    "quotient at the two-pass threshold": lambda dtype: {"float16": (32768.0, 2.0**-10), "bfloat16": (2.0**31, 1.0),
                                                          "float32": (2.0**24, 1.0)}[dtype],
    "FLOAT quotient at the two-pass threshold, 24-bit divisor": lambda dtype: (
        (2.0**24 * 1.2345678, 1.2345678) if dtype == "float32" else None),
    "divisor of 2^100": lambda dtype: None if dtype == "float16" else (2.0**101, 2.0**100),
    "infinite dividend": lambda dtype: (-np.inf, 3.0),
    "zero divisor": lambda dtype: (5.0, -0.0),
}


@pytest.mark.parametrize("why", list(DISQUALIFIERS))
@pytest.mark.parametrize("dtype", FLOATS)
def test_one_lane_sends_its_tile_to_the_exact_path(kernel_exe: Path, tmp_path: Path, dtype: str, why: str) -> None:
    lane = DISQUALIFIERS[why](dtype)
    if lane is None:
        pytest.skip(f"{dtype} has no such value")
    storage = floor_mod_golden.storage_dtype(dtype)
    rng = np.random.default_rng(37)
    a, b = qualifying(dtype, "positive", 2_048, rng)  # one tile, whole repeats
    _, fast_calls, tiles = calls_and_tiles(kernel_exe, tmp_path, dtype, a, b)
    assert tiles == 1 and fast_calls == FAST_CALLS[(dtype, "positive")]
    a[1234], b[1234] = storage.type(lane[0]), storage.type(lane[1])
    _, calls, _ = calls_and_tiles(kernel_exe, tmp_path, dtype, a, b)
    assert calls > fast_calls + 30  # the verdict, then the exact path's steps


# A tile with a lane at or above FastThreshold (or, FLOAT, a divisor of more than 8 significant bits): TwoPassVerdict
# (Abs, CompareScalar, Or, Cast, ReduceMax), then the first pass before Fast's own Mul, Sub: FLOAT16 / BFLOAT16
# ShiftRight, ShiftLeft, Mul, Sub, Div, Cast; FLOAT the split two-pass path (floor_mod_compute.h Split: Adds,
# ShiftRight, ShiftLeft for q1, ShiftRight, ShiftLeft for bh, Mul, Sub, Sub, Mul, Sub, Div, Cast, Mul, Sub, Sub, Mul,
# Add in place of Mul, Sub).
TWO_PASS_VERDICT_CALLS = 5
FIRST_PASS_CALLS = {"float16": 6, "bfloat16": 6, "float32": 15}
# FLOAT's verdict when the two-pass path alone is in question skips the divisor-bits test (ShiftLeft, CompareScalar,
# Not, Or): the split path takes any divisor.
TWO_PASS_ALONE_SAVES = {"float16": 0, "bfloat16": 0, "float32": 4}
# Lanes over FastThreshold and under TwoPassThreshold (floor_mod_fast.h): 2^13 and 2^25 (FLOAT16), 2^16 and 2^31
# (BFLOAT16), and for FLOAT below 2^24 any divisor: 24 significant bits, subnormal, 9 bits under 2^16.
TWO_PASS_LANES = {
    "float16": [(8192.0, 1.0), (65504.0, 2.0**-9), (-65504.0, 2.0**-9), (12345.0, -0.3), (100.0, 2.0**-14)],
    "bfloat16": [(65536.0, 1.0), (2.0**30 * 1.9921875, 1.0), (-(2.0**30), 0.75), (3.0e9, -1.5), (1.0e-30, 1.0e-38)],
    "float32": [(65536.0, 1.0), (2.0**23 * 1.9921875, 1.0), (-(2.0**22), 0.75), (3.0e6, -1.5),
                (1.0e-31, 1.5 * 2.0**-120), (16777215.0 * 0.1, 0.1), (-123456.789, 0.01), (1.0e-39, 3.0e-44),
                (100.0, 1.00390625), (-2.0**-110, 2.0**-126 * 1.9999999)],
}
TWO_PASS_LIMIT = {"float16": 2.0**25, "bfloat16": 2.0**31, "float32": 2.0**24}


@pytest.mark.parametrize("dtype", FLOATS)
def test_lanes_over_the_threshold_take_the_two_pass_path_bit_exactly(kernel_exe: Path, tmp_path: Path,
                                                                     dtype: str) -> None:
    storage = floor_mod_golden.storage_dtype(dtype)
    rng = np.random.default_rng(39)
    a, b = qualifying(dtype, "mixed", 2_048, rng)  # one tile, whole repeats
    lanes = 100 + 190 * np.arange(len(TWO_PASS_LANES[dtype]))
    for lane, (x, y) in zip(lanes, TWO_PASS_LANES[dtype]):
        a[lane], b[lane] = storage.type(x), storage.type(y)
    quotients = np.abs(a[lanes].astype(np.float64) / b[lanes].astype(np.float64))
    wide = (b[lanes].astype(np.float32).view(np.uint32) & 0xFFFF) != 0 if dtype == "float32" else False
    assert ((quotients >= (8192 if dtype == "float16" else 65536)) | wide).all()
    assert (quotients < TWO_PASS_LIMIT[dtype]).all()
    _, calls, tiles = calls_and_tiles(kernel_exe, tmp_path, dtype, a, b)
    assert tiles == 1 and calls == FAST_CALLS[(dtype, "mixed")] + TWO_PASS_VERDICT_CALLS + FIRST_PASS_CALLS[dtype]


def randn_operands(dtype: str, n: int, seed: int) -> tuple[np.ndarray, np.ndarray]:
    """bench_kernels' randn data: x1 = randn * 100, x2 = randn (FLOAT divisors of 24 significant bits)."""
    rng = np.random.default_rng(seed)
    storage = floor_mod_golden.storage_dtype(dtype)
    a, b = rng.standard_normal(n) * 100, rng.standard_normal(n)
    return a.astype(storage), b.astype(storage)


def two_pass_tiles_calls(kernel_exe: Path, tmp: Path, dtype: str, a, b) -> tuple[int, int]:
    """(calls, expected calls) of a one-core run whose tiles all take the two-pass path: every FAST_RETRY-th tile
    from the first asks both verdicts, the others the two-pass verdict alone (FastVerdict's calls); a last tile
    ending inside a repeat adds PARTIAL_TILE_CALLS (and TwoPassVerdict's And when it asks both)."""
    got, info = run_kernel(kernel_exe, tmp, dtype, a, b, 1, "sequential", counters=True)
    assert_exact(got, floor_mod_golden.remainder(a, b, dtype))
    tiles = info["dma_out"]
    assert tiles > FAST_RETRY
    both = -(-tiles // FAST_RETRY)
    partial = 0
    if (a.size - (tiles - 1) * info["tile"]) % 64:
        partial = PARTIAL_TILE_CALLS + (1 if (tiles - 1) % FAST_RETRY == 0 else 0)
    expected = (tiles * (FAST_CALLS[(dtype, "mixed")] + FIRST_PASS_CALLS[dtype]) + both * TWO_PASS_VERDICT_CALLS
                - (tiles - both) * TWO_PASS_ALONE_SAVES[dtype] + partial)
    return info["counters"]["vector_calls"], expected


@pytest.mark.parametrize("dtype", FLOATS)
def test_randn_tiles_take_the_two_pass_path_not_the_exact_one(kernel_exe: Path, tmp_path: Path, dtype: str) -> None:
    """Every tile of randn * 100 / randn data has lanes over FastThreshold (|b| near 0) and none over
    TwoPassThreshold: each pays the two-pass calls and no exact step, bit-exactly."""
    a, b = randn_operands(dtype, 40_017, 47)  # seed 45 holds a FLOAT lane with |a / b| = 2.3e7 (exact path)
    assert np.abs(a.astype(np.float64) / b.astype(np.float64)).max() < TWO_PASS_LIMIT[dtype]
    calls, expected = two_pass_tiles_calls(kernel_exe, tmp_path, dtype, a, b)
    assert calls == expected


@pytest.mark.parametrize("dtype", FLOATS)
def test_after_a_two_pass_tile_the_next_seven_ask_the_two_pass_verdict_alone(kernel_exe: Path, tmp_path: Path,
                                                                              dtype: str) -> None:
    """Ten tiles whose first holds a lane over FastThreshold: tile 1 pays both verdicts and the first pass, tiles
    2-8 the two-pass verdict and the first pass (their lanes all qualify for the cheap path, the two-pass path is
    exact on them too), tiles 9-10 the cheap path alone."""
    storage = floor_mod_golden.storage_dtype(dtype)
    rng = np.random.default_rng(44)
    probe_a, probe_b = qualifying(dtype, "mixed", 64, rng)
    _, probe = run_kernel(kernel_exe, tmp_path, dtype, np.tile(probe_a, 1000), np.tile(probe_b, 1000), 1, "sequential")
    a, b = qualifying(dtype, "mixed", probe["tile"], rng)
    _, fast, tiles = calls_and_tiles(kernel_exe, tmp_path, dtype, a, b)
    assert tiles == 1 and fast == FAST_CALLS[(dtype, "mixed")]
    big_a, big_b = a.copy(), b.copy()
    big_a[5], big_b[5] = storage.type(TWO_PASS_LANES[dtype][0][0]), storage.type(TWO_PASS_LANES[dtype][0][1])
    _, calls, tiles = calls_and_tiles(kernel_exe, tmp_path, dtype, np.concatenate([big_a] + [a] * 9),
                                      np.concatenate([big_b] + [b] * 9))
    assert tiles == 10
    first_pass = FIRST_PASS_CALLS[dtype]
    alone = fast + first_pass - TWO_PASS_ALONE_SAVES[dtype]
    assert calls == fast + TWO_PASS_VERDICT_CALLS + first_pass + (FAST_RETRY - 1) * alone + (10 - FAST_RETRY) * fast


# FastVerdict's calls (part of FAST_CALLS); FAST_RETRY: floor_mod_fast.h.
VERDICT_CALLS = {"float32": 15, "float16": 11, "bfloat16": 11}
FAST_RETRY = 8


@pytest.mark.parametrize("dtype", FLOATS)
def test_after_an_exact_tile_the_next_seven_skip_the_verdict(kernel_exe: Path, tmp_path: Path, dtype: str) -> None:
    """Ten tiles whose first holds an infinite divisor (a lane that takes no exact step: every tile's exact path is
    the same): tile 1 pays both verdicts and the exact path, tiles 2-8 the exact path alone, tiles 9-10 the verdict
    and the cheap path."""
    storage = floor_mod_golden.storage_dtype(dtype)
    rng = np.random.default_rng(43)
    probe_a, probe_b = qualifying(dtype, "positive", 64, rng)
    _, probe = run_kernel(kernel_exe, tmp_path, dtype, np.tile(probe_a, 1000), np.tile(probe_b, 1000), 1, "sequential")
    tile = probe["tile"]
    a, b = qualifying(dtype, "positive", tile, rng)
    _, fast, tiles = calls_and_tiles(kernel_exe, tmp_path, dtype, a, b)
    assert tiles == 1 and fast == FAST_CALLS[(dtype, "positive")]
    dirty_b = b.copy()
    dirty_b[5] = storage.type(np.inf)
    _, exact_with_verdict, _ = calls_and_tiles(kernel_exe, tmp_path, dtype, a, dirty_b)
    exact = exact_with_verdict - VERDICT_CALLS[dtype] - TWO_PASS_VERDICT_CALLS  # an unfit lane: both verdicts
    _, calls, tiles = calls_and_tiles(kernel_exe, tmp_path, dtype, np.tile(a, 10), np.concatenate([dirty_b] + [b] * 9))
    assert tiles == 10
    assert calls == exact_with_verdict + (FAST_RETRY - 1) * exact + (10 - FAST_RETRY) * fast


@pytest.fixture(scope="module", params=[-1, 1], ids=["div-ulp-down", "div-ulp-up"])
def kernel_div_ulp(request, cpu_model) -> Path:
    """The kernel on a CPU model whose vector Div returns every finite non-zero quotient one ulp off."""
    return cpu_model.build_kernel([HERE / "kernel_main.cpp"], include_dirs=[OP / "op_kernel", OP / "op_host"],
                                  defines=[f"CPU_MODEL_DIV_ULP={request.param}"],
                                  name=f"floor_mod_kernel_div_ulp_{'up' if request.param > 0 else 'down'}")


@pytest.mark.slow
@pytest.mark.parametrize("dtype", FLOATS)
def test_a_division_one_ulp_off_changes_no_result(kernel_div_ulp: Path, tmp_path: Path, dtype: str) -> None:
    rng = np.random.default_rng(41)
    a, b = qualifying(dtype, "mixed", 6_000, rng)
    _, calls, tiles = calls_and_tiles(kernel_div_ulp, tmp_path, dtype, a, b)
    # still the cheap path, still torch's result
    assert calls == tiles * FAST_CALLS[(dtype, "mixed")] + PARTIAL_TILE_CALLS
    a, b = randn_operands(dtype, 40_000, 47)
    calls, expected = two_pass_tiles_calls(kernel_div_ulp, tmp_path, dtype, a, b)
    assert calls == expected


# The community kernel's vector repeats per 1k outputs on the benchmark's 'bench' data (quarters: x1 in [-100, 100),
# x2 in [0.25, 10)), pre-broadcast, HIGH_PRECISION=1 (tests/perf/bench_kernels.py, its ComputeFPCore: Div, Floor,
# Mul, Sub and three Compare/Select corrections).
COMMUNITY_REPEATS_PER_1K = {"float16": 268, "bfloat16": 268, "float32": 237}


@pytest.mark.parametrize("dtype", FLOATS)
def test_vector_work_per_1k_outputs_within_1_2x_the_community_kernel(kernel_exe: Path, tmp_path: Path,
                                                                      dtype: str) -> None:
    storage = floor_mod_golden.storage_dtype(dtype)
    rng = np.random.default_rng(7)
    x1 = (rng.integers(-400, 400, size=(64, 1, 64)) / 4).astype(storage)   # the benchmark's data and broadcast
    x2 = (rng.integers(1, 40, size=(1, 64, 64)) / 4).astype(storage)
    got, info = run_kernel(kernel_exe, tmp_path, dtype, x1, x2, 1, "sequential", counters=True)
    assert_exact(got, floor_mod_golden.remainder(x1, x2, dtype))
    per_1k = info["counters"]["vector_repeats"] * 1000 / got.size
    assert per_1k <= 1.2 * COMMUNITY_REPEATS_PER_1K[dtype], per_1k


# ----- a dividend constant across rows, rows of one 64-lane repeat -------------------------------------------------


def row_operands(dtype: str, lanes: int, data: str, seed: int) -> tuple[np.ndarray, np.ndarray]:
    """x1 [48, 1, lanes] broadcast over x2 [1, 40, lanes] (the seed's pattern): the bench's data, randn * 100 / randn,
    or the bench's data with one infinite divisor (its tiles take the exact path)."""
    storage = floor_mod_golden.storage_dtype(dtype)
    rng = np.random.default_rng(seed)
    if data == "randn":
        return ((rng.standard_normal((48, 1, lanes)) * 100).astype(storage),
                rng.standard_normal((1, 40, lanes)).astype(storage))
    x1 = (rng.integers(-400, 400, size=(48, 1, lanes)) / 4).astype(storage)
    x2 = (rng.integers(1, 40, size=(1, 40, lanes)) / 4).astype(storage)
    if data == "exact":
        x2[0, 3, 5] = np.inf
    return x1, x2


def replications(info: dict, dtype: str, data: str) -> int:
    """ReplicateRow's bit copies (Adds of the dtype's 16- or 32-bit lanes) of a run on bench or randn data: its Adds
    calls of that width less the split two-pass path's one per tile (FLOAT randn data: every tile). (The exact path
    has Adds of its own.)"""
    key = "Adds.int32" if dtype == "float32" else "Adds.int16"
    adds = info["counters"]["vector_by_api"].get(key, {"calls": 0})["calls"]
    return adds - (info["dma_out"] if dtype == "float32" and data == "randn" else 0)


@pytest.mark.parametrize("data", ["bench", "randn", "exact"])
@pytest.mark.parametrize("dtype", FLOATS)
def test_a_dividend_row_of_one_repeat_is_read_in_place(kernel_exe: Path, tmp_path: Path, dtype: str,
                                                       data: str) -> None:
    """Rows of 64 lanes: FLOAT's cheap and two-pass paths read x1's row with a source repeat stride of 0 (no
    ReplicateRow copy; its exact path replicates the row first), FLOAT16 / BFLOAT16 cast it to FP32 that way (every
    path reads the FP32 copy); rows of 32 lanes are replicated as before. Bit-exact throughout."""
    x1, x2 = row_operands(dtype, 64, data, 53)
    got, info = run_kernel(kernel_exe, tmp_path, dtype, x1, x2, 1, "sequential", counters=True)
    assert_exact(got, floor_mod_golden.remainder(x1, x2, dtype))
    if dtype != "float32" or data != "exact":  # FLOAT's exact path replicates the row (its Adds are not told apart)
        assert replications(info, dtype, data) == 0
    x1, x2 = row_operands(dtype, 32, data, 53)
    got, info = run_kernel(kernel_exe, tmp_path, dtype, x1, x2, 1, "sequential", counters=True)
    assert_exact(got, floor_mod_golden.remainder(x1, x2, dtype))
    assert replications(info, dtype, data) >= info["dma_out"]


@pytest.mark.slow
@pytest.mark.parametrize("dtype", FLOATS)
def test_a_dividend_row_read_in_place_with_a_division_one_ulp_off(kernel_div_ulp: Path, tmp_path: Path,
                                                                  dtype: str) -> None:
    x1, x2 = row_operands(dtype, 64, "randn", 59)
    got, info = run_kernel(kernel_div_ulp, tmp_path, dtype, x1, x2, 1, "sequential", counters=True)
    assert_exact(got, floor_mod_golden.remainder(x1, x2, dtype))
    assert replications(info, dtype, "randn") == 0


# ----- BLOCK_RESIDENT: the divisor rows stay in UB, the dividend row's bound replaces the per-tile verdict -----------

# Per chunk (ChunkVerdict): Abs, CompareScalar (limit), ShiftLeft, CompareScalar, Not, Or (more than 8 bits),
# CompareScalar (negative), then the weighing's Cast, Muls, Max, ReduceMax; a chunk fit for the cheap path adds
# Duplicate, Div (1 / |b|), one Max per halving of its rows and Adds (the bound row). Per tile (FastOnChunk): Abs, Mul,
# CompareScalar (the row's bound), Div and Fast (Cast, Mul, Sub, CompareScalar, Muls, Select, Sub; MIXED: the
# negative divisors' CompareScalar and the fold's CompareScalar, And, Not, And, Or).
CHUNK_CALLS = 11
FIT_CHUNK_CALLS = 3
RESIDENT_CALLS = {"positive": 11, "mixed": 17}


def halvings(rows: int) -> int:
    steps = 0
    while rows > 1:
        rows -= rows // 2
        steps += 1
    return steps


def resident_operands(signs: str, outer: int, block: int, seed: int) -> tuple[np.ndarray, np.ndarray]:
    """The bench's data at x1 [outer, 1, 64] x x2 [1, block, 64]: quarters, x1 in [-100, 100), x2 in [0.25, 10)
    (signs 'mixed': either sign), plus exact multiples and dividends one ulp inside one (the fold), and +-0."""
    rng = np.random.default_rng(seed)
    b = rng.integers(1, 40, size=(1, block, 64)) / 4
    if signs == "mixed":
        b *= rng.choice([-1.0, 1.0], size=b.shape)
    a = rng.integers(-400, 400, size=(outer, 1, 64)) / 4
    a[0, 0, :8] = b[0, 0, :8] * np.array([3, -5, 7, 1, -1, 0, 2, -2])    # multiples of row 0's divisors
    a[0, 0, 8] = -0.0
    a = a.astype(np.float32)
    a[1, 0, :4] = toward_zero((b[0, 0, :4] * 9).astype(np.float32))     # one ulp inside a multiple
    return a, b.astype(np.float32)


def resident_run(exe: Path, tmp: Path, a, b) -> tuple[dict, int]:
    got, info = run_kernel(exe, tmp, "float32", a, b, 1, "sequential", counters=True)
    assert_exact(got, floor_mod_golden.remainder(a, b, "float32"))
    assert info["mode"] == 7  # BLOCK_RESIDENT
    rows = min(b.shape[1], info["tile"] // 64)
    chunk_rows = [min(rows, b.shape[1] - first) for first in range(0, b.shape[1], rows)]
    return info, chunk_rows


@pytest.mark.parametrize("signs", ["positive", "mixed"])
def test_resident_divisor_rows_take_the_cheap_path_on_the_row_bound_alone(kernel_exe: Path, tmp_path: Path,
                                                                          signs: str) -> None:
    """Three chunks of other's rows (75, 75, 50) against six self rows on one core: each chunk is checked once
    (one reduction), each tile pays the row's bound (three one-repeat calls, its mask read by the scalar unit) and
    the cheap path, no FastVerdict; bit-exact."""
    a, b = resident_operands(signs, 6, 200, 61)
    info, chunks = resident_run(kernel_exe, tmp_path, a, b)
    assert len(chunks) == 3 and info["dma_out"] == 3 * 6
    per_chunk = sum(CHUNK_CALLS + FIT_CHUNK_CALLS + halvings(rows) for rows in chunks)
    assert info["counters"]["vector_calls"] == per_chunk + info["dma_out"] * RESIDENT_CALLS[signs]
    assert info["counters"]["vector_by_api"]["ReduceMax.half"]["calls"] == len(chunks)
    assert info["dma_in"] == len(chunks) + info["dma_out"]  # each chunk once, a self row per tile


# A self row whose bound fails (its tile redoes the remainder after FastVerdict: the two-pass or the exact path), or a
# chunk unfit for the cheap path (its tiles all ask FastVerdict).
ROW_BREAKERS = {
    "quotient over the cheap threshold": lambda a, b: a.__setitem__((2, 0, 7), 1.0e6),
    "infinite dividend": lambda a, b: a.__setitem__((3, 0, 9), -np.inf),
    "NaN dividend": lambda a, b: a.__setitem__((4, 0, 1), np.nan),
    "zero divisor": lambda a, b: b.__setitem__((0, 150, 3), -0.0),
    "subnormal divisor": lambda a, b: b.__setitem__((0, 20, 60), 1.0e-40),
}
CHUNK_BREAKERS = {
    "infinite divisor": lambda a, b: b.__setitem__((0, 10, 5), np.inf),
    "divisor of 9 significant bits": lambda a, b: b.__setitem__((0, 90, 5), 1.00390625),
    "divisor of 2^100": lambda a, b: b.__setitem__((0, 199, 63), 2.0**100),
}


@pytest.mark.parametrize("why", list(ROW_BREAKERS) + list(CHUNK_BREAKERS))
def test_rows_and_chunks_the_bound_cannot_clear_are_redone_exactly(kernel_exe: Path, tmp_path: Path, why: str) -> None:
    a, b = resident_operands("mixed", 6, 200, 67)
    lean, chunks = resident_run(kernel_exe, tmp_path, a, b)
    (ROW_BREAKERS | CHUNK_BREAKERS)[why](a, b)
    info, _ = resident_run(kernel_exe, tmp_path, a, b)
    reductions = info["counters"]["vector_by_api"]["ReduceMax.half"]["calls"]
    assert info["counters"]["vector_calls"] > lean["counters"]["vector_calls"] + 10
    assert reductions > len(chunks)  # some tile asked FastVerdict (and, bit-exactly, took the path it chose)


@pytest.mark.parametrize("divisor", [np.nan, -np.nan])
def test_a_nan_divisor_rides_along_whatever_its_column_bound_says(kernel_exe: Path, tmp_path: Path,
                                                                  divisor: float) -> None:
    """A NaN divisor passes the chunk's tests (|NaN| >= 2^100 is false; the canonical NaN has no low mantissa bits):
    its lane is NaN all through on the cheap path, and its column's bound (Max of a NaN 1 / |b|) either stays the
    other rows' or fails every row of the chunk: torch's result either way."""
    a, b = resident_operands("mixed", 6, 200, 83)
    b[0, 17, 30] = divisor
    resident_run(kernel_exe, tmp_path, a, b)


def test_the_row_bound_is_the_cheap_threshold_less_a_margin(kernel_exe: Path, tmp_path: Path) -> None:
    """Divisors all 1 in a column: |a| = 65534 clears the bound (the cheap path alone), 65535.5 does not (FastVerdict,
    whose own threshold 2^16 still lets the tile take the cheap path): one verdict more, the same remainder."""
    a, b = resident_operands("positive", 6, 200, 71)
    b[0, :, 11] = 1.0
    a[2, 0, 11] = 65534.0
    lean, chunks = resident_run(kernel_exe, tmp_path, a, b)
    assert lean["counters"]["vector_by_api"]["ReduceMax.half"]["calls"] == len(chunks)
    a[2, 0, 11] = 65535.5
    over, _ = resident_run(kernel_exe, tmp_path, a, b)
    assert over["counters"]["vector_by_api"]["ReduceMax.half"]["calls"] == len(chunks) + len(chunks)  # row 2, each chunk


def test_the_row_bound_proof_on_fp32_arithmetic() -> None:
    """floor_mod_fast.h ROW_QUOTIENT_LIMIT: wherever fl(|a| * c) < 65535, c = fl(1 / |b|) moved by up to one ulp either
    way, every FP32 quotient fl(a / b) moved by up to one ulp either way stays below 2^16 -- on dividends packed just
    under the bound (|a| = 65535 |b| times 1 - k 2^-24), divisors of every binade and mantissa shape."""
    rng = np.random.default_rng(73)
    n = 400_000
    b = np.ldexp(rng.uniform(1.0, 2.0, n), rng.integers(-120, 100, n)).astype(np.float32)
    b[: n // 4] = np.ldexp(np.float32(1.0), rng.integers(-120, 100, n // 4)).astype(np.float32)   # powers of two
    b[n // 4: n // 2] = np.nextafter(b[n // 4: n // 2], np.float32(0))                          # just under them
    k = rng.integers(-40, 4000, n)
    a = (65535.0 * b.astype(np.float64) * (1.0 - k * 2.0**-24)).astype(np.float32)
    a = np.where(rng.random(n) < 0.5, a, -a)
    a = a[np.isfinite(a)]
    b = b[: a.size]
    for c_ulp in (-1, 0, 1):
        c = (np.float32(1.0) / np.abs(b)).astype(np.float32)
        c = np.where(c_ulp > 0, np.nextafter(c, np.float32(np.inf)), np.where(c_ulp < 0, np.nextafter(c, np.float32(0)), c))
        u = (np.abs(a) * c).astype(np.float32)
        clear = u < np.float32(65535.0)
        assert clear.sum() > n // 10
        q = (a / b).astype(np.float32)[clear]
        for q_ulp in (q, np.nextafter(q, np.float32(np.inf)), np.nextafter(q, np.float32(-np.inf))):
            assert (np.abs(q_ulp) < np.float32(65536.0)).all()


@pytest.mark.slow
def test_resident_rows_with_a_division_one_ulp_off(kernel_div_ulp: Path, tmp_path: Path) -> None:
    """The bound (its 1 / |b|) and the cheap path's quotients one ulp off: still the cheap path on the bound alone,
    still torch's result, also at |a| = 65534 |b|."""
    a, b = resident_operands("mixed", 6, 200, 79)
    b[0, :, 11] = 0.25
    a[2, 0, 11] = 65534.0 * 0.25
    info, chunks = resident_run(kernel_div_ulp, tmp_path, a, b)
    assert info["counters"]["vector_by_api"]["ReduceMax.half"]["calls"] == len(chunks)
