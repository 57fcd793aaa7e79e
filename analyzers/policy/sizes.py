"""Size classes of route tensors under a case: output-sized (the broadcast output's N), constant (O(1)) or other."""

from __future__ import annotations

import math

from op_migrate.analyzers.route.model import Facts, Route, Tensor

UNKNOWN = "unknown"


def broadcast(shapes: list[tuple[int, ...]]) -> tuple[int, ...] | None:
    """NumPy-style broadcast of shapes; None when they do not broadcast."""
    rank = max((len(s) for s in shapes), default=0)
    result = []
    for axis in range(rank):
        dims = {s[len(s) - rank + axis] for s in shapes if len(s) - rank + axis >= 0} - {1}
        if len(dims) > 1:
            return None
        result.append(dims.pop() if dims else 1)
    return tuple(result)


def output_elements(facts: Facts) -> int | None:
    """N of the case: the `out` (or `y`) parameter's shape when given, else the broadcast of every given shape."""
    for name in ("out", "y", "selfRef"):
        shape = facts.shape_of(name)
        if shape is not None:
            return math.prod(shape)
    shape = broadcast([dims for _, dims in facts.shapes])
    return None if shape is None or not facts.shapes else math.prod(shape)


class SizeResolver:
    """Evaluates the ShapeRule chain of a route's tensors under the route's facts."""

    def __init__(self, route: Route, facts: Facts) -> None:
        self.route = route
        self.facts = facts
        self.by_id = {tensor.id: tensor for tensor in route.tensors}
        self.output_n = output_elements(facts)

    def shape(self, tensor_id: str, depth: int = 0) -> tuple[int, ...] | None:
        tensor = self.by_id.get(tensor_id)
        if tensor is None or depth > 64:
            return None
        rule = tensor.shape
        if rule.rule == "param":
            return self.facts.shape_of(rule.refs[0]) if rule.refs else None
        if rule.rule == "same":
            return self.shape(rule.refs[0], depth + 1) if rule.refs else None
        if rule.rule == "broadcast":
            shapes = [self.shape(ref, depth + 1) for ref in rule.refs]
            return None if not shapes or any(s is None for s in shapes) else broadcast(shapes)
        if rule.rule == "literal":
            dims = [_int(text) for text in rule.dims]
            return None if any(d is None for d in dims) else tuple(dims)
        if rule.rule == "packed_bits":
            source = self.shape(rule.refs[0], depth + 1) if rule.refs else None
            return None if source is None else (math.ceil(math.prod(source) / 128) * 16,)
        if rule.rule == "reduce":
            return self._reduced(rule.refs, rule.dims, depth)
        return None

    def _reduced(self, refs, dims, depth: int) -> tuple[int, ...] | None:
        source = self.shape(refs[0], depth + 1) if refs else None
        axes = [_int(text) for text in dims]
        if source is None or not axes or any(a is None for a in axes):
            return None
        rank = len(source)
        if any(not -rank <= a < max(rank, 1) for a in axes):
            return None
        drop = {a % rank for a in axes} if rank else set()
        return tuple(d for i, d in enumerate(source) if i not in drop)

    def tensor_class(self, tensor: Tensor) -> str:
        """output | constant | other | unknown for one tensor, by element count under the case.

        Counts decide, not the rule's form: route evaluation may fold the case's shapes into literal dims.
        At most one element is O(1) (the rank-0 -> [1] normalisation), even when the case's N is 1.
        """
        shape = self.shape(tensor.id)
        if shape is None:
            return UNKNOWN
        count = math.prod(shape)
        if count <= 1:
            return "constant"
        if self.output_n is None:
            return UNKNOWN
        return "output" if count == self.output_n else "other"

    def task_class(self, written: tuple[str, ...]) -> str:
        """The size class of a task: that of the largest class among the tensors it writes."""
        classes = {self.tensor_class(self.by_id[t]) for t in written if t in self.by_id}
        if not classes or (UNKNOWN in classes and "output" not in classes):
            return UNKNOWN
        for name in ("output", "other", "constant"):
            if name in classes:
                return name
        return UNKNOWN


def _int(text: str) -> int | None:
    try:
        return int(str(text).strip())
    except ValueError:
        return None
