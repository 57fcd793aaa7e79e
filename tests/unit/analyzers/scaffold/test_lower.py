"""Lowering a traced chain to Ascend C on A2's dtype rules, the scratch slots, TBE's casts, and the attribute
branches' host conditions."""

from __future__ import annotations

import math
from pathlib import Path

import numpy as np
import pytest

from op_migrate.analyzers.scaffold import attr_cases, casts, plan, scalars
from op_migrate.analyzers.scaffold.chain import Chain, ChainInput, ChainOp, ChainOutput
from op_migrate.analyzers.scaffold.lower import Lowerer, Val
from op_migrate.analyzers.scaffold.platform import load_platform
from op_migrate.analyzers.scaffold.scalars import literal
from op_migrate.analyzers.scaffold.slots import place

INSTALL = Path(__file__).resolve().parents[3] / "functional" / "scaffold" / "install"


def chain_of(ops: list[tuple], dtype: str, inputs=("x",)) -> Chain:
    chain_ops = tuple(ChainOp(ref, name, tuple(operands), params, result, 7, "op.py") for ref, name, operands, params,
                      result in ops)
    return Chain(combination={}, soc="Ascend910B",
                 inputs=tuple(ChainInput(f"in{i}", port, dtype, port, 1) for i, port in enumerate(inputs)),
                 ops=chain_ops, outputs=(ChainOutput("y", chain_ops[-1].ref, chain_ops[-1].dtype),), attrs=(),
                 queries=(), notes=())


def lowered(chain: Chain, out_dtype: str):
    ins = [Val(f"x{i}", item.dtype, "in") for i, item in enumerate(chain.inputs)]
    result = Lowerer(chain, ins, [Val("y0", out_dtype, "out")]).run()
    return result, "\n".join(place(result).lines)


def test_float16_add_is_one_add_into_the_output():
    result, text = lowered(chain_of([("v0", "vadd", [("ref", "in0"), ("ref", "in1")], {}, "float16")], "float16",
                                    ("a", "b")), "float16")
    assert "Add(y0, x0, x1, cnt);" in text and not result.gaps


def test_bfloat16_add_goes_through_float_and_rounds_once():
    result, text = lowered(chain_of([("v0", "vadd", [("ref", "in0"), ("ref", "in1")], {}, "bfloat16")], "bfloat16",
                                    ("a", "b")), "bfloat16")
    lines = [line for line in text.splitlines() if not line.lstrip().startswith(("//", "LocalTensor"))]
    assert lines == ["Cast(t1, x0, RoundMode::CAST_NONE, cnt);", "Cast(t2, x1, RoundMode::CAST_NONE, cnt);",
                     "Add(t3, t1, t2, cnt);", "Cast(y0, t3, RoundMode::CAST_RINT, cnt);"]


def test_int64_arithmetic_runs_on_the_scalar_unit_between_barriers():
    result, text = lowered(chain_of([("v0", "vmul", [("ref", "in0"), ("ref", "in1")], {}, "int64")], "int64",
                                    ("a", "b")), "int64")
    assert "ScalarOps::Mul<int64_t>(a0, a1)" in text and text.count("PipeBarrier<PIPE_ALL>();") == 2
    assert place(result).scalar_loops == 1


def test_int32_powi_is_a_scalar_power_and_other_dtypes_are_named():
    result, text = lowered(chain_of([("v0", "powi", [("ref", "in0"), ("ref", "in1")], {}, "int32")], "int32",
                                    ("a", "b")), "int32")
    assert "ScalarOps::PowI<int32_t>(a0, a1)" in text and not result.gaps
    result, text = lowered(chain_of([("v0", "powi", [("ref", "in0"), ("ref", "in1")], {}, "int16")], "int16",
                                    ("a", "b")), "int16")
    assert result.gaps and "int32 only" in result.gaps[0][1] and "static_assert(false" in text


def test_a_bool_compare_is_a_mask_then_bytes():
    result, text = lowered(chain_of([("v0", "vcmp", [("ref", "in0"), ("scalar", ("const", 0.0), "float32")],
                                      {"operation": "gt", "mode": "bool"}, "bool")], "float32"), "int8")
    assert "CompareScalar(" in text and "CMPMODE::GT" in text
    assert "Select(" in text and "Cast(y0, " in text


def test_vsel_of_int32_selects_bit_patterns_through_a_float_view():
    chain = chain_of([("v0", "vcmp", [("ref", "in0"), ("ref", "in1")], {"operation": "lt", "mode": "bit"}, "uint1"),
                      ("v1", "vsel", [("ref", "v0"), ("ref", "in0"), ("ref", "in1")], {}, "int32")], "int32",
                     ("a", "b"))
    result, text = lowered(chain, "int32")
    assert "ReinterpretCast<float>()" in text and "Select(" in text
    assert "ScalarOps" not in text or "(a0 < a1 ? 1 : 0)" in text  # int32 LT compares on the scalar unit


def test_an_untranslated_call_is_a_static_assert_naming_it():
    chain = chain_of([("v0", "reduce_sum", [("ref", "in0")], {"untranslated": "not elementwise"}, "float32")],
                     "float32")
    result, text = lowered(chain, "float32")
    assert 'static_assert(false, "tbe.reduce_sum at op.py:7 (float32) is not translated: not elementwise");' in text
    assert result.gaps[0][:2] == ("tbe.reduce_sum", "not elementwise")


def test_every_call_carries_its_tbe_line_and_trap():
    result, text = lowered(chain_of([("v0", "vdiv", [("ref", "in0"), ("ref", "in1")], {}, "float32")], "float32",
                                    ("a", "b")), "float32")
    assert "// TBE vdiv at op.py:7 -> float32" in text
    assert "// trap: on SoCs without a divide instruction" in text


def test_scratch_slots_are_reused_once_dead():
    ops = [("v0", "vabs", [("ref", "in0")], {}, "float32"), ("v1", "vexp", [("ref", "v0")], {}, "float32"),
           ("v2", "vabs", [("ref", "v1")], {}, "float32"), ("v3", "vexp", [("ref", "v2")], {}, "float32")]
    result, _ = lowered(chain_of(ops, "float32"), "float32")
    assert place(result).tmp_units == 64  # two float slots (32 bytes per 8 elements each), ping-ponged


def test_attribute_scalars_are_host_computed_slots():
    chain = chain_of([("v0", "vmuls", [("ref", "in0"), ("scalar", ("div", ("const", 1.0), ("attr", "a")), "float16")],
                       {}, "float16")], "float16")
    result, text = lowered(chain, "float16")
    assert "ScalarAs<half>(td.scalars[0])" in text and result.runtime == (("div", ("const", 1.0), ("attr", "a")),)


def test_python_arithmetic_is_double_and_tvm_scalars_round_at_each_operation():
    third = ("div", ("const", 1.0), ("attr", "a"))
    # Python at build time: (1/a) * a in double is 1, rounded once by tvm.const(..., "float16")
    python = ("cast", "float16", ("mul", third, ("attr", "a")))
    assert scalars.expr_value(python, {"a": 11.0}) == 1.0
    # through a tvm float16 scalar 1/a, the product rounds to float16 twice
    tvm_third = ("cast", "float16", third)
    product = ("cast", "float16", ("mul", tvm_third, ("attr", "a")))
    assert scalars.expr_value(product, {"a": 11.0}) == float(np.float16(float(np.float16(1.0 / 11.0)) * 11.0)) != 1.0
    assert math.isinf(scalars.expr_value(third, {"a": 0.0}))
    with pytest.raises(ZeroDivisionError):
        scalars.expr_value(third, {"a": 0.0}, raising=True)
    assert scalars.host_expr(("cast", "float16", third), {"a": "attrA"}.get) == \
        "static_cast<double>(RoundThroughHalf(static_cast<float>((1.0 / static_cast<double>(attrA)))))"


@pytest.mark.parametrize("value, expected", [(2.7, 2.0), (-2.7, -2.0), (-0.5, 0.0), (3.0, 3.0)])
def test_python_int_of_a_number_truncates_toward_zero_on_both_sides(value, expected):
    truncated = ("trunc", ("attr", "a"))
    assert scalars.expr_value(truncated, {"a": value}) == expected == float(int(value))
    assert scalars.host_expr(truncated, {"a": "attrA"}.get) == "std::trunc(static_cast<double>(attrA))"
    with pytest.raises(OverflowError):
        scalars.expr_value(truncated, {"a": float("inf")}, raising=True)  # Python's int(inf) raises: no kernel
    # float() of an int is the same number: the host's double expression is unchanged
    assert scalars.host_expr(("float", ("attr", "a")), {"a": "attrA"}.get) == "static_cast<double>(attrA)"


@pytest.mark.parametrize("value, dtype, text", [
    (1.5, "float32", "1.5f"), (0.1, "float16", "static_cast<half>(0.0999755859375f)"),
    (float("inf"), "float16", "FromBits<half>(static_cast<uint16_t>(0x7C00U))"),
    (float("nan"), "float32", "FromBits<float>(static_cast<uint32_t>(0x7FC00000U))"),
    (-2 ** 63, "int64", "static_cast<int64_t>(-9223372036854775807LL - 1)"),
    (3.7, "int32", "static_cast<int32_t>(3)"),
])
def test_literals_are_exact_in_their_dtype(value, dtype, text):
    assert literal(value, dtype) == text


def test_cast_routes_follow_the_install_vconv_list():
    platform = load_platform([INSTALL], "Ascend910B")
    assert casts.route(platform, "float32", "int32") == [("float32", "int32", "trunc")]
    assert casts.route(platform, "int32", "int8") == [("int32", "float16", "rint"), ("float16", "int8", "trunc")]
    assert casts.route(platform, "float16", "bfloat16") == [("float16", "float32", "rint"),
                                                          ("float32", "bfloat16", "rint")]


def test_a_branch_on_a_number_computed_from_attributes_finds_values_and_host_code():
    inverse = ("div", ("const", 1.0), ("attr", "scale"))
    close = {"expr": inverse, "attrs": ["scale"], "op": "isclose", "value": 1.0, "rel_tol": 1e-6, "abs_tol": 0.0}
    below = {"expr": ("mul", ("attr", "scale"), ("attr", "bits")), "attrs": ["bits", "scale"], "op": "<",
             "value_expr": ("const", 4.0)}
    kinds, defaults = {"scale": "float", "bits": "int"}, {"scale": 1.0, "bits": 8}
    values = attr_cases.satisfying([{"predicate": close, "outcome": False}, {"predicate": below, "outcome": True}],
                                   kinds, defaults)
    assert values is not None and values["scale"] != 0.0 and values["scale"] * values["bits"] < 4.0
    assert not math.isclose(1.0 / values["scale"], 1.0, rel_tol=1e-6)
    # 1.0 / 0.0 raises in the TBE Python: neither outcome holds there
    assert attr_cases.holds(close, {"scale": 0.0}) is None
    assert attr_cases.satisfying([{"predicate": {**close, "expr": ("div", ("const", 1.0), ("sub", ("attr", "scale"),
                                                                   ("attr", "scale")))}, "outcome": False}],
                                 kinds, defaults) is None
    assert attr_cases.cxx_expr_condition(close, lambda name: "attrScale") == \
        "IsClose((1.0 / static_cast<double>(attrScale)), 1.0, 1e-06, 0.0)"
    assert attr_cases.cxx_expr_condition(below, {"scale": "attrScale", "bits": "attrBits"}.get) == \
        "((static_cast<double>(attrScale) * static_cast<double>(attrBits)) < 4.0)"


def test_a_bool_input_is_cast_as_its_int8_bytes():
    chain = chain_of([("v0", "cast_to", [("ref", "in0")], {"route": [("bool", "float16", "none"),
                                                                  ("float16", "float32", "none")]}, "float32")], "bool")
    result, text = lowered(chain, "float32")
    assert not result.gaps
    assert "Cast(t1, x0, RoundMode::CAST_NONE, cnt);" in text and "Cast(y0, t1, RoundMode::CAST_NONE, cnt);" in text


@pytest.mark.parametrize("kind, default, plain", [
    ("float", "0.1f", "0.1"), ("float", "1e-5F", "1e-5"), ("float", "-inf", "-inf"), ("int", "0x1f", "31"),
    ("int", "-1", "-1"), ("float", "not a number", None), ("str", "'mean'", "'mean'"), ("int", None, None),
])
def test_reg_op_defaults_lose_their_cxx_suffixes(kind, default, plain):
    assert plan._plain_default(kind, default) == plain


def test_an_int_attribute_is_given_int_values_only():
    # LpNormUpdate: p not in (0, 1, inf, -inf - 1) and p != 2 -- 1.5 would reach the int64 attribute as 1
    conditions = [{"predicate": {"attr": "p", "op": "in", "value": [0, 1, 2147483647, -2147483648]}, "outcome": False},
                  {"predicate": {"attr": "p", "op": "==", "value": 2}, "outcome": False}]
    values = attr_cases.satisfying(conditions, {"p": "int"}, {"p": "2"})
    assert isinstance(values["p"], int) and values["p"] not in (0, 1, 2, 2147483647, -2147483648)
    only_half = [{"predicate": {"attr": "p", "op": ">", "value": 1}, "outcome": True},
                 {"predicate": {"attr": "p", "op": "<", "value": 2}, "outcome": True}]
    assert attr_cases.satisfying(only_half, {"p": "int"}, {"p": "2"}) is None


def test_attribute_conditions_find_values_and_host_code():
    conditions = [{"predicate": {"attr": "alpha", "op": ">", "value": 1.0}, "outcome": True},
                  {"predicate": {"attr": "alpha", "op": "!=", "value": 2.5}, "outcome": True}]
    values = attr_cases.satisfying(conditions, {"alpha": "float"}, {"alpha": 0.5})
    assert values["alpha"] > 1.0 and values["alpha"] != 2.5
    impossible = [{"predicate": {"attr": "alpha", "op": ">", "value": 1.0}, "outcome": True},
                  {"predicate": {"attr": "alpha", "op": "<", "value": 0.0}, "outcome": True}]
    assert attr_cases.satisfying(impossible, {"alpha": "float"}, {"alpha": 0.5}) is None
    assert attr_cases.cxx_condition({"attr": "mode", "op": "==", "value": "mean"}, "attrMode", "str") == \
        '(attrMode == "mean")'
    assert attr_cases.cxx_condition({"attr": "flag", "op": "truth", "value": None}, "attrFlag", "bool") == \
        "(attrFlag)"


def test_a_number_in_a_tuple_of_strings_and_numbers_compares_with_the_numbers():
    # lp_norm_update_v2: `p in ("inf", "-inf", float("inf"), -float("inf"), float("-inf"))` was `false` on the host, so
    # the keys of an infinite p were never chosen (the CPU-model driver stopped: VariantHolds refused key 6).
    mixed = {"attr": "p", "op": "in", "value": ["inf", "-inf", math.inf, -math.inf, -math.inf]}
    text = attr_cases.cxx_condition(mixed, "attrP", "float")
    assert text == ("(attrP == std::numeric_limits<float>::infinity() || attrP == -std::numeric_limits<float>::infinity()"
                    " || attrP == -std::numeric_limits<float>::infinity())")
    assert attr_cases.cxx_condition({**mixed, "op": "not in"}, "attrP", "float").startswith("!(attrP == std::")
    # the value chosen for a float attribute is a number (it was the string "inf", which the driver and the golden
    # do not read as the float TBE compares)
    chosen = attr_cases.satisfying([{"predicate": mixed, "outcome": True}], {"p": "float"}, {"p": 2.0})
    assert chosen == {"p": math.inf}
    strings = {"attr": "p", "op": "in", "value": ["inf", "fro"]}
    assert attr_cases.cxx_condition(strings, "attrP", "float") == "false"
    assert attr_cases.cxx_condition({**strings, "op": "not in"}, "attrP", "float") == "true"


@pytest.mark.parametrize("dtype, part", [("complex32", "half"), ("complex64", "float")])
def test_a_complex_difference_is_a_sub_on_the_part_view(dtype, part):
    result, text = lowered(chain_of([("v0", "vsub", [("ref", "in0"), ("ref", "in1")], {}, dtype)], dtype,
                                    ("a", "b")), dtype)
    assert f"x0.ReinterpretCast<{part}>()" in text and "cnt * 2);" in text and not result.gaps


def statements(text: str) -> list[str]:
    return [line.strip() for line in text.splitlines() if line.strip() and not line.strip().startswith("//")]


def test_a_complex32_product_is_named_for_its_precision():
    result, text = lowered(chain_of([("v0", "vmul", [("ref", "in0"), ("ref", "in1")], {}, "complex32")],
                                    "complex32", ("a", "b")), "complex32")
    assert len(result.gaps) == 1 and "float16 parts in float16 or in float32 is not in the install" in \
        result.gaps[0][1]
    assert "static_assert(false" in text


def test_a_complex64_product_spreads_each_part_and_picks_the_even_lanes():
    result, text = lowered(chain_of([("v0", "vmul", [("ref", "in0"), ("ref", "in1")], {}, "complex64")],
                                    "complex64", ("a", "b")), "complex64")
    assert not result.gaps
    lines = statements(text)
    calls = [line.split("(")[0] for line in lines if not line.startswith("LocalTensor")]
    assert calls == ["CreateVecIndex", "ShiftRight", "Muls", "Gather", "Gather", "Gather", "Gather", "Duplicate",
                     "Select", "Mul", "Mul", "Sub", "Add", "Select"]
    # lane j reads pair j >> 1: 8 bytes a pair, its real part at byte 0 and its imaginary part at byte 4
    assert "Muls(t2, t2, static_cast<int32_t>(8), cnt * 2);" in lines
    gathers = [line for line in lines if line.startswith("Gather")]
    assert [g.split(", ")[3] for g in gathers] == ["0U", "4U", "0U", "4U"]
    assert "Duplicate(" in text and "static_cast<uint16_t>(0x5555), (cnt * 2 + 15) / 16);" in text
    assert {"Gather", "Select", "CreateVecIndex", "ShiftRight", "Mul", "Sub", "Add"} <= result.apis


@pytest.mark.parametrize("dtype, part, scalar", [("complex32", "half", "static_cast<half>(0.5f)"),
                                                 ("complex64", "float", "0.5f")])
def test_a_complex_tensor_times_a_real_scalar_is_muls_on_both_parts(dtype, part, scalar):
    result, text = lowered(chain_of([("v0", "vmuls", [("ref", "in0"), ("scalar", ("const", 0.5), "float16"
                                                                       if dtype == "complex32" else "float32")],
                                      {}, dtype)], dtype), dtype)
    assert not result.gaps
    muls = [line for line in statements(text) if line.startswith("Muls")]
    assert len(muls) == 1 and muls[0].endswith(f", {scalar}, cnt * 2);")
    assert f"x0.ReinterpretCast<{part}>()" in text and f"y0.ReinterpretCast<{part}>()" in text


@pytest.mark.parametrize("dtype, part, step", [("complex32", "float16", 4), ("complex64", "float32", 8)])
def test_real_gathers_the_even_lanes(dtype, part, step):
    result, text = lowered(chain_of([("v0", "real", [("ref", "in0")], {}, part)], dtype), part)
    assert not result.gaps
    lines = statements(text)
    assert f"Muls(t2, t2, static_cast<int32_t>({step}), cnt);" in lines and "ShiftRight" not in text
    assert any(line.startswith("Gather(y0, ") and line.endswith(", 0U, cnt);") for line in lines)


@pytest.mark.parametrize("dtype, part, step", [("complex32", "float16", 2), ("complex64", "float32", 4)])
def test_complex_spreads_each_part_over_its_pair_and_selects_the_real_lanes(dtype, part, step):
    chain = chain_of([("v0", "complex", [("ref", "in0"), ("ref", "in1")], {}, dtype)], part, ("re", "im"))
    result, text = lowered(chain, dtype)
    assert not result.gaps
    lines = statements(text)
    assert f"Muls(t2, t2, static_cast<int32_t>({step}), cnt * 2);" in lines
    gathers = [line for line in lines if line.startswith("Gather")]
    assert [g.split(", ")[1] for g in gathers] == ["x0", "x1"]
    select = [line for line in lines if line.startswith("Select")]
    assert len(select) == 1 and select[0].endswith(", SELMODE::VSEL_TENSOR_TENSOR_MODE, cnt * 2);")
