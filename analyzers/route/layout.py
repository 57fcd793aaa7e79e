"""Tensor layout facts of a route walk: contiguity, strides, view offset, workspace or user storage, shape identities.

The rules follow the ACLNN framework (CANN opdev/tensor_view_utils.h, ops-math conversion/contiguous): an entry
tensor is contiguous, ND and user-owned unless the facts give it strides or an offset; an L0 result
(`AllocTensor`) is a contiguous workspace tensor; `CreateView(x, shape, offset)` is a contiguous view of x's
storage (strides row-major for `shape`) until `SetViewStrides` says otherwise. A tensor is contiguous when its
strides are the row-major strides of its view shape, size-1 dimensions ignored; an empty tensor is contiguous.
"""

from __future__ import annotations

import math
from dataclasses import dataclass, replace


@dataclass
class Layout:
    """The layout of one tensor of the route; None fields are unknown."""

    contiguous: bool | None = True
    workspace: bool | None = False
    strides: tuple[int, ...] | None = None  # view strides when known (None: row-major for the view, or unknown)
    offset: int | None = 0  # view offset in elements
    view_key: tuple | None = None  # identity of the view shape (equal keys: equal shapes)
    storage_key: tuple | None = None  # identity of the storage shape
    storage_dims: tuple[int, ...] | None = None
    format: str | None = "ND"
    repointed_to: str | None = None  # the tensor whose storage ViewCopy re-pointed this one at


# A tensor made from host data: `executor->ConvertToTensor(...)` / `AllocHostTensor(...)` build it with
# `aclTensor(value, size, dtype)` or the aclScalar / shape constructors (opbase common_types.cpp:1496-1512, 284-290,
# 168-179; op_executor.cpp:408-573): row-major view strides (ToContiguousStrides), view offset 0, format ND, and
# storage `aclStorage(dataAddr, false)`, so IsContiguous is true and IsFromWorkspace false. Its data lives on the
# host; its view and storage shapes are not modelled.
HOST_LAYOUT = Layout(contiguous=True, workspace=False, strides=None, offset=0, view_key=None, storage_key=None,
                     storage_dims=None, format="ND")


def contiguous_strides(dims: tuple[int, ...]) -> tuple[int, ...]:
    """Row-major strides of a shape (`op::ToContiguousStrides`)."""
    strides, step = [], 1
    for dim in reversed(dims):
        strides.append(step)
        step *= max(dim, 1)
    return tuple(reversed(strides))


def is_contiguous(dims: tuple[int, ...] | None, strides: tuple[int, ...] | None) -> bool | None:
    """Whether strides are row-major for dims (size-1 dimensions ignored, empty tensors contiguous); None if unknown."""
    if strides is None:
        return True
    if dims is None or len(dims) != len(strides):
        return None
    if math.prod(dims) == 0:
        return True
    expected = 1
    for dim, stride in zip(reversed(dims), reversed(strides)):
        if dim == 1:
            continue
        if stride != expected:
            return False
        expected *= dim
    return True


def param_layout(name: str, dims: tuple[int, ...] | None, strides: tuple[int, ...] | None, offset: int,
                 fmt: str = "ND") -> Layout:
    """An entry tensor: user-owned, in `fmt` (ND unless the facts say); contiguous unless `strides` say otherwise;
    storage = view unless strided."""
    view_key = ("shape", name)
    plain = strides is None and offset == 0
    return Layout(
        contiguous=is_contiguous(dims, strides),
        workspace=False,
        strides=strides,
        offset=offset,
        view_key=view_key,
        storage_key=view_key if plain else ("storage", name),
        storage_dims=dims if plain else None,
        format=fmt,
    )


def alloc_layout(tensor_id: str, key: tuple | None, dims: tuple[int, ...] | None, fmt: str | None = "ND") -> Layout:
    """`executor->AllocTensor(...)`: a contiguous workspace tensor whose storage is its view."""
    view_key = key or ("shape", tensor_id)
    return Layout(contiguous=True, workspace=True, view_key=view_key, storage_key=view_key, storage_dims=dims,
                  format=fmt)


def view_layout(base: Layout, tensor_id: str, key: tuple | None, offset: int | None) -> Layout:
    """`executor->CreateView(x, shape, offset)`: contiguous strides for `shape` over x's storage."""
    return replace(base, contiguous=True, strides=None, offset=offset, view_key=key or ("shape", tensor_id),
                   repointed_to=None)
