# ----------------------------------------------------------------------------------------------------------
# Copyright (c) 2026 op-migrate contributors.
# This program is free software, you can redistribute it and/or modify it under the terms and conditions of
# CANN Open Software License Agreement Version 2.0 (the "License").
# Please refer to the License for details. You may not use this file except in compliance with the License.
# THIS SOFTWARE IS PROVIDED ON AN "AS IS" BASIS, WITHOUT WARRANTIES OF ANY KIND, EITHER EXPRESS OR IMPLIED,
# INCLUDING BUT NOT LIMITED TO NON-INFRINGEMENT, MERCHANTABILITY, OR FITNESS FOR A PARTICULAR PURPOSE.
# See LICENSE in the root of the software repository for the full text of the License.
# ----------------------------------------------------------------------------------------------------------

"""The real ReduceAll kernel (op_kernel/reduce_all.cpp) on the CPU model of the Ascend C API, against the golden."""

from __future__ import annotations

import itertools

import numpy as np
import pytest
from reduce_all_cases import UB_A2, UB_FIXED, Case, random_int8, ub_for_capacity
from reduce_all_golden import output_shape, reduce_all

BATCH, BIG_REDUCE, FILL_TRUE, COLUMN, SPLIT = 0, 1, 2, 3, 4


def _zero_rate(rng: np.random.Generator, shape, axes) -> float:
    kept = output_shape(shape, axes, keepdim=True)
    group = max(1, int(np.prod(shape)) // max(1, int(np.prod(kept))))
    return float(rng.choice([0.0, 0.5 / group, 1.5 / group]))


def _run_and_compare(kernel_run, cases, sequential=False):
    results = kernel_run.run(cases, sequential=sequential)
    for case, result in zip(cases, results):
        assert result.ok, (case, result.error)
        expected = reduce_all(case.data, case.axes, case.keepdim)
        np.testing.assert_array_equal(result.output, expected.ravel(), err_msg=str(case))
    return results


@pytest.mark.parametrize("sequential", [False, True], ids=["threads", "sequential"])
def test_every_axis_subset_of_a_rank_4_input_on_1_and_40_cores(kernel_run, sequential) -> None:
    rng = np.random.default_rng(4)
    shape = (3, 5, 4, 7)
    cases = []
    for size in range(5):
        for axes in itertools.combinations(range(4), size):
            signed = tuple(a - 4 if rng.random() < 0.5 else a for a in axes)
            for keepdim, cores in itertools.product((False, True), (1, 40)):
                data = random_int8(rng, shape, _zero_rate(rng, shape, signed))
                cases.append(Case(shape, signed, keepdim, cores, UB_A2, data))
    assert len(cases) == 64
    results = _run_and_compare(kernel_run, cases, sequential)
    assert {r.tiling_key for r in results} == {BATCH, COLUMN}
    assert max(r.block_dim for r in results) == 40


def test_reductions_larger_than_a_tile_carry_the_partial_minimum(kernel_run) -> None:
    rng = np.random.default_rng(5)
    cases = []
    # A2-sized tiles: a contiguous run cut in segments, and a strided reduction of one byte per row.
    for shape, axes in (((2, 70000), (1,)), ((40000, 3), (0,)), ((3, 2500), (0,)), ((700, 3, 37), (0, 1))):
        for cores in (1, 40):
            for rate in (0.0, 1.0 / 70000, 1e-3):
                cases.append(Case(shape, axes, False, cores, UB_A2, random_int8(rng, shape, rate)))
    # Small tiles (256 bytes) on a rank-4 input: every subset whose reduction spans several tiles.
    shape = (6, 9, 8, 11)
    for size in range(1, 5):
        for axes in itertools.combinations(range(4), size):
            for cores in (1, 40):
                data = random_int8(rng, shape, _zero_rate(rng, shape, axes))
                cases.append(Case(shape, axes, bool(rng.random() < 0.5), cores, ub_for_capacity(256), data))
    results = _run_and_compare(kernel_run, cases)
    keys = [r.tiling_key for r in results]
    assert keys.count(BIG_REDUCE) >= 5 and keys.count(COLUMN) >= 10


@pytest.mark.parametrize("sequential", [False, True], ids=["threads", "sequential"])
def test_few_outputs_split_over_cores_with_sync_all(kernel_run, sequential) -> None:
    rng = np.random.default_rng(6)
    cases = []
    for shape, axes in (((131072,), ()), ((1024, 1024), ()), ((3, 64, 4096), (1, 2)), ((5, 200000), (-1,))):
        group = int(np.prod([shape[a] for a in axes])) if axes else int(np.prod(shape))
        for rate in (0.0, 0.5 / group, 3.0 / group):
            cases.append(Case(shape, axes, False, 40, UB_A2, random_int8(rng, shape, rate)))
    results = _run_and_compare(kernel_run, cases, sequential)
    assert {r.tiling_key for r in results} == {SPLIT}
    assert {r.block_dim for r in results} == {5, 34, 9, 7}


def test_random_shapes_axes_cores_and_tile_sizes(kernel_run) -> None:
    rng = np.random.default_rng(2026)
    cases = []
    while len(cases) < 240:
        rank = int(rng.integers(1, 7))
        shape = tuple(int(d) for d in rng.choice([1, 2, 3, 5, 8, 13, 33], size=rank))
        if int(np.prod(shape)) > 6000:
            continue
        axes = tuple(int(a) for a in np.flatnonzero(rng.random(rank) < 0.5))
        axes = tuple(a - rank if rng.random() < 0.5 else a for a in axes)
        cores = int(rng.choice([1, 3, 8, 40, 48]))
        ub = int(rng.choice([UB_A2, ub_for_capacity(256), ub_for_capacity(768)]))
        data = random_int8(rng, shape, _zero_rate(rng, shape, axes))
        cases.append(Case(shape, axes, bool(rng.random() < 0.5), cores, ub, data))
    results = _run_and_compare(kernel_run, cases)
    assert {r.tiling_key for r in results} >= {BATCH, BIG_REDUCE, COLUMN}


@pytest.mark.parametrize("cores", [1, 40])
def test_short_reductions_use_one_whole_reduce_repeat_each(kernel_run, cores) -> None:
    # Slots of 32, 64, 128 bytes take one WholeReduceMin repeat each (several calls of 240 repeats each);
    # 160 bytes is cut into a 128 and a 32 chunk.
    rng = np.random.default_rng(13)
    cases = []
    for shape in ((20000, 16), (7000, 33), (3001, 100), (2000, 129)):
        for rate in (0.0, 0.3 / shape[1], 2.0 / shape[1]):
            cases.append(Case(shape, (1,), False, cores, UB_A2, random_int8(rng, shape, rate)))
    results = _run_and_compare(kernel_run, cases)
    assert {r.tiling_key for r in results} == {BATCH}


def test_empty_dimensions(kernel_run) -> None:
    cases = [
        Case((3, 0, 4), (1,), True, 40, UB_A2, np.zeros((3, 0, 4), np.int8)),
        Case((3, 0, 4), (), False, 1, UB_A2, np.zeros((3, 0, 4), np.int8)),
        Case((0, 5), (0,), False, 40, UB_A2, np.zeros((0, 5), np.int8)),
        Case((0, 5), (1,), False, 40, UB_A2, np.zeros((0, 5), np.int8)),
        Case((2500, 0), (1,), False, 40, UB_A2, np.zeros((2500, 0), np.int8)),
    ]
    results = _run_and_compare(kernel_run, cases)
    assert [r.tiling_key for r in results] == [FILL_TRUE] * 5
    assert results[3].output.size == 0


def test_rank_0_and_rank_8_inputs(kernel_run) -> None:
    rng = np.random.default_rng(8)
    shape8 = (2, 3, 1, 2, 3, 2, 1, 3)
    cases = [
        Case((), (), False, 40, UB_A2, np.array(5, np.int8)),
        Case((), (-1,), True, 40, UB_A2, np.array(0, np.int8)),
        Case(shape8, (0, 2, 5, 7), False, 40, UB_A2, random_int8(rng, shape8, 0.05)),
        Case(shape8, (1, 3, 4, 6), True, 7, ub_for_capacity(256), random_int8(rng, shape8, 0.05)),
    ]
    _run_and_compare(kernel_run, cases)


def test_all_true_input_writes_every_output(kernel_run) -> None:
    # The driver pre-fills the output with 0x55; a kernel that skipped outputs could not match 0/1 goldens.
    (result,) = kernel_run.run([Case((4, 4), (1,), False, 40, UB_A2, np.ones((4, 4), np.int8))])
    assert result.ok and set(result.output.tolist()) == {1}


# Batched reductions longer than one vector repeat (128 halves): (shape, reduced slot bytes). The kernel cuts each
# 32-byte aligned slot into 128-half chunks: one WholeReduceMin per chunk index across the tile's reductions, or one
# per reduction with its partials reduced again, whichever takes fewer calls (RowMin in op_kernel/reduce_all.h).
LONG_ROWS = (
    ((1000, 129), 160),  # 2 chunks, 32-half tail: per chunk index
    ((300, 300), 320),  # 3 chunks, 64-half tail
    ((100, 1000), 1024),  # 8 whole chunks, a Min tree over 8 rows of partials
    ((40, 4000), 4000),  # 32 chunks, tail folded into the first, per reduction
    ((8, 20000), 20000),  # 157 chunks per reduction, then 156 partials: two levels
    ((4, 31744), 31744),  # one reduction per A2 tile: 248 chunks, then 248 partials with a 120-half tail
    ((6, 16384), 16384),  # 128 partials: the second level is one repeat
)
A2_CAPACITY = (UB_A2 - UB_FIXED) // 6 // 256 * 256


def _one_zero_in_odd_rows(rng: np.random.Generator, shape) -> np.ndarray:
    """Non-zero everywhere except one zero in every odd row, at the row's last element (the tail chunk), its first,
    either side of the first chunk boundary, then random columns: a reduction that drops or mis-combines any chunk,
    or mixes rows, gives a wrong answer somewhere."""
    data = random_int8(rng, shape, 0.0)
    length = shape[1]
    for i, row in enumerate(range(1, shape[0], 2)):
        fixed = (length - 1, 0, min(127, length - 1), min(128, length - 1))
        data[row, fixed[i] if i < len(fixed) else int(rng.integers(length))] = 0
    return data


@pytest.mark.parametrize("cores", [1, 40])
def test_batched_reductions_longer_than_a_repeat(kernel_run, cores) -> None:
    rng = np.random.default_rng(19)
    cases = [Case(shape, (1,), False, cores, UB_A2, _one_zero_in_odd_rows(rng, shape)) for shape, _ in LONG_ROWS]
    cases += [Case(shape, (-1,), True, cores, UB_A2, random_int8(rng, shape, 1.0 / shape[1])) for shape, _ in LONG_ROWS]
    results = _run_and_compare(kernel_run, cases)
    assert {r.tiling_key for r in results} == {BATCH}


def test_batched_reductions_read_no_result_on_the_scalar_unit(counting_kernel_run) -> None:
    """Batch mode: no V_S / S_V flag and no ReduceMin (which syncs inside on dav-2201) at all, whatever the
    reduction length; one DataCopyPad in and one out per tile."""
    rng = np.random.default_rng(23)
    cases = [Case(shape, (1,), False, 1, UB_A2, _one_zero_in_odd_rows(rng, shape)) for shape, _ in LONG_ROWS]
    cases.append(Case((20000, 16), (1,), False, 1, UB_A2, random_int8(rng, (20000, 16), 0.05)))
    results = _run_and_compare(counting_kernel_run, cases)
    for case, result in zip(cases, results):
        outputs, length = case.shape
        slot = -(-length // 32) * 32
        tiles = -(-outputs // min(A2_CAPACITY // slot, 1024, outputs))
        assert result.tiling_key == BATCH
        flags = {k: result.counts[k] for k in ("V_S", "S_V", "MTE2_S", "S_MTE3", "other_flags")}
        assert flags == dict.fromkeys(flags, 0), case.shape
        assert result.counts["ReduceMin"] == 0
        assert result.counts["dma"] == 2 * tiles, (case.shape, result.counts)


def test_big_reduce_and_split_read_one_minimum_per_tile(counting_kernel_run) -> None:
    """The scalar unit reads one minimum per tile (V_S, for the early stop; then S_V, so that the next tile's RowMin
    cannot overwrite it first) and hands the minima back to the vector unit once per CopyOut (S_V): big-reduce on 1
    core, split over 40 cores."""
    big, split = counting_kernel_run.run(
        [
            Case((2, 70000), (1,), False, 1, UB_A2, np.ones((2, 70000), np.int8)),
            Case((5, 200000), (1,), False, 40, UB_A2, np.ones((5, 200000), np.int8)),
        ]
    )
    assert (big.ok, big.tiling_key, set(big.output.tolist())) == (True, BIG_REDUCE, {1})
    tiles_per_output = -(-70000 // A2_CAPACITY)
    assert (big.counts["V_S"], big.counts["S_V"], big.counts["ReduceMin"]) == (2 * tiles_per_output,
                                                                              2 * tiles_per_output + 1, 0)
    assert (split.ok, split.tiling_key, set(split.output.tolist())) == (True, SPLIT, {1})
    # 7 cores, each with one 31744-byte segment of every one of the 5 rows: one tile, so one V_S, per output and core;
    # one S_V after each of those reads, one per core before it writes its partials; core 0 folds them on the vector
    # unit.
    assert split.block_dim == 7
    assert (split.counts["V_S"], split.counts["S_V"], split.counts["ReduceMin"]) == (5 * 7, 5 * 7 + 7, 0)


def _float_data(rng: np.random.Generator, dtype: str, shape, zero_rate: float) -> np.ndarray:
    """Random values of every kind (normal, subnormal, inf, NaN, both zeros): only +-0 is False."""
    import ml_dtypes

    np_dtype = np.dtype(ml_dtypes.bfloat16) if dtype == "bfloat16" else np.dtype(dtype)
    tiny = {"float16": 6e-8, "float32": 1e-45, "bfloat16": 1e-40}[dtype]
    pool = np.array([1.0, -2.5, 1e4, -3e-3, tiny, -tiny, np.inf, -np.inf, np.nan, 0.0, -0.0])
    values = np.asarray(rng.choice(pool[:-2], size=shape) * rng.uniform(0.5, 2.0, size=shape))
    values[rng.random(size=shape) < 0.2] = np.nan
    zeros = rng.random(size=shape) < zero_rate
    values[zeros] = np.where(rng.random(size=shape) < 0.5, 0.0, -0.0)[zeros]
    return values.astype(np_dtype)


@pytest.mark.parametrize("sequential", [False, True], ids=["threads", "sequential"])
def test_float_inputs_are_read_element_by_element(float_kernel_run, sequential) -> None:
    """FLOAT16 / FLOAT / BFLOAT16 x without a Cast to BOOL before the kernel: every mode (batch, big-reduce, column
    with several byte columns per output, split, fill-true) against np.all(x != 0), where -0.0 is False and NaN, inf
    and subnormals are True."""
    dtype, run = float_kernel_run
    rng = np.random.default_rng(31)
    shapes = [((3, 5, 4, 7), axes) for size in range(5) for axes in itertools.combinations(range(4), size)]
    shapes += [((2, 70000), (1,)), ((40000, 3), (0,)), ((700, 3, 37), (0, 1)), ((5, 200000), (1,)),
               ((1500, 7), (0,)), ((4096, 256), (0,)), ((3, 0, 4), (1,)), ((), ()), ((1,), (0,))]
    cases = []
    for shape, axes in shapes:
        for cores in (1, 40):
            group = int(np.prod([shape[a] for a in axes])) if axes else int(np.prod(shape))
            for rate in (0.0, 1.0 / max(1, group)):
                cases.append(Case(shape, axes, bool(rng.random() < 0.5), cores, UB_A2,
                                  _float_data(rng, dtype, shape, rate)))
    results = _run_and_compare(run, cases, sequential)
    assert {r.tiling_key for r in results} == {BATCH, BIG_REDUCE, FILL_TRUE, COLUMN, SPLIT}
