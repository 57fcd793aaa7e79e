# ----------------------------------------------------------------------------------------------------------
# Copyright (c) 2026 op-migrate contributors.
# This program is free software, you can redistribute it and/or modify it under the terms and conditions of
# CANN Open Software License Agreement Version 2.0 (the "License").
# Please refer to the License for details. You may not use this file except in compliance with the License.
# THIS SOFTWARE IS PROVIDED ON AN "AS IS" BASIS, WITHOUT WARRANTIES OF ANY KIND, EITHER EXPRESS OR IMPLIED,
# INCLUDING BUT NOT LIMITED TO NON-INFRINGEMENT, MERCHANTABILITY, OR FITNESS FOR A PARTICULAR PURPOSE.
# See LICENSE in the root of the software repository for the full text of the License.
# ----------------------------------------------------------------------------------------------------------

"""Case encoding for the ReduceAll plan simulator and the parsing of its report lines."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Sequence

import numpy as np

# Default A2 unified buffer (192 KiB).
UB_A2 = 196608
# Fixed part of the UB plan (out queue x2, per-output minima, tile minimum, 1 KiB reserve): PlanUb in the core.
UB_FIXED = 2 * 1024 + 2 * 1024 + 32 + 1024
STATUS = {
    0: "ok",
    1: "rank-too-large",
    2: "negative-dim",
    3: "axis-out-of-range",
    4: "axis-duplicate",
    5: "core-num-invalid",
    6: "ub-too-small",
}


def ub_for_capacity(capacity: int) -> int:
    """The smallest UB size whose tile capacity is `capacity` (a multiple of 256)."""
    return UB_FIXED + 6 * capacity


@dataclass(frozen=True)
class Case:
    shape: tuple[int, ...]
    axes: tuple[int, ...] = ()
    keepdim: bool = False
    core_num: int = 40
    ub_size: int = UB_A2
    data: np.ndarray | None = field(default=None, compare=False)

    def encode(self) -> str:
        data = self.data if self.data is not None else np.zeros(self.shape, dtype=np.int8)
        hex_data = np.ascontiguousarray(data, dtype=np.int8).tobytes().hex() or "-"
        fields = [len(self.shape), *self.shape, len(self.axes), *self.axes]
        fields += [int(self.keepdim), self.core_num, self.ub_size, hex_data]
        return " ".join(str(f) for f in fields)


def parse_line(line: str) -> dict:
    tokens = line.split()
    out: dict = {}
    i = 0
    arrays = {"out_shape", "kept_shape", "kept_strides", "reduced_shape", "reduced_strides"}
    hexes = {"design", "tiled"}
    while i < len(tokens):
        name = tokens[i]
        if name in arrays:
            n = int(tokens[i + 1])
            out[name] = [int(t) for t in tokens[i + 2 : i + 2 + n]]
            i += 2 + n
        elif name in hexes:
            text = tokens[i + 1]
            out[name] = np.frombuffer(bytes.fromhex("" if text == "-" else text), dtype=np.int8)
            i += 2
        else:
            out[name] = int(tokens[i + 1])
            i += 2  # scalar fields, the tiling fields among them under their C++ names as "t.<field>"
    out["status_name"] = STATUS[out["status"]]
    return out


class PlanSim:
    """Feeds cases to the compiled simulator in one process run."""

    def __init__(self, gxx, executable) -> None:
        self.gxx = gxx
        self.executable = executable

    def run(self, cases: Sequence[Case]) -> list[dict]:
        stdin = f"{len(cases)}\n" + "\n".join(c.encode() for c in cases) + "\n"
        result = self.gxx.run(self.executable, stdin=stdin.encode(), timeout=300)
        lines = result.stdout.decode().splitlines()
        assert len(lines) == len(cases), lines[-3:]
        return [parse_line(line) for line in lines]


def random_int8(rng: np.random.Generator, shape: Sequence[int], zero_rate: float) -> np.ndarray:
    """Values in [-128, 127] with roughly `zero_rate` of zeros (so both True and False outputs occur)."""
    values = rng.integers(-128, 128, size=shape, dtype=np.int16)
    values[values == 0] = 1
    zeros = rng.random(size=shape) < zero_rate
    values[zeros] = 0
    return values.astype(np.int8)


@dataclass(frozen=True)
class KernelResult:
    ok: bool
    block_dim: int = 0
    tiling_key: int = -1
    output: np.ndarray | None = None
    error: str = ""
    # Calls counted over every core (counting driver only): V_S, S_V, MTE2_S, S_MTE3, other_flags (SetFlag per
    # HardEvent), ReduceMin, vector, dma.
    counts: dict = field(default_factory=dict)


class KernelRun:
    """Feeds cases to the kernel driver (real kernel on the CPU model) in one process run."""

    def __init__(self, gxx, executable) -> None:
        self.gxx = gxx
        self.executable = executable

    def run(self, cases: Sequence[Case], sequential: bool = False) -> list[KernelResult]:
        lines = [f"{len(cases)}"]
        for c in cases:
            data = c.data if c.data is not None else np.zeros(c.shape, dtype=np.int8)
            hex_data = np.ascontiguousarray(data).tobytes().hex() or "-"  # the element bytes, any dtype
            fields = [len(c.shape), *c.shape, len(c.axes), *c.axes, c.core_num, c.ub_size, int(sequential), hex_data]
            lines.append(" ".join(str(f) for f in fields))
        result = self.gxx.run(self.executable, stdin=("\n".join(lines) + "\n").encode(), timeout=600)
        out = result.stdout.decode().splitlines()
        assert len(out) == len(cases), out[-3:]
        return [_kernel_result(line) for line in out]


def _kernel_result(line: str) -> KernelResult:
    status, _, rest = line.partition(" ")
    if status != "ok":
        return KernelResult(False, error=rest)
    block_dim, key, text, *extra = rest.split()
    data = np.frombuffer(bytes.fromhex("" if text == "-" else text), dtype=np.int8)
    counts = {name: int(value) for name, _, value in (item.partition("=") for item in extra)}
    return KernelResult(True, int(block_dim), int(key), data, counts=counts)
