# ----------------------------------------------------------------------------------------------------------------------
# Copyright (c) 2026 op-migrate contributors.
# This program is free software, you can redistribute it and/or modify it under the terms and conditions of
# CANN Open Software License Agreement Version 2.0 (the "License").
# Please refer to the License for details. You may not use this file except in compliance with the License.
# THIS SOFTWARE IS PROVIDED ON AN "AS IS" BASIS, WITHOUT WARRANTIES OF ANY KIND, EITHER EXPRESS OR IMPLIED,
# INCLUDING BUT NOT LIMITED TO NON-INFRINGEMENT, MERCHANTABILITY, OR FITNESS FOR A PARTICULAR PURPOSE.
# See LICENSE in the root of the software repository for the full text of the License.
# ----------------------------------------------------------------------------------------------------------------------
"""The real Gcd kernel (op_kernel/gcd.cpp) on the CPU model of the Ascend C API against the golden model."""

from __future__ import annotations

import json
import struct
import zlib
from dataclasses import dataclass
from pathlib import Path

import ml_dtypes
import numpy as np
import pytest

import gcd_golden
import gcd_tiling_runner

HERE = Path(__file__).resolve().parent
DRIVER = HERE / "cpp" / "kernel_driver.cpp"
DTYPES = {
    "int8": (1, np.dtype(np.int8)),
    "uint8": (2, np.dtype(np.uint8)),
    "int16": (3, np.dtype(np.int16)),
    "float16": (4, np.dtype(np.float16)),
    "bfloat16": (5, np.dtype(ml_dtypes.bfloat16)),
    "float32": (6, np.dtype(np.float32)),
    "int32": (7, np.dtype(np.int32)),
    "int64": (8, np.dtype(np.int64)),
}


@dataclass(frozen=True)
class Operand:
    """A view (shape, element strides) over a flat storage array, as an aclTensor describes it."""

    storage: np.ndarray
    shape: tuple[int, ...]
    strides: tuple[int, ...]

    def view(self) -> np.ndarray:
        size = self.storage.dtype.itemsize
        return np.lib.stride_tricks.as_strided(self.storage, self.shape, tuple(s * size for s in self.strides))

    def words(self) -> list[int]:
        pad = 8 - len(self.shape)
        return [len(self.shape), *self.shape, *([1] * pad), *self.strides, *([0] * pad), self.storage.nbytes]


def kernel_runner(cpu_model, exe):
    def run(dtype: str, cores: int, self_op: Operand, other_op: Operand, sequential: bool = False):
        code = DTYPES[dtype][0]
        words = [code, cores, int(sequential), *self_op.words(), *other_op.words()]
        data = struct.pack(f"<{len(words)}q", *words) + self_op.storage.tobytes() + other_op.storage.tobytes()
        out = cpu_model.gxx.run(exe, stdin=data).stdout
        status, key, block_dim, nbytes = struct.unpack("<4q", out[:32])
        assert status == 0
        result = np.frombuffer(out[32 : 32 + nbytes], dtype=DTYPES[dtype][1])
        return key, block_dim, result

    return run


@pytest.fixture(scope="module")
def run_kernel(cpu_model):
    return kernel_runner(cpu_model, cpu_model.build_kernel([DRIVER], name="gcd_kernel_driver"))


def values(dtype: str, count: int, rng: np.random.Generator, full_range: bool = False) -> np.ndarray:
    """Random operands with the edge values of the dtype mixed in. int32 stays below 2^21 unless `full_range` (a
    tile with an operand of 2^22 or more takes the exact scalar path, so full-range int32 would test only that)."""
    np_dtype = DTYPES[dtype][1]
    if np_dtype.kind in "iu":
        info = np.iinfo(np_dtype)
        low, high = (-(2**21), 2**21) if dtype == "int32" and not full_range else (info.min, int(info.max) + 1)
        data = rng.integers(low, high, count).astype(np_dtype)
        edges = np.array([0, 1, info.max, info.min, 2, 6, 12], np.int64).astype(np_dtype)
        if dtype == "int32" and not full_range:
            edges = np.array([0, 1, -1, 2**21 - 1, -(2**21), 6, 12], np.int64).astype(np_dtype)
    else:
        limit = {"float16": 2000.0, "bfloat16": 300.0, "float32": 1e6}[dtype]
        data = rng.uniform(-limit, limit, count)
        data[::3] = np.trunc(data[::3] / 7) * 7  # integers with common factors
        data = data.astype(np_dtype)
        edges = np.array([0.0, -0.0, 0.5, -7.9, 12.0, np.inf, -np.inf, np.nan]).astype(np_dtype)
    data[: min(count, edges.size)] = edges[: min(count, edges.size)]
    return data


def contiguous(storage: np.ndarray, shape: tuple[int, ...]) -> Operand:
    return Operand(storage.reshape(-1), shape, gcd_tiling_runner.contiguous(shape).strides)


def transposed(storage_shape: tuple[int, ...], data: np.ndarray) -> Operand:
    """The transpose of a contiguous 2-D storage: a non-contiguous view."""
    rows, cols = storage_shape
    return Operand(data.reshape(-1), (cols, rows), (1, cols))


def make_case(name: str, dtype: str, rng: np.random.Generator) -> tuple[Operand, Operand]:
    def op(shape):
        return contiguous(values(dtype, int(np.prod(shape)), rng), shape)

    if name == "same-shape-tail":
        return op((3, 1237)), op((3, 1237))  # 3711 elements: a partial last tile and a partial last core
    if name == "one-side":
        return op((7, 33, 65)), op((65,))
    if name == "both-sides":
        return op((40, 1, 97)), op((1, 55, 97))
    if name == "rank8":
        return op((2, 1, 3, 2, 1, 5, 3, 7)), op((1, 4, 3, 1, 2, 5, 1, 7))
    if name == "scalar-other":
        # The dtype minimum (or 96) broadcast over every element: the wrapped-abs rule on a Duplicate'd operand.
        np_dtype = DTYPES[dtype][1]
        scalar = np.iinfo(np_dtype).min if np_dtype.kind == "i" else 96
        return op((4099,)), contiguous(np.array([scalar]).astype(np_dtype), (1,))
    if name == "non-contiguous":
        return transposed((61, 90), values(dtype, 61 * 90, rng)), op((90, 1))
    if name == "large-values":
        # fp32 / bf16 / int32 operands of 2^22 and more send their tile through the exact scalar path; the other
        # integers and fp16 (which never reach 2^22) run the same broadcast with their full range.
        big = values(dtype, 2 * 700, rng, full_range=True)
        if dtype in ("float32", "bfloat16"):
            scale = (2.0 ** rng.integers(0, 100, big.size)).astype(np.float32)
            big = (big.astype(np.float32) * scale).astype(big.dtype)
        return contiguous(big, (2, 700)), op((700,))
    if name == "long-rows":
        # Rows longer than a tile: the stride-0 input is duplicated over tile-sized segments of each row.
        return op((3, 9001)), op((3, 1))
    if name == "fibonacci":
        # Consecutive Fibonacci numbers: the truncating Euclid's worst case (its bound is tight for them).
        limit = {"int8": 127, "uint8": 255, "int16": 32767, "float16": 65504, "bfloat16": 256, "float32": 2**22 - 1,
                 "int32": 2**22 - 1, "int64": 2**62}
        fib = [1, 2]
        while fib[-1] + fib[-2] <= limit[dtype]:
            fib.append(fib[-1] + fib[-2])
        a = np.array(fib[:-1] + fib[1:], np.int64)
        b = np.array(fib[1:] + fib[:-1], np.int64)
        np_dtype = DTYPES[dtype][1]
        return contiguous(a.astype(np_dtype), (a.size,)), contiguous(b.astype(np_dtype), (b.size,))
    if name == "strided-slice":
        base = values(dtype, 64 * 50, rng)
        return Operand(base, (32, 50), (100, 1)), op((32, 50))  # every other row of a (64, 50) storage
    if name == "short-rows":
        # Rows of 3 elements against one broadcast row: many blocks per tile, one DMA per input and tile.
        return op((2000, 3)), op((3,))
    if name == "column":
        # One value per row repeated along short rows, with core ranges starting inside a row (a partial block).
        return op((1500, 7)), op((1500, 1))
    if name == "outer":
        # Both inputs broadcast: an outer product of a column and a row.
        return op((300, 1)), op((1, 11))
    if name == "segment-rows":
        # Rows longer than a tile with a broadcast row of the same length: row segments, both read with stride 1.
        return op((3, 9001)), op((9001,))
    if name == "huge-stride":
        # Every 4001st element of a storage: a block's span never fits UB, so no copy mode reads this view.
        base = values(dtype, 4001 * 30, rng)
        return Operand(base, (30, 40), (1, 3000)), op((40,))
    raise ValueError(name)


CASES = [
    "same-shape-tail",
    "one-side",
    "both-sides",
    "rank8",
    "scalar-other",
    "strided-slice",
    "large-values",
    "long-rows",
    "fibonacci",
    "short-rows",
    "column",
    "outer",
    "segment-rows",
]
# The copy mode each case takes on 1 and 40 cores (gcd_tiling_key.h): every broadcast of contiguous inputs is read
# whole tiles at a time (BLOCK, or SEGMENT for rows longer than a tile), and so is a view whose block spans fit a tile
# (strided-slice). Views whose spans do not (a transpose, a huge stride) are refused by the tiling: aclnnGcd never
# hands the kernel a view, its inputs are contiguous (test_views_no_copy_mode_reads_are_refused).
EXPECTED_MODES = {
    "same-shape-tail": "linear",
    "one-side": "block",
    "both-sides": "block",
    "rank8": "block",
    "scalar-other": "segment block",  # one row: longer than a tile of 40 cores, not of 1 core with 8-bit dtypes
    "strided-slice": "block",
    "large-values": "block",
    "long-rows": "segment",
    "fibonacci": "linear",
    "short-rows": "block",
    "column": "block",
    "outer": "block",
    "segment-rows": "segment",
}


def assert_same(dtype: str, got: np.ndarray, want: np.ndarray) -> None:
    if DTYPES[dtype][1].kind in "iu":
        np.testing.assert_array_equal(got, want)
        return
    got32, want32 = got.astype(np.float32), want.astype(np.float32)
    assert np.array_equal(np.isnan(got32), np.isnan(want32))
    finite = ~np.isnan(want32)
    np.testing.assert_array_equal(got32[finite], want32[finite])


@pytest.mark.parametrize("dtype", sorted(DTYPES))
@pytest.mark.parametrize("case", CASES)
def test_kernel_matches_golden_on_1_and_40_cores(run_kernel, dtype, case):
    rng = np.random.default_rng(zlib.crc32(f"{dtype}-{case}".encode()))
    self_op, other_op = make_case(case, dtype, rng)
    want = gcd_golden.gcd(self_op.view(), other_op.view()).reshape(-1)
    results = {}
    for cores in (1, 40):
        key, block_dim, got = run_kernel(dtype, cores, self_op, other_op)
        assert key & 0xF == DTYPES[dtype][0]
        assert gcd_tiling_runner.MODES[key >> 4] in EXPECTED_MODES[case].split()
        assert 1 <= block_dim <= cores
        assert_same(dtype, got, want)
        results[cores] = got
    assert results[1].tobytes() == results[40].tobytes()


@pytest.mark.parametrize("case", ["both-sides", "long-rows", "same-shape-tail", "column", "short-rows"])
def test_threaded_and_sequential_launches_agree(run_kernel, case):
    # Cores as concurrent threads and one at a time (the model's deterministic mode) must write the same bytes:
    # per-core output ranges never share a 32-byte block, and no core reads another core's output.
    self_op, other_op = make_case(case, "int16", np.random.default_rng(3))
    _, _, threaded = run_kernel("int16", 40, self_op, other_op)
    _, _, sequential = run_kernel("int16", 40, self_op, other_op, sequential=True)
    assert threaded.tobytes() == sequential.tobytes()


def limit_pairs(dtype: str) -> tuple[np.ndarray, np.ndarray]:
    """Every pair of a dtype's edge values: 0, 1, 2, the largest and smallest values and their neighbours, and the
    two largest Fibonacci numbers in range (the longest truncating Euclid)."""
    np_dtype = DTYPES[dtype][1]
    if np_dtype.kind in "iu":
        info = np.iinfo(np_dtype)
        top = min(int(info.max), 2**22 - 1) if dtype == "int32" else int(info.max)  # int32 above: the exact path
        edges = [0, 1, 2, top, top - 1, int(info.min), int(info.min) + 1, -1]
    else:
        top = {"float16": 65504.0, "bfloat16": 2.0**22 - 2.0**14, "float32": 2.0**22 - 1}[dtype]
        edges = [0.0, -0.0, 1.0, 2.0, top, top - {"float16": 32.0, "bfloat16": 2.0**14, "float32": 1.0}[dtype],
                 -top, 0.5]
    fib = [1, 2]
    while fib[-1] + fib[-2] <= abs(top):
        fib.append(fib[-1] + fib[-2])
    edges += fib[-2:]
    grid = np.array(edges, np.float64)
    a, b = np.meshgrid(grid, grid)
    return a.reshape(-1).astype(np_dtype), b.reshape(-1).astype(np_dtype)


@pytest.fixture(scope="module", params=[-1, 1], ids=["div-ulp-low", "div-ulp-high"])
def run_kernel_ulp(request, cpu_model):
    """The kernel with every fp32 Div quotient one ulp below / above IEEE (the device's documented accuracy)."""
    exe = cpu_model.build_kernel([DRIVER], defines=[f"CPU_MODEL_DIV_ULP={request.param}"],
                                 name=f"gcd_kernel_driver_div_ulp_{'low' if request.param < 0 else 'high'}")
    return kernel_runner(cpu_model, exe)


def near_tie_pairs(dtype: str) -> tuple[np.ndarray, np.ndarray]:
    """Odd a and b = k a + (a +- 1) / 2 up to the dtype's vector range: b / a lies 1 / (2a) from a tie, where a
    quotient one ulp off can round to the other side (the nearest-quotient Euclid's delicate step)."""
    top = {"int16": 32767, "float16": 2048, "bfloat16": 256, "float32": 2**22 - 1, "int32": 2**22 - 1}[dtype]
    rng = np.random.default_rng(5)
    a = rng.integers(1, top // 64, 4000) * 2 + 1
    b = (top // a - 1) * a + (a + rng.choice([-1, 1], a.size)) // 2
    np_dtype = DTYPES[dtype][1]
    return a.astype(np_dtype), b.astype(np_dtype)


@pytest.mark.parametrize("dtype", ["int8", "uint8", "int16", "float16", "bfloat16", "float32", "int32"])
@pytest.mark.parametrize("case", ["fibonacci", "limits", "near-ties"])
def test_a_quotient_one_ulp_off_changes_no_result(run_kernel_ulp, dtype, case):
    """The Euclid loop runs the trip bound of each tile's largest operand: a step whose quotient is one ulp low or
    high must still keep the bound (a quotient moved onto a tie leaves |r| = (|a| + 1) / 2, the truncating Euclid's
    r +- a is set to 0): consecutive Fibonacci numbers, the dtype's edge values and pairs next to a tie."""
    if case == "fibonacci":
        self_op, other_op = make_case("fibonacci", dtype, np.random.default_rng(0))
    elif case == "near-ties":
        if dtype in ("int8", "uint8"):
            pytest.skip(f"{dtype}: every pair is checked with the division one ulp off in test_gcd_scalar.py")
        a, b = near_tie_pairs(dtype)
        self_op, other_op = contiguous(a, (a.size,)), contiguous(b, (b.size,))
    else:
        a, b = limit_pairs(dtype)
        self_op, other_op = contiguous(a, (a.size,)), contiguous(b, (b.size,))
    want = gcd_golden.gcd(self_op.view(), other_op.view()).reshape(-1)
    _, _, got = run_kernel_ulp(dtype, 1, self_op, other_op)
    assert_same(dtype, got, want)


@pytest.mark.parametrize("case", ["non-contiguous", "huge-stride"])
def test_views_no_copy_mode_reads_are_refused(gxx, case):
    """A transpose (a row's span is 60 * 90 + 1 elements) and a stride of 3000 fit no tile: no element-wise mode
    exists for them, the tiling says VIEW_UNSUPPORTED instead of choosing a binary."""
    self_op, other_op = make_case(case, "int16", np.random.default_rng(5))
    views = [gcd_tiling_runner.View(op.shape, op.strides) for op in (self_op, other_op)]
    (result,) = gcd_tiling_runner.run_cases(gxx, [gcd_tiling_runner.Case(3, 40, *views, walk=False)])
    assert result["status"] == gcd_tiling_runner.STATUS["VIEW_UNSUPPORTED"]


def nearest_trips(a: int, b: int) -> int:
    """Trips of the kernel's nearest-quotient Euclid on one lane (a the divisor; rint ties to even, as CAST_RINT)."""
    a, b = abs(a), abs(b)
    trips = 0
    while a != 0:
        a, b = abs(b - round(b / a) * a), a
        trips += 1
    return trips


def euclid_divisions(run_kernel, monkeypatch, tmp_path, a: np.ndarray, b: np.ndarray) -> int:
    """The Div calls (one per Euclid trip) of a one-core int16 run whose tiles hold a and b (its golden checked)."""
    counters = tmp_path / "counters.jsonl"
    monkeypatch.setenv("CPU_MODEL_COUNTERS", str(counters))
    self_op, other_op = contiguous(a, (a.size,)), contiguous(b, (b.size,))
    _, _, got = run_kernel("int16", 1, self_op, other_op)
    assert_same("int16", got, gcd_golden.gcd(self_op.view(), other_op.view()).reshape(-1))
    launches = [json.loads(line) for line in counters.read_text().splitlines()]
    return sum(launch["total"]["vector_by_api"].get("Div.float", {"calls": 0})["calls"] for launch in launches)


@pytest.mark.parametrize("slowest", [None, (2378, 985), (19601, 8119)])
def test_the_euclid_stops_once_every_lane_is_done(run_kernel, monkeypatch, tmp_path, slowest):
    """One tile whose largest operand (3000, or the slowest pair's) bounds the trips: it runs EuclidFirstCheck of
    the bound (half of it) when every lane is done by then, else exactly the trips its slowest lane needs (pairs of
    the nearest Euclid's slow kind: quotients of 2), never the bound when a lane finishes before it."""
    a = np.full(1000, 3000, np.int64)
    b = np.resize(np.array([1, 2, 3, 1000, 1500, 3000, -3000, 7, 0]), a.size)
    if slowest is not None:
        a[500], b[500] = slowest
    bound = (max(int(np.abs(a).max()), int(np.abs(b).max())) - 1).bit_length() + 1  # EuclidIterations: log2 M + 1
    needed = max(nearest_trips(int(x), int(y)) for x, y in zip(a, b))
    assert needed < bound
    divisions = euclid_divisions(run_kernel, monkeypatch, tmp_path, a.astype(np.int16), b.astype(np.int16))
    assert divisions == max(needed, bound // 2)
