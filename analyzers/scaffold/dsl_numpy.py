"""A numpy interpreter of the TBE DSL calls the scaffold traces: the golden of a scaffolded operator.

It evaluates a traced chain (analyzers.scaffold.chain, or its JSON) op by op with TBE's rules, never with the
Ascend C translation's: a float16 / bfloat16 op is computed in float32 and rounded once to its dtype (what the
vector unit and numpy's half loops do); integer arithmetic wraps; a scalar operand takes the tensor's dtype before
the op (util_astype); cast_to follows the hops and rounding the trace recorded (float -> int truncates where the SoC
has the `z` conversion, saturating, NaN -> 0); floor/ceil/round/trunc/round_half_up round to an integral value then
convert; vcmp gives booleans (bit and bool mode alike); vsel / vcmpsel select; vsignbit is 1 where the sign bit is
set; broadcast of a scalar fills. Division of integers by zero is not defined by TBE: the interpreter returns 0
there and the generated tests never feed it.

numpy (and ml_dtypes for bfloat16) are imported here only: the command itself never needs them.
"""

from __future__ import annotations

import numpy as np

from op_migrate.analyzers.scaffold.chain import numel_ports, shape_reads
from op_migrate.analyzers.scaffold.scalars import expr_value, reinterpreted

try:
    from ml_dtypes import bfloat16 as _bfloat16
except ImportError:  # pragma: no cover - the test extra installs it
    _bfloat16 = None

NUMPY = {
    "float16": np.float16, "float32": np.float32, "float64": np.float64, "int8": np.int8, "uint8": np.uint8,
    "int16": np.int16, "uint16": np.uint16, "int32": np.int32, "uint32": np.uint32, "int64": np.int64,
    "uint64": np.uint64, "bool": np.bool_, "uint1": np.bool_,
    # complex32 has no numpy type: held as complex64 whose parts are float16 values (rounded after every op)
    "complex32": np.complex64, "complex64": np.complex64,
}
if _bfloat16 is not None:
    NUMPY["bfloat16"] = _bfloat16
_FLOATS = ("float16", "float32", "bfloat16", "float64")


class GoldenError(ValueError):
    """The chain holds a call or a value this interpreter does not evaluate."""


def np_dtype(dtype: str):
    if dtype not in NUMPY:
        raise GoldenError(f"dtype {dtype} has no numpy type")
    return NUMPY[dtype]


def evaluate(chain: dict, inputs: dict, attrs: dict | None = None) -> dict:
    """chain: a Chain's to_json(); inputs: port -> array already broadcast to the output shape; attrs: name -> value.
    Returns port -> array of each output's dtype."""
    attrs = dict(attrs or {})
    shapes = attrs.pop("__shapes__", None)
    if shapes is not None:
        attrs.update(_element_counts(chain, shapes))
    combination = chain.get("combination", {})
    values: dict = {}
    for index, item in enumerate(chain["inputs"]):
        array = np.asarray(inputs[item["port"]])
        registered = combination.get(f"input{index}", item["dtype"])
        if reinterpreted(registered, item["dtype"]):  # the port's bytes read as the placeholder's dtype
            values[item["ref"]] = array.astype(_storage(registered)).view(_storage(item["dtype"]))
        else:
            values[item["ref"]] = array.astype(_storage(item["dtype"]))
    for op in chain["ops"]:
        values[op["ref"]] = _apply(op, values, attrs)
    result = {}
    indices = chain.get("extra", {}).get("output_indices") or {}  # a variant writing some outputs only
    for index, output in enumerate(chain["outputs"]):
        value = np.asarray(values[output["ref"]]).astype(_storage(output["dtype"]))
        registered = combination.get(f"output{indices.get(output['port'], index)}", output["dtype"])
        result[output["port"]] = value.view(_storage(registered)) if reinterpreted(registered, output["dtype"]) \
            else value
    return result


def _element_counts(chain: dict, shapes: dict) -> dict:
    """Shape reads of the chain's scalars from the case's shapes (port -> shape, before broadcasting)."""
    return shape_values(chain, [operand[1] for op in chain["ops"] for operand in op["operands"]
                                if operand[0] == "scalar"], shapes)


def shape_values(chain: dict, exprs, shapes: dict) -> dict:
    """"numel:<refs>" -> the element count of the broadcast shape of those inputs, "dim:<refs>:<i>" -> its dimension
    i, "rank:<refs>" -> its rank, "differ:<refs>:<other>:<skip>" -> 1 where the two broadcast shapes, padded with leading 1s to one rank r,
    differ in an axis below r - skip (else 0), for every shape read of these expressions."""
    def broadcast(refs):
        return np.broadcast_shapes(*[tuple(shapes[p]) for p in numel_ports(chain, refs)])

    counts = {}
    for expr in exprs:
        for read in shape_reads(expr):
            shape = broadcast(read[1])
            if read[0] == "numel":
                counts[f"numel:{read[1]}"] = int(np.prod(shape))
            elif read[0] == "rank":
                counts[f"rank:{read[1]}"] = len(shape)
            elif read[0] == "differ":
                other = broadcast(read[2])
                rank = max(len(shape), len(other))
                left, right = (1,) * (rank - len(shape)) + shape, (1,) * (rank - len(other)) + other
                counts[":".join(map(str, read))] = int(any(a != b for a, b in zip(left[:rank - read[3]],
                                                                                   right[:rank - read[3]])))
            elif -len(shape) <= read[2] < len(shape):
                counts[f"dim:{read[1]}:{read[2]}"] = int(shape[read[2]])
    return counts


def round_complex32(values):
    """complex64 values with each part rounded to float16 (the pairs of a complex32)."""
    values = np.asarray(values, dtype=np.complex64)
    return pairs(values.real.astype(np.float16), values.imag.astype(np.float16))


def pairs(real, imag):
    """complex64 values of (real, imaginary) parts, each held exactly in float32. Assigned part by part: numpy's
    real + 1j * imag would turn an infinite or NaN imaginary part into a NaN real one (1j * inf = nan + inf j)."""
    real, imag = np.broadcast_arrays(np.asarray(real, dtype=np.float32), np.asarray(imag, dtype=np.float32))
    values = np.empty(real.shape, dtype=np.complex64)
    values.real, values.imag = real, imag
    return values


def _storage(dtype: str):
    return np.int8 if dtype == "bool" else np_dtype(dtype)


_PARTS = {"complex32": np.float16, "complex64": np.float32}


def _complex_mul(operands, params, dtype):
    """vmul of complex64 as TBE's (a + bi)(c + di) on float32 parts, one rounding per operation:
    (ac - bd) + (ad + bc)i. complex32 is refused: whether TBE's backend multiplies float16 parts in float16 or in
    float32 is not in the install."""
    if dtype != "complex64":
        raise GoldenError(f"tbe.vmul of {dtype}: its intermediate precision is not in the install")
    a, b = (np.asarray(o).astype(np.complex64) for o in operands)
    ar, ai, br, bi = a.real, a.imag, b.real, b.imag  # float32
    return pairs(ar * br - ai * bi, ar * bi + ai * br)


def _complex_muls(operands, params, dtype):
    """vmuls of a complex tensor by a real scalar held in the part's dtype (util_astype): each part times the
    scalar, rounded to the part's dtype (a float16 product is exact in float32, so one rounding)."""
    part = _PARTS[dtype]
    x = np.asarray(operands[0]).astype(np.complex64)
    scalar = np.float32(part(operands[1]))
    return pairs((x.real * scalar).astype(part), (x.imag * scalar).astype(part))


def _complex_abs(operands, params, dtype):
    raise GoldenError("tbe.vabs of a complex tensor: how TBE's backend computes |z| is not in the install")


def _complex_or(complex_handler, handler):
    """complex_handler where the op is on complex tensors (its result, or its operand for |z|), else handler."""
    def run(operands, params, dtype):
        if dtype in _PARTS or any(np.iscomplexobj(o) for o in operands):
            return complex_handler(operands, params, dtype)
        return handler(operands, params, dtype)
    return run


def _real(operands, params, dtype):
    """tvm.real: the real parts, in the part's dtype (a float operand never reaches here: tbe.real adds 0)."""
    return np.real(np.asarray(operands[0])).astype(np_dtype(dtype))


def _complex(operands, params, dtype):
    """tvm.complex(re, im): the pairs, exact."""
    return pairs(operands[0], operands[1])


def scalar_value(expr, attrs: dict) -> float:
    """A scalar expression as TBE computes it: Python's double arithmetic at build time, rounded where a cast node
    says (tvm.const, a tvm scalar's operation, the conversion to an operation's dtype)."""
    kind = expr[0]
    if kind == "attr" and expr[1] not in attrs:
        raise GoldenError(f"attribute {expr[1]} has no value")
    value = expr_value(expr, attrs)
    if value is None:
        raise GoldenError(f"an attribute of {expr} has no value")
    return value


def to_dtype_scalar(value, dtype: str):
    """tvm.const(value, dtype): a Python number held in dtype (floats round to nearest, ints saturate)."""
    if dtype in _FLOATS:
        with np.errstate(all="ignore"):
            return np.asarray(np.float64(value)).astype(np_dtype(dtype))[()]
    return convert(np.asarray(np.float64(value)), "float64", dtype, "trunc")[()]


def _apply(op: dict, values: dict, attrs: dict):
    name = op["name"]
    dtype = op["dtype"]
    operands = [_operand(o, values, attrs) for o in op["operands"]]
    params = op.get("params", {})
    handler = _HANDLERS.get(name)
    if handler is None:
        raise GoldenError(f"the golden does not evaluate tbe.{name}")
    with np.errstate(all="ignore"):
        return handler(operands, params, dtype)


def _operand(operand, values: dict, attrs: dict):
    kind = operand[0]
    if kind == "ref":
        return values[operand[1]]
    if kind == "scalar":
        return to_dtype_scalar(scalar_value(operand[1], attrs), operand[2])
    return operand[1]


def _float_op(function):
    """An op on floats computed in float32 and rounded once to the result dtype; on ints in their own type."""
    def run(operands, params, dtype):
        if dtype in ("float16", "bfloat16"):
            wide = [np.asarray(o).astype(np.float32) for o in operands]
            return np.asarray(function(*wide)).astype(np_dtype(dtype))
        if dtype == "complex32":
            return round_complex32(np.asarray(function(*[np.asarray(o).astype(np.complex64) for o in operands])))
        typed = [np.asarray(o).astype(np_dtype(dtype)) for o in operands]
        return np.asarray(function(*typed)).astype(np_dtype(dtype))
    return run


def _exact_op(function):
    """A transcendental op on floats computed in float64 and rounded once to the result dtype: numpy's float32
    exp/log are not correctly rounded on every host (39% and 5% of float32 inputs one ulp off here), and a chain that
    subtracts two of them (ApplyFtrl's exp(ln(x)*p) terms) turns that ulp into a golden error the kernel does not make."""
    def run(operands, params, dtype):
        if dtype in _FLOATS:
            wide = [np.asarray(o).astype(np.float32).astype(np.float64) for o in operands]
            return np.asarray(function(*wide)).astype(np_dtype(dtype))
        return _float_op(function)(operands, params, dtype)
    return run


def _int_div(a, b):
    if np.issubdtype(np.asarray(a).dtype, np.integer):
        safe = np.where(b == 0, 1, b)
        return np.where(b == 0, 0, np.trunc(a / safe).astype(np.asarray(a).dtype))
    return a / b


def _floor_mod(a, b):
    if np.issubdtype(np.asarray(a).dtype, np.integer):
        safe = np.where(b == 0, 1, b)
        return np.where(b == 0, 0, np.mod(a, safe))
    return a - np.floor(a / b) * b


def _relu(x):
    return np.where(x >= 0, x, np.zeros_like(x)) if np.issubdtype(np.asarray(x).dtype, np.integer) else np.maximum(x, 0)


def _compare(operation: str, a, b):
    return {"eq": np.equal, "ne": np.not_equal, "lt": np.less, "gt": np.greater, "le": np.less_equal,
            "ge": np.greater_equal}[operation](a, b)


def _promote(a, b):
    """Compare/select operands in one type: floats of a half type compare exactly in float32."""
    a, b = np.asarray(a), np.asarray(b)
    if a.dtype.kind == "f" or b.dtype.kind == "f" or a.dtype == getattr(_bfloat16, "dtype", None):
        return a.astype(np.float32), b.astype(np.float32)
    return a, b


def _vcmp(operands, params, dtype):
    a, b = _promote(_as_compare(operands[0]), _as_compare(operands[1]))
    return _compare(params["operation"], a, b)


def _as_compare(value):
    value = np.asarray(value)
    if _bfloat16 is not None and value.dtype == np.dtype(_bfloat16):
        return value.astype(np.float32)
    return value


def _vsel(operands, params, dtype):
    condition = np.asarray(operands[0]).astype(bool)
    lhs = np.asarray(operands[1]).astype(np_dtype(dtype))
    rhs = np.asarray(operands[2]).astype(np_dtype(dtype))
    return np.where(condition, lhs, rhs)


def _vcmpsel(operands, params, dtype):
    a, b = _promote(_as_compare(operands[0]), _as_compare(operands[1]))
    condition = _compare(params["operation"], a, b)
    return np.where(condition, np.asarray(operands[2]).astype(np_dtype(dtype)),
                    np.asarray(operands[3]).astype(np_dtype(dtype)))


def _signbit(operands, params, dtype):
    value = np.asarray(operands[0])
    if value.dtype.kind == "f" or (_bfloat16 is not None and value.dtype == np.dtype(_bfloat16)):
        bits = np.signbit(value.astype(np.float32))
    else:
        bits = value < 0
    return bits.astype(np_dtype(dtype))


def convert(value, src: str, dst: str, mode: str):
    """One conversion hop: float -> int rounds by `mode` (trunc | rint | floor | ceil | round), saturates, NaN -> 0;
    float -> float and int -> float round to nearest even; int -> int saturates."""
    value = np.asarray(value)
    if dst in ("bool",):
        return (value != 0).astype(np.int8)
    if dst in _FLOATS:
        if value.dtype == np.bool_:
            value = value.astype(np.int8)
        if src == "bfloat16" or src == "float16":
            value = value.astype(np.float32)
        return value.astype(np_dtype(dst))
    info = np.iinfo(np_dtype(dst))
    if src in _FLOATS or value.dtype.kind == "f":
        wide = value.astype(np.float64)
        rounded = {"trunc": np.trunc, "rint": np.rint, "floor": np.floor, "ceil": np.ceil,
                   "round": lambda v: np.sign(v) * np.floor(np.abs(v) + 0.5)}[mode](wide)
        rounded = np.where(np.isnan(rounded), 0, rounded)
        clipped = np.clip(rounded, float(info.min), float(info.max))
        # float64 cannot hold INT64_MAX exactly: saturate at the integer bounds explicitly.
        result = clipped.astype(np.int64) if dst != "uint64" else clipped.astype(np.uint64)
        result = np.where(rounded >= float(info.max), info.max, result)
        result = np.where(rounded <= float(info.min), info.min, result)
        return result.astype(np_dtype(dst))
    wide = value.astype(np.int64) if value.dtype != np.uint64 else value
    return np.clip(wide, info.min, info.max).astype(np_dtype(dst))


def _cast_to(operands, params, dtype):
    value = np.asarray(operands[0])
    steps = params.get("route")
    if steps is None:
        raise GoldenError("cast_to without its recorded route")
    for src, dst, mode in steps:
        value = convert(value, src, dst, mode)
    return value


def _rounding(mode: str):
    """floor/ceil/round/trunc/round_half_up(x, dtype): to an integral value in x's own float type, or a conversion
    rounded that way (to an int type, or round(x, "bfloat16") from float32: nearest even)."""
    functions = {"floor": np.floor, "ceil": np.ceil, "rint": np.rint, "trunc": np.trunc,
                 "round": lambda v: np.sign(v) * np.floor(np.abs(v) + np.float32(0.5))}

    def run(operands, params, dtype):
        value = np.asarray(operands[0])
        src = _float_name(value)
        if dtype in _FLOATS:
            if src == dtype:
                return np.asarray(functions[mode](value.astype(np.float32))).astype(np_dtype(dtype))
            if mode != "rint":
                raise GoldenError(f"a {mode} conversion {src} -> {dtype}")
            return value.astype(np.float32).astype(np_dtype(dtype))
        return convert(value, src, dtype, mode)
    return run


def _float_name(value) -> str:
    if value.dtype == np.float32:
        return "float32"
    if value.dtype == np.float16:
        return "float16"
    if _bfloat16 is not None and value.dtype == np.dtype(_bfloat16):
        return "bfloat16"
    return str(value.dtype)


def _powi(operands, params, dtype):
    """tbe.powi (int32 only on A2, compute/util.py): TBE's vector_power is not described in the install, so this
    follows asc-devkit's Power<int32_t> (impl/adv_api/detail/math/power/power_int_impl.h): a ** |b| by wrapping
    int32 products, b == 0 gives 1 (0 ** 0 too), b < 0 gives trunc(1.0f / a ** |b|): +-1 where that power is +-1, 0
    elsewhere (0 for a zero power)."""
    if dtype != "int32":
        raise GoldenError(f"tbe.powi of {dtype}: A2 has it for int32 only")
    base = np.asarray(operands[0]).astype(np.int64)
    exponent = np.asarray(operands[1]).astype(np.int64)
    base, exponent = np.broadcast_arrays(base, exponent)
    left = np.abs(exponent)
    result = np.ones_like(base)
    base = base.copy()
    while np.any(left > 0):
        result = np.where(left & 1 == 1, _wrap32(result * base), result)
        base = _wrap32(base * base)
        left = left >> 1
    result = np.where(exponent < 0, np.where(np.abs(result) == 1, result, 0), result)
    return result.astype(np.int32)


def _wrap32(values):
    return (values + 2 ** 31) % 2 ** 32 - 2 ** 31


def _broadcast(operands, params, dtype):
    return np.asarray(operands[0]).astype(np_dtype(dtype))


def _int_or_float(function_float, function_int):
    def run(operands, params, dtype):
        if dtype in _FLOATS:
            return _float_op(function_float)(operands, params, dtype)
        return _float_op(function_int)(operands, params, dtype)
    return run


_HANDLERS = {
    "vadd": _float_op(lambda a, b: a + b),
    "vsub": _float_op(lambda a, b: a - b),
    "vmul": _complex_or(_complex_mul, _float_op(lambda a, b: a * b)),
    "vdiv": _int_or_float(lambda a, b: a / b, _int_div),
    "vmax": _float_op(np.maximum),
    "vmin": _float_op(np.minimum),
    "vmod": _float_op(_floor_mod),
    "vand": _float_op(np.bitwise_and),
    "vor": _float_op(np.bitwise_or),
    "vnot": _float_op(np.invert),
    "vadds": _float_op(lambda a, s: a + s),
    "vsubs": _float_op(lambda a, s: a - s),
    "vmuls": _complex_or(_complex_muls, _float_op(lambda a, s: a * s)),
    "vmaxs": _float_op(np.maximum),
    "vmins": _float_op(np.minimum),
    "vabs": _complex_or(_complex_abs, _float_op(np.abs)),
    "vexp": _exact_op(np.exp),
    "vlog": _exact_op(np.log),
    "vsqrt": _float_op(np.sqrt),
    "vrsqrt": _exact_op(lambda a: 1 / np.sqrt(a)),
    "vrec": _float_op(lambda a: 1 / a),
    "vrelu": _float_op(_relu),
    "vlrelu": _float_op(lambda a, s: np.where(a >= 0, a, a * s)),
    "vaddrelu": _float_op(lambda a, b: _relu(a + b)),
    "vsubrelu": _float_op(lambda a, b: _relu(a - b)),
    "vaxpy": _float_op(lambda a, b, s: s * a + b),
    "vmla": _float_op(lambda a, b, c: a * b + c),
    "vmadd": _float_op(lambda a, b, c: a * c + b),
    "vmaddrelu": _float_op(lambda a, b, c: _relu(a * c + b)),
    "clip": _float_op(lambda a, high, low: np.minimum(np.maximum(a, low), high)),
    "vsignbit": _signbit,
    "vcmp": _vcmp,
    "vsel": _vsel,
    "vcmpsel": _vcmpsel,
    "cast_to": _cast_to,
    "floor": _rounding("floor"),
    "ceil": _rounding("ceil"),
    "round": _rounding("rint"),
    "trunc": _rounding("trunc"),
    "round_half_up": _rounding("round"),
    "broadcast": _broadcast,
    "powi": _powi,
    "real": _real,
    "complex": _complex,
}


def evaluated_calls() -> tuple[str, ...]:
    """The DSL calls this interpreter evaluates."""
    return tuple(sorted(_HANDLERS))
