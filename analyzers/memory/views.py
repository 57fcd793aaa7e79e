"""The make_tensor view model: shape, optional stride (row-major default), optional dtype reinterpretation, bounds.

Rules (shared/seeds/pypto_make_tensor_doc.txt): an explicit stride has one entry per dimension; a sub-byte
dtype needs innermost stride 1; two source dimensions merge only when stride(d0) == d1·stride(d1); every
element the view can address lies inside the source storage. All numbers are element counts of the
view's own dtype unless said otherwise.
"""

from __future__ import annotations

import math
from dataclasses import dataclass


@dataclass(frozen=True)
class Layout:
    """A tensor's shape, strides (elements) and element width in bits."""

    shape: tuple[int, ...]
    stride: tuple[int, ...]
    bits: int

    @staticmethod
    def row_major(shape: tuple[int, ...], bits: int) -> Layout:
        return Layout(tuple(shape), row_major_stride(shape), bits)

    def extent_bits(self) -> int:
        """Bits from the first to one past the furthest addressable element (0 for an empty view)."""
        if any(d == 0 for d in self.shape):
            return 0
        furthest = sum((d - 1) * s for d, s in zip(self.shape, self.stride))
        return (furthest + 1) * self.bits


def row_major_stride(shape: tuple[int, ...]) -> tuple[int, ...]:
    """Contiguous row-major strides: the last is 1, each other is the product of the dims after it."""
    strides, running = [], 1
    for dim in reversed(shape):
        strides.append(running)
        running *= dim
    return tuple(reversed(strides))


@dataclass(frozen=True)
class ViewProblem:
    """One broken rule: a finding symbol of analyzers.memory.MESSAGES and its template fields."""

    symbol: str
    fields: tuple[tuple[str, object], ...]


def check_view(
    shape: tuple[int, ...],
    stride: tuple[int, ...] | None,
    bits: int,
    source: Layout | None,
    source_bytes: int | None = None,
    offset_bits: int = 0,
) -> tuple[Layout | None, list[ViewProblem]]:
    """Validate a view; returns its layout (None when the stride is unusable) and the problems found."""
    problems: list[ViewProblem] = []
    if stride is not None and len(stride) != len(shape):
        problems.append(ViewProblem("pypto-stride-rank-mismatch", (("strides", len(stride)), ("dims", len(shape)))))
        return None, problems
    layout = Layout(tuple(shape), tuple(stride) if stride is not None else row_major_stride(shape), bits)
    if bits < 8 and layout.stride and layout.stride[-1] != 1:
        problems.append(ViewProblem("pypto-subbyte-inner-stride", (("stride", layout.stride[-1]),)))
    if source is not None and source.bits == bits:
        problems.extend(_merge_problems(layout, source))
    capacity_bits = source_bytes * 8 if source_bytes is not None else (source.extent_bits() if source is not None else None)
    if capacity_bits is not None:
        reach = offset_bits + layout.extent_bits()
        if reach > capacity_bits:
            problems.append(ViewProblem("pypto-view-exceeds-source", (("view_bytes", math.ceil(reach / 8)), ("source_bytes", capacity_bits // 8))))
    return layout, problems


def _merge_problems(view: Layout, source: Layout) -> list[ViewProblem]:
    """Match view dims to runs of consecutive source dims (by product); a run must be contiguous in the source."""
    if len(view.shape) >= len(source.shape):
        return []
    problems = []
    runs: list[list[int]] = []
    position = 0
    for dim in view.shape:
        run = [position]
        product = source.shape[position] if position < len(source.shape) else None
        while product is not None and product < dim and run[-1] + 1 < len(source.shape):
            run.append(run[-1] + 1)
            product *= source.shape[run[-1]]
        if product != dim:
            return problems  # not a merge of whole source dims: nothing to say about contiguity
        for outer, inner in zip(run, run[1:]):
            if source.stride[outer] != source.shape[inner] * source.stride[inner]:
                problems.append(ViewProblem("pypto-merged-dims-not-contiguous", (
                    ("dims", f"{outer},{inner}"), ("outer", outer), ("outer_stride", source.stride[outer]),
                    ("inner_dim", source.shape[inner]), ("inner_stride", source.stride[inner]))))
        # The merged dim steps like the innermost dim of its run ("stride取里层维的stride").
        expected = source.stride[run[-1]]
        actual = view.stride[len(runs)]
        if actual != expected and dim > 1:
            problems.append(ViewProblem("pypto-view-stride-mismatch", (
                ("axis", len(runs)), ("stride", actual), ("expected", expected))))
        runs.append(run)
        position = run[-1] + 1
    return problems
