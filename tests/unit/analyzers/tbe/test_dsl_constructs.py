"""DSL constructs read right: the registered entry, classify modes in variables, DSL calls imported by module path,
raw tvm.compute bodies, helper classes of other modules, dtype equalities some dtypes are exempt from,
check_supported reasons of their own branch, and code nothing reaches."""

from __future__ import annotations

from pathlib import Path

import pytest

from op_migrate.analyzers.tbe import analyse_path, analyse_source

FIXTURES = Path(__file__).resolve().parents[3] / "functional" / "tbe"


@pytest.fixture(scope="module")
def patch_scale() -> dict:
    return analyse_path(FIXTURES / "dsl_patch_scale.py").to_json()


def test_the_entry_is_the_registered_one_not_the_fusion_compute(patch_scale: dict) -> None:
    assert patch_scale["entry"] == "patch_scale"
    assert [(p["name"], p["role"]) for p in patch_scale["params"]][:4] == [
        ("x", "input"), ("weight", "input"), ("bias", "input"), ("y", "output")]


def test_a_classify_mode_set_through_a_variable_is_its_value(patch_scale: dict) -> None:
    assert patch_scale["pattern"] == "ELEWISE_WITH_BROADCAST"
    assert patch_scale["pattern_options"]["disable_optimization"] is True


def test_calls_by_module_path_raw_bodies_and_helper_classes_are_listed(patch_scale: dict) -> None:
    calls = {(c["name"], c["category"]) for c in patch_scale["dsl_calls"]}
    assert {("conv", "cube"), ("tvm.compute", "raw_compute"), ("vadd", "compute")} <= calls
    findings = {(f["symbol"], f["line"]) for f in patch_scale["findings"]}
    assert ("tbe-external-helper", 39) in findings  # PatchParaProcess({...}) built from the inputs


def test_an_equality_some_dtypes_are_exempt_from_is_conditional(patch_scale: dict) -> None:
    assert patch_scale["dtype_equalities"] == []
    assert [(e["inputs"], e["shown"]) for e in patch_scale["conditional_equalities"]] == [
        (["x", "weight"], "weight_dtype not in ('bool', 'int8')")]
    assert "weight" not in patch_scale["dtypes"]  # the exemption test refuses nothing


def test_check_supported_reasons_come_from_the_returning_branch(patch_scale: dict) -> None:
    fallbacks = [(f["line"], f["reason"], f["test"]) for f in patch_scale["aicpu_fallback_details"]]
    assert fallbacks[0] == (23, "float64 has no AI Core kernel",
                            {"all": [{"dtype": {"op": "==", "values": ["float64"], "param": "x"}}]})
    assert fallbacks[1][:2] == (26, "strides must hold two values")


def test_an_optional_tensor_of_a_fusion_compute_is_a_presence_test(patch_scale: dict) -> None:
    assert {g["line"]: g["kinds"] for g in patch_scale["guards"]}[42] == ["optional_input"]


UNREACHED = '''
from impl.util.platform_adapter import tbe
from impl.util.platform_adapter import register_operator


def old_compute(x):
    if x.dtype == "float16":
        x = tbe.cast_to(x, "float32")
    return tbe.vrec(x)


@register_operator("Newer")
def newer(x, y, kernel_name="newer"):
    return tbe.vexp(x)
'''


def test_functions_nothing_reaches_are_kept_apart() -> None:
    document = analyse_source(UNREACHED, "impl/dynamic/newer.py").to_json()
    reached = {c["name"]: c["reached"] for c in document["dsl_calls"]}
    assert reached == {"vexp": True, "cast_to": False, "vrec": False}
    assert document["flow"]["unreached"] == ["old_compute"]
    assert document["guards"] == []  # the unreached function's branch is not the operator's
    assert [m["name"] for m in document["mappings"]] == ["vexp"]
