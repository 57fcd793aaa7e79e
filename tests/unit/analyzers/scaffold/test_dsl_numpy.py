"""The numpy interpreter of the DSL (the scaffold's golden) against independent references: Python's math on
float64 rounded once, ml_dtypes' bfloat16, hand-computed edge cases (NaN, +-inf, +-0, integer wrap and
saturation, floor-mod signs, round half to even)."""

from __future__ import annotations

import json
import math
import struct

import numpy as np
import pytest
from ml_dtypes import bfloat16

from op_migrate.analyzers.scaffold import dsl_numpy


def run(name, operands, dtype, params=None, inputs=None):
    """Evaluate one op of a one-op chain; operands are ("ref", port) / ("scalar", expr, dtype) / ("lit", v)."""
    inputs = inputs or {}
    chain = {
        "combination": {},
        "inputs": [{"ref": port, "port": port, "dtype": dtype_of(array)} for port, array in inputs.items()],
        "ops": [{"ref": "v0", "name": name, "operands": [list(o) for o in operands], "params": params or {},
                 "dtype": dtype}],
        "outputs": [{"port": "y", "ref": "v0", "dtype": dtype}],
    }
    return dsl_numpy.evaluate(chain, inputs)["y"]


def dtype_of(array) -> str:
    return "bfloat16" if array.dtype == np.dtype(bfloat16) else str(array.dtype)


def rounded(value: float, dtype) -> float:
    """A float64 result rounded once to dtype (the reference semantics of a half-precision op)."""
    with np.errstate(over="ignore"):
        return float(np.asarray(value, dtype=np.float64).astype(dtype))


X16 = np.array([1.5, -2.25, 0.0, -0.0, 65504.0, 3.0e-5], dtype=np.float16)
Y16 = np.array([0.7, 4.0, -1.0, 2.0, 2.0, 7.0], dtype=np.float16)


@pytest.mark.parametrize("name, reference", [
    ("vadd", lambda a, b: a + b), ("vsub", lambda a, b: a - b), ("vmul", lambda a, b: a * b),
    ("vdiv", lambda a, b: a / b), ("vmax", max), ("vmin", min),
])
def test_float16_binary_ops_round_once_from_the_exact_result(name, reference):
    got = run(name, [("ref", "a"), ("ref", "b")], "float16", inputs={"a": X16, "b": Y16})
    for a, b, g in zip(X16.astype(float), Y16.astype(float), got):
        assert float(g) == rounded(reference(a, b), np.float16)


def test_bfloat16_ops_are_float32_rounded_to_nearest_even():
    a = np.array([1.0, 3.0, -7.5, 1e30], dtype=bfloat16)
    b = np.array([2.0 ** -9, 1.0 / 3.0, 2.5, 1e30], dtype=bfloat16)
    got = run("vadd", [("ref", "a"), ("ref", "b")], "bfloat16", inputs={"a": a, "b": b})
    expected = (a.astype(np.float32) + b.astype(np.float32)).astype(bfloat16)
    assert got.tobytes() == expected.tobytes()
    assert float(got[0]) == 1.0  # 1 + 2^-9 is a tie between 1 and 1 + 2^-7; even wins


@pytest.mark.parametrize("name, reference", [
    ("vexp", math.exp), ("vlog", math.log), ("vsqrt", math.sqrt), ("vrec", lambda v: 1.0 / v),
    ("vrsqrt", lambda v: 1.0 / math.sqrt(v)), ("vabs", abs),
])
def test_float32_unary_ops_are_within_a_few_ulp_of_math(name, reference):
    # numpy's float32 exp/log loops are not correctly rounded (a few ulp); the CPU model's are std:: in float.
    values = np.array([0.25, 1.0, 2.0, 10.0, 42.5], dtype=np.float32)
    got = run(name, [("ref", "x")], "float32", inputs={"x": values})
    for value, result in zip(values.astype(float), got):
        exact = reference(value)
        assert abs(float(result) - exact) <= 4 * abs(float(np.spacing(np.float32(exact))))


@pytest.mark.parametrize("name, reference", [
    ("vexp", math.exp), ("vlog", math.log), ("vrsqrt", lambda v: 1.0 / math.sqrt(v)),
])
def test_float32_transcendentals_are_the_correctly_rounded_result(name, reference):
    # The golden of a chain: exact, then rounded once (a one-ulp golden error grows in exp(ln(x) * p) - exp(...)).
    values = np.random.default_rng(31).uniform(0.01, 20.0, 4000).astype(np.float32)
    got = run(name, [("ref", "x")], "float32", inputs={"x": values})
    expected = np.array([rounded(reference(float(v)), np.float32) for v in values], dtype=np.float32)
    assert got.tobytes() == expected.tobytes()


def test_special_values_follow_ieee():
    x = np.array([np.nan, np.inf, -np.inf, 0.0, -0.0, -1.0], dtype=np.float32)
    assert np.isnan(run("vlog", [("ref", "x")], "float32", inputs={"x": x})[[0, 5]]).all()
    logs = run("vlog", [("ref", "x")], "float32", inputs={"x": x})
    assert logs[1] == np.inf and logs[3] == -np.inf and logs[4] == -np.inf
    recs = run("vrec", [("ref", "x")], "float32", inputs={"x": x})
    assert np.signbit(recs[4]) and recs[4] == -np.inf and recs[3] == np.inf
    sqrts = run("vsqrt", [("ref", "x")], "float32", inputs={"x": x})
    assert sqrts[4] == 0.0 and np.signbit(sqrts[4])  # sqrt(-0) = -0


def test_vsignbit_sees_negative_zero_and_nan_signs():
    x = np.array([-0.0, 0.0, -3.0, 2.0, -np.inf], dtype=np.float16)
    x = np.concatenate([x, np.array([struct.unpack("<e", struct.pack("<H", 0xFE00))[0]], dtype=np.float16)])
    got = run("vsignbit", [("ref", "x")], "float16", inputs={"x": x})
    assert got.tolist() == [1.0, 0.0, 1.0, 0.0, 1.0, 1.0]


def test_integer_arithmetic_wraps():
    a = np.array([2 ** 31 - 1, -2 ** 31, 100000], dtype=np.int32)
    b = np.array([1, -1, 100000], dtype=np.int32)
    assert run("vadd", [("ref", "a"), ("ref", "b")], "int32", inputs={"a": a, "b": b}).tolist() == \
        [-2 ** 31, 2 ** 31 - 1, 200000]
    assert run("vmul", [("ref", "a"), ("ref", "b")], "int32", inputs={"a": a, "b": b})[2] == \
        (100000 * 100000 + 2 ** 31) % 2 ** 32 - 2 ** 31


@pytest.mark.parametrize("a, b", [(7, 3), (-7, 3), (7, -3), (-7, -3), (6, 3), (-6, 3), (0, 5)])
def test_int64_vmod_is_floor_mod_like_python(a, b):
    got = run("vmod", [("ref", "a"), ("ref", "b")], "int64",
              inputs={"a": np.array([a], dtype=np.int64), "b": np.array([b], dtype=np.int64)})
    assert int(got[0]) == a % b


def test_integer_division_by_zero_is_zero_not_a_crash():
    got = run("vmod", [("ref", "a"), ("ref", "b")], "int64",
              inputs={"a": np.array([5], dtype=np.int64), "b": np.array([0], dtype=np.int64)})
    assert got.tolist() == [0]


@pytest.mark.parametrize("mode, values, expected", [
    ("trunc", [2.7, -2.7, 1e10, -1e10, np.nan], [2, -2, 2 ** 31 - 1, -2 ** 31, 0]),
    ("rint", [0.5, 1.5, 2.5, -0.5], [0, 2, 2, 0]),
    ("floor", [-0.5, 1.99], [-1, 1]),
    ("ceil", [-0.5, 1.01], [0, 2]),
    ("round", [0.5, -0.5, 2.5], [1, -1, 3]),
])
def test_float_to_int32_conversion_rounds_saturates_and_maps_nan_to_zero(mode, values, expected):
    got = dsl_numpy.convert(np.array(values, dtype=np.float32), "float32", "int32", mode)
    assert got.tolist() == expected


def test_cast_to_follows_the_recorded_route():
    x = np.array([300, -300, 5], dtype=np.int32)
    route = [["int32", "float16", "rint"], ["float16", "int8", "trunc"]]
    got = run("cast_to", [("ref", "x")], "int8", params={"dtype": "int8", "route": route}, inputs={"x": x})
    assert got.tolist() == [127, -128, 5]  # through float16, then saturated


def test_floor_to_float32_keeps_float_and_integral_values():
    x = np.array([-1.5, -0.5, 0.5, 2.0, -0.0], dtype=np.float32)
    got = run("floor", [("ref", "x")], "float32", params={"dtype": "float32"}, inputs={"x": x})
    assert got.dtype == np.float32 and got.tolist() == [-2.0, -1.0, 0.0, 2.0, -0.0]
    assert np.signbit(got[4])


def test_round_to_bfloat16_from_float32_rounds_to_nearest_even():
    x = np.array([1.0 + 2.0 ** -8, 1.0 + 3 * 2.0 ** -8], dtype=np.float32)
    got = run("round", [("ref", "x")], "bfloat16", params={"dtype": "bfloat16"}, inputs={"x": x})
    assert [float(v) for v in got] == [1.0, 1.0 + 2.0 ** -6]


def test_scalar_takes_the_tensor_dtype_before_the_op():
    x = np.array([1.0], dtype=np.float16)
    # 0.1 held in float16 is 0.0999755859375: the product uses that value, not 0.1.
    got = run("vmuls", [("ref", "x"), ("scalar", ("const", 0.1), "float16")], "float16", inputs={"x": x})
    assert float(got[0]) == float(np.float16(0.1))


def test_attribute_scalars_use_float32_arithmetic():
    x = np.array([3.0], dtype=np.float32)
    expr = ("div", ("const", 1.0), ("attr", "alpha"))
    chain_op = [("ref", "x"), ("scalar", expr, "float32")]
    chain = {"combination": {}, "inputs": [{"ref": "x", "port": "x", "dtype": "float32"}],
             "ops": [{"ref": "v0", "name": "vmuls", "operands": chain_op, "params": {}, "dtype": "float32"}],
             "outputs": [{"port": "y", "ref": "v0", "dtype": "float32"}]}
    got = dsl_numpy.evaluate(chain, {"x": x}, {"alpha": 3.0})["y"]
    assert got[0] == np.float32(3.0) * (np.float32(1.0) / np.float32(3.0))


def test_vcmp_and_vsel_with_nan():
    a = np.array([1.0, np.nan, 3.0], dtype=np.float32)
    b = np.array([2.0, 1.0, 3.0], dtype=np.float32)
    mask = run("vcmp", [("ref", "a"), ("ref", "b")], "uint1", params={"operation": "lt", "mode": "bit"},
               inputs={"a": a, "b": b})
    assert mask.tolist() == [True, False, False]
    ne = run("vcmp", [("ref", "a"), ("ref", "b")], "bool", params={"operation": "ne", "mode": "bool"},
             inputs={"a": a, "b": b})
    assert ne.tolist() == [1, 1, 0]
    picked = run("vcmpsel", [("ref", "a"), ("ref", "b"), ("scalar", ("const", 9.0), "float32"),
                             ("scalar", ("const", -9.0), "float32")], "float32", params={"operation": "ge"},
                 inputs={"a": a, "b": b})
    assert picked.tolist() == [-9.0, -9.0, 9.0]


def test_broadcast_of_a_scalar_fills_in_its_dtype():
    got = run("broadcast", [("scalar", ("const", float("inf")), "float16")], "float16")
    assert got == np.float16(np.inf) and got.dtype == np.float16


def test_every_call_the_lowering_translates_has_a_golden():
    from op_migrate.analyzers.scaffold.lower import Lowerer

    translated = {name[len("_op_"):] for name in dir(Lowerer) if name.startswith("_op_")}
    assert translated <= set(dsl_numpy.evaluated_calls())


def test_an_unknown_call_is_refused_not_guessed():
    with pytest.raises(dsl_numpy.GoldenError):
        run("reduce_sum", [("ref", "x")], "float32", inputs={"x": np.ones(2, dtype=np.float32)})


def _powi_reference(a: int, b: int) -> int:
    """Python's exact integer power wrapped to int32; a negative exponent is trunc(1 / a ** |b|), 0 for a zero power
    (asc-devkit Power<int32_t>, power_int_impl.h HandleNegativeExpPowerI)."""
    power = (pow(a, abs(b), 2 ** 32) + 2 ** 31) % 2 ** 32 - 2 ** 31
    if b >= 0:
        return power
    return power if power in (1, -1) else 0


@pytest.mark.parametrize("a, b", [(2, 10), (-3, 5), (7, 0), (0, 0), (0, 3), (3, 40), (-2, 31), (46341, 2),
                                  (2 ** 31 - 1, 3), (-2 ** 31, 2), (1, -5), (-1, -3), (-1, -4), (2, -1), (0, -2),
                                  (65536, -1), (5, 2 ** 31 - 1), (-1, -2 ** 31)])
def test_powi_is_the_wrapped_integer_power(a, b):
    got = run("powi", [("ref", "a"), ("ref", "b")], "int32",
              inputs={"a": np.array([a], dtype=np.int32), "b": np.array([b], dtype=np.int32)})
    assert int(got[0]) == _powi_reference(a, b)


def test_powi_hand_computed_edges():
    a = np.array([2, 2, 0, -1, 3, 65536], dtype=np.int32)
    b = np.array([31, 32, 0, -7, -1, 2], dtype=np.int32)
    got = run("powi", [("ref", "a"), ("ref", "b")], "int32", inputs={"a": a, "b": b})
    assert got.tolist() == [-2 ** 31, 0, 1, -1, 0, 0]


def test_powi_of_a_float_is_refused_not_guessed():
    with pytest.raises(dsl_numpy.GoldenError):
        run("powi", [("ref", "a"), ("ref", "b")], "float32",
            inputs={"a": np.ones(2, dtype=np.float32), "b": np.ones(2, dtype=np.float32)})


def test_an_element_count_scalar_counts_the_inputs_of_its_value_before_broadcasting():
    from op_migrate.analyzers.scaffold.chain import numel_ports

    chain = {
        "inputs": [{"ref": "in0", "port": "a", "dtype": "float32"}, {"ref": "in1", "port": "b", "dtype": "float32"}],
        "ops": [{"ref": "v0", "name": "vabs", "operands": [["ref", "in0"]], "params": {}, "dtype": "float32"},
                {"ref": "v1", "name": "vmuls", "params": {}, "dtype": "float32",
                 "operands": [["ref", "v0"], ["scalar", ["div", ["const", 2.0], ["numel", "v0"]], "float32"]]},
                {"ref": "v2", "name": "vmuls", "params": {}, "dtype": "float32",
                 "operands": [["ref", "in1"], ["scalar", ["numel", "*"], "float32"]]},
                {"ref": "v3", "name": "vadd", "operands": [["ref", "v1"], ["ref", "v2"]], "params": {},
                 "dtype": "float32"}],
        "outputs": [{"port": "y", "ref": "v3", "dtype": "float32"}],
    }
    assert numel_ports(chain, "v0") == ["a"] and numel_ports(chain, "*") == ["a", "b"]
    assert numel_ports(chain, "v3") == ["a", "b"] and numel_ports(chain, "in1") == ["b"]
    a = np.arange(15, dtype=np.float32).reshape(5, 1, 3) - 7
    b = np.ones((4, 3), dtype=np.float32)
    got = dsl_numpy.evaluate(chain, {"a": np.broadcast_to(a, (5, 4, 3)), "b": np.broadcast_to(b, (5, 4, 3))},
                             {"__shapes__": {"a": (5, 1, 3), "b": (4, 3)}})["y"]
    # by hand: |a| * 2 / 15 (a has 15 elements) + b * 60 (the output has 60)
    expected = np.abs(np.broadcast_to(a, (5, 4, 3))) * np.float32(2.0 / 15) + np.float32(60.0)
    assert np.allclose(got, expected, rtol=1e-6)


def test_an_element_count_without_the_shapes_is_refused_not_guessed():
    with pytest.raises(dsl_numpy.GoldenError):
        run("vmuls", [("ref", "x"), ("scalar", ("numel", "x"), "float32")], "float32",
            inputs={"x": np.ones(2, dtype=np.float32)})


def test_an_output_that_reads_no_input_fills_the_output_shape():
    from op_migrate.analyzers.scaffold import golden_check

    chain = {"inputs": [{"ref": "in0", "port": "x", "dtype": "float16"}],
             "ops": [{"ref": "v0", "name": "broadcast", "operands": [["scalar", ["const", 2.5], "float16"]],
                      "params": {}, "dtype": "float16"}],
             "outputs": [{"port": "y", "ref": "v0", "dtype": "float16"}]}
    got = golden_check.golden(chain, {}, {"x": np.zeros((3, 45), dtype=np.float16)}, {})["y"]
    assert got.shape == (3, 45) and np.all(got == np.float16(2.5))


def test_complex_sums_and_differences_are_componentwise_with_float16_parts_for_complex32():
    a = np.array([1.0 + 2.0j, 65504.0 - 0.5j, 0.1 + 0.1j], dtype=np.complex64)
    b = np.array([0.5 - 1.0j, 65504.0 + 0.25j, 0.2 - 0.3j], dtype=np.complex64)
    got = run("vsub", [("ref", "a"), ("ref", "b")], "complex32",
              inputs={"a": dsl_numpy.round_complex32(a), "b": dsl_numpy.round_complex32(b)})
    # by hand: each part rounded to float16 (0.1 is 0.0999755859375 in float16, 0.2 is 0.199951171875)
    half = [(float(np.float16(x)), float(np.float16(y))) for x, y in [(1.0 - 0.5, 2.0 + 1.0), (0.0, -0.75),
                                                                     (0.0999755859375 - 0.199951171875,
                                                                      0.0999755859375 + 0.300048828125)]]
    assert [(float(v.real), float(v.imag)) for v in got] == half
    wide = run("vadd", [("ref", "a"), ("ref", "b")], "complex64", inputs={"a": a, "b": b})
    assert wide.tolist() == (a + b).tolist()


def test_complex32_pairs_travel_as_float16_bytes_and_compare_part_by_part():
    from op_migrate.analyzers.scaffold import golden_check

    values = dsl_numpy.round_complex32(np.array([[1.5 - 2.0j, -0.25 + 8.0j]], dtype=np.complex64))
    raw = golden_check._raw(values, "complex32")
    assert raw.dtype == np.uint32 and raw.shape == (1, 2)
    assert raw.view(np.float16).reshape(-1).tolist() == [1.5, -2.0, -0.25, 8.0]
    assert golden_check._cooked(raw, "complex32").tolist() == values.reshape(-1).tolist()
    passed, detail = golden_check.compare(values + np.complex64(0.01j), values, "complex32")
    assert not passed and "imaginary: 2 of 2 differ" in detail and "real: 2 of" not in detail
    assert golden_check.compare(values, values, "complex32")[0]


def test_a_dimension_scalar_reads_the_broadcast_shape_of_its_ports():
    chain = {
        "inputs": [{"ref": "in0", "port": "a", "dtype": "float32"}, {"ref": "in1", "port": "b", "dtype": "float32"}],
        "ops": [{"ref": "v0", "name": "vmuls", "params": {}, "dtype": "float32",
                 "operands": [["ref", "in0"], ["scalar", ["mul", ["dim", "port:a", 0], ["dim", "port:y", -2]],
                                                       "float32"]]},
                {"ref": "v1", "name": "vadd", "operands": [["ref", "v0"], ["ref", "in1"]], "params": {},
                 "dtype": "float32"}],
        "outputs": [{"port": "y", "ref": "v1", "dtype": "float32"}],
    }
    a = np.full((5, 1, 3), 2.0, dtype=np.float32)
    b = np.zeros((4, 3), dtype=np.float32)
    shapes = {"__shapes__": {"a": (5, 1, 3), "b": (4, 3)}}
    got = dsl_numpy.evaluate(chain, {"a": np.broadcast_to(a, (5, 4, 3)), "b": np.broadcast_to(b, (5, 4, 3))},
                             shapes)["y"]
    # by hand: a's dim 0 is 5, the output's (port y: every input broadcast) dim -2 is 4: 2 * 5 * 4
    assert np.array_equal(got, np.full((5, 4, 3), 40.0, dtype=np.float32))
    too_deep = json.loads(json.dumps(chain).replace('"port:y", -2', '"port:y", -4'))
    with pytest.raises(dsl_numpy.GoldenError):
        dsl_numpy.evaluate(too_deep, {"a": np.broadcast_to(a, (5, 4, 3)), "b": np.broadcast_to(b, (5, 4, 3))},
                           shapes)


def test_a_keys_cases_reach_the_rank_its_dimension_reads_need_and_take_its_rewritten_shapes():
    from op_migrate.analyzers.scaffold import golden_check

    chain = {"inputs": [{"ref": "in0", "port": "a"}, {"ref": "in1", "port": "b"}], "ops": [
        {"ref": "v0", "operands": [["ref", "in0"], ["scalar", ["dim", "port:y", 3], "float32"]]}]}
    rewritten = {**chain, "extra": {"shape_overrides": {"b": [["const", 1], ["dim", "port:a", 1], ["const", 1]]}}}
    document = {"inputs": ["a", "b"], "pattern": "ELEWISE_WITH_BROADCAST",
                "combos": {"0": {"chain": chain}, "1": {"chain": {"ops": []}},
                           "2": {"chain": rewritten, "formats": [["NCDHW", "NCDHW", "NCDHW"]]}}}
    cases = golden_check.shape_cases(document)
    keyed = {key: {case["name"]: golden_check.keyed_case(document, key, case)["shapes"] for case in cases}
             for key in document["combos"]}
    assert all(len(shape) >= 4 for shapes in keyed["0"].values() for shape in shapes if np.prod(shape) > 1)
    assert keyed["0"]["broadcast-rows"] == [[2, 5, 1, 33], [2, 1, 7, 33]]
    assert keyed["0"]["broadcast-scalar"] == [[2, 3, 2, 50], [1, 1, 1, 1]]
    assert keyed["1"]["same-tail"] == [[3, 45], [3, 45]]  # no dimension read: as drawn
    # NCDHW (rank 5): a at that rank, b the [1, a's dim 1, 1] the static path reads it in
    assert keyed["2"]["same-tail"] == [[2, 3, 2, 3, 45], [1, 3, 1]]


def test_a_select_scalar_takes_the_arm_its_condition_picks_and_never_computes_the_other():
    from op_migrate.analyzers.scaffold.scalars import expr_value, host_expr

    count = ("numel", "x")
    expr = ("select", ("cmp", "==", count, ("const", 1)), ("const", 0.0),
            ("div", count, ("sub", count, ("const", 1))))
    assert expr_value(expr, {"numel:x": 1}, raising=True) == 0.0  # the other arm would divide by zero
    assert expr_value(expr, {"numel:x": 4}) == 4 / 3
    assert host_expr(expr, str, lambda refs, index=None: f"N({refs})") == (
        "((static_cast<double>(N(x)) == 1.0) ? 0.0 : (static_cast<double>(N(x)) / "
        "(static_cast<double>(N(x)) - 1.0)))")


@pytest.mark.parametrize("shapes, skip, differ", [
    (((5, 1, 33), (1, 7, 33)), 1, 1), (((6, 40), (6, 1)), 1, 0), (((6, 40), (6, 1)), 0, 1),
    (((2, 50), (1,)), 1, 1), (((3, 45), (3, 45)), 1, 0), (((4, 7, 1), (7, 5)), 1, 1), (((1, 7, 1), (7, 5)), 1, 0)])
def test_whether_two_shapes_differ_before_the_last_axes_is_read_padded_to_one_rank(shapes, skip, differ):
    chain = {"inputs": [{"ref": "in0", "port": "a"}, {"ref": "in1", "port": "b"}], "ops": []}
    read = ("differ", "in0", "in1", skip)
    got = dsl_numpy.shape_values(chain, [read], dict(zip("ab", shapes)))
    # by hand: (2, 50) vs (1,) is (2, 50) vs (1, 1); (1, 7, 1) vs (7, 5) is (1, 7, 1) vs (1, 7, 5)
    assert got == {f"differ:in0:in1:{skip}": differ}


def test_a_key_chosen_by_the_shapes_runs_the_cases_whose_shapes_take_it():
    from op_migrate.analyzers.scaffold import golden_check

    flag = ["select", ["cmp", "!=", ["differ", "in0", "in1", 1], ["const", 0]], ["const", 1], ["const", 0]]
    chain = {"inputs": [{"ref": "in0", "port": "a"}, {"ref": "in1", "port": "b"}], "ops": []}

    def keyed(outcome):
        predicate = {"shape": True, "expr": flag, "attrs": [], "op": "!=", "value_expr": ["const", 0]}
        return {"chain": {**chain, "extra": {"conditions": [{"predicate": predicate, "outcome": outcome}]}}}

    document = {"inputs": ["a", "b"], "pattern": "ELEWISE_WITH_BROADCAST", "combos": {"0": keyed(True),
                                                                                    "1": keyed(False)}}
    cases = golden_check.shape_cases(document)
    runs = {key: [c["name"] for c in cases if golden_check.selects(document, key, c)] for key in ("0", "1")}
    assert runs == {"0": ["broadcast-rows", "broadcast-scalar"],
                    "1": ["same-tail", "same-multicore", "same-specials", "broadcast-row-values"]}


def test_a_key_chosen_by_the_callers_rank_runs_every_case_at_that_rank():
    from op_migrate.analyzers.scaffold import golden_check

    chain = {"inputs": [{"ref": "in0", "port": "a"}, {"ref": "in1", "port": "b"}], "ops": []}

    def keyed(rank):
        predicate = {"shape": True, "expr": ["rank", "port:a"], "attrs": [], "op": "==", "value_expr": ["const", rank]}
        return {"chain": {**chain, "extra": {"conditions": [{"predicate": predicate, "outcome": True}]}}}

    document = {"inputs": ["a", "b"], "pattern": "ELEWISE_WITH_BROADCAST", "combos": {"1": keyed(1), "5": keyed(5)}}
    cases = golden_check.shape_cases(document)
    # rank 5: every case padded to 5 dims (leading 2, 3 ...), so every case selects it; rank 1: the 1-D case as
    # drawn, the others at their last dim (a branch on one port's rank: the caller's shapes are searched for)
    assert all(golden_check.selects(document, "5", c) for c in cases)
    assert [len(s) for s in golden_check.keyed_case(document, "5", cases[0])["shapes"]] == [5, 5]
    assert all(golden_check.selects(document, "1", c) for c in cases)
    assert golden_check.keyed_case(document, "1", cases[0])["shapes"] == [[45], [45]]
    assert golden_check.keyed_case(document, "1", cases[1])["shapes"] == [[9001], [9001]]
    assert dsl_numpy.shape_values(chain, [("rank", "port:a")], {"a": (2, 3, 4), "b": (4,)}) == {"rank:port:a": 3}


def _parts(values) -> list[tuple[float, float]]:
    return [(float(v.real), float(v.imag)) for v in np.asarray(values).reshape(-1)]


def test_complex_pairs_keep_infinite_and_nan_parts_where_they_are():
    # real + 1j * imag would give (nan, inf) for (1, inf): 1j * inf is nan + inf j
    got = run("complex", [("ref", "re"), ("ref", "im")], "complex64",
              inputs={"re": np.array([1.0, np.inf, -0.0], dtype=np.float32),
                      "im": np.array([np.inf, 2.0, np.nan], dtype=np.float32)})
    parts = _parts(got)
    assert parts[0] == (1.0, math.inf) and parts[1] == (math.inf, 2.0)
    assert math.copysign(1.0, parts[2][0]) == -1.0 and math.isnan(parts[2][1])
    half = run("complex", [("ref", "re"), ("ref", "im")], "complex32",
               inputs={"re": np.array([0.1], dtype=np.float16), "im": np.array([65504.0], dtype=np.float16)})
    assert _parts(half) == [(0.0999755859375, 65504.0)]  # the float16 values, exact


def test_real_takes_the_real_part_in_the_part_dtype():
    values = dsl_numpy.round_complex32(np.array([1.5 - 2.0j, -0.25 + 8.0j], dtype=np.complex64))
    got = run("real", [("ref", "x")], "float16", inputs={"x": values})
    assert got.dtype == np.float16 and got.tolist() == [1.5, -0.25]


def test_complex32_times_a_real_scalar_rounds_each_part_to_float16():
    x = dsl_numpy.round_complex32(np.array([0.1 + 3.0j, 65504.0 - 1.0j], dtype=np.complex64))
    got = run("vmuls", [("ref", "x"), ("scalar", ("const", 0.3), "float16")], "complex32", inputs={"x": x})
    s = float(np.float16(0.3))  # util_astype holds the scalar in float16
    want = [(rounded(float(np.float16(0.1)) * s, np.float16), rounded(3.0 * s, np.float16)),
            (rounded(65504.0 * s, np.float16), rounded(-1.0 * s, np.float16))]
    assert _parts(got) == want
    # each part on its own, not a complex product with s + 0i (whose inf * 0 would make the other part NaN)
    x = dsl_numpy.pairs(np.array([65504.0, 1.0], dtype=np.float16), np.array([-1.0, np.inf], dtype=np.float16))
    big = run("vmuls", [("ref", "x"), ("scalar", ("const", 2.0), "float16")], "complex32", inputs={"x": x})
    assert _parts(big) == [(math.inf, -2.0), (2.0, math.inf)]


def test_a_complex64_product_rounds_each_product_difference_and_sum_in_float32():
    rng = np.random.default_rng(7)
    a = dsl_numpy.pairs(*rng.uniform(-5, 5, size=(2, 64)))
    b = dsl_numpy.pairs(*rng.uniform(-5, 5, size=(2, 64)))
    got = run("vmul", [("ref", "a"), ("ref", "b")], "complex64", inputs={"a": a, "b": b})

    def f32(value: float) -> float:
        return struct.unpack("f", struct.pack("f", value))[0]

    want = []
    for x, y in zip(a, b):
        ar, ai, br, bi = (float(v) for v in (x.real, x.imag, y.real, y.imag))
        want.append((f32(f32(ar * br) - f32(ai * bi)), f32(f32(ar * bi) + f32(ai * br))))
    assert _parts(got) == want


@pytest.mark.parametrize("name, dtype", [("vmul", "complex32"), ("vabs", "float16")])
def test_complex_ops_whose_precision_the_install_does_not_give_are_refused(name, dtype):
    x = dsl_numpy.round_complex32(np.array([3.0 + 4.0j], dtype=np.complex64))
    operands = [("ref", "x"), ("ref", "x")] if name == "vmul" else [("ref", "x")]
    with pytest.raises(dsl_numpy.GoldenError):
        run(name, operands, dtype, inputs={"x": x})


def test_a_key_of_one_ports_rank_runs_the_callers_shapes_and_the_golden_reads_the_rewritten_ones():
    # prelu: a [C] weight of a rank-4 x (len(shape_w) == 1, shape_w[0] == shape_x[1]) is read as [1, C, 1, 1]
    from op_migrate.analyzers.scaffold import golden_check

    chain = {"inputs": [{"ref": "in0", "port": "x"}, {"ref": "in1", "port": "w"}], "ops": []}

    def condition(expr, op, right, outcome):
        return {"predicate": {"shape": True, "expr": expr, "attrs": [], "op": op, "value_expr": right},
                "outcome": outcome}

    def keyed(rank, *conditions, override):
        return {"chain": {**chain, "extra": {"conditions": [
            condition(["rank", "port:x"], "==", ["const", rank], True),
            condition(["rank", "port:w"], "==", ["const", 1], True), *conditions],
            "shape_overrides": {"w": override}}}}

    channel = condition(["dim", "port:w", 0], "!=", ["dim", "port:x", 1], False)
    one = condition(["dim", "port:w", 0], "!=", ["const", 1], False)
    document = {"inputs": ["x", "w"], "pattern": "ELEWISE_WITH_BROADCAST", "combos": {
        "0": keyed(4, channel, override=[["const", 1], ["dim", "port:w", 0], ["const", 1], ["const", 1]]),
        "1": keyed(2, one, override=[["const", 1], ["const", 1]])}}
    cases = golden_check.shape_cases(document)
    # rank 4: every case padded to 4 dims; rank 2: every case at its last 2 dims
    for key in ("0", "1"):
        assert all(golden_check.selects(document, key, case) for case in cases)
    tail = golden_check.keyed_case(document, "0", cases[0])
    assert tail["shapes"] == [[2, 3, 3, 45], [3]]  # what the driver passes (the host's VariantHolds reads)
    assert tail["read_shapes"] == [[2, 3, 3, 45], [1, 3, 1, 1]]  # what ApplyShapes gives the kernel
    scalar = golden_check.keyed_case(document, "1", cases[0])
    assert scalar["shapes"] == [[3, 45], [1]] and scalar["read_shapes"] == [[3, 45], [1, 1]]
    # a caller's weight the key's branches do not take (C != x's dim 1) selects neither key
    assert not golden_check._conditions_hold(document, "0", [[2, 3, 3, 45], [45]])
