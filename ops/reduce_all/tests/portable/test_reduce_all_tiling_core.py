# ----------------------------------------------------------------------------------------------------------
# Copyright (c) 2026 op-migrate contributors.
# This program is free software, you can redistribute it and/or modify it under the terms and conditions of
# CANN Open Software License Agreement Version 2.0 (the "License").
# Please refer to the License for details. You may not use this file except in compliance with the License.
# THIS SOFTWARE IS PROVIDED ON AN "AS IS" BASIS, WITHOUT WARRANTIES OF ANY KIND, EITHER EXPRESS OR IMPLIED,
# INCLUDING BUT NOT LIMITED TO NON-INFRINGEMENT, MERCHANTABILITY, OR FITNESS FOR A PARTICULAR PURPOSE.
# See LICENSE in the root of the software repository for the full text of the License.
# ----------------------------------------------------------------------------------------------------------

"""The portable tiling core and its kernel-order walk (g++) against the golden model and the tiling invariants."""

from __future__ import annotations

import itertools
import os
import re
from pathlib import Path

import numpy as np
import pytest
from reduce_all_cases import UB_A2, UB_FIXED, Case, random_int8, ub_for_capacity
from reduce_all_golden import kept_reduced_split, output_shape, reduce_all

BATCH, BIG_REDUCE, FILL_TRUE, COLUMN, SPLIT = 0, 1, 2, 3, 4


def _random_shape(rng: np.random.Generator, rank: int, max_elements: int) -> tuple[int, ...]:
    while True:
        shape = tuple(int(d) for d in rng.choice([0, 1, 2, 3, 4, 5, 7], size=rank, p=[0.04, 0.2, 0.3, 0.2, 0.1, 0.1, 0.06]))
        if int(np.prod(shape, dtype=np.int64)) <= max_elements:
            return shape


def _signed(rng: np.random.Generator, axes: tuple[int, ...], rank: int) -> tuple[int, ...]:
    axes = tuple(a - rank if rng.random() < 0.5 else a for a in axes)
    return tuple(rng.permutation(np.array(axes, dtype=np.int64)).tolist()) if axes else ()


def _zero_rate(rng: np.random.Generator, shape, axes) -> float:
    reduced = output_shape(shape, axes, keepdim=True)
    group = max(1, int(np.prod(shape)) // max(1, int(np.prod(reduced))))
    return float(rng.choice([0.0, 0.3 / group, 1.0 / group, 0.5]))


def _check(result: dict, case: Case) -> None:
    assert result["status_name"] == "ok", case
    expected = reduce_all(case.data, case.axes, case.keepdim)
    assert result["out_shape"] == list(expected.shape)
    np.testing.assert_array_equal(result["design"], expected.ravel(), err_msg=str(case))
    np.testing.assert_array_equal(result["tiled"], expected.ravel(), err_msg=str(case))
    split = kept_reduced_split(case.shape, case.axes)
    for name, values in split.items():
        assert result[name] == values, (name, case)
    # Tiling invariants: cores split the outputs evenly (remainder on the first cores); the UB plan fits.
    used, per, tail = result["used_cores"], result["core_output_num"], result["tail_core_num"]
    assert result["ub_total"] <= case.ub_size
    assert result["max_ub_used"] <= result["tile_size"]
    assert result["tile_size"] % 256 == 0
    if result["mode"] == SPLIT:
        # Every core reduces a slice of every reduction; partials take one 32-byte aligned slot per core.
        assert result["block_dim"] == used <= case.core_num and 2 * result["total_outputs"] <= case.core_num
        assert result["workspace"] == used * (-(-result["total_outputs"] // 32) * 32)
        return
    assert result["block_dim"] == used == max(1, min(case.core_num, result["total_outputs"]))
    assert per * used + tail == result["total_outputs"] and 0 <= tail < used
    assert result["workspace"] == 0


def test_every_axis_subset_of_random_shapes_up_to_rank_8(plan_sim) -> None:
    rng = np.random.default_rng(11)
    cases = []
    for rank in range(0, 9):
        for _ in range(3 if rank <= 5 else 1):
            shape = _random_shape(rng, rank, 400)
            for size in range(rank + 1):
                for axes in itertools.combinations(range(rank), size):
                    signed = _signed(rng, axes, rank)
                    data = random_int8(rng, shape, _zero_rate(rng, shape, signed))
                    cores = int(rng.choice([1, 2, 7, 40, 48]))
                    ub = int(rng.choice([UB_A2, ub_for_capacity(256), ub_for_capacity(512)]))
                    cases.append(Case(shape, signed, bool(rng.random() < 0.5), cores, ub, data))
    assert len(cases) > 600
    for case, result in zip(cases, plan_sim.run(cases)):
        _check(result, case)


def test_large_random_tensors_at_the_a2_ub_size(plan_sim) -> None:
    rng = np.random.default_rng(7)
    shapes_axes = [
        ((2, 70000), (1,)),  # innermost run longer than a tile: segmented rows, big-reduce
        ((70000, 2), (0,)),  # strided reduction, one element per 32-byte slot
        ((3, 40, 50, 60), (0, 2)),
        ((64, 33, 17), (-1,)),
        ((5, 4096, 9), (1,)),
        ((131072,), ()),
        ((9, 8, 7, 6, 5), (0, 2, 4)),
        ((4000, 31), (1,)),
    ]
    cases = []
    for shape, axes in shapes_axes:
        for cores in (1, 40):
            data = random_int8(rng, shape, _zero_rate(rng, shape, axes))
            cases.append(Case(shape, axes, bool(rng.random() < 0.5), cores, UB_A2, data))
    results = plan_sim.run(cases)
    for case, result in zip(cases, results):
        _check(result, case)
    assert {r["mode"] for r in results} == {BATCH, BIG_REDUCE, COLUMN, SPLIT}


@pytest.mark.parametrize(
    ("shape", "axes", "capacity", "mode", "tile_num", "tail_rows"),
    [
        ((256,), (0,), 256, BATCH, 1, 1),  # the reduction fills the tile exactly
        ((257,), (0,), 256, BIG_REDUCE, 2, 1),  # one element more: the run is cut in two segments
        ((512, 3), (1,), 256, BATCH, 1, 1),  # short rows: 8 reductions of 32-byte slots per tile
        ((8, 5, 32), (0, 2), 256, BATCH, 1, 8),  # 8 strided rows x 32 bytes = 256: still one tile
        ((9, 5, 32), (0, 2), 256, BIG_REDUCE, 2, 1),  # 9 rows: the carried minimum spans 2 tiles
        ((4, 40), (0,), 256, COLUMN, 1, 4),  # innermost axis kept: 4 rows of 64-byte slots fill the tile
        ((5, 40), (0,), 256, COLUMN, 2, 1),  # one row more: the running minimum spans 2 tiles
        ((3, 1000, 2), (1,), 512, COLUMN, 63, 8),
    ],
)
def test_boundary_where_a_reduction_stops_fitting_a_tile(plan_sim, shape, axes, capacity, mode, tile_num, tail_rows):
    rng = np.random.default_rng(3)
    data = random_int8(rng, shape, 0.002)
    (result,) = plan_sim.run([Case(shape, axes, False, 4, ub_for_capacity(capacity), data)])
    _check(result, Case(shape, axes, False, 4, ub_for_capacity(capacity), data))
    assert result["tile_size"] == capacity
    assert (result["mode"], result["tile_num"], result["tail_tile_rows"]) == (mode, tile_num, tail_rows)


def test_batch_count_is_bounded_by_capacity_and_by_the_outputs_of_a_core(plan_sim) -> None:
    cases = [
        Case((4096, 40), (1,), False, 1),
        Case((4096, 40), (1,), False, 40),
        Case((100000, 3), (1,), False, 1),
        Case((100000, 3), (1,), False, 1, 262144),
    ]
    r1, r40, a2, big_ub = plan_sim.run(cases)
    assert r1["mode"] == BATCH and r1["reduce_slot_bytes"] == 64
    assert r1["tile_batch"] == r1["tile_size"] // 64
    assert r40["tile_batch"] == 4096 // 40 + 1  # capped by the largest per-core output count
    assert a2["tile_batch"] == a2["tile_size"] // 32 < 1024  # on A2 every batch fits the out queue
    assert big_ub["tile_batch"] == 1024  # a larger UB hits the out-queue cap


def test_column_mode_blocks_are_capped_by_the_out_queue(plan_sim) -> None:
    rng = np.random.default_rng(9)
    cases = [Case((3, 2000), (0,), False, 1, UB_A2, random_int8(rng, (3, 2000), 0.1))]
    cases.append(Case((5, 3, 2000), (1,), True, 40, UB_A2, random_int8(rng, (5, 3, 2000), 0.1)))
    cases.append(Case((3, 700), (0,), False, 3, ub_for_capacity(256), random_int8(rng, (3, 700), 0.1)))
    results = plan_sim.run(cases)
    for case, result in zip(cases, results):
        _check(result, case)
        assert result["mode"] == COLUMN
    # The width is capped by the out queue (1024 outputs) and by the tile, so one row always fits.
    assert [r["col_width"] for r in results] == [1024, 1024, 256]
    assert results[2]["rows_per_tile"] == 1 and results[2]["tile_num"] == 3


def test_few_outputs_with_long_reductions_split_rows_over_the_cores(plan_sim) -> None:
    rng = np.random.default_rng(12)
    specs = [((131072,), (), 5), ((1024, 1024), (), 34), ((3, 64, 4096), (1, 2), 9), ((64, 1024), (1,), None)]
    cases = [Case(shape, axes, False, 40, UB_A2, random_int8(rng, shape, 2e-6)) for shape, axes, _ in specs]
    results = plan_sim.run(cases)
    for case, result, (_, _, split) in zip(cases, results, specs):
        _check(result, case)
        if split is None:
            assert result["mode"] != SPLIT  # 64 outputs keep the per-output split over 40 cores
        else:
            assert (result["mode"], result["used_cores"]) == (SPLIT, split)
    # The same reductions on one core (or with too little work per core) stay in the single-core modes.
    (single,) = plan_sim.run([Case((131072,), (), False, 1, UB_A2, random_int8(rng, (131072,), 0.0))])
    assert single["mode"] == BIG_REDUCE


def test_empty_reduction_fills_true_without_reading(plan_sim) -> None:
    cases = [
        Case((3, 0, 4), (1,), True, 40, UB_A2, np.zeros((3, 0, 4), np.int8)),
        Case((0, 5), (0,), False, 40, UB_A2, np.zeros((0, 5), np.int8)),
        Case((2, 0), (0,), False, 40, UB_A2, np.zeros((2, 0), np.int8)),
    ]
    fill, fill_all_true, empty_out = plan_sim.run(cases)
    assert fill["mode"] == FILL_TRUE and fill["tiled"].tolist() == [1] * 12
    assert fill_all_true["tiled"].tolist() == [1] * 5
    assert empty_out["total_outputs"] == 0 and empty_out["tiled"].size == 0 and empty_out["block_dim"] == 1


@pytest.mark.parametrize(
    ("case", "status"),
    [
        (Case((2, 3), (1, -1)), "axis-duplicate"),
        (Case((2, 3), (2,)), "axis-out-of-range"),
        (Case((2, 3), (-3,)), "axis-out-of-range"),
        (Case((1,) * 9, ()), "rank-too-large"),
        (Case((2, 3), (), core_num=0), "core-num-invalid"),
        (Case((2, 3), (), ub_size=UB_FIXED + 6 * 255), "ub-too-small"),
    ],
)
def test_invalid_inputs_are_refused_with_a_status(plan_sim, case, status) -> None:
    (result,) = plan_sim.run([case])
    assert result["status_name"] == status


# Ascend C calls that use the system workspace GetLibApiWorkSpaceSize reserves (its first 16 MiB): GetUserWorkspace
# finds the user part behind it, the sys pointer itself, the software SyncAll, Matmul's KFC client.
SYSTEM_WORKSPACE_USERS = ("GetUserWorkspace", "GetSysWorkSpacePtr", "SetSysWorkspace", "SyncAll<false",
                          "Matmul", "KfcClient")


def test_the_tiling_asks_only_for_the_split_partials() -> None:
    """The hardware SyncAll of the split mode needs no workspace; the partials are the only bytes requested, at the
    start of the workspace the kernel is given."""
    op_dir = Path(__file__).resolve().parents[2]
    kernel = "".join(path.read_text(encoding="utf-8") for path in sorted((op_dir / "op_kernel").glob("*")))
    used = [name for name in SYSTEM_WORKSPACE_USERS if name in kernel]
    tiling = (op_dir / "op_host" / "reduce_all_tiling.cpp").read_text(encoding="utf-8")
    assert not used, used
    assert "GetLibApiWorkSpaceSize" not in tiling
    assert "workspaces[0] = static_cast<size_t>(result.userWorkspaceBytes);" in tiling


def test_empty_axes_reduce_every_axis_as_ops_math_reduce_all_infers(plan_sim) -> None:
    """ops-math's ReduceAll InferShape (math/reduce_all/op_host/reduce_all_infershape.cpp) calls
    InferShape4ReduceCommon with hasNoopAttr = false: empty axes reduce every axis (all dims 1 with keep_dims, a scalar
    without; a 0-d x stays 0-d), the contract aclnnAll's docs state for an empty dim. The same shapes here."""
    cases = [Case((2, 3, 4), (), False), Case((2, 3, 4), (), True), Case((), (), False), Case((), (), True),
             Case((5,), (), True)]
    results = plan_sim.run(cases)
    assert [r["out_shape"] for r in results] == [[], [1, 1, 1], [], [], [1]]
    assert [r["total_outputs"] for r in results] == [1, 1, 1, 1, 1]


@pytest.mark.requires_opsmath
@pytest.mark.skipif(not os.environ.get("OPS_MATH"), reason="OPS_MATH=<hicann/ops-math checkout> is not set")
def test_ops_math_still_infers_empty_axes_as_every_axis() -> None:
    root = Path(os.environ["OPS_MATH"])
    infer = (root / "math/reduce_all/op_host/reduce_all_infershape.cpp").read_text(encoding="utf-8")
    assert re.search(r'InferShape4ReduceCommon\(context, "InferShape4ReduceAll", false\)', infer)
    util = (root / "common/inc/op_host/infershape_reduce_util.h").read_text(encoding="utf-8")
    assert re.search(r"if \(hasNoopAttr\) \{.*?\} else \{\s*//[^\n]*\n\s*noopWithEmptyAxesValue = false;", util, re.S)
