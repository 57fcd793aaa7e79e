# ----------------------------------------------------------------------------------------------------------------------
# Copyright (c) 2026 op-migrate contributors.
# This program is free software, you can redistribute it and/or modify it under the terms and conditions of
# CANN Open Software License Agreement Version 2.0 (the "License").
# Please refer to the License for details. You may not use this file except in compliance with the License.
# THIS SOFTWARE IS PROVIDED ON AN "AS IS" BASIS, WITHOUT WARRANTIES OF ANY KIND, EITHER EXPRESS OR IMPLIED,
# INCLUDING BUT NOT LIMITED TO NON-INFRINGEMENT, MERCHANTABILITY, OR FITNESS FOR A PARTICULAR PURPOSE.
# See LICENSE in the root of the software repository for the full text of the License.
# ----------------------------------------------------------------------------------------------------------------------
"""The real FloorMod kernel on the CPU model of the Ascend C API: every dtype x every mode, 1 and 40 cores."""

from __future__ import annotations

import json
import os
import subprocess
from pathlib import Path

import numpy as np
import pytest

import floor_mod_golden

CODES = {"float16": 0, "bfloat16": 1, "float32": 2, "int32": 3, "int64": 4, "float64": 5}
MODES = ["CONTIGUOUS", "X1_SCALAR", "X2_SCALAR", "TAIL_CONTIGUOUS", "CROSSED_ROW_X1_ROW", "CROSSED_ROW_X2_ROW", "GENERAL",
         "BLOCK_RESIDENT"]
SHAPES = {
    "CONTIGUOUS": ([3, 700], [3, 700]),
    "X1_SCALAR": ([], [1500]),
    "X2_SCALAR": ([37, 41], [1]),
    "TAIL_CONTIGUOUS": ([3, 65], [2, 3, 65]),
    # FLOAT: BLOCK_RESIDENT (the other dtypes TAIL_CONTIGUOUS): three chunks of other's rows (75, 75, 50 at FLOAT's
    # tile), so one core reloads its chunk; rows of 64 (read in place) and of 65 (replicated: chunks of 66 and 11
    # rows); a last chunk of one row (75 + 1: its tiles fetch x1's row as rows)
    "BLOCK_RESIDENT": ([6, 1, 64], [1, 200, 64]),
    "BLOCK_RESIDENT_65": ([5, 1, 65], [1, 77, 65]),
    "BLOCK_RESIDENT_ONE_ROW": ([4, 1, 64], [1, 76, 64]),
    "CROSSED_ROW_X1_ROW": ([64, 33], [64, 1]),
    "CROSSED_ROW_X2_ROW": ([17, 1], [17, 250]),
    "RANK_8": ([2, 1, 3, 1, 2, 1, 2, 3], [1, 2, 1, 3, 1, 2, 1, 3]),
}


def sample(dtype: str, shape, rng: np.random.Generator) -> np.ndarray:
    """Values for which x - floor(x/y)*y is exact in FP32, plus the special values, so the kernel matches exactly."""
    n = int(np.prod(shape)) if len(shape) else 1
    if dtype in ("float16", "float32", "bfloat16"):
        limit = 255 if dtype == "bfloat16" else 1023
        values = rng.integers(-limit, limit + 1, size=n).astype(np.float32) / 4
        specials = np.array([0.0, -0.0, np.inf, -np.inf, np.nan, 0.25, -0.25], dtype=np.float32)
        values[:: max(1, n // 9)] = rng.choice(specials, size=len(values[:: max(1, n // 9)]))
        return values.astype(floor_mod_golden.storage_dtype(dtype)).reshape(shape)
    if dtype == "float64":
        bits = rng.integers(0, 2**64, size=n, dtype=np.uint64)
        close = rng.random(n) * 2.0 ** rng.integers(-20, 20, size=n) * rng.choice([-1, 1], size=n)
        values = np.where(rng.random(n) < 0.5, bits.view(np.float64), close)
        values[:: max(1, n // 7)] = np.array([0.0, -0.0, np.inf, -np.inf, np.nan, 1e-310, -5e-324] * n)[: len(values[:: max(1, n // 7)])]
        return values.reshape(shape)
    info = np.iinfo(dtype)
    big = rng.integers(info.min, info.max, size=n, dtype=dtype, endpoint=True)
    small = rng.integers(-50_000, 50_000, size=n).astype(dtype)
    values = np.where(rng.random(n) < 0.5, small, big).astype(dtype)
    values[:: max(1, n // 5)] = np.array([0, -1, info.min, info.max, 7] * n, dtype=dtype)[: len(values[:: max(1, n // 5)])]
    return values.reshape(shape)


def run_kernel(exe: Path, tmp: Path, dtype: str, x1: np.ndarray, x2: np.ndarray, cores: int, launch: str, *,
               counters: bool = False):
    """Runs the kernel; info holds the driver's figures and, with counters, the model's counters of the run."""
    shape = lambda a: ",".join(str(d) for d in a.shape) if a.ndim else "-"
    (tmp / "x1.bin").write_bytes(x1.tobytes())
    (tmp / "x2.bin").write_bytes(x2.tobytes())
    args = [str(exe), str(CODES[dtype]), str(cores), launch, shape(x1), shape(x2), str(tmp / "x1.bin"),
            str(tmp / "x2.bin"), str(tmp / "y.bin")]
    # The model's cross-pipe check is on: a scalar read of a vector result without SetFlag/WaitFlag fails the run.
    env = {**os.environ, "CPU_MODEL_CHECK_PIPE_SYNC": "1"}
    counters_file = tmp / "counters.jsonl"
    counters_file.unlink(missing_ok=True)
    if counters:
        env["CPU_MODEL_COUNTERS"] = str(counters_file)
    done = subprocess.run(args, capture_output=True, text=True, timeout=300, env=env)
    assert done.returncode == 0, done.stderr
    info = dict(zip(done.stdout.split()[::2], map(int, done.stdout.split()[1::2])))
    if counters:  # the driver's UB probe launches first, the kernel last
        info["counters"] = json.loads(counters_file.read_text().splitlines()[-1])["total"]
    # The kernel's InitBuffer calls add up to the plan the tiling sized the tile with, inside 192 KiB less the reserve.
    assert info["ub_used"] == info["ub_plan"] <= info["ub_budget"] <= 196608 - 1024, info
    out = np.frombuffer((tmp / "y.bin").read_bytes(), dtype=floor_mod_golden.storage_dtype(dtype))
    return out.reshape(np.broadcast_shapes(x1.shape, x2.shape)), info


def assert_exact(got: np.ndarray, expected: np.ndarray) -> None:
    if got.dtype.kind == "f" or got.dtype == floor_mod_golden.BFLOAT16:
        g = got.astype(np.float64)
        e = expected.astype(np.float64)
        same = (np.signbit(g) == np.signbit(e)) & (g == e) | (np.isnan(g) & np.isnan(e))
    else:
        same = got == expected
    bad = np.flatnonzero(~same.ravel())
    assert bad.size == 0, list(zip(got.ravel()[bad[:5]], expected.ravel()[bad[:5]]))


@pytest.mark.parametrize("dtype", list(CODES))
@pytest.mark.parametrize("case", list(SHAPES))
@pytest.mark.parametrize("cores, launch", [(1, "sequential"), (40, "threads")])
def test_kernel_matches_golden(kernel_exe: Path, tmp_path: Path, dtype: str, case: str, cores: int, launch: str) -> None:
    rng = np.random.default_rng(abs(hash((dtype, case))) % 2**32)
    s1, s2 = SHAPES[case]
    x1 = sample(dtype, s1, rng)
    x2 = sample(dtype, s2, rng)
    got, info = run_kernel(kernel_exe, tmp_path, dtype, x1, x2, cores, launch)
    if case.startswith("BLOCK_RESIDENT"):
        assert MODES[info["mode"]] == ("BLOCK_RESIDENT" if dtype == "float32" else "TAIL_CONTIGUOUS")
    elif case in MODES:
        assert MODES[info["mode"]] == case
    assert info["cores"] <= cores
    assert_exact(got, floor_mod_golden.remainder(x1, x2, dtype))


@pytest.mark.parametrize("dtype", ["float32", "int32"])
@pytest.mark.parametrize("cores, launch", [(1, "sequential"), (40, "threads")])
def test_general_fallback_and_multi_tile_rows(kernel_exe: Path, tmp_path: Path, dtype: str, cores: int, launch: str) -> None:
    rng = np.random.default_rng(11)
    x1 = sample(dtype, [3, 20_011], rng)  # a row cycle larger than a tile: crossed rows fall back to GENERAL
    x2 = sample(dtype, [3, 1], rng)
    got, info = run_kernel(kernel_exe, tmp_path, dtype, x1, x2, cores, launch)
    assert MODES[info["mode"]] == "GENERAL"
    assert info["depth"] == (2 if cores == 1 else 1)  # one core walks several tiles per row, double-buffered
    assert_exact(got, floor_mod_golden.remainder(x1, x2, dtype))


def test_one_and_forty_cores_agree_bitwise(kernel_exe: Path, tmp_path: Path) -> None:
    rng = np.random.default_rng(5)
    x1 = sample("float32", [1024, 1, 64], rng)
    x2 = sample("float32", [1, 40, 64], rng)
    one, _ = run_kernel(kernel_exe, tmp_path, "float32", x1, x2, 1, "sequential")
    many, info = run_kernel(kernel_exe, tmp_path, "float32", x1, x2, 40, "threads")
    assert info["cores"] == 40
    assert one.tobytes() == many.tobytes()


def planned_dmas(exe: Path, dtype: str, x1, x2, cores: int) -> tuple[int, int]:
    """(tiles, GM -> UB DMAs) the TileWalker plans: one DMA per tile and input unless the input is one element
    (spread once per core at Init: one DMA per core with work) or a chunk of rows (BLOCK_RESIDENT's x2: one DMA per
    chunk and core, on the tile marked CHUNK_LOAD)."""
    shape = lambda s: ",".join(str(d) for d in s) if len(s) else "-"
    y = np.broadcast_shapes(tuple(x1), tuple(x2))
    lines = subprocess.run([str(exe), str(CODES[dtype]), str(cores), "196608", shape(x1), shape(x2), shape(y)],
                           capture_output=True, text=True, check=True).stdout.splitlines()
    plans = [line.split()[1:] for line in lines if line.startswith("plan ")]
    working = sum(1 for line in lines if line.startswith("range ") and int(line.split()[2]) > 0)
    constant = {i for plan in plans for i, fetch in enumerate(plan[3:5]) if fetch == "4"}
    dmas = sum(1 for plan in plans for fetch in plan[3:5] if fetch not in ("4", "5")) + len(constant) * working
    dmas += sum(1 for plan in plans if plan[4] == "5" and int(plan[5]) & 1)
    return len(plans), dmas


@pytest.mark.parametrize(
    "s1, s2",
    [
        ([8, 1, 64], [1, 512, 64]),  # the seed's broadcast shape, scaled down: [1024,1,64] x [1,4096,64]
        ([64, 33], [64, 1]),  # crossed rows: one value per row
        ([17, 1], [17, 250]),
        ([300, 5], [1, 5]),  # one row replicated, short unaligned rows
        ([], [1500]),  # a one-element input: spread once
    ],
)
@pytest.mark.parametrize("cores, launch", [(1, "sequential"), (40, "threads")])
def test_each_input_is_at_most_one_dma_per_tile(kernel_exe: Path, tiling_exe: Path, tmp_path: Path, s1, s2, cores: int,
                                                launch: str) -> None:
    rng = np.random.default_rng(7)
    x1 = sample("float32", s1, rng)
    x2 = sample("float32", s2, rng)
    got, info = run_kernel(kernel_exe, tmp_path, "float32", x1, x2, cores, launch)
    assert_exact(got, floor_mod_golden.remainder(x1, x2, "float32"))
    tiles, dmas = planned_dmas(tiling_exe, "float32", s1, s2, cores)
    # The kernel issues exactly the planned DMAs: one copy-out per tile, at most one copy-in per input and tile.
    assert (info["dma_out"], info["dma_in"]) == (tiles, dmas)
    assert dmas <= 2 * tiles + 2 * info["cores"]
    # Whole rows per tile: about one tile per `tile` elements per core, not one per row segment.
    total = int(np.prod(np.broadcast_shapes(tuple(s1), tuple(s2))))
    assert tiles <= 2 * (-(-total // info["tile"])) + 2 * info["cores"]


def test_seed_shape_tiles_are_whole_rows_on_the_full_size(tiling_exe: Path) -> None:
    """The full seed shape (268M outputs): about one tile per 4,800 FP32 elements (75 rows), x1 one DMA per tile;
    FLOAT's x2 (BLOCK_RESIDENT) one DMA per chunk of rows and core: 1 MiB of other crosses HBM about once, not once
    per self row (1 GiB); FLOAT16 (TAIL_CONTIGUOUS) reads other's rows with every tile."""
    for code, mode in (("2", "BLOCK_RESIDENT"), ("0", "TAIL_CONTIGUOUS")):
        lines = subprocess.run([str(tiling_exe), code, "40", "196608", "1024,1,64", "1,4096,64", "1024,4096,64"],
                               capture_output=True, text=True, check=True).stdout.splitlines()
        info = {line.split()[0]: int(line.split()[1]) for line in lines if len(line.split()) == 2}
        plans = [line.split()[1:] for line in lines if line.startswith("plan ")]
        assert MODES[info["mode"]] == mode
        rows = sum(int(plan[0]) for plan in plans)
        assert rows == 1024 * 4096
        assert len(plans) < 1.01 * info["total"] / info["tile"] + 40 * 1024 * 4096 // info["total"]
        assert len(plans) < 1024 * 4096 / 50  # row-segment tiles would be one per 64-element row
        if mode == "TAIL_CONTIGUOUS":
            assert info["align"] == 64
            assert {(plan[3], plan[4]) for plan in plans} <= {("1", "0"), ("0", "0")}  # one row replicated; rows
            continue
        assert {(plan[3], plan[4]) for plan in plans} == {("1", "5")}
        chunk = info["tile"] // 64
        chunks = -(-4096 // chunk)
        x2_rows_read = sum(int(plan[0]) for plan in plans if int(plan[5]) & 1)
        assert x2_rows_read <= 4096 + 40 * chunk  # each chunk once, plus one reload where a core boundary cuts it
        assert sum(1 for plan in plans if int(plan[5]) & 1) <= chunks + 40


def test_int64_inside_the_int32_range_takes_the_vector_path_exactly(kernel_exe: Path, tmp_path: Path) -> None:
    rng = np.random.default_rng(13)
    edges = np.array([-2**31, -2**31 + 1, 2**31 - 1, 2**31 - 2, -1, 0, 1, 2**24 + 1, -(2**24) - 1, 7, -7], np.int64)
    x1 = np.concatenate([np.repeat(edges, len(edges)), rng.integers(-2**31, 2**31, 4000)]).astype(np.int64)
    x2 = np.concatenate([np.tile(edges, len(edges)), rng.integers(-2**31, 2**31, 4000)]).astype(np.int64)
    for cores, launch in ((1, "sequential"), (40, "threads")):
        got, _ = run_kernel(kernel_exe, tmp_path, "int64", x1, x2, cores, launch)
        assert_exact(got, floor_mod_golden.remainder(x1, x2, "int64"))


@pytest.mark.parametrize("dtype", ["int32", "int64"])
def test_integer_edges_every_pair(kernel_exe: Path, tmp_path: Path, dtype: str) -> None:
    info = np.iinfo(dtype)
    edges = np.array([info.min, info.min + 1, info.max, info.max - 1, -1, 0, 1, 2, -2, 3, 2**24, 2**24 + 1, -(2**30),
                      2**30 + 1, 65537, -65537], dtype=dtype)
    x1 = np.repeat(edges, len(edges)).reshape(len(edges), len(edges))
    x2 = np.tile(edges, len(edges)).reshape(len(edges), len(edges))
    got, _ = run_kernel(kernel_exe, tmp_path, dtype, x1, x2, 1, "sequential")
    assert_exact(got, floor_mod_golden.remainder(x1, x2, dtype))


ROW_TILE_SHAPES = {
    "one-row-replicated": ([5, 1, 37], [1, 6, 37]),  # x1 one row for the tile, x2 rows; 37 is no 32-byte multiple
    "one-value-per-row": ([6, 37], [6, 1]),
    "both-spread": ([6, 1], [1, 37]),  # x1 one value per row, x2 one row replicated
    "one-value-per-tile": ([3, 1, 1], [1, 4, 5]),
    "general": ([2, 3, 4, 5], [2, 1, 4, 1]),
    # Blocks of 7 rows of 700 in tiles of a few rows: some tiles are a lone row, computed from the row-sized queue of
    # the replicated input (its UB plan holds one row, rounded to whole compute repeats).
    "lone-rows-of-a-replicated-input": ([3, 1, 700], [1, 7, 700]),
}


@pytest.mark.parametrize("dtype", list(CODES))
@pytest.mark.parametrize("case", list(ROW_TILE_SHAPES))
@pytest.mark.parametrize("cores, launch", [(1, "sequential"), (40, "threads")])
def test_row_tiles_of_every_fetch_kind(kernel_exe: Path, tmp_path: Path, dtype: str, case: str, cores: int,
                                       launch: str) -> None:
    rng = np.random.default_rng(abs(hash((dtype, case, 2))) % 2**32)
    s1, s2 = ROW_TILE_SHAPES[case]
    x1 = sample(dtype, s1, rng)
    x2 = sample(dtype, s2, rng)
    got, _ = run_kernel(kernel_exe, tmp_path, dtype, x1, x2, cores, launch)
    assert_exact(got, floor_mod_golden.remainder(x1, x2, dtype))


FLOATS = ["float32", "bfloat16", "float16"]


@pytest.mark.parametrize("dtype", FLOATS)
@pytest.mark.parametrize("cores, launch", [(1, "sequential"), (40, "threads")])
def test_zero_and_nan_divisors_in_tiles_that_take_scaled_steps(kernel_exe: Path, tmp_path: Path, dtype: str,
                                                                cores: int, launch: str) -> None:
    """b = +-0 or NaN next to lanes whose quotient needs several scaled steps: the scaled divisor of a zero lane is not
    zero, so a dividend of full precision used to come out of the steps as +-0 (FP32) instead of NaN."""
    storage = floor_mod_golden.storage_dtype(dtype)
    big = 6e4 if dtype == "float16" else 1e6
    a = np.array([big, 3.0000002, -7.1234567, big, 5.0, 0.0, 1.2345678, -0.0], np.float32)
    b = np.array([1e-3, 0.0, -0.0, 3.0, np.nan, 0.0, -0.0, 0.0], np.float32)
    x1 = np.tile(a, 300).astype(storage)
    x2 = np.tile(b, 300).astype(storage)
    got, _ = run_kernel(kernel_exe, tmp_path, dtype, x1, x2, cores, launch)
    expected = floor_mod_golden.remainder(x1, x2, dtype)
    divisor = x2.astype(np.float64)
    assert np.isnan(expected.astype(np.float64)[(divisor == 0) | np.isnan(divisor)]).all()
    assert_exact(got, expected)


# Vector calls a tile saves when every |a| lies below |b|'s binade (e(a) < e(b): a quotient of 0): one unscaled step
# and the settling step
# (floor_mod_compute.h Step and Settle): FP32 17 + 3, FP16 12 + 3 (two divisor parts), BF16 7 + 3 (one part).
SKIPPED_CALLS = {"float32": 20, "float16": 15, "bfloat16": 10}


@pytest.mark.parametrize("dtype", FLOATS)
def test_tiles_where_every_quotient_is_zero_take_no_step(kernel_exe: Path, tmp_path: Path, dtype: str) -> None:
    """Exact with no step at all when every |a| of the tile lies below |b|'s binade (|a| < |b| / 2 here; specials
    included: b = 0, NaN, inf, a = inf, NaN, subnormal); one lane with |a| >= |b| brings the step back."""
    storage = floor_mod_golden.storage_dtype(dtype)
    rng = np.random.default_rng(23)
    n = 2000
    b = (rng.uniform(1, 100, n) * rng.choice([-1, 1], n)).astype(np.float32)
    a = (b * rng.uniform(-0.49, 0.49, n)).astype(np.float32)
    a[::97] = np.array([0.0, -0.0, np.inf, -np.inf, np.nan, 1e-40, -1e-42] * 3)[: len(a[::97])]
    b[5::89] = np.array([0.0, -0.0, np.nan, np.inf, -np.inf] * 5)[: len(b[5::89])]
    x1, x2 = a.astype(storage), b.astype(storage)
    small = np.abs(x1.astype(np.float64)) < np.abs(x2.astype(np.float64)) / 2
    finite = np.isfinite(x1.astype(np.float64)) & (x2.astype(np.float64) != 0) & ~np.isnan(x2.astype(np.float64))
    assert np.all(small | ~finite)  # every lane that takes steps has a quotient of 0
    got, info = run_kernel(kernel_exe, tmp_path, dtype, x1, x2, 1, "sequential", counters=True)
    assert info["dma_out"] == 1  # one tile
    assert_exact(got, floor_mod_golden.remainder(x1, x2, dtype))
    x1[7] = storage.type(3.0) * x2[7]
    stepped, stepped_info = run_kernel(kernel_exe, tmp_path, dtype, x1, x2, 1, "sequential", counters=True)
    assert_exact(stepped, floor_mod_golden.remainder(x1, x2, dtype))
    calls = stepped_info["counters"]["vector_calls"] - info["counters"]["vector_calls"]
    assert calls == SKIPPED_CALLS[dtype]
