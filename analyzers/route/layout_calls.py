"""The framework predicates and setters a route decides from layout facts: IsContiguous, IsFromWorkspace, GetData,
storage vs view shape, strides, formats, ViewCopy's re-pointing, and the platform predicates of platforms.toml."""

from __future__ import annotations

from op_migrate.analyzers.cxx.model import Expr
from op_migrate.analyzers.route import platforms
from op_migrate.analyzers.route.model import ShapeRule
from op_migrate.analyzers.route.values import (
    UNKNOWN,
    DataPtr,
    FormatValue,
    HostValue,
    Null,
    ShapeValue,
    Status,
    StridesValue,
    TensorRef,
    is_int,
)

# Formats the framework calls private (5HD and fractal layouts); a private-format tensor is contiguous by definition.
PRIVATE_FORMATS = frozenset({"NC1HWC0", "FRACTAL_Z", "FRACTAL_NZ", "NDC1HWC0", "FRACTAL_Z_3D", "C1HWNCoC0",
                             "FRACTAL_Z_C04", "NC1HWC0_C04", "FRACTAL_ZN_LSTM"})
_GETTERS = ("IsFromWorkspace", "GetData", "GetStorageAddr", "GetViewStrides", "GetViewOffset", "GetStorageOffset",
            "GetStorageFormat", "GetViewFormat", "GetOriginalFormat", "GetViewShape", "GetStorageShape",
            "GetOriginalShape")


class LayoutCalls:
    """Methods of RouteWalk: layout getters and setters on tensors, layout and platform built-ins."""

    def layout_getter(self, receiver: TensorRef, method: str):
        """`x->Method()` answered by the tensor book, or NotImplemented."""
        if method not in _GETTERS:
            return NotImplemented
        book = self.book
        if method == "IsFromWorkspace":
            workspace = book.workspace(receiver)
            return UNKNOWN if workspace is None else workspace
        if method in ("GetData", "GetStorageAddr"):
            ptr = book.data(receiver)
            return UNKNOWN if ptr is None else ptr
        if method == "GetViewStrides":
            return book.strides(receiver)
        if method == "GetViewOffset":
            offset = book.view_offset(receiver)
            return UNKNOWN if offset is None else offset
        if method == "GetStorageOffset":
            return 0  # entry tensors and workspace tensors start their storage at its first element
        if method in ("GetStorageFormat", "GetViewFormat", "GetOriginalFormat"):
            return FormatValue(book.format(receiver))
        if method in ("GetViewShape", "GetOriginalShape"):
            return book.view_shape(receiver)
        return book.storage_shape(receiver)

    def layout_setter(self, receiver: TensorRef, method: str, args: tuple[Expr, ...]):
        """`x->SetXxx(v)` applied to the tensor book; NotImplemented for methods that are not layout setters."""
        if not method.startswith("Set") or method == "SetDataType":
            return NotImplemented
        value = self.value(args[0]) if args else UNKNOWN
        book, tensor_id = self.book, receiver.id
        certain = self.certain_for(tensor_id)
        if method == "SetStorageAddr":
            if isinstance(value, DataPtr) and certain and book.root(tensor_id) != value.storage:
                book.repoint(tensor_id, value.storage)
                if self.current_step is not None:
                    self.current_step.repointed = True
        elif method == "SetViewStrides":
            if isinstance(value, StridesValue):
                source = book.layout(value.owner)
                book.set_layout(tensor_id, certain, strides=value.items,
                                contiguous=source.contiguous if source else None)
            else:
                book.set_layout(tensor_id, certain, strides=None, contiguous=None)
        elif method == "SetViewShape":
            unknown = ShapeValue(None, ShapeRule("unknown", text="set by SetViewShape"))
            book.set_view_shape(tensor_id, value if isinstance(value, ShapeValue) else unknown, certain)
        elif method == "SetViewOffset":
            book.set_layout(tensor_id, certain, offset=value if is_int(value) else None)
        elif method == "SetFromWorkspace":
            book.set_layout(tensor_id, certain, workspace=value if isinstance(value, bool) else None)
        elif method in ("SetStorageFormat", "SetViewFormat", "SetOriginalFormat"):
            book.set_layout(tensor_id, certain, format=value.name if isinstance(value, FormatValue) else None)
        # SetStorageShape, SetOriginalShape, SetStorageOffset: no fact a route decides on changes.
        return Status(True)

    def layout_builtin(self, short: str, callee: str, args: tuple[Expr, ...]):
        """Free functions decided by layout or platform facts, or NotImplemented."""
        if short == "IsContiguous" and len(args) == 1:
            value = self.value(args[0])
            if isinstance(value, TensorRef):
                if self.book.format(value) in PRIVATE_FORMATS:
                    return True
                contiguous = self.book.contiguous(value)
                return UNKNOWN if contiguous is None else contiguous
            if isinstance(value, Null) or isinstance(value, HostValue) and value.kind == "host-tensor":
                return True  # nullptr is contiguous by definition; a tensor made from host data is fresh storage
            if callee.startswith("op::"):
                return UNKNOWN
            return NotImplemented  # contiguous.cpp's own IsContiguous(strideIndexPairs) overload
        if short == "IsPrivateFormat" and len(args) == 1:
            value = self.value(args[0])
            return value.name in PRIVATE_FORMATS if isinstance(value, FormatValue) and value.name else UNKNOWN
        if short == "GetPrimaryFormat" and len(args) == 1:
            value = self.value(args[0])
            return value if isinstance(value, FormatValue) else FormatValue(None)
        if short in platforms.PLATFORM_PREDICATES and not args and "->" not in callee and "." not in callee:
            answer = platforms.platform_predicate(short, self.facts.soc)
            return UNKNOWN if answer is None else answer
        return NotImplemented

    def list_element(self, listed: HostValue, index) -> TensorRef:
        """`(*tensors)[i]` of an entry aclTensorList: an entry tensor of its own (contiguous, user-owned)."""
        label = str(int(index)) if isinstance(index, int) else "i"  # a size_t index is a UInt: its digits
        return TensorRef(self.book.param(f"{listed.text}[{label}]", self.frame.unit.path, self.frame.function.line,
                                         dtype_of=listed.text))

    def format_value(self, name: str) -> FormatValue | None:
        """`op::Format::FORMAT_ND`, `ACL_FORMAT_ND`, `FORMAT_NCHW` -> FormatValue; None for other names."""
        last = name.rsplit("::", 1)[-1]
        for prefix in ("ACL_FORMAT_", "FORMAT_"):
            if last.startswith(prefix):
                return FormatValue(last[len(prefix):])
        return None

