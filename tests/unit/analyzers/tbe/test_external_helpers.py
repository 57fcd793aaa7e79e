"""Helpers imported from other modules of the operator tree: opaque steps with a finding, data flowing through."""

from __future__ import annotations

from op_migrate.analyzers.tbe import analyse_source
from op_migrate.reports.tbe_flow import compute_charts

SOURCE = '''
from impl.util.platform_adapter import tbe
from impl.util.platform_adapter import tvm
from impl.util.platform_adapter import register_operator
from impl.util.platform_adapter import register_operator_compute
from impl.util.util_attr_common import get_attr_by_cls
from impl.util import util_compute
from impl.dynamic.log1p import log1p_compute


@register_operator_compute("Softish", op_mode="dynamic", support_fusion=True)
def softish_compute(x, y, beta, kernel_name="softish"):
    beta = get_attr_by_cls(beta, "beta", "float32")
    exp_x = tbe.vexp(x)
    res = log1p_compute(exp_x, y)
    sign = util_compute.sign(x)
    return tbe.vmul(res, sign)


@register_operator("Softish")
def softish(x, y, beta, kernel_name="softish"):
    data = tvm.placeholder([16], name="data", dtype="float16")
    res = softish_compute(data, y, beta, kernel_name)
    return res
'''


def _document() -> dict:
    return analyse_source(SOURCE, "softish.py").to_json()


def test_each_external_helper_is_a_finding_with_its_line() -> None:
    found = [(f["symbol"], f["line"], f["message"]) for f in _document()["findings"] if f["symbol"] == "tbe-external-helper"]
    assert found == [
        ("tbe-external-helper", 15, "impl.dynamic.log1p.log1p_compute is defined in another module: its DSL calls are not analysed"),
        ("tbe-external-helper", 16, "impl.util.util_compute.sign is defined in another module: its DSL calls are not analysed"),
    ]


def test_external_helpers_are_opaque_steps_of_the_compute_flow() -> None:
    items = _document()["flow"]["helpers"]["softish_compute"]
    external = [(i["line"], i["qualified"]) for i in items if i["type"] == "external"]
    assert external == [(15, "impl.dynamic.log1p.log1p_compute"), (16, "impl.util.util_compute.sign")]
    # An attribute reader takes no tensor: it stays a plain step without a finding.
    assert [i["line"] for i in items if i["type"] == "step"] == [13]


def test_data_flows_through_an_external_helper() -> None:
    calls = {c["name"]: c for c in _document()["dsl_calls"]}
    assert calls["vmul"]["inputs"] == ["call:0", "param:y", "placeholder:data"]


def test_the_compute_chart_names_the_external_helper() -> None:
    (chart,) = [c["text"] for c in compute_charts(_document()) if c["name"] == "softish_compute"]
    assert "external impl.dynamic.log1p.log1p_compute, not analysed" in chart
