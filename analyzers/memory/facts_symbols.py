"""Give a walked route's concrete numbers their symbols back, using the facts the route was walked with.

A route walked with a case's shapes holds `BroadcastTo(x, broadcastShape)` as literal dims (1024, 4096, 64)
and its dtypes as names. Matching a count to the broadcast of the inputs (first) or to one input, and a
UINT8 size to a DSA mask (ceil(N/128)·16 bytes), restores N, N1, N2 and ⌈N/128⌉; a dtype equal to the
facts' common input dtype prints as S. At the case the route was walked for, symbol and number agree;
matching is tried only when the facts give every input's shape, and a tie resolves to the broadcast.
"""

from __future__ import annotations

import math

from op_migrate.analyzers.memory.case import broadcast_shape, canonical_dtype
from op_migrate.analyzers.route.model import Facts

MASK_BLOCK_BITS = 128


def mask_bytes(count: int) -> int:
    """Bytes of a DSA bit mask for `count` elements: 128-bit blocks."""
    return -(-count // MASK_BLOCK_BITS) * (MASK_BLOCK_BITS // 8)


def _candidates(facts: Facts, inputs: tuple[str, ...]) -> list[tuple[tuple[str, ...], int]]:
    shapes = [facts.shape_of(facts.named_for(name)) for name in inputs]  # selfRef reads self's shape
    if not shapes or any(shape is None for shape in shapes):
        return []
    found = []
    together = broadcast_shape(*shapes)
    if together is not None:
        found.append((tuple(inputs), math.prod(together)))
    found += [((name,), math.prod(shape)) for name, shape in zip(inputs, shapes)]
    return found


def count_source(facts: Facts, inputs: tuple[str, ...], count: int) -> tuple[str, ...] | None:
    """The parameters whose (broadcast) element count equals `count` under `facts`."""
    return next((params for params, value in _candidates(facts, inputs) if value == count), None)


def mask_source(facts: Facts, inputs: tuple[str, ...], size: int) -> tuple[str, ...] | None:
    """The parameters whose count a UINT8 tensor of `size` bytes packs as a DSA bit mask."""
    return next((params for params, value in _candidates(facts, inputs) if mask_bytes(value) == size), None)


def computed_dtype(facts: Facts, inputs: tuple[str, ...]) -> str | None:
    """The one dtype the facts give every input (or '*'); None when they differ or are unknown."""
    names = [facts.dtype_of(facts.named_for(name)) for name in inputs] or [facts.dtype_of("*")]
    known = {canonical_dtype(name) if name else None for name in names}
    return known.pop() if len(known) == 1 and None not in known else None
