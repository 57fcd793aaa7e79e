"""A launch input the walk cannot resolve to a tensor of the route is named on the task (`unnamed_reads`), never
dropped in silence: before, `reads` was empty and nothing said a tensor had been read (ops-transformer's
GroupedMatmul family: 1,053 of 1,848 launches, the elements of a params struct declared through a `using` alias of a
template; such an alias of a plain struct is followed now, one of a class template with methods is not). A host number handed to a launch (`int64_t seed` of a DSA launch) is no tensor and is not named."""

from __future__ import annotations

from pathlib import Path

import pytest

from .branch_probe import demo_report
from op_migrate.analyzers.aclnn import evaluate, facts_matrix
from op_migrate.analyzers.route.route_json import route_from_json

ENTRY = """{helpers}
aclnnStatus aclnnDemoGetWorkspaceSize(const aclTensor* self, const aclTensorList* xs, aclTensor* out,
                                      uint64_t* workspaceSize, aclOpExecutor** executor)
{{
    auto uniqueExecutor = CREATE_EXECUTOR();
    auto ex = uniqueExecutor.get();
{body}
    auto probe = l0op::ZerosLike(target, ex);
    *workspaceSize = 0;
    uniqueExecutor.ReleaseTo(executor);
    return ACLNN_SUCCESS;
}}
"""
# An alias of a class template with a method: not followed (route/objects.py), so its members are unknown.
TEMPLATE_ALIAS = ("template <typename T>\nstruct ParamsT {\n    T x;\n    T Get() const { return x; }\n};\n"
                  "using Params = ParamsT<const aclTensor*>;\n")


def _probe(tmp_path: Path, helpers: str, body: str):
    report = demo_report(tmp_path, ENTRY.format(helpers=helpers, body=body))
    (route,) = evaluate(report, facts=facts_matrix(["Ascend910B"], ["float16"])).routes
    (probe,) = [task for task in route.tasks if task.op == "ZerosLike"]
    return route, probe


def test_an_input_the_walk_cannot_resolve_is_named_on_the_task(tmp_path: Path) -> None:
    route, probe = _probe(tmp_path, TEMPLATE_ALIAS, "    Params p;\n    p.x = l0op::Abs(self, ex);\n    auto target = p.x;")
    assert route.complete  # the launches are known; which tensor ZerosLike reads is not
    assert probe.reads == ()
    assert probe.unnamed_reads == ("target",)
    document = route.to_json()
    (task,) = [t for t in document["tasks"] if t["op"] == "ZerosLike"]
    assert task["unnamed_reads"] == ["target"]
    assert route_from_json(document).tasks == route.tasks  # it survives the JSON round trip


@pytest.mark.parametrize("body", [
    "    auto target = (*xs)[0];",
    "    auto target = l0op::Abs(self, ex);",
    "    const aclTensor* target = self;",
])
def test_inputs_the_walk_resolves_are_not_named(tmp_path: Path, body: str) -> None:
    _, probe = _probe(tmp_path, "", body)
    assert probe.reads and probe.unnamed_reads == ()


DSA = """namespace l0op {{
static const aclTensor* Mask(const aclTensor* keep, int64_t seed, {offset_type} offset, aclOpExecutor* executor)
{{
    L0_DFX(Mask, keep, seed, offset);
    auto copy = offset;
    auto mask = executor->AllocTensor(keep->GetViewShape(), op::DataType::DT_UINT8);
    ADD_TO_LAUNCHER_LIST_DSA(DSAGenBitMask, OP_INPUT(seed, offset, copy, keep), OP_OUTPUT(mask), OP_ATTR(0));
    return mask;
}}
}}
"""


# `seed` and an `int64_t offset` are declared host numbers: not named. `copy` is an `auto` the walk cannot type, so it
# is named either way (the conservative side: the memory model then says its peak may be understated). An unknown
# tensor is named in the entry point's words where it has them (`GetOffset()`), else in the helper's.
@pytest.mark.parametrize("offset_type, named", [
    ("int64_t", ("copy in l0op::Mask",)),
    ("const aclTensor*", ("GetOffset()", "copy in l0op::Mask")),
])
def test_a_host_number_given_to_a_launch_is_no_unnamed_tensor(tmp_path: Path, offset_type: str, named) -> None:
    helpers = DSA.format(offset_type=offset_type)
    body = ("    int64_t seed = GetSeed();\n    auto target = l0op::Mask(self, seed, GetOffset(), ex);" if offset_type ==
            "int64_t" else "    auto target = l0op::Mask(self, 1, GetOffset(), ex);")
    report = demo_report(tmp_path, ENTRY.format(helpers=helpers, body=body))
    (route,) = evaluate(report, facts=facts_matrix(["Ascend910B"], ["float16"])).routes
    (mask,) = [task for task in route.tasks if task.op == "DSAGenBitMask"]
    assert mask.unnamed_reads == named


def test_an_initializer_subscript_is_no_array_size(tmp_path: Path) -> None:
    """`auto target = p.xs[1];` declares no array of one element: the `[1]` belongs to the initializer. It was read
    as `T target[1]`, which made the unknown element a host list of zeros: the read was dropped without a word."""
    helpers = "template <typename T>\nstruct PairT {\n    T xs[2];\n};\nusing Pair = PairT<const aclTensor*>;\n"
    _, probe = _probe(tmp_path, helpers, "    Pair p;\n    auto target = p.xs[1];")
    assert probe.unnamed_reads == ("target",)



def test_an_unnamed_output_survives_the_json_round_trip_and_is_shown() -> None:
    """ops-transformer: ViewCopy's Transpose writes `yView`, a view the walk does not resolve (24 launches of the
    GroupedMatmul family); the task names it like an input."""
    from op_migrate.analyzers.route.model import Facts, Route, Task
    from op_migrate.reports.aclnn_report import _task_line

    task = Task(0, "Transpose", "AI_CORE", "a.cpp", 7, reads=("t1",), unnamed_writes=("yView in l0op::TransposeAiCore",))
    route = Route("aclnnX", Facts(), (task,), (), ())
    assert route_from_json(route.to_json()).tasks == (task,)
    assert _task_line(route.to_json()["tasks"][0]) == \
        "[0] Transpose  AI_CORE  a.cpp:7  writes unnamed: yView in l0op::TransposeAiCore"
