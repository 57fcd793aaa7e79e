# ----------------------------------------------------------------------------------------------------------------------
# Copyright (c) 2026 op-migrate contributors.
# This program is free software, you can redistribute it and/or modify it under the terms and conditions of
# CANN Open Software License Agreement Version 2.0 (the "License").
# Please refer to the License for details. You may not use this file except in compliance with the License.
# THIS SOFTWARE IS PROVIDED ON AN "AS IS" BASIS, WITHOUT WARRANTIES OF ANY KIND, EITHER EXPRESS OR IMPLIED,
# INCLUDING BUT NOT LIMITED TO NON-INFRINGEMENT, MERCHANTABILITY, OR FITNESS FOR A PARTICULAR PURPOSE.
# See LICENSE in the root of the software repository for the full text of the License.
# ----------------------------------------------------------------------------------------------------------------------
"""Host tiling core and offset cursor of Gcd against NumPy broadcasting, with the tiling invariants as properties."""

from __future__ import annotations

import numpy as np
import pytest

from gcd_tiling_runner import DTYPES, STATUS, UB_RESERVED, Case, View, contiguous, run_cases

def reference_offsets(view: View, out_shape: tuple[int, ...]) -> np.ndarray:
    """Element offset of every output element in `view`, through NumPy broadcasting of an index grid."""
    offsets = np.zeros(view.shape, np.int64)
    for axis, (dim, stride) in enumerate(zip(view.shape, view.strides)):
        shape = [1] * len(view.shape)
        shape[axis] = dim
        offsets = offsets + (np.arange(dim, dtype=np.int64) * stride).reshape(shape)
    return np.broadcast_to(offsets, out_shape).ravel()


def random_view(rng: np.random.Generator, out_shape: tuple[int, ...], full_rank: bool = False) -> View:
    rank = len(out_shape) if full_rank else int(rng.integers(1, len(out_shape) + 1))
    shape = tuple(d if rng.random() < 0.6 else 1 for d in out_shape[len(out_shape) - rank :])
    if rng.random() < 0.5:
        return contiguous(shape)
    # Non-contiguous: a random memory order of the dims (a transpose) and gaps between rows (a slice).
    order = rng.permutation(rank)
    strides, acc = [0] * rank, 1
    for axis in reversed(order):
        strides[axis] = acc
        acc *= shape[axis] * int(rng.integers(1, 3))
    return View(shape, tuple(strides))


def random_cases(seed: int, count: int) -> list[Case]:
    rng = np.random.default_rng(seed)
    cases = []
    for _ in range(count):
        rank = int(rng.integers(1, 9))
        out_shape = tuple(int(v) for v in rng.integers(1, 5, rank))
        if rng.random() < 0.2:
            out_shape = out_shape[:-1] + (int(rng.integers(200, 3000)),)  # long rows: several tiles and cores
        while int(np.prod(out_shape)) > 60_000:
            out_shape = out_shape[1:]
        a, b = random_view(rng, out_shape, full_rank=True), random_view(rng, out_shape)
        if rng.random() < 0.5:
            a, b = b, a
        cases.append(Case(int(rng.integers(1, 7)), int(rng.choice([1, 2, 8, 40, 48])), a, b))
    return cases


def check_invariants(case: Case, r: dict) -> None:
    size = DTYPES[case.dtype_code][1]
    out_shape = np.broadcast_shapes(case.self_view.shape, case.other_view.shape)
    total = int(np.prod(out_shape))
    assert r["status"] == 0
    assert r["totalNum"] == total
    assert 1 <= r["usedCoreNum"] <= case.cores and r["blockDim"] == r["usedCoreNum"]
    assert r["perCoreNum"] % (32 // size) == 0
    assert r["tileNum"] % 64 == 0 and r["tileNum"] > 0
    assert r["ubBytes"] <= case.ub_size - UB_RESERVED
    assert r["workspace"] == 0
    ranges = r["ranges"]
    assert ranges[0, 0] == 0 and ranges[-1, 1] == total
    assert np.all(ranges[1:, 0] == ranges[:-1, 1]), "ranges must tile [0, total) in order without gaps or overlap"
    assert np.all(ranges[:, 1] > ranges[:, 0]) or total == 0
    key = r["key"]
    assert key & 0x7 == case.dtype_code
    broadcast = any(
        o != 1 and (s != o or t != o)
        for o, s, t in zip(
            out_shape[::-1],
            case.self_view.shape[::-1] + (1,) * 8,
            case.other_view.shape[::-1] + (1,) * 8,
        )
    )
    assert bool(key & 8) == broadcast
    non_contiguous = any(contiguous(v.shape).strides != v.strides and not _only_unit_dims_differ(v)
                         for v in (case.self_view, case.other_view))
    assert bool(key & 16) == non_contiguous


def _only_unit_dims_differ(view: View) -> bool:
    ref = contiguous(view.shape)
    return all(d == 1 or s == t for d, s, t in zip(view.shape, view.strides, ref.strides))


def test_cursor_offsets_match_numpy_broadcasting_on_random_views(gxx):
    cases = random_cases(seed=2026, count=400)
    results = run_cases(gxx, cases)
    assert sum(r["usedCoreNum"] > 1 for r in results) > 20, "the sample must exercise multi-core ranges"
    assert sum(r["perCoreNum"] > r["tileNum"] for r in results) > 5, "and cores with several tiles"
    assert sum(len(np.broadcast_shapes(c.self_view.shape, c.other_view.shape)) == 8 for c in cases) > 20
    assert sum(r["rank"] >= 4 for r in results) > 20 and sum(r["key"] & 16 != 0 for r in results) > 100
    for case, r in zip(cases, results):
        check_invariants(case, r)
        out_shape = np.broadcast_shapes(case.self_view.shape, case.other_view.shape)
        np.testing.assert_array_equal(r["self"], reference_offsets(case.self_view, out_shape), err_msg=str(case))
        np.testing.assert_array_equal(r["other"], reference_offsets(case.other_view, out_shape), err_msg=str(case))


def test_row_segments_cover_each_core_range_within_rows_and_tiles(gxx):
    cases = random_cases(seed=7, count=300)
    results = run_cases(gxx, cases)
    assert sum(r["rowcopy"] for r in results) > 30
    for case, r in zip(cases, results):
        if not r["rowcopy"]:
            continue
        align = 32 // DTYPES[case.dtype_code][1]
        row_len = r["words"][6 + r["rank"] - 1]  # outShape[rank - 1]
        seg = r["segments"]
        pos, length, slot, used = seg[:, 0], seg[:, 1], seg[:, 2], seg[:, 3]
        assert np.all(length > 0) and np.all(slot % align == 0) and np.all(slot - length < align)
        assert np.all(used + slot <= r["tileNum"]) and np.all(used % align == 0)
        assert np.all(pos // row_len == (pos + length - 1) // row_len), "a segment never crosses a row end"
        covered = np.zeros(r["totalNum"], np.int64)
        for p, n in zip(pos, length):
            covered[p : p + n] += 1
        assert np.all(covered == 1), "segments cover [0, total) exactly once"


def test_same_shape_contiguous_inputs_merge_to_one_linear_dim(gxx):
    case = Case(6, 40, contiguous((4, 5, 6, 7)), contiguous((4, 5, 6, 7)))
    (r,) = run_cases(gxx, [case])
    assert r["key"] == 6 and r["rank"] == 1 and r["totalNum"] == 840
    assert r["usedCoreNum"] == 1  # 840 elements stay below one core's minimum of 1024


def test_rank8_both_side_broadcast_keeps_alternating_dims(gxx):
    a = contiguous((2, 1, 3, 1, 2, 1, 3, 1))
    b = contiguous((1, 2, 1, 3, 1, 2, 1, 5))
    (r,) = run_cases(gxx, [Case(3, 40, a, b)])
    assert r["key"] == 3 | 8 and r["rank"] == 8 and r["totalNum"] == 2160


def test_large_output_splits_over_all_cores_with_a_tail(gxx):
    for code, (_, size) in DTYPES.items():
        (r,) = run_cases(gxx, [Case(code, 40, contiguous((1_000_003,)), contiguous((1,)), walk=False)])
        assert r["usedCoreNum"] == 40 and r["perCoreNum"] % (32 // size) == 0
        assert r["lastCoreNum"] == 1_000_003 - 39 * r["perCoreNum"] and 0 < r["lastCoreNum"] <= r["perCoreNum"]
        assert r["tileNum"] < r["perCoreNum"], "a big core range is processed in several UB tiles"


@pytest.mark.parametrize(
    ("self_view", "other_view", "status"),
    [
        (contiguous((3, 4)), contiguous((5,)), "NOT_BROADCASTABLE"),
        (View((), ()), contiguous((5,)), "BAD_RANK"),
        (contiguous((1,) * 9), contiguous((5,)), "BAD_RANK"),
        (View((2, -1), (1, 1)), contiguous((1,)), "BAD_DIM"),
    ],
)
def test_invalid_shapes_are_reported_not_tiled(gxx, self_view, other_view, status):
    (r,) = run_cases(gxx, [Case(6, 40, self_view, other_view)])
    assert r["status"] == STATUS[status]


def test_bad_dtype_and_platform_are_reported(gxx):
    view = contiguous((8,))
    bad_dtype, no_cores, tiny_ub = run_cases(
        gxx, [Case(0, 40, view, view), Case(6, 0, view, view), Case(6, 40, view, view, ub_size=4096)]
    )
    assert bad_dtype["status"] == STATUS["BAD_DTYPE"]
    assert no_cores["status"] == STATUS["BAD_PLATFORM"]
    assert tiny_ub["status"] == STATUS["BAD_PLATFORM"]


def test_empty_output_runs_one_idle_core(gxx):
    (r,) = run_cases(gxx, [Case(1, 40, contiguous((0, 4)), contiguous((1, 4)))])
    assert r["status"] == 0 and r["totalNum"] == 0 and r["usedCoreNum"] == 1 and r["lastCoreNum"] == 0


def test_more_than_2_pow_31_elements_split_without_overflow(gxx):
    total = 2**31 + 5
    cases = [Case(code, 40, contiguous((total,)), contiguous((1,)), walk=False) for code in DTYPES]
    for case, r in zip(cases, run_cases(gxx, cases)):
        size = DTYPES[case.dtype_code][1]
        assert r["totalNum"] == total and r["usedCoreNum"] == 40
        assert r["perCoreNum"] * 39 + r["lastCoreNum"] == total and 0 < r["lastCoreNum"] <= r["perCoreNum"]
        assert r["perCoreNum"] % (32 // size) == 0
