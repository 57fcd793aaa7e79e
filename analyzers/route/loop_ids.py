"""Tensor identities in a loop walked to a fixpoint: one tensor per place of creation, whichever pass made it.

A loop whose trip count is unknown is walked to find what its body leaves in the variables it assigns (statements.py):
those passes are rolled back, and the tensors they made are *ghosts* (`g#N`) that stay readable so the joined state
at the body's start can hold "the tensor this body made on an earlier round". A tensor is known by its origin (the
producer, effect, source line and call path that made it) and its ordinal among the tensors of that origin in one
pass, so every pass gives a place of creation the same ghost, and the recorded pass gives it its real id: the ghosts
are then renamed to those ids wherever the walk kept them (variables, tasks, steps, the tensor book).
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field, fields, is_dataclass, replace

from op_migrate.analyzers.route.model import ShapeRule, Task
from op_migrate.analyzers.route.values import TensorList, TensorRef

GHOST = re.compile(r"g#\d+")


@dataclass
class LoopIds:
    """The ids of one loop's walk: ghosts of the discovery passes, ids of the recorded pass, by (origin, ordinal)."""

    discovering: bool = True
    ghosts: dict = field(default_factory=dict)
    made: dict = field(default_factory=dict)
    counts: dict = field(default_factory=dict)

    def begin_pass(self) -> None:
        self.counts = {}

    def next_key(self, origin) -> tuple:
        ordinal = self.counts.get(origin, 0)
        self.counts[origin] = ordinal + 1
        return origin, ordinal

    def renaming(self) -> dict[str, str | None]:
        """Ghost -> the id the recorded pass gave its place of creation (None when the recorded pass made none)."""
        return {ghost: self.made.get(key) for key, ghost in self.ghosts.items()}


def renamed(value, mapping: dict[str, str]):
    """`value` with every ghost id in `mapping` replaced: abstract values, tasks, shape rules, tuples, dicts."""
    if not mapping:
        return value
    if isinstance(value, str):
        return mapping.get(value, value)
    if isinstance(value, TensorRef):
        ids = _unique(renamed(value.ids, mapping))
        return TensorRef(ids[0], ids[1:], value.hosts, value.nullable)
    if isinstance(value, TensorList):
        return replace(value, members=_unique(renamed(value.members, mapping)))
    if isinstance(value, ShapeRule):
        text = GHOST.sub(lambda match: mapping.get(match.group(0), match.group(0)), value.text)
        return replace(value, refs=renamed(value.refs, mapping), text=text)
    if isinstance(value, Task):
        return replace(value, reads=_unique(renamed(value.reads, mapping)),
                       writes=_unique(renamed(value.writes, mapping)))
    if isinstance(value, tuple):
        return tuple(renamed(item, mapping) for item in value)
    if isinstance(value, list):
        return [renamed(item, mapping) for item in value]
    if isinstance(value, dict):
        return {renamed(key, mapping): renamed(item, mapping) for key, item in value.items()}
    if is_dataclass(value) and not isinstance(value, type) and type(value).__module__.endswith("route.values"):
        changes = {f.name: renamed(getattr(value, f.name), mapping) for f in fields(value) if f.compare}
        return replace(value, **changes)
    return value


def _unique(ids) -> tuple:
    return tuple(dict.fromkeys(ids))
