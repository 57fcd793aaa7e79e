"""Built-in functions a guard may call (CheckType, IsRegBase, PromoteType, IsDoubleEqual, numeric_limits, ...)."""

from __future__ import annotations

import math
import sys

from op_migrate.analyzers.cxx.model import Expr
from op_migrate.analyzers.route import platforms
from op_migrate.analyzers.route.integers import convert, scalar_type
from op_migrate.analyzers.route.callee_text import split_callee
from op_migrate.analyzers.route.model import ShapeRule
from op_migrate.analyzers.route.std_calls import out_target
from op_migrate.analyzers.route.values import (
    COMPLEX,
    FLOATING,
    INTEGRAL,
    UNKNOWN,
    ArchValue,
    DType,
    DtypeList,
    DtypePairList,
    Found,
    HostValue,
    IntList,
    Null,
    PairValue,
    ShapeValue,
    TensorRef,
    broadcast_dims,
    can_cast,
    is_number,
    known_apart,
    promote,
)

CASTS = ("static_cast", "reinterpret_cast", "const_cast", "dynamic_cast")
_DOUBLE_EQUAL = {"IsDoubleEqual", "IsFloatEqual", "IsEqual", "FloatEqual", "IsClose"}


class BuiltinCalls:
    """The free functions of op_api code whose result the facts decide; GuardEvaluator supplies value()."""

    def builtin(self, short: str, callee: str, expr: Expr):
        args = expr.children
        if short.startswith(CASTS) and args and callee.rstrip().endswith(">"):  # not `static_cast<D*>(p)->Run(x)`
            cast_to = callee[callee.find("<") + 1:callee.rfind(">")] if "<" in callee else None
            return convert(cast_to, self.value(args[-1]))
        if len(args) == 1 and scalar_type(callee) is not None:
            return convert(callee, self.value(args[0]))  # `int64_t(x)`, `size_t(n)`: a functional cast
        if callee.split("<", 1)[0].strip() in ("std::move", "std::forward") and len(args) == 1:
            return self.value(args[0])  # a cast to an rvalue: the same value
        if callee.startswith(("std::pair", "std::make_pair", "make_pair")) and len(args) == 2:
            return PairValue((self.value(args[0]), self.value(args[1])))
        if short == "find" and callee in ("std::find", "find") and len(args) == 3:
            return self._find(args)
        made = self.tuple_builtin(short, callee, args)
        if made is not NotImplemented:
            return made
        if short == "ToOpDataType" and len(args) == 1:
            dtype = self.value(args[0])
            return dtype if isinstance(dtype, DType) else DType(None)
        layout = self.layout_builtin(short, callee, args)
        if layout is not NotImplemented:
            return layout
        if short == "CheckBroadcastShape" and len(args) == 2:
            # opbase shape_utils CheckBroadcastShape: NumPy broadcasting of two shapes (docs/.../CheckBroadcastShape.md).
            left, right = self.value(args[0]), self.value(args[1])
            dims = [side.dims if isinstance(side, ShapeValue) else None for side in (left, right)]
            if any(d is None or not all(isinstance(x, int) for x in d) for d in dims):
                return UNKNOWN
            return broadcast_dims(*dims) is not None
        if short == "CanCast" and len(args) == 2:
            source, target = self.value(args[0]), self.value(args[1])
            if isinstance(source, DType) and isinstance(target, DType) and source.name and target.name:
                return can_cast(source.name, target.name)
            return UNKNOWN
        if short == "IsNullptr" and args:
            held = self.value(args[0])
            if isinstance(held, Null):
                return True
            return False if self.truthy(held) is True else UNKNOWN
        if short == "CheckType" and len(args) == 2:
            dtype, allowed = self.value(args[0]), self.value(args[1])
            if isinstance(dtype, DType) and dtype.name and isinstance(allowed, DtypeList):
                return dtype.name in allowed.names
            return UNKNOWN
        if short == "IsRegBase" and "->" not in callee and "." not in callee:
            arch = self.value(args[0]) if args else self._fact_arch()
            if isinstance(arch, ArchValue) and arch.name in platforms.arches():
                return platforms.arches()[arch.name].regbase
            return UNKNOWN
        fact = self.platform_fact(short) if not args else None
        if fact is not None:
            return fact
        if short == "GetCurrentPlatformInfo":
            return HostValue("platform")
        if short == "PromoteType" and len(args) == 2:
            left, right = self.value(args[0]), self.value(args[1])
            if isinstance(left, DType) and isinstance(right, DType):
                return DType(promote(left.name, right.name))
            return DType(None)
        if short in ("IsFloatingType", "IsComplexType", "IsIntegralType") and len(args) == 1 or \
                short == "IsIntegralType" and len(args) == 2:
            dtype = self.value(args[0])
            if not (isinstance(dtype, DType) and dtype.name):
                return UNKNOWN
            family = {"IsFloatingType": FLOATING, "IsComplexType": COMPLEX, "IsIntegralType": INTEGRAL}[short]
            if len(args) == 2:
                # IsIntegralType(type, include_bool) (opdev/op_common/data_type_utils.h): bool counts when asked.
                include_bool = self.value(args[1])
                if not isinstance(include_bool, bool):
                    return UNKNOWN
                return dtype.name in family or (include_bool and dtype.name == "bool")
            return dtype.name in family
        if short in _DOUBLE_EQUAL and len(args) == 2:
            left, right = self.value(args[0]), self.value(args[1])
            if is_number(left) and is_number(right):
                return math.isclose(left, right, rel_tol=0.0, abs_tol=1e-12)
            return UNKNOWN
        if "numeric_limits" in callee:
            return _numeric_limit(callee, short)
        if callee in ("std::abs", "std::fabs", "abs", "fabs") and len(args) == 1:
            number = self.value(args[0])
            return abs(number) if is_number(number) else UNKNOWN
        if short == "ToShapeVector" and len(args) == 1:
            shape = self.value(args[0])
            return IntList(shape.dims) if isinstance(shape, ShapeValue) and shape.dims is not None else UNKNOWN
        if short == "BroadcastInferShape" and len(args) == 3:
            left, right = self.value(args[0]), self.value(args[1])
            refs = tuple(ref for side in (left, right) if isinstance(side, ShapeValue) for ref in side.rule.refs)
            dims = broadcast_dims(*(side.dims if isinstance(side, ShapeValue) else None for side in (left, right)))
            target = args[2].name or args[2].text
            rule = ShapeRule("broadcast", refs)
            if any(isinstance(side, ShapeValue) and side.rule.rule == "unknown" for side in (left, right)):
                # A side merged from undecided branches: say which tensors it may be, do not pick one.
                texts = [_shape_text(side) for side in (left, right)]
                rule = ShapeRule("unknown", refs, text=f"broadcast of {texts[0]} and {texts[1]}")
            self.assign(target.strip(), ShapeValue(dims, rule))
            if dims is not None:
                return True
            # False on two known shapes that do not broadcast; anything less known is undecided (it was taken as true).
            sides = [side for side in (left, right) if isinstance(side, ShapeValue)]
            return False if known_apart([side.dims for side in sides], any(side.inferred for side in sides)) \
                else UNKNOWN
        if short == "ToShape" and len(args) in (2, 3):
            return self._to_shape(args)
        library = self.std_library_call(callee, args)
        if library is not NotImplemented:
            return library
        if short == "aclGetDataType" and len(args) == 2:
            # The ACL C API writes the tensor's dtype through its second argument (`aclGetDataType(t, &dataType)`).
            held = self.value(args[0])
            name = self._merged_dtype(held) if isinstance(held, TensorRef) else None
            self.assign(out_target(args[1]), DType(name))
            return UNKNOWN
        if short == "ToContiguousStrides" and len(args) == 2:
            self.assign((args[1].name or args[1].text).strip(), UNKNOWN)  # strides from a shape: not modelled
            return UNKNOWN
        return NotImplemented

    def _to_shape(self, args):
        """opbase's `ToShape(vector, shape)` and `ToShape(dims, count, shape)` (opdev/shape_utils.h) write their
        last argument: the numbers given, or an unknown shape (never the empty shape it was declared as)."""
        source = args[0]
        receiver, method = split_callee((source.name or "").strip()) if source.kind == "call" else (None, "")
        held = self.lookup(receiver) if receiver is not None and method == "data" else self.value(source)
        dims = held.known if isinstance(held, IntList) else None
        if dims is not None and len(args) == 3:
            count = self.value(args[1])
            dims = dims[:count] if isinstance(count, int) and 0 <= count <= len(dims) else None
        if dims is not None and not all(isinstance(dim, int) for dim in dims):
            dims = None
        rule = ShapeRule("literal", ()) if dims is not None else \
            ShapeRule("unknown", (), text=f"ToShape({' '.join(source.text.split())})")
        self.assign((args[-1].name or args[-1].text).strip(), ShapeValue(dims, rule))
        return UNKNOWN

    def _find(self, args):
        """`std::find(L.begin(), L.end(), value)` over a dtype list or a dtype-pair list."""
        receiver, method = split_callee((args[0].name or "").strip()) if args[0].kind == "call" else (None, "")
        if receiver is None or method != "begin":
            return UNKNOWN
        listed, value = self.receiver_value(receiver), self.value(args[2])
        if isinstance(listed, DtypePairList) and isinstance(value, PairValue):
            names = tuple(item.name if isinstance(item, DType) else None for item in value.items)
            return Found(names in listed.pairs, receiver) if all(names) else UNKNOWN
        if isinstance(listed, DtypeList) and isinstance(value, DType) and value.name:
            return Found(value.name in listed.names, receiver)
        return UNKNOWN

    def layout_builtin(self, short: str, callee: str, args):
        """Layout and platform predicates; the route walk answers them (LayoutCalls), a bare evaluator does not."""
        return NotImplemented

    def tuple_builtin(self, short: str, callee: str, args):
        """std::tie / std::get on tuples of tensors; the route walk answers them (ContainerCalls)."""
        return NotImplemented


def _shape_text(shape) -> str:
    if not isinstance(shape, ShapeValue):
        return "?"
    if shape.rule.rule == "unknown":
        return shape.rule.text or "?"
    return ", ".join(shape.rule.refs) or "?"


_INT_BITS = {"int8_t": 8, "int16_t": 16, "int32_t": 32, "int64_t": 64, "int": 32, "long": 64, "size_t": 64}


def _numeric_limit(callee: str, which: str):
    """std::numeric_limits<T>::max()/min()/lowest()/epsilon() for the integer and floating types op_api uses."""
    kind = callee[callee.find("<") + 1: callee.find(">")].strip() if "<" in callee else ""
    if which == "epsilon":
        return 1.1920929e-07 if kind == "float" else sys.float_info.epsilon
    if kind in ("double", "float"):
        big = sys.float_info.max if kind == "double" else 3.4028235e38
        return {"max": big, "lowest": -big, "min": sys.float_info.min}.get(which, UNKNOWN)
    unsigned = kind.startswith("u") or kind == "size_t"
    bits = _INT_BITS.get(kind.lstrip("u"), _INT_BITS.get(kind))
    if bits is None:
        return UNKNOWN
    if unsigned:
        return {"max": 2**bits - 1, "min": 0, "lowest": 0}.get(which, UNKNOWN)
    return {"max": 2 ** (bits - 1) - 1, "min": -(2 ** (bits - 1)), "lowest": -(2 ** (bits - 1))}.get(which, UNKNOWN)
