# ----------------------------------------------------------------------------------------------------------------------
# Copyright (c) 2026 op-migrate contributors.
# This program is free software, you can redistribute it and/or modify it under the terms and conditions of
# CANN Open Software License Agreement Version 2.0 (the "License").
# Please refer to the License for details. You may not use this file except in compliance with the License.
# THIS SOFTWARE IS PROVIDED ON AN "AS IS" BASIS, WITHOUT WARRANTIES OF ANY KIND, EITHER EXPRESS OR IMPLIED,
# INCLUDING BUT NOT LIMITED TO NON-INFRINGEMENT, MERCHANTABILITY, OR FITNESS FOR A PARTICULAR PURPOSE.
# See LICENSE in the root of the software repository for the full text of the License.
# ----------------------------------------------------------------------------------------------------------------------
"""Host tiling core and tile walk of Gcd against NumPy broadcasting, with the tiling invariants as properties."""

from __future__ import annotations

from pathlib import Path

import numpy as np
import pytest

from gcd_tiling_runner import DTYPES, STATUS, TILE_FIELDS, UB_RESERVED, UB_SIZE, Case, View, contiguous, run_cases

OP_DIR = Path(__file__).resolve().parents[2]


def reference_offsets(view: View, out_shape: tuple[int, ...]) -> np.ndarray:
    """Element offset of every output element in `view`, through NumPy broadcasting of an index grid."""
    offsets = np.zeros(view.shape, np.int64)
    for axis, (dim, stride) in enumerate(zip(view.shape, view.strides)):
        shape = [1] * len(view.shape)
        shape[axis] = dim
        offsets = offsets + (np.arange(dim, dtype=np.int64) * stride).reshape(shape)
    return np.broadcast_to(offsets, out_shape).ravel()


def random_view(rng: np.random.Generator, out_shape: tuple[int, ...], full_rank: bool = False,
                strided: bool = True) -> View:
    rank = len(out_shape) if full_rank else int(rng.integers(1, len(out_shape) + 1))
    shape = tuple(d if rng.random() < 0.6 else 1 for d in out_shape[len(out_shape) - rank :])
    if not strided or rng.random() < 0.5:
        return contiguous(shape)
    # Non-contiguous: a random memory order of the dims (a transpose) and gaps between rows (a slice).
    order = rng.permutation(rank)
    strides, acc = [0] * rank, 1
    for axis in reversed(order):
        strides[axis] = acc
        acc *= shape[axis] * int(rng.integers(1, 3))
    return View(shape, tuple(strides))


def random_cases(seed: int, count: int, strided: bool = True) -> list[Case]:
    rng = np.random.default_rng(seed)
    cases = []
    for _ in range(count):
        rank = int(rng.integers(1, 9))
        out_shape = tuple(int(v) for v in rng.integers(1, 5, rank))
        if rng.random() < 0.2:
            out_shape = out_shape[:-1] + (int(rng.integers(200, 12000)),)  # long rows: several tiles and cores
        elif rng.random() < 0.25:
            out_shape = (int(rng.integers(300, 3000)),) + out_shape[1:]  # many short rows: many blocks per tile
        while int(np.prod(out_shape)) > 60_000:
            out_shape = out_shape[1:]
        a = random_view(rng, out_shape, full_rank=True, strided=strided)
        b = random_view(rng, out_shape, strided=strided)
        if rng.random() < 0.5:
            a, b = b, a
        cases.append(Case(int(rng.integers(1, 9)), int(rng.choice([1, 2, 8, 40, 48])), a, b))
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
    assert r["key"] & 0xF == case.dtype_code
    ranges = r["ranges"]
    assert ranges[0, 0] == 0 and ranges[-1, 1] == total
    assert np.all(ranges[1:, 0] == ranges[:-1, 1]), "ranges must tile [0, total) in order without gaps or overlap"
    assert np.all(ranges[:, 1] > ranges[:, 0]) or total == 0
    check_tiles(r)


def check_tiles(r: dict) -> None:
    """Each core's tiles cover its range in order; each mode's tile rules hold (see gcd_walk.h NextTile)."""
    tiles = {name: r["tiles"][:, i] for i, name in enumerate(TILE_FIELDS)}
    begin, count = tiles["begin"], tiles["count"]
    assert np.all(count >= 1) and np.all(count <= r["tileNum"])
    starts = set(r["ranges"][:, 0].tolist())
    ends = set(r["ranges"][:, 1].tolist())
    assert np.all((begin[1:] == begin[:-1] + count[:-1]) | np.isin(begin[1:], list(starts)))
    assert set((begin + count)[np.isin(begin + count, list(ends))].tolist()) == ends - {0}
    if r["mode"] == "segment":
        row = r["words"][16 + r["rank"] - 1]  # outShape[rank - 1]
        assert np.all(begin // row == (begin + count - 1) // row), "a segment never crosses a row end"
    if r["mode"] != "block":
        return
    size, row = r["blockSize"], r["blockSize"] * r["rowBlocks"]
    assert np.all(begin // row == (begin + count - 1) // row), "a tile never crosses a row of blocks"
    assert np.all(tiles["block"] == begin // size) and np.all(tiles["phase"] == begin % size)
    head = tiles["phase"] != 0
    assert np.all(np.isin(begin[head], list(starts))), "only a core's first tile starts inside a block"
    assert np.all(tiles["blocks"][head] == 1) and np.all(tiles["blocks"] <= r["blocksPerTile"])
    for name in ("self", "other"):
        gathered = r[f"{name}Linear"] == 0
        spans = tiles[f"{name}Span"]
        assert np.all((spans > 0) == gathered) and np.all(spans <= r["tileNum"]), "a gathered span fits the queue"
        if gathered:  # every gathered lane lies inside the span the tile copied
            offsets = np.split(r[name], np.cumsum(count)[:-1])
            for base, span, lanes in zip(tiles[f"{name}Base"], spans, offsets):
                assert lanes.min() >= base and lanes.max() < base + span


def block_mode_tile(size: int, per_core: int) -> int:
    """The tile the host chooses BLOCK mode's block with (two gathered inputs), recomputed from the UB layout that
    gcd_walk.h PlanUb documents: 3 double-buffered queues, 5 fp32 buffers, a half buffer, 2 masks, and per gathered
    input a uint32 table and a lane buffer (int64: queues and tables only)."""
    def up(v: int) -> int:
        return (v + 31) // 32 * 32

    tile = 8192
    while tile > 0:
        vector = size != 8
        total = 6 * up(tile * size) + 2 * up(tile * 4)
        if vector:
            total += 5 * up(tile * 4) + up(tile * 2) + 2 * up(tile // 8) + 2 * up(tile * max(2, size))
        if total <= UB_SIZE - UB_RESERVED:
            break
        tile -= 64
    return min(tile, (per_core + 63) // 64 * 64)


def check_offsets(case: Case, r: dict) -> None:
    out_shape = np.broadcast_shapes(case.self_view.shape, case.other_view.shape)
    np.testing.assert_array_equal(r["self"], reference_offsets(case.self_view, out_shape), err_msg=str(case))
    np.testing.assert_array_equal(r["other"], reference_offsets(case.other_view, out_shape), err_msg=str(case))


def test_kernel_reads_match_numpy_broadcasting_on_random_views(gxx):
    """Strided views: each is read by a whole-tile copy mode or refused (VIEW_UNSUPPORTED) when its block spans fit
    no tile and its rows are not read with stride 0 or 1; aclnnGcd never hands the kernel one (its inputs are
    contiguous), so there is no element-wise mode."""
    cases = random_cases(seed=2026, count=400)
    results = run_cases(gxx, cases)
    read = [(case, r) for case, r in zip(cases, results) if r["status"] == STATUS["OK"]]
    refused = [r for r in results if r["status"] == STATUS["VIEW_UNSUPPORTED"]]
    assert len(read) + len(refused) == len(cases) and len(refused) > 10
    assert sum(r["usedCoreNum"] > 1 for _, r in read) > 20, "the sample must exercise multi-core ranges"
    assert sum(r["perCoreNum"] > r["tileNum"] for _, r in read) > 5, "and cores with several tiles"
    assert sum(len(np.broadcast_shapes(c.self_view.shape, c.other_view.shape)) == 8 for c, _ in read) > 20
    modes = [r["mode"] for _, r in read]
    assert all(modes.count(m) > 10 for m in ("linear", "block", "segment")), modes
    assert sum(r["mode"] == "block" and len(r["tiles"]) > r["usedCoreNum"] for _, r in read) > 20
    assert sum(r["mode"] == "block" and (r["tiles"][:, 3] != 0).any() for _, r in read) > 10, "head blocks"
    for case, r in read:
        check_invariants(case, r)
        check_offsets(case, r)


def test_contiguous_broadcasts_never_read_element_by_element(gxx):
    # What aclnnGcd hands the kernel: contiguous inputs (any broadcast). Every one takes a whole-tile copy mode.
    cases = random_cases(seed=19, count=400, strided=False)
    results = run_cases(gxx, cases)
    assert {r["mode"] for r in results} == {"linear", "block", "segment"}
    for case, r in zip(cases, results):
        check_invariants(case, r)
        check_offsets(case, r)
        if r["mode"] == "segment":  # only rows longer than the tile leave the BLOCK mode
            size = DTYPES[case.dtype_code][1]
            assert r["words"][16 + r["rank"] - 1] > block_mode_tile(size, r["perCoreNum"])


def test_seed_broadcast_shape_takes_two_dmas_per_tile(gxx):
    # gcd-native's broadcast-both case: self [256, 1, 32], other [1, 512, 32], float32 on 40 cores. self repeats one
    # 32-element row along the middle dim (one DMA of 32 elements and a gather per tile), other is read linearly.
    (r,) = run_cases(gxx, [Case(6, 40, contiguous((256, 1, 32)), contiguous((1, 512, 32)))])
    assert r["mode"] == "block" and r["blockSize"] == 32 and r["rowBlocks"] == 512
    assert (r["selfLinear"], r["otherLinear"], r["selfBlockStep"]) == (0, 1, 0)
    spans = r["tiles"][:, TILE_FIELDS.index("selfSpan")]
    assert np.all(spans == 32)
    # Tiles hold blocksPerTile blocks but stop at each run of 512 blocks: at most one short tile per run and core.
    runs = r["totalNum"] // (32 * 512) + r["usedCoreNum"]
    assert len(r["tiles"]) <= r["totalNum"] // (r["blocksPerTile"] * 32) + runs


def test_same_shape_contiguous_inputs_merge_to_one_linear_dim(gxx):
    case = Case(6, 40, contiguous((4, 5, 6, 7)), contiguous((4, 5, 6, 7)))
    (r,) = run_cases(gxx, [case])
    assert r["key"] == 6 and r["mode"] == "linear" and r["rank"] == 1 and r["totalNum"] == 840
    assert r["usedCoreNum"] == 1  # 840 elements stay below one core's minimum of 1024


def test_rank8_both_side_broadcast_keeps_alternating_dims(gxx):
    a = contiguous((2, 1, 3, 1, 2, 1, 3, 1))
    b = contiguous((1, 2, 1, 3, 1, 2, 1, 5))
    (r,) = run_cases(gxx, [Case(3, 40, a, b)])
    assert r["key"] == 3 | 16 and r["rank"] == 8 and r["totalNum"] == 2160
    # A core takes 1024 elements: the block is the largest inner suffix of dims within that, [3, 3, 2, 2, 3, 5] = 540,
    # and dim 1 (2 long) holds the rows of blocks.
    assert (r["blockStart"], r["blockSize"], r["rowBlocks"]) == (2, 540, 2) and r["tileNum"] == 1024


def test_large_output_splits_over_all_cores_with_a_tail(gxx):
    for code, (_, size) in DTYPES.items():
        (r,) = run_cases(gxx, [Case(code, 40, contiguous((1_000_003,)), contiguous((1,)), walk=False)])
        assert r["usedCoreNum"] == 40 and r["perCoreNum"] % (32 // size) == 0 and r["mode"] == "segment"
        assert r["lastCoreNum"] == 1_000_003 - 39 * r["perCoreNum"] and 0 < r["lastCoreNum"] <= r["perCoreNum"]
        assert r["tileNum"] < r["perCoreNum"], "a big core range is processed in several UB tiles"


@pytest.mark.parametrize(
    ("self_view", "other_view", "status"),
    [
        (contiguous((3, 4)), contiguous((5,)), "NOT_BROADCASTABLE"),
        (View((), ()), contiguous((5,)), "BAD_RANK"),
        (contiguous((1,) * 9), contiguous((5,)), "BAD_RANK"),
        (View((2, -1), (1, 1)), contiguous((1,)), "BAD_DIM"),
        (View((2, 3), (3, -1)), contiguous((1,)), "BAD_STRIDE"),
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
    assert r["mode"] == "linear" and len(r["tiles"]) == 0


def test_more_than_2_pow_31_elements_split_without_overflow(gxx):
    total = 2**31 + 5
    cases = [Case(code, 40, contiguous((total,)), contiguous((1,)), walk=False) for code in DTYPES]
    for case, r in zip(cases, run_cases(gxx, cases)):
        size = DTYPES[case.dtype_code][1]
        assert r["totalNum"] == total and r["usedCoreNum"] == 40
        assert r["perCoreNum"] * 39 + r["lastCoreNum"] == total and 0 < r["lastCoreNum"] <= r["perCoreNum"]
        assert r["perCoreNum"] % (32 // size) == 0


# Ascend C calls that use the system workspace the tiling reserves with GetLibApiWorkSpaceSize (its first 16 MiB):
# the user workspace found behind it, the sys pointer, the software SyncAll, Matmul's KFC client.
SYSTEM_WORKSPACE_USERS = ("GetUserWorkspace", "GetSysWorkSpacePtr", "SetSysWorkspace", "SyncAll<false",
                          "Matmul", "KfcClient")


def test_the_tiling_asks_for_no_system_workspace_the_kernel_does_not_use() -> None:
    """GetLibApiWorkSpaceSize() is 16 MiB on every call: only a kernel that calls a system-workspace user needs it."""
    kernel = "".join(path.read_text(encoding="utf-8") for path in sorted((OP_DIR / "op_kernel").glob("*")))
    used = [name for name in SYSTEM_WORKSPACE_USERS if name in kernel]
    tiling = (OP_DIR / "op_host" / "gcd_tiling.cpp").read_text(encoding="utf-8")
    assert used or "GetLibApiWorkSpaceSize" not in tiling, "gcd_tiling.cpp reserves a system workspace nothing uses"
    assert "workspaces[0] = static_cast<size_t>(result.workspaceSize);" in tiling  # the core's figure, as requested
