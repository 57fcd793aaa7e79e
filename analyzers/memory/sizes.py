"""Size formulas for a route's tensors: element counts as named symbols (N1, N2, N, M), byte widths (S), indicators.

Naming follows the seeds: one input parameter gives N; several give N1, N2, … and N is their broadcast
output count; a reduction's output count is M; S is the byte width of the computed dtype. A BroadcastTo
of a tensor whose count differs from its output is materialised, so its size carries I(Nin≠N): when the
input already has the output shape the term vanishes, as in M_original_extra of the FloorMod seed.
"""

from __future__ import annotations

import math
import re
from dataclasses import dataclass, field

from op_migrate.analyzers.findings import Finding
from op_migrate.analyzers.memory.case import canonical_dtype, dtype_bytes
from op_migrate.analyzers.memory.expr import Poly
from op_migrate.analyzers.memory.facts_symbols import MASK_BLOCK_BITS, computed_dtype, count_source, mask_source
from op_migrate.analyzers.memory.messages import MESSAGES
from op_migrate.analyzers.route.model import Route, Tensor

# Ops that copy their input out to a larger broadcast shape: materialised only when the shape changes.
BROADCAST_OPS = frozenset({"BroadcastTo", "BroadcastToD", "Expand", "BroadcastTensor"})
OUTPUT_NAMES = frozenset({"out", "y", "selfRef", "outRef", "result", "output"})
_SHAPE_WORDS = re.compile(r"(broadcast|output|out)", re.IGNORECASE)


@dataclass(frozen=True)
class CountSymbol:
    """How an element-count symbol follows from a case: a parameter's numel, the broadcast of several, a constant."""

    name: str
    params: tuple[str, ...]  # one parameter: its numel; several: numel of their broadcast
    kind: str = "numel"  # numel | broadcast


@dataclass
class SizeTable:
    """Per tensor id: element-count and byte-size formulas; the symbols they use; findings met on the way."""

    count: dict[str, Poly] = field(default_factory=dict)
    size: dict[str, Poly] = field(default_factory=dict)
    storage: dict[str, str] = field(default_factory=dict)  # tensor id -> id of the tensor owning its storage
    symbols: dict[str, CountSymbol] = field(default_factory=dict)
    widths: dict[str, str | None] = field(default_factory=dict)  # width symbol -> parameter it follows (None: computed dtype)
    inputs: tuple[str, ...] = ()
    outputs: tuple[str, ...] = ()
    findings: list[Finding] = field(default_factory=list)
    tensor_by_id: dict = field(default_factory=dict)
    used_atoms: set[str] | None = None
    exposed_width: dict = field(default_factory=dict)  # tensor id -> bytes per element (int) or a width symbol


def parameter_roles(route: Route) -> tuple[tuple[str, ...], tuple[str, ...]]:
    """(input parameter names, output parameter names) in route order."""
    written = {t for task in route.tasks for t in task.writes}
    written |= {t.base for t in route.tensors if t.effect == "write" and t.base}
    inputs, outputs = [], []
    for tensor in route.tensors:
        if tensor.effect != "param":
            continue
        name = _param_name(tensor)
        if tensor.id in written or tensor.name in OUTPUT_NAMES:
            outputs.append(name)
        elif name not in inputs:
            inputs.append(name)
    return tuple(inputs), tuple(dict.fromkeys(outputs))


def _param_name(tensor: Tensor) -> str:
    if tensor.shape.rule == "param" and tensor.shape.refs:
        return tensor.shape.refs[0]
    return tensor.name


def size_table(route: Route) -> SizeTable:
    """Build count and size formulas for every tensor of `route`."""
    table = SizeTable()
    table.inputs, table.outputs = parameter_roles(route)
    by_id = {t.id: t for t in route.tensors}
    by_name = {}
    for tensor in route.tensors:
        by_name.setdefault(tensor.name, tensor)
    has_reduce = any(t.shape.rule == "reduce" for t in route.tensors)
    resolver = _Resolver(route, table, by_id, by_name, has_reduce)
    for tensor in route.tensors:
        resolver.count_of(tensor)
        table.storage[tensor.id] = resolver.storage_of(tensor)
        width = resolver.width_of(tensor)
        table.size[tensor.id] = resolver.bytes_of(tensor, width)
    return table


class _Resolver:
    def __init__(self, route: Route, table: SizeTable, by_id: dict, by_name: dict, has_reduce: bool) -> None:
        self.route, self.table, self.by_id, self.by_name = route, table, by_id, by_name
        self.has_reduce = has_reduce
        self.params_of: dict[str, tuple[str, ...] | None] = {}  # tensor id -> broadcast set of input params
        self._visiting: set[str] = set()
        self.computed = computed_dtype(route.facts, table.inputs)

    def lookup(self, ref: str) -> Tensor | None:
        return self.by_id.get(ref) or self.by_name.get(ref)

    def symbol_for(self, params: tuple[str, ...]) -> str:
        key = tuple(sorted(set(params), key=lambda p: self.table.inputs.index(p) if p in self.table.inputs else 99))
        for symbol in self.table.symbols.values():
            if symbol.params == key:
                return symbol.name
        if set(key) == set(self.table.inputs) and (len(key) > 1 or len(self.table.inputs) == 1):
            name = "N"
        elif len(key) == 1 and key[0] in self.table.inputs:
            name = f"N{self.table.inputs.index(key[0]) + 1}"
        elif len(key) == 1:
            name = f"N_{key[0]}"
        else:
            name = "N_" + "_".join(key)
        self.table.symbols[name] = CountSymbol(name, key, "numel" if len(key) == 1 else "broadcast")
        return name

    def output_count(self) -> Poly:
        if self.table.outputs and (self.has_reduce or self._output_differs()):
            name = "M"
            self.table.symbols.setdefault(name, CountSymbol(name, (self.table.outputs[0],), "numel"))
            return Poly.atom(name)
        if self.table.inputs:
            return Poly.atom(self.symbol_for(self.table.inputs))
        if self.table.outputs:
            return Poly.atom(self.symbol_for((self.table.outputs[0],)))
        return Poly.atom(self.symbol_for(("out",)))

    def _output_differs(self) -> bool:
        """True when the facts show the output's count is not the inputs' broadcast count (a reduction, a gather)."""
        out_shape = self.route.facts.shape_of(self.table.outputs[0])
        if out_shape is None:
            return False
        together = count_source(self.route.facts, self.table.inputs, math.prod(out_shape))
        return together != tuple(self.table.inputs)

    def count_of(self, tensor: Tensor) -> Poly:
        if tensor.id in self.table.count:
            return self.table.count[tensor.id]
        if tensor.id in self._visiting:
            return self._unknown(tensor, "its shape refers back to itself")
        self._visiting.add(tensor.id)
        try:
            count = self._count(tensor)
        finally:
            self._visiting.discard(tensor.id)
        self.table.count[tensor.id] = count
        return count

    def _count(self, tensor: Tensor) -> Poly:
        rule = tensor.shape
        if tensor.effect == "param" or rule.rule == "param":
            name = _param_name(tensor)
            if name in self.table.outputs and name not in self.table.inputs:
                return self.output_count()
            self.params_of[tensor.id] = (name,)
            return Poly.atom(self.symbol_for((name,)))
        if rule.rule == "same" and rule.refs:
            source = self.lookup(rule.refs[0])
            if source is None:
                return self._dangling(tensor, rule.refs[0])
            count = self.count_of(source)
            if source.id in self.params_of:
                self.params_of[tensor.id] = self.params_of[source.id]
            return count
        if rule.rule == "broadcast" and rule.refs:
            params: list[str] = []
            for ref in rule.refs:
                source = self.lookup(ref)
                if source is None:
                    return self._dangling(tensor, ref)
                self.count_of(source)
                if source.id not in self.params_of:
                    counts = {str(self.count_of(self.lookup(r))) for r in rule.refs if self.lookup(r) is not None}
                    if len(counts) == 1:
                        return self.count_of(source)  # every operand already has the same count
                    return self._unknown(tensor, f"broadcast of '{ref}', whose count is not a parameter's")
                params.extend(self.params_of[source.id])
            self.params_of[tensor.id] = tuple(dict.fromkeys(params))
            return Poly.atom(self.symbol_for(tuple(params)))
        if rule.rule == "literal" and rule.dims:
            return self._literal(tensor)
        if rule.rule == "packed_bits" and rule.refs:
            source = self.lookup(rule.refs[0])
            if source is None:
                return self._dangling(tensor, rule.refs[0])
            inner = self.count_of(source)
            if not str(inner).isidentifier():
                return self._unknown(tensor, "packed bits of a compound count")
            return _mask_poly(str(inner))  # counted in mask elements of 1 byte
        if rule.rule == "reduce":
            return self.output_count() if self.table.outputs else self._unknown(tensor, "reduction without an output parameter")
        return self._unknown(tensor, rule.text or f"shape rule '{rule.rule}'")

    def _literal(self, tensor: Tensor) -> Poly:
        dims = tensor.shape.dims
        if all(d.strip().isdigit() for d in dims):
            product = math.prod(int(d) for d in dims)
            named = count_source(self.route.facts, self.table.inputs, product)
            if named is not None:
                self.params_of[tensor.id] = named
                return Poly.atom(self.symbol_for(named))
            packed = mask_source(self.route.facts, self.table.inputs, product) if canonical_dtype(tensor.dtype or "") == "uint8" else None
            if packed is not None:
                return _mask_poly(self.symbol_for(packed))
            return Poly.const(product)
        if len(dims) == 1:
            text = dims[0].strip()
            source = self.lookup(text)
            if source is not None and source.id != tensor.id:
                return self.count_of(source)
            if _SHAPE_WORDS.search(text):
                result = self.output_count()
                if self.table.inputs and not self.has_reduce:
                    self.params_of[tensor.id] = tuple(self.table.inputs)
                return result
        return self._unknown(tensor, f"literal shape {list(dims)}")

    def _unknown(self, tensor: Tensor, reason: str) -> Poly:
        self.table.findings.append(
            MESSAGES.make("memory-unknown-size", path=tensor.file, line=tensor.line, tensor=tensor.id, op=tensor.producer, reason=reason)
        )
        return self.output_count()

    def _dangling(self, tensor: Tensor, ref: str) -> Poly:
        self.table.findings.append(MESSAGES.make("memory-dangling-reference", path=tensor.file, line=tensor.line, tensor=tensor.id, ref=ref))
        return self._unknown(tensor, f"'{ref}' is not defined")

    def storage_of(self, tensor: Tensor) -> str:
        seen = set()
        current = tensor
        while current.effect in ("view", "alias", "write") and current.base and current.id not in seen:
            seen.add(current.id)
            base = self.lookup(current.base)
            if base is None:
                self.table.findings.append(
                    MESSAGES.make("memory-dangling-reference", path=current.file, line=current.line, tensor=current.id, ref=current.base)
                )
                return current.id
            current = base
        return current.id

    def width_of(self, tensor: Tensor) -> Poly:
        if tensor.shape.rule == "packed_bits":
            return Poly.const(1)
        width = dtype_bytes(tensor.dtype) if tensor.dtype else None
        if width and tensor.effect != "param" and self.computed == canonical_dtype(tensor.dtype):
            self.table.widths["S"] = None
            return Poly.atom("S")
        if width:
            return Poly.const(width)
        text = (tensor.dtype or "").strip()
        if text in self.table.inputs or text in self.table.outputs:
            symbol = f"S_{text}"
            self.table.widths[symbol] = text
            return Poly.atom(symbol)
        if tensor.effect == "param":
            name = _param_name(tensor)
            symbol = f"S_{name}"
            self.table.widths[symbol] = name
            return Poly.atom(symbol)
        self.table.widths["S"] = None
        if text and canonical_dtype(text) is None and not text.isidentifier():
            self.table.findings.append(
                MESSAGES.make("memory-unknown-dtype", path=tensor.file, line=tensor.line, tensor=tensor.id, dtype=text, symbol="S")
            )
        return Poly.atom("S")

    def bytes_of(self, tensor: Tensor, width: Poly) -> Poly:
        size = self.table.count[tensor.id] * width
        if tensor.effect == "alloc" and tensor.producer in BROADCAST_OPS:
            indicator = self._broadcast_indicator(tensor)
            if indicator is not None:
                size = Poly.atom(indicator) * size
        return size

    def _broadcast_indicator(self, tensor: Tensor) -> str | None:
        out_count = str(self.table.count[tensor.id])
        for task in self.route.tasks:
            if tensor.id in task.writes and task.reads:
                source = self.lookup(task.reads[0])
                if source is None:
                    return None
                in_count = str(self.count_of(source))
                if in_count == out_count:
                    return None
                if in_count.isdigit() and out_count.isdigit():
                    return None
                if not (_simple(in_count) and _simple(out_count)):
                    return None  # a compound count: keep the broadcast unconditional (conservative)
                return f"I({in_count}≠{out_count})"
        return None


def _simple(count_text: str) -> bool:
    """A count that is one symbol or one integer, so that an indicator over it can be evaluated."""
    return count_text.isdigit() or count_text.isidentifier()


def _mask_poly(count_symbol: str) -> Poly:
    """ceil(N/128)·16 bytes of a DSA bit mask over `count_symbol` elements."""
    return Poly.atom(f"⌈{count_symbol}/{MASK_BLOCK_BITS}⌉").scale(MASK_BLOCK_BITS // 8)
