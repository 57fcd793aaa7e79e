"""Overload choice by arity and argument kinds: which of several same-named C++ functions a call reaches."""

from __future__ import annotations

import re
from collections.abc import Sequence

from op_migrate.analyzers.cxx.model import Function
from op_migrate.analyzers.route.containers import is_container_type
from op_migrate.analyzers.route.packs import is_pack
from op_migrate.analyzers.route.values import (
    DType,
    FormatValue,
    HostValue,
    IntList,
    ScalarRef,
    ShapeValue,
    StridesValue,
    TensorList,
    TensorRef,
    is_number,
)

# Parameter type spellings -> the kind of value they take (checked in this order: aclTensorList before aclTensor).
_PARAM_KINDS = (
    ("aclTensorList", "tensor-list"),
    ("aclTensor", "tensor"),
    ("aclIntArray", "int-array"),
    ("aclScalar", "scalar"),
    ("aclOpExecutor", "executor"),
    ("Strides", "strides"),
    ("Shape", "shape"),
    ("DataType", "dtype"),
    ("Format", "format"),
)
_NUMBER_TYPES = ("int", "long", "size_t", "float", "double", "bool", "uint", "int64_t", "int32_t")
# An argument written as a builtin arithmetic value: `float(a)`, `static_cast<double>(x)`, `(float)x`, `1.5f`.
_BUILTIN = r"(?:float|double|long\s+double|(?:unsigned\s+)?(?:int|long|short|char)|u?int(?:8|16|32|64)_t|size_t|bool)"
_ARITHMETIC_ARG = re.compile(rf"^\s*(?:{_BUILTIN}\s*\(|static_cast\s*<\s*{_BUILTIN}\s*>|\(\s*{_BUILTIN}\s*\)|"
                             r"[-+]?(?:\d+\.?\d*|\.\d+)(?:[eE][-+]?\d+)?[fFlLuU]*\s*$)")
_BUILTIN_PARAM = re.compile(rf"^\s*(?:const\s+)?{_BUILTIN}\s*(?:const\s*)?&?\s*$")  # not `const bfloat16 &`


def param_kind(type_text: str) -> str | None:
    if "aclTensorList" not in type_text and is_container_type(type_text):
        return "tensor-vector"  # op::FVector<const aclTensor*>: a host container, not one tensor
    for spelling, kind in _PARAM_KINDS:
        if spelling in type_text:
            return kind
    if any(word in type_text for word in _NUMBER_TYPES) and "*" not in type_text and "vector" not in type_text:
        return "number"
    return None


def arg_kind(value) -> str | None:
    """The kind of an abstract argument value; None when it could be anything."""
    if isinstance(value, TensorRef):
        return "tensor"
    if isinstance(value, TensorList):
        return "tensor-list" if value.acl else "tensor-vector"
    if isinstance(value, ShapeValue):
        return "shape"
    if isinstance(value, StridesValue):
        return "strides"
    if isinstance(value, DType):
        return "dtype"
    if isinstance(value, FormatValue):
        return "format"
    if isinstance(value, ScalarRef):
        return "scalar"
    if isinstance(value, HostValue):
        return {"int-array": "int-array", "executor": "executor", "host-tensor": "tensor",
                "tensor-list": "tensor-list", "AllocScalar": "scalar", "AllocTensorList": "tensor-list"}.get(value.kind)
    if is_number(value) or isinstance(value, bool):
        return "number"
    if isinstance(value, IntList):
        return None  # a host array converts to several parameter types
    return None


def accepts(function: Function, arity: int) -> bool:
    """Whether a call with `arity` arguments can reach `function` (trailing parameters with defaults may be left out,
    a variadic `...` or a parameter pack takes any number)."""
    params = function.params
    count = len(params)
    if count == arity:
        return True
    if params and is_pack(params[-1]) and arity >= count - 1:
        return True
    return count > arity and all(param.has_default for param in params[arity:])


def choose(functions: Sequence[Function], arity: int, kinds: Sequence[str | None] | None = None) -> list[Function]:
    """The functions a call may reach, best first: right arity, then the fewest clashing argument kinds."""
    reachable = [f for f in functions if accepts(f, arity)]
    if not kinds or len(reachable) < 2:
        return reachable
    scored = []
    for function in reachable:
        score = 0
        for param, kind in zip(function.params, kinds):
            want = param_kind(param.declared_type)
            if want is None or kind is None:
                continue
            score += 1 if want == kind else -10
        scored.append((score, function))
    best = max(score for score, _ in scored)
    return [function for score, function in scored if score == best]


def is_builtin_type(type_text: str) -> bool:
    """`float`, `const int64_t&`, `double`: a builtin arithmetic type (not `const bfloat16&`)."""
    return _BUILTIN_PARAM.match(type_text) is not None


def library_overload_wins(callee: str, arg_texts: Sequence[str], functions: Sequence[Function]) -> bool:
    """Whether a `std::` call with builtin arithmetic arguments reaches the C++ library, not a repository overload:
    <cmath>'s float/double overloads are exact matches and beat one that takes a class through a conversion
    (opbase's `std::isinf(const bfloat16&)` calls `std::isinf(float(a))`, which is not itself)."""
    if not callee.lstrip(":").startswith("std::") or not arg_texts:
        return False
    if not all(_ARITHMETIC_ARG.match(text) for text in arg_texts):
        return False
    return not any(accepts(f, len(arg_texts)) and all(_BUILTIN_PARAM.match(p.declared_type or "")
                                                       for p in f.params[:len(arg_texts)]) for f in functions)
