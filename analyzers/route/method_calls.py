"""Methods whose result the facts decide: tensor dtype and shape, shape dims, platform SoC and arch, scalars, lists."""

from __future__ import annotations

import math
import struct
from dataclasses import replace

from op_migrate.analyzers.cxx.model import Expr
from op_migrate.analyzers.route import platforms
from op_migrate.analyzers.route.integers import UInt, convert
from op_migrate.analyzers.route.model import ShapeRule
from op_migrate.analyzers.route.values import (
    UNKNOWN,
    ArchValue,
    DType,
    DtypeList,
    DtypePairList,
    HostValue,
    IntList,
    ListEnd,
    ScalarRef,
    ShapeSize,
    ShapeValue,
    SocValue,
    TensorRef,
    Unknown,
)

_SCALAR_TYPES = {"ToDouble": "double", "ToFloat": "float", "ToInt64": "int64_t", "ToInt32": "int32_t", "ToBool": "bool"}
# The C++ type an aclScalar of each dtype stores its value in (aclCreateScalar copies the value at its dtype).
_SCALAR_STORAGE = {"float32": "float", "float64": "double", "int64": "int64_t", "int32": "int32_t", "int16": "int16_t",
                   "int8": "int8_t", "uint8": "uint8_t", "bool": "bool"}


def held_by_scalar(number, dtype: str | None):
    """The value an aclScalar of `dtype` holds for the number the facts give: a float32 scalar of 0.1 holds the float
    nearest 0.1 (its ToDouble() is not 0.1), a float16 or bfloat16 one its half-precision value; a scalar whose dtype
    the facts do not give holds the number as given (a double, as PyTorch passes a Python float); None when the number
    is not given or does not fit the dtype."""
    if number is None:
        return None
    if dtype == "float16":
        return struct.unpack("<e", struct.pack("<e", number))[0] if abs(number) < 65520 else None
    if dtype == "bfloat16":
        if not (math.isfinite(number) and abs(number) < 3.0e38):
            return None
        bits = struct.unpack("<I", struct.pack("<f", number))[0]
        bits = (bits + 0x7FFF + ((bits >> 16) & 1)) & 0xFFFF0000  # round to nearest even, as bfloat16 does
        return struct.unpack("<f", struct.pack("<I", bits))[0]
    if dtype in _SCALAR_STORAGE:
        return convert(_SCALAR_STORAGE[dtype], number)
    return number


_SHAPE_READS = frozenset({"GetViewShape", "GetStorageShape", "GetOriginalShape", "IsEmpty", "Numel", "GetViewStrides",
                          "GetViewOffset"})


class MethodCalls:
    """`receiver->Method(...)` on abstract values; GuardEvaluator supplies facts, value() and the tensor hooks."""

    def method_value(self, receiver, method: str, expr: Expr | None):
        args = expr.children if expr is not None else ()
        if method == "operator[]" and len(args) == 1:
            return self.subscript(receiver, args[0])  # `dims->operator[](i)` is `(*dims)[i]`
        if isinstance(receiver, TensorRef):
            if method in _SHAPE_READS:
                self.shape_read(receiver)
            layout = self.layout_getter(receiver, method)
            if isinstance(layout, ShapeValue) and self.inferred_shape(receiver):
                return replace(layout, inferred=True)
            if layout is not NotImplemented:
                return layout
            if method == "GetDataType":
                return DType(self._merged_dtype(receiver))
            if method in ("GetViewShape", "GetStorageShape", "GetOriginalShape"):
                shape = self._merged_shape(receiver)
                return replace(shape, inferred=True) if self.inferred_shape(receiver) else shape
            if method == "IsEmpty":
                dims = self._merged_shape(receiver).dims
                return UNKNOWN if dims is None else (math.prod(dims) == 0)
            if method == "Numel":
                dims = self._merged_shape(receiver).dims
                return UNKNOWN if dims is None else math.prod(dims)
            return Unknown(method)
        if isinstance(receiver, ShapeValue):
            if receiver.dims is None:
                return ShapeSize(receiver.key) if method == "GetShapeSize" and receiver.key else UNKNOWN
            if method == "GetDimNum":
                return UInt(len(receiver.dims))  # size_t
            if method == "GetShapeSize":
                return math.prod(receiver.dims)
            if method == "GetDim" and len(args) == 1:
                index = self.value(args[0])
                if isinstance(index, int) and -len(receiver.dims) <= index < len(receiver.dims):
                    return receiver.dims[index]
            return UNKNOWN
        if isinstance(receiver, HostValue) and receiver.kind == "platform":
            fact = self.platform_fact(method)
            if fact is not None:
                return fact
        if isinstance(receiver, ScalarRef):
            if method in _SCALAR_TYPES:
                # the dtype a fact names the scalar with; `--dtype float16` is the tensors' (PyTorch passes a Python
                # float as a double scalar whatever the tensors' dtype)
                number = held_by_scalar(self.facts.scalar(receiver.name), dict(self.facts.dtypes).get(receiver.name))
                # As the method's C++ type holds it: ToFloat() of 0.1 is the float nearest 0.1, ToInt64() of 2.7 is 2.
                return UNKNOWN if number is None else convert(_SCALAR_TYPES[method], number)
            if method == "GetDataType":
                return DType(self.facts.dtype_of(receiver.name))
        if isinstance(receiver, IntList):
            if method == "data":
                return receiver
            if method in ("size", "Size"):
                return UInt(len(receiver.items))
        if isinstance(receiver, DtypeList) and method == "size":
            return UInt(len(receiver.names))
        if isinstance(receiver, (DtypeList, DtypePairList, IntList)) and method == "end":
            return ListEnd(getattr(receiver, "text", ""))
        if isinstance(receiver, HostValue) and receiver.dims is not None and receiver.kind != "host-tensor" and \
                method in ("Size", "size"):  # a host tensor's dims are its shape, not items
            return UInt(len(receiver.dims))
        return Unknown(method)

    def shape_read(self, receiver: TensorRef) -> None:
        """A shape of a tensor was read (the route walk counts reads of shapes it inferred, checks.py)."""

    def inferred_shape(self, receiver: TensorRef) -> bool:
        """Whether a tensor's shape is one the walk inferred (the route walk answers: not an entry tensor's)."""
        return False

    def layout_getter(self, receiver: TensorRef, method: str):
        """Layout facts of a tensor (IsFromWorkspace, GetData, strides, formats); the route walk answers them."""
        return NotImplemented

    def _merged_dtype(self, ref: TensorRef) -> str | None:
        """A variable that may hold several tensors (after an undecided branch) has a dtype only if they agree."""
        dtypes = {self.tensor_dtype(tensor_id) for tensor_id in ref.ids} | {host or None for host in ref.hosts}
        return dtypes.pop() if len(dtypes) == 1 else None

    def _merged_shape(self, ref: TensorRef) -> ShapeValue:
        shape = self.tensor_shape(ref.id)
        if not ref.others and not ref.hosts:
            return shape
        if not ref.hosts and shape.dims is not None and all(self.tensor_shape(other).dims == shape.dims for other in ref.others):
            return shape
        return ShapeValue(None, ShapeRule("unknown", ref.ids, text="one of " + ", ".join(ref.ids)))

    def platform_fact(self, method: str) -> ArchValue | SocValue | None:
        """The NPU arch or SoC the facts give for `GetCurNpuArch()` / `GetSocVersion()`, free or on the platform."""
        if method in ("GetCurNpuArch", "GetNpuArch"):
            return self._fact_arch()
        if method == "GetSocVersion":
            return self._fact_soc()
        return None

    def _fact_soc(self) -> SocValue:
        soc = platforms.socs().get(self.facts.soc or "")
        return SocValue(soc.name, soc.order) if soc else SocValue(None)

    def _fact_arch(self) -> ArchValue:
        return ArchValue(self.facts.arch)
