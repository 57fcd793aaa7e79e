"""Operators with a dynamic (tensor-list) input: traced for several lengths and translated as a fold (head, one step
per further element, tail), or named when the chains of consecutive lengths are no fold; the golden of a length is
that length's traced chain, held here to independent numpy references."""

from __future__ import annotations

import textwrap
from pathlib import Path

import numpy as np
import pytest

from op_migrate.analyzers.scaffold import dsl_numpy, list_inputs
from op_migrate.analyzers.scaffold.modules import ModuleLoader
from op_migrate.analyzers.scaffold.platform import Platform
from op_migrate.analyzers.scaffold.trace import read_entry, trace_variants

SOURCE = """
from impl.util.platform_adapter import tbe
from impl.util.platform_adapter import tbe_platform
from impl.util.platform_adapter import tvm
from impl.util.platform_adapter import shape_util
from impl.util.platform_adapter import para_check
from impl.util.platform_adapter import classify
from impl.util.platform_adapter import OpPatternMode
from impl.util.platform_adapter import register_operator
from impl.util.platform_adapter import error_manager_vector

{compute}

@register_operator("Probe")
@para_check.check_op_params(para_check.DYNAMIC_INPUT, para_check.REQUIRED_OUTPUT, para_check.REQUIRED_ATTR_INT,
                            para_check.KERNEL_NAME)
def probe(x, y, N, kernel_name="probe"):
    num = len(x) if N is None else N
    if len(x) != num:
        error_manager_vector.raise_err_specific_reson("probe", "N")
    if len(x) < {min_length}:
        error_manager_vector.raise_err_specific_reson("probe", "too few")
    dtype = x[0].get("dtype").lower()
    ins = classify(x, OpPatternMode.ELEWISE)
    schedules, tensors = [], []
    for inputs in ins:
        with tbe.compute():
            shapes = shape_util.variable_shape(inputs)
            datas = []
            for index, shape in enumerate(shapes):
                datas.append(tvm.placeholder(shape, name=f"data_{{index}}", dtype=dtype))
            res = probe_compute(datas, y)
            datas.append(res)
            tensors.append(datas)
        with tvm.target.cce():
            sch = tbe.auto_schedule(res)
        schedules.append(sch)
    tbe.build(schedules, {{"name": kernel_name, "tensor_list": tensors}})
"""

# AddN's idiom: float16 summed in float32 (the cast of each element in the loop), TBE refuses one element.
WIDENING_SUM = """
def probe_compute(datas, y):
    widen = datas[0].dtype == "float16" and tbe_platform.api_check_support("tbe.dsl.vadd", "float32")
    res = tbe.cast_to(datas[0], "float32") if widen else datas[0]
    for i, data in enumerate(datas):
        if i == 0:
            continue
        res = tbe.vadd(res, tbe.cast_to(data, "float32") if widen else data)
    return tbe.cast_to(res, "float16") if widen else res
"""


def platform() -> Platform:
    return Platform(short_soc="Ascend910B", soc_version="Ascend910B1", ini_path=None, dsl_util_path=None,
                    spec={"ubblock_size": "32"},
                    intrinsics={"Intrinsic_vconv": frozenset({"f162f32", "f322f16"})},
                    dsl_support={"vadd": {"Ascend910B": ("float16", "float32", "int32")}}, same_api={})


def listed(tmp_path: Path, compute: str, dtype="float16", min_length=2):
    path = tmp_path / "probe.py"
    path.write_text(SOURCE.format(compute=textwrap.dedent(compute), min_length=min_length), encoding="utf-8")
    loader = ModuleLoader([tmp_path])
    facts = read_entry(loader, path)
    port = list_inputs.list_port(facts)
    assert port == "x"
    return list_inputs.trace_list_variants(trace_variants, facts, loader, platform(), [("x", dtype)],
                                           [("y", dtype)], {"N": "int"}, {}, {}, ("N",), port)


def test_a_sum_over_a_tensor_list_is_a_fold_of_head_step_and_tail(tmp_path):
    (chain,) = listed(tmp_path, WIDENING_SUM)
    assert chain.translated, chain.gaps
    info = chain.extra["list"]
    assert info["min_length"] == 2 and info["lengths"][1].refused is not None  # TBE raises for one element
    assert [len(info["lengths"][n].inputs) for n in (2, 3, 4)] == [2, 3, 4]
    found = list_inputs.fold(info["lengths"][2], info["lengths"][3])
    assert [op.name for op in found.head.ops] == ["cast_to"]
    assert [op.name for op in found.step.ops] == ["cast_to", "vadd"]
    assert [op.name for op in found.tail.ops] == ["cast_to"]
    assert found.acc_dtype == "float32"
    # the N attribute is traced as the length, and said so
    assert any("attribute N is the length of tensor list x" in note[0] for note in chain.notes)


def test_the_stages_lower_to_their_own_compute_bodies(tmp_path):
    (chain,) = listed(tmp_path, WIDENING_SUM)
    gaps: list = []
    lowered = list_inputs.lower_stages(chain, gaps)
    assert gaps == []
    by_name = {stage["name"]: stage for stage in lowered.stages}
    assert list(by_name) == ["Head", "Step", "Tail"]  # TBE refuses one element: no Single
    assert by_name["Step"]["in_types"] == ["float", "half"] and by_name["Step"]["out_types"] == ["float"]
    assert any("Add(y0, x0," in line for line in by_name["Step"]["body"])
    assert any("Cast(y0, x0, RoundMode::CAST_RINT" in line for line in by_name["Tail"]["body"])


def test_casts_of_every_element_up_front_still_fold(tmp_path):
    compute = """
    def probe_compute(datas, y):
        wide = [tbe.cast_to(data, "float32") for data in datas]
        res = wide[0]
        for data in wide[1:]:
            res = tbe.vmax(res, data)
        return tbe.cast_to(res, "float16")
    """
    (chain,) = listed(tmp_path, compute)
    assert chain.translated, chain.gaps
    found = list_inputs.fold(chain.extra["list"]["lengths"][2], chain.extra["list"]["lengths"][3])
    assert [op.name for op in found.step.ops] == ["cast_to", "vmax"]


def test_a_step_that_reads_the_elements_index_is_no_fold(tmp_path):
    compute = """
    def probe_compute(datas, y):
        res = datas[0]
        for i in range(1, len(datas)):
            res = tbe.vadd(res, tbe.vmuls(datas[i], tvm.const(i, "float16")))
        return res
    """
    (chain,) = listed(tmp_path, compute)
    assert not chain.translated
    assert "no fold" in chain.gaps[0].reason and "index" in chain.gaps[0].reason


def test_a_tail_that_depends_on_the_length_is_no_fold(tmp_path):
    compute = """
    def probe_compute(datas, y):
        res = datas[0]
        for data in datas[1:]:
            res = tbe.vadd(res, data)
        return tbe.vmuls(res, tvm.const(1.0 / len(datas), "float16"))
    """
    (chain,) = listed(tmp_path, compute)
    assert not chain.translated
    assert "depends on the length" in chain.gaps[0].reason


def test_one_element_runs_its_own_traced_chain(tmp_path):
    compute = """
    def probe_compute(datas, y):
        if len(datas) == 1:
            return tbe.vadds(datas[0], tvm.const(0, "float16"))
        res = datas[0]
        for data in datas[1:]:
            res = tbe.vadd(res, data)
        return res
    """
    (chain,) = listed(tmp_path, compute, min_length=1)
    assert chain.translated, chain.gaps
    assert chain.extra["list"]["min_length"] == 1
    gaps: list = []
    stages = list_inputs.lower_stages(chain, gaps).stages
    assert [stage["name"] for stage in stages] == ["Single", "Head", "Step", "Tail"]
    assert any("Adds(" in line for line in stages[0]["body"])


def test_the_old_gap_stays_for_a_list_beside_other_ports(tmp_path):
    path = tmp_path / "probe.py"
    text = SOURCE.format(compute=textwrap.dedent(WIDENING_SUM), min_length=2).replace(
        "para_check.DYNAMIC_INPUT, para_check.REQUIRED_OUTPUT,",
        "para_check.DYNAMIC_INPUT, para_check.REQUIRED_OUTPUT, para_check.REQUIRED_OUTPUT,").replace(
        "def probe(x, y, N,", "def probe(x, y, z, N,")
    path.write_text(text, encoding="utf-8")
    facts = read_entry(ModuleLoader([tmp_path]), path)
    assert list_inputs.list_port(facts) is None


@pytest.mark.parametrize("dtype", ["float16", "float32", "int32"])
def test_the_golden_of_each_length_is_tbes_sum_in_order(tmp_path, dtype):
    """Independent reference: float16 widened to float32, summed left to right, rounded once to float16 (AddN);
    float32 summed left to right in float32; int32 wraps."""
    (chain,) = listed(tmp_path, WIDENING_SUM, dtype=dtype)
    rng = np.random.default_rng(5)
    for length in (2, 3, 4):
        traced = chain.extra["list"]["lengths"][length].to_json()
        if dtype == "int32":
            arrays = [rng.integers(2 ** 30, 2 ** 31 - 1, size=(3, 17)).astype(np.int32) for _ in range(length)]
        else:
            arrays = [rng.uniform(-60000 if dtype == "float16" else -1e30, 60000 if dtype == "float16" else 1e30,
                                  size=(3, 17)).astype(dtype) for _ in range(length)]
        with np.errstate(over="ignore"):  # sums beyond float16's range round to inf, in TBE's cast as here
            got = dsl_numpy.evaluate(traced, {f"x[{i}]": a for i, a in enumerate(arrays)})["y"]
            want = _reference(arrays, dtype)
        np.testing.assert_array_equal(got, want)


def _reference(arrays: list, dtype: str) -> np.ndarray:
    if dtype == "float16":
        total = arrays[0].astype(np.float32)
        for a in arrays[1:]:
            total = (total + a.astype(np.float32)).astype(np.float32)
        return total.astype(np.float16)
    if dtype == "float32":
        total = arrays[0]
        for a in arrays[1:]:
            total = (total + a).astype(np.float32)
        return total
    return (np.sum(np.stack(arrays).astype(np.int64), axis=0) & 0xFFFFFFFF).astype(np.uint32).view(np.int32)
