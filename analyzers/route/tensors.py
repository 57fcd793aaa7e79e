"""The tensor book of a route walk: ids, effects, storage bases, dtypes and shapes (rule plus known dims)."""

from __future__ import annotations

import math
import re
from dataclasses import dataclass

from op_migrate.analyzers.cxx.model import Expr
from op_migrate.analyzers.route.l0_semantics import CatalogOp
from op_migrate.analyzers.route.model import Facts, ShapeRule, Site, Tensor
from op_migrate.analyzers.route.values import DType, HostValue, ShapeValue, TensorRef, broadcast_dims, is_int

_INT = re.compile(r"^-?\d+$")


@dataclass
class _Record:
    id: str
    name: str
    producer: str
    effect: str
    shape: ShapeRule
    dtype: str | None
    file: str
    line: int
    base: str | None
    dims: tuple[int, ...] | None
    may: bool = False
    guards: tuple[str, ...] = ()
    named: bool = False


class TensorBook:
    """Every device tensor a walk meets, in creation order; parameters first as they are bound."""

    def __init__(self, facts: Facts) -> None:
        self.facts = facts
        self._records: dict[str, _Record] = {}
        self._created = 0
        self._order: dict[str, int] = {}

    def param(self, name: str, path: str, line: int) -> str:
        dims = self.facts.shape_of(name)
        self._order.setdefault(name, len(self._order))
        self._records[name] = _Record(name, name, "param", "param", ShapeRule("param", (name,)),
                                      self.facts.dtype_of(name), path, line, None, dims, named=True)
        return name

    def create(self, producer, effect, shape: ShapeRule, dtype, site: Site, *, base=None, dims=None,
               may=False, guards=()) -> str:
        self._created += 1
        tensor_id = f"t{self._created}"
        root = self.root(base) if base else None
        if dims is None:
            dims = self._dims_of(shape)
        self._order[tensor_id] = len(self._order)
        self._records[tensor_id] = _Record(tensor_id, producer.lower() if producer else tensor_id, producer, effect,
                                           shape, dtype, site.file, site.line, root, dims, may, tuple(guards))
        return tensor_id

    def count(self) -> int:
        return len(self._records)

    def index(self, tensor_id: str) -> int:
        """Creation order of a tensor (parameters first); -1 when unknown."""
        return self._order.get(tensor_id, -1)

    def effect(self, tensor_id: str) -> str | None:
        record = self._records.get(tensor_id)
        return record.effect if record else None

    def root(self, tensor_id: str) -> str:
        record = self._records.get(tensor_id)
        while record is not None and record.base and record.base != record.id:
            record = self._records.get(record.base)
        return record.id if record else tensor_id

    def name_once(self, tensor_id: str, name: str) -> None:
        record = self._records.get(tensor_id)
        if record is not None and not record.named:
            record.name, record.named = name, True

    def dtype(self, tensor_id: str) -> str | None:
        record = self._records.get(tensor_id)
        return record.dtype if record else None

    def ref_dtype(self, ref: TensorRef) -> str | None:
        """The dtype of a variable that may hold several tensors: known only when they all agree."""
        dtypes = {self.dtype(tensor_id) for tensor_id in (ref.id, *ref.others)}
        return dtypes.pop() if len(dtypes) == 1 else None

    def ref_shape(self, ref: TensorRef) -> ShapeValue:
        """The shape of a variable that may hold several tensors: unknown unless they all agree."""
        shape = self.shape(ref.id)
        if all(self.shape(other).dims == shape.dims and shape.dims is not None for other in ref.others):
            return shape
        return ShapeValue(None, ShapeRule("unknown", (ref.id, *ref.others), text="one of " + ", ".join((ref.id, *ref.others))))

    def set_dtype(self, tensor_id: str, dtype: str | None) -> None:
        record = self._records.get(tensor_id)
        if record is None:
            return
        record.dtype = dtype
        if record.effect == "view":
            record.effect = "alias"

    def shape(self, tensor_id: str) -> ShapeValue:
        record = self._records.get(tensor_id)
        if record is None:
            return ShapeValue(None, ShapeRule("unknown", text=tensor_id))
        rule = ShapeRule("param", (tensor_id,)) if record.effect == "param" else ShapeRule("same", (tensor_id,))
        return ShapeValue(record.dims, rule)

    def tensors(self) -> tuple[Tensor, ...]:
        return tuple(
            Tensor(id=r.id, name=r.name, producer=r.producer, effect=r.effect, shape=r.shape,
                   dtype=r.dtype or "unknown", file=r.file, line=r.line, base=r.base, may=r.may,
                   guards=r.guards, dims=r.dims)
            for r in self._records.values()
        )

    # -- shape rules ----------------------------------------------------------------------------------------
    def _dims_of(self, rule: ShapeRule) -> tuple[int, ...] | None:
        if rule.rule == "param" and rule.refs:
            return self.facts.shape_of(rule.refs[0])
        if rule.rule == "same" and rule.refs and not rule.text:
            return self.shape(rule.refs[0]).dims
        if rule.rule == "broadcast" and rule.refs:
            dims = self.shape(rule.refs[0]).dims
            for ref in rule.refs[1:]:
                dims = broadcast_dims(dims, self.shape(ref).dims)
            return dims
        if rule.rule == "literal" and rule.dims and all(_INT.match(d) for d in rule.dims):
            return tuple(int(d) for d in rule.dims)
        return None

    def shape_from(self, value, expr: Expr, evaluator) -> tuple[ShapeRule, tuple[int, ...] | None]:
        """The rule and dims of an AllocTensor/CreateView shape argument."""
        if isinstance(value, ShapeValue):
            return value.rule, value.dims
        if isinstance(value, HostValue) and value.dims is not None:
            return ShapeRule("literal", dims=tuple(str(d) for d in value.dims)), value.dims
        items = _brace_items(expr)
        if items is not None:
            texts, dims = [], []
            for item in items:
                number = evaluator.value(item)
                if is_int(number):
                    texts.append(str(number))
                    dims.append(number)
                else:
                    texts.append(" ".join(item.text.split()))
            known = tuple(dims) if len(dims) == len(items) else None
            return ShapeRule("literal", dims=tuple(texts)), known
        return ShapeRule("unknown", text=" ".join(expr.text.split())), None

    def rule_for(self, op: CatalogOp, args, expr: Expr) -> tuple[ShapeRule, str | None]:
        """Shape rule and dtype of a catalog op's output from its argument values."""
        return self._catalog_shape(op, args, expr), self._catalog_dtype(op, args)

    def _catalog_shape(self, op: CatalogOp, args, expr: Expr) -> ShapeRule:
        kind, indices = op.shape_kind, op.shape_args

        def ref(index):
            value = args[index] if index < len(args) else None
            return value.id if isinstance(value, TensorRef) else None

        def text(index):
            return " ".join(expr.children[index].text.split()) if index < len(expr.children) else "?"

        if kind == "same" and indices and ref(indices[0]):
            return ShapeRule("same", (ref(indices[0]),))
        if kind == "broadcast":
            refs = tuple(r for r in (ref(i) for i in indices) if r)
            return ShapeRule("broadcast", refs) if refs else ShapeRule("unknown", text=expr.text)
        if kind == "literal" and indices:
            value = args[indices[0]] if indices[0] < len(args) else None
            if isinstance(value, HostValue) and value.dims is not None:
                return ShapeRule("literal", dims=tuple(str(d) for d in value.dims))
            if isinstance(value, ShapeValue):
                return value.rule
            return ShapeRule("literal", dims=(text(indices[0]),), text=f"shape argument {text(indices[0])}")
        if kind == "packed_bits" and indices:
            count = args[indices[0]] if indices[0] < len(args) else None
            if is_int(count):
                return ShapeRule("literal", dims=(str(math.ceil(count / 8)),), text="DSA bit mask, count/8 bytes")
            return ShapeRule("literal", dims=(f"({text(indices[0])}) / 8",), text="DSA bit mask, count/8 bytes")
        if kind in ("squeeze", "unsqueeze") and ref(0):
            source = self.shape(ref(0)).dims
            axis = args[indices[0]] if indices and indices[0] < len(args) else None
            dims = _squeezed(source, axis, kind == "unsqueeze")
            if dims is not None:
                return ShapeRule("literal", dims=tuple(str(d) for d in dims))
            return ShapeRule("same", (ref(0),), text=f"{kind} of {ref(0)} at {text(indices[0]) if indices else '?'}")
        if kind == "reduce" and ref(0):
            axes = text(indices[0]) if indices else "?"
            return ShapeRule("reduce", (ref(0),), dims=(axes,))
        return ShapeRule("unknown", text=" ".join(expr.text.split()))

    def _catalog_dtype(self, op: CatalogOp, args) -> str | None:
        kind, _, rest = op.dtype.partition(":")
        if kind == "same" and rest:
            value = args[int(rest)] if int(rest) < len(args) else None
            if isinstance(value, TensorRef):
                return self.ref_dtype(value)
            if isinstance(value, HostValue) and value.kind == "host-tensor":
                return value.text or None
            return None
        if kind == "arg" and rest:
            value = args[int(rest)] if int(rest) < len(args) else None
            return value.name if isinstance(value, DType) else None
        return op.dtype


def _brace_items(expr: Expr):
    """The items of `op::Shape{a, b}` / `{a, b}` written inline, or None."""
    if expr.kind == "init_list":
        return expr.children
    if expr.kind in ("call", "other") and "{" in expr.text and expr.text.rstrip().endswith("}"):
        for child in expr.children:
            if child.kind == "init_list":
                return child.children
        return expr.children or None
    return None


def _squeezed(dims, axis, insert: bool):
    if dims is None or not is_int(axis):
        return None
    rank = len(dims) + (1 if insert else 0)
    if not -rank <= axis < max(rank, 1):
        return None
    axis %= max(rank, 1)
    if insert:
        return tuple(dims[:axis]) + (1,) + tuple(dims[axis:])
    if axis < len(dims) and dims[axis] == 1:
        return tuple(dims[:axis]) + tuple(dims[axis + 1 :])
    return tuple(dims)
