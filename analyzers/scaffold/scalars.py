"""Scalar operands in C++: constants as exact literals of their dtype, attribute expressions over the tiling data."""

from __future__ import annotations

import math
import operator
import struct

from op_migrate.analyzers.scaffold.values import SHAPE_READS

CXX_TYPES = {
    "float16": "half", "bfloat16": "bfloat16_t", "float32": "float", "int8": "int8_t", "uint8": "uint8_t",
    "int16": "int16_t", "uint16": "uint16_t", "int32": "int32_t", "uint32": "uint32_t", "int64": "int64_t",
    "uint64": "uint64_t", "bool": "int8_t",
    # complex: (real, imaginary) pairs moved as one element; only their componentwise ops are translated
    "complex32": "uint32_t", "complex64": "uint64_t",
}
BYTES = {"float16": 2, "bfloat16": 2, "float32": 4, "int8": 1, "uint8": 1, "int16": 2, "uint16": 2, "int32": 4,
         "uint32": 4, "int64": 8, "uint64": 8, "bool": 1, "float64": 8, "complex32": 4, "complex64": 8}
_INT_RANGES = {"int8": (-128, 127), "uint8": (0, 255), "int16": (-32768, 32767), "uint16": (0, 65535),
               "int32": (-2**31, 2**31 - 1), "uint32": (0, 2**32 - 1), "int64": (-2**63, 2**63 - 1),
               "uint64": (0, 2**64 - 1), "bool": (-128, 127)}


COMPONENTS = {"complex32": "float16", "complex64": "float32"}


def reinterpreted(registered: str, traced: str) -> bool:
    """A port registered as `registered` whose placeholder (or result) TBE declares as `traced`, another dtype of the
    same width: TBE's kernel reads (writes) the port's bytes as `traced` (SelectV2 after v200 selects int32 through
    float32 placeholders, bit for bit), and so do the golden (numpy views) and the kernel (ReinterpretCast)."""
    plain = {"float16", "bfloat16", "float32", "int8", "uint8", "int16", "uint16", "int32", "uint32", "int64", "uint64"}
    return registered != traced and registered in plain and traced in plain and BYTES[registered] == BYTES[traced]


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


def held(value, dtype: str):
    """tvm.const(value, dtype) of a Python number: a float rounded to dtype, or an int (exact, even for int64)."""
    if is_float(dtype):
        return round_float(float(value), dtype)
    if isinstance(value, bool) or isinstance(value, int):
        return _saturate(int(value), dtype)
    return int_value(float(value), dtype)


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
    """The value of a scalar expression without attributes (as expr_value computes it), else None."""
    return expr_value(expr)


def expr_value(expr, attrs: dict | None = None, raising: bool = False) -> float | None:
    """A scalar expression's value with these attribute values (None if one is missing), as TBE computes it: Python
    arithmetic in double at build time, rounded where a cast node says (tvm.const, a tvm scalar's operation, the
    conversion to an operation's dtype). Where Python raises (1.0 / 0.0, math.log(-1)), raising=True raises (no
    kernel is built for those values), else IEEE's inf / NaN."""
    kind = expr[0]
    if kind == "const":
        return float(expr[1])
    if kind == "attr":
        return float(attrs[expr[1]]) if attrs and attrs.get(expr[1]) is not None else None
    if kind in SHAPE_READS:
        # An element count, a dimension or a rank of the case's shapes (the golden puts them in attrs as
        # "numel:<refs>", "dim:<refs>:<i>", "rank:<refs>", "differ:<refs>:<refs>:<skip>").
        value = attrs.get(":".join(map(str, expr))) if attrs else None
        return float(value) if value is not None else None
    if kind == "select":
        _, op, left, right = expr[1]
        left, right = expr_value(left, attrs, raising), expr_value(right, attrs, raising)
        if left is None or right is None:
            return None
        return expr_value(expr[2] if _COMPARE[op](left, right) else expr[3], attrs, raising)
    if kind == "cast":
        inner = expr_value(expr[2], attrs, raising)
        if inner is None:
            return None
        return round_float(inner, expr[1]) if is_float(expr[1]) else float(int_value(inner, expr[1]))
    if kind in ("neg", "log", "exp", "sqrt", "abs", "floor", "trunc", "float"):
        inner = expr_value(expr[1], attrs, raising)
        if inner is None:
            return None
        try:
            return {"neg": lambda v: -v, "log": math.log, "exp": math.exp, "sqrt": math.sqrt, "abs": abs,
                    "floor": lambda v: float(math.floor(v)) if math.isfinite(v) else v,
                    "trunc": lambda v: float(int(v)), "float": float}[kind](inner)
        except (ValueError, OverflowError):
            if raising:
                raise
            return {"log": -math.inf if inner == 0 else math.nan, "exp": math.inf}.get(kind, math.nan)
    left, right = expr_value(expr[1], attrs, raising), expr_value(expr[2], attrs, raising)
    if left is None or right is None:
        return None
    try:
        result = {"add": operator.add, "sub": operator.sub, "mul": operator.mul, "div": operator.truediv,
                  "pow": operator.pow}[kind](left, right)
        if isinstance(result, complex):
            raise ValueError("a negative number to a fractional power")
        return result
    except (ArithmeticError, ValueError):
        if raising:
            raise
        if kind == "div":
            return math.copysign(math.inf, left) * math.copysign(1, right) if left != 0 and not math.isnan(left) \
                else math.nan
        return math.inf if kind == "pow" and left != 0 else math.nan


_COMPARE = {"==": operator.eq, "!=": operator.ne, "<": operator.lt, "<=": operator.le, ">": operator.gt,
            ">=": operator.ge}
_UNARY = {"neg": "-", "log": "std::log", "exp": "std::exp", "sqrt": "std::sqrt", "abs": "std::fabs",
          "floor": "std::floor", "trunc": "std::trunc"}


def host_expr(expr, attr_field, numel_field=None) -> str:
    """A C++ double expression of an attribute-dependent scalar for the host tiling, computed as expr_value does:
    double arithmetic, rounded where a cast node says (through float for the RoundThrough helpers). numel_field
    gives the C++ of an element count ("numel", refs) -> numel_field(refs), a dimension ("dim", refs, i) ->
    numel_field(refs, i), a rank ("rank", refs) -> numel_field(refs, rank=True) or whether two shapes differ
    ("differ", refs, other, skip) -> numel_field(refs, None, (other, skip))."""
    kind = expr[0]
    if kind == "const":
        return _double(expr[1])
    if kind in SHAPE_READS:
        if numel_field is None:
            raise ValueError("a shape read where the host has no shapes")
        if kind == "differ":
            return f"static_cast<double>({numel_field(expr[1], None, expr[2:])})"
        if kind == "rank":
            return f"static_cast<double>({numel_field(expr[1], rank=True)})"
        return f"static_cast<double>({numel_field(*expr[1:])})"
    if kind == "attr":
        return f"static_cast<double>({attr_field(expr[1])})"
    if kind == "select":
        _, op, left, right = expr[1]
        test = f"{host_expr(left, attr_field, numel_field)} {op} {host_expr(right, attr_field, numel_field)}"
        return (f"(({test}) ? {host_expr(expr[2], attr_field, numel_field)} : "
                f"{host_expr(expr[3], attr_field, numel_field)})")
    if kind == "cast":
        inner = host_expr(expr[2], attr_field, numel_field)
        name = _ROUND_NAMES.get(expr[1], "Int")
        return f"static_cast<double>(RoundThrough{name}(static_cast<float>({inner}){_int_bounds(expr[1])}))"
    if kind == "float":  # Python's float() of an int: the same number (the host computes in double)
        return host_expr(expr[1], attr_field, numel_field)
    if kind in _UNARY:
        inner = host_expr(expr[1], attr_field, numel_field)
        return f"(-{inner})" if kind == "neg" else f"{_UNARY[kind]}({inner})"
    left, right = (host_expr(part, attr_field, numel_field) for part in expr[1:3])
    if kind == "pow":
        return f"std::pow({left}, {right})"
    operator_text = {"add": "+", "sub": "-", "mul": "*", "div": "/"}.get(kind)
    if operator_text is None:
        raise ValueError(f"scalar operator {kind}")
    return f"({left} {operator_text} {right})"


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
