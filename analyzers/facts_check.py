"""Facts the user gave, checked against the analysed entry points: names that are parameters, shapes that broadcast."""

from __future__ import annotations

import math
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass

from op_migrate.analyzers.findings import MessageCatalog, MessageDef, Severity
from op_migrate.analyzers.model import JsonModel

MESSAGES = MessageCatalog(
    MessageDef(
        "facts-not-broadcastable",
        "{entry}: its {producer} at {path}:{line} broadcasts {operands}, but these shapes do not broadcast, so its "
        "routes at these facts are no valid call; give shapes that broadcast to check this entry point",
        "Given shapes that one entry point cannot take (another analysed entry takes them).",
        Severity.WARNING,
    ),
    MessageDef(
        "facts-dim-too-large",
        "{option} {text}: {name} has a dimension of {value} (2^31 or more), which no int32 index reaches; "
        "check the shape (every figure for it is predicted from this value)",
        "A given dimension of 2^31 or more: possible in int64 shapes, but usually a typo.",
        Severity.WARNING,
    ),
    MessageDef(
        "facts-tensor-too-large",
        "{option} {text}: {name} holds {size}, over 1 TiB, more than any device's memory; check the shape "
        "(every figure for it is predicted from this value)",
        "A given tensor larger than 1 TiB.",
        Severity.WARNING,
    ),
    MessageDef(
        "facts-zero-dim",
        "{option} {text}: {name} has a zero dimension, so it is an empty tensor and the call takes its empty-tensor "
        "path (usually an early return that launches nothing)",
        "A given shape with a zero dimension: legal, and rarely what a route or memory question is about.",
        Severity.INFO,
    ),
)

LARGE_DIM = 1 << 31
LARGE_TENSOR = 1 << 40  # 1 TiB

# An in-place entry names its tensor selfRef; facts written for the out-of-place entry say self (and back).
_PARTNERS = {"self": "selfRef", "selfRef": "self"}


@dataclass(frozen=True)
class GivenFact(JsonModel):
    """One named fact as the user wrote it: the option, its text, and the parameter name it is about."""

    option: str  # "--shape", "--dtype", "--scalar", "--case"
    text: str
    name: str


@dataclass(frozen=True)
class BroadcastConflict(JsonModel):
    """Two or more given shapes that a chain broadcasts together but that do not broadcast."""

    entry: str
    shapes: tuple[tuple[str, tuple[int, ...]], ...]  # the entry parameters behind the broadcast operands
    producer: str
    file: str
    line: int
    target: tuple[str, tuple[int, ...]] | None = None  # a BroadcastTo's output (its local name) and shape

    def shapes_text(self) -> str:
        return ", ".join(f"{name}={_dims(dims)}" for name, dims in self.shapes)

    def operands(self) -> str:
        """What the task broadcasts, with the values: 'self=[3,4], other=[5,4] together' or 'x=[3] to [5,4] (...)'."""
        if self.target is not None:
            name, dims = self.target
            return f"{self.shapes_text()} to {_dims(dims)} (the shape of its output {name})"
        return f"{self.shapes_text()} together"

    def finding(self):
        return MESSAGES.make("facts-not-broadcastable", path=self.file, line=self.line, entry=self.entry,
                             operands=self.operands(), producer=self.producer)


@dataclass(frozen=True)
class GivenShape(JsonModel):
    """One shape the user gave, with the element width when a dtype was given for it (None: unknown)."""

    option: str
    text: str
    name: str
    dims: tuple[int, ...]
    width: int | None = None


def implausible_shapes(shapes: Iterable[GivenShape]):
    """Findings for shapes that are legal but rarely meant: a dimension of 2^31 or more, a tensor over 1 TiB (a
    tensor of unknown dtype counts one byte per element, so it is flagged only when it surely is), a zero
    dimension. Each shape gets at most one finding, the first that applies in that order."""
    found = []
    for shape in shapes:
        fields = {"option": shape.option, "text": shape.text, "name": shape.name}
        size = math.prod(shape.dims) * (shape.width or 1)
        if any(dim >= LARGE_DIM for dim in shape.dims):
            found.append(MESSAGES.make("facts-dim-too-large", value=max(shape.dims), **fields))
        elif size > LARGE_TENSOR:
            found.append(MESSAGES.make("facts-tensor-too-large", size=_tib(size), **fields))
        elif 0 in shape.dims:
            found.append(MESSAGES.make("facts-zero-dim", **fields))
    return tuple(found)


def _tib(size: int) -> str:
    return f"{size / LARGE_TENSOR:,.1f} TiB" + ("" if size < 1 << 50 else f" ({size:.2e} bytes)")


def _dims(dims: Sequence[int]) -> str:
    return f"[{','.join(map(str, dims))}]"


def unknown_names(given: Iterable[GivenFact], entry_params: Mapping[str, Sequence[str]]) -> tuple[GivenFact, ...]:
    """The facts whose name is no parameter of any analysed entry point."""
    known = {name for params in entry_params.values() for name in params}
    known |= {_PARTNERS[name] for name in known if name in _PARTNERS}
    return tuple(fact for fact in given if fact.name not in known)


def broadcasts(shapes: Sequence[Sequence[int]]) -> bool:
    """NumPy's rule: aligned from the right, each dimension pair is equal or one of them is 1."""
    rank = max((len(shape) for shape in shapes), default=0)
    for axis in range(1, rank + 1):
        sizes = {shape[-axis] for shape in shapes if len(shape) >= axis} - {1}
        if len(sizes) > 1:
            return False
    return True


def broadcast_conflicts(route: Mapping, given: Mapping[str, tuple[int, ...]]) -> tuple[BroadcastConflict, ...]:
    """Where a route (its JSON form) surely broadcasts tensors of known shapes that do not broadcast.

    Two kinds of task broadcast: a BroadcastTo, whose input must broadcast to its output, and a task of an op
    the route shows broadcasting (it produces a tensor whose shape rule is the broadcast of its operands), whose
    tensor operands must broadcast together. Shapes are the route's concrete dims (from the facts) or the given
    shape of the parameter an operand is a view of; an operand of unknown shape is never guessed at.
    A task under an undecided guard counts only when the same clash sits under that guard's negation too
    (whichever way it goes, the call broadcasts them); otherwise the guard may well exclude it.
    """
    tensors = {tensor["id"]: tensor for tensor in route.get("tensors", [])}
    broadcasting = {t.get("producer") for t in tensors.values() if (t.get("shape") or {}).get("rule") == "broadcast"}
    sure: dict[tuple, BroadcastConflict] = {}
    maybe: dict[tuple, list[tuple[tuple[str, ...], BroadcastConflict]]] = {}
    for task in route.get("tasks", []):
        conflict = _task_conflict(route, task, tensors, broadcasting, given)
        if conflict is None:
            continue
        if not task.get("may"):
            sure.setdefault(conflict.shapes, conflict)
        else:
            maybe.setdefault(conflict.shapes, []).append((tuple(task.get("guards", ())), conflict))
    for shapes, guarded in maybe.items():
        guard_sets = {guards for guards, _ in guarded}
        if any(len(g) == 1 and (f"!({g[0]})",) in guard_sets for g in guard_sets):
            sure.setdefault(shapes, guarded[0][1])
    return tuple(sure.values())


def _task_conflict(route, task, tensors, broadcasting, given) -> BroadcastConflict | None:
    reads = [_shape_of(ref, tensors, given) for ref in task.get("reads", [])]
    writes = [tensors.get(ref) or {} for ref in task.get("writes", [])]
    if task.get("op") == "BroadcastTo" and reads and writes and writes[0].get("dims") is not None:
        target = tuple(writes[0]["dims"])
        if reads[0][1] is not None and not _broadcasts_to(reads[0][1], target):
            return _conflict(route, task, [reads[0]], (writes[0].get("name", "?"), target))
    elif task.get("op") in broadcasting and len(reads) >= 2:
        if all(dims is not None for _, dims in reads) and not broadcasts([dims for _, dims in reads]):
            return _conflict(route, task, reads)
    return None


def _broadcasts_to(shape: Sequence[int], target: Sequence[int]) -> bool:
    if len(shape) > len(target):
        return False
    return all(dim in (1, want) for dim, want in zip(reversed(shape), reversed(target)))


def _conflict(route: Mapping, task: Mapping, operands, target=None) -> BroadcastConflict:
    return BroadcastConflict(route["entry"], tuple((name, tuple(dims)) for name, dims in operands),
                             task.get("op", "?"), task.get("file", "?"), int(task.get("line") or 0), target)


def _shape_of(tensor_id: str, tensors: Mapping[str, Mapping], given: Mapping[str, tuple[int, ...]]):
    """(what to call the operand, its dims or None): the parameter it is a view of when there is one."""
    param = _param_of(tensor_id, tensors)
    tensor = tensors.get(tensor_id) or {}
    dims = tensor.get("dims")
    if dims is None and param is not None:
        dims = _given(param, given)
    return (param or tensor.get("name", tensor_id)), (tuple(dims) if dims is not None else None)


def _given(name: str, given: Mapping[str, tuple[int, ...]]) -> tuple[int, ...] | None:
    if name in given:
        return tuple(given[name])
    partner = _PARTNERS.get(name)
    return tuple(given[partner]) if partner in given else None


def _param_of(tensor_id: str, tensors: Mapping[str, Mapping], depth: int = 0) -> str | None:
    tensor = tensors.get(tensor_id)
    if tensor is None or depth > 64:
        return None
    shape = tensor.get("shape") or {}
    if shape.get("rule") == "param" and shape.get("refs"):
        return shape["refs"][0]
    if shape.get("rule") == "same" and len(shape.get("refs", [])) == 1:
        return _param_of(shape["refs"][0], tensors, depth + 1)
    return None
