"""One atlas row per route: launches per launcher, large intermediates and AI CPU fallbacks with their conditions,
and the predicted extra device memory in the shape of the output.

The extra memory is the memory model's peak beyond the entry's own tensors (analyzers/memory). When the route was
walked with a shape for every tensor parameter, it is evaluated at those shapes, under the executor's allocation rule,
exactly as `migrate analyze --case` evaluates them (the same bytes; `extra_bytes`). Otherwise at two shape-free cases,
every width at the route's dtype: "same" (every tensor parameter has out's N elements) and "broadcast" (inputs of one
element, outputs of N): the larger, divided by out's bytes, is the multiple. N is large (2^20), so the 1-element
normalisations round to 0. It is a prediction from the route, said as such in every report. A route its checks reject
for the facts is no call: its row says so and carries no figure.
"""

from __future__ import annotations

import math
import os
import re
from dataclasses import dataclass

from op_migrate.analyzers.memory.allocator import EXACT_RULE, EXECUTOR_RULE
from op_migrate.analyzers.memory.case import Case, TensorCase, dtype_bytes
from op_migrate.analyzers.memory.model import MemoryPlan, bind, evaluate_peak, plan
from op_migrate.analyzers.model import JsonModel
from op_migrate.analyzers.route.model import Route, Task

N = 1 << 20
# Above this many guards that split the storages into exclusive arms, the arms are not searched.
MAX_SPLIT_GUARDS = 12
# An intermediate at least this share of the output is listed (smaller ones: masks, rank-0 normalisations).
LISTED_SHARE = 0.5
_INDICATOR = re.compile(r"I\((\w+)≠(\w+)\)")
_PARTNER = {"self": "selfRef", "selfRef": "self"}  # an in-place entry's tensor is given under either name


@dataclass(frozen=True)
class AtlasItem(JsonModel):
    """A large intermediate or an AI CPU launch: what, where, of which parameter, and when it happens."""

    op: str
    launcher: str
    via: str
    where: str
    of: str  # the entry parameter it is computed from ("" when unknown)
    share: float | None  # its size in outputs (the larger of the two cases); None for AI CPU items
    condition: str  # "always", or the guards / shape conditions under which it happens


@dataclass(frozen=True)
class AtlasRow(JsonModel):
    """What one entry point's route costs beyond its kernel, under the facts it was walked with."""

    entry: str
    file: str
    line: int
    complete: bool
    decided: bool
    reasons: tuple[str, ...]
    launches: tuple[tuple[str, int, int], ...]  # (launcher, decided, may)
    intermediates: tuple[AtlasItem, ...]
    aicpu: tuple[AtlasItem, ...]
    extra_formula: str  # peak beyond the entry's tensors, `may` storages counted
    extra_outputs: float | None  # the same in outputs, predicted (an upper figure: exclusive arms add up)
    extra_decided_outputs: float | None = None  # counting only storages no undecided guard holds
    estimated: bool = False  # some size was not known and counted as output-sized (memory-unknown-size)
    exclusive_searched: bool = True  # False: too many guards split the storages, "up to" adds every arm up
    given_shapes: bool = False  # evaluated at the shapes the route was walked with, not the shape-free cases
    extra_bytes: int | None = None  # at the given shapes: the memory model's peak_bytes (decided storages)
    rejected: str = ""  # the route's checks reject these facts (or they do not broadcast): no call, no figure
    unnamed_tensors: int = 0  # launches using a tensor the route cannot name: lifetimes, so the figure, may be short

    def saving_key(self) -> tuple:
        """Sort key: answered routes first, then what a migration would save (memory, AI CPU, intermediates)."""
        return (not self.complete, -(self.extra_outputs or 0.0), -len(self.aicpu), -len(self.intermediates),
                self.entry, self.file)

    def answered(self) -> bool:
        return self.complete and not self.rejected


def atlas_row(route: Route, file: str, line: int) -> AtlasRow:
    """The row of one walked route (shapes need not be known)."""
    reasons = tuple(f"{r.symbol}: {r.message}" for r in route.incomplete_reasons)
    counts: dict[str, list[int]] = {}
    for task in route.tasks:
        counts.setdefault(task.launcher, [0, 0])[1 if task.may else 0] += 1
    launches = tuple((launcher, pair[0], pair[1]) for launcher, pair in sorted(counts.items()))
    # an undecided launcher ("AI_CORE|AI_CPU") may be the AI CPU one
    aicpu = tuple(_item(task, route, None, "") for task in route.tasks if "AI_CPU" in task.launcher.split("|"))
    decided_route = not any(t.may for t in route.tasks)
    if not route.complete:
        return AtlasRow(route.entry, file, line, False, decided_route, reasons, launches, (), aicpu, "", None)
    if route.rejected is not None:
        return AtlasRow(route.entry, file, line, True, decided_route, reasons, launches, (), aicpu, "", None,
                        rejected=route.rejected.message)
    memory = plan(route)
    given = _given_case(memory, route)
    cases = [given] if given is not None else _cases(memory, route)
    rule = EXECUTOR_RULE if given is not None else EXACT_RULE
    extras, decided, shares, exact, extra_bytes = [], [], {}, True, None
    for case, out_bytes in cases:
        env, _ = bind(memory, case)
        if env is None or not out_bytes:
            continue
        result = evaluate_peak(memory, env, rule)
        extra_bytes = result.peak_bytes if given is not None else None
        reachable, searched = _reachable_peak(memory, dict(result.blocks))
        exact = exact and searched
        extras.append(reachable / out_bytes)
        decided.append(result.peak_bytes / out_bytes)
        for storage, size in result.blocks:
            shares[storage] = max(shares.get(storage, 0.0), size / out_bytes)
    intermediates = tuple(_intermediates(route, memory, shares))
    estimated = any(f.symbol == "memory-unknown-size" for f in memory.findings)
    return AtlasRow(route.entry, file, line, True, decided_route, reasons, launches,
                    intermediates, aicpu, memory.formula_with_may, round(max(extras), 3) if extras else None,
                    round(max(decided), 3) if decided else None, estimated, exact, given is not None, extra_bytes,
                    unnamed_tensors=sum(1 for task in route.tasks if task.unnamed_reads or task.unnamed_writes))


def _given_case(memory: MemoryPlan, route: Route) -> tuple[Case, int] | None:
    """The case of the shapes the route was walked with, when they cover every tensor parameter of the plan, and the
    bytes of its largest output; None otherwise (the shape-free cases then answer)."""
    table = memory.table
    shapes = dict(route.facts.shapes)
    names = list(dict.fromkeys(table.inputs + table.outputs))
    if not shapes or not table.outputs:
        return None
    default = route.facts.dtype_of("*") or "float16"
    tensors = []
    for name in names:
        shape = shapes.get(name, shapes.get(_PARTNER.get(name, ""), None))
        if shape is None:
            return None
        tensors.append(TensorCase(name, tuple(shape), route.facts.dtype_of(name) or default))
    case = Case(tuple(tensors), label="given")
    out_bytes = max(math.prod(t.shape) * (dtype_bytes(t.dtype) or 1) for t in tensors if t.name in table.outputs)
    return case, out_bytes


def _reachable_peak(memory: MemoryPlan, blocks: dict[str, int]) -> tuple[int, bool]:
    """The peak over the runs one call can take: storages under a guard and under its negation (the two arms of
    one `if`) are never live in the same run. Searched over every split guard up to MAX_SPLIT_GUARDS; beyond, the
    plain peak with every `may` storage (an upper figure) and False."""
    tensors = memory.table.tensor_by_id
    literals = {}
    for storage in blocks:
        tensor = tensors.get(storage)
        if tensor is not None and tensor.may:
            literals[storage] = dict(_literal(guard) for guard in tensor.guards)
    polarities: dict[str, set[bool]] = {}
    for found in literals.values():
        for core, positive in found.items():
            polarities.setdefault(core, set()).add(positive)
    split = sorted(core for core, seen in polarities.items() if len(seen) == 2)

    def peak(allowed) -> int:
        return max((sum(blocks.get(m, 0) for m in members if allowed(m)) for _, members in memory.sets_with_may),
                   default=0)

    if not split or len(split) > MAX_SPLIT_GUARDS:
        return peak(lambda storage: True), not split
    # Each storage as bits over the split guards: those its guards name (care) and the values they ask (want); a
    # run's choice of values keeps the storage when it agrees on those bits. Integer tests: 2**12 runs x the sets.
    bit = {core: 1 << i for i, core in enumerate(split)}
    sets = []
    for _, members in memory.sets_with_may:
        always, chosen = 0, []
        for m in members:
            care = want = 0
            for core, positive in literals.get(m, {}).items():
                if core in bit:
                    care |= bit[core]
                    want |= bit[core] if positive else 0
            if care:
                chosen.append((blocks.get(m, 0), care, want))
            else:
                always += blocks.get(m, 0)
        sets.append((always, chosen))
    best = 0
    for mask in range(1 << len(split)):
        for always, chosen in sets:
            best = max(best, always + sum(size for size, care, want in chosen if mask & care == want))
    return best, True


def _literal(guard: str) -> tuple[str, bool]:
    """(the question a guard asks, True when it asks it positively): `!(a || b)` asks `a || b`, negatively."""
    text = guard.strip()
    if text.startswith("!(") and text.endswith(")") and _balanced(text[2:-1]):
        return text[2:-1].strip(), False
    return text, True


def _balanced(text: str) -> bool:
    depth = 0
    for char in text:
        depth += {"(": 1, ")": -1}.get(char, 0)
        if depth < 0:
            return False
    return depth == 0


def _cases(memory: MemoryPlan, route: Route) -> list[tuple[Case, int]]:
    table = memory.table
    dtype = route.facts.dtype_of("*") or "float16"
    width = dtype_bytes(dtype) or 2
    names = list(dict.fromkeys(table.inputs + table.outputs))
    if not names or not table.outputs:
        return []
    same = Case(tuple(TensorCase(name, (N,), dtype) for name in names), label="same")
    spread = Case(tuple(TensorCase(name, (N,) if name in table.outputs else (1,), dtype) for name in names),
                  label="broadcast")
    return [(same, N * width), (spread, N * width)]


def _intermediates(route: Route, memory: MemoryPlan, shares: dict[str, float]):
    table = memory.table
    for interval in memory.intervals:
        share = shares.get(interval.storage)
        if share is None or share < LISTED_SHARE:
            continue
        task = next((t for t in route.tasks if any(table.storage.get(w) == interval.storage for w in t.writes)), None)
        tensor = table.tensor_by_id.get(interval.storage)
        if task is None:
            yield AtlasItem(tensor.producer if tensor else "?", "", "", "", "", round(share, 3),
                            "allocated; no launch on this route writes it")
            continue
        yield _item(task, route, memory, str(table.size.get(interval.storage, "")), round(share, 3))


def _item(task: Task, route: Route, memory: MemoryPlan | None, size: str, share: float | None = None) -> AtlasItem:
    source = _source_param(task, route)
    conditions = [_shape_condition(match, memory) for match in _INDICATOR.finditer(size)] if memory else []
    if task.may:
        conditions.append(_guard_text(task.guards) or ("" if task.guards else "an undecided guard"))
    return AtlasItem(task.op, task.launcher, task.via or "", f"{os.path.basename(task.file)}:{task.line}", source,
                     share, "; ".join(c for c in conditions if c) or "always")


def _source_param(task: Task, route: Route, depth: int = 0) -> str:
    """The entry parameter a launch computes from: through views and same-shape tensors, and through the launch
    that made an intermediate it reads (a BroadcastTo of a ReFormat of a Contiguous of self is "of self")."""
    by_id = {t.id: t for t in route.tensors}
    for read in task.reads:
        current, seen = by_id.get(read), set()
        while current is not None and current.effect != "param" and current.id not in seen:
            seen.add(current.id)
            nxt = current.base or (current.shape.refs[0] if current.shape.rule == "same" and current.shape.refs else None)
            if nxt is None and depth < 8:
                maker = next((t for t in route.tasks if current.id in t.writes), None)
                return _source_param(maker, route, depth + 1) if maker is not None else ""
            current = by_id.get(nxt) if nxt else None
        if current is not None and current.effect == "param":
            return current.name
    return ""


def _guard_text(guards: tuple[str, ...]) -> str:
    """The guards without the empty-tensor early returns (`!(self->IsEmpty() || ...)`): the atlas is about calls
    on non-empty tensors, which the reports say."""
    kept = []
    for guard in guards:
        parts = [part for part in _conjuncts(guard) if not _EMPTY_TEST.fullmatch(part)]
        if parts:
            kept.append(" && ".join(parts))
    return " && ".join(kept)


def _conjuncts(text: str) -> list[str]:
    """`a && (b && c) && d` -> ["a", "(b && c)", "d"]: split at the top level only."""
    parts, depth, start = [], 0, 0
    index = 0
    while index < len(text):
        char = text[index]
        if char in "([{":
            depth += 1
        elif char in ")]}":
            depth -= 1
        elif depth == 0 and text.startswith("&&", index):
            parts.append(text[start:index].strip())
            start = index + 2
            index += 1
        index += 1
    parts.append(text[start:].strip())
    return [part for part in parts if part]

_EMPTY_TEST = re.compile(r"!?\(?\s*(?:\w+->IsEmpty\(\)\s*(?:\|\|\s*)?)+\)?")


def _shape_condition(match: re.Match, memory: MemoryPlan) -> str:
    """I(N1≠N) with N1 = numel(self), N = numel(out): "self's shape differs from out's"."""
    names = [_count_of(symbol, memory) for symbol in match.groups()]
    if all(names):
        return f"{names[0]}'s shape differs from {names[1]}'s"
    return ""  # a count against a constant (a rank-0 normalisation): the guard says it


def _count_of(symbol: str, memory: MemoryPlan) -> str:
    found = memory.table.symbols.get(symbol)
    if found is None or len(found.params) != 1:
        return ""
    return found.params[0]
