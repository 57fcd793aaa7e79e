"""The memory model of one route: size formulas, live ranges, the peak as a formula, and its evaluation for a Case."""

from __future__ import annotations

import math
import re
from dataclasses import dataclass, field

from op_migrate.analyzers.findings import Finding
from op_migrate.analyzers.memory.allocator import EXECUTOR_RULE, AllocationRule
from op_migrate.analyzers.memory.case import Case, broadcast_shape, dtype_bytes
from op_migrate.analyzers.memory.expr import MaxExpr, Poly
from op_migrate.analyzers.memory.lifetime import Interval, live_intervals, live_sets, peak_bytes, peak_formula
from op_migrate.analyzers.memory.messages import MESSAGES
from op_migrate.analyzers.memory.storage_notes import storage_notes
from op_migrate.analyzers.memory.sizes import SizeTable, size_table
from op_migrate.analyzers.model import JsonModel
from op_migrate.analyzers.route.model import Route

_INDICATOR = re.compile(r"^I\((.+)≠(.+)\)$")
_CEILING = re.compile(r"^⌈(.+)/(\d+)⌉$")


@dataclass(frozen=True)
class TensorPlan(JsonModel):
    """One tensor of the route as the memory model sees it (interval only for allocated storages)."""

    id: str
    name: str
    producer: str
    effect: str
    storage: str
    count: str
    size: str
    file: str
    line: int
    may: bool
    start: int | None
    end: int | None
    note: str = ""  # why it costs no memory of its own (a view, an in-place write, ViewCopy's re-pointing)


@dataclass(frozen=True)
class MemoryPlan(JsonModel):
    """Case-independent: formulas for every tensor, live ranges, the peak formula and the no-reuse upper bound."""

    SCHEMA = "op-migrate/memory-plan@1"

    entry: str
    tensors: tuple[TensorPlan, ...]
    formula: str
    formula_with_may: str
    upper_bound_formula: str
    symbols: tuple[tuple[str, str], ...]
    findings: tuple[Finding, ...]
    route: Route = field(repr=False, compare=False)
    table: SizeTable = field(repr=False, compare=False)
    intervals: tuple[Interval, ...] = field(repr=False, compare=False)
    peak_expr: MaxExpr = field(repr=False, compare=False)
    sets: tuple = field(repr=False, compare=False)
    sets_with_may: tuple = field(repr=False, compare=False)

    @property
    def tensor_by_id(self) -> dict:
        return self.table.tensor_by_id


def plan(route: Route) -> MemoryPlan:
    """Build the symbolic memory model of a route."""
    table = size_table(route)
    table.tensor_by_id = {t.id: t for t in route.tensors}
    intervals = live_intervals(route, table)
    storage_sizes = {i.storage: table.size[i.storage] for i in intervals}
    sets = tuple(live_sets(intervals))
    sets_may = tuple(live_sets(intervals, include_may=True))
    peak = peak_formula(list(sets), storage_sizes)
    peak_may = peak_formula(list(sets_may), storage_sizes)
    upper = Poly()
    for interval in intervals:
        upper = upper + storage_sizes[interval.storage]
    findings = list(table.findings)
    by_interval = {i.storage: i for i in intervals}
    for tensor in route.tensors:
        if tensor.may and tensor.effect == "alloc":
            findings.append(MESSAGES.make("memory-may-tensor", path=tensor.file, line=tensor.line, tensor=tensor.id,
                                          guards="; ".join(tensor.guards) or "unknown guard"))
    unnamed = [task for task in route.tasks if task.unnamed_reads or task.unnamed_writes]
    if unnamed:
        first = unnamed[0]
        what = f"reading {first.unnamed_reads[0]}" if first.unnamed_reads else f"writing {first.unnamed_writes[0]}"
        findings.append(MESSAGES.make("memory-unnamed-tensor", path=first.file, line=first.line, entry=route.entry,
                                      count=len(unnamed), index=first.index, op=first.op, what=what))
    if not route.complete:
        findings.append(MESSAGES.make("memory-route-incomplete", entry=route.entry))
    notes = storage_notes(route, table.storage)
    tensors = tuple(
        TensorPlan(
            id=t.id, name=t.name, producer=t.producer, effect=t.effect, storage=table.storage[t.id],
            count=str(table.count[t.id]), size=str(table.size[t.id]) if t.effect == "alloc" else "0",
            file=t.file, line=t.line, may=t.may,
            start=by_interval[t.id].start if t.id in by_interval else None,
            end=by_interval[t.id].end if t.id in by_interval else None,
            note=notes.get(t.id, ""),
        )
        for t in route.tensors
    )
    shown = " ".join([str(peak), str(peak_may), str(upper)] + [t.size for t in tensors])
    symbols = tuple(
        (name, _describe_symbol(table, name)) for name in sorted(_used_atoms(table))
        if re.search(rf"(?<!\w){re.escape(name)}(?!\w)", shown)
    )
    return MemoryPlan(
        entry=route.entry, tensors=tensors, formula=str(peak), formula_with_may=str(peak_may),
        upper_bound_formula=str(upper), symbols=symbols, findings=tuple(findings), route=route, table=table,
        intervals=intervals, peak_expr=peak, sets=sets, sets_with_may=sets_may,
    )


def _used_atoms(table: SizeTable) -> set[str]:
    # Computed once per table: bind() runs per case and needs the same set every time.
    if table.used_atoms is not None:
        return table.used_atoms
    atoms: set[str] = set()
    for poly in list(table.size.values()) + list(table.count.values()):
        atoms |= poly.atoms()
    table.used_atoms = atoms
    return atoms


def _describe_symbol(table: SizeTable, name: str) -> str:
    if name in table.symbols:
        symbol = table.symbols[name]
        return f"numel({symbol.params[0]})" if len(symbol.params) == 1 else f"numel(broadcast({', '.join(symbol.params)}))"
    if name in table.widths:
        source = table.widths[name]
        return f"bytes per element of {source}" if source else "bytes per element of the computed (promoted) dtype"
    if name.startswith("I("):
        return "1 when the two counts differ, else 0 (the broadcast is materialised only then)"
    if name.startswith("⌈"):
        return "DSA mask blocks of 128 bits"
    return "symbol"


def bind(plan_: MemoryPlan, case: Case) -> tuple[dict[str, int] | None, list[Finding]]:
    """Values of every atom the plan uses, from the case; None (with findings) when the case lacks something."""
    table = plan_.table
    env: dict[str, int] = {}
    findings: list[Finding] = []
    for name, symbol in table.symbols.items():
        shapes = []
        for param in symbol.params:
            tensor = case.get(param)
            if tensor is None:
                findings.append(MESSAGES.make("memory-case-missing-parameter", case=case.label or case.text(), name=param))
                break
            shapes.append(tensor.shape)
        else:
            shape = broadcast_shape(*shapes) if len(shapes) > 1 else shapes[0]
            if shape is None:
                findings.append(MESSAGES.make("memory-case-not-broadcastable", case=case.label or case.text(), shapes=shapes))
                continue
            env[name] = math.prod(shape)
    for name, source in table.widths.items():
        width = _width(case, source, table.inputs + table.outputs)
        if width is not None:
            env[name] = width
        else:
            findings.append(MESSAGES.make("memory-case-missing-parameter", case=case.label or case.text(), name=f"dtype of {source or 'inputs'}"))
    for atom in sorted(_used_atoms(table)):
        if atom in env:
            continue
        value = _derived(atom, env)
        if value is None:
            return None, findings
        env[atom] = value
    return (env if not findings else None), findings


def _width(case: Case, source: str | None, params: tuple[str, ...]) -> int | None:
    if source is not None:
        tensor = case.get(source)
        return dtype_bytes(tensor.dtype) if tensor is not None and tensor.dtype else None
    # The computed dtype: the widest dtype among the case's parameters (promotion by width).
    # case.get, not the names: an in-place entry's selfRef reads a case written with self.
    tensors = [case.get(name) for name in params] if params else list(case.tensors)
    widths = [dtype_bytes(t.dtype) for t in tensors if t is not None and t.dtype]
    widths = [w for w in widths if w]
    return max(widths) if widths else None


def _value(text: str, env: dict[str, int]) -> int | None:
    text = text.strip()
    if text.isdigit():
        return int(text)
    return env.get(text)


def _derived(atom: str, env: dict[str, int]) -> int | None:
    match = _INDICATOR.match(atom)
    if match:
        left, right = _value(match.group(1), env), _value(match.group(2), env)
        return None if left is None or right is None else int(left != right)
    match = _CEILING.match(atom)
    if match:
        inner = _value(match.group(1), env)
        return None if inner is None else -(-inner // int(match.group(2)))
    return None


@dataclass(frozen=True)
class PeakResult(JsonModel):
    """The peak of one plan at one case under one allocation rule."""

    peak_bytes: int
    peak_with_may_bytes: int
    upper_bound_bytes: int
    position: int | None
    live: tuple[str, ...]
    blocks: tuple[tuple[str, int], ...]


def evaluate_peak(plan_: MemoryPlan, env: dict[str, int], rule: AllocationRule = EXECUTOR_RULE) -> PeakResult:
    """Peak, peak counting `may` storages, and the no-reuse upper bound, in counted bytes under `rule`."""
    sizes = plan_.table.size
    blocks = {i.storage: rule.block(sizes[i.storage].evaluate(env)) for i in plan_.intervals}
    peak, position, live = peak_bytes(list(plan_.sets), blocks)
    peak_may, _, _ = peak_bytes(list(plan_.sets_with_may), blocks)
    return PeakResult(peak, peak_may, sum(blocks.values()), position, live, tuple(blocks.items()))
