# ----------------------------------------------------------------------------------------------------------
# Copyright (c) 2026 op-migrate contributors.
# This program is free software, you can redistribute it and/or modify it under the terms and conditions of
# CANN Open Software License Agreement Version 2.0 (the "License").
# Please refer to the License for details. You may not use this file except in compliance with the License.
# THIS SOFTWARE IS PROVIDED ON AN "AS IS" BASIS, WITHOUT WARRANTIES OF ANY KIND, EITHER EXPRESS OR IMPLIED,
# INCLUDING BUT NOT LIMITED TO NON-INFRINGEMENT, MERCHANTABILITY, OR FITNESS FOR A PARTICULAR PURPOSE.
# See LICENSE in the root of the software repository for the full text of the License.
# ----------------------------------------------------------------------------------------------------------

"""Golden model of ReduceAll / aclnnAll: logical AND over the given axes of an int8 (bool) tensor."""

# Semantics, written down where libraries differ:
# - A value is True when it is non-zero (any int8 bit pattern, -128 included); the result is 1 or 0 as int8.
# - axes: int32/int64, negative axes wrap (axis + rank); a duplicate axis is an error (torch raises
#   "dim ... appears multiple times"); EMPTY axes mean EVERY axis, as aclnnAll and torch.all(x) do.
#   numpy differs here: np.all(x, axis=()) reduces nothing, so () is mapped to None below.
# - A rank-0 tensor accepts axis -1 or 0 (torch's wrap rule for 0-d tensors) and stays rank 0.
# - An empty reduction (a reduced axis of size 0) is True, as np.all and torch.all give.
# - keepdim (default False) keeps every reduced axis as size 1.
# torch is not installed here; the torch behaviour above is taken from torch.all's documentation.

from __future__ import annotations

from typing import Iterable, Sequence

import numpy as np

MAX_RANK = 8


class AxisError(ValueError):
    """An axis outside [-rank, rank) or given twice."""


def normalize_axes(rank: int, axes: Iterable[int]) -> tuple[int, ...]:
    """Sorted non-negative axes to reduce; empty input means every axis."""
    axes = [int(a) for a in axes]
    bound = max(rank, 1)
    seen: set[int] = set()
    for axis in axes:
        if axis < -bound or axis >= bound:
            raise AxisError(f"axis {axis} out of range for rank {rank}")
        wrapped = axis + bound if axis < 0 else axis
        if wrapped in seen:
            raise AxisError(f"axis {wrapped} appears multiple times")
        seen.add(wrapped)
    if rank == 0:
        return ()
    if not axes:
        return tuple(range(rank))
    return tuple(sorted(seen))


def output_shape(shape: Sequence[int], axes: Iterable[int], keepdim: bool = False) -> tuple[int, ...]:
    reduced = set(normalize_axes(len(shape), axes))
    if keepdim:
        return tuple(1 if i in reduced else d for i, d in enumerate(shape))
    return tuple(d for i, d in enumerate(shape) if i not in reduced)


def reduce_all(x: np.ndarray, axes: Iterable[int] = (), keepdim: bool = False) -> np.ndarray:
    """aclnnAll on an int8 array: 1 where every element along the axes is non-zero, else 0 (int8)."""
    if x.ndim > MAX_RANK:
        raise ValueError(f"rank {x.ndim} exceeds {MAX_RANK}")
    reduced = normalize_axes(x.ndim, axes)
    if x.ndim == 0:
        return np.asarray(x != 0, dtype=np.int8)
    result = np.all(x != 0, axis=reduced, keepdims=keepdim)
    return np.asarray(result, dtype=np.int8)


def row_major_strides(shape: Sequence[int]) -> list[int]:
    strides, running = [], 1
    for dim in reversed(shape):
        strides.append(running)
        running *= dim
    return strides[::-1]


def kept_reduced_split(shape: Sequence[int], axes: Iterable[int]) -> dict[str, list[int]]:
    """The seed design's split of the input's row-major strides into kept and reduced axes."""
    reduced = set(normalize_axes(len(shape), axes))
    strides = row_major_strides(shape)
    split: dict[str, list[int]] = {"kept_shape": [], "kept_strides": [], "reduced_shape": [], "reduced_strides": []}
    for i, (dim, stride) in enumerate(zip(shape, strides)):
        kind = "reduced" if i in reduced else "kept"
        split[f"{kind}_shape"].append(dim)
        split[f"{kind}_strides"].append(stride)
    return split
