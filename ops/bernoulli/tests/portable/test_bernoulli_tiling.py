# ----------------------------------------------------------------------------------------------------------------------
# Copyright (c) 2026 op-migrate contributors.
# This program is free software, you can redistribute it and/or modify it under the terms and conditions of
# CANN Open Software License Agreement Version 2.0 (the "License").
# Please refer to the License for details. You may not use this file except in compliance with the License.
# THIS SOFTWARE IS PROVIDED ON AN "AS IS" BASIS, WITHOUT WARRANTIES OF ANY KIND, EITHER EXPRESS OR IMPLIED,
# INCLUDING BUT NOT LIMITED TO NON-INFRINGEMENT, MERCHANTABILITY, OR FITNESS FOR A PARTICULAR PURPOSE.
# See LICENSE in the root of the software repository for the full text of the License.
# ----------------------------------------------------------------------------------------------------------------------
"""Properties of the portable host tiling (op_host/bernoulli_tiling_core.h), compiled with g++ and run in batches."""

from __future__ import annotations

from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import bernoulli_golden

HERE = Path(__file__).resolve().parent
OP = HERE.parents[1]
STATUS = {0: "OK", 1: "BAD_RANK", 2: "NEGATIVE_DIM", 3: "OVERFLOW", 4: "BAD_MODE", 5: "BAD_DTYPE", 6: "NO_UB"}
KEYS = ("status", "block_dim", "key", "workspace", "total", "block", "stage", "tile", "ub_plan")
OUT_BYTES = {d: bernoulli_golden.storage_dtype(d).itemsize for d in bernoulli_golden.DTYPES}


@pytest.fixture(scope="module")
def tiling_exe(gxx) -> Path:
    return gxx.build([HERE / "cpp" / "tiling_main.cpp"], include_dirs=[OP / "op_host"], name="bernoulli_tiling")


def run_tiling(gxx, exe: Path, cases) -> list[dict]:
    """cases: (dtype, mode, coreNum, ubSize, dims)."""
    lines = [f"{bernoulli_golden.CODES.get(d, d)} {m} {c} {u} {len(dims)} {' '.join(map(str, dims))}\n"
             for d, m, c, u, dims in cases]
    out = gxx.run(exe, stdin="".join(lines).encode()).stdout.decode().split("\n")
    rows = [dict(zip(KEYS, map(int, line.split()))) for line in out if line]
    assert len(rows) == len(cases)
    for row in rows:
        row["status"] = STATUS[row["status"]]
    return rows


def ub_budget(ub: int) -> int:
    return (ub or 196608) - 8192


def scratch(dtype: str, mode: int) -> int:
    """Bytes per tile element besides the two output tiles, as documented in bernoulli_core.h."""
    if mode != 0:
        return 4 if mode == 2 and dtype in ("float64", "int64") else 0
    return {"int8": 2, "uint8": 2, "bool": 2, "int16": 2, "int32": 4, "int64": 4, "float64": 4}.get(dtype, 0)


def check_invariants(case, row) -> None:
    dtype, mode, cores, ub, dims = case
    n = 1
    for d in dims:
        n *= d
    assert row["status"] == "OK", (case, row)
    assert row["key"] == 0 and row["workspace"] == 512
    assert row["total"] == n
    assert 1 <= row["block_dim"] <= max(cores, 1)
    for field in ("block", "stage", "tile"):
        assert row[field] % 256 == 0 and row[field] >= 256, (field, case, row)
    # blockDim cores of blockElements cover [0, n), the last one is not empty
    assert row["block_dim"] * row["block"] >= n
    assert n == 0 or (row["block_dim"] - 1) * row["block"] < n
    assert row["tile"] <= 32768
    mask = row["stage"] // 8 if mode == 0 else 0
    plan = mask + row["tile"] * (2 * OUT_BYTES[dtype] + scratch(dtype, mode))
    assert row["ub_plan"] == plan
    assert plan <= ub_budget(ub), (case, row)
    if mode == 0:
        assert row["stage"] <= row["block"]
        assert row["tile"] <= row["stage"]
        if bernoulli_golden.single_core(n, dtype):
            assert row["block_dim"] == 1
        elif cores > 1 and n > 256:
            assert row["block_dim"] > 1
        # RANDOM stages partition [0, n): waves of blockDim * stage from the top down, core starts 256-aligned
        wave = row["block_dim"] * row["stage"]
        stages = -(-n // wave)
        if stages * row["block_dim"] > 20000:
            return
        covered = sum(max(0, min(row["stage"], n - (s * wave + c * row["stage"])))
                      for s in range(stages) for c in range(row["block_dim"]))
        assert covered == n


shapes = (st.lists(st.integers(0, 4096), min_size=0, max_size=4)
          | st.lists(st.integers(1, 3_000_000), min_size=1, max_size=1))
cases = st.tuples(st.sampled_from(bernoulli_golden.DTYPES), st.sampled_from([0, 1, 2]), st.integers(1, 48),
                  st.sampled_from([0, 196608, 131072, 65536, 40960]), shapes)


@settings(max_examples=10, deadline=None)
@given(st.lists(cases, min_size=100, max_size=100))
def test_random_cases_keep_every_invariant(gxx, tiling_exe, batch) -> None:
    for case, row in zip(batch, run_tiling(gxx, tiling_exe, batch)):
        check_invariants(case, row)


def test_edge_sizes_every_dtype_and_mode(gxx, tiling_exe) -> None:
    sizes = [0, 1, 15, 16, 17, 255, 256, 257, 4095, 4096, 4097, 131072, 131073, 16 * 2**20, 2**31 + 1]
    batch = [(d, m, c, u, [n]) for d in bernoulli_golden.DTYPES for m in (0, 1, 2) for c in (1, 40, 48)
             for u in (0, 196608) for n in sizes]
    for case, row in zip(batch, run_tiling(gxx, tiling_exe, batch)):
        check_invariants(case, row)


def test_the_seed_example_16m_elements_on_40_cores(gxx, tiling_exe) -> None:
    """About 420K elements per core: one 52 KiB mask stage next to a 32K FP16 tile, so a single SyncAll."""
    batch = [(d, 0, 40, 196608, [4096, 4096]) for d in ("float16", "float32", "float64")]
    fp16, fp32, f64 = run_tiling(gxx, tiling_exe, batch)
    assert fp16["block_dim"] == 40 and fp16["block"] == 419584 and fp16["stage"] == 419584
    assert fp16["tile"] == 32768 and fp16["ub_plan"] == 52448 + 32768 * 4
    assert fp32["stage"] == 419584 and fp32["tile"] == 16896
    # DOUBLE keeps one float scratch (the int64 bits of 1.0 go through Select + Cast): more than the seed's 4K tile
    # (4608 before, when DOUBLE also kept a Gather offset table)
    assert f64["stage"] == 419584 and f64["tile"] == 6656 and f64["ub_plan"] == 52448 + 6656 * 20


def test_small_outputs_run_on_one_core_and_bigger_ones_spread(gxx, tiling_exe) -> None:
    rows = run_tiling(gxx, tiling_exe, [("float32", 0, 48, 196608, [n]) for n in (10240, 10241, 131072)] +
                      [("float32", 1, 48, 196608, [131072])])
    # 41 units of 256 on 41 cores; 512 units over 48 cores: 11 each, 47 cores
    assert [r["block_dim"] for r in rows] == [1, 41, 47, 47]


def test_bad_inputs_are_refused(gxx, tiling_exe) -> None:
    rows = run_tiling(gxx, tiling_exe, [
        ("float32", 0, 48, 0, [4, -1]),
        ("float32", 0, 48, 0, [2**62, 4]),
        ("float32", 3, 48, 0, [8]),
        (10, 0, 48, 0, [8]),
        ("float32", 0, 48, 0, [1] * 9),
        ("float64", 0, 48, 8192 + 100, [8]),
    ])
    assert [r["status"] for r in rows] == ["NEGATIVE_DIM", "OVERFLOW", "BAD_MODE", "BAD_DTYPE", "BAD_RANK", "NO_UB"]


@pytest.mark.parametrize("dtype", bernoulli_golden.DTYPES)
def test_masks_up_to_16_kib_are_split_across_cores_past_the_single_core_limit(gxx, tiling_exe: Path,
                                                                                dtype: str) -> None:
    """One core used to expand every output whose mask was at most 16 KiB (131072 outputs: 128 KiB to 1 MiB of them);
    under the cost model one SyncAll and the launch (about 0.6 us) beat one core from about 24 KiB of INT8 output
    and 40 KiB of wider ones (bernoulli_core.h RandomOnOneCore)."""
    sizes = [1000, 16384, 16385, 10240, 10241, 5120, 5121, 65536, 131072]
    rows = run_tiling(gxx, tiling_exe, [(dtype, 0, 40, 0, [n]) for n in sizes])
    for n, row in zip(sizes, rows):
        assert row["status"] == "OK"
        assert (row["block_dim"] == 1) == bernoulli_golden.single_core(n, dtype), (n, row)
    assert all(row["block_dim"] > 1 for n, row in zip(sizes, rows) if n == 131072)  # a 16 KiB mask
