"""Scalar operands in C++: constants as exact literals of their dtype, attribute expressions over the tiling data."""

from __future__ import annotations

import math
import operator
import struct

CXX_TYPES = {
    "float16": "half", "bfloat16": "bfloat16_t", "float32": "float", "int8": "int8_t", "uint8": "uint8_t",
    "int16": "int16_t", "uint16": "uint16_t", "int32": "int32_t", "uint32": "uint32_t", "int64": "int64_t",
    "uint64": "uint64_t", "bool": "int8_t",
}
BYTES = {"float16": 2, "bfloat16": 2, "float32": 4, "int8": 1, "uint8": 1, "int16": 2, "uint16": 2, "int32": 4,
         "uint32": 4, "int64": 8, "uint64": 8, "bool": 1, "float64": 8}
_INT_RANGES = {"int8": (-128, 127), "uint8": (0, 255), "int16": (-32768, 32767), "uint16": (0, 65535),
               "int32": (-2**31, 2**31 - 1), "uint32": (0, 2**32 - 1), "int64": (-2**63, 2**63 - 1),
               "uint64": (0, 2**64 - 1), "bool": (-128, 127)}


def cxx_type(dtype: str) -> str:
    return CXX_TYPES[dtype]


def is_float(dtype: str) -> bool:
    return dtype in ("float16", "bfloat16", "float32")


def round_float(value: float, dtype: str) -> float:
    """value held in dtype: round to nearest even (float16 / bfloat16 / float32), overflow to inf."""
    if math.isnan(value) or math.isinf(value):
        return value
    if dtype == "float32":
        try:
            return struct.unpack("<f", struct.pack("<f", value))[0]
        except OverflowError:
            return math.copysign(math.inf, value)
    if dtype == "float16":
        try:
            return struct.unpack("<e", struct.pack("<e", value))[0]
        except OverflowError:
            return math.copysign(math.inf, value)
    if dtype == "bfloat16":
        bits = struct.unpack("<I", struct.pack("<f", round_float(value, "float32")))[0]
        if (bits & 0x7F800000) == 0x7F800000:
            return struct.unpack("<f", struct.pack("<I", bits & 0xFFFF0000))[0]
        bits += 0x7FFF + ((bits >> 16) & 1)
        return struct.unpack("<f", struct.pack("<I", bits & 0xFFFF0000))[0]
    raise ValueError(dtype)


def int_value(value: float, dtype: str) -> int:
    """tvm.const(v, int dtype) of a Python number: truncated, saturated, NaN -> 0 (as the golden converts)."""
    low, high = _INT_RANGES[dtype]
    if math.isnan(value):
        return 0
    if math.isinf(value):
        return high if value > 0 else low
    return max(low, min(high, int(value)))


def literal(value, dtype: str) -> str:
    """An exact C++ expression of `value` held in `dtype`."""
    if is_float(dtype):
        held = round_float(float(value), dtype)
        if math.isnan(held) or math.isinf(held):
            return f"FromBits<{cxx_type(dtype)}>({_bits(held, dtype)})"
        text = repr(held)
        if "e" not in text and "." not in text and "inf" not in text:
            text += ".0"
        if dtype == "float32":
            return f"{text}f"
        return f"static_cast<{cxx_type(dtype)}>({text}f)"
    number = int_value(float(value), dtype) if not isinstance(value, int) else _saturate(value, dtype)
    if dtype in ("int64",) and number == -2**63:
        return "static_cast<int64_t>(-9223372036854775807LL - 1)"
    suffix = {"int64": "LL", "uint64": "ULL", "uint32": "U"}.get(dtype, "")
    return f"static_cast<{cxx_type(dtype)}>({number}{suffix})"


def _saturate(value: int, dtype: str) -> int:
    low, high = _INT_RANGES[dtype]
    return max(low, min(high, value))


def _bits(value: float, dtype: str) -> str:
    if dtype == "float32":
        return f"static_cast<uint32_t>(0x{struct.unpack('<I', struct.pack('<f', value))[0]:08X}U)"
    if dtype == "float16":
        return f"static_cast<uint16_t>(0x{struct.unpack('<H', struct.pack('<e', value))[0]:04X}U)"
    bits = struct.unpack("<I", struct.pack("<f", value))[0] >> 16
    if math.isnan(value):
        bits = 0x7FC0 | (bits & 0x8000)
    return f"static_cast<uint16_t>(0x{bits:04X}U)"


def constant_value(expr: tuple) -> float | None:
    """The value of a scalar expression without attributes (evaluated as the golden does), else None."""
    return expr_value(expr)


def expr_value(expr, attrs: dict | None = None, rounded: bool = True) -> float | None:
    """A scalar expression's value with these attribute values (None if one is missing): in float32 arithmetic as
    the golden and the kernel compute it, or unrounded (rounded=False) as the TBE Python computes it at build time."""
    kind = expr[0]
    held = (lambda v: round_float(v, "float32")) if rounded else (lambda v: v)
    if kind == "const":
        return float(expr[1])
    if kind == "attr":
        return float(attrs[expr[1]]) if attrs and attrs.get(expr[1]) is not None else None
    if kind == "cast":
        inner = expr_value(expr[2], attrs, rounded)
        if inner is None:
            return None
        return round_float(inner, expr[1]) if is_float(expr[1]) else float(int_value(inner, expr[1]))
    if kind in ("neg", "log", "exp", "sqrt", "abs", "floor"):
        inner = expr_value(expr[1], attrs, rounded)
        if inner is None:
            return None
        try:
            result = {"neg": lambda v: -v, "log": math.log, "exp": math.exp, "sqrt": math.sqrt, "abs": abs,
                      "floor": lambda v: float(math.floor(v)) if math.isfinite(v) else v}[kind](held(inner))
        except (ValueError, OverflowError):
            if not rounded:
                raise  # the TBE Python raises at build time: no kernel for these values
            return math.nan
        return held(result)
    left, right = expr_value(expr[1], attrs, rounded), expr_value(expr[2], attrs, rounded)
    if left is None or right is None:
        return None
    left, right = held(left), held(right)
    if not rounded:  # Python's float arithmetic, its exceptions included
        result = {"add": operator.add, "sub": operator.sub, "mul": operator.mul, "div": operator.truediv,
                  "pow": operator.pow}[kind](left, right)
        if isinstance(result, complex):
            raise ValueError("a negative number to a fractional power")
        return result
    try:
        result = {"add": left + right, "sub": left - right, "mul": left * right,
                  "div": left / right if right != 0 else math.copysign(math.inf, left) * math.copysign(1, right)
                  if left != 0 else math.nan, "pow": left ** right}[kind]
    except (OverflowError, ZeroDivisionError, ValueError):
        return math.nan
    if isinstance(result, complex):
        return math.nan
    return held(result)


_UNARY = {"neg": "-", "log": "std::log", "exp": "std::exp", "sqrt": "std::sqrt", "abs": "std::fabs",
          "floor": "std::floor"}


def host_expr(expr, attr_field, real: str = "float") -> str:
    """A C++ expression of an attribute-dependent scalar for the host tiling: in float arithmetic, as the golden
    computes it, for a value the kernel receives in the tiling data; in double (real="double"), as the TBE Python
    computes it at build time, for a branch condition."""
    kind = expr[0]
    if kind == "const":
        return literal(expr[1], "float32") if real == "float" else _double(expr[1])
    if kind == "attr":
        return f"static_cast<{real}>({attr_field(expr[1])})"
    if kind == "cast":
        inner = host_expr(expr[2], attr_field, real)
        return f"static_cast<{real}>(RoundThrough{_ROUND_NAMES.get(expr[1], 'Int')}({inner}{_int_bounds(expr[1])}))"
    if kind in _UNARY:
        inner = host_expr(expr[1], attr_field, real)
        return f"(-{inner})" if kind == "neg" else f"static_cast<{real}>({_UNARY[kind]}({inner}))"
    if kind == "pow":
        return (f"static_cast<{real}>(std::pow({host_expr(expr[1], attr_field, real)}, "
                f"{host_expr(expr[2], attr_field, real)}))")
    operator = {"add": "+", "sub": "-", "mul": "*", "div": "/"}.get(kind)
    if operator is None:
        raise ValueError(f"scalar operator {kind}")
    return f"({host_expr(expr[1], attr_field, real)} {operator} {host_expr(expr[2], attr_field, real)})"


def _double(value) -> str:
    number = float(value)
    if math.isnan(number):
        return "std::numeric_limits<double>::quiet_NaN()"
    if math.isinf(number):
        return ("-" if number < 0 else "") + "std::numeric_limits<double>::infinity()"
    return repr(number)


_ROUND_NAMES = {"float16": "Half", "bfloat16": "Bf16", "float32": "Float"}


def _int_bounds(dtype: str) -> str:
    if dtype in _ROUND_NAMES:
        return ""
    low, high = _INT_RANGES.get(dtype, (0, 0))
    return f", {float(low)!r}f, {float(high)!r}f"


def scalar_cxx(expr: tuple, dtype: str, runtime_slot) -> str:
    """The scalar operand of an op of dtype `dtype`: the expression converted to dtype (util_astype). A constant is
    a literal; an attribute-dependent one is computed by the host tiling into td.scalars[runtime_slot(expr)]."""
    value = constant_value(expr)
    if value is not None:
        return literal(value, dtype)
    return f"ScalarAs<{cxx_type(dtype)}>(td.scalars[{runtime_slot(expr)}])"
