# ----------------------------------------------------------------------------------------------------------------------
# Copyright (c) 2026 op-migrate contributors.
# This program is free software, you can redistribute it and/or modify it under the terms and conditions of
# CANN Open Software License Agreement Version 2.0 (the "License").
# Please refer to the License for details. You may not use this file except in compliance with the License.
# THIS SOFTWARE IS PROVIDED ON AN "AS IS" BASIS, WITHOUT WARRANTIES OF ANY KIND, EITHER EXPRESS OR IMPLIED,
# INCLUDING BUT NOT LIMITED TO NON-INFRINGEMENT, MERCHANTABILITY, OR FITNESS FOR A PARTICULAR PURPOSE.
# See LICENSE in the root of the software repository for the full text of the License.
# ----------------------------------------------------------------------------------------------------------------------
"""FloorMod's portable tiling and broadcast cursor: offsets against numpy, partition and UB invariants, modes."""

from __future__ import annotations

import subprocess
from pathlib import Path

import numpy as np
import pytest

DTYPES = {"float16": 0, "bfloat16": 1, "float32": 2, "int32": 3, "int64": 4, "float64": 5}
SIZES = {"float16": 2, "bfloat16": 2, "float32": 4, "int32": 4, "int64": 8, "float64": 8}
UB = 196608
MODES = ["CONTIGUOUS", "X1_SCALAR", "X2_SCALAR", "TAIL_CONTIGUOUS", "CROSSED_ROW_X1_ROW", "CROSSED_ROW_X2_ROW", "GENERAL",
         "BLOCK_RESIDENT"]


def shape_arg(shape) -> str:
    return ",".join(str(d) for d in shape) if len(shape) else "-"


def tiling(exe: Path, x1, x2, y=None, dtype="float32", cores=40, ub=UB) -> dict:
    if y is None:
        y = np.broadcast_shapes(tuple(x1), tuple(x2))
    args = [str(exe), str(DTYPES[dtype]), str(cores), str(ub), shape_arg(x1), shape_arg(x2), shape_arg(y)]
    lines = subprocess.run(args, capture_output=True, text=True, check=True).stdout.splitlines()
    result: dict = {"ranges": [], "offsets": [], "plans": []}
    for line in lines:
        key, *values = line.split()
        if key == "range":
            result["ranges"].append(tuple(int(v) for v in values))
        elif key == "o":
            result["offsets"].append(tuple(int(v) for v in values))
        elif key == "plan":
            result["plans"].append(tuple(int(v) for v in values))
        else:
            result[key] = int(values[0])
    return result


def expected_offsets(x1, x2) -> list[tuple[int, int]]:
    out = np.broadcast_shapes(tuple(x1), tuple(x2))
    o1 = np.broadcast_to(np.arange(int(np.prod(x1))).reshape(x1), out).ravel()
    o2 = np.broadcast_to(np.arange(int(np.prod(x2))).reshape(x2), out).ravel()
    return list(zip(o1.tolist(), o2.tolist()))


def random_pair(rng: np.random.Generator):
    rank = int(rng.integers(0, 9))
    out = [int(rng.integers(1, 5)) for _ in range(rank)]
    x1 = [d if rng.random() < 0.6 else 1 for d in out]
    x2 = [d if rng.random() < 0.6 else 1 for d in out]
    return x1[int(rng.integers(0, rank + 1)):] if rank else [], x2


def assert_tile_is_the_largest_that_fits(result: dict, ub: int = UB) -> None:
    """The kernel's UB plan at the tile fits what the tiling leaves it (UB less the 1 KiB reserve and the tiling
    data), and the plan one tile step (64 elements) larger does not. The kernel tests check that the kernel's
    InitBuffer calls add up to exactly this plan."""
    assert result["ub_budget"] <= ub - 1024
    assert result["ub_plan"] <= result["ub_budget"] < result["ub_plan_next"]


def assert_partition(result: dict) -> None:
    """The core ranges partition the work: the elements, or BLOCK_RESIDENT's work items ("units"); every output
    element is written by exactly one tile when the offsets are listed (no "-1")."""
    position = 0
    for start, count in result["ranges"]:
        assert start == position and count > 0 or result["total"] == 0
        position = start + count
    assert position == result["units"]
    assert (-1, -1) not in result["offsets"]


@pytest.mark.parametrize("seed", range(6))
def test_cursor_offsets_match_numpy_broadcasting(tiling_exe: Path, seed: int) -> None:
    rng = np.random.default_rng(seed)
    for _ in range(25):
        x1, x2 = random_pair(rng)
        dtype = list(DTYPES)[int(rng.integers(0, len(DTYPES)))]
        result = tiling(tiling_exe, x1, x2, dtype=dtype, cores=int(rng.integers(1, 49)))
        assert result["status"] == 0
        assert result["offsets"] == expected_offsets(x1, x2), (x1, x2, dtype)
        assert_partition(result)


@pytest.mark.parametrize("dtype", list(DTYPES))
@pytest.mark.parametrize("total", [1, 31, 1024, 1025, 40 * 1024 + 17, 3_000_001])
@pytest.mark.parametrize("cores", [1, 40, 48])
def test_core_ranges_partition_and_tiles_fit_ub(tiling_exe: Path, dtype: str, total: int, cores: int) -> None:
    result = tiling(tiling_exe, [total], [total], dtype=dtype, cores=cores)
    assert_partition(result)
    assert 1 <= result["cores"] <= cores
    starts = [start for start, _ in result["ranges"]]
    assert all(start % result["align"] == 0 for start in starts)
    assert result["align"] * SIZES[dtype] % 32 == 0
    assert result["tile"] % 64 == 0 and result["tile"] > 0
    assert_tile_is_the_largest_that_fits(result)
    largest = max(count for _, count in result["ranges"])
    assert result["depth"] == (1 if largest <= result["tile"] else 2)


@pytest.mark.parametrize(
    "x1, x2, mode",
    [
        ([4, 5], [4, 5], "CONTIGUOUS"),
        ([], [8], "X1_SCALAR"),
        ([2, 3, 4], [1], "X2_SCALAR"),
        ([3, 64], [2, 3, 64], "TAIL_CONTIGUOUS"),
        ([1024, 1, 64], [1, 4096, 64], "BLOCK_RESIDENT"),  # FLOAT; the other dtypes: TAIL_CONTIGUOUS (below)
        ([16, 64], [16, 1], "CROSSED_ROW_X1_ROW"),
        ([16, 1], [16, 64], "CROSSED_ROW_X2_ROW"),
        ([4, 1, 3], [1, 5, 1], "CROSSED_ROW_X1_ROW"),  # after compression a non-contiguous tail is always crossed
    ],
)
def test_modes(tiling_exe: Path, x1, x2, mode: str) -> None:
    assert MODES[tiling(tiling_exe, x1, x2)["mode"]] == mode


@pytest.mark.parametrize("dtype", ["float16", "bfloat16", "int32", "int64", "float64"])
def test_only_float_keeps_the_divisor_rows_resident(tiling_exe: Path, dtype: str) -> None:
    assert MODES[tiling(tiling_exe, [1024, 1, 64], [1, 4096, 64], dtype=dtype)["mode"]] == "TAIL_CONTIGUOUS"


@pytest.mark.parametrize("x1, x2", [([6, 1, 64], [1, 200, 64]), ([5, 1, 65], [1, 77, 65]), ([2, 3, 1, 8], [1, 1, 9, 8]),
                                    ([1024, 1, 64], [1, 4096, 64])])
@pytest.mark.parametrize("cores", [1, 7, 40])
def test_block_resident_fetches_each_chunk_of_divisor_rows_once_per_core(tiling_exe: Path, x1, x2,
                                                                        cores: int) -> None:
    """BLOCK_RESIDENT: a tile is one chunk of x2's rows (at most the rows a tile holds) against one x1 row; a core's
    tiles take the chunks in order, so the first tile of each chunk on a core loads it (CHUNK_LOAD), its last frees
    it (CHUNK_FREE), and x2 crosses HBM once per core and chunk instead of once per tile. Every output element is
    written once, from the right input offsets (numpy, small shapes)."""
    result = tiling(tiling_exe, x1, x2, cores=cores)
    assert MODES[result["mode"]] == "BLOCK_RESIDENT" and result["status"] == 0
    assert_tile_is_the_largest_that_fits(result)
    assert_partition(result)
    if result["total"] <= 20000:
        assert result["offsets"] == expected_offsets(x1, x2)
    out = np.broadcast_shapes(tuple(x1), tuple(x2))
    block, cols = out[-2], out[-1]
    chunk_rows = min(block, result["tile"] // (-(-cols // 8) * 8))
    chunks = -(-block // chunk_rows)
    assert result["units"] == chunks * int(np.prod(out[:-2]))
    plans = result["plans"]
    assert sum(rows * cols_ for rows, cols_, *_ in plans) == result["total"]
    assert {plan[3:5] for plan in plans} <= {(1, 5), (0, 5)}  # x1 one row (or the row itself), x2 its chunk
    assert all(plan[0] <= chunk_rows for plan in plans)
    loads = sum(1 for plan in plans if plan[5] & 1)
    frees = sum(1 for plan in plans if plan[5] & 2)
    assert loads == frees <= chunks + result["cores"] - 1
    assert loads < len(plans) or len(plans) <= result["cores"] * chunks


@pytest.mark.parametrize("x1, x2", [([3, 1, 64], [1, 0, 64]), ([0, 1, 64], [1, 5, 64]), ([0, 64], [0, 64])])
def test_an_empty_output_tiles_to_no_work(tiling_exe: Path, x1, x2) -> None:
    """An empty output (the kernel returns before walking): never BLOCK_RESIDENT (a chunk of zero rows would divide
    the chunk count by zero), one core with nothing to do."""
    result = tiling(tiling_exe, x1, x2)
    assert result["status"] == 0 and result["total"] == 0
    assert MODES[result["mode"]] != "BLOCK_RESIDENT"
    assert result["ranges"] == [(0, 0)] and result["plans"] == []
    assert_partition(result)


def test_compression_merges_same_state_dims(tiling_exe: Path) -> None:
    result = tiling(tiling_exe, [2, 3, 4, 5], [1, 1, 4, 5])
    assert result["rank"] == 2  # [6 (x2 broadcast), 20 (both full)]


def test_crossed_rows_fall_back_to_general_when_a_row_cycle_exceeds_a_tile(tiling_exe: Path) -> None:
    result = tiling(tiling_exe, [3, 100_003], [3, 1], dtype="float32")
    assert MODES[result["mode"]] == "GENERAL"
    assert_partition(result)


def test_unaligned_crossed_rows_start_cores_on_row_cycles(tiling_exe: Path) -> None:
    result = tiling(tiling_exe, [4096, 7], [4096, 1], dtype="float32")
    assert MODES[result["mode"]] == "CROSSED_ROW_X1_ROW"
    assert result["align"] == 7 * 8  # 8 rows of 7 fp32 fill whole 32-byte blocks
    assert all(start % 7 == 0 for start, _ in result["ranges"])


@pytest.mark.parametrize(
    "x1, x2, y, status",
    [
        ([3, 4], [5, 4], [3, 4], 2),  # NOT_BROADCASTABLE
        ([3, 4], [1, 4], [3, 5], 3),  # OUT_SHAPE_MISMATCH
        ([2**40, 2**30], [1], [2**40, 2**30], 4),  # OVERFLOW (checked multiply)
        ([1] * 9, [1], [1] * 9, 1),  # BAD_RANK
    ],
)
def test_invalid_shapes_are_rejected(tiling_exe: Path, x1, x2, y, status: int) -> None:
    assert tiling(tiling_exe, x1, x2, y)["status"] == status


FETCH_NONE = 4


@pytest.mark.parametrize("seed", range(4))
def test_plans_cover_each_core_once_and_every_ub_plan_fits(tiling_exe: Path, seed: int) -> None:
    """Random shapes and dtypes: the tiles of all cores are the output in order, a tile of several rows stays within
    the tile size with its padded rows, and the kernel's UB plan fits 192 KiB with the largest tile that fits."""
    rng = np.random.default_rng(100 + seed)
    for _ in range(25):
        rank = int(rng.integers(1, 6))
        out = [int(rng.choice([2, 3, 5, 7, 16, 33, 64, 100, 257])) for _ in range(rank)]
        while np.prod(out) > 2_000_000:
            out[int(np.argmax(out))] //= 4
        x1 = [d if rng.random() < 0.6 else 1 for d in out][int(rng.integers(0, rank + 1)):]
        x2 = [d if rng.random() < 0.6 else 1 for d in out]
        out = list(np.broadcast_shapes(tuple(x1), tuple(x2)))
        dtype = list(DTYPES)[int(rng.integers(0, len(DTYPES)))]
        result = tiling(tiling_exe, x1, x2, out, dtype=dtype, cores=int(rng.integers(1, 49)))
        assert result["status"] == 0, (x1, x2)
        assert_tile_is_the_largest_that_fits(result)
        covered = 0
        for rows, cols, stride, *_ in result["plans"]:
            assert rows >= 1 and cols >= 1
            assert (rows * stride if rows > 1 else cols) <= result["tile"]
            assert rows == 1 or stride * SIZES[dtype] % 32 == 0 and stride - cols < 32 // SIZES[dtype]
            covered += rows * cols
        assert covered == result["total"]
        assert_partition(result)
        if result["total"] <= 20000:
            assert result["offsets"] == expected_offsets(x1, x2), (x1, x2, dtype)


@pytest.mark.parametrize("dtype", list(DTYPES))
def test_benchmark_shape_takes_a_block_of_rows_per_tile(tiling_exe: Path, dtype: str) -> None:
    """tests/perf/bench_kernels.py's FloorMod shape, self=[1024,1,64] other=[1,64,64] on 40 cores: a tile cannot
    leave a block of 64 rows (self's row changes), so 64 rows (4,096 elements) per tile is the most. The UB plan fits
    them for every dtype but INT64 (64-bit queues at depth 2 and six work words: two tiles per block); a core
    boundary inside a block adds one tile. At most one DMA per input and tile: self one row, other the rows."""
    result = tiling(tiling_exe, [1024, 1, 64], [1, 64, 64], dtype=dtype, cores=40)
    assert result["tile"] >= 4096 or dtype == "int64"
    blocks, per_block = 1024, (2 if dtype == "int64" else 1)
    assert len(result["plans"]) <= per_block * blocks + 2 * result["cores"]
    if dtype == "float32":  # BLOCK_RESIDENT: other's block is one chunk, loaded once per core
        assert {(plan[3], plan[4]) for plan in result["plans"]} == {(1, 5)}
        assert sum(1 for plan in result["plans"] if plan[5] & 1) == result["cores"]
    else:
        assert {(plan[3], plan[4]) for plan in result["plans"]} <= {(1, 0), (0, 0)}  # ONE_ROW / ROWS
    assert_tile_is_the_largest_that_fits(result)
