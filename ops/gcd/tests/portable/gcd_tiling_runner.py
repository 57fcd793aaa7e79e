# ----------------------------------------------------------------------------------------------------------------------
# Copyright (c) 2026 op-migrate contributors.
# This program is free software, you can redistribute it and/or modify it under the terms and conditions of
# CANN Open Software License Agreement Version 2.0 (the "License").
# Please refer to the License for details. You may not use this file except in compliance with the License.
# THIS SOFTWARE IS PROVIDED ON AN "AS IS" BASIS, WITHOUT WARRANTIES OF ANY KIND, EITHER EXPRESS OR IMPLIED,
# INCLUDING BUT NOT LIMITED TO NON-INFRINGEMENT, MERCHANTABILITY, OR FITNESS FOR A PARTICULAR PURPOSE.
# See LICENSE in the root of the software repository for the full text of the License.
# ----------------------------------------------------------------------------------------------------------------------
"""Runs the Gcd tiling driver (op_host/gcd_tiling_core.h compiled with g++) on a batch of cases."""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

import numpy as np

DRIVER = Path(__file__).resolve().parent / "cpp" / "tiling_driver.cpp"
UB_SIZE = 196608
UB_RESERVED = 8 * 1024
DTYPES = {
    1: ("int8", 1),
    2: ("uint8", 1),
    3: ("int16", 2),
    4: ("float16", 2),
    5: ("bfloat16", 2),
    6: ("float32", 4),
    7: ("int32", 4),
    8: ("int64", 8),
}
STATUS = {"OK": 0, "BAD_RANK": 1, "BAD_DIM": 2, "BAD_DTYPE": 3, "NOT_BROADCASTABLE": 4, "BAD_PLATFORM": 5, "BAD_STRIDE": 6,
          "VIEW_UNSUPPORTED": 7}
MODES = {0: "linear", 1: "block", 2: "segment"}
FIELDS = (
    "totalNum", "rank", "usedCoreNum", "perCoreNum", "lastCoreNum", "tileNum", "blockStart", "blockSize",
    "blocksPerTile", "rowBlocks", "selfBlockSpan", "otherBlockSpan", "selfBlockStep", "otherBlockStep", "selfLinear",
    "otherLinear",
)
TILE_FIELDS = ("begin", "count", "block", "phase", "blocks", "selfBase", "selfSpan", "otherBase", "otherSpan")


@dataclass(frozen=True)
class View:
    shape: tuple[int, ...]
    strides: tuple[int, ...]

    def line(self) -> str:
        return " ".join(str(v) for v in (len(self.shape), *self.shape, *self.strides))


@dataclass(frozen=True)
class Case:
    dtype_code: int
    cores: int
    self_view: View
    other_view: View
    ub_size: int = UB_SIZE
    walk: bool = True


def contiguous(shape) -> View:
    strides, acc = [], 1
    for dim in reversed(shape):
        strides.append(acc)
        acc *= dim
    return View(tuple(shape), tuple(reversed(strides)))


def run_cases(gxx, cases: list[Case]) -> list[dict]:
    exe = gxx.build([DRIVER], name="gcd_tiling_driver")
    text = f"{len(cases)}\n" + "".join(
        f"{c.dtype_code} {c.cores} {c.ub_size} {int(c.walk)}\n{c.self_view.line()}\n{c.other_view.line()}\n"
        for c in cases
    )
    out = gxx.run(exe, stdin=text.encode()).stdout.decode().splitlines()
    results, i = [], 0
    for case in cases:
        status, key, block_dim, workspace, ub_bytes = (int(v) for v in out[i].split()[1:])
        words = [int(v) for v in out[i + 1].split()[1:]]
        i += 2
        r = dict(status=status, key=key, blockDim=block_dim, workspace=workspace, ubBytes=ub_bytes, words=words)
        r.update(zip(FIELDS, words[: len(FIELDS)]))
        r["mode"] = MODES[key >> 4] if status == 0 else None
        if case.walk and status == 0:
            r["ranges"] = np.array([int(v) for v in out[i].split()[1:]], np.int64).reshape(-1, 2)
            r["tiles"] = np.array([int(v) for v in out[i + 1].split()[1:]], np.int64).reshape(-1, len(TILE_FIELDS))
            r["self"] = np.array([int(v) for v in out[i + 2].split()[1:]], np.int64)
            r["other"] = np.array([int(v) for v in out[i + 3].split()[1:]], np.int64)
            i += 4
        results.append(r)
    return results


