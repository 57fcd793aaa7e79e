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
from op_migrate.analyzers.scaffold.lower_ops import A2_CAST_PAIRS, ARITH, FLOAT_VEC, OpLowerings, Untranslated
from op_migrate.analyzers.scaffold.scalars import BYTES, cxx_type, is_float, reinterpreted, scalar_cxx

DUPLICATE = ("int16", "uint16", "float16", "bfloat16", "int32", "uint32", "float32")
_EXACT_WIDENING = {("int8", "float16"), ("uint8", "float16"), ("float16", "float32"), ("int16", "float32"),
                   ("bfloat16", "float32"), ("int32", "int64")}
_MODE_NAMES = {"trunc": "CAST_TRUNC", "rint": "CAST_RINT", "floor": "CAST_FLOOR", "ceil": "CAST_CEIL",
               "round": "CAST_ROUND"}


MAX_RUNTIME_SCALARS = 16


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


class Lowerer(OpLowerings):
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
        for index, item in enumerate(self.chain.inputs):
            val = self.values[item.ref]
            if self.chain.combination.get(f"input{index}") != "bool" and reinterpreted(val.dtype, item.dtype):
                # TBE's placeholder reads the port's bytes as another dtype of the same width (SelectV2 after v200).
                self.instrs.append(Instr([f"// input {item.port} ({val.dtype}) is read as {item.dtype}, bit for bit, "
                                          f"as TBE's placeholder {item.name} declares it"]))
                self.values[item.ref] = self.view(val, item.dtype)
        indices = self.chain.extra.get("output_indices") or {}  # a variant writing some outputs only
        registered = {o.ref: self.chain.combination.get(f"output{indices.get(o.port, i)}")
                      for i, o in enumerate(self.chain.outputs)}
        for op in self.chain.ops:
            self._comment(op)
            dst = None
            if op.ref in self.outputs and op.dtype not in ("uint1",) and not (
                    registered[op.ref] != "bool" and reinterpreted(self.outputs[op.ref].dtype, op.dtype)):
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
        if pair in A2_CAST_PAIRS:
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
