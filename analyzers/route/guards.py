"""Three-valued evaluation of C++ guard expressions (Expr trees) under Facts: True, False or None (undecidable)."""

from __future__ import annotations

import functools
import math
import re

from analyzers.cxx.model import Expr
from analyzers.route import platforms
from analyzers.route.guard_calls import _CASTS, BuiltinCalls, _is_number
from analyzers.route.model import Facts, ShapeRule
from analyzers.route.values import (
    UNKNOWN,
    ArchValue,
    DType,
    DtypeList,
    HostValue,
    IntList,
    Null,
    ScalarRef,
    ShapeValue,
    SocValue,
    Status,
    TensorRef,
    Unknown,
)

_NUMBER = re.compile(r"^([-+]?(?:\d+\.\d*|\.\d+|\d+)(?:[eE][-+]?\d+)?)[uUlLfF]*$")
_HEX = re.compile(r"^0[xX][0-9a-fA-F]+[uUlL]*$")
_IDENT = re.compile(r"^[A-Za-z_][\w:]*$")
_COMPARE = {"==", "!=", "<", "<=", ">", ">="}


@functools.lru_cache(maxsize=65536)
def split_callee(text: str) -> tuple[str | None, str]:
    """"a.get()->AllocTensor" -> ("a.get()", "AllocTensor"); "l0op::Cast" -> (None, "l0op::Cast")."""
    depth = 0
    for index in range(len(text) - 1, 0, -1):
        char = text[index]
        if char in ")]":
            depth += 1
        elif char in "([":
            depth -= 1
        elif depth == 0 and char == ".":
            return text[:index].strip(), text[index + 1 :].strip()
        elif depth == 0 and char == ">" and text[index - 1] == "-":
            return text[: index - 1].strip(), text[index + 1 :].strip()
    return None, text.strip()


@functools.lru_cache(maxsize=65536)
def strip_parens(text: str) -> str:
    text = text.strip()
    while text.startswith("(") and text.endswith(")") and _balanced(text[1:-1]):
        text = text[1:-1].strip()
    return text


def _balanced(text: str) -> bool:
    depth = 0
    for char in text:
        depth += char == "("
        depth -= char == ")"
        if depth < 0:
            return False
    return depth == 0


class GuardEvaluator(BuiltinCalls):
    """Evaluates expressions to abstract values; subclasses supply variables, tensors and side-effecting calls."""

    def __init__(self, facts: Facts) -> None:
        self.facts = facts

    # -- hooks a route walk overrides -------------------------------------------------------------------------
    def lookup(self, name: str):
        """The value of a variable or global, or None when the name is not one."""
        return None

    def assign(self, name: str, value) -> None:
        """Out-parameters (BroadcastInferShape's third argument) write here."""

    def tensor_dtype(self, tensor_id: str) -> str | None:
        return None

    def tensor_shape(self, tensor_id: str) -> ShapeValue:
        return ShapeValue(None, ShapeRule("same", (tensor_id,)))

    def call(self, expr: Expr):
        """Calls with effects (l0op, executor, helpers); return NotImplemented to fall back to built-ins."""
        return NotImplemented

    # -- public ---------------------------------------------------------------------------------------------
    def truth(self, expr: Expr | None) -> bool | None:
        if expr is None:
            return None
        return self.truthy(self.value(expr))

    @staticmethod
    def truthy(value) -> bool | None:
        if isinstance(value, bool):
            return value
        if isinstance(value, (int, float)):
            return value != 0
        if isinstance(value, Null):
            return False
        if isinstance(value, (TensorRef, Status, HostValue, ScalarRef)):
            return True
        return None

    def value(self, expr: Expr):
        handler = getattr(self, f"_value_{expr.kind}", None)
        if handler is None:
            return Unknown(expr.text)
        return handler(expr)

    # -- expression kinds -----------------------------------------------------------------------------------
    def _value_literal(self, expr: Expr):
        return self.literal(expr.text)

    @staticmethod
    def literal(text: str):
        text = text.strip()
        if text == "true":
            return True
        if text == "false":
            return False
        if text in ("nullptr", "NULL"):
            return Null()
        if _HEX.match(text):
            return int(text.rstrip("uUlL"), 16)
        match = _NUMBER.match(text)
        if match:
            number = float(match.group(1))
            return int(number) if number.is_integer() and "." not in match.group(1) and "e" not in text.lower() else number
        return HostValue("literal", text)

    def _value_name(self, expr: Expr):
        return self.name_value(expr.name or expr.text)

    def name_value(self, name: str):
        name = name.strip()
        found = self.lookup(name)
        if found is not None:
            return found
        last = name.rsplit("::", 1)[-1]
        if last in ("nullptr", "NULL"):
            return Null()
        if last in ("true", "false"):
            return last == "true"
        if last in ("ACLNN_SUCCESS", "ACL_SUCCESS", "GRAPH_SUCCESS"):
            return Status(True)
        soc = platforms.soc_by_spelling().get(last)
        if soc is not None and (name == last or "SocVersion" in name):
            return SocValue(soc.name, soc.order)
        arch = platforms.arch_by_spelling().get(last)
        if arch is not None:
            return ArchValue(arch.name)
        if last == "DT_UNDEFINED":
            return DType("undefined")
        if last.startswith(("DT_", "ACL_")):
            dtype = platforms.dtype_name(last)
            return DType(dtype)
        return Unknown(name)

    def _value_member(self, expr: Expr):
        if expr.children:
            return Unknown(expr.text)
        return self.receiver_value(expr.text)

    def _value_unary(self, expr: Expr):
        if not expr.children:
            return Unknown(expr.text)
        operand = self.value(expr.children[0])
        op = expr.name or expr.text[:1]
        if op == "!":
            truth = self.truthy(operand)
            return UNKNOWN if truth is None else (not truth)
        if op == "-" and isinstance(operand, (int, float)) and not isinstance(operand, bool):
            return -operand
        if op in ("*", "&", "+"):
            return operand
        return Unknown(expr.text)

    def _value_other(self, expr: Expr):
        if expr.name == "subscript_expression" and len(expr.children) == 2:
            return self.subscript(self.value(expr.children[0]), expr.children[1])
        if len(expr.children) == 1 and (expr.text.startswith("(") or expr.text.startswith(_CASTS)):
            return self.value(expr.children[0])
        return Unknown(expr.text)

    def subscript(self, base, index_expr: Expr):
        """`dims[i]` on a known shape, int array or host list."""
        if index_expr.name == "subscript_argument_list" and index_expr.children:
            index_expr = index_expr.children[0]
        index = self.value(index_expr)
        if not _is_number(index) or isinstance(index, float):
            return UNKNOWN
        items = None
        if isinstance(base, ShapeValue):
            items = base.dims
        elif isinstance(base, IntList):
            items = base.items
        elif isinstance(base, HostValue):
            items = base.dims
        if items is None or not -len(items) <= index < len(items):
            return UNKNOWN
        item = items[index]
        return UNKNOWN if item is None else item

    def _value_ternary(self, expr: Expr):
        if len(expr.children) != 3:
            return Unknown(expr.text)
        cond = self.truth(expr.children[0])
        if cond is True:
            return self.value(expr.children[1])
        if cond is False:
            return self.value(expr.children[2])
        then, orelse = self.value(expr.children[1]), self.value(expr.children[2])
        if then == orelse:
            return then
        # `ok ? out : nullptr`: a null arm is an error-handling arm, so the other one is the route.
        if isinstance(orelse, Null) and not isinstance(then, Null):
            return then
        if isinstance(then, Null) and not isinstance(orelse, Null):
            return orelse
        return Unknown(expr.text)

    def _value_init_list(self, expr: Expr):
        items = [self.value(child) for child in expr.children]
        if all(isinstance(item, DType) for item in items) and all(item.name for item in items):
            return DtypeList(frozenset(item.name for item in items), expr.text)
        if all(isinstance(item, int) and not isinstance(item, bool) for item in items):
            return HostValue("ints", expr.text, tuple(items))
        return Unknown(expr.text)

    def _value_binary(self, expr: Expr):
        if len(expr.children) != 2:
            return Unknown(expr.text)
        op = expr.name or ""
        left_expr, right_expr = expr.children
        if op in ("&&", "||"):
            left = self.truth(left_expr)
            if op == "&&" and left is False or op == "||" and left is True:
                return left
            right = self.truth(right_expr)
            if op == "&&":
                return False if right is False else (True if left is True and right is True else UNKNOWN)
            return True if right is True else (False if left is False and right is False else UNKNOWN)
        left, right = self.value(left_expr), self.value(right_expr)
        if op in _COMPARE:
            return self.compare(op, left, right)
        return _arithmetic(op, left, right, expr.text)

    def compare(self, op: str, left, right):
        # Error handling is not a route: results are never null and statuses always succeed.
        if isinstance(left, Null) or isinstance(right, Null):
            return op == "!=" if op in ("==", "!=") else UNKNOWN
        if isinstance(left, Status) or isinstance(right, Status):
            return op == "==" if op in ("==", "!=") else UNKNOWN
        keys = _comparable(left, right)
        if keys is None:
            return UNKNOWN
        a, b = keys
        if op in ("==", "!="):
            return (a == b) == (op == "==")
        if not all(isinstance(k, (int, float)) for k in (a, b)):
            return UNKNOWN
        return {"<": a < b, "<=": a <= b, ">": a > b, ">=": a >= b}[op]

    # -- calls ----------------------------------------------------------------------------------------------
    def _value_call(self, expr: Expr):
        callee = (expr.name or expr.text.split("(", 1)[0]).strip()
        short = callee.rsplit("::", 1)[-1]
        builtin = self.builtin(short, callee, expr)
        if builtin is not NotImplemented:
            return builtin
        effect = self.call(expr)
        if effect is not NotImplemented:
            return effect
        receiver, method = split_callee(callee)
        if receiver is not None:
            return self.method_value(self.receiver_value(receiver), method, expr)
        return Unknown(expr.text)

    def receiver_value(self, text: str):
        text = strip_parens(text)
        if _NUMBER.match(text) or _HEX.match(text):
            return self.literal(text)
        if text.startswith(("*", "&")):
            return self.receiver_value(text[1:])
        if _IDENT.match(text):
            return self.name_value(text)
        if text.endswith("()"):
            receiver, method = split_callee(text[:-2])
            if method in ("get",) and receiver is not None:
                return self.receiver_value(receiver)
            if receiver is None:
                short = method.rsplit("::", 1)[-1]
                if short == "GetCurrentPlatformInfo":
                    return HostValue("platform")
                if short in ("GetCurNpuArch", "GetNpuArch"):
                    return self._fact_arch()
                if short == "GetSocVersion":
                    return self._fact_soc()
                found = self.lookup(text)
                return found if found is not None else Unknown(text)
            return self.method_value(self.receiver_value(receiver), method, None)
        return Unknown(text)

    def method_value(self, receiver, method: str, expr: Expr | None):
        args = expr.children if expr is not None else ()
        if isinstance(receiver, TensorRef):
            if method == "GetDataType":
                return DType(self.tensor_dtype(receiver.id))
            if method in ("GetViewShape", "GetStorageShape", "GetOriginalShape"):
                return self.tensor_shape(receiver.id)
            if method == "IsEmpty":
                dims = self.tensor_shape(receiver.id).dims
                return UNKNOWN if dims is None else (math.prod(dims) == 0)
            if method == "Numel":
                dims = self.tensor_shape(receiver.id).dims
                return UNKNOWN if dims is None else math.prod(dims)
            return Unknown(method)
        if isinstance(receiver, ShapeValue):
            if receiver.dims is None:
                return UNKNOWN
            if method == "GetDimNum":
                return len(receiver.dims)
            if method == "GetShapeSize":
                return math.prod(receiver.dims)
            if method == "GetDim" and len(args) == 1:
                index = self.value(args[0])
                if isinstance(index, int) and -len(receiver.dims) <= index < len(receiver.dims):
                    return receiver.dims[index]
            return UNKNOWN
        if isinstance(receiver, HostValue) and receiver.kind == "platform":
            if method in ("GetCurNpuArch", "GetNpuArch"):
                return self._fact_arch()
            if method == "GetSocVersion":
                return self._fact_soc()
        if isinstance(receiver, ScalarRef):
            if method in ("ToDouble", "ToFloat", "ToInt64", "ToInt32", "ToBool"):
                number = self.facts.scalar(receiver.name)
                return UNKNOWN if number is None else number
            if method == "GetDataType":
                return DType(self.facts.dtype_of(receiver.name))
        if isinstance(receiver, IntList):
            if method == "data":
                return receiver
            if method in ("size", "Size"):
                return len(receiver.items)
        if isinstance(receiver, DtypeList) and method == "size":
            return len(receiver.names)
        if isinstance(receiver, HostValue) and receiver.dims is not None and method in ("Size", "size"):
            return len(receiver.dims)
        return Unknown(method)

    def _fact_soc(self) -> SocValue:
        soc = platforms.socs().get(self.facts.soc or "")
        return SocValue(soc.name, soc.order) if soc else SocValue(None)

    def _fact_arch(self) -> ArchValue:
        return ArchValue(self.facts.arch)


def _comparable(left, right):
    """Keys to compare two values by, or None when either is unknown or they are of different kinds."""
    if _is_number(left) and _is_number(right) or isinstance(left, bool) and isinstance(right, bool):
        return left, right
    if isinstance(left, bool) and _is_number(right) or _is_number(left) and isinstance(right, bool):
        return int(left), int(right)
    if isinstance(left, DType) and isinstance(right, DType):
        return (left.name, right.name) if left.name and right.name else None
    if isinstance(left, SocValue) and isinstance(right, SocValue):
        if left.name is None or right.name is None:
            return None
        return (left.order, right.order) if left.name != right.name else (0, 0)
    if isinstance(left, ArchValue) and isinstance(right, ArchValue):
        return (left.name, right.name) if left.name and right.name else None
    if isinstance(left, ShapeValue) and isinstance(right, ShapeValue):
        return (left.dims, right.dims) if left.dims is not None and right.dims is not None else None
    if isinstance(left, TensorRef) and isinstance(right, TensorRef):
        return left.id, right.id
    return None


def _arithmetic(op: str, left, right, text: str):
    if not (_is_number(left) and _is_number(right)):
        return Unknown(text)
    if op == "+":
        return left + right
    if op == "-":
        return left - right
    if op == "*":
        return left * right
    if op == "/" and right != 0:
        return left // right if isinstance(left, int) and isinstance(right, int) else left / right
    if op == "%" and right != 0 and isinstance(left, int) and isinstance(right, int):
        return left % right
    return Unknown(text)
