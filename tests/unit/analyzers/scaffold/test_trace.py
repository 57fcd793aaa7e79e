"""The abstract interpreter on TBE idioms: branches the facts decide, helpers inlined, what stops a trace, what forks
it (attribute branches), and what it assumes (checks that only reject input; shape comparisons)."""

from __future__ import annotations

import json
import textwrap
from pathlib import Path

import numpy as np
import pytest

from op_migrate.analyzers.scaffold import dsl_numpy
from op_migrate.analyzers.scaffold.lower import Lowerer, Val
from op_migrate.analyzers.scaffold.modules import ModuleLoader
from op_migrate.analyzers.scaffold.platform import Platform
from op_migrate.analyzers.scaffold.trace import read_entry, trace, trace_variants

HEADER = """
from impl.util.platform_adapter import tbe
from impl.util.platform_adapter import tbe_platform
from impl.util.platform_adapter import tvm
from impl.util.platform_adapter import shape_util
from impl.util.platform_adapter import para_check
from impl.util.platform_adapter import classify
from impl.util.platform_adapter import OpPatternMode
from impl.util.platform_adapter import register_operator
"""
ENTRY = """
@register_operator("Probe")
@para_check.check_op_params(para_check.REQUIRED_INPUT, para_check.REQUIRED_INPUT, para_check.REQUIRED_OUTPUT,
                            para_check.OPTION_ATTR_FLOAT, para_check.KERNEL_NAME)
def probe(x1, x2, y, alpha=0.5, kernel_name="probe"):
    dtype = x1.get("dtype").lower()
    para_check.check_dtype(dtype, ("float16", "float32", "int32", "int64", "bfloat16"), param_name="x1")
    ins = classify([x1, x2], OpPatternMode.ELEWISE_WITH_BROADCAST)
    schedules, tensors = [], []
    for (_x1, _x2) in ins:
        with tbe.compute():
            s1, s2 = shape_util.variable_shape([_x1, _x2])
            d1 = tvm.placeholder(s1, name="d1", dtype=dtype)
            d2 = tvm.placeholder(s2, name="d2", dtype=dtype)
            res = probe_compute(d1, d2, y, alpha)
            tensors.append([d1, d2, res])
        with tvm.target.cce():
            sch = tbe.auto_schedule(res)
        schedules.append(sch)
    tbe.build(schedules, {"name": kernel_name, "tensor_list": tensors})
"""


def platform(supported=("vdiv",)) -> Platform:
    return Platform(short_soc="Ascend910B", soc_version="Ascend910B1", ini_path=None, dsl_util_path=None,
                    spec={"ubblock_size": "32"},
                    intrinsics={"Intrinsic_vconv": frozenset({"f162f32", "f322f16", "f322s32z", "s322f32"}),
                                "Intrinsic_vdiv": frozenset({"float16", "float32"})},
                    dsl_support={name: {"Ascend910B": ("float16", "float32")} for name in supported}, same_api={})


def traced(tmp_path: Path, compute: str, dtype="float16", plat=None, variants=False):
    path = tmp_path / "probe.py"
    path.write_text(HEADER + textwrap.dedent(compute) + ENTRY, encoding="utf-8")
    loader = ModuleLoader([tmp_path])
    facts = read_entry(loader, path)
    args = (facts, loader, plat or platform(), [("x1", dtype), ("x2", dtype)], [("y", dtype)])
    return trace_variants(*args) if variants else trace(*args)


def names(chain) -> list[str]:
    return [op.name for op in chain.ops]


def test_dtype_and_api_check_support_branches_are_decided(tmp_path):
    compute = """
    def probe_compute(x1, x2, y, alpha):
        if x1.dtype == "float16" and tbe_platform.api_check_support("tbe.dsl.vdiv", "float32"):
            x1 = tbe.cast_to(x1, "float32")
            x2 = tbe.cast_to(x2, "float32")
        res = tbe.vdiv(x1, x2)
        return tbe.cast_to(res, y.get("dtype"))
    """
    chain = traced(tmp_path, compute)
    assert not chain.gaps and names(chain) == ["cast_to", "cast_to", "vdiv", "cast_to"]
    assert chain.queries[0][0] == "api_check_support('tbe.dsl.vdiv', 'float32') = True"
    no_fp32 = traced(tmp_path, compute, plat=platform(supported=()))
    assert names(no_fp32) == ["vdiv"]  # cast_to(res, float16) of a float16 tensor is the tensor itself


def test_local_helpers_are_inlined_with_their_call_chain(tmp_path):
    compute = """
    def _twice(t):
        return tbe.vadd(t, t)

    def probe_compute(x1, x2, y, alpha):
        return _twice(tbe.vsub(x1, x2))
    """
    chain = traced(tmp_path, compute, dtype="float32")
    assert names(chain) == ["vsub", "vadd"]
    assert chain.ops[1].via[-1].startswith("_twice@")


def test_a_tensor_broadcast_records_nothing_and_a_scalar_broadcast_fills(tmp_path):
    compute = """
    def probe_compute(x1, x2, y, alpha):
        _, _, shape = shape_util.broadcast_shapes(x1.shape, x2.shape)
        x1 = tbe.broadcast(x1, shape)
        one = tbe.broadcast(tvm.const(1.0, x1.dtype), shape)
        return tbe.vadd(x1, one)
    """
    chain = traced(tmp_path, compute, dtype="float32")
    assert names(chain) == ["broadcast", "vadd"]
    assert chain.ops[0].operands[0][0] == "scalar"


def test_the_check_dtype_of_the_entry_refuses_a_dtype(tmp_path):
    compute = """
    def probe_compute(x1, x2, y, alpha):
        return tbe.vadd(x1, x2)
    """
    path = tmp_path / "probe.py"
    path.write_text(HEADER + textwrap.dedent(compute) + ENTRY.replace('"int64", ', ""), encoding="utf-8")
    loader = ModuleLoader([tmp_path])
    chain = trace(read_entry(loader, path), loader, platform(), [("x1", "int64"), ("x2", "int64")], [("y", "int64")])
    assert chain.refused and "check_dtype refuses int64" in chain.refused


def test_an_attribute_scalar_stays_symbolic(tmp_path):
    compute = """
    def probe_compute(x1, x2, y, alpha):
        return tbe.vmuls(tbe.vadd(x1, x2), tvm.const(alpha, x1.dtype))
    """
    chain = traced(tmp_path, compute, dtype="float32")
    assert chain.attrs == ("alpha",)
    assert chain.ops[-1].operands[1][1] == ("cast", "float32", ("attr", "alpha"))


ATTR_FORK = """
def probe_compute(x1, x2, y, alpha):
    if {test}:
        return tbe.vmul(x1, x2)
    return tbe.vadd(x1, x2)
"""


# A tuple of attributes compared with constants forks on each element: Python's own == on the tuple would compare
# the attribute objects and decide False for every value (maximum_grad's `(grad_x, grad_y) == (True, False)`).
@pytest.mark.parametrize("test, predicate", [("alpha > 1.0", {"attr": "alpha", "op": ">", "value": 1.0}),
                                             ("(alpha, 2) == (1.5, 2)", {"attr": "alpha", "op": "==", "value": 1.5})])
def test_an_attribute_branch_forks_the_trace(tmp_path, test, predicate):
    chains = traced(tmp_path, ATTR_FORK.format(test=test), dtype="float32", variants=True)
    outcomes = {chain.extra["conditions"][0]["outcome"]: names(chain) for chain in chains}
    assert outcomes == {True: ["vmul"], False: ["vadd"]}
    assert chains[0].extra["conditions"][0]["predicate"] == predicate


def test_tvm_scalar_arithmetic_rounds_and_python_arithmetic_does_not(tmp_path):
    compute = """
    def probe_compute(x1, x2, y, alpha):
        python = tvm.const(alpha * 3.0, "float32")
        typed = tvm.const(alpha, "float32") * 3.0
        return tbe.vmuls(tbe.vmuls(x1, python), typed)
    """
    chain = traced(tmp_path, compute, dtype="float32")
    scalars = [op.operands[1][1] for op in chain.ops]
    assert scalars[0] == ("cast", "float32", ("mul", ("attr", "alpha"), ("const", 3.0)))
    assert scalars[1] == ("cast", "float32", ("mul", ("cast", "float32", ("attr", "alpha")), ("const", 3.0)))


def test_a_branch_on_a_number_computed_from_an_attribute_forks_the_trace(tmp_path):
    compute = """
    def probe_compute(x1, x2, y, alpha):
        half = alpha // 2
        if 1.0 < half * 3.0:
            return tbe.vmuls(tbe.vadd(x1, x2), half)
        return tbe.vadd(x1, x2)
    """
    chains = traced(tmp_path, compute, dtype="float32", variants=True)
    outcomes = {chain.extra["conditions"][0]["outcome"]: names(chain) for chain in chains}
    assert outcomes == {True: ["vadd", "vmuls"], False: ["vadd"]}
    half = ("floor", ("div", ("attr", "alpha"), ("const", 2)))
    assert chains[0].extra["conditions"][0]["predicate"] == {"expr": ("mul", half, ("const", 3.0)), "attrs": ["alpha"],
                                                             "op": ">", "value": 1.0}


def test_an_attribute_is_never_none_and_is_false_forks(tmp_path):
    compute = """
    def probe_compute(x1, x2, y, alpha):
        if alpha is None:
            return tbe.vsub(x1, x2)
        if alpha is False:
            return tbe.vmul(x1, x2)
        return tbe.vadd(x1, x2)
    """
    chains = traced(tmp_path, compute, dtype="float32", variants=True)
    assert {c.extra["conditions"][0]["outcome"]: names(c) for c in chains} == {True: ["vmul"], False: ["vadd"]}
    assert chains[0].extra["conditions"][0]["predicate"] == {"attr": "alpha", "op": "==", "value": False}


def test_a_branch_computing_no_tensor_or_an_input_unchanged_is_an_output_gap(tmp_path):
    compute = """
    def probe_compute(x1, x2, y, alpha):
        if alpha > 1.0:
            return None
        if alpha < 0.0:
            return x1
        return tbe.vadd(x1, x2)
    """
    chains = traced(tmp_path, compute, dtype="float32", variants=True)
    gaps = {tuple(c["outcome"] for c in chain.extra["conditions"]): [(g.construct, g.reason) for g in chain.gaps]
            for chain in chains}
    assert gaps[(True,)] == [("output y", "the chain computes no tensor for output y")]
    assert gaps[(False, True)] == [("tbe.build", "output y is an input unchanged: the scaffold writes no copy kernel")]
    assert gaps[(False, False)] == []


def test_a_check_that_only_rejects_input_is_assumed_to_pass(tmp_path):
    compute = """
    def probe_compute(x1, x2, y, alpha):
        if len(x1.shape) > 8:
            raise RuntimeError("rank")
        return tbe.vadd(x1, x2)
    """
    chain = traced(tmp_path, compute, dtype="float32")
    assert names(chain) == ["vadd"]
    assert "only rejects input" in chain.notes[0][0]


def test_a_check_on_attribute_values_forks_and_its_rejecting_outcome_is_refused(tmp_path):
    # Before, `alpha not in (0.5, 2.0)` was assumed false: the variant of "no other branch taken" kept a kernel for
    # alpha = 7 that TBE refuses, and the host ran it.
    compute = """
    def probe_compute(x1, x2, y, alpha):
        if alpha not in (0.5, 2.0):
            raise RuntimeError("alpha")
        if alpha == 2.0:
            return tbe.vmul(x1, x2)
        return tbe.vadd(x1, x2)
    """
    chains = traced(tmp_path, compute, dtype="float32", variants=True)
    outcomes = {tuple((c["predicate"]["op"], c["outcome"]) for c in chain.extra["conditions"]):
                (chain.refused is not None, names(chain)) for chain in chains}
    assert outcomes == {(("not in", True),): (True, []), (("not in", False), ("==", True)): (False, ["vmul"]),
                        (("not in", False), ("==", False)): (False, ["vadd"])}
    assert not any("only rejects input" in note[0] for chain in chains for note in chain.notes)


def test_a_loop_over_unknown_dims_that_only_rejects_is_assumed_to_pass(tmp_path):
    compute = """
    def probe_compute(x1, x2, y, alpha):
        if len(x1.shape) != len(x2.shape):
            error_manager_vector.raise_err_two_input_shape_invalid("probe", "x1", "x2", "rank")
        else:
            for a, b in zip(x1.shape, x2.shape):
                if a != b and a != -1:
                    detail = "dims"
                    error_manager_vector.raise_err_two_input_shape_invalid("probe", "x1", "x2", detail)
            scale = 2.0
        return tbe.vmuls(tbe.vadd(x1, x2), scale)
    """
    chain = traced(tmp_path, compute.replace("(x1, x2, y, alpha):", "(x1, x2, y, alpha):\n        from impl.util."
                                             "platform_adapter import error_manager_vector"), dtype="float32")
    assert not chain.gaps and names(chain) == ["vadd", "vmuls"]
    assert [note[0].split(" (")[0] for note in chain.notes] == ["assumed false", "assumed to pass"]


def test_a_loop_over_unknown_dims_that_computes_stops_the_trace(tmp_path):
    compute = """
    def probe_compute(x1, x2, y, alpha):
        count = 1
        for dim in x1.shape:
            count = count * dim
        return tbe.vmuls(x1, count)
    """
    chain = traced(tmp_path, compute, dtype="float32")
    assert chain.gaps and "count, set by a loop over x1.shape that the scaffold does not follow" in chain.gaps[0].reason


def test_an_undecidable_branch_stops_the_trace_with_its_line(tmp_path):
    compute = """
    def probe_compute(x1, x2, y, alpha):
        if len(x1.shape) == 4:
            return tbe.vadd(x1, x2)
        return tbe.vsub(x1, x2)
    """
    chain = traced(tmp_path, compute, dtype="float32")
    lines = (tmp_path / "probe.py").read_text(encoding="utf-8").splitlines()
    expected = next(i for i, line in enumerate(lines, 1) if "len(x1.shape) == 4" in line)
    assert chain.gaps and chain.gaps[0].line == expected and "len(x1.shape) == 4" in chain.gaps[0].reason


def test_a_call_it_does_not_translate_is_recorded_and_the_trace_goes_on(tmp_path):
    compute = """
    def probe_compute(x1, x2, y, alpha):
        total = tbe.reduce_sum(tbe.vadd(x1, x2), axis=[-1], keepdims=True)
        return tbe.vabs(total)
    """
    chain = traced(tmp_path, compute, dtype="float32")
    assert names(chain) == ["vadd", "reduce_sum", "vabs"]
    assert "untranslated" in chain.ops[1].params


def test_t0_of_a_one_element_input_becomes_that_input(tmp_path):
    compute = """
    def probe_compute(x1, x2, y, alpha):
        return tbe.vmuls(x1, x2[0] * 2)
    """
    chain = traced(tmp_path, compute, dtype="float32")
    assert names(chain) == ["broadcast", "vmul", "vmul"]
    assert chain.extra["one_element_inputs"] == ["x2"]


def test_raw_tvm_compute_is_not_followed(tmp_path):
    compute = """
    def probe_compute(x1, x2, y, alpha):
        return tvm.compute(x1.shape, lambda *i: x1(*i) + x2(*i), name="raw")
    """
    chain = traced(tmp_path, compute, dtype="float32")
    assert chain.gaps and "raw tvm.compute" in chain.gaps[0].reason


@pytest.mark.parametrize("dtype", ["float16", "bfloat16"])
def test_support_bfp16_casts_bfloat16_around_the_compute(tmp_path, dtype):
    compute = """
    from impl.util.platform_adapter import register_operator_compute

    @register_operator_compute("Probe", op_mode="dynamic", support_fusion=True, support_bfp16=True)
    def probe_compute(x1, x2, y, alpha):
        return tbe.vadd(x1, x2)
    """
    plat = platform()
    plat.intrinsics["Intrinsic_vconv"] = plat.intrinsics["Intrinsic_vconv"] | {"bf162f32", "f322bf16r"}
    chain = traced(tmp_path, compute, dtype=dtype, plat=plat)
    expected = ["cast_to", "cast_to", "vadd", "round"] if dtype == "bfloat16" else ["vadd"]
    assert names(chain) == expected


def test_an_element_count_loop_is_a_host_scalar_of_the_inputs_it_counts(tmp_path):
    compute = """
    import math

    def probe_compute(x1, x2, y, alpha):
        x1 = tbe.cast_to(x1, "float32")
        x1_shape, _, shape = shape_util.broadcast_shapes(shape_util.shape_to_list(x1.shape), x2.shape)
        x2 = tbe.broadcast(x2, shape)
        count = 1.0
        for dim in x1_shape:
            count *= dim
        cof = 2.0 if math.isclose(count, 0.0) else count ** (-1)
        cof = tvm.const(cof, dtype="float32")
        out = 1
        for dim in x2.shape:
            if isinstance(dim, tvm.tir.IntImm):
                out *= dim.value
            else:
                out *= dim
        if isinstance(count, float) and isinstance(out, int):
            return tbe.cast_to(tbe.vmuls(tbe.vmuls(x1, cof), out), "float16")
        return x2
    """
    chain = traced(tmp_path, compute, dtype="float16")
    assert not chain.gaps and names(chain) == ["cast_to", "vmuls", "vmuls", "cast_to"]
    first, second = chain.ops[1].operands[1][1], chain.ops[2].operands[1][1]
    # the count of x1 is of the cast's shape (v0: computed from in0 alone); x2 broadcast counts the output shape
    assert first == ("cast", "float32", ("pow", ("mul", ("const", 1.0), ("numel", "v0")), ("const", -1)))
    assert second == ("mul", ("const", 1), ("numel", "v0,in1"))
    assert any(note[0].startswith("decided False: math.isclose(count, 0.0)") for note in chain.notes)


def test_a_branch_on_an_element_count_stops_the_trace(tmp_path):
    compute = """
    def probe_compute(x1, x2, y, alpha):
        count = 1
        for dim in x1.shape:
            count *= dim
        if count > 1024:
            return tbe.vadd(x1, x2)
        return tbe.vsub(x1, x2)
    """
    chain = traced(tmp_path, compute, dtype="float32")
    assert chain.gaps and "element count" in chain.gaps[0].reason


def test_a_branch_that_only_drops_trailing_unit_dims_is_not_followed(tmp_path):
    compute = """
    def probe_compute(x1, x2, y, alpha):
        s1, s2, both = shape_util.broadcast_shapes(x1.shape, x2.shape)
        if s1[-1] == 1 and s2[-1] == 1 and both[-1] == 1:
            s1 = s1 if len(s1) == 1 else s1[:-1]
            s2 = s2[:-1]
        return tbe.vadd(x1, x2)
    """
    chain = traced(tmp_path, compute, dtype="float32")
    assert not chain.gaps and names(chain) == ["vadd"]
    assert chain.notes[0][0].startswith("not followed (it only drops dims of 1")


@pytest.mark.parametrize("body", ["s1 = s2[:-1]", "s1 = s1[:-1]\n            alpha = 2.0"])
def test_a_unit_dim_branch_that_does_more_stops_the_trace(tmp_path, body):
    compute = f"""
    def probe_compute(x1, x2, y, alpha):
        s1, s2, both = shape_util.broadcast_shapes(x1.shape, x2.shape)
        if s1[-1] == 1 and s2[-1] == 1:
            {body}
        return tbe.vadd(x1, x2)
    """
    chain = traced(tmp_path, compute, dtype="float32")
    assert chain.gaps and "cannot decide s1[-1] == 1" in chain.gaps[0].reason


def test_the_python_type_of_a_build_time_number_follows_python():
    from op_migrate.analyzers.scaffold.values import python_type

    kinds = {"bits": "int", "alpha": "float"}
    assert python_type(("sub", ("attr", "bits"), ("const", 1)), kinds) is int
    assert python_type(("mul", ("attr", "alpha"), ("const", 2)), kinds) is float
    assert python_type(("div", ("attr", "bits"), ("const", 2)), kinds) is float
    assert python_type(("mul", ("const", 1.0), ("numel", "in0")), kinds) is float
    # int ** int is a float for a negative exponent: not decided; an attribute of unknown type neither
    assert python_type(("pow", ("const", 2), ("attr", "bits")), kinds) is None
    assert python_type(("add", ("attr", "other"), ("const", 1)), kinds) is None


def test_a_complex_conversion_is_recorded_untranslated_with_its_result_dtype(tmp_path):
    compute = """
    def probe_compute(x1, x2, y, alpha):
        return tbe.cast_to(x1, "complex64")
    """
    path = tmp_path / "probe.py"
    path.write_text(HEADER + textwrap.dedent(compute) + ENTRY.replace('"float16", "float32"', '"float32"'),
                    encoding="utf-8")
    loader = ModuleLoader([tmp_path])
    chain = trace(read_entry(loader, path), loader, platform(), [("x1", "float32"), ("x2", "float32")],
                  [("y", "complex64")])
    assert chain.refused is None and not chain.gaps
    assert chain.ops[0].dtype == "complex64" and "complex conversion" in chain.ops[0].params["untranslated"]


def test_a_namedtuple_of_the_inputs_is_read_by_index_and_field(tmp_path):
    compute = """
    from collections import namedtuple

    def probe_compute(x1, x2, y, alpha):
        pair = namedtuple("pair", "first, second")(first=x1, second=x2)
        if pair[1] is not None:
            return tbe.vsub(pair.first, pair[1])
        return x1
    """
    chain = traced(tmp_path, compute, dtype="float32")
    assert not chain.gaps and names(chain) == ["vsub"]
    assert chain.ops[0].operands == (("ref", "in0"), ("ref", "in1"))


STATIC_TWIN = """
from impl.util import util_common

def probe_compute(x1, x2, y, alpha):
    if not util_common.is_unknown([y]):
        shape = y.get("shape")
        rec = tvm.const(1.0 / (shape[0] * shape[-1]), "float32")
    else:
        rec = tbe.var("rec", dtype="float32")
    return tbe.vmuls(tbe.vsub(x1, x2), rec)
"""


def test_a_tbe_var_scalar_takes_the_static_path_whose_dims_the_host_reads(tmp_path):
    chain = traced(tmp_path, STATIC_TWIN, dtype="float32", variants=True)[0]
    assert not chain.gaps and names(chain) == ["vsub", "vmuls"]
    scalar = chain.ops[1].operands[1][1]
    # y's shape (an output: the broadcast shape of the inputs), its first and last dims
    assert scalar == ("cast", "float32", ("div", ("const", 1.0), ("mul", ("dim", "port:y", 0), ("dim", "port:y", -1))))
    assert any(note[0].startswith("traced on the static path") for note in chain.notes)


def test_without_the_static_path_a_tbe_var_scalar_is_named_with_what_stops_its_static_path(tmp_path):
    compute = STATIC_TWIN.replace("shape[0] * shape[-1]", "sum(shape)")
    chain = traced(tmp_path, compute, dtype="float32", variants=True)[0]
    assert chain.gaps and chain.gaps[0].reason.startswith("tbe.vmuls: a scalar from tbe.var('rec'), a scalar the C++")
    assert "its static path: tbe.vmuls" not in chain.gaps[0].reason and "sum()" in chain.gaps[0].reason
    # the dynamic path alone (trace(), no retry): a dimension stays unknown
    compute = STATIC_TWIN.replace("if not util_common.is_unknown([y]):", "if True:")
    assert traced(tmp_path, compute, dtype="float32").gaps


def test_a_list_attribute_the_opdef_does_not_carry_is_traced_with_its_default(tmp_path):
    compute = """
    def probe_compute(x1, x2, y, alpha):
        if alpha is not None and len(alpha) > 0:
            return tbe.vadd(x1, x2)
        return tbe.vsub(x1, x2)
    """
    path = tmp_path / "probe.py"
    path.write_text(HEADER + textwrap.dedent(compute) + ENTRY, encoding="utf-8")
    loader = ModuleLoader([tmp_path])
    facts = read_entry(loader, path)
    args = (facts, loader, platform(), [("x1", "float32"), ("x2", "float32")], [("y", "float32")],
            {"alpha": "listInt"}, None)
    assert names(trace_variants(*args, {"alpha": []})[0]) == ["vsub"]
    chain = trace_variants(*args, {"alpha": [[]]})[0]
    assert names(chain) == ["vadd"] and "op-info default [[]]" in chain.notes[0][0]
    assert trace_variants(*args)[0].gaps  # an attribute known only at run time: len() is not decided


@pytest.mark.parametrize("rewrite, stops", [("[1, x1.get('shape')[1], 1]", False),
                                             ("[1, x2.get('shape')[0], 1]", False), ("[alpha, 1]", True)])
def test_an_input_shape_the_static_path_rewrites_from_other_dims_is_computed_by_the_host(tmp_path, rewrite, stops):
    compute = """
    from impl.util import util_common

    def probe_compute(x1, x2, y, alpha):
        rec = tvm.const(1.0, "float32") if not util_common.is_unknown([y]) else tbe.var("rec", dtype="float32")
        return tbe.vmuls(tbe.vsub(x1, x2), rec)
    """
    entry = ENTRY.replace("    ins = classify(", "    if not util_common.is_unknown([x1]):\n"
                                                f"        x2['shape'] = {rewrite}\n    ins = classify(")
    path = tmp_path / "probe.py"
    path.write_text(HEADER + textwrap.dedent(compute) + entry, encoding="utf-8")
    loader = ModuleLoader([tmp_path])
    facts = read_entry(loader, path)
    chain = trace_variants(facts, loader, platform(), [("x1", "float32"), ("x2", "float32")], [("y", "float32")])[0]
    if stops:  # an attribute: not stated
        assert chain.gaps and "its static path: the shape of input x2 is rewritten before classify to" \
            in chain.gaps[0].reason
    else:  # another port's dims, or its own as the caller gives them (prelu: a [C] weight read as [1, C, 1])
        port = "x1" if "x1" in rewrite else "x2"
        assert not chain.gaps and chain.extra["shape_overrides"] == {
            "x2": (("const", 1), ("dim", f"port:{port}", 1 if port == "x1" else 0), ("const", 1))}


def test_arms_that_only_assign_numbers_on_a_shape_condition_become_a_host_select(tmp_path):
    compute = STATIC_TWIN.replace('''        rec = tvm.const(1.0 / (shape[0] * shape[-1]), "float32")''', '''        num = shape[0]
        if num == 1:
            rec = 0.0
        else:
            rec = float(num) / (num - 1)''')
    chain = traced(tmp_path, compute, dtype="float32", variants=True)[0]
    assert not chain.gaps and names(chain) == ["vsub", "vmuls"]
    dim = ("dim", "port:y", 0)
    assert chain.ops[1].operands[1][1] == ("select", ("cmp", "==", dim, ("const", 1)), ("const", 0.0),
                                           ("div", ("float", dim), ("sub", dim, ("const", 1))))
    assert any(note[0].startswith("the host computes per call: rec = 0.0 if") for note in chain.notes)


def test_a_shape_condition_whose_arm_computes_a_tensor_forks_the_static_path(tmp_path):
    compute = STATIC_TWIN.replace('''        rec = tvm.const(1.0 / (shape[0] * shape[-1]), "float32")''', '''        rec = 2.0
        if shape[0] == 1:
            x1 = tbe.vabs(x1)''')
    chains = traced(tmp_path, compute, dtype="float32", variants=True)
    # one kernel per outcome, chosen by the host from the call's shapes as a static build of them would branch
    assert [names(c) for c in chains] == [["vabs", "vsub", "vmuls"], ["vsub", "vmuls"]]
    assert [c.extra["conditions"][0]["outcome"] for c in chains] == [True, False]
    predicate = chains[0].extra["conditions"][0]["predicate"]
    assert predicate == {"shape": True, "expr": ("dim", "port:y", 0), "attrs": [], "op": "==",
                         "value_expr": ("const", 1)}


def test_a_dimension_the_dynamic_path_cannot_read_is_read_on_the_static_path_where_it_is_never_minus_one(tmp_path):
    compute = """
    def probe_compute(x1, x2, y, alpha):
        dims = [(1, None) if d == -1 else (d, d) for d in [y.get("shape")[1]]]
        return tbe.vmuls(tbe.vsub(x1, x2), tvm.const(1.0 / dims[0][1], "float32"))
    """
    chain = traced(tmp_path, compute, dtype="float32", variants=True)[0]
    assert not chain.gaps and names(chain) == ["vsub", "vmuls"]
    assert chain.ops[1].operands[1][1] == ("cast", "float32", ("div", ("const", 1.0), ("dim", "port:y", 1)))
    # the dynamic path alone cannot read it
    assert traced(tmp_path, compute, dtype="float32").gaps


def test_chains_that_read_an_input_in_another_shape_are_not_merged():
    from dataclasses import replace

    from op_migrate.analyzers.scaffold.chain import Chain
    from op_migrate.analyzers.scaffold.plan import _chain_text

    chain = Chain(combination={}, soc="Ascend910B", inputs=(), ops=(), outputs=(), attrs=(), queries=(), notes=(),
                  gaps=())
    rewritten = replace(chain, extra={"shape_overrides": {"x2": (("const", 1), ("dim", "port:x1", 1))}})
    assert _chain_text(chain) != _chain_text(rewritten)
    assert _chain_text(replace(chain, notes=(("a note", 1, "p"),))) == _chain_text(chain)


def _with_entry(tmp_path, compute: str, entry: str, dtype="float32", attr_types=None, formats=None, every=False):
    path = tmp_path / "probe.py"
    path.write_text(HEADER + textwrap.dedent(compute) + entry, encoding="utf-8")
    loader = ModuleLoader([tmp_path])
    facts = read_entry(loader, path)
    chains = trace_variants(facts, loader, platform(), [("x1", dtype), ("x2", dtype)], [("y", dtype)], attr_types,
                            formats)
    return chains if every else chains[0]


VSUB = """
def probe_compute(x1, x2, y, alpha):
    return tbe.vsub(x1, x2)
"""


def _before_classify(code: str) -> str:
    """The probe's entry with these lines before classify."""
    return ENTRY.replace("    ins = classify(", code + "    ins = classify(")


@pytest.mark.parametrize("padding, follows", [
    ("x2['shape'] = [1] * dif + list(x2['shape'])\n        x2['range'] = [(1, 1)] * dif + list(x2['range'])", False),
    ("x2['shape'] = list(x2['shape']) + [1] * dif", True),  # trailing 1s move the dims: not a no-op
    ("x2['shape'] = [1] * dif + list(x1['shape'])", True),  # another port's shape
    ("x2['shape'] = [2] * dif + list(x2['shape'])", True)])
def test_a_branch_that_only_puts_leading_unit_dims_in_front_of_a_shape_is_not_followed(tmp_path, padding, follows):
    entry = _before_classify(f"    dif = len(x1['shape']) - len(x2['shape'])\n    if dif > 0:\n        {padding}\n")
    chain = _with_entry(tmp_path, VSUB, entry)
    if follows:  # the static path forks on the ranks; the arm that rewrites x2's shape stops there
        assert chain.gaps and "the shape of input x2 is replaced before classify" in chain.gaps[0].reason
    else:
        assert not chain.gaps and names(chain) == ["vsub"]
        assert any(note[0].startswith("not followed (it only puts leading dims of 1") for note in chain.notes)


@pytest.mark.parametrize("check, dtype", [("alpha > 16 or alpha < 2", "int32"), ("2 > alpha", "int32"),
                                          ("alpha < -1", None), ("alpha > 16", None), (None, None)])
def test_a_rejecting_check_on_an_int_attribute_makes_int_powers_of_it_ints(tmp_path, check, dtype):
    compute = f"""
    def probe_compute(x1, x2, y, alpha):
        {"if " + check + ": raise RuntimeError('alpha out of range')" if check else "pass"}
        top = tbe.broadcast(2 ** alpha - 1, x1.shape)
        return tbe.vadd(x1, tbe.cast_to(top, "float32"))
    """
    entry = ENTRY.replace("OPTION_ATTR_FLOAT", "OPTION_ATTR_INT").replace("alpha=0.5", "alpha=8")
    chains = _with_entry(tmp_path, compute, entry, attr_types={"alpha": "int"}, every=True)
    # The check forks: the values it rejects TBE refuses; those it lets through bound alpha from below.
    assert [c.refused is not None for c in chains] == [True] * (len(chains) - 1) + [False]
    assert len(chains) == 1 + (check or "").count(" or ") + bool(check)
    chain = chains[-1]
    if dtype is None:  # 2 ** alpha is a float for a negative alpha: which dtype TBE takes is not known
        assert chain.gaps and "tbe.broadcast of a scalar without a dtype" in chain.gaps[0].reason
    else:
        assert not chain.gaps and chain.ops[0].name == "broadcast" and chain.ops[0].dtype == dtype


@pytest.mark.parametrize("result, gap", [("tbe.vmuls(x2, 2.0)", True), ("tbe.vmuls(x1, 2.0)", False),
                                         ("tbe.broadcast(tbe.vmuls(x2, 2.0), x1.shape)", False),
                                         ("tbe.vadd(x1, x2)", False)])
def test_an_output_computed_without_the_first_input_is_named(tmp_path, result, gap):
    compute = f"""
    def probe_compute(x1, x2, y, alpha):
        return {result}
    """
    chain = traced(tmp_path, compute, dtype="float32")
    if gap:  # TBE gives it the shape of x2 (BN's batch_mean: the shape of sum, not of x); the kernel that of both
        assert chain.gaps and chain.gaps[0].reason.startswith("output y is computed from x2 only")
        assert "(x1 too)" in chain.gaps[0].reason
    else:
        assert not chain.gaps


SEARCH = """
def probe_compute(x1, x2, y, alpha):
    s1, s2, both = shape_util.broadcast_shapes({shapes})
    flag = 0
    for i in range(len(s1) - 1):
        if s1[i] != s2[i]:
            flag = 1
            break
    if flag:
        return tbe.vadd(tbe.vmuls(x2, alpha), x1)
    return tbe.vaxpy(x2, x1, alpha)
"""


def test_a_loop_over_the_rank_searching_a_differing_axis_forks_on_the_host_computed_answer(tmp_path):
    chains = traced(tmp_path, SEARCH.format(shapes="x1.shape, x2.shape"), dtype="float32", variants=True)
    assert [names(c) for c in chains] == [["vmuls", "vadd"], ["vaxpy"]]
    predicate = chains[0].extra["conditions"][0]["predicate"]
    # flag: 1 where x1's and x2's broadcast shapes differ before the last axis, else its value before the loop
    assert predicate["shape"] and predicate["expr"] == (
        "select", ("cmp", "!=", ("differ", "in0", "in1", 1), ("const", 0)), ("const", 1), ("const", 0))
    assert any("whether s1 and s2 differ in those axes" in note[0] for note in chains[0].notes)


def test_the_search_loop_over_shapes_of_different_ranks_is_not_the_idiom(tmp_path):
    # x1.shape and x2.shape themselves are not padded to one rank: s1[i] != s2[i] compares other axes
    compute = SEARCH.format(shapes="x1.shape, x2.shape").replace(
        "    s1, s2, both = shape_util.broadcast_shapes(x1.shape, x2.shape)", "    s1, s2 = x1.shape, x2.shape")
    chains = traced(tmp_path, compute, dtype="float32", variants=True)
    assert len(chains) == 1 and chains[0].gaps and "range(len(s1) - 1)" in chains[0].gaps[0].reason


@pytest.mark.parametrize("layout, decided", [("FRACTAL_NZ", True), ("NC1HWC0", True), ("ND", False),
                                             ("NCHW", False)])
def test_the_rank_of_a_storage_format_decides_a_comparison_below_it(tmp_path, layout, decided):
    entry = _before_classify("    if len(x2['shape']) == 1 and x2['shape'][0] % 16 == 0:\n        x2 = x1\n")
    chain = _with_entry(tmp_path, VSUB, entry, formats={"x1": layout, "x2": layout, "y": layout})
    # NC1HWC0 has 5 dims, FRACTAL_NZ at least 4: never 1; an NCHW port may be a [C] vector
    assert (not chain.gaps) is decided


def test_an_ordering_of_tuples_of_attributes_stops_the_trace(tmp_path):
    ordered = traced(tmp_path, ATTR_FORK.format(test="(alpha, 2) < (1.5, 2)"), dtype="float32")
    assert ordered.gaps and "an ordering of sequences" in ordered.gaps[0].reason


def test_an_indexed_tensor_stops_the_trace_only_where_it_is_used(tmp_path):
    # gelu_grad passes placeholders[1] as tanh_compute's output dict, which tanh_compute never reads
    compute = """
    def helper(x, unused):
        return tbe.vabs(x)

    def probe_compute(x1, x2, y, alpha):
        return tbe.vadd(helper(x1, x1[1]), x2)
    """
    chain = traced(tmp_path, compute, dtype="float32")
    assert not chain.gaps and names(chain) == ["vabs", "vadd"]
    used = traced(tmp_path, compute.replace("tbe.vabs(x)", "tbe.vadd(x, unused)"), dtype="float32")
    assert used.gaps and "x1[1]: indexing a tensor" in used.gaps[0].reason


@pytest.mark.parametrize("body, expected", [
    ("lambda *i: x1(*i) * x2[0]", [("ref", "in0"), ("ref", "in1")]),
    ("lambda *i: x2[0] - x1(*i)", [("ref", "in1"), ("ref", "in0")]),  # the order of a difference is kept
])
def test_tvm_compute_of_a_tensor_with_t0_is_the_dsl_op_on_a_one_element_input(tmp_path, body, expected):
    compute = f"""
    def probe_compute(x1, x2, y, alpha):
        return tvm.compute(x1.shape, {body}, tag="elewise_single_VS_mul")
    """
    chain = traced(tmp_path, compute, dtype="float32")
    assert not chain.gaps and names(chain) == [{"*": "vmul", "-": "vsub"}[body.split()[3]]]
    assert list(chain.ops[0].operands) == expected and chain.extra["one_element_inputs"] == ["x2"]


@pytest.mark.parametrize("body", ["lambda *i: x1(*i) / x2[0]",  # tvm's division is not tbe.vdiv's
                                  "lambda *i: x1(*i) * x2(*i)",  # both read the indices
                                  "lambda *i: x1(*i) * 2.0"])  # not t[0]
def test_other_tvm_compute_lambdas_stop_the_trace(tmp_path, body):
    compute = f"""
    def probe_compute(x1, x2, y, alpha):
        return tvm.compute(x1.shape, {body})
    """
    chain = traced(tmp_path, compute, dtype="float32")
    assert chain.gaps and "tvm.compute" in chain.gaps[0].construct
    other_shape = traced(tmp_path, compute.replace("tvm.compute(x1.shape, lambda *i: x1(*i) * 2.0)",
                                                   "tvm.compute(x2.shape, lambda *i: x1(*i) * x2[0])"),
                         dtype="float32")
    assert other_shape.gaps  # the shape of another tensor than the one read


@pytest.mark.parametrize("check, assumed", [("raise RuntimeError('shapes')", True),
                                            ("return tbe.vsub(x1, x2)", False)])
def test_shapes_compared_in_a_check_are_assumed_valid_and_elsewhere_take_the_broadcast_path(tmp_path, check, assumed):
    compute = f"""
    def probe_compute(x1, x2, y, alpha):
        if x1.shape != x2.shape:
            {check}
        return tbe.vadd(x1, x2)
    """
    chain = traced(tmp_path, compute, dtype="float32")
    # a check (wts_arq: w_min's shape must equal w_max's) lets valid input through; a branch is the broadcast path
    assert not chain.gaps and names(chain) == (["vadd"] if assumed else ["vsub"])
    assert chain.notes[0][0].startswith("assumed false (it only rejects input)" if assumed else
                                        "assumed the shapes differ (the broadcast path)")


@pytest.mark.parametrize("after, follows", [("if size > 1024:\n            raise RuntimeError('too big')", True),
                                            ("alpha = size", False)])
def test_a_loop_that_only_sets_names_is_not_followed_and_what_it_sets_is_unknown(tmp_path, after, follows):
    compute = f"""
    def probe_compute(x1, x2, y, alpha):
        size = 1
        for i, dim in enumerate(x1.shape):
            if dim == -1:
                size *= 1024
            else:
                size *= dim
        {after}
        return tbe.vmuls(x1, alpha)
    """
    chain = traced(tmp_path, compute, dtype="float32")
    if follows:  # wts_arq's w_size: only a check that rejects input reads it, assumed to pass
        assert not chain.gaps and any(note[0].startswith("not followed (it only sets dim, i, size, unknown")
                                      for note in chain.notes)
    else:  # the computed size reaches a DSL call: stop with what set it
        assert chain.gaps and "size, set by a loop over enumerate(x1.shape)" in chain.gaps[0].reason


@pytest.mark.parametrize("body, follows", [
    ("rng.append((1, 1) if d == 1 else r)", True),
    ("x2['range'] = r", False),  # a store into a dict: not only names
    ("rng.append(tbe.vabs(x1))", False),  # a DSL call
    ("return tbe.vabs(x1)", False)])
def test_a_loop_building_a_range_from_another_is_not_followed(tmp_path, body, follows):
    # prelu / scale / bninference_d: `for i, r in enumerate(x["range"]): rng.append(...)`; x2["range"] = tuple(rng)
    entry = _before_classify(f"    rng = []\n    for d, r in zip(x1['shape'], x1['range']):\n        {body}\n"
                             "    x2['range'] = tuple(rng)\n")
    assert (not _with_entry(tmp_path, VSUB, entry).gaps) is follows


RANKED = ENTRY.replace("    ins = classify(", "    scale = alpha\n    if len(x1['shape']) == 4:\n"
                                             "        ARM\n    ins = classify(").replace(
    "probe_compute(d1, d2, y, alpha)", "probe_compute(d1, d2, y, scale)")


def test_the_rank_of_a_port_shape_on_the_static_path_is_a_number_the_host_reads(tmp_path):
    compute = """
    def probe_compute(x1, x2, y, alpha):
        return tbe.vmuls(tbe.vsub(x1, x2), alpha)
    """
    chain = _with_entry(tmp_path, compute, RANKED.replace("ARM", "scale = alpha * 2"))
    # the dynamic path cannot decide the rank; the static path reads the caller's rank of x1
    assert not chain.gaps and chain.ops[1].operands[1][1] == (
        "select", ("cmp", "==", ("rank", "port:x1"), ("const", 4)), ("mul", ("attr", "alpha"), ("const", 2)),
        ("attr", "alpha"))
    chains = _with_entry(tmp_path, compute, RANKED.replace("ARM", "scale = alpha * 2\n        kernel_name = 'r'"),
                         every=True)
    # an arm that does more than assign numbers forks: one kernel per outcome, chosen by the caller's rank
    assert [c.extra["conditions"][0]["predicate"]["expr"] for c in chains] == [("rank", "port:x1")] * 2


def test_the_rank_stays_unknown_after_leading_ones_were_put_in_front_of_a_shape(tmp_path):
    compute = """
    def probe_compute(x1, x2, y, alpha):
        return tbe.vmuls(tbe.vsub(x1, x2), alpha)
    """
    padding = ("    dif = len(x1['shape']) - len(x2['shape'])\n    if dif > 0:\n"
               "        x2['shape'] = [1] * dif + list(x2['shape'])\n")
    entry = RANKED.replace("ARM", "scale = alpha * 2").replace("    scale = alpha\n", padding + "    scale = alpha\n")
    chain = _with_entry(tmp_path, compute, entry)
    # TBE's rank of x1 is unchanged here, but after the unread padding no rank is trusted: stop, never guess
    assert chain.gaps and "len(x1['shape']) == 4" in chain.gaps[0].reason
    assert any(note[0].startswith("not followed (it only puts leading dims of 1") for note in chain.notes)


def test_a_port_dict_whose_shape_is_replaced_or_passed_twice_stops_at_classify(tmp_path):
    for change, reason in (("    x2['shape'] = x1['shape']\n", "the shape of input x2 is replaced before classify"),
                           ("    x2 = x1\n", "the dict of input x1 is classified twice")):
        chain = _with_entry(tmp_path, VSUB, _before_classify(change))
        assert chain.gaps and reason in chain.gaps[0].reason


@pytest.mark.parametrize("lookup", ["TABLE.get(alpha)", "TABLE[alpha]"])
def test_a_dict_looked_up_by_an_attribute_forks_on_each_key(tmp_path, lookup):
    # ascend_anti_quant_v2's DTYPE_2_STR_ANTI_MAP.get(dst_type): Python's lookup of the attribute object finds nothing
    compute = f"""
    TABLE = {{0.5: "float16", 1.5: "float32"}}

    def probe_compute(x1, x2, y, alpha):
        dtype = {lookup}
        para_check.check_dtype(dtype, ("float16", "float32"), param_name="alpha")
        return tbe.cast_to(tbe.vadd(x1, x2), dtype)
    """
    chains = traced(tmp_path, compute, dtype="float32", variants=True)
    served = {tuple(c["outcome"] for c in chain.extra["conditions"]): chain for chain in chains if not chain.refused}
    assert {key: chain.outputs[0].dtype for key, chain in served.items()} == {(True,): "float16",
                                                                              (False, True): "float32"}
    assert [c["text"] for c in served[(False, True)].extra["conditions"]] == ["alpha == 0.5", "alpha == 1.5"]
    # neither key: None (get) or a KeyError (subscript), which TBE refuses (check_dtype of None raises)
    assert [chain for chain in chains if chain.refused or chain.gaps]


def test_arithmetic_on_a_bounded_rank_is_not_the_bound(tmp_path):
    # len(nc1hwc0) is at least 5, but len(a) - len(b) may be 0: `dif > 0` must stay undecided, not True
    compute = """
    def probe_compute(x1, x2, y, alpha):
        return tbe.vmuls(tbe.vsub(x1, x2), alpha)
    """
    entry = RANKED.replace("    if len(x1['shape']) == 4:\n        ARM\n",
                           "    if len(x1['shape']) - len(x2['shape']) > 0:\n        scale = alpha * 2\n")
    chain = _with_entry(tmp_path, compute, entry, formats={"x1": "NC1HWC0", "x2": "NC1HWC0", "y": "NC1HWC0"})
    assert chain.gaps and "len(x1['shape']) - len(x2['shape']) > 0" in chain.gaps[0].reason


def test_a_list_of_the_callers_rank_forks_on_each_rank(tmp_path):
    # bn_infer_grad: `fill = [1] * len(storage_shape); fill[1] = storage_shape[1]; scale["shape"] = fill`
    entry = _before_classify("    if len(x1['shape']) > 1:\n        fill = [1] * len(x1['shape'])\n"
                             "        fill[-1] = x1['shape'][-1]\n        x2['shape'] = fill\n")
    chains = _with_entry(tmp_path, VSUB, entry, every=True)
    served = [c for c in chains if not c.refused]
    assert all(not c.gaps for c in served) and len(served) == 8  # rank 1 (no rewrite), ranks 2 .. 8
    by_rank = {}
    for chain in served:
        taken = [c["predicate"]["value_expr"][1] for c in chain.extra["conditions"]
                 if c["predicate"]["op"] == "==" and c["outcome"]]
        by_rank[taken[0] if taken else 1] = chain.extra.get("shape_overrides", {}).get("x2")
    assert sorted(by_rank) == list(range(1, 9)) and by_rank[1] is None
    assert by_rank[3] == (("const", 1), ("const", 1), ("dim", "port:x1", -1))
    # rank == 1 is never tried where `len > 1` was taken: the earlier decision excludes it
    assert not any(c["predicate"]["op"] == "==" and c["predicate"]["value_expr"] == ("const", 1)
                   for chain in served for c in chain.extra["conditions"])
    assert any(chain.refused and "a rank above 8" in chain.refused for chain in chains)


def test_an_undecidable_conditional_expression_stops_only_where_its_value_is_used(tmp_path):
    compute = """
    def probe_compute(x1, x2, y, alpha):
        unused = 1 if len(x1.shape) == 4 else 2
        return tbe.vmuls(tbe.vsub(x1, x2), alpha)
    """
    assert not traced(tmp_path, compute, dtype="float32").gaps
    used = traced(tmp_path, compute.replace("alpha)\n", "unused)\n"), dtype="float32")
    assert used.gaps and "1 if len(x1.shape) == 4 else 2" in used.gaps[0].reason


SCALED = """
def probe_compute(x1, x2, y, alpha):
    return tbe.vmuls(tbe.vsub(x1, x2), alpha)
"""


def _scales(chains) -> dict:
    """{(each condition's expression or attribute and its outcome, ...): the scalar of the chain's vmuls}."""
    return {tuple((json.dumps(c["predicate"].get("expr") or c["predicate"].get("attr")),
                   json.dumps(c["predicate"].get("value_expr", c["predicate"].get("value"))), c["outcome"])
                  for c in chain.extra.get("conditions", [])): chain.ops[1].operands[1][1]
            for chain in chains if not chain.gaps and not chain.refused}


def test_a_rank_looked_for_in_a_tuple_is_compared_with_each_element(tmp_path):
    # prelu: `w_dim not in (1, x_dim - 1)`: Python's `in` compared the symbolic rank with 1 and x_dim - 1 as objects,
    # decided "not in" for every rank, and the [C] weight of an NCHW x was read against the last axis
    entry = RANKED.replace("    if len(x1['shape']) == 4:\n", "    if len(x1['shape']) not in (1, len(x2['shape']) - 1):\n"
                           ).replace("ARM", "scale = alpha * 2\n        kernel_name = 'r'")
    scales = _scales(_with_entry(tmp_path, SCALED, entry, every=True))
    rank1, rank2 = '["rank", "port:x1"]', '["sub", ["rank", "port:x2"], ["const", 1]]'
    assert scales == {((rank1, '["const", 1]', True),): ("attr", "alpha"),
                      ((rank1, '["const", 1]', False), (rank1, rank2, True)): ("attr", "alpha"),
                      ((rank1, '["const", 1]', False), (rank1, rank2, False)): ("mul", ("attr", "alpha"),
                                                                                 ("const", 2))}


def test_a_shape_comparison_and_an_attribute_in_one_test_both_decide(tmp_path):
    # the shape comparison alone stood for `rank == 4 and alpha > 1` (a select on the rank, alpha never compared)
    entry = RANKED.replace("    if len(x1['shape']) == 4:\n", "    if len(x1['shape']) == 4 and alpha > 1.0:\n"
                           ).replace("ARM", "scale = alpha * 2")
    scales = _scales(_with_entry(tmp_path, SCALED, entry, every=True))
    rank = '["rank", "port:x1"]'
    assert scales == {((rank, '["const", 4]', True), ('"alpha"', "1.0", True)): ("mul", ("attr", "alpha"),
                                                                               ("const", 2)),
                      ((rank, '["const", 4]', True), ('"alpha"', "1.0", False)): ("attr", "alpha"),
                      ((rank, '["const", 4]', False),): ("attr", "alpha")}


def test_a_negated_shape_comparison_selects_the_other_arm(tmp_path):
    # `if not len(shape) == 4: s = alpha * 2`: the select took the comparison for the test and swapped the arms
    entry = RANKED.replace("    if len(x1['shape']) == 4:\n", "    if not len(x1['shape']) == 4:\n"
                           ).replace("ARM", "scale = alpha * 2")
    chain = _with_entry(tmp_path, SCALED, entry)
    assert not chain.gaps and chain.ops[1].operands[1][1] == (
        "select", ("cmp", "==", ("rank", "port:x1"), ("const", 4)), ("attr", "alpha"),
        ("mul", ("attr", "alpha"), ("const", 2)))


def test_builtins_over_numbers_known_per_call_test_each_number_or_stop(tmp_path):
    # any([rank - 4]) was True (a Scalar object is truthy) and [rank].count(4) was 0, whatever the rank
    entry = RANKED.replace("    if len(x1['shape']) == 4:\n", "    if any([len(x1['shape']) - 4]):\n"
                           ).replace("ARM", "scale = alpha * 2")
    chain = _with_entry(tmp_path, SCALED, entry)
    assert not chain.gaps and chain.ops[1].operands[1][1] == (
        "select", ("cmp", "!=", ("sub", ("rank", "port:x1"), ("const", 4)), ("const", 0)),
        ("mul", ("attr", "alpha"), ("const", 2)), ("attr", "alpha"))
    counted = _with_entry(tmp_path, SCALED, entry.replace("any([len(x1['shape']) - 4])",
                                                          "[len(x1['shape'])].count(4)"))
    assert counted.gaps and ".count() over values known only at run time" in counted.gaps[0].reason


ONE_SHAPED = ENTRY.replace("    ins = classify([x1, x2], OpPatternMode.ELEWISE_WITH_BROADCAST)\n",
                           "    d2 = tvm.placeholder([1], name='d2', dtype=dtype)\n"
                           "    ins = classify([x1], OpPatternMode.ELEWISE)\n").replace(
    "    for (_x1, _x2) in ins:", "    for (_x1,) in ins:").replace(
    "            s1, s2 = shape_util.variable_shape([_x1, _x2])\n", "            (s1,) = shape_util.variable_shape([_x1])\n"
).replace("            d2 = tvm.placeholder(s2, name=\"d2\", dtype=dtype)\n", "")


@pytest.mark.parametrize("shape, mode, follows", [
    ("x1", "ELEWISE", True),  # fused_mul_apply_keras_momentum: tvm.compute(accum.shape, ... out_accum(*i) ...)
    ("x2", "ELEWISE", False),  # the one-element placeholder's shape: not the computed tensor's
    ("x1", "ELEWISE_WITH_BROADCAST", False)])  # shapes may differ where the pattern broadcasts
def test_a_tvm_compute_over_another_tensors_shape_needs_one_shape(tmp_path, shape, mode, follows):
    compute = f"""
    def probe_compute(x1, x2, y, alpha):
        scaled = tbe.vmuls(x1, alpha)
        return tvm.compute({shape}.shape, lambda *i: scaled(*i) * x2[0], tag="elewise_single_VS_mul")
    """
    chain = _with_entry(tmp_path, compute, ONE_SHAPED.replace("OpPatternMode.ELEWISE)", f"OpPatternMode.{mode})"))
    if follows:
        assert not chain.gaps and names(chain) == ["vmuls", "vmul"] and chain.extra["one_element_inputs"] == ["x2"]
    else:
        assert chain.gaps and f"a raw tvm.compute over {shape}.shape reading scaled" in chain.gaps[0].reason


def test_a_float_attribute_is_a_python_float_and_int_of_it_truncates(tmp_path):
    # range_d: `if isinstance(start, int) ...: tvm.const(delta, "int32")`: a float attribute took the int path (its
    # float32 kernel multiplied by int(delta)); int(start) of the int32 path truncates as Python does
    compute = """
    def probe_compute(x1, x2, y, alpha):
        if isinstance(alpha, int):
            return tbe.vmuls(tbe.vsub(x1, x2), tvm.const(alpha, dtype="int32"))
        return tbe.vmuls(tbe.vsub(x1, x2), tvm.const(alpha, dtype="float32"))
    """
    chain = _with_entry(tmp_path, compute, ENTRY, attr_types={"alpha": "float"})
    assert not chain.gaps and chain.ops[1].operands[1][1] == ("cast", "float32", ("attr", "alpha"))
    truncated = _with_entry(tmp_path, compute.replace("if isinstance(alpha, int):",
                                                      "alpha = int(alpha)\n        if isinstance(alpha, int):"),
                            ENTRY, attr_types={"alpha": "float"})
    assert not truncated.gaps and truncated.ops[1].operands[1][1] == ("cast", "int32", ("trunc", ("attr", "alpha")))


def _float_placeholders(tmp_path: Path, compute: str, placeholder: str, port: str):
    path = tmp_path / "probe.py"
    entry = ENTRY.replace('name="d1", dtype=dtype', f'name="d1", dtype="{placeholder}"')
    entry = entry.replace('name="d2", dtype=dtype', f'name="d2", dtype="{placeholder}"')
    path.write_text(HEADER + textwrap.dedent(compute) + entry, encoding="utf-8")
    loader = ModuleLoader([tmp_path])
    return trace(read_entry(loader, path), loader, platform(), [("x1", port), ("x2", port)], [("y", port)])


def test_a_placeholder_of_another_width_than_its_port_is_a_gap(tmp_path):
    """The kernel reads the port's bytes; a placeholder of another width would read other elements: named."""
    compute = """
    def probe_compute(x1, x2, y, alpha):
        return tbe.cast_to(tbe.vadd(x1, x2), "float16")
    """
    chain = _float_placeholders(tmp_path, compute, "float32", "float16")
    assert [(g.construct, g.reason) for g in chain.gaps] == [
        ("input x1", "the chain reads input x1 as float32 (placeholder d1), registered as float16"),
        ("input x2", "the chain reads input x2 as float32 (placeholder d2), registered as float16")]
    assert not traced(tmp_path, compute, dtype="float16").gaps


def test_a_placeholder_and_result_of_the_same_width_read_and_write_the_ports_bytes(tmp_path):
    """SelectV2 after v200: int32 ports through float32 placeholders, the float32 result written as the int32 output.
    The golden views the bytes as TBE's kernel does (NaN and denormal bit patterns kept by a select), the kernel
    ReinterpretCasts the input and copies the result bit for bit."""
    compute = """
    def probe_compute(x1, x2, y, alpha):
        mask = tbe.vcmp(x1, x2, "gt", "bit")
        return tbe.vsel(mask, x1, x2)
    """
    chain = _float_placeholders(tmp_path, compute, "float32", "int32")
    assert not chain.gaps and [i.dtype for i in chain.inputs] == ["float32", "float32"]
    assert chain.outputs[0].dtype == "float32" and chain.combination["output0"] == "int32"
    x1 = np.array([1, -1, 0x7FC00001, 5, 1 << 30], dtype=np.int32)
    x2 = np.array([2, 3, 0, -7, 1 << 29], dtype=np.int32)
    got = dsl_numpy.evaluate(chain.to_json(), {"x1": x1, "x2": x2})["y"]
    as_float = x1.view(np.float32) > x2.view(np.float32)  # float order of the bit patterns (NaN compares False)
    assert got.dtype == np.int32 and got.tolist() == np.where(as_float, x1, x2).tolist()
    lowered = "\n".join(line for instr in Lowerer(chain, [Val("x0", "int32", "in"), Val("x1", "int32", "in")],
                                                     [Val("y0", "int32", "out")]).run().instrs for line in instr.lines)
    assert "x0.ReinterpretCast<float>()" in lowered and "x1.ReinterpretCast<float>()" in lowered
    assert "output y is the value" in lowered and "y0.ReinterpretCast<int16_t>()" in lowered
    # A float32 result for an int32 output no placeholder reads as float32 is another column's computation: a gap.
    other = _float_placeholders(tmp_path, """
    def probe_compute(x1, x2, y, alpha):
        return tbe.vadd(x1, x2)
    """, "int32", "int32")
    assert not other.gaps
    cast = _float_placeholders(tmp_path, """
    def probe_compute(x1, x2, y, alpha):
        return tbe.cast_to(tbe.vadd(x1, x2), "float32")
    """, "int32", "int32")
    assert [g.reason for g in cast.gaps] == ["the chain computes float32 for output y, registered as int32"]


def traced_as(tmp_path: Path, compute: str, dtype: str, out: str):
    path = tmp_path / "probe.py"
    path.write_text(HEADER + textwrap.dedent(compute) + ENTRY.replace('"float16", "float32", "int32", "int64", '
                                                                      '"bfloat16"', f'"{dtype}"'), encoding="utf-8")
    loader = ModuleLoader([tmp_path])
    return trace(read_entry(loader, path), loader, platform(), [("x1", dtype), ("x2", dtype)], [("y", out)])


@pytest.mark.parametrize("dtype, part", [("complex32", "float16"), ("complex64", "float32")])
def test_real_of_a_complex_tensor_is_its_part_dtype_and_of_a_float_one_adds_zero(tmp_path, dtype, part):
    compute = """
    def probe_compute(x1, x2, y, alpha):
        return tbe.real(x1)
    """
    chain = traced_as(tmp_path, compute, dtype, part)
    assert not chain.gaps and [(op.name, op.dtype) for op in chain.ops] == [("real", part)]
    (tmp_path / "float").mkdir()
    chain = traced_as(tmp_path / "float", compute, part, part)
    assert not chain.gaps and [(op.name, op.dtype) for op in chain.ops] == [("vadds", part)]
    assert chain.ops[0].operands[1] == ("scalar", ("const", 0), part) and "tbe.real" in chain.ops[0].via


@pytest.mark.parametrize("dtype, pair", [("float16", "complex32"), ("float32", "complex64")])
def test_complex_of_two_parts_is_the_pair_dtype(tmp_path, dtype, pair):
    compute = """
    def probe_compute(x1, x2, y, alpha):
        return tbe.complex(x1, x2)
    """
    chain = traced_as(tmp_path, compute, dtype, pair)
    assert not chain.gaps and [(op.name, op.dtype) for op in chain.ops] == [("complex", pair)]


def test_abs_of_a_complex_tensor_is_a_part_named_for_its_precision(tmp_path):
    compute = """
    def probe_compute(x1, x2, y, alpha):
        return tbe.vabs(x1)
    """
    chain = traced_as(tmp_path, compute, "complex32", "float16")
    assert not chain.gaps and chain.ops[0].dtype == "float16"
    assert "the install does not say how TBE's backend computes it" in chain.ops[0].params["untranslated"]


def test_the_scalar_of_a_complex_op_is_held_in_the_part_dtype(tmp_path):
    compute = """
    def probe_compute(x1, x2, y, alpha):
        return tbe.vmuls(x1, tvm.const(0.1, "float16"))
    """
    chain = traced_as(tmp_path, compute, "complex32", "complex32")
    assert not chain.gaps and chain.ops[0].operands[1][2] == "float16"


def test_a_rank_a_check_rejects_is_never_forked_on_later(tmp_path):
    # bias_add NCHW: `if len(shape_x) < 2 or len(shape_x) > 4: raise`, then `for i in range(2, len(shape_x))`
    entry = _before_classify("    if len(x1['shape']) < 2 or len(x1['shape']) > 4:\n"
                             "        raise RuntimeError('rank')\n    fill = [1] * len(x1['shape'])\n"
                             "    fill[1] = x1['shape'][1]\n    x2['shape'] = fill\n")
    chains = _with_entry(tmp_path, VSUB, entry, every=True)
    served = [c for c in chains if not c.refused and not c.gaps]
    ranks = sorted(len(chain.extra["shape_overrides"]["x2"]) for chain in served)
    assert ranks == [2, 3, 4]  # no kernel of rank 1 or 5 .. 8 (TBE raises there)
    # rank 4 is what is left after rank 2 and 3 were not taken: no condition of its own
    assert [c["predicate"]["value_expr"] for c in served[-1].extra["conditions"]] == [("const", 2), ("const", 3)]
    assert len(chains) == 3  # nor a variant of another rank left out


def test_a_comparison_of_a_rank_the_trace_already_fixed_is_decided_not_forked(tmp_path):
    # bias_add NHWC: `for i in range(0, len(shape_x)): if i != len(shape_x) - 1: ... (1,) else (shape_x[-1],)`
    entry = _before_classify("    new = ()\n    for i in range(0, len(x1['shape'])):\n"
                             "        if i != len(x1['shape']) - 1:\n            new = new + (1,)\n"
                             "        else:\n            new = new + (x1['shape'][-1],)\n    x2['shape'] = new\n")
    chains = _with_entry(tmp_path, VSUB, entry, every=True)
    served = [c for c in chains if not c.refused]
    assert len(served) == 8 and all(not c.gaps for c in served)  # one kernel per rank 1 .. 8, nothing more
    assert all(all(c["predicate"]["expr"] == ("rank", "port:x1") for c in chain.extra["conditions"])
               for chain in served)
    by_rank = {len(c.extra["shape_overrides"]["x2"]): c.extra["shape_overrides"]["x2"] for c in served}
    assert by_rank[3] == (("const", 1), ("const", 1), ("dim", "port:x1", -1))


@pytest.mark.parametrize("layout, decided", [("NC1HWC0", True), ("FRACTAL_NZ", False)])
def test_the_rank_of_a_5hd_shape_is_five_exactly(tmp_path, layout, decided):
    # prelu: `if w_dim != 5:` of an NC1HWC0 weight (N C1 H W C0: always 5 dims); FRACTAL_NZ has at least 4 only
    compute = """
    def probe_compute(x1, x2, y, alpha):
        return tbe.vmuls(tbe.vsub(x1, x2), alpha)
    """
    entry = RANKED.replace("len(x1['shape']) == 4", "len(x2['shape']) != 5").replace("ARM", "scale = alpha * 2")
    chain = _with_entry(tmp_path, compute, entry, formats={"x1": layout, "x2": layout, "y": layout})
    if decided:
        assert not chain.gaps and chain.ops[1].operands[1][1] == ("attr", "alpha")
    else:
        assert chain.gaps and "len(x2['shape']) != 5" in chain.gaps[0].reason


def test_a_copy_of_a_shape_is_the_shape(tmp_path):
    # util_common.infershape_for_broadcast: `shape1 = list(ori_shape1).copy(); if -2 in shape1: ...`
    entry = _before_classify("    copied = list(x1['shape']).copy()\n    if -2 in copied:\n        alpha = 2.0\n")
    compute = """
    def probe_compute(x1, x2, y, alpha):
        return tbe.vmuls(tbe.vsub(x1, x2), alpha)
    """
    chain = _with_entry(tmp_path, compute, entry)
    assert not chain.gaps and chain.ops[1].operands[1][1] == ("attr", "alpha")


def test_ranks_no_caller_can_have_are_not_forked_on(tmp_path):
    # prelu_grad_update: `len(w) == len(f) - 1 and len(w) != 1` False, then `len(f) == 4`, then `[1] * len(f)`:
    # where len(w) == len(f) - 1 and len(w) == 1 were taken, only rank 2 of f is left (no kernel of rank 4 ...)
    entry = _before_classify(
        "    if len(x2['shape']) == len(x1['shape']) - 1 and len(x2['shape']) != 1:\n        new = list(x2['shape'])\n"
        "        new.insert(0, 1)\n"
        "    elif len(x1['shape']) == 4:\n        new = [1, x2['shape'][0], 1, 1]\n"
        "    else:\n        new = [1] * len(x1['shape'])\n        new[1] = x2['shape'][0]\n    x2['shape'] = new\n")
    chains = _with_entry(tmp_path, VSUB, entry, every=True)
    served = [c for c in chains if not c.refused and not c.gaps]
    for chain in served:
        taken = {(c["predicate"]["op"], str(c["predicate"]["value_expr"]), c["outcome"])
                 for c in chain.extra["conditions"]}
        # rank(x2) == rank(x1) - 1 True and rank(x2) != 1 False (rank(x2) == 1): x1's rank 2 is implied, never forked
        if ("==", str(("sub", ("rank", "port:x1"), ("const", 1))), True) in taken \
                and ("!=", str(("const", 1)), False) in taken:
            assert len(chain.extra["conditions"]) == 2 and len(chain.extra["shape_overrides"]["x2"]) == 2
    assert len(served) == 9  # rank(x2) == rank(x1) - 1 (2 keys), rank 4, ranks 2, 3, 5, 6, 7, 8 of x1
    # x1 of rank 1: new[1] of a list of 1 raises IndexError in TBE
    assert any(c.refused and "index 1 of a list of 1 (IndexError)" in c.refused for c in chains)


def test_unit_dims_added_to_a_shape_on_the_static_path(tmp_path):
    # ger: x1 [n] read as shape_x1 + [1] (its caller's dims, the trace forks on its rank), x2 as [1] + shape_x2
    # (leading 1s reading by strides does not see)
    entry = _before_classify("    if not util_common.is_unknown([x1]):\n        x1['shape'] = list(x1['shape']) + [1]\n"
                             "        x2['shape'] = [1] + list(x2['shape'])\n")
    compute = STATIC_TWIN.replace("shape[0] * shape[-1]", "shape[0]")
    chains = _with_entry(tmp_path, compute, entry, every=True)
    served = [c for c in chains if not c.refused and not c.gaps]
    assert len(served) == 7  # x1 of rank 1 .. 7; rank 8 + [1] is 9 dims, above TBE's 8: refused
    by_rank = {len(c.extra["shape_overrides"]["x1"]) - 1: c.extra["shape_overrides"] for c in served}
    assert by_rank[2] == {"x1": (("dim", "port:x1", 0), ("dim", "port:x1", 1), ("const", 1))}  # x2 as it is
    assert any(c.refused and "rewritten to 9 dims, above TBE's 8" in c.refused for c in chains)
    assert any("puts leading dims of 1 in front of a shape" in n[0] for n in served[0].notes)
