"""Overload choice by arity and argument kinds: which of several same-named C++ functions a call reaches."""

from __future__ import annotations

from collections.abc import Sequence

from op_migrate.analyzers.cxx.model import Function
from op_migrate.analyzers.route.containers import is_container_type
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
    a variadic `...` takes any number)."""
    params = function.params
    count = len(params)
    if count == arity:
        return True
    if params and params[-1].name == "..." and arity >= count - 1:
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
