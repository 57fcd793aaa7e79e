"""DSL calls at trace time: their signatures, TBE's result dtype rules, and the chain op each one records.

A tensor broadcast (tbe.broadcast(t, shape)) records nothing: the kernel reads every input by strides, already
at the output shape, so the value is the same tensor. A DSL call the scaffold does not trace stops the trace with
the call named.
"""

from __future__ import annotations

from contextlib import contextmanager

from op_migrate.analyzers.scaffold import casts
from op_migrate.analyzers.scaffold.scalars import COMPONENTS
from op_migrate.analyzers.scaffold.values import (
    AttrValue,
    Refused,
    Scalar,
    TensorScalar,
    TensorValue,
    TilingVar,
    TilingVarUsed,
    Untranslatable,
    as_scalar_expr,
    python_type,
)

UNARY = ("vabs", "vexp", "vrelu", "vnot", "vsignbit", "vsigmoid", "vtanh")
UNARY_MODE = ("vlog", "vsqrt", "vrsqrt", "vrec")
BINARY = ("vadd", "vsub", "vmul", "vdiv", "vmax", "vmin", "vand", "vor", "vmod", "vaddrelu", "vsubrelu", "powi")
WITH_SCALAR = ("vmuls", "vadds", "vmaxs", "vmins", "vsubs")
TERNARY = ("vmla", "vmadd", "vmaddrelu")
ROUNDING = ("floor", "ceil", "round", "trunc", "round_half_up")
FRAMEWORK = ("compute", "auto_schedule", "build", "classify", "var", "var_attr", "add_build_arg", "schedule")

SIGNATURES = {
    **{name: ("raw_tensor",) for name in UNARY},
    **{name: ("raw_tensor", "impl_mode") for name in UNARY_MODE},
    **{name: ("lhs", "rhs") for name in BINARY},
    **{name: ("raw_tensor", "scalar") for name in WITH_SCALAR},
    **{name: ("tensor_0", "tensor_1", "tensor_2") for name in TERNARY},
    **{name: ("raw_tensor", "dtype", "decimals") for name in ROUNDING},
    "cast_to": ("data", "dtype", "f1628IntegerFlag"),
    "vcmp": ("lhs", "rhs", "operation", "mode"),
    "vsel": ("condition", "lhs", "rhs"),
    "vcmpsel": ("lhs", "rhs", "operation", "slhs", "srhs"),
    "broadcast": ("var_", "shape", "output_dtype"),
    "vlrelu": ("raw_tensor", "alpha"),
    "vaxpy": ("lhs", "rhs", "scalar"),
    "clip": ("data", "max_value", "min_value"),
    "vlogic": ("lhs", "rhs", "operation"),
    "real": ("raw_tensor",),
    "complex": ("re", "im"),
}
DEFAULTS = {
    "impl_mode": "high_performance",
    "f1628IntegerFlag": True,
    "operation": "lt",
    "mode": "bool",
    "output_dtype": None,
    "alpha": 0,
    "decimals": 0,
}
_NOT_ELEMENTWISE = {
    "reduce_sum", "reduce_mean", "reduce_min", "reduce_max", "reduce_prod", "reduce_all", "reduce_any", "tuple_sum",
    "concat", "split", "slice", "gather", "gather_nd", "set_value", "transpose", "transdata", "inplace_add",
    "inplace_sub", "inplace_update", "scatter", "scatter_nd", "sort", "topk", "reduce_window",
}


class Tracer:
    """Records the chain: placeholders become inputs, DSL calls become ops."""

    def __init__(self) -> None:
        self.inputs: list[dict] = []
        self.ops: list[dict] = []
        self.queries: list[tuple] = []
        self.classify_mode: str | None = None
        self.build = None
        self.attrs_used: set[str] = set()
        self.scalar_tensors: set[str] = set()  # refs used as t[0]: the inputs they come from must be one element
        self.attr_types: dict[str, str] = {}  # attribute -> its op-info type (int, float ...)
        self.shape_overrides: dict[str, tuple] = {}  # input port -> the shape TBE reads it in (static path)
        # op ref -> the refs whose broadcast shape its result has (its operands, each at the shape tbe.broadcast
        # widened it to): the shape TBE gives an output computed from some of the inputs only
        self.shape_sources: dict[str, tuple] = {}
        self.classified: set[str] = set()  # placeholders of a shape shape_util.variable_shape gave
        self.results: list = []  # the build's output tensors, in port order
        # int attributes the TBE code rejects below a bound >= 0 (a check assumed to pass): name -> that bound
        self.attr_floors: dict[str, float] = {}

    def new_input(self, dtype: str, name: str, line: int | None, path: str) -> TensorValue:
        ref = f"in{len(self.inputs)}"
        self.inputs.append({"ref": ref, "dtype": dtype, "name": name, "line": line, "path": path})
        return TensorValue(ref, dtype)

    def emit(self, name: str, operands: tuple, params: dict, dtype: str, line, path: str, via) -> TensorValue:
        ref = f"v{len(self.ops)}"
        self.shape_sources[ref] = tuple(source for o in operands if o[0] == "ref"
                                        for source in (getattr(o, "shape_refs", None) or (o[1],)))
        operands = tuple(tuple(o) if o[0] == "ref" else o for o in operands)
        self.ops.append({"ref": ref, "name": name, "operands": operands, "params": params, "dtype": dtype,
                         "line": line, "path": path, "via": tuple(via)})
        return TensorValue(ref, dtype)

    def natural_attrs(self) -> frozenset:
        return frozenset(name for name, floor in self.attr_floors.items() if floor >= 0)

    def note_query(self, text: str, line, path) -> None:
        entry = (text, line, path)
        if entry not in self.queries:
            self.queries.append(entry)


class Dsl:
    """Answers calls of DslRef values."""

    def __init__(self, tracer: Tracer, framework) -> None:
        self.tracer = tracer
        self.framework = framework
        self.platform = framework.platform

    def knows(self, name: str) -> bool:
        return name in SIGNATURES or name in FRAMEWORK

    def call(self, interp, ref, args: list, kwargs: dict, node):
        name = ref.name
        if name in FRAMEWORK:
            return self.framework.call(interp, f"tbe.dsl.{name}", args, kwargs, node)
        if name == "placeholder":
            return self.framework.call(interp, "tvm.placeholder", args, kwargs, node)
        construct = f"tbe.{name}"
        if name not in SIGNATURES:
            why = ("not an elementwise computation (the scaffold translates elementwise chains only)"
                   if name in _NOT_ELEMENTWISE else "not a DSL call the scaffold translates")
            tensors = [a for a in [*args, *kwargs.values()] if isinstance(a, TensorValue)]
            if not tensors:
                raise Untranslatable(f"{construct}: {why}", getattr(node, "lineno", None), interp.current_path,
                                     construct)
            # Recorded, not translated: the trace goes on so that every such call is listed (and the kernel holds
            # a static_assert for each).
            return self._emit(interp, name, tuple(_operand(t) for t in tensors), {"untranslated": why},
                              tensors[0].dtype, getattr(node, "lineno", None), interp.current_path)
        bound = _bind(name, args, kwargs, interp, node)
        line = getattr(node, "lineno", None)
        path = interp.current_path
        handler = getattr(self, f"_{name}", None)
        if handler is not None:
            return handler(interp, bound, node, line, path)
        if name in UNARY or name in UNARY_MODE:
            tensor = _tensor(bound["raw_tensor"], name, "raw_tensor", interp, node)
            params = {"impl_mode": bound["impl_mode"]} if name in UNARY_MODE else {}
            return self._emit(interp, name, (_operand(tensor),), params, tensor.dtype, line, path)
        if name in BINARY:
            lhs = _tensor(bound["lhs"], name, "lhs", interp, node)
            rhs = _tensor(bound["rhs"], name, "rhs", interp, node)
            if lhs.dtype != rhs.dtype:
                raise Refused(f"{construct} at line {line}: operands of dtypes {lhs.dtype} and {rhs.dtype}", line, path)
            return self._emit(interp, name, (_operand(lhs), _operand(rhs)), {}, lhs.dtype, line, path)
        if name in WITH_SCALAR:
            tensor = _tensor(bound["raw_tensor"], name, "raw_tensor", interp, node)
            if isinstance(bound["scalar"], TensorScalar):
                other = self.scalar_tensor(interp, bound["scalar"], tensor.dtype, line, path)
                binary = {"vmuls": "vmul", "vadds": "vadd", "vmaxs": "vmax", "vmins": "vmin", "vsubs": "vsub"}[name]
                return self._emit(interp, binary, (_operand(tensor), _operand(other)), {}, tensor.dtype, line, path)
            # util_astype holds the scalar of a complex op in the part's dtype (float16 for complex32)
            scalar = _scalar(bound["scalar"], COMPONENTS.get(tensor.dtype, tensor.dtype), name, interp, node)
            return self._emit(interp, name, (_operand(tensor), scalar), {}, tensor.dtype, line, path)
        if name in TERNARY:
            tensors = [_tensor(bound[k], name, k, interp, node) for k in ("tensor_0", "tensor_1", "tensor_2")]
            if len({t.dtype for t in tensors}) != 1:
                raise Refused(f"{construct} at line {line}: operands of different dtypes", line, path)
            return self._emit(interp, name, tuple(_operand(t) for t in tensors), {}, tensors[0].dtype, line, path)
        if name in ROUNDING:
            tensor = _tensor(bound["raw_tensor"], name, "raw_tensor", interp, node)
            dtype = bound["dtype"] if bound["dtype"] is not None else "int32"
            if not isinstance(dtype, str):
                raise interp.untranslatable(f"{construct} to a dtype the scaffold does not know", node)
            return self._emit(interp, name, (_operand(tensor),), {"dtype": dtype}, dtype, line, path)
        raise interp.untranslatable(f"{construct} is not traced", node, construct=construct)

    def scalar_tensor(self, interp, value: TensorScalar, dtype: str, line, path) -> TensorValue:
        """The tensor of `t[0]` as an operand of dtype `dtype` (util_astype casts the scalar to it)."""
        self.tracer.scalar_tensors.add(value.tensor.ref)
        tensor = value.tensor
        if tensor.dtype != dtype:
            tensor = self._cast_to(interp, {"data": tensor, "dtype": dtype, "f1628IntegerFlag": True}, None, line, path)
            self.tracer.scalar_tensors.add(tensor.ref)
        return tensor

    def scalar_arithmetic(self, interp, op: str, left, right, node):
        """Python arithmetic on `t[0]` (a tvm expression per element): the same arithmetic as DSL calls on t."""
        line, path = getattr(node, "lineno", None), interp.current_path
        tensor = left.tensor if isinstance(left, TensorScalar) else right.tensor
        dtype = tensor.dtype

        def as_tensor(value):
            if isinstance(value, TensorScalar):
                return self.scalar_tensor(interp, value, dtype, line, path)
            expr = as_scalar_expr(value)
            if expr is None:
                raise interp.untranslatable(f"arithmetic of t[0] with {interp.describe(value)}", node)
            return self._emit(interp, "broadcast", (("scalar", expr, dtype),), {}, dtype, line, path)

        names = {"+": "vadd", "-": "vsub", "*": "vmul", "/": "vdiv"}
        if op not in names:
            raise interp.untranslatable(f"the operator {op} on t[0]", node)
        a, b = as_tensor(left), as_tensor(right)
        if a.dtype != b.dtype:
            raise interp.untranslatable("arithmetic on t[0] of different dtypes", node)
        result = self._emit(interp, names[op], (_operand(a), _operand(b)), {}, dtype, line, path)
        self.tracer.scalar_tensors.add(result.ref)
        return TensorScalar(result)

    def indexed_arithmetic(self, interp, op: str, tensor: TensorValue, scalar: TensorScalar, tensor_left: bool,
                           node) -> TensorValue:
        """`tvm.compute(t.shape, lambda *i: t(*i) * s[0])` (the tag elewise_single_VS_mul): each element of t with
        s's first, as the DSL op on t and s read as one element. Only + - * (exact in any order of evaluation) and
        operands of one dtype (tvm does not convert them)."""
        line, path = getattr(node, "lineno", None), interp.current_path
        if op not in ("+", "-", "*") or scalar.tensor.dtype != tensor.dtype:
            raise interp.untranslatable(f"tvm.compute of t(*i) {op} s[0] with {tensor.dtype} and "
                                        f"{scalar.tensor.dtype} (only + - * of one dtype are translated)", node,
                                        construct=node.as_string()[:120])
        other = self.scalar_tensor(interp, scalar, tensor.dtype, line, path)
        operands = (_operand(tensor), _operand(other)) if tensor_left else (_operand(other), _operand(tensor))
        return self._emit(interp, {"+": "vadd", "-": "vsub", "*": "vmul"}[op], operands, {}, tensor.dtype, line, path)

    def _emit(self, interp, name, operands, params, dtype, line, path) -> TensorValue:
        return self.tracer.emit(name, operands, params, dtype, line, path, interp.stack)

    def _cast_to(self, interp, bound, node, line, path):
        tensor = _tensor(bound["data"], "cast_to", "data", interp, node)
        dtype = bound["dtype"]
        if not isinstance(dtype, str):
            raise interp.untranslatable("tbe.cast_to to a dtype the scaffold does not know", node)
        dtype = dtype.lower()
        flag = bound["f1628IntegerFlag"]
        if not isinstance(flag, bool):
            raise interp.untranslatable("tbe.cast_to with an f1628IntegerFlag the scaffold does not know", node)
        if tensor.dtype in ("float32", "float16") and dtype == "int32" and not self.platform.intrinsic_check_support(
                "Intrinsic_vconv", f"{casts.SHORT[tensor.dtype]}2s32z"):
            raise interp.untranslatable("tbe.cast_to float -> int32 without a truncating conversion (TBE emulates it "
                                        "with clip/vrec/round)", node, construct="tbe.cast_to")
        if tensor.dtype == "float16" and dtype in ("int8", "uint8") and not flag:
            # cast.py: "before fp16->int8/uint8, the data is not all integer": add -0.5 first
            tensor = self._emit(interp, "vadds", (_operand(tensor), ("scalar", ("const", -0.5), "float16")), {},
                                "float16", line, path)
        if dtype == tensor.dtype:
            return tensor  # TBE returns the tensor itself
        if "complex" in tensor.dtype or "complex" in dtype:
            # TBE has its own complex conversions (a real part and a zero imaginary one ...), not the vconv table:
            # recorded with its result dtype (a variant whose output is then of another dtype is left out), named.
            return self._emit(interp, "cast_to", (_operand(tensor),),
                              {"dtype": dtype, "untranslated": f"a complex conversion {tensor.dtype} -> {dtype}"},
                              dtype, line, path)
        steps = casts.route(self.platform, tensor.dtype, dtype)
        if steps is None:
            raise Refused(f"tbe.cast_to at line {line}: no conversion {tensor.dtype} -> {dtype} on "
                          f"{self.platform.short_soc}", line, path)
        return self._emit(interp, "cast_to", (_operand(tensor),), {"dtype": dtype, "route": [list(s) for s in steps]},
                          dtype, line, path)

    def _vmod(self, interp, bound, node, line, path):
        """compute/math.py vmod: int64 is a floor-mod of its own; on a SoC with vdiv and f322s32f it is the cloud
        decomposition, traced here as the DSL calls it makes."""
        lhs = _tensor(bound["lhs"], "vmod", "lhs", interp, node)
        rhs = _tensor(bound["rhs"], "vmod", "rhs", interp, node)
        if lhs.dtype != rhs.dtype:
            raise Refused(f"tbe.vmod at line {line}: operands of dtypes {lhs.dtype} and {rhs.dtype}", line, path)
        if lhs.dtype == "int64":
            return self._emit(interp, "vmod", (_operand(lhs), _operand(rhs)), {}, "int64", line, path)
        if not (self.platform.intrinsic_check_support("Intrinsic_vdiv", "")
                and self.platform.intrinsic_check_support("Intrinsic_vconv", "f322s32f")):
            raise interp.untranslatable("tbe.vmod on a SoC without vdiv or f322s32f (the mini decomposition)", node,
                                        construct="tbe.vmod")
        if lhs.dtype not in ("float16", "float32"):
            raise Refused(f"tbe.vmod at line {line}: dtype {lhs.dtype}", line, path)
        dtype = lhs.dtype
        with _inside(interp, "vmod"):
            lhs32 = self._cast_to(interp, {"data": lhs, "dtype": "float32", "f1628IntegerFlag": True}, node, line, path)
            rhs32 = self._cast_to(interp, {"data": rhs, "dtype": "float32", "f1628IntegerFlag": True}, node, line, path)
            quotient = self._emit(interp, "vdiv", (_operand(lhs32), _operand(rhs32)), {}, "float32", line, path)
            if self.platform.api_check_support("tbe.dsl.floor", "f322f32"):
                floored = self._emit(interp, "floor", (_operand(quotient),), {"dtype": "float32"}, "float32", line, path)
            else:
                floored = self._emit(interp, "floor", (_operand(quotient),), {"dtype": "int32"}, "int32", line, path)
                floored = self._cast_to(interp, {"data": floored, "dtype": "float32", "f1628IntegerFlag": True}, node,
                                        line, path)
            product = self._emit(interp, "vmul", (_operand(rhs32), _operand(floored)), {}, "float32", line, path)
            result = self._emit(interp, "vsub", (_operand(lhs32), _operand(product)), {}, "float32", line, path)
            return self._cast_to(interp, {"data": result, "dtype": dtype, "f1628IntegerFlag": True}, node, line, path)

    def _vabs(self, interp, bound, node, line, path):
        tensor = _tensor(bound["raw_tensor"], "vabs", "raw_tensor", interp, node)
        if tensor.dtype not in COMPONENTS:
            return self._emit(interp, "vabs", (_operand(tensor),), {}, tensor.dtype, line, path)
        # compute/math.py: tvm.abs of a complex element, a real of the part's dtype (ComplexAbs registers it so).
        # How the backend computes |z| (in the part's dtype or wider, scaled against overflow or not) is in libtvm,
        # which the install does not hold: named.
        return self._emit(interp, "vabs", (_operand(tensor),),
                          {"untranslated": f"|z| of {tensor.dtype}: the install does not say how TBE's backend "
                                           f"computes it (intermediate precision, overflow scaling)"},
                          COMPONENTS[tensor.dtype], line, path)

    def _real(self, interp, bound, node, line, path):
        """compute/math.py real: a float tensor plus 0 (elewise_single_VS_add, so -0.0 becomes +0.0); of a complex
        one, its real parts (tvm.real, the part's dtype)."""
        tensor = _tensor(bound["raw_tensor"], "real", "raw_tensor", interp, node)
        if tensor.dtype in ("float16", "float32"):
            with _inside(interp, "real"):
                return self._emit(interp, "vadds", (_operand(tensor), ("scalar", ("const", 0), tensor.dtype)), {},
                                  tensor.dtype, line, path)
        if tensor.dtype not in COMPONENTS:
            raise Refused(f"tbe.real at line {line}: dtype {tensor.dtype}", line, path)
        return self._emit(interp, "real", (_operand(tensor),), {}, COMPONENTS[tensor.dtype], line, path)

    def _complex(self, interp, bound, node, line, path):
        """compute/math.py complex(re, im): each pair of one dtype (float16 -> complex32, float32 -> complex64)."""
        re = _tensor(bound["re"], "complex", "re", interp, node)
        im = _tensor(bound["im"], "complex", "im", interp, node)
        if re.dtype != im.dtype or re.dtype not in ("float16", "float32"):
            raise Refused(f"tbe.complex at line {line}: parts of dtypes {re.dtype} and {im.dtype}", line, path)
        dtype = {"float16": "complex32", "float32": "complex64"}[re.dtype]
        return self._emit(interp, "complex", (_operand(re), _operand(im)), {}, dtype, line, path)

    def _broadcast(self, interp, bound, node, line, path):
        value = bound["var_"]
        if isinstance(value, TensorScalar):
            dtype = bound["output_dtype"] if isinstance(bound["output_dtype"], str) else value.dtype
            return self.scalar_tensor(interp, value, dtype, line, path)
        if isinstance(value, TensorValue):
            # Read by strides in the kernel: the tensor is already at the output shape there.
            target = bound["shape"]
            return TensorValue(value.ref, value.dtype, getattr(target, "refs", None) or ("*",))
        out_dtype = bound["output_dtype"]
        if isinstance(value, Scalar):
            # A Python number computed at build time: tvm.const(int32) or tvm.const(float16), as for a literal.
            dtype = value.dtype or {int: "int32", float: "float16"}.get(python_type(value.expr,
                                                                                   self.tracer.attr_types,
                                                                                   self.tracer.natural_attrs()))
        elif isinstance(value, bool) or isinstance(value, int):
            dtype = "int32"
        elif isinstance(value, float):
            dtype = "float16"
        elif isinstance(value, AttrValue):
            dtype = "float16" if isinstance(value.default, float) else "int32"
        else:
            raise interp.untranslatable(f"tbe.broadcast of {interp.describe(value)}", node, construct="tbe.broadcast")
        if isinstance(out_dtype, str):
            dtype = out_dtype
        if dtype is None:
            raise interp.untranslatable("tbe.broadcast of a scalar without a dtype", node, construct="tbe.broadcast")
        return self._emit(interp, "broadcast", (("scalar", as_scalar_expr(value), dtype),), {}, dtype, line, path)

    def _vcmp(self, interp, bound, node, line, path):
        lhs = _tensor(bound["lhs"], "vcmp", "lhs", interp, node)
        rhs = _tensor_or_scalar(bound["rhs"], lhs.dtype, "vcmp", interp, node)
        operation, mode = bound["operation"], bound["mode"]
        if operation not in ("eq", "ne", "lt", "gt", "ge", "le") or mode not in ("bool", "bit"):
            raise interp.untranslatable(f"tbe.vcmp with operation {operation!r} mode {mode!r}", node)
        dtype = "bool" if mode == "bool" else "uint1"
        return self._emit(interp, "vcmp", (_operand(lhs), rhs), {"operation": operation, "mode": mode}, dtype, line,
                          path)

    def _vsel(self, interp, bound, node, line, path):
        condition = _tensor(bound["condition"], "vsel", "condition", interp, node)
        if condition.dtype not in ("bool", "uint1", "uint8", "int8"):
            raise interp.untranslatable(f"tbe.vsel on a condition of dtype {condition.dtype}", node)
        lhs, rhs = bound["lhs"], bound["rhs"]
        dtype = next((v.dtype for v in (lhs, rhs) if isinstance(v, TensorValue)), None)
        if dtype is None:
            dtype = next((v.dtype for v in (lhs, rhs) if isinstance(v, Scalar) and v.dtype), "float16")
        operands = (_operand(condition), _tensor_or_scalar(lhs, dtype, "vsel", interp, node),
                    _tensor_or_scalar(rhs, dtype, "vsel", interp, node))
        for operand in operands[1:]:
            if operand[0] == "ref" and interp_dtype(self.tracer, operand[1]) != dtype:
                raise Refused(f"tbe.vsel at line {line}: operands of different dtypes", line, path)
        return self._emit(interp, "vsel", operands, {}, dtype, line, path)

    def _vcmpsel(self, interp, bound, node, line, path):
        lhs = _tensor(bound["lhs"], "vcmpsel", "lhs", interp, node)
        rhs = bound["rhs"] if bound["rhs"] is not None else 2.0
        slhs = bound["slhs"] if bound["slhs"] is not None else lhs
        srhs = bound["srhs"]
        if srhs is None:
            srhs = rhs if isinstance(rhs, TensorValue) else 0.0
        operation = bound["operation"]
        if operation not in ("eq", "ne", "lt", "gt", "ge", "le"):
            raise interp.untranslatable(f"tbe.vcmpsel with operation {operation!r}", node)
        operands = (_operand(lhs), _tensor_or_scalar(rhs, lhs.dtype, "vcmpsel", interp, node),
                    _tensor_or_scalar(slhs, lhs.dtype, "vcmpsel", interp, node),
                    _tensor_or_scalar(srhs, lhs.dtype, "vcmpsel", interp, node))
        return self._emit(interp, "vcmpsel", operands, {"operation": operation}, lhs.dtype, line, path)

    def _vlrelu(self, interp, bound, node, line, path):
        tensor = _tensor(bound["raw_tensor"], "vlrelu", "raw_tensor", interp, node)
        alpha = _scalar(bound["alpha"], tensor.dtype, "vlrelu", interp, node)
        return self._emit(interp, "vlrelu", (_operand(tensor), alpha), {}, tensor.dtype, line, path)

    def _vaxpy(self, interp, bound, node, line, path):
        lhs = _tensor(bound["lhs"], "vaxpy", "lhs", interp, node)
        rhs = _tensor(bound["rhs"], "vaxpy", "rhs", interp, node)
        if isinstance(bound["scalar"], TensorScalar):
            other = self.scalar_tensor(interp, bound["scalar"], lhs.dtype, line, path)
            product = self._emit(interp, "vmul", (_operand(lhs), _operand(other)), {}, lhs.dtype, line, path)
            return self._emit(interp, "vadd", (_operand(product), _operand(rhs)), {}, lhs.dtype, line, path)
        scalar = _scalar(bound["scalar"], lhs.dtype, "vaxpy", interp, node)
        return self._emit(interp, "vaxpy", (_operand(lhs), _operand(rhs), scalar), {}, lhs.dtype, line, path)

    def _clip(self, interp, bound, node, line, path):
        data = _tensor(bound["data"], "clip", "data", interp, node)
        high = _scalar(bound["max_value"], data.dtype, "clip", interp, node)
        low = _scalar(bound["min_value"], data.dtype, "clip", interp, node)
        return self._emit(interp, "clip", (_operand(data), high, low), {}, data.dtype, line, path)

    def _vlogic(self, interp, bound, node, line, path):
        lhs = _tensor(bound["lhs"], "vlogic", "lhs", interp, node)
        operation = bound["operation"] if bound["operation"] != "lt" else "logic_and"
        operands = [_operand(lhs)]
        if operation != "logic_not":
            operands.append(_operand(_tensor(bound["rhs"], "vlogic", "rhs", interp, node)))
        return self._emit(interp, "vlogic", tuple(operands), {"operation": operation}, "bool", line, path)


@contextmanager
def _inside(interp, name: str):
    """Ops a DSL function makes of itself carry it in their call chain (via)."""
    interp.stack.append(f"tbe.{name}")
    try:
        yield
    finally:
        interp.stack.pop()


def interp_dtype(tracer: Tracer, ref: str) -> str:
    for item in (*tracer.inputs, *tracer.ops):
        if item["ref"] == ref:
            return item["dtype"]
    return "?"


def _bind(name: str, args: list, kwargs: dict, interp, node) -> dict:
    names = SIGNATURES[name]
    if len(args) > len(names):
        raise interp.untranslatable(f"tbe.{name} with {len(args)} positional arguments", node)
    bound = dict(zip(names, args))
    for key, value in kwargs.items():
        if key not in names:
            raise interp.untranslatable(f"tbe.{name} with argument {key}=", node)
        bound[key] = value
    for key in names:
        bound.setdefault(key, DEFAULTS.get(key))
    return bound


class _Operand(tuple):
    """("ref", ref) of a traced tensor, with the shape tbe.broadcast widened it to (shape_refs) on the side."""

    shape_refs: tuple | None = None


def _operand(tensor: TensorValue) -> tuple:
    operand = _Operand(("ref", tensor.ref))
    operand.shape_refs = tensor.shape_refs
    return operand


def _tensor(value, name: str, role: str, interp, node) -> TensorValue:
    if not isinstance(value, TensorValue):
        raise interp.untranslatable(f"tbe.{name}: its {role} is {interp.describe(value)}, not a traced tensor", node,
                                    construct=f"tbe.{name}")
    return value


def _scalar(value, dtype: str, name: str, interp, node) -> tuple:
    expr = as_scalar_expr(value)
    if isinstance(value, Scalar) and value.dtype and value.expr[0] != "cast":
        expr = ("cast", value.dtype, expr)  # tvm.const(v, d) holds v rounded to d before the op converts it
    if expr is None and isinstance(value, TilingVar):
        raise TilingVarUsed(f"tbe.{name}: a scalar from {value.reason}", getattr(node, "lineno", None),
                            interp.current_path, f"tbe.{name}")
    if expr is None:
        raise interp.untranslatable(f"tbe.{name}: a scalar operand the scaffold does not know "
                                    f"({interp.describe(value)})", node, construct=f"tbe.{name}")
    return ("scalar", expr, dtype)


def _tensor_or_scalar(value, dtype: str, name: str, interp, node) -> tuple:
    if isinstance(value, TensorValue):
        return _operand(value)
    if isinstance(value, TensorScalar):
        return _operand(interp.dsl.scalar_tensor(interp, value, dtype, getattr(node, "lineno", None),
                                                 interp.current_path))
    return _scalar(value, dtype, name, interp, node)
