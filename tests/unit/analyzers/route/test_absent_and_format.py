"""Facts that say a tensor argument is nullptr (`--absent`) or in a storage format (`--storage-format`): without them a
route rests on the defaults (every argument not named ...Optional given, every one ND), and a call valid with a null
bias or an NCHW input was rejected (ops-nn aclnnTransposeBatchMatMul, aclnnAvgPool2d)."""

from __future__ import annotations

from pathlib import Path

import pytest

from op_migrate.analyzers.aclnn import analyze_chains, evaluate, facts_matrix
from op_migrate.analyzers.route.facts import FactsError, parse_absent, parse_format
from op_migrate.analyzers.route.checks import DEFAULTS_NOTE

ENTRY = """aclnnStatus aclnnDemoGetWorkspaceSize(const aclTensor* self, const aclTensor* bias, aclTensor* out,
                                      uint64_t* workspaceSize, aclOpExecutor** executor)
{
    OP_CHECK(bias == nullptr, OP_LOGE(ACLNN_ERR_PARAM_INVALID, "bias must be null"), return ACLNN_ERR_PARAM_INVALID);
    OP_CHECK(self->GetStorageFormat() == Format::FORMAT_NCHW, OP_LOGE(ACLNN_ERR_PARAM_INVALID, "NCHW only"),
             return ACLNN_ERR_PARAM_INVALID);
    auto uniqueExecutor = CREATE_EXECUTOR();
    auto result = l0op::Abs(self, uniqueExecutor.get());
    *workspaceSize = 0;
    uniqueExecutor.ReleaseTo(executor);
    return ACLNN_SUCCESS;
}
"""


def _route(tmp_path: Path, absent=(), formats=()):
    source = tmp_path / "math" / "demo" / "op_api" / "aclnn_demo.cpp"
    source.parent.mkdir(parents=True, exist_ok=True)
    (tmp_path / "conversion").mkdir(exist_ok=True)
    source.write_text(ENTRY)
    report = analyze_chains([source], repo_root=tmp_path)
    facts = facts_matrix(["Ascend910B"], ["float16"], absent=absent, formats=formats)
    (route,) = evaluate(report, facts=facts).routes
    return route


def test_the_defaults_reject_and_say_so(tmp_path: Path) -> None:
    route = _route(tmp_path)
    assert route.rejected is not None and DEFAULTS_NOTE in route.rejected.message
    assert "bias == nullptr" in route.rejected.message


def test_a_null_bias_passes_its_check_and_the_format_check_rejects_next(tmp_path: Path) -> None:
    route = _route(tmp_path, absent=("bias",))
    assert route.rejected is not None and "GetStorageFormat" in route.rejected.message
    assert DEFAULTS_NOTE in route.rejected.message  # self's format is still the default


def test_a_null_bias_and_an_nchw_input_launch(tmp_path: Path) -> None:
    route = _route(tmp_path, absent=("bias",), formats=("self=NCHW",))
    assert route.rejected is None and route.complete
    assert [(task.op, task.may) for task in route.tasks] == [("Abs", False)]
    assert route.facts.to_json()["absent"] == ["bias"] and route.facts.to_json()["formats"] == {"self": "NCHW"}


def test_a_format_named_by_the_facts_leaves_no_defaults_note(tmp_path: Path) -> None:
    route = _route(tmp_path, absent=("bias",), formats=("self=NHWC",))
    assert route.rejected is not None and DEFAULTS_NOTE not in route.rejected.message


@pytest.mark.parametrize("text, parsed", [("self=NCHW", ("self", "NCHW")), ("x2=FORMAT_FRACTAL_NZ", ("x2", "FRACTAL_NZ")),
                                          ("dh=acl_format_ncl", ("dh", "NCL"))])
def test_formats_parse_in_the_codes_spellings(text: str, parsed) -> None:
    assert parse_format(text) == parsed


@pytest.mark.parametrize("text", ["self=NHCW", "self", "=NCHW", "self=ND=ND"])
def test_an_unknown_format_is_refused(text: str) -> None:
    with pytest.raises(FactsError):
        parse_format(text)


def test_an_absent_tensor_is_a_parameter_name() -> None:
    assert parse_absent(" biasOptional ") == "biasOptional"
    with pytest.raises(FactsError):
        parse_absent("bias=null")
