"""A caller that goes on after a call fails (probe set 43; each was a route stated complete that left out a launch,
or stated certain one that is not): a null L0 result or an error status the caller tests and recovers from, or never
reads, makes the callee's error arms paths, INFER_SHAPE's failure among them; one the caller checks keeps error
handling out of the route, as before."""

from __future__ import annotations

from pathlib import Path

import pytest

from op_migrate.analyzers.aclnn import evaluate, facts_matrix

from .branch_probe import CERTAIN, ENTRY, MAY, NONE, branch_launches, demo_report

_STATUS_HELPER = """static aclnnStatus Prepare(const aclTensor* self)
{
    if (self->GetViewShape().GetDimNum() > 5) {
        OP_LOGE(ACLNN_ERR_PARAM_INVALID, "too many dims");
        return ACLNN_ERR_PARAM_INVALID;
    }
    return ACLNN_SUCCESS;
}

"""


@pytest.mark.parametrize("prelude, cond, expected", [
    ("    auto ret = Prepare(self);", "ret != ACLNN_SUCCESS", MAY),  # tested, and the caller goes on
    ("    auto ret = Prepare(self);", "!(ret == ACLNN_SUCCESS)", MAY),
    ("", "Prepare(self) != ACLNN_SUCCESS", MAY),  # tested in the condition itself
    ("    auto ret = Prepare(self);\n    CHECK_RET(ret == ACLNN_SUCCESS, ret);", "ret != ACLNN_SUCCESS", NONE),
    ("    auto ret = Prepare(self);\n    if (ret != ACLNN_SUCCESS) {\n        return ret;\n    }",
     "ret != ACLNN_SUCCESS", NONE),  # the failure is passed on
    ("    auto ret = Prepare(self);", "ret == ACLNN_SUCCESS", MAY),
])
def test_an_error_status_the_caller_recovers_from(tmp_path: Path, prelude: str, cond: str, expected) -> None:
    assert branch_launches(tmp_path, prelude, cond, _STATUS_HELPER) == expected


_L0 = """#include "opdev/make_op_executor.h"
using namespace op;
namespace l0op {{
OP_TYPE_REGISTER(Demo);
const aclTensor* Demo(const aclTensor* self, aclOpExecutor* executor)
{{
    auto y = executor->AllocTensor(self->GetViewShape(), self->GetDataType());
{before}    ADD_TO_LAUNCHER_LIST_AICORE(Demo, OP_INPUT(self), OP_OUTPUT(y));
    return y;
}}
}}
"""
_INFER_CHECKED = ("    auto ret = INFER_SHAPE(Demo, OP_INPUT(self), OP_OUTPUT(y));\n"
                  "    if (ret != ACLNN_SUCCESS) {\n        return nullptr;\n    }\n")
_INFER_OP_CHECK = ("    auto ret = INFER_SHAPE(Demo, OP_INPUT(self), OP_OUTPUT(y));\n"
                   "    OP_CHECK(ret == ACLNN_SUCCESS, OP_LOGE(ACLNN_ERR_INNER_INFERSHAPE_ERROR, \"infer\"), return nullptr);\n")
_DIMS = "    if (self->GetViewShape().GetDimNum() > 5) {\n        return nullptr;\n    }\n"
_CALL = "    auto demo = l0op::Demo(self, uniqueExecutor.get());"


def _launches(tmp_path: Path, before: str, prelude: str, cond: str, helpers: str = "") -> list[tuple[str, bool]]:
    l0 = tmp_path / "math" / "demo" / "op_host" / "op_api" / "demo.cpp"
    l0.parent.mkdir(parents=True, exist_ok=True)
    l0.write_text(_L0.format(before=before))
    report = demo_report(tmp_path, helpers + ENTRY.format(prelude=prelude, cond=cond))
    (route,) = evaluate(report, facts=facts_matrix(["Ascend910B"], ["float16"])).routes
    assert route.complete and route.rejected is None
    return sorted((task.op, task.may) for task in route.tasks)


@pytest.mark.parametrize("before", [_INFER_CHECKED, _INFER_OP_CHECK, _DIMS])
def test_a_null_l0_result_the_caller_recovers_from(tmp_path: Path, before: str) -> None:
    # The caller goes on when Demo fails: Demo may launch, and Abs (under `demo == nullptr`) may too.
    assert _launches(tmp_path, before, _CALL, "demo == nullptr") == [("Abs", True), ("Demo", True)]


@pytest.mark.parametrize("before", [_INFER_CHECKED, _INFER_OP_CHECK, _DIMS])
def test_a_null_l0_result_the_caller_checks(tmp_path: Path, before: str) -> None:
    checked = _CALL + "\n    CHECK_RET(demo != nullptr, ACLNN_ERR_INNER_NULLPTR);"
    assert _launches(tmp_path, before, checked, "demo == nullptr") == [("Demo", False)]


def test_a_result_never_read_is_dropped(tmp_path: Path) -> None:
    assert _launches(tmp_path, _INFER_CHECKED, _CALL, "true") == [("Abs", False), ("Demo", True)]


def test_an_infer_shape_nobody_checks_is_no_failure(tmp_path: Path) -> None:
    unchecked = "    INFER_SHAPE(Demo, OP_INPUT(self), OP_OUTPUT(y));\n"
    assert _launches(tmp_path, unchecked, _CALL, "demo == nullptr") == [("Demo", False)]


def test_the_status_alone_is_still_success_where_failures_end_the_caller(tmp_path: Path) -> None:
    assert branch_launches(tmp_path, "    auto ret = Prepare(self);\n    CHECK_RET(ret == ACLNN_SUCCESS, ret);",
                           "ret == ACLNN_SUCCESS", _STATUS_HELPER) == CERTAIN


def test_a_predicates_false_is_its_failure(tmp_path: Path) -> None:
    # `if (!TryFast(self)) {...}` goes on when TryFast's check fails: the check is a path, not an open check.
    helper = ("static bool Fits(const aclTensor* self)\n{\n    int64_t n = self->GetViewShape().GetDimNum();\n"
              "    CHECK_COND(n > 0L, false, \"no dims\");\n    return n < 4;\n}\n\n")
    report = demo_report(tmp_path / "tested", helper + ENTRY.format(prelude="", cond="!Fits(self)"))
    (route,) = evaluate(report, facts=facts_matrix(["Ascend910B"], ["float16"])).routes
    assert [(task.op, task.may) for task in route.tasks] == MAY and route.open_checks == ()
    checked = "    CHECK_RET(Fits(self), ACLNN_ERR_PARAM_INVALID);"
    report = demo_report(tmp_path / "checked", helper + ENTRY.format(prelude=checked, cond="true"))
    (route,) = evaluate(report, facts=facts_matrix(["Ascend910B"], ["float16"])).routes
    assert [check.message for check in route.open_checks] == ["CHECK_COND(n > 0L)", "CHECK_RET(Fits(self))"]


def test_a_helper_that_fails_on_a_null_l0_result(tmp_path: Path) -> None:
    helper = ("static bool TryDemo(const aclTensor* self, aclOpExecutor* executor)\n{\n"
              "    auto demo = l0op::Demo(self, executor);\n    CHECK_RET(demo != nullptr, false);\n    return true;\n}\n\n")
    l0 = tmp_path / "math" / "demo" / "op_host" / "op_api" / "demo.cpp"
    l0.parent.mkdir(parents=True, exist_ok=True)
    l0.write_text(_L0.format(before=_INFER_CHECKED))
    report = demo_report(tmp_path, helper + ENTRY.format(prelude="", cond="!TryDemo(self, uniqueExecutor.get())"))
    (route,) = evaluate(report, facts=facts_matrix(["Ascend910B"], ["float16"])).routes
    assert route.complete and sorted((task.op, task.may) for task in route.tasks) == [("Abs", True), ("Demo", True)]


_RUN = """struct Ctx {
    aclnnStatus ret;
};

static aclnnStatus Run(const aclTensor* self, aclOpExecutor* executor)
{
    auto demo = l0op::Demo(self, executor);
    CHECK_RET(demo != nullptr, ACLNN_ERR_INNER_NULLPTR);
    return ACLNN_SUCCESS;
}

static aclnnStatus Outer(const aclTensor* self, aclOpExecutor* executor)
{
    CHECK_RET(Run(self, executor) == ACLNN_SUCCESS, ACLNN_ERR_INNER_NULLPTR);
    return ACLNN_SUCCESS;
}

static const aclTensor* WithStatus(const aclTensor* self, aclOpExecutor* executor, aclnnStatus* status)
{
    auto demo = l0op::Demo(self, executor);
    *status = (demo == nullptr) ? ACLNN_ERR_INNER_NULLPTR : ACLNN_SUCCESS;
    return demo;
}

"""
_SWITCH = ("    bool failed = false;\n    switch (Run(self, uniqueExecutor.get())) {\n        case ACLNN_SUCCESS:\n"
           "            break;\n        default:\n            failed = true;\n            break;\n    }")


@pytest.mark.parametrize("prelude, cond", [
    ("", "Outer(self, uniqueExecutor.get()) != ACLNN_SUCCESS"),  # a check on a call inside the recovered helper
    (_SWITCH, "failed"),
    ("    Ctx ctx;\n    ctx.ret = Run(self, uniqueExecutor.get());", "ctx.ret != ACLNN_SUCCESS"),
    ("    aclnnStatus st = ACLNN_SUCCESS;\n    auto demo = WithStatus(self, uniqueExecutor.get(), &st);",
     "st != ACLNN_SUCCESS"),  # a status through an out-parameter of a call whose result is never read
])
def test_a_failure_recovered_through_helpers_switches_members_and_out_parameters(tmp_path: Path, prelude: str,
                                                                                 cond: str) -> None:
    assert _launches(tmp_path, _INFER_CHECKED, prelude, cond, _RUN) == [("Abs", True), ("Demo", True)]


def test_a_nested_status_the_caller_checks(tmp_path: Path) -> None:
    checked = "    CHECK_RET(Outer(self, uniqueExecutor.get()) == ACLNN_SUCCESS, ACLNN_ERR_INNER_NULLPTR);"
    assert _launches(tmp_path, _INFER_CHECKED, checked, "false", _RUN) == [("Demo", False)]


_RANK_TEST = "(self->GetViewShape().GetDimNum() > 1)"


@pytest.mark.parametrize("prelude, before, cond, expected", [
    # a null arm the caller recovers from is a path, not error handling
    (f"    auto demo = {_RANK_TEST} ? l0op::Demo(self, uniqueExecutor.get()) : nullptr;", "", "demo == nullptr",
     [("Abs", True), ("Demo", True)]),
    # the calls in its arms are walked with their failures as paths
    (f"    auto demo = {_RANK_TEST} ? l0op::Demo(self, uniqueExecutor.get()) : l0op::Demo(self, uniqueExecutor.get());",
     _INFER_CHECKED, "demo == nullptr", [("Abs", True), ("Demo", True), ("Demo", True)]),
    (f"    auto demo = {_RANK_TEST} ? l0op::Demo(self, uniqueExecutor.get()) : nullptr;\n"
     "    CHECK_RET(demo != nullptr, ACLNN_ERR_INNER_NULLPTR);", "", "demo == nullptr", [("Demo", True)]),
])
def test_a_ternarys_null_arm_the_caller_recovers_from(tmp_path: Path, prelude: str, before: str, cond: str,
                                                        expected) -> None:
    assert _launches(tmp_path, before, prelude, cond) == expected



@pytest.mark.parametrize("prelude, cond", [
    ("    bool ok = Run(self, uniqueExecutor.get()) == ACLNN_SUCCESS;", "!ok"),
    ("    bool failed = Run(self, uniqueExecutor.get()) != ACLNN_SUCCESS;", "failed"),
    ("    const aclTensor* demo = nullptr;", "(demo = l0op::Demo(self, uniqueExecutor.get())) == nullptr"),
    ("    auto ret = Run(self, uniqueExecutor.get());\n    if (ret != ACLNN_SUCCESS && ret != ACLNN_ERR_INNER_NULLPTR) {\n"
     "        return ret;\n    }", "ret != ACLNN_SUCCESS"),
])
def test_a_failure_recovered_through_flags_assignments_and_error_codes(tmp_path: Path, prelude: str, cond: str) -> None:
    assert _launches(tmp_path, _INFER_CHECKED, prelude, cond, _RUN) == [("Abs", True), ("Demo", True)]


@pytest.mark.parametrize("loop_end, cond, expected", [
    # the loop reads nothing of it: the next read after the loop says (a fallback goes on)
    ("", "demo == nullptr", [("Abs", True), ("Demo", True), ("Demo", True)]),  # two rounds: two launches
    # the next round reads it first with a check that fails: the failure ends the caller, as before
    ("    CHECK_RET(demo != nullptr, ACLNN_ERR_INNER_NULLPTR);\n", "false", [("Demo", False), ("Demo", False)]),
])
def test_a_result_assigned_in_a_loop_body(tmp_path: Path, loop_end: str, cond: str, expected) -> None:
    prelude = ("    const aclTensor* demo = self;\n    for (int64_t k = 0; k < 2; ++k) {\n" + loop_end.replace("    ", "        ", 1)
               + "        demo = l0op::Demo(self, uniqueExecutor.get());\n    }")
    if loop_end:
        prelude += "\n    CHECK_RET(demo != nullptr, ACLNN_ERR_INNER_NULLPTR);"
    assert _launches(tmp_path, _INFER_CHECKED, prelude, cond) == expected


def test_a_retry_loop_keeps_its_results_nullability(tmp_path: Path) -> None:
    # `for (...; demo == nullptr; ...) { demo = l0op::Demo(...); }`: the loop's renamed ghosts stay nullable.
    prelude = ("    const aclTensor* demo = nullptr;\n    for (int64_t k = 0; k < 2 && demo == nullptr; ++k) {\n"
               "        demo = l0op::Demo(self, uniqueExecutor.get());\n    }")
    assert ("Abs", True) in _launches(tmp_path, _INFER_CHECKED, prelude, "demo == nullptr")


def test_an_l0_op_that_goes_on_after_its_own_infer_shape_fails(tmp_path: Path) -> None:
    # `if (INFER_SHAPE(...) != ACLNN_SUCCESS) { <AI CPU fallback> }` in the L0 op: the fallback is a path even where
    # the caller checks the L0 op's result (probe set 76).
    fallback = ("    if (INFER_SHAPE(Demo, OP_INPUT(self), OP_OUTPUT(y)) != ACLNN_SUCCESS) {\n"
                "        l0op::Abs(self, executor);\n    }\n")
    checked = _CALL + "\n    CHECK_RET(demo != nullptr, ACLNN_ERR_INNER_NULLPTR);"
    assert _launches(tmp_path, fallback, checked, "false") == [("Abs", True), ("Demo", False)]
