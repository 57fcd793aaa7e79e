# ----------------------------------------------------------------------------------------------------------------------
# Copyright (c) 2026 op-migrate contributors.
# This program is free software, you can redistribute it and/or modify it under the terms and conditions of
# CANN Open Software License Agreement Version 2.0 (the "License").
# Please refer to the License for details. You may not use this file except in compliance with the License.
# THIS SOFTWARE IS PROVIDED ON AN "AS IS" BASIS, WITHOUT WARRANTIES OF ANY KIND, EITHER EXPRESS OR IMPLIED,
# INCLUDING BUT NOT LIMITED TO NON-INFRINGEMENT, MERCHANTABILITY, OR FITNESS FOR A PARTICULAR PURPOSE.
# See LICENSE in the root of the software repository for the full text of the License.
# ----------------------------------------------------------------------------------------------------------------------
"""Byte-level simulation of the in-place mask expansion: no stage ever reads a mask byte an earlier write clobbered."""

from __future__ import annotations

from pathlib import Path

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import bernoulli_golden

HERE = Path(__file__).resolve().parent
OP = HERE.parents[1]
UB = 196608
BYTE_WIDTHS = {1: "int8", 2: "float16", 4: "float32", 8: "float64"}


@pytest.fixture(scope="module")
def simulator(gxx) -> Path:
    return gxx.build([HERE / "cpp" / "schedule_sim.cpp"], include_dirs=[OP / "op_host"], name="bernoulli_schedule_sim")


def simulate(gxx, exe: Path, cases: list[tuple[int, str, int, int, str]]) -> list[dict]:
    text = "".join(f"{n} {bernoulli_golden.CODES[d]} {cores} {ub} {order}\n" for n, d, cores, ub, order in cases)
    out = gxx.run(exe, stdin=text.encode(), timeout=600).stdout.decode().split("\n")
    keys = ("n", "dtype", "block_dim", "stage", "tile", "stages", "verdict", "where")
    rows = [dict(zip(keys, line.split())) for line in out if line]
    assert len(rows) == len(cases)
    return rows


def around(points, spread=(1, 2, 7)) -> list[int]:
    sizes = set()
    for p in points:
        sizes.add(p)
        for d in spread:
            sizes.update((p - d, p + d))
    return sorted(s for s in sizes if s >= 0)


def assert_all_ok(rows: list[dict]) -> None:
    bad = [r for r in rows if r["verdict"] != "ok"]
    assert not bad, bad[:5]


def test_small_sizes_on_every_core_count(gxx, simulator) -> None:
    sizes = list(range(0, 40)) + around([256, 512, 768, 4096, 8192]) + [1000, 2049, 5000]
    cases = [(n, BYTE_WIDTHS[w], cores, UB, "desc") for n in sizes for w in (1, 8) for cores in range(1, 49)]
    cases += [(n, d, cores, UB, "desc") for n in sizes for d in bernoulli_golden.DTYPES for cores in (1, 48)]
    assert_all_ok(simulate(gxx, simulator, cases))


def test_around_the_single_core_limits_and_up_to_a_million(gxx, simulator) -> None:
    sizes = (around([5120, 10240, 16384], spread=(1, 127, 128, 129, 256)) + around([131072, 262144, 12345 * 40])
             + [10**6])
    cases = [(n, d, cores, UB, "desc") for n in sizes for d in bernoulli_golden.DTYPES for cores in (1, 8, 40, 48)]
    rows = simulate(gxx, simulator, cases)
    assert_all_ok(rows)
    for (n, dtype, cores, _, _), row in zip(cases, rows):
        single = bernoulli_golden.single_core(n, dtype)
        assert (row["block_dim"] == "1") == (single or cores == 1), row


def test_many_stages_with_a_small_ub(gxx, simulator) -> None:
    """A 12-14 KiB UB forces stages far smaller than a core's share, so the order of many stages is exercised."""
    rng = np.random.default_rng(9)
    sizes = around([4096 * 8, 131072, 300000]) + [int(s) for s in rng.integers(131073, 10**6, size=12)]
    cases = [(n, d, int(cores), ub, "desc") for n in sizes for d in ("int8", "float16", "float32", "bool")
             for cores in (1, 3, 24, 48) for ub in (12288, 14336)]
    rows = simulate(gxx, simulator, cases)
    assert_all_ok(rows)
    assert sum(int(r["stages"]) > 1 for r in rows) > len(rows) // 2
    assert max(int(r["stages"]) for r in rows) >= 20


def test_ascending_stages_are_caught_clobbering_the_mask(gxx, simulator) -> None:
    """Negative control: the same schedule run from low to high addresses must be rejected whenever it has stages."""
    cases = [(n, d, cores, 12288, "asc") for n in (100000, 300000) for d in ("int8", "float32") for cores in (1, 5)]
    cases += [(10**6, d, 48, 12288, "asc") for d in ("int8", "float32")]
    rows = simulate(gxx, simulator, cases)
    assert all(int(r["stages"]) > 1 for r in rows)
    assert all(r["verdict"] == "CLOBBER" for r in rows), rows


@settings(max_examples=6, deadline=None)
@given(st.lists(st.tuples(st.integers(0, 400_000), st.sampled_from(bernoulli_golden.DTYPES), st.integers(1, 48),
                          st.sampled_from([16384, 24576, 65536, 196608])), min_size=25, max_size=25))
def test_random_sizes_cores_and_ubs(gxx, simulator, batch) -> None:
    """16 KiB is the smallest UB here: 8 KiB after the reserve still holds a 256-element DOUBLE plan (12 KiB does
    not, and the tiling says NO_UB there)."""
    assert_all_ok(simulate(gxx, simulator, [(n, d, cores, ub, "desc") for n, d, cores, ub in batch]))
