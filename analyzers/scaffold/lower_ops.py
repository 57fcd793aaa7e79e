"""Each DSL call's Ascend C on A2 (a mixin of lower.Lowerer): arithmetic with its bfloat16 and integer fallbacks,
transcendental and rounding functions, compare / select with bit masks, TBE's casts, sign bits, fills."""

from __future__ import annotations

from dataclasses import replace

from op_migrate.analyzers.scaffold.chain import ChainOp
from op_migrate.analyzers.scaffold.scalars import BYTES, COMPONENTS, cxx_type, is_float, literal

ARITH = ("int16", "float16", "int32", "float32")
FLOAT_VEC = ("float16", "float32")
SELECT_VIEW = {"float16": "half", "bfloat16": "half", "int16": "half", "uint16": "half", "float32": "float",
               "int32": "float", "uint32": "float"}
CMP = {"eq": "EQ", "ne": "NE", "lt": "LT", "gt": "GT", "le": "LE", "ge": "GE"}
# The A2 Cast pairs (ascendc_notes.md "Cast on A2"; the CPU model enforces the same table) and a mode each allows.
A2_CAST_PAIRS = {
    ("int8", "float16"): "CAST_NONE", ("uint8", "float16"): "CAST_NONE", ("float16", "int8"): "CAST_TRUNC",
    ("float16", "uint8"): "CAST_TRUNC", ("float16", "int16"): "CAST_RINT", ("float16", "int32"): "CAST_RINT",
    ("float16", "float32"): "CAST_NONE", ("int16", "float16"): "CAST_NONE", ("int16", "float32"): "CAST_NONE",
    ("bfloat16", "float32"): "CAST_NONE", ("bfloat16", "int32"): "CAST_RINT", ("float32", "float16"): "CAST_RINT",
    ("float32", "bfloat16"): "CAST_RINT", ("float32", "int16"): "CAST_RINT", ("float32", "int32"): "CAST_RINT",
    ("float32", "int64"): "CAST_RINT", ("int32", "float32"): "CAST_RINT", ("int32", "int16"): "CAST_NONE",
    ("int32", "int64"): "CAST_NONE", ("int64", "int32"): "CAST_NONE", ("int64", "float32"): "CAST_RINT",
}
ROUND = {"floor": "CAST_FLOOR", "ceil": "CAST_CEIL", "round": "CAST_RINT", "trunc": "CAST_TRUNC",
         "round_half_up": "CAST_ROUND", "rint": "CAST_RINT"}


class Untranslated(Exception):
    """This op (for this dtype) has no Ascend C translation here."""


class OpLowerings:
    """The `_op_<dsl name>` handlers; each returns the value of the call (written into `dst` when given)."""

    def _binary(api: str, integer: str | None = None):
        def lower(self, op, dst):
            a, b = self.operand(op, 0), self.operand(op, 1)
            if op.dtype in COMPONENTS and api in ("Add", "Sub"):
                return self._componentwise(op, dst, api, [a, b])
            if op.dtype in COMPONENTS and api == "Mul":
                return self._complex_product(op, dst, a, b)
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

    def _componentwise(self, op, dst, api: str, sources):
        """A complex sum or difference is that of the real and of the imaginary parts: the op on the component
        view of each (real, imaginary) pair, twice the lanes."""
        out = self._result(op, dst)
        part = COMPONENTS[op.dtype]
        views = [self.view(s, part) for s in sources]
        target = self.view(out, part)
        self.apis.add(api)
        self.emit([f"{api}({target.name}, {', '.join(v.name for v in views)}, cnt * 2);"], defs=[out, target],
                  uses=views)
        self.emit([f"// {op.dtype}: {api} of the (real, imaginary) {part} pairs, component by component"])
        return out

    # Complex values on A2: (real, imaginary) pairs in a tensor of the part's dtype, 2 * cnt lanes. A2 has no complex
    # API; Gather (byte offsets) spreads one part of each pair over both of its lanes, Select with the even lanes'
    # bit pattern (0x5555) puts a real-part result and an imaginary-part result back into one pair.

    def _offsets(self, lanes: str, halve: bool, step: int) -> Val:
        """Gather's uint32 byte offsets for `lanes` lanes: lane j reads index j (halve: j >> 1), `step` bytes each."""
        table = self.temp("uint64" if halve else "uint32")  # halve: 2 * cnt entries
        index = self.view(table, "int32")
        self.apis.update({"CreateVecIndex", "Muls"})
        lines = [f"CreateVecIndex({index.name}, static_cast<int32_t>(0), {lanes});"]
        unsigned = self.view(table, "uint32")
        if halve:
            self.apis.add("ShiftRight")
            lines.append(f"ShiftRight({unsigned.name}, {unsigned.name}, static_cast<uint32_t>(1), {lanes});")
        lines.append(f"Muls({index.name}, {index.name}, static_cast<int32_t>({step}), {lanes});")
        self.emit(lines, defs=[table, index, unsigned], uses=[index])
        return unsigned

    def _even_lanes(self, lanes: str) -> Val:
        """A Select mask with the bits of the even lanes set (the real parts), for `lanes` lanes."""
        mask = self.temp("uint16")  # 2 * cnt bytes: 16 lanes per uint16
        self.apis.add("Duplicate")
        self.emit([f"Duplicate({mask.name}, static_cast<uint16_t>(0x5555), ({lanes} + 15) / 16);"], defs=[mask])
        return mask

    def _spread(self, source: Val, part: str, offsets: Val, base: int, dtype: str) -> Val:
        """Pairs of `dtype` whose two lanes both hold the part at byte `base` of each pair of `source`."""
        parts = self.view(source, part)
        spread = self.temp(dtype)
        lanes = self.view(spread, part)
        self.apis.add("Gather")
        self.emit([f"Gather({lanes.name}, {parts.name}, {offsets.name}, {base}U, cnt * 2);"], defs=[spread, lanes],
                  uses=[parts, offsets])
        return lanes

    def _pick(self, out: Val, mask: Val, even: Val, odd: Val) -> None:
        self.apis.add("Select")
        self.emit([f"Select({out.name}, {mask.name}, {even.name}, {odd.name}, SELMODE::VSEL_TENSOR_TENSOR_MODE, "
                   f"cnt * 2);"], defs=[out, *([out.base] if out.base else [])], uses=[mask, even, odd])

    def _complex_product(self, op, dst, a: Val, b: Val) -> Val:
        """(a + bi)(c + di) = (ac - bd) + (ad + bc)i, each product, the difference and the sum rounded once in the
        part's dtype, as compute/math.py's tvm expression on complex64 (asc-devkit's ComplexMulKernel does the same
        four Mul, Sub and Add)."""
        if op.dtype != "complex64":
            raise Untranslated(f"{op.dtype} product: whether TBE's backend multiplies its float16 parts in float16 or "
                               f"in float32 is not in the install (asc-devkit dav_3510 Mul<complex32> stays in half, "
                               f"ops-math arch35 Mul widens to complex64)")
        part = COMPONENTS[op.dtype]
        width = BYTES[part]
        offsets = self._offsets("cnt * 2", True, 2 * width)
        ar, ai = self._spread(a, part, offsets, 0, op.dtype), self._spread(a, part, offsets, width, op.dtype)
        br, bi = self._spread(b, part, offsets, 0, op.dtype), self._spread(b, part, offsets, width, op.dtype)
        even = self._even_lanes("cnt * 2")
        swapped = self.view(self.temp(op.dtype), part)
        self._pick(swapped, even, bi, br)  # (d, c)
        b_parts = self.view(b, part)
        straight = self.view(self.temp(op.dtype), part)
        crossed = self.view(self.temp(op.dtype), part)
        difference = self.view(self.temp(op.dtype), part)
        total = self.view(self.temp(op.dtype), part)
        self.apis.update({"Mul", "Sub", "Add"})
        self.emit([f"Mul({straight.name}, {ar.name}, {b_parts.name}, cnt * 2);  // (ac, ad)",
                   f"Mul({crossed.name}, {ai.name}, {swapped.name}, cnt * 2);  // (bd, bc)",
                   f"Sub({difference.name}, {straight.name}, {crossed.name}, cnt * 2);  // ac - bd",
                   f"Add({total.name}, {straight.name}, {crossed.name}, cnt * 2);  // ad + bc"],
                  defs=[straight, crossed, difference, total, straight.base, crossed.base, difference.base,
                        total.base], uses=[ar, ai, b_parts, swapped])
        out = self._result(op, dst)
        self._pick(self.view(out, part), even, difference, total)
        self.emit([f"// {op.dtype}: the product on the (real, imaginary) {part} pairs"])
        return out

    def _op_real(self, op, dst):
        """tvm.real: the even lanes of the pairs, gathered."""
        source = self.operand(op, 0)
        part = COMPONENTS[source.dtype]
        offsets = self._offsets("cnt", False, 2 * BYTES[part])
        parts = self.view(source, part)
        out = self._result(op, dst)
        self.apis.add("Gather")
        self.emit([f"Gather({out.name}, {parts.name}, {offsets.name}, 0U, cnt);",
                   f"// {source.dtype}: the real part of each (real, imaginary) pair, exact"],
                  defs=[out], uses=[parts, offsets])
        return out

    def _op_complex(self, op, dst):
        """tvm.complex(re, im): each part spread over both lanes of its pair, the even lanes taken from re."""
        re, im = self.operand(op, 0), self.operand(op, 1)
        part = COMPONENTS[op.dtype]
        offsets = self._offsets("cnt * 2", True, BYTES[part])
        spread = []
        for source in (re, im):
            lanes = self.view(self.temp(op.dtype), part)
            self.apis.add("Gather")
            self.emit([f"Gather({lanes.name}, {source.name}, {offsets.name}, 0U, cnt * 2);"],
                      defs=[lanes, lanes.base], uses=[source, offsets])
            spread.append(lanes)
        out = self._result(op, dst)
        self._pick(self.view(out, part), self._even_lanes("cnt * 2"), *spread)
        self.emit([f"// {op.dtype}: (real, imaginary) {part} pairs, exact"])
        return out

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

    def _op_powi(self, op, dst):
        if op.dtype != "int32":
            raise Untranslated(f"tbe.powi of {op.dtype}: A2 has it for int32 only (tbe/dsl/compute/util.py)")
        out = self._result(op, dst)
        self.scalar_loop(out, [self.operand(op, 0), self.operand(op, 1)], "ScalarOps::PowI<int32_t>(a0, a1)")
        self.emit(["// int32 power on the scalar unit, asc-devkit Power<int32_t>'s results (power_int_impl.h): wrapping",
                   "// products, x^0 = 1, a negative exponent gives trunc(1 / x^|y|); TBE's vector_power itself is not",
                   "// described in the install: only a device run can confirm it gives the same"])
        return out

    def _with_scalar(api: str, integer: str | None = None):
        def lower(self, op, dst):
            a = self.operand(op, 0)
            if op.dtype in COMPONENTS and api == "Muls":
                return self._scaled(op, dst, a)
            if op.dtype in ARITH or op.dtype == "bfloat16":
                return self._float_or_wide(op, dst, lambda d: api, [a], scalars=(1,))
            if integer is None or not op.dtype.startswith(("int", "uint")):
                raise Untranslated(f"A2 has no {api} for {op.dtype}")
            out = self._result(op, dst)
            self.scalar_loop(out, [a], integer.format(T=cxx_type(op.dtype), S=self.scalar(op, 1, op.dtype)))
            return out
        return lower

    def _scaled(self, op, dst, a):
        """A complex tensor times a real scalar (util_astype holds it in the part's dtype): each part times it."""
        part = COMPONENTS[op.dtype]
        out = self._result(op, dst)
        source, target = self.view(a, part), self.view(out, part)
        self.apis.add("Muls")
        self.emit([f"Muls({target.name}, {source.name}, {self.scalar(op, 1, part)}, cnt * 2);",
                   f"// {op.dtype}: both parts of each (real, imaginary) {part} pair times the real scalar"],
                  defs=[out, target], uses=[source])
        return out

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
                value = replace(value, dtype="int8")  # bool is int8 in UB: the same tensor, read as int8
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
            if mode in ("round", "rint") and (value.dtype, target) in A2_CAST_PAIRS:
                return self.cast(value, target, "rint", self._result(op, dst))
            raise Untranslated(f"{op.name} {value.dtype} -> {target}")
        wide = self.widen(value) if value.dtype == "bfloat16" else value
        if (wide.dtype, target) in A2_CAST_PAIRS or (wide.dtype == "float32" and target in ("int16", "int32", "int64")):
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
