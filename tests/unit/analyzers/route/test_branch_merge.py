"""Variables after an undecided if/else hold the merge of both arms: flags become unknown, tensors every value."""

from __future__ import annotations

from pathlib import Path

import pytest

from op_migrate.analyzers.aclnn import analyze_chains, evaluate, facts_matrix

HEAD = "aclnnStatus aclnnDemoGetWorkspaceSize(const aclTensor* self, aclTensor* out, " \
       "uint64_t* workspaceSize, aclOpExecutor** executor)\n{\n    auto uniqueExecutor = CREATE_EXECUTOR();\n"
TAIL = "    return ACLNN_SUCCESS;\n}\n"

# An L0 op in the ops-math idiom: AI_CORE for the dtypes of its list, AI_CPU otherwise.
FOO_L0 = """namespace l0op {
OP_TYPE_REGISTER(Foo);
static const std::initializer_list<op::DataType> AICORE_LIST = {op::DataType::DT_FLOAT, op::DataType::DT_FLOAT16};
static bool IsAiCoreSupport(const aclTensor* self) { return CheckType(self->GetDataType(), AICORE_LIST); }
const aclTensor* Foo(const aclTensor* self, aclOpExecutor* executor)
{
    auto out = executor->AllocTensor(self->GetViewShape(), self->GetDataType());
    if (IsAiCoreSupport(self)) {
        ADD_TO_LAUNCHER_LIST_AICORE(Foo, OP_INPUT(self), OP_OUTPUT(out));
    } else {
        ADD_TO_LAUNCHER_LIST_AICPU(Foo, OP_ATTR_NAMES(), OP_INPUT(self), OP_OUTPUT(out));
    }
    return out;
}
} // namespace l0op
"""


def route(tmp_path: Path, body: str, prelude: str = "", socs=(), dtypes=()):
    (tmp_path / "foo.cpp").write_text(FOO_L0)
    source = tmp_path / "aclnn_demo.cpp"
    source.write_text(prelude + HEAD + body + TAIL)
    report = analyze_chains([source], repo_root=tmp_path)
    (result,) = evaluate(report, facts=facts_matrix(socs, dtypes, (), ())).routes
    return result


def launches(result):
    return [(t.op, t.launcher, t.may) for t in result.tasks]


def test_a_flag_set_in_one_arm_only_is_unknown_after_the_if(tmp_path: Path) -> None:
    body = """    bool useAiCpu = false;
    if (CheckType(self->GetDataType(), AICORE_DTYPES)) {
        auto a = l0op::Abs(self, uniqueExecutor.get());
    } else {
        useAiCpu = true;
    }
    if (useAiCpu) {
        auto n = l0op::Neg(self, uniqueExecutor.get());
    }
"""
    prelude = "static const std::initializer_list<op::DataType> AICORE_DTYPES = {op::DataType::DT_FLOAT};\n"
    assert [(op, may) for op, _, may in launches(route(tmp_path, body, prelude))] == [("Abs", True), ("Neg", True)]
    assert [op for op, _, _ in launches(route(tmp_path, body, prelude, dtypes=["float32"]))] == ["Abs"]
    assert [(op, may) for op, _, may in launches(route(tmp_path, body, prelude, dtypes=["float64"]))] == [
        ("Neg", False)]


def test_a_tensor_replaced_in_one_arm_keeps_both_dtypes_for_later_launchers(tmp_path: Path) -> None:
    body = """    auto x = self;
    if (self->GetDataType() == op::DataType::DT_INT64) {
        x = l0op::Cast(self, op::DataType::DT_FLOAT, uniqueExecutor.get());
    }
    auto y = l0op::Foo(x, uniqueExecutor.get());
    auto v = l0op::ViewCopy(y, out, uniqueExecutor.get());
"""
    unknown = route(tmp_path, body)
    assert [(op, launcher, may) for op, launcher, may in launches(unknown) if op == "Foo"] == [
        ("Foo", "AI_CORE", True), ("Foo", "AI_CPU", True)]
    # ViewCopy of Foo's workspace result into the contiguous `out` re-points it: no launch on any SoC.
    assert launches(route(tmp_path, body, dtypes=["int64"]))[1:] == [("Foo", "AI_CORE", False)]
    assert ("Foo", "AI_CPU", False) in launches(route(tmp_path, body, dtypes=["float64"]))


def test_a_second_cast_after_an_undecided_cast_may_run(tmp_path: Path) -> None:
    body = """    auto x = self;
    if (IsRegBase()) {
        x = l0op::Cast(self, op::DataType::DT_FLOAT, uniqueExecutor.get());
    }
    auto again = l0op::Cast(x, op::DataType::DT_FLOAT, uniqueExecutor.get());
"""
    result = route(tmp_path, body, dtypes=["float16"])
    assert [(t.op, t.may) for t in result.tasks] == [("Cast", True), ("Cast", True)]
    assert result.tasks[1].guards == ("Cast: input dtype differs from float32",)
    assert [t.op for t in route(tmp_path, body, socs=["Ascend950"], dtypes=["float16"]).tasks] == ["Cast"]


def test_after_an_early_return_in_one_arm_later_steps_say_where_they_run(tmp_path: Path) -> None:
    # The Stack idiom: the one-tensor arm returns early for an empty tensor; what follows the if/else runs everywhere
    # else, and its guard says so instead of an empty `may:`.
    body = """    const aclTensor* result = nullptr;
    if (self->GetViewShape().GetDimNum() == 1) {
        if (self->IsEmpty()) {
            return ACLNN_SUCCESS;
        }
        result = l0op::Foo(self, uniqueExecutor.get());
    } else {
        result = l0op::Abs(self, uniqueExecutor.get());
    }
    l0op::ViewCopy(result, out, uniqueExecutor.get());
"""
    result = route(tmp_path, body, socs=["Ascend910B"], dtypes=["float16"])
    (view_copy,) = [step for step in result.steps if step.op == "ViewCopy"]
    assert view_copy.may and view_copy.guards == ("!(self->GetViewShape().GetDimNum() == 1 && self->IsEmpty())",)
    # With one arm returning entirely, the other arm's guard is the whole story.
    body = body.replace("        result = l0op::Foo(self, uniqueExecutor.get());\n", "        return ACLNN_SUCCESS;\n")
    result = route(tmp_path, body, socs=["Ascend910B"], dtypes=["float16"])
    (view_copy,) = [step for step in result.steps if step.op == "ViewCopy"]
    assert view_copy.guards == ("!(self->GetViewShape().GetDimNum() == 1)",)


CONDITIONAL_WRITE = """struct DemoDtypes {
    op::DataType self_dtype;
    op::DataType output_dtype;
};
struct DemoInfo {
    DemoDtypes ori;
    DemoDtypes support;
};
static void SetDemoInfo(const aclTensor* self, DemoInfo& info, int8_t mode)
{
    info.ori.self_dtype = self->GetDataType();
    info.ori.output_dtype = self->GetDataType();
    info.support = info.ori;
    if (mode == 2) {
        info.support.output_dtype = op::DataType::DT_FLOAT;
    }
}
static void SetFlag(bool& flag, int8_t mode)
{
    if (mode == 3) {
        flag = true;
    }
}
"""


def _mode_route(tmp_path: Path, prelude: str, body: str):
    source = tmp_path / "aclnn_demo.cpp"
    source.write_text(prelude + HEAD.replace("aclTensor* out, ", "aclTensor* out, int8_t mode, ") + body + TAIL)
    report = analyze_chains([source], repo_root=tmp_path)
    (result,) = evaluate(report, facts=facts_matrix(["Ascend910B"], ["float16"], (), ())).routes
    return result


def test_a_write_into_the_callers_object_under_an_undecided_guard_is_not_certain(tmp_path: Path) -> None:
    # ops-nn SetMmSupportDType (matmul_util.cpp): `support_info.output_dtype` changes only when cubeMathType asks;
    # the write read as certain dropped the k == 1 Mul of BatchMatMul.
    body = """    DemoInfo info;
    SetDemoInfo(self, info, mode);
    if (info.support.output_dtype == info.support.self_dtype) {
        l0op::Mul(self, self, uniqueExecutor.get());
    } else {
        l0op::Cast(self, op::DataType::DT_FLOAT, uniqueExecutor.get());
    }
    bool flag = false;
    SetFlag(flag, mode);
    if (flag) {
        l0op::Abs(self, uniqueExecutor.get());
    }
"""
    route = _mode_route(tmp_path, CONDITIONAL_WRITE, body)
    assert route.complete, route.incomplete_reasons
    assert sorted((task.op, task.may) for task in route.tasks) == [("Abs", True), ("Cast", True), ("Mul", True)]


@pytest.mark.parametrize("assign", [
    "    const aclTensor* y = IsRegBase() ? l0op::Abs(self, uniqueExecutor.get()) : self;\n",
    "    const aclTensor* y = self;\n    if (IsRegBase()) {\n        y = l0op::Abs(self, uniqueExecutor.get());\n    }\n",
    "    const aclTensor* y = self;\n    for (int64_t i = 0; i < self->GetViewShape().GetDim(0); i++) {\n"
    "        y = l0op::Abs(y, uniqueExecutor.get());\n    }\n",
])
def test_a_tensor_variable_set_on_some_paths_compares_undecided(tmp_path: Path, assign: str) -> None:
    # `y == self` holds on the paths that left y alone: it was decided false from y's last tensor alone.
    body = assign + """    if (y == self) {
        l0op::ZerosLike(self, uniqueExecutor.get());
    }
    if (y != self) {
        l0op::OnesLike(self, uniqueExecutor.get());
    }
"""
    result = route(tmp_path, body)
    assert {t.op: t.may for t in result.tasks if t.op in ("ZerosLike", "OnesLike")} == \
        {"ZerosLike": True, "OnesLike": True}
