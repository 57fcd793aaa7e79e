"""A helper that returns early under an undecided guard, and checks that return something other than an error
(probe set 34; each was a route stated complete with a launch certain that is not): a caller's variable the helper
writes after such a return is written only on the paths that went on; a helper whose status the caller drops goes on
after its error arms too; `OP_CHECK(cond, log, return ACLNN_SUCCESS)` is an early success, not error handling."""

from __future__ import annotations

from pathlib import Path

import pytest

from .branch_probe import CERTAIN, MAY, NONE, branch_launches

_RANK = "    int64_t d = self->GetViewShape().GetDimNum();\n    int64_t k = 0;\n"


@pytest.mark.parametrize("early", [
    "return;",  # void
    "return ACLNN_SUCCESS;",
    "return ACLNN_ERR_PARAM_INVALID;",  # an error the caller drops (below)
])
def test_a_callers_variable_written_after_an_early_return(tmp_path: Path, early: str) -> None:
    status = "void" if early == "return;" else "aclnnStatus"
    tail = "" if early == "return;" else "\n    return ACLNN_SUCCESS;"
    helpers = f"static {status} Compute(int64_t d, int64_t& out)\n{{\n    if (d == 2) {{\n        {early}\n    }}\n" \
              f"    out = 3;{tail}\n}}\n\n"
    assert branch_launches(tmp_path, _RANK + "    Compute(d, k);", "k == 3", helpers) == MAY


def test_a_status_the_caller_checks_keeps_error_handling_out_of_the_route(tmp_path: Path) -> None:
    helpers = ("static aclnnStatus Compute(int64_t d, int64_t& out)\n{\n    CHECK_RET(d != 2, ACLNN_ERR_PARAM_INVALID);\n"
               "    out = 3;\n    return ACLNN_SUCCESS;\n}\n\n")
    checked = _RANK + "    auto ret = Compute(d, k);\n    CHECK_RET(ret == ACLNN_SUCCESS, ret);"
    assert branch_launches(tmp_path / "checked", checked, "k == 3", helpers) == CERTAIN
    assert branch_launches(tmp_path / "dropped", _RANK + "    Compute(d, k);", "k == 3", helpers) == MAY


def test_a_pointer_parameter_written_after_an_early_return(tmp_path: Path) -> None:
    helpers = "static void Set(int64_t d, int64_t* out)\n{\n    if (d == 2) {\n        return;\n    }\n    *out = 3;\n}\n\n"
    assert branch_launches(tmp_path, _RANK + "    Set(d, &k);", "k == 0", helpers) == MAY


@pytest.mark.parametrize("check, expected", [
    ("OP_CHECK(d == 2, OP_LOGD(\"no need\"), return ACLNN_SUCCESS);", MAY),  # d != 2: success, Abs not run
    ("CHECK_RET(d == 2, ACLNN_SUCCESS);", MAY),
    ("OP_CHECK(d == 2, OP_LOGE(ACLNN_ERR_PARAM_INVALID, \"bad\"), return ACLNN_ERR_PARAM_INVALID);", CERTAIN),
])
def test_a_check_whose_action_succeeds_is_an_early_return(tmp_path: Path, check: str, expected) -> None:
    assert branch_launches(tmp_path, _RANK + "    " + check, "true", "") == expected


def test_an_early_success_the_facts_decide(tmp_path: Path) -> None:
    check = "    int64_t two = 2;\n    OP_CHECK(two == 3, OP_LOGD(\"no need\"), return ACLNN_SUCCESS);"
    assert branch_launches(tmp_path, check, "true") == NONE
