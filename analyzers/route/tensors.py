"""The tensor book of a route walk: ids, effects, storage bases, dtypes and shapes (rule plus known dims)."""

from __future__ import annotations

import math
import re
from dataclasses import dataclass

from op_migrate.analyzers.cxx.model import Expr
from op_migrate.analyzers.route.l0_semantics import CatalogOp
from op_migrate.analyzers.route.loop_ids import LoopIds, renamed
from op_migrate.analyzers.route.layout import (
    HOST_LAYOUT,
    Layout,
    alloc_layout,
    contiguous_strides,
    param_layout,
    view_layout,
)
from op_migrate.analyzers.route.model import Facts, ShapeRule, Site, Tensor
from op_migrate.analyzers.route.values import (
    DataPtr,
    DType,
    HostValue,
    ShapeValue,
    StridesValue,
    TensorRef,
    broadcast_dims,
    is_int,
)

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
    layout: Layout | None = None


class TensorBook:
    """Every device tensor a walk meets, in creation order; parameters first as they are bound."""

    def __init__(self, facts: Facts) -> None:
        self.facts = facts
        self._records: dict[str, _Record] = {}
        # Ids whose record this book alone holds: the others may be held by a snapshot too, so they are copied
        # before they change (copy on write: a snapshot is then a copy of the dict, not of every record).
        self._own: set[str] = set()
        self._created = 0
        self._order: dict[str, int] = {}
        # Loops walked to a fixpoint (loop_ids.py): their ghosts, and the stack of loops being walked.
        self._ghosts: dict[str, _Record] = {}
        self._ghost_count = 0
        self.loops: list[LoopIds] = []

    def param(self, name: str, path: str, line: int, dtype_of: str | None = None) -> str:
        """An entry tensor (made once per name; an element of a tensor list takes the list's dtype fact)."""
        if name in self._records:
            return name
        known = self.facts.named_for(dtype_of or name)
        dims = self.facts.shape_of(known) if dtype_of is None else None
        self._order.setdefault(name, len(self._order))
        element = dtype_of is not None  # an element of a tensor list: the list's dtype, no shape or layout facts
        layout = param_layout(name, dims, None if element else self.facts.strides_of(known),
                              0 if element else self.facts.offset_of(known),
                              "ND" if element else self.facts.format_of(known))
        self._records[name] = _Record(name, name, "param", "param", ShapeRule("param", (name,)),
                                      self.facts.dtype_of(known), path, line, None, dims, named=True,
                                      layout=layout)
        self._own.add(name)
        return name

    def create(self, producer, effect, shape: ShapeRule, dtype, site: Site, *, base=None, dims=None,
               may=False, guards=(), key: tuple | None = None, offset: int | None = 0, fmt: str | None = "ND",
               origin=None) -> str:
        """A new tensor; `key` names its view shape (see ShapeValue.key), `offset` a view's offset, `origin` the
        place that makes it (a ghost while a loop is being walked to its fixpoint, loop_ids.py)."""
        tensor_id, ghost = self._new_id((producer, effect, site.file, site.line, origin))
        root = self.root(base) if base else None
        if dims is None:
            dims = self._dims_of(shape)
        base_layout = self.layout(base) if base else None
        if effect == "alloc" or base_layout is None:
            layout = alloc_layout(tensor_id, key, dims, fmt)
        elif effect in ("view", "alias"):
            layout = view_layout(base_layout, tensor_id, key, offset)
        else:  # write: the tensor stands for its target
            layout = Layout(**vars(base_layout))
        self._order[tensor_id] = len(self._order)
        record = _Record(tensor_id, producer.lower() if producer else tensor_id, producer, effect, shape, dtype,
                         site.file, site.line, root, dims, may, tuple(guards), layout=layout)
        (self._ghosts if ghost else self._records)[tensor_id] = record
        self._own.add(tensor_id)
        return tensor_id

    def _new_id(self, origin) -> tuple[str, bool]:
        """A real id, or the ghost of `origin` in the innermost loop still looking for its fixpoint."""
        searching = next((i for i in range(len(self.loops) - 1, -1, -1) if self.loops[i].discovering), None)
        if searching is None:
            self._created += 1
            tensor_id, ghost, recorded = f"t{self._created}", False, self.loops
        else:
            place = self.loops[searching].next_key(origin)
            tensor_id = self.loops[searching].ghosts.get(place)
            if tensor_id is None:
                self._ghost_count += 1
                tensor_id = self.loops[searching].ghosts[place] = f"g#{self._ghost_count}"
            ghost, recorded = True, self.loops[searching + 1:]
        for loop in recorded:  # loops inside it walk their recorded pass: they rename their ghosts to this id
            loop.made[loop.next_key(origin)] = tensor_id
        return tensor_id, ghost

    # -- loops walked to a fixpoint -------------------------------------------------------------------------
    def snapshot(self):
        """What a discovery pass may change: the records and the ghosts (their layouts too) and the creation order.
        The records are shared with the book from here on; the book copies one before it changes it (_writable)."""
        self._own = set()
        return dict(self._records), dict(self._order), self._created, dict(self._ghosts)

    def restore(self, snapshot) -> None:
        """Back to a snapshot; entry tensors met on the way stay (they are the same whichever pass meets them), and
        so do the ghosts the pass made (the joined state may name them), while a ghost made before the pass is again
        as it was (a pass that re-pointed an outer loop's ghost must not leave the next pass reading it re-pointed)."""
        records, order, created, ghosts = snapshot
        for tensor_id, record in self._records.items():
            if record.effect == "param" and tensor_id not in records:
                records[tensor_id] = record
                order[tensor_id] = len(order)
        self._records, self._order, self._created = records, order, created
        self._ghosts = {**self._ghosts, **ghosts}
        self._own = set()  # the records are the snapshot's (and maybe an outer snapshot's)

    def rename(self, mapping: dict[str, str]) -> None:
        """Ghost ids to the ids that replace them, in every record (bases, shape rules, layout keys)."""
        for tensor_id in (*self._records, *self._ghosts):
            record = self._record(tensor_id)
            base, shape = renamed(record.base, mapping), renamed(record.shape, mapping)
            keys = {}
            if record.layout is not None:
                keys = {name: renamed(getattr(record.layout, name), mapping)
                        for name in ("view_key", "storage_key", "repointed_to")}
            if base == record.base and shape == record.shape and \
                    all(value == getattr(record.layout, name) for name, value in keys.items()):
                continue  # nothing of it changes: it need not be copied
            record = self._writable(tensor_id)
            record.base, record.shape = base, shape
            for name, value in keys.items():
                setattr(record.layout, name, value)

    def adopt(self, ghost: str, guards: tuple[str, ...]) -> str:
        """A ghost the recorded pass did not make again: a tensor of its own (made on some round, so `may`)."""
        record = self._ghosts[ghost]
        tensor_id, is_ghost = self._new_id(("adopted", ghost))
        self._order[tensor_id] = len(self._order)
        copied = _copied(record)
        copied.id, copied.may, copied.guards = tensor_id, True, tuple(guards)
        (self._ghosts if is_ghost else self._records)[tensor_id] = copied
        self._own.add(tensor_id)
        return tensor_id

    def _record(self, tensor_id: str | None) -> _Record | None:
        if not tensor_id:
            return None
        return self._records.get(tensor_id) or self._ghosts.get(tensor_id)

    def _writable(self, tensor_id: str | None) -> _Record | None:
        """The record of a tensor (or ghost) to change: a copy of its own when a snapshot may hold it."""
        if not tensor_id:
            return None
        held = self._records if tensor_id in self._records else self._ghosts if tensor_id in self._ghosts else None
        if held is None:
            return None
        if tensor_id not in self._own:
            held[tensor_id] = _copied(held[tensor_id])
            self._own.add(tensor_id)
        return held[tensor_id]

    # -- layout facts ---------------------------------------------------------------------------------------
    def layout(self, tensor_id: str | None) -> Layout | None:
        record = self._record(tensor_id)
        return record.layout if record else None

    def contiguous(self, ref: TensorRef) -> bool | None:
        """op::IsContiguous: known only when every tensor the variable may hold agrees."""
        return self._agreed(ref, lambda layout: layout.contiguous)

    def workspace(self, ref: TensorRef) -> bool | None:
        """x->IsFromWorkspace()."""
        return self._agreed(ref, lambda layout: layout.workspace)

    def view_offset(self, ref: TensorRef) -> int | None:
        return self._agreed(ref, lambda layout: layout.offset)

    def format(self, ref: TensorRef) -> str | None:
        return self._agreed(ref, lambda layout: layout.format)

    def data(self, ref: TensorRef) -> DataPtr | None:
        """x->GetData(): the storage and view offset, when every tensor the variable may hold agrees."""
        if ref.hosts:
            return None  # host data is none of the route's device storages
        ptrs = set()
        for tensor_id in ref.ids:
            layout = self.layout(tensor_id)
            ptrs.add(DataPtr(self.root(tensor_id), layout.offset if layout else None))
        found = ptrs.pop() if len(ptrs) == 1 else None
        return found if found is not None and found.offset is not None else None

    def _agreed(self, ref: TensorRef, get):
        """A layout fact of a variable that may hold several tensors: known when every one of them agrees."""
        values = set()
        for tensor_id in ref.ids:
            layout = self.layout(tensor_id)
            values.add(get(layout) if layout else None)
        if ref.hosts:
            values.add(get(HOST_LAYOUT))
        return values.pop() if len(values) == 1 else None

    def view_shape(self, ref: TensorRef) -> ShapeValue:
        return self.ref_shape(ref)

    def storage_shape(self, ref: TensorRef) -> ShapeValue:
        layout = self.layout(ref.id)
        if ref.others or ref.hosts or layout is None:
            return ShapeValue(None, ShapeRule("unknown", text=f"storage shape of {ref.id}"))
        if layout.storage_key == layout.view_key:
            return self.view_shape(ref)
        return ShapeValue(layout.storage_dims, ShapeRule("unknown", text=f"storage shape of {ref.id}"),
                          layout.storage_key)

    def fills_storage(self, ref: TensorRef) -> bool:
        """Whether a tensor's view is all of its storage (storage size == view size + view offset)."""
        layout = self.layout(ref.id)
        return (not ref.others and not ref.hosts and layout is not None and layout.offset == 0 and layout.view_key is not None
                and layout.storage_key == layout.view_key)

    def strides(self, ref: TensorRef) -> StridesValue:
        layout = self.layout(ref.id)
        dims = self.shape(ref.id).dims
        if layout is None or ref.others or ref.hosts:
            return StridesValue(ref.id)
        if layout.strides is not None:
            return StridesValue(ref.id, layout.strides)
        if layout.contiguous and dims is not None:
            return StridesValue(ref.id, contiguous_strides(dims))
        return StridesValue(ref.id)

    def set_layout(self, tensor_id: str, certain: bool, **changes) -> None:
        """Setters on a tensor (SetViewStrides, SetViewOffset, SetFromWorkspace...); under a `may` guard the
        changed facts become unknown, since the other arm of the guard leaves them as they were."""
        if self.layout(tensor_id) is None:
            return
        layout = self._writable(tensor_id).layout
        for name, value in changes.items():
            setattr(layout, name, value if certain or getattr(layout, name) == value else None)

    def set_view_shape(self, tensor_id: str, shape: ShapeValue, certain: bool) -> None:
        record = self._writable(tensor_id)
        if record is None:
            return
        record.dims = shape.dims if certain else None
        if record.layout is not None:
            record.layout.view_key = shape.key if certain else None

    def infer_shape(self, tensor_id: str, rule: ShapeRule) -> None:
        """The shape INFER_SHAPE gives a tensor: `rule` (its dims when they follow), a new shape identity."""
        record = self._record(tensor_id)
        if record is None or record.effect == "param":
            return
        record = self._writable(tensor_id)
        record.shape, record.dims = rule, self._dims_of(rule)
        if record.layout is not None:
            key = ("inferred", tensor_id)
            record.layout.view_key = record.layout.storage_key = key
            record.layout.storage_dims = record.dims

    def repoint(self, tensor_id: str, target: str) -> None:
        """ViewCopy's re-pointing: the L0 result's storage becomes the target's, so its producer writes the target.

        Views share their base's storage object, so re-pointing a view re-points the storage it views.
        """
        root = self.root(target)
        record = self._record(self.root(tensor_id))
        if record is None or root == record.id or record.effect == "param":
            return
        record = self._writable(record.id)
        if record.effect == "alloc":
            record.effect = "write"
        record.base = root
        if record.layout is not None:
            record.layout.repointed_to = root

    def count(self) -> int:
        return len(self._order)

    def guards(self, tensor_id: str) -> tuple[str, ...] | None:
        """The guards a tensor was created under (() for entry tensors); None when unknown."""
        record = self._record(tensor_id)
        if record is None:
            return None
        return record.guards if record.may else ()

    def created_since(self, mark: int) -> tuple[str, ...]:
        """Ids of the tensors created after the book held `mark` tensors, in creation order."""
        return tuple(list(self._order)[mark:])

    def index(self, tensor_id: str) -> int:
        """Creation order of a tensor (parameters first); -1 when unknown."""
        return self._order.get(tensor_id, -1)

    def effect(self, tensor_id: str) -> str | None:
        record = self._record(tensor_id)
        return record.effect if record else None

    def root(self, tensor_id: str) -> str:
        record = self._record(tensor_id)
        while record is not None and record.base and record.base != record.id:
            record = self._record(record.base)
        return record.id if record else tensor_id

    def name_once(self, tensor_id: str, name: str) -> None:
        record = self._record(tensor_id)
        if record is not None and not record.named:
            record = self._writable(tensor_id)
            record.name, record.named = name, True

    def name(self, tensor_id: str) -> str:
        record = self._record(tensor_id)
        return record.name if record else tensor_id

    def dtype(self, tensor_id: str) -> str | None:
        record = self._record(tensor_id)
        return record.dtype if record else None

    def is_param(self, tensor_id: str) -> bool:
        """Whether a tensor is one of the entry's tensor arguments."""
        record = self._records.get(tensor_id)
        return record is not None and record.effect == "param"

    def ref_dtype(self, ref: TensorRef) -> str | None:
        """The dtype of a variable that may hold several tensors: known only when they all agree."""
        dtypes = {self.dtype(tensor_id) for tensor_id in ref.ids} | {host or None for host in ref.hosts}
        return dtypes.pop() if len(dtypes) == 1 else None

    def ref_shape(self, ref: TensorRef) -> ShapeValue:
        """The shape of a variable that may hold several tensors: unknown unless they all agree."""
        shape = self.shape(ref.id)
        if not ref.hosts and all(_same_shape(self.shape(other), shape) for other in ref.others):
            return shape
        return ShapeValue(None, ShapeRule("unknown", ref.ids, text="one of " + ", ".join(ref.ids)))

    def set_dtype(self, tensor_id: str, dtype: str | None) -> None:
        record = self._writable(tensor_id)
        if record is None:
            return
        record.dtype = dtype
        if record.effect == "view":
            record.effect = "alias"

    def give_view_shape(self, result: TensorRef, source: TensorRef, since: int) -> None:
        """A helper's result has `source`'s view shape: fill the dims of the tensors it created that lack them."""
        dims = self.ref_shape(source).dims
        if dims is None:
            return
        for tensor_id in result.ids:
            record = self._record(tensor_id)
            if record is not None and record.dims is None and self.index(tensor_id) >= since:
                record = self._writable(tensor_id)
                record.dims = tuple(dims)
                if record.shape.rule == "unknown":
                    record.shape = ShapeRule("same", (source.id,), text=f"view shape of {source.id}")

    def shape(self, tensor_id: str) -> ShapeValue:
        record = self._record(tensor_id)
        if record is None:
            return ShapeValue(None, ShapeRule("unknown", text=tensor_id))
        rule = ShapeRule("param", (tensor_id,)) if record.effect == "param" else ShapeRule("same", (tensor_id,))
        return ShapeValue(record.dims, rule, record.layout.view_key if record.layout else None)

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
            return self.facts.shape_of(self.facts.named_for(rule.refs[0]))
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
        return None if op.dtype == "unknown" else op.dtype  # a generated catalog that could not tell


def _copied(record: _Record) -> _Record:
    """A record whose mutable parts (itself, its layout) are its own; the rest is immutable and shared. (By their
    __dict__: a record is copied each time a loop's round first changes it, and copy.copy's protocol was most of
    the cost.)"""
    copied = object.__new__(_Record)
    copied.__dict__.update(record.__dict__)
    if record.layout is not None:
        layout = object.__new__(Layout)
        layout.__dict__.update(record.layout.__dict__)
        copied.layout = layout
    return copied


def _same_shape(left: ShapeValue, right: ShapeValue) -> bool:
    if left.dims is not None and right.dims is not None:
        return left.dims == right.dims
    return left.key is not None and left.key == right.key


def _brace_items(expr: Expr):
    """The items of `op::Shape{a, b}` / `{a, b}` written inline, or None."""
    if expr.kind == "init_list":
        return expr.children
    if expr.kind == "call" and len(expr.children) == 1 and expr.children[0].kind == "init_list":
        return expr.children[0].children  # `op::Shape({a, b})`: the braces passed as the one argument
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
