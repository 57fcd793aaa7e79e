"""C++ comparison and arithmetic on abstract values: three-valued, with error handling taken as succeeding."""

from __future__ import annotations

import re

from op_migrate.analyzers.route.integers import Single, UInt, single, unsigned_operands
from op_migrate.analyzers.route.values import (
    UNKNOWN,
    ArchValue,
    DataPtr,
    DType,
    FormatValue,
    Found,
    ListEnd,
    Null,
    ShapeSize,
    ShapeValue,
    SocValue,
    Status,
    TensorRef,
    Unknown,
    is_number,
)

COMPARISONS = {"==", "!=", "<", "<=", ">", ">="}
ASSIGNMENTS = frozenset({"=", "+=", "-=", "*=", "/=", "%=", "<<=", ">>=", "&=", "|=", "^="})


def compare_values(op: str, left, right):
    """`left op right` as True / False, or UNKNOWN when the values do not decide it."""
    # Error handling is not a route: a result is not null and a status succeeds unless the facts made it so (a
    # helper whose check the facts fail returns null or its error, analyzers/route/checks.py).
    if isinstance(left, Null) and isinstance(right, Null):
        return op == "==" if op in ("==", "!=") else UNKNOWN
    if isinstance(left, Null) or isinstance(right, Null):
        other = right if isinstance(left, Null) else left
        if isinstance(other, Unknown) or isinstance(other, TensorRef) and other.nullable:
            return UNKNOWN  # a pointer the facts say nothing of (an optional argument, null on some arm)
        return op == "!=" if op in ("==", "!=") else UNKNOWN
    if isinstance(left, Status) and left.ok is None or isinstance(right, Status) and right.ok is None:
        return UNKNOWN  # it may have failed, and the caller goes on either way
    if isinstance(left, Status) and isinstance(right, Status):
        return (left.ok == right.ok) == (op == "==") if op in ("==", "!=") else UNKNOWN
    if isinstance(left, Status) or isinstance(right, Status):
        return op == "==" if op in ("==", "!=") else UNKNOWN
    if isinstance(left, TensorRef) and isinstance(right, TensorRef):
        return _same_tensor(op, left, right)
    converted = unsigned_operands(left, right) if is_number(left) and is_number(right) else None
    if converted is not None and converted[3]:
        signed = compare_values(op, int(left), int(right))
        return signed if signed == compare_values(op, converted[0], converted[1]) else UNKNOWN
    keys = converted[:2] if converted is not None else _comparable(left, right)
    if keys is None:
        return UNKNOWN
    a, b = keys
    if op in ("==", "!="):
        return (a == b) == (op == "==")
    if not all(isinstance(k, (int, float)) for k in (a, b)):
        return UNKNOWN
    return {"<": a < b, "<=": a <= b, ">": a > b, ">=": a >= b}[op]


def _comparable(left, right):
    """Keys to compare two values by, or None when either is unknown or they are of different kinds."""
    if is_number(left) and is_number(right) or isinstance(left, bool) and isinstance(right, bool):
        return left, right
    if isinstance(left, bool) and is_number(right) or is_number(left) and isinstance(right, bool):
        return int(left), int(right)
    if isinstance(left, DType) and isinstance(right, DType):
        return (left.name, right.name) if left.name and right.name else None
    if isinstance(left, SocValue) and isinstance(right, SocValue):
        if left.name is None or right.name is None:
            return None
        if left.name == right.name:
            return 0, 0
        if left.order is None or right.order is None:
            return left.name, right.name  # different enumerators: unequal, their order unknown
        return left.order, right.order
    if isinstance(left, ArchValue) and isinstance(right, ArchValue):
        return (left.name, right.name) if left.name and right.name else None
    if isinstance(left, ShapeValue) and isinstance(right, ShapeValue):
        if left.dims is not None and right.dims is not None:
            return left.dims, right.dims
        # Unknown dims, one identity ("the view shape of self" on both sides): equal.
        return (0, 0) if left.key is not None and left.key == right.key else None
    if isinstance(left, ShapeSize) and isinstance(right, ShapeSize):
        return (0, 0) if left.key == right.key else None
    if isinstance(left, FormatValue) and isinstance(right, FormatValue):
        return (left.name, right.name) if left.name and right.name else None
    if isinstance(left, DataPtr) and isinstance(right, DataPtr):
        if left.storage != right.storage:
            return 0, 1  # distinct storages: the facts make distinct entry tensors distinct
        return (left.offset, right.offset) if left.offset is not None and right.offset is not None else None
    if isinstance(left, Found) and isinstance(right, ListEnd) or isinstance(left, ListEnd) and isinstance(right, Found):
        found = left if isinstance(left, Found) else right
        return (0, 0) if not found.found else (0, 1)  # find(...) == end() exactly when not found
    return None


def _same_tensor(op: str, left: TensorRef, right: TensorRef):
    """`a == b` on tensor pointers: each side may hold any of its ids (a variable an undecided branch or a loop set);
    unequal when no id is common, equal only when both hold one and the same tensor for certain."""
    if op not in ("==", "!=") or left.hosts or right.hosts:
        return UNKNOWN
    mine, theirs = set(left.ids), set(right.ids)
    if not mine & theirs:
        return op == "!="
    if mine == theirs and len(mine) == 1 and not (left.nullable or right.nullable):
        return op == "=="
    return UNKNOWN


def arithmetic(op: str, left, right, text: str):
    """`left op right` on known numbers (C++ integer division and remainder); Unknown(text) otherwise."""
    if op in ("+", "-") and isinstance(left, ShapeSize) and right == 0 and not isinstance(right, bool):
        return left  # `storage.GetShapeSize() == view.GetShapeSize() + view->GetViewOffset()` with offset 0
    if not (is_number(left) and is_number(right)):
        return Unknown(text)
    converted = unsigned_operands(left, right)
    if converted is not None:
        result = _unsigned_arithmetic(op, converted, text)
        if converted[3]:  # a narrow unsigned and an integer of unknown width: kept where signed 64-bit agrees
            signed = arithmetic(op, int(left), int(right), text)
            return result if is_number(signed) and signed == result else Unknown(text)
        return result
    in_single = _in_single(left, right)
    if op in ("+", "-", "*"):
        result = left + right if op == "+" else left - right if op == "-" else left * right
        if isinstance(result, int) and not _INT64_MIN <= result <= _INT64_MAX:
            return Unknown(text)  # signed 64-bit overflow: undefined behaviour, nothing to decide on
        return single(result) if in_single else result
    if op == "/" and right != 0:
        if isinstance(left, int) and isinstance(right, int):
            return _truncated_quotient(left, right)
        return single(left / right) if in_single else left / right
    if op == "%" and right != 0 and isinstance(left, int) and isinstance(right, int):
        return left - right * _truncated_quotient(left, right)
    if isinstance(left, int) and isinstance(right, int) and op in _BITWISE:
        return _bitwise(op, left, right, text)
    return Unknown(text)


def _in_single(left, right) -> bool:
    """C++'s usual conversions: float with float or with an integer is computed in float; with a double, in double."""
    kinds = [type(v) for v in (left, right) if isinstance(v, float)]
    return bool(kinds) and all(kind is Single for kind in kinds)


_BITWISE = ("&", "|", "^", "<<", ">>")
_INT_LITERAL_SHIFT = re.compile(r"\s*\(?\s*(?:0[xX][0-9a-fA-F]+|\d+)\s*\)?\s*(?:<<|>>)")  # no L/LL/U suffix
_INT64_MIN, _INT64_MAX = -(1 << 63), (1 << 63) - 1


def _bitwise(op: str, left: int, right: int, text: str):
    """`&`, `|`, `^` (two's complement, as Python's); shifts only where C++ defines them for a 64-bit signed value."""
    if op in ("<<", ">>"):
        # An `int` literal shifted (`1 << 40`) is 32-bit: past its width, or into its sign, undefined.
        width = 31 if _INT_LITERAL_SHIFT.match(text) else 63
        if not 0 <= right < width or op == "<<" and (left < 0 or left << right >= 1 << width):
            return Unknown(text)
        return left << right if op == "<<" else left >> right
    return {"&": left & right, "|": left | right, "^": left ^ right}[op]


def _unsigned_arithmetic(op: str, converted, text: str):
    """`left op right` where one operand is unsigned: both converted, the result reduced modulo 2^bits."""
    left, right, bits = converted[:3]
    if op in ("/", "%") and right == 0:
        return Unknown(text)
    if op in ("<<", ">>") and right >= bits:
        return Unknown(text)
    result = {"+": lambda: left + right, "-": lambda: left - right, "*": lambda: left * right,
              "/": lambda: left // right, "%": lambda: left % right, "&": lambda: left & right,
              "|": lambda: left | right, "^": lambda: left ^ right, "<<": lambda: left << right,
              ">>": lambda: left >> right}.get(op)
    return UInt(result(), bits) if result is not None else Unknown(text)


def _truncated_quotient(left: int, right: int) -> int:
    # C++ integer division truncates toward zero (-7 / 2 == -3); Python's // floors.
    quotient = abs(left) // abs(right)
    return quotient if (left < 0) == (right < 0) else -quotient
