"""The framework's own device tasks (opbase z_framework_op.cpp): op::CopyToNpu is a COPY task into a new device
tensor with the host tensor's dtype and shape; every function listed as a device task is modelled or makes the route
incomplete by name, and so does an executor method that adds a launcher by hand; never a silent host call."""

from __future__ import annotations

from pathlib import Path

import pytest

from op_migrate.analyzers.aclnn import analyze_chains, evaluate, facts_matrix
from op_migrate.analyzers.route.framework_functions import DEVICE_TASKS, EXECUTOR_LAUNCHES
from op_migrate.analyzers.route.l0_effects import MODELLED_TASKS

HEAD = ("aclnnStatus aclnnDemoGetWorkspaceSize(const aclTensor* self, aclTensor* out, uint64_t* workspaceSize, "
        "aclOpExecutor** executor)\n{\n    auto uniqueExecutor = CREATE_EXECUTOR();\n")


def _route(tmp_path: Path, body: str, prelude: str = "", dtype: str = "float16"):
    source = tmp_path / "demo.cpp"
    source.write_text("using namespace op;\n" + prelude + HEAD + body + "    return ACLNN_SUCCESS;\n}\n")
    report = analyze_chains([source], repo_root=tmp_path)
    (route,) = evaluate(report, facts=facts_matrix(["Ascend910B"], [dtype], (), (), ())).routes
    return route


COPY_THEN_CAST = """    auto host = uniqueExecutor.get()->AllocHostTensor({4}, op::DataType::DT_FLOAT);
    CHECK_RET(host != nullptr, ACLNN_ERR_INNER_NULLPTR);
    auto dev = op::CopyToNpu(host, uniqueExecutor.get());
    CHECK_RET(dev != nullptr, ACLNN_ERR_INNER_NULLPTR);
    auto casted = l0op::Cast(dev, self->GetDataType(), uniqueExecutor.get());
    CHECK_RET(casted != nullptr, ACLNN_ERR_INNER_NULLPTR);
"""


def test_copy_to_npu_is_a_certain_copy_task_and_the_cast_after_it_is_decided(tmp_path: Path) -> None:
    route = _route(tmp_path, COPY_THEN_CAST)
    assert route.complete, route.incomplete_reasons
    assert [(t.op, t.launcher, t.may) for t in route.tasks] == [("CopyToNpu", "COPY", False),
                                                                  ("Cast", "AI_CORE", False)]
    copy, cast = route.tasks
    (made,) = copy.writes
    tensor = next(t for t in route.tensors if t.id == made)
    assert (tensor.producer, tensor.effect, tensor.dtype, tensor.dims) == ("CopyToNpu", "alloc", "float32", (4,))
    assert copy.reads == () and cast.reads == (made,)
    step = next(s for s in route.steps if s.op == "CopyToNpu")
    assert (step.kind, step.tasks, step.result, step.effect) == ("launch", (copy.index,), made, "launch")


def test_copy_to_npu_unqualified_and_inside_a_helper(tmp_path: Path) -> None:
    prelude = ("static const aclTensor* MakeAssist(int64_t n, aclOpExecutor* executor)\n{\n"
               "    auto assist = executor->AllocHostTensor({n}, op::DataType::DT_INT32);\n"
               "    return CopyToNpu(assist, executor);\n}\n")
    route = _route(tmp_path, "    auto dev = MakeAssist(8, uniqueExecutor.get());\n"
                             "    CHECK_RET(dev != nullptr, ACLNN_ERR_INNER_NULLPTR);\n", prelude)
    assert route.complete, route.incomplete_reasons
    (copy,) = route.tasks
    assert (copy.op, copy.launcher, copy.may) == ("CopyToNpu", "COPY", False)
    tensor = next(t for t in route.tensors if t.id == copy.writes[0])
    assert (tensor.dtype, tensor.dims) == ("int32", (8,))


def test_a_converted_array_keeps_its_length(tmp_path: Path) -> None:
    body = ("    int64_t values[3] = {1, 2, 3};\n"
            "    auto array = uniqueExecutor.get()->AllocIntArray(values, 3);\n"
            "    auto host = uniqueExecutor.get()->ConvertToTensor(array, op::DataType::DT_INT64);\n"
            "    auto dev = op::CopyToNpu(host, uniqueExecutor.get());\n")
    route = _route(tmp_path, body)
    (copy,) = route.tasks
    tensor = next(t for t in route.tensors if t.id == copy.writes[0])
    assert (tensor.dtype, tensor.dims) == ("int64", (3,))


# Each device task of the framework, called as op_api code calls it.
CALLS = {
    "CopyNpuToNpu": "    auto status = op::CopyNpuToNpu(self, out, uniqueExecutor.get());\n",
    "CopyToNpu": "    auto host = uniqueExecutor.get()->AllocHostTensor({2}, op::DataType::DT_FLOAT);\n"
                 "    auto dev = op::CopyToNpu(host, uniqueExecutor.get());\n",
    "CopyToNpuSync": "    auto host = uniqueExecutor.get()->AllocHostTensor({2}, op::DataType::DT_FLOAT);\n"
                     "    auto dev = op::CopyToNpuSync(host, uniqueExecutor.get());\n",
}


def test_every_device_task_has_a_call_here() -> None:
    assert set(CALLS) == set(DEVICE_TASKS)


@pytest.mark.parametrize("name", sorted(DEVICE_TASKS))
def test_each_device_task_is_a_task_or_an_incomplete_route(tmp_path: Path, name: str) -> None:
    route = _route(tmp_path, CALLS[name])
    if name in MODELLED_TASKS:
        assert route.complete, route.incomplete_reasons
        assert [(t.op, t.launcher, t.may) for t in route.tasks] == [(name, "COPY", False)]
    else:
        assert not route.complete
        assert [r.symbol for r in route.incomplete_reasons] == ["route-framework-launch-unmodelled"]
        assert f"op::{name}" in route.incomplete_reasons[0].message


def test_the_listed_modelled_tasks_are_device_tasks() -> None:
    # A name modelled but not listed would be taken for a value-only call where the walk does not dispatch it.
    assert set(MODELLED_TASKS) <= set(DEVICE_TASKS)


@pytest.mark.parametrize("method", sorted(EXECUTOR_LAUNCHES))
def test_an_executor_method_that_adds_a_launcher_makes_the_route_incomplete(tmp_path: Path, method: str) -> None:
    route = _route(tmp_path, f"    uniqueExecutor.get()->{method}(nullptr);\n")
    assert [r.symbol for r in route.incomplete_reasons] == ["route-framework-launch-unmodelled"]
    assert f"executor->{method}" in route.incomplete_reasons[0].message


def test_a_function_of_another_namespace_named_like_a_task_is_not_taken_for_it(tmp_path: Path) -> None:
    prelude = ("namespace mine {\nstatic int CopyToNpuSync(const aclTensor* x, aclOpExecutor* e) { return 0; }\n}\n")
    route = _route(tmp_path, "    mine::CopyToNpuSync(self, uniqueExecutor.get());\n", prelude)
    assert route.complete and route.tasks == ()
