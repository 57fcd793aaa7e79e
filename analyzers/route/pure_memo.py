"""Values of pure helpers remembered within a process: a helper without effects (no launch, tensor or reference
parameter; effect_scan.py) called again with the same arguments under the same facts computes the same value, so
its walk is replayed from memory instead of repeated (IsAiCoreSupport-style predicates are called for every Cast).

Only a walk whose whole outcome is its value (plus the audit places it met, the inferred-shape reads it counted and
the steps it spent, replayed on a hit) is remembered: one that met an open check, a failure, a reason, a finding or a
report said once per walk (even one the route had said already: a later route replaying the walk would not say it),
made an object, wrote a global or met a tensor the book did not hold yet is walked again every time, so what a route
says never depends on the memory, nor on which routes this process walked before. The globals the route has written
are part of the key (a helper may read them).
"""

from __future__ import annotations

from op_migrate.analyzers.route.integers import UInt
from op_migrate.analyzers.route.values import (
    ArchValue,
    DType,
    HostValue,
    Null,
    ShapeValue,
    SocValue,
    Status,
    TensorRef,
    Unknown,
)

# Values a remembered walk may return (no tensor, object or list: those carry identities of one route).
_PLAIN = (bool, int, float, str, Status, DType, Unknown, Null, SocValue, ArchValue)
# Host values an argument may be, as a whole part of the key: all a helper can read of them is in the value (an
# aclIntArray's text and known items, a host tensor's dtype); not a tensor list, an argument or the executor, which
# lead to the route's tensors.
_KEYED_HOSTS = ("int-array", "host-tensor")
_MEMORY: dict = {}
_MAX_ENTRIES = 200_000


class PureMemo:
    """Methods of RouteWalk; it supplies facts, book, frame, _inline() and the route's collections."""

    def pure_call(self, owner, function, expr, args):
        # A helper whose status is dropped (or recovered from) takes its error arms as paths: not the walk a memo holds.
        dropped = self.failures_are_paths(expr)
        key = None if dropped else self._memo_key(owner, function, args)
        if key is not None and key in _MEMORY and _MEMORY[key][-1] <= self._budget:  # else walked: it says so
            value, walked, excluded, unwalked, shape_reads, steps = _MEMORY[key]
            self.audit_counts["walked"].update(walked)
            self.audit_counts["excluded"].update(excluded)
            self.audit_counts["unwalked"].update(unwalked)
            self.inferred_shape_reads += shape_reads
            self._budget -= steps
            return value
        if key is None:
            return self._inline(owner, function, expr, args=args)
        before, budget = self._outcome_marks(), self._budget
        # The places this walk meets, whether or not the route met them before: a hit replays all of them.
        outer = self.audit_counts
        self.audit_counts = {kind: set() for kind in outer}
        try:
            value = self._inline(owner, function, expr, args=args)
        finally:
            own, self.audit_counts = self.audit_counts, outer
            for kind, places in own.items():
                outer[kind] |= places
        if self._outcome_marks() == before[:-1] + (self.inferred_shape_reads,) and self._budget >= 0 and \
                isinstance(value, _PLAIN) and len(_MEMORY) < _MAX_ENTRIES:
            _MEMORY[key] = (value, *(frozenset(own[kind]) for kind in ("walked", "excluded", "unwalked")),
                            self.inferred_shape_reads - before[-1], budget - self._budget)
        return value

    def _outcome_marks(self) -> tuple:
        """What a walk may add besides its value (the last item, the inferred-shape reads, is replayed); a walk
        that met a tensor the book did not hold yet (an element of an entry list) is not remembered either."""
        objects = len(self.members)
        return (self.checks_opened, self.reports_asked, self.failure, len(self.reasons), len(self.findings),
                len(self.unresolved), objects, self.book.count(), self.global_writes, self.inferred_shape_reads)

    def _memo_key(self, owner, function, args):
        parts = []
        seen: dict[str, int] = {}
        for index, value in enumerate(args):
            if isinstance(value, TensorRef):
                if value.others or value.hosts:
                    return None
                shape = self.book.ref_shape(value)
                layout = self.book.layout(value.id)
                # What a pure helper can read of a tensor: its dtype, shape (dims and identity), layout, nullness,
                # and which other argument is the same tensor (`x == y`).
                parts.append(("tensor", seen.setdefault(value.id, index), self.book.ref_dtype(value),
                              (shape.dims, shape.key) if isinstance(shape, ShapeValue) else None, value.nullable,
                              tuple(vars(layout).items()) if layout is not None else None))
            elif isinstance(value, UInt):
                parts.append(("unsigned", value.bits, int(value)))  # 3 and an unsigned 3 compute apart
            elif isinstance(value, _PLAIN) or value is None or \
                    isinstance(value, HostValue) and value.kind in _KEYED_HOSTS:
                parts.append(value)
            else:
                return None  # a list, an object, a shape value or a host array: not remembered
        try:
            # The globals the route has written so far: a helper may read them (none written: the declarations).
            written = tuple(sorted(self.written_globals.items(), key=lambda item: item[0]))
            key = (owner.path, function.name, function.line, self.facts, tuple(parts), written)
            hash(key)
        except TypeError:
            return None
        return key
