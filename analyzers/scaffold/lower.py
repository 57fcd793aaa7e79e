"""A traced chain -> Ascend C statements for one dtype combination, on Atlas A2 (dav-2201) vector dtype rules.

Each DSL call becomes the calls of its mapping (analyzers/data/dsl_map.toml) on the dtypes A2 has: a bfloat16 op
the vector unit lacks is computed in float and rounded back (one rounding, as TBE's vector unit and the golden do);
a comparison gives a bit mask (Compare), a TBE bool tensor is one byte per element (Select of 1/0, Cast); an
integer op without a vector instruction (int64, 8-bit arithmetic) runs on the scalar unit between full pipe
barriers. What has no translation becomes a static_assert(false, ...) naming the call and its TBE line.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path

from op_migrate.analyzers import catalog
from op_migrate.analyzers.scaffold.chain import Chain, ChainOp
from op_migrate.analyzers.scaffold.scalars import BYTES, cxx_type, is_float, literal, scalar_cxx

ARITH = ("int16", "float16", "int32", "float32")
FLOAT_VEC = ("float16", "float32")
SELECT_VIEW = {"float16": "half", "bfloat16": "half", "int16": "half", "uint16": "half", "float32": "float",
               "int32": "float", "uint32": "float"}
DUPLICATE = ("int16", "uint16", "float16", "bfloat16", "int32", "uint32", "float32")
CMP = {"eq": "EQ", "ne": "NE", "lt": "LT", "gt": "GT", "le": "LE", "ge": "GE"}
ROUND = {"floor": "CAST_FLOOR", "ceil": "CAST_CEIL", "round": "CAST_RINT", "trunc": "CAST_TRUNC",
         "round_half_up": "CAST_ROUND", "rint": "CAST_RINT"}
# The A2 Cast pairs (ascendc_notes.md "Cast on A2"; the CPU model enforces the same table) and a mode each allows.
_PAIRS = {
    ("int8", "float16"): "CAST_NONE", ("uint8", "float16"): "CAST_NONE", ("float16", "int8"): "CAST_TRUNC",
    ("float16", "uint8"): "CAST_TRUNC", ("float16", "int16"): "CAST_RINT", ("float16", "int32"): "CAST_RINT",
    ("float16", "float32"): "CAST_NONE", ("int16", "float16"): "CAST_NONE", ("int16", "float32"): "CAST_NONE",
    ("bfloat16", "float32"): "CAST_NONE", ("bfloat16", "int32"): "CAST_RINT", ("float32", "float16"): "CAST_RINT",
    ("float32", "bfloat16"): "CAST_RINT", ("float32", "int16"): "CAST_RINT", ("float32", "int32"): "CAST_RINT",
    ("float32", "int64"): "CAST_RINT", ("int32", "float32"): "CAST_RINT", ("int32", "int16"): "CAST_NONE",
    ("int32", "int64"): "CAST_NONE", ("int64", "int32"): "CAST_NONE", ("int64", "float32"): "CAST_RINT",
}
_EXACT_WIDENING = {("int8", "float16"), ("uint8", "float16"), ("float16", "float32"), ("int16", "float32"),
                   ("bfloat16", "float32"), ("int32", "int64")}
_MODE_NAMES = {"trunc": "CAST_TRUNC", "rint": "CAST_RINT", "floor": "CAST_FLOOR", "ceil": "CAST_CEIL",
               "round": "CAST_ROUND"}


MAX_RUNTIME_SCALARS = 16


class Untranslated(Exception):
    """This op (for this dtype) has no Ascend C translation here."""


@dataclass
class Val:
    """A tile-sized value in UB: a slot of the scratch buffer, an input / output queue tensor, or a view of one."""

    name: str
    dtype: str  # chain dtype, or "mask" (one bit per element)
    storage: str  # in | out | tmp | view
    base: "Val | None" = None

    @property
    def cxx(self) -> str:
        return "uint8_t" if self.dtype == "mask" else cxx_type(self.dtype)

    @property
    def units(self) -> int:
        """Bytes per 8 elements (a mask takes one)."""
        return 1 if self.dtype == "mask" else 8 * BYTES[self.dtype]


@dataclass
class Instr:
    lines: list[str]
    defs: list[Val] = field(default_factory=list)
    uses: list[Val] = field(default_factory=list)
    scalar: bool = False  # runs on the scalar unit (needs full pipe barriers around it)


@dataclass
class Lowered:
    """The compute of one combination: statements with their scratch slots, and what was not translated."""

    instrs: list[Instr]
    temps: list[Val]
    gaps: list[tuple[str, str, int | None, str]]  # (construct, reason, line, path)
    apis: set[str]  # Ascend C APIs used
    runtime: tuple = ()  # attribute-dependent scalars, td.scalars[i] (the host tiling computes them)


class Lowerer:
    """Lowers one chain; value names are stable per chain so the generated text diffs well."""

    def __init__(self, chain: Chain, inputs: list[Val], outputs: list[Val]) -> None:
        self.chain = chain
        self.runtime: list[tuple] = []  # attribute-dependent scalar expressions the host computes, in slot order
        self.instrs: list[Instr] = []
        self.temps: list[Val] = []
        self.values: dict[str, Val] = {}
        self.gaps: list = []
        self.apis: set[str] = set()
        self.counter = 0
        self.traps = catalog.load("dsl_map").get("calls", {})
        for item, val in zip(chain.inputs, inputs):
            self.values[item.ref] = val
        self.outputs = {o.ref: val for o, val in zip(chain.outputs, outputs)}
        self.output_list = list(zip(chain.outputs, outputs))

    # ------------------------------------------------------------------ driver
    def run(self) -> Lowered:
        written: set[str] = set()
        for op in self.chain.ops:
            self._comment(op)
            dst = None
            if op.ref in self.outputs and op.dtype not in ("uint1",):
                dst = self.outputs[op.ref]
                written.add(op.ref)
            try:
                val = self.lower(op, dst)
            except Untranslated as error:
                self.gaps.append((f"tbe.{op.name}", str(error), op.line, op.path))
                self.emit([f'static_assert(false, "tbe.{op.name} at {Path(op.path).name}:{op.line} ({op.dtype}) '
                           f'is not translated: {_c_string(str(error))}");'])
                val = self.temp(op.dtype if op.dtype != "uint1" else "mask")
            self.values[op.ref] = val
        for output, val in self.output_list:
            if output.ref in written and self.values[output.ref] is val:
                continue
            source = self.values[output.ref]
            if source.dtype == "mask":
                source = self.mask_to_bytes(source)
            self.emit([f"// output {output.port} is the value {output.ref}: copied bit for bit"], uses=[source])
            self.copy(val, source)
        if len(self.runtime) > MAX_RUNTIME_SCALARS:
            self.gaps.append(("attribute scalars", f"{len(self.runtime)} attribute-dependent scalars (the tiling data "
                                                   f"holds {MAX_RUNTIME_SCALARS})", None, None))
        return Lowered(self.instrs, self.temps, self.gaps, self.apis, tuple(self.runtime))

    def _comment(self, op: ChainOp) -> None:
        where = f"{Path(op.path).name}:{op.line}"
        via = f" (inlined from {' > '.join(op.via)})" if op.via else ""
        lines = [f"// TBE {op.name} at {where}{via} -> {op.dtype}"]
        trap = self.traps.get(op.name, {}).get("trap", "")
        if trap:
            lines.append(f"// trap: {trap}")
        self.instrs.append(Instr(lines))

    # ------------------------------------------------------------------ values and statements
    def temp(self, dtype: str) -> Val:
        self.counter += 1
        val = Val(f"t{self.counter}", dtype, "tmp")
        self.temps.append(val)
        return val

    def view(self, base: Val, dtype: str) -> Val:
        self.counter += 1
        val = Val(f"t{self.counter}", dtype, "view", base)
        self.emit([f"LocalTensor<{cxx_type(dtype)}> {val.name} = {base.name}.ReinterpretCast<{cxx_type(dtype)}>();"],
                  defs=[val], uses=[base])
        return val

    def emit(self, lines: list[str], defs=(), uses=(), scalar=False) -> None:
        self.instrs.append(Instr(list(lines), list(defs), list(uses), scalar))

    def call(self, api: str, dst: Val, sources: list[Val], extra: str = "", count: str = "cnt") -> None:
        self.apis.add(api)
        args = ", ".join([dst.name, *[s.name for s in sources]])
        tail = f", {extra}" if extra else ""
        self.emit([f"{api}({args}{tail}, {count});"], defs=[dst], uses=list(sources))

    def operand(self, op: ChainOp, index: int) -> Val:
        kind, *rest = op.operands[index]
        if kind != "ref":
            raise Untranslated(f"operand {index} is a scalar where a tensor is expected")
        return self.values[rest[0]]

    def scalar(self, op: ChainOp, index: int, dtype: str) -> str:
        kind, *rest = op.operands[index]
        if kind != "scalar":
            raise Untranslated(f"operand {index} is a tensor where a scalar is expected")
        return scalar_cxx(rest[0], dtype, self.runtime_slot)

    def runtime_slot(self, expr: tuple) -> int:
        if expr not in self.runtime:
            self.runtime.append(expr)
        return self.runtime.index(expr)

    def fill(self, dtype: str, value_cxx: str, dst: Val | None = None) -> Val:
        """A tile of one scalar value (Duplicate; 8-bit types through an int16 view; 64-bit on the scalar unit)."""
        dst = dst or self.temp(dtype)
        if dtype in DUPLICATE:
            self.call("Duplicate", dst, [], extra=value_cxx)
            self.instrs[-1].lines = [f"Duplicate({dst.name}, {value_cxx}, cnt);"]
        elif BYTES[dtype] == 1:
            wide = self.view(dst, "int16")
            self.apis.add("Duplicate")
            self.emit([f"Duplicate({wide.name}, static_cast<int16_t>(static_cast<uint16_t>(static_cast<uint8_t>("
                       f"{value_cxx})) * 257U), cnt / 2);"], defs=[dst, wide], uses=[wide])
        else:
            self.scalar_loop(dst, [], f"{value_cxx}")
        return dst

    def scalar_loop(self, dst: Val, sources: list[Val], expression: str) -> None:
        """dst[i] = expression over a0, a1 ... (sources[k].GetValue(i)) on the scalar unit, for every lane of cnt."""
        reads = [f"        const {s.cxx} a{k} = {s.name}.GetValue(i);" for k, s in enumerate(sources)]
        self.apis.add("PipeBarrier")
        self.emit(["PipeBarrier<PIPE_ALL>();  // the scalar unit reads vector and DMA results and writes for them",
                   "for (uint32_t i = 0; i < cnt; ++i) {", *reads,
                   f"        {dst.name}.SetValue(i, static_cast<{dst.cxx}>({expression}));", "}",
                   "PipeBarrier<PIPE_ALL>();"], defs=[dst], uses=list(sources), scalar=True)

    def copy(self, dst: Val, source: Val) -> None:
        a, b = self.view(source, "int16"), self.view(dst, "int16")
        words = f"cnt * {BYTES[source.dtype]} / 2" if source.dtype != "mask" else "cnt / 16"
        self.apis.add("Or")
        self.emit([f"Or({b.name}, {a.name}, {a.name}, {words});"], defs=[dst, b], uses=[a])

    # ------------------------------------------------------------------ conversions
    def cast(self, source: Val, dtype: str, mode: str, dst: Val | None = None) -> Val:
        """One A2 Cast, or the shortest exact chain of them for a pair A2 lacks."""
        if source.dtype == dtype:
            if dst is None:
                return source
            self.copy(dst, source)
            return dst
        pair = (source.dtype, dtype)
        if pair in _PAIRS:
            dst = dst or self.temp(dtype)
            self.call("Cast", dst, [source], extra=_round_mode(pair, mode))
            return dst
        hop = _hop(source.dtype, dtype)
        if hop is None:
            raise Untranslated(f"no A2 Cast path {source.dtype} -> {dtype}")
        middle = self.cast(source, hop, "rint" if not is_float(dtype) and is_float(hop) else mode)
        return self.cast(middle, dtype, mode, dst)

    def widen(self, source: Val) -> Val:
        """A half-precision float value in float32 (exact)."""
        return self.cast(source, "float32", "rint") if source.dtype in ("bfloat16", "float16") else source

    def to_mask(self, source: Val) -> Val:
        """A TBE bool (one byte 0/1) -> a bit mask."""
        if source.dtype == "mask":
            return source
        if source.dtype not in ("int8", "uint8", "bool"):
            raise Untranslated(f"a condition of dtype {source.dtype}")
        wide = self.cast(Val(source.name, "int8" if source.dtype == "bool" else source.dtype, source.storage,
                             source.base), "float16", "rint")
        mask = self.temp("mask")
        self.apis.add("CompareScalar")
        self.emit([f"CompareScalar({mask.name}, {wide.name}, static_cast<half>(0.0f), CMPMODE::NE, cnt);"],
                  defs=[mask], uses=[wide])
        return mask

    def mask_to_bytes(self, mask: Val, dst: Val | None = None) -> Val:
        """A bit mask -> TBE bool bytes (Select of half 1/0, then Cast to int8)."""
        ones = self.fill("float16", "static_cast<half>(1.0f)")
        picked = self.temp("float16")
        self.apis.add("Select")
        self.emit([f"Select({picked.name}, {mask.name}, {ones.name}, static_cast<half>(0.0f), "
                   f"SELMODE::VSEL_TENSOR_SCALAR_MODE, cnt);"], defs=[picked], uses=[mask, ones])
        target = dst if dst is not None and dst.dtype in ("int8", "uint8", "bool") else None
        out = target or self.temp("int8")
        as_int = Val(out.name, "int8" if out.dtype == "bool" else out.dtype, out.storage, out.base)
        self.call("Cast", as_int, [picked], extra="RoundMode::CAST_TRUNC")
        return out

    # ------------------------------------------------------------------ ops
    def lower(self, op: ChainOp, dst: Val | None) -> Val:
        if "untranslated" in op.params:
            raise Untranslated(op.params["untranslated"])
        handler = getattr(self, f"_op_{op.name}", None)
        if handler is None:
            raise Untranslated("no Ascend C translation of this DSL call in the scaffold")
        return handler(op, dst)

    def _result(self, op: ChainOp, dst: Val | None) -> Val:
        return dst if dst is not None else self.temp(op.dtype)

    def _float_or_wide(self, op, dst, api_of, sources: list[Val], scalars=(), float_only=False):
        """api on the op's dtype where A2 has it, else on float32 and rounded back (bfloat16)."""
        dtype = op.dtype
        supported = FLOAT_VEC if float_only else ARITH
        if dtype in supported:
            out = self._result(op, dst)
            self._vector(api_of(dtype), out, sources, scalars, dtype, op)
            return out
        if dtype == "bfloat16":
            wide = [self.widen(s) for s in sources]
            middle = self.temp("float32")
            self._vector(api_of("float32"), middle, wide, scalars, "float32", op, rounded_to="bfloat16")
            self.emit(["// bfloat16: A2 has no bfloat16 vector arithmetic; computed in float, rounded once"])
            return self.cast(middle, "bfloat16", "rint", self._result(op, dst))
        raise Untranslated(f"A2 has no {api_of(dtype)} for {dtype}")

    def _vector(self, api: str, out: Val, sources: list[Val], scalars, dtype: str, op: ChainOp,
                rounded_to: str | None = None) -> None:
        if scalars:
            value = self.scalar(op, scalars[0], rounded_to or dtype)
            if rounded_to:
                value = f"static_cast<float>({value})"
            self.call(api, out, sources, extra=value)
        else:
            self.call(api, out, sources)

    def _binary(api: str, integer: str | None = None):
        def lower(self, op, dst):
            a, b = self.operand(op, 0), self.operand(op, 1)
            if op.dtype in ARITH or op.dtype == "bfloat16":
                return self._float_or_wide(op, dst, lambda d: api, [a, b])
            if integer is None or not op.dtype.startswith(("int", "uint")) or op.dtype == "bool":
                raise Untranslated(f"A2 has no {api} for {op.dtype}")
            out = self._result(op, dst)
            self.scalar_loop(out, [a, b], integer.format(T=cxx_type(op.dtype)))
            self.emit([f"// {op.dtype}: A2 has no vector {api} for it; the scalar unit computes it"])
            return out
        return lower

    _op_vadd = _binary("Add", "ScalarOps::Add<{T}>(a0, a1)")
    _op_vsub = _binary("Sub", "ScalarOps::Sub<{T}>(a0, a1)")
    _op_vmul = _binary("Mul", "ScalarOps::Mul<{T}>(a0, a1)")
    _op_vmax = _binary("Max", "(a0 > a1 ? a0 : a1)")
    _op_vmin = _binary("Min", "(a0 < a1 ? a0 : a1)")

    def _op_vdiv(self, op, dst):
        a, b = self.operand(op, 0), self.operand(op, 1)
        if op.dtype in FLOAT_VEC or op.dtype == "bfloat16":
            return self._float_or_wide(op, dst, lambda d: "Div", [a, b], float_only=True)
        if op.dtype.startswith(("int", "uint")):
            out = self._result(op, dst)
            self.scalar_loop(out, [a, b], f"ScalarOps::TruncDiv<{cxx_type(op.dtype)}>(a0, a1)")
            return out
        raise Untranslated(f"A2 has no Div for {op.dtype}")

    def _op_vmod(self, op, dst):
        if not op.dtype.startswith(("int", "uint")):
            raise Untranslated("a floating vmod reaches the kernel undecomposed")
        out = self._result(op, dst)
        self.scalar_loop(out, [self.operand(op, 0), self.operand(op, 1)],
                         f"ScalarOps::FloorMod<{cxx_type(op.dtype)}>(a0, a1)")
        self.emit([f"// {op.dtype}: no vector integer division on A2; floor-mod on the scalar unit (x % 0 -> 0)"])
        return out

    def _with_scalar(api: str, integer: str | None = None):
        def lower(self, op, dst):
            a = self.operand(op, 0)
            if op.dtype in ARITH or op.dtype == "bfloat16":
                return self._float_or_wide(op, dst, lambda d: api, [a], scalars=(1,))
            if integer is None or not op.dtype.startswith(("int", "uint")):
                raise Untranslated(f"A2 has no {api} for {op.dtype}")
            out = self._result(op, dst)
            self.scalar_loop(out, [a], integer.format(T=cxx_type(op.dtype), S=self.scalar(op, 1, op.dtype)))
            return out
        return lower

    _op_vadds = _with_scalar("Adds", "ScalarOps::Add<{T}>(a0, {S})")
    _op_vmuls = _with_scalar("Muls", "ScalarOps::Mul<{T}>(a0, {S})")
    _op_vmaxs = _with_scalar("Maxs", "(a0 > {S} ? a0 : {S})")
    _op_vmins = _with_scalar("Mins", "(a0 < {S} ? a0 : {S})")

    def _op_vsubs(self, op, dst):
        kind, expr, dtype = op.operands[1]
        negated = ChainOp(op.ref, "vadds", (op.operands[0], ("scalar", ("neg", expr), dtype)), op.params, op.dtype,
                          op.line, op.path, op.via)
        self.emit(["// vsubs(x, s) is Adds(x, -s)"])
        return self._op_vadds(negated, dst)

    def _unary(api: str, dtypes=FLOAT_VEC):
        def lower(self, op, dst):
            a = self.operand(op, 0)
            if op.dtype in dtypes or op.dtype == "bfloat16":
                return self._float_or_wide(op, dst, lambda d: api, [a], float_only=dtypes == FLOAT_VEC)
            raise Untranslated(f"A2 has no {api} for {op.dtype}")
        return lower

    _op_vexp = _unary("Exp")
    _op_vlog = _unary("Ln")
    _op_vsqrt = _unary("Sqrt")
    _op_vrsqrt = _unary("Rsqrt")
    _op_vrec = _unary("Reciprocal")

    def _op_vabs(self, op, dst):
        a = self.operand(op, 0)
        if op.dtype in FLOAT_VEC or op.dtype == "bfloat16":
            return self._float_or_wide(op, dst, lambda d: "Abs", [a], float_only=True)
        if op.dtype in ("int16", "int32"):
            negated = self.temp(op.dtype)
            self.call("Muls", negated, [a], extra=literal(-1, op.dtype))
            out = self._result(op, dst)
            self.call("Max", out, [a, negated])
            self.emit([f"// {op.dtype}: A2 Abs is half/float only; max(x, -x) (wraps at the minimum, as TBE)"])
            return out
        if op.dtype.startswith("int"):
            out = self._result(op, dst)
            self.scalar_loop(out, [a], f"ScalarOps::Abs<{cxx_type(op.dtype)}>(a0)")
            return out
        raise Untranslated(f"A2 has no Abs for {op.dtype}")

    def _op_vrelu(self, op, dst):
        a = self.operand(op, 0)
        if op.dtype in ("float16", "float32", "int32", "bfloat16"):
            return self._float_or_wide(op, dst, lambda d: "Relu", [a], float_only=False) \
                if op.dtype != "int32" else self._relu_int(op, dst, a)
        if op.dtype == "int16":
            return self._relu_int(op, dst, a)
        raise Untranslated(f"A2 has no Relu for {op.dtype}")

    def _relu_int(self, op, dst, a):
        out = self._result(op, dst)
        self.call("Maxs", out, [a], extra=literal(0, op.dtype))
        return out

    def _op_vlrelu(self, op, dst):
        a = self.operand(op, 0)
        if op.dtype in FLOAT_VEC or op.dtype == "bfloat16":
            return self._float_or_wide(op, dst, lambda d: "LeakyRelu", [a], scalars=(1,), float_only=True)
        raise Untranslated(f"A2 has no LeakyRelu for {op.dtype}")

    def _fused(self, op, dst, first: tuple[int, int], then: int, relu: bool = False):
        """a*b + c forms as Mul then Add (two roundings, as TBE's tvm expression rounds the product)."""
        product = ChainOp(op.ref + "_mul", "vmul", (op.operands[first[0]], op.operands[first[1]]), {}, op.dtype,
                          op.line, op.path, op.via)
        mid = self._op_vmul(product, None)
        self.values[product.ref] = mid
        total = ChainOp(op.ref + "_add", "vadd", (("ref", product.ref), op.operands[then]), {}, op.dtype, op.line,
                        op.path, op.via)
        out = self._op_vadd(total, None if relu else dst)
        if not relu:
            return out
        self.values[total.ref] = out
        return self._op_vrelu(ChainOp(op.ref + "_relu", "vrelu", (("ref", total.ref),), {}, op.dtype, op.line,
                                      op.path, op.via), dst)

    def _op_vmla(self, op, dst):
        return self._fused(op, dst, (0, 1), 2)

    def _op_vmadd(self, op, dst):
        return self._fused(op, dst, (0, 2), 1)

    def _op_vmaddrelu(self, op, dst):
        return self._fused(op, dst, (0, 2), 1, relu=True)

    def _op_vaxpy(self, op, dst):
        scaled = ChainOp(op.ref + "_muls", "vmuls", (op.operands[0], op.operands[2]), {}, op.dtype, op.line, op.path,
                         op.via)
        self.values[scaled.ref] = self._op_vmuls(scaled, None)
        return self._op_vadd(ChainOp(op.ref, "vadd", (("ref", scaled.ref), op.operands[1]), {}, op.dtype, op.line,
                                     op.path, op.via), dst)

    def _then_relu(self, op, dst, name):
        first = ChainOp(op.ref + "_" + name, name, op.operands, {}, op.dtype, op.line, op.path, op.via)
        self.values[first.ref] = getattr(self, f"_op_{name}")(first, None)
        return self._op_vrelu(ChainOp(op.ref, "vrelu", (("ref", first.ref),), {}, op.dtype, op.line, op.path,
                                      op.via), dst)

    def _op_vaddrelu(self, op, dst):
        return self._then_relu(op, dst, "vadd")

    def _op_vsubrelu(self, op, dst):
        return self._then_relu(op, dst, "vsub")

    def _op_clip(self, op, dst):
        low = ChainOp(op.ref + "_max", "vmaxs", (op.operands[0], op.operands[2]), {}, op.dtype, op.line, op.path,
                      op.via)
        self.values[low.ref] = self._op_vmaxs(low, None)
        return self._op_vmins(ChainOp(op.ref, "vmins", (("ref", low.ref), op.operands[1]), {}, op.dtype, op.line,
                                      op.path, op.via), dst)

    def _logic(api: str):
        def lower(self, op, dst):
            if is_float(op.dtype) or op.dtype not in BYTES:
                raise Untranslated(f"bitwise {api} on {op.dtype}")
            sources = [self.view(self.operand(op, i), "int16") for i in range(len(op.operands))]
            out = self._result(op, dst)
            wide = self.view(out, "int16")
            self.apis.add(api)
            words = f"cnt * {BYTES[op.dtype]} / 2"
            self.emit([f"{api}({wide.name}, {', '.join(s.name for s in sources)}, {words});",
                       f"// {op.dtype}: A2 {api} is int16/uint16 only; the bits are the same through an int16 view"],
                      defs=[out, wide], uses=sources)
            return out
        return lower

    _op_vand = _logic("And")
    _op_vor = _logic("Or")
    _op_vnot = _logic("Not")

    def _op_broadcast(self, op, dst):
        out = self._result(op, dst)
        value = self.scalar(op, 0, op.dtype if op.dtype != "bool" else "int8")
        return self.fill(op.dtype if op.dtype != "bool" else "int8", value, out)

    def _compare_mask(self, op, lhs: Val, rhs_index: int, operation: str) -> Val:
        kind = op.operands[rhs_index][0]
        dtype = lhs.dtype
        if dtype in FLOAT_VEC or dtype == "bfloat16":
            a = self.widen(lhs) if dtype == "bfloat16" else lhs
            work = "float32" if dtype == "bfloat16" else dtype
            mask = self.temp("mask")
            if kind == "scalar":
                value = self.scalar(op, rhs_index, dtype)
                if dtype == "bfloat16":
                    value = f"static_cast<float>({value})"
                self.apis.add("CompareScalar")
                self.emit([f"CompareScalar({mask.name}, {a.name}, {value}, CMPMODE::{CMP[operation]}, cnt);"],
                          defs=[mask], uses=[a])
            else:
                b = self.operand(op, rhs_index)
                b = self.widen(b) if b.dtype == "bfloat16" else b
                if b.dtype != work:
                    raise Untranslated(f"comparison of {dtype} with {b.dtype}")
                self.call("Compare", mask, [a, b], extra=f"CMPMODE::{CMP[operation]}")
                self.instrs[-1].lines = [f"Compare({mask.name}, {a.name}, {b.name}, CMPMODE::{CMP[operation]}, cnt);"]
            return mask
        if dtype.startswith(("int", "uint")) or dtype == "bool":
            other = (self.scalar(op, rhs_index, dtype) if kind == "scalar" else None)
            sources = [lhs] if other is not None else [lhs, self.operand(op, rhs_index)]
            right = other if other is not None else "a1"
            symbol = {"eq": "==", "ne": "!=", "lt": "<", "gt": ">", "le": "<=", "ge": ">="}[operation]
            flags = self.temp("int8")
            self.scalar_loop(flags, sources, f"(a0 {symbol} {right} ? 1 : 0)")
            self.emit([f"// {dtype}: A2 Compare is half/float (int32 EQ only); exact on the scalar unit"])
            return self.to_mask(flags)
        raise Untranslated(f"A2 has no Compare for {dtype}")

    def _op_vcmp(self, op, dst):
        mask = self._compare_mask(op, self.operand(op, 0), 1, op.params["operation"])
        if op.dtype == "uint1":
            return mask
        self.emit(["// bool mode: one byte per element, as TBE's vcmp (Select of 1/0, then Cast)"])
        return self.mask_to_bytes(mask, dst)

    def _select(self, op, dst, mask: Val, picks: list[int]) -> Val:
        dtype = op.dtype
        view_type = SELECT_VIEW.get(dtype)
        if view_type is None:
            return self._select_scalar(op, dst, mask, picks)
        chosen = []
        for index in picks:
            if op.operands[index][0] == "scalar":
                chosen.append(self.fill(dtype, self.scalar(op, index, dtype)))
            else:
                chosen.append(self.operand(op, index))
        out = self._result(op, dst)
        view_dtype = {"half": "float16", "float": "float32"}[view_type]
        a, b = (self.view(v, view_dtype) if v.dtype != view_dtype else v for v in chosen)
        target = self.view(out, view_dtype) if out.dtype != view_dtype else out
        self.apis.add("Select")
        self.emit([f"Select({target.name}, {mask.name}, {a.name}, {b.name}, SELMODE::VSEL_TENSOR_TENSOR_MODE, cnt);"]
                  + ([f"// {dtype}: Select picks bit patterns; A2 Select is half/float, so through a {view_type} view"]
                     if dtype not in FLOAT_VEC else []), defs=[out, target], uses=[mask, a, b])
        return out

    def _select_scalar(self, op, dst, mask: Val, picks: list[int]) -> Val:
        if op.dtype not in BYTES:
            raise Untranslated(f"A2 has no Select for {op.dtype}")
        flags = self.mask_to_bytes(mask)
        sources, terms = [flags], []
        for index in picks:
            if op.operands[index][0] == "scalar":
                terms.append(self.scalar(op, index, op.dtype))
            else:
                sources.append(self.operand(op, index))
                terms.append(f"a{len(sources) - 1}")
        out = self._result(op, dst)
        self.scalar_loop(out, sources, f"(a0 != 0 ? {terms[0]} : {terms[1]})")
        return out

    def _op_vsel(self, op, dst):
        condition = self.operand(op, 0)
        return self._select(op, dst, self.to_mask(condition), [1, 2])

    def _op_vcmpsel(self, op, dst):
        mask = self._compare_mask(op, self.operand(op, 0), 1, op.params["operation"])
        return self._select(op, dst, mask, [2, 3])

    def _op_vsignbit(self, op, dst):
        a = self.operand(op, 0)
        width = {"float32": ("uint32", "int32", 31), "float16": ("uint16", "int16", 15),
                 "bfloat16": ("uint16", "int16", 15), "int32": ("uint32", "int32", 31), "int16": ("uint16", "int16", 15)}
        if a.dtype not in width:
            raise Untranslated(f"no sign-bit shift for {a.dtype}")
        unsigned, signed, bits = width[a.dtype]
        source = self.view(a, unsigned)
        shifted = self.temp(unsigned)
        self.apis.add("ShiftRight")
        self.emit([f"ShiftRight({shifted.name}, {source.name}, static_cast<{cxx_type(unsigned)}>({bits}), cnt);",
                   "// vsignbit: no Ascend C API; the sign bit shifted down (1 where set, -0.0 and NaN included)"],
                  defs=[shifted], uses=[source])
        as_int = self.view(shifted, signed)
        if op.dtype == signed:
            out = self._result(op, dst)
            self.copy(out, as_int)
            return out
        return self.cast(as_int, op.dtype, "rint", self._result(op, dst))

    def _op_cast_to(self, op, dst):
        value = self.operand(op, 0)
        if value.dtype == "mask":
            value = self.mask_to_bytes(value)
        steps = op.params.get("route") or []
        for index, (src, target, mode) in enumerate(steps):
            if src == "bool":
                value = Val(value.name, "int8", value.storage, value.base)
            last = index == len(steps) - 1
            target_dtype = "int8" if target == "bool" else target
            value = self.cast(value, target_dtype, mode, dst if last and dst is not None else None)
        if dst is not None and value is not dst:
            self.copy(dst, value)
            return dst
        return value

    def _rounding(self, op, dst, mode: str):
        value = self.operand(op, 0)
        target = op.dtype
        if is_float(target):
            if value.dtype == target:
                # To an integral value in the same float type: A2 has Cast float -> float in every rounding mode.
                out = self._result(op, dst)
                if target == "float32":
                    self.call("Cast", out, [value], extra=f"RoundMode::{ROUND[mode]}")
                    return out
                rounded = self.temp("float32")
                self.call("Cast", rounded, [self.widen(value)], extra=f"RoundMode::{ROUND[mode]}")
                return self.cast(rounded, target, "rint", out)
            if mode in ("round", "rint") and (value.dtype, target) in _PAIRS:
                return self.cast(value, target, "rint", self._result(op, dst))
            raise Untranslated(f"{op.name} {value.dtype} -> {target}")
        wide = self.widen(value) if value.dtype == "bfloat16" else value
        if (wide.dtype, target) in _PAIRS or (wide.dtype == "float32" and target in ("int16", "int32", "int64")):
            out = self._result(op, dst)
            self.call("Cast", out, [wide], extra=f"RoundMode::{ROUND[mode]}")
            return out
        middle = self.temp("int32")
        self.call("Cast", middle, [self.widen(wide)], extra=f"RoundMode::{ROUND[mode]}")
        return self.cast(middle, target, "rint", self._result(op, dst))

    def _op_floor(self, op, dst):
        return self._rounding(op, dst, "floor")

    def _op_ceil(self, op, dst):
        return self._rounding(op, dst, "ceil")

    def _op_round(self, op, dst):
        return self._rounding(op, dst, "round")

    def _op_trunc(self, op, dst):
        return self._rounding(op, dst, "trunc")

    def _op_round_half_up(self, op, dst):
        return self._rounding(op, dst, "round_half_up")


def _round_mode(pair: tuple[str, str], mode: str) -> str:
    src, dst = pair
    if pair in _EXACT_WIDENING or (src.startswith(("int", "uint")) and dst.startswith(("int", "uint"))):
        return "RoundMode::CAST_NONE"
    if is_float(src) and not is_float(dst):
        return f"RoundMode::{_MODE_NAMES.get(mode, 'CAST_TRUNC')}"
    return "RoundMode::CAST_RINT"


def _hop(src: str, dst: str) -> str | None:
    """The next dtype on an exact A2 path src -> dst."""
    table = {
        ("int8", "float32"): "float16", ("uint8", "float32"): "float16", ("int8", "int32"): "float16",
        ("uint8", "int32"): "float16", ("float16", "int64"): "float32", ("bfloat16", "float16"): "float32",
        ("float16", "bfloat16"): "float32", ("int32", "float16"): "float32", ("int16", "int32"): "float32",
        ("int32", "int8"): "float16", ("int32", "uint8"): "float16", ("float32", "int8"): "float16",
        ("float32", "uint8"): "float16", ("int64", "float16"): "float32", ("int16", "int8"): "float16",
        ("bfloat16", "int8"): "float32", ("int8", "bfloat16"): "float32", ("uint8", "bfloat16"): "float32",
        ("int32", "bfloat16"): "float32", ("bfloat16", "int16"): "float32", ("int16", "bfloat16"): "float32",
        ("int64", "bfloat16"): "float32", ("bfloat16", "int64"): "float32", ("int8", "int16"): "float16",
        ("uint8", "int16"): "float16", ("int16", "int64"): "int32", ("int8", "int64"): "int32",
        ("uint8", "int64"): "int32", ("int64", "int16"): "int32", ("int64", "int8"): "int32",
        ("bool", "float16"): "int8", ("bool", "float32"): "float16",
    }
    return table.get((src, dst))


def _c_string(text: str) -> str:
    return text.replace("\\", "\\\\").replace('"', "'")
