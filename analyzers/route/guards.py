"""Three-valued evaluation of C++ guard expressions (Expr trees) under Facts: True, False or None (undecidable)."""

from __future__ import annotations

import functools
import re
from dataclasses import replace

from op_migrate.analyzers.cxx.model import Expr
from op_migrate.analyzers.route import platforms
from op_migrate.analyzers.route.callee_text import split_callee, strip_parens
from op_migrate.analyzers.route.containers import element, join_tensors, join_values
from op_migrate.analyzers.route.guard_calls import CASTS, BuiltinCalls
from op_migrate.analyzers.route.integers import UInt, convert, promoted, single
from op_migrate.analyzers.route.method_calls import MethodCalls
from op_migrate.analyzers.route.model import Facts, ShapeRule
from op_migrate.analyzers.route.packs import pack_size
from op_migrate.analyzers.route.std_calls import StdLibraryCalls
from op_migrate.analyzers.route.value_ops import ASSIGNMENTS, COMPARISONS, arithmetic, compare_values
from op_migrate.analyzers.route.values import (
    UNKNOWN,
    ArchValue,
    DType,
    DtypeList,
    DtypePairList,
    HostValue,
    IntList,
    Null,
    ObjectValue,
    PairValue,
    ScalarRef,
    ShapeValue,
    SocValue,
    Status,
    TensorList,
    TensorRef,
    TensorTuple,
    Unknown,
    is_int,
    is_number,
)

_C_CAST = re.compile(r"^\(\s*([\w\s:]+?)\s*\)")  # `(int64_t)x`: the type a C-style cast names

__all__ = ["GuardEvaluator", "split_callee", "strip_parens"]

_NUMBER = re.compile(r"^([-+]?(?:\d+\.\d*|\.\d+|\d+)(?:[eE][-+]?\d+)?)[uUlLfF]*$")
_HEX = re.compile(r"^0[xX][0-9a-fA-F]+[uUlL]*$")
_IDENT = re.compile(r"^[A-Za-z_][\w:]*$")
_ASSIGNABLE = re.compile(r"[A-Za-z_]\w*(?:\s?(?:\.|->)\s?[A-Za-z_]\w*)*")
_GET_TEXT = re.compile(r"^(?:std::)?get\s*<\s*(\d+)\s*>\s*\(\s*(\w+)\s*\)$")


# `std::array<aclTensor*, N>` / `std::tuple<aclTensor*, ...>` / `std::pair<...>` written as a compound literal.
_TENSOR_AGGREGATE = re.compile(r"^(?:std::)?(?:array|tuple|pair)\s*<.*\baclTensor\b", re.S)

_LIMIT_MACROS = {f"{kind}{bits}_{end}": value for bits in (8, 16, 32, 64) for kind, end, value in (
    ("INT", "MAX", 2 ** (bits - 1) - 1), ("INT", "MIN", -2 ** (bits - 1)), ("UINT", "MAX", 2 ** bits - 1))}


# class -> expression kind -> the class's `_value_<kind>` function (None: no handler), filled as kinds are met.
_HANDLERS: dict[type, dict[str, object]] = {}
_UNSEEN = object()


class GuardEvaluator(BuiltinCalls, MethodCalls, StdLibraryCalls):
    """Evaluates expressions to abstract values; subclasses supply variables, tensors and side-effecting calls."""

    def __init__(self, facts: Facts) -> None:
        self.facts = facts

    # -- hooks a route walk overrides -------------------------------------------------------------------------
    def failures_are_paths(self, expr: Expr) -> bool:
        """Whether a failure (a null result, an error status) is a path here, or of `expr`, rather than error handling."""
        return False

    def lookup(self, name: str):
        """The value of a variable or global, or None when the name is not one."""
        return None

    def assign(self, name: str, value) -> None:
        """Out-parameters (BroadcastInferShape's third argument) write here."""

    def step_place(self, text: str, value) -> None:
        """`v[1]++`, `p.a--`: the operand that is no plain name now holds `value` (the route walk stores it)."""

    def pointee(self, name: str):
        """What `*name` holds when `name` is a pointer parameter given `&variable` (the route walk knows); None."""
        return None

    def address_taken(self, operand: Expr) -> None:
        """`&operand` was evaluated (the route walk tracks what pointers may reach, route/aliases.py)."""

    def through_local_pointer(self, name: str) -> bool:
        """Whether `*name` reads through a local pointer whose target the walk does not keep."""
        return False

    def tensor_dtype(self, tensor_id: str) -> str | None:
        return None

    def tensor_shape(self, tensor_id: str) -> ShapeValue:
        return ShapeValue(None, ShapeRule("same", (tensor_id,)))

    def call(self, expr: Expr):
        """Calls with effects (l0op, executor, helpers); return NotImplemented to fall back to built-ins."""
        return NotImplemented

    def overloaded_operator(self, op: str, expr: Expr, operands: list):
        """An operator a repository class overloads: the route walk calls it (route/operators.py); here unknown."""
        return NotImplemented

    def skipped_expr(self, expr: Expr | None) -> None:
        """An operand the value left unevaluated (the route walk's audit excludes its calls)."""

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
        if isinstance(value, Status):
            return True if value.ok else None  # an error status is nonzero; no check tests it as a bool
        if isinstance(value, TensorRef) and value.nullable:
            return None
        if isinstance(value, (TensorRef, HostValue, ScalarRef)):
            return True
        return None

    def value(self, expr: Expr):
        # The handler of an expression kind, found once per class (every expression the walk evaluates comes here;
        # formatting and looking up the method name each time was a measurable share of the walk).
        handlers = _HANDLERS.get(type(self))
        if handlers is None:
            handlers = _HANDLERS[type(self)] = {}
        handler = handlers.get(expr.kind, _UNSEEN)
        if handler is _UNSEEN:
            handler = handlers[expr.kind] = getattr(type(self), f"_value_{expr.kind}", None)
        if handler is None:
            return Unknown(expr.text)
        return handler(self, expr)

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
        if match and match.group(1).isdigit():
            digits = match.group(1)  # exact: through a float, 9223372036854775807 read as 2^63
            octal = digits.startswith("0") and len(digits) > 1 and not set(digits) - set("01234567")
            return int(digits, 8) if octal else int(digits)
        if match:
            number = float(match.group(1))
            if text[-1] in "fF" and not _HEX.match(text):
                return single(number)  # `0.3f` is the float nearest 0.3, not the double
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
        if last.startswith(("ACLNN_ERR_", "ACL_ERROR_")) or last in ("GRAPH_FAILED", "ACLNN_FAILED"):
            return Status(False)
        soc = platforms.soc_by_spelling().get(last)
        if soc is not None and (name == last or "SocVersion" in name):
            return SocValue(soc.name, soc.order)
        if last in platforms.soc_enums() and (name == last or "SocVersion" in name):
            return SocValue(last, platforms.soc_enums()[last])
        fmt = self.format_value(name) if "FORMAT_" in last else None
        if fmt is not None:
            return fmt
        arch = platforms.arch_by_spelling().get(last)
        if arch is not None:
            return ArchValue(arch.name)
        if last in platforms.arch_enums():
            return ArchValue(last)
        if last == "DT_UNDEFINED":
            return DType("undefined")
        if last.startswith(("DT_", "ACL_")):
            # A dtype platforms.toml does not list (DT_UINT1, DT_FLOAT4_E2M1) keeps its spelling: it is still
            # a distinct enumerator, unequal to every listed dtype.
            known = platforms.dtype_name(last)
            return DType(known or (last if last.startswith("DT_") else None))
        if name in _LIMIT_MACROS:
            return _LIMIT_MACROS[name]  # <cstdint>'s INT32_MAX and its kin, as the compiler gives them
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
        if type(operand) is ObjectValue and op not in ("++", "--", "&", "*"):
            called = self.overloaded_operator(op, expr, [operand])  # `-a`, `!a` a repository class overloads
            if called is not NotImplemented:
                return called
        if op in ("++", "--"):
            # `done++` / `--left`: the variable changes (a loop counter the facts do not bound becomes unknown).
            target = expr.children[0]
            changed = operand + (1 if op == "++" else -1) if is_int(operand) else Unknown(target.text)
            if target.kind == "name":
                self.assign((target.name or target.text).strip(), changed)
            else:
                self.step_place(target.text, changed)
            return operand if expr.text.rstrip().endswith(op) else changed
        if op == "!":
            truth = self.truthy(operand)
            return UNKNOWN if truth is None else (not truth)
        if op == "-" and is_number(operand):
            operand = promoted(operand)
            return UInt(-operand, operand.bits) if isinstance(operand, UInt) else -operand
        if op == "*" and expr.children[0].kind == "name":
            pointer = (expr.children[0].name or expr.children[0].text).strip()
            pointee = self.pointee(pointer)
            if pointee is not None:
                return pointee
            if self.through_local_pointer(pointer):
                return Unknown(expr.text)
        if op == "&":
            self.address_taken(expr.children[0])
        if op == "sizeof":
            size = pack_size(expr, operand)
            return Unknown(expr.text) if size is None else size
        if op == "&" and isinstance(operand, Null):
            return HostValue("address", expr.text)  # the address of a null pointer variable is not null
        if op in ("*", "&", "+"):
            return operand
        return Unknown(expr.text)

    def _value_other(self, expr: Expr):
        if expr.name == "subscript_expression" and len(expr.children) == 2:
            base = self.value(expr.children[0])
            if type(base) is ObjectValue:  # `pool[i]` a repository class overloads
                index = expr.children[1]
                if index.name == "subscript_argument_list" and index.children:
                    index = index.children[0]
                called = self.overloaded_operator("[]", expr, [base, self.value(index)])
                if called is not NotImplemented:
                    return called
            return self.subscript(base, expr.children[1])
        if len(expr.children) == 1 and (expr.text.startswith("(") or expr.text.startswith(CASTS)):
            written = _C_CAST.match(expr.text) if expr.text.startswith("(") else None
            return convert(written.group(1) if written else None, self.value(expr.children[0]))
        if len(expr.children) == 2 and expr.children[1].kind == "init_list" and \
                _TENSOR_AGGREGATE.match(expr.children[0].text):
            return self.braced_tuple(expr.children[1])  # `std::array<aclTensor*, 2>{a, b}`: positions kept
        return Unknown(expr.text)

    def subscript(self, base, index_expr: Expr):
        """`dims[i]` on a known shape, int array or host list."""
        if index_expr.name == "subscript_argument_list" and index_expr.children:
            index_expr = index_expr.children[0]
        return self.subscript_value(base, self.value(index_expr))

    def subscript_value(self, base, index):
        """`base[index]` on evaluated operands."""
        if isinstance(base, HostValue) and base.kind == "tensor-list":
            return self.list_element(base, index)
        if isinstance(base, TensorList):
            return element(base)  # any index: what the container may hold
        if not is_int(index):
            return UNKNOWN
        if isinstance(base, TensorTuple):
            return base.items[index] if -len(base.items) <= index < len(base.items) else UNKNOWN
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
            self.skipped_expr(expr.children[2])
            return self.value(expr.children[1])
        if cond is False:
            self.skipped_expr(expr.children[1])
            return self.value(expr.children[2])
        then, orelse = self.ternary_arms(expr)
        if then == orelse:
            return then
        if self.failures_are_paths(expr):  # the caller goes on after a failure (recovery.py): a failed arm is a path
            if isinstance(then, Status) and isinstance(orelse, Status):
                return Status(None)  # `*status = (y == nullptr) ? ACLNN_ERR_INNER_NULLPTR : ACLNN_SUCCESS;`
            present, null = (then, orelse) if isinstance(orelse, Null) else (orelse, then)
            if isinstance(present, TensorRef) and isinstance(null, Null):
                return replace(present, nullable=True)
        # `ok ? out : nullptr`: a null arm is an error-handling arm, so the other one is the route.
        if isinstance(orelse, Null) and not isinstance(then, Null):
            return then
        if isinstance(then, Null) and not isinstance(orelse, Null):
            return orelse
        # `empty ? executor->ConvertToTensor(...) : result`: the variable holds one of the two.
        joined = join_tensors((then, orelse)) or join_values((then, orelse))
        return joined if joined is not None else Unknown(expr.text)

    @staticmethod
    def tuple_item(held, index: int):
        """Item `index` of a tuple or pair value, UNKNOWN when it is not one."""
        if isinstance(held, (TensorTuple, PairValue)) and 0 <= index < len(held.items):
            return held.items[index]
        return UNKNOWN

    def ternary_arms(self, expr: Expr):
        """Both arms of `c ? a : b` with c undecided; the route walk runs each under its guard (`may`)."""
        return self.value(expr.children[1]), self.value(expr.children[2])

    def list_element(self, listed, index):
        """An element of a tensor list; the route walk makes it a tensor (LayoutCalls)."""
        return UNKNOWN

    def format_value(self, name: str):
        """A format enumerator's value; the route walk answers (LayoutCalls), a bare evaluator knows none."""
        return None

    def _value_init_list(self, expr: Expr):
        items = [self.value(child) for child in expr.children]
        if all(isinstance(item, DType) for item in items) and all(item.name for item in items):
            return DtypeList(frozenset(item.name for item in items), expr.text, tuple(item.name for item in items))
        if items and all(isinstance(item, (DtypeList, PairValue)) and len(_pair(item)) == 2 for item in items):
            return DtypePairList(frozenset(_pair(item) for item in items), expr.text)
        if all(is_number(item) for item in items):
            return HostValue("ints", expr.text, tuple(items))  # host numbers (a shape, a list of scales)
        return Unknown(expr.text)

    def _value_binary(self, expr: Expr):
        if len(expr.children) != 2:
            return Unknown(expr.text)
        op = expr.name or ""
        left_expr, right_expr = expr.children
        if op in ("&&", "||"):
            left = self.truth(left_expr)
            if op == "&&" and left is False or op == "||" and left is True:
                self.skipped_expr(right_expr)
                return left
            right = self.truth(right_expr) if left is True or left is False else \
                self.operand_under(left_expr, op, right_expr)
            if op == "&&":
                return False if right is False else (True if left is True and right is True else UNKNOWN)
            return True if right is True else (False if left is False and right is False else UNKNOWN)
        if op in ASSIGNMENTS:
            if left_expr.kind == "name" and type(target := self.value(left_expr)) is ObjectValue:
                called = self.overloaded_operator(op, expr, [target, self.value(right_expr)])  # `a += b` overloaded
                if called is not NotImplemented:
                    return called
            return self._assignment_value(op, left_expr, right_expr)
        left, right = self.value(left_expr), self.value(right_expr)
        if op == ",":
            return right
        if type(left) is ObjectValue or type(right) is ObjectValue:
            called = self.overloaded_operator(op, expr, [left, right])  # `a + b` a repository class overloads
            if called is not NotImplemented:
                return called
        if op in COMPARISONS:
            return self.compare(op, left, right)
        return arithmetic(op, left, right, expr.text)

    def operand_under(self, left_expr: Expr, op: str, right_expr: Expr):
        """The truth of `b` in `a && b` / `a || b` with `a` undecided; the route walk runs it under `a` (its
        launches happen only when `a` lets it run), a bare evaluator just reads it."""
        return self.truth(right_expr)

    def _assignment_value(self, op: str, target: Expr, right_expr: Expr):
        """`(q = Compute()) > 0`, `n *= d` inside an expression: the variable changes and the expression is its new
        value; a target the walk cannot name (an element, a dereference) is left as it was, the value unknown."""
        right = self.value(right_expr)
        name = " ".join(target.text.split())
        if not _ASSIGNABLE.fullmatch(name):
            # An element or a dereference is not followed; nor is `a < B || a >= C` misread by the parser as the
            # template `a < B || a >` assigned C.
            return Unknown(target.text)
        value = right if op == "=" else arithmetic(op[:-1], self.value(target), right, target.text)
        self.assign(name.replace(" ", ""), value)
        return value

    @staticmethod
    def compare(op: str, left, right):
        return compare_values(op, left, right)

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
            value = self.method_value(self.receiver_value(receiver), method, expr)
            self.forget_written(expr.children)
            return value
        return Unknown(expr.text)

    def receiver_value(self, text: str):
        form, text, extra = _receiver_form(text)
        if form == "literal":
            return self.literal(text)
        if form == "through":
            return self.receiver_value(text)
        if form == "name":
            return self.name_value(text)
        if form == "get":
            # `std::get<0>(res)->GetDataType()`: a tuple item as a method's receiver.
            return self.tuple_item(self.receiver_value(text), extra)
        if form == "subscript":
            # `(*tensors)[i]->GetDataType()`: a method's receiver is only text.
            return self.subscript_value(self.receiver_value(text), self.receiver_value(extra))
        if form == "call":
            receiver, method = split_callee(text[:-2])
            if method in ("get",) and receiver is not None:
                return self.receiver_value(receiver)
            if receiver is None:
                short = method.rsplit("::", 1)[-1]
                if short == "GetCurrentPlatformInfo":
                    return HostValue("platform")
                fact = self.platform_fact(short)
                if fact is not None:
                    return fact
                found = self.lookup(text)
                return found if found is not None else Unknown(text)
            return self.method_value(self.receiver_value(receiver), method, None)
        return Unknown(text)


@functools.lru_cache(maxsize=65536)
def _receiver_form(text: str) -> tuple[str, str, object]:
    """How receiver_value reads a text, decided from the text alone and kept (walks read the same receivers again):
    (form, the text it goes on with, an extra part). literal: a number; through: `*p` / `&x` read as what follows;
    name: an identifier; get: `std::get<N>(t)` (t, N); subscript: `base[index]` (base, index); call: `f()`, `r.m()`;
    unknown: anything else."""
    text = strip_parens(text)
    if _NUMBER.match(text) or _HEX.match(text):
        return "literal", text, None
    if text.startswith(("*", "&")):
        return "through", text[1:], None
    if _IDENT.match(text):
        return "name", text, None
    got = _GET_TEXT.match(text)
    if got:
        return "get", got.group(2), int(got.group(1))
    subscripted = _split_subscript(text)
    if subscripted is not None:
        return "subscript", subscripted[0], subscripted[1]
    if text.endswith("()"):
        return "call", text, None
    return "unknown", text, None


def _split_subscript(text: str) -> tuple[str, str] | None:
    """`(*tensors)[i]` -> ("(*tensors)", "i"); None unless the text is one subscript of a base."""
    if not text.endswith("]"):
        return None
    depth = 0
    for index in range(len(text) - 1, -1, -1):
        char = text[index]
        if char in ")]":
            depth += 1
        elif char in "([":
            depth -= 1
            if depth == 0:
                if char != "[" or index == 0:
                    return None
                return text[:index].strip(), text[index + 1:-1].strip()
    return None


def _pair(item) -> tuple:
    """The two dtype names of `{DT_A, DT_B}` or `std::pair<...>(DT_A, DT_B)`."""
    if isinstance(item, DtypeList):
        return item.order
    return tuple(value.name for value in item.items if isinstance(value, DType) and value.name)
