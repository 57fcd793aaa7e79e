"""Which tensor a launch reads, through the C++ that hands it on: a reference to a pointer (`const aclTensor*&`, not
a reference to const), an element of a tensor container bound to a reference parameter or written by a range-for
by reference, `std::move`, a `std::pair`. Before, each read gave the tensor the variable held before the write (or
none) in a complete route."""

from __future__ import annotations

from pathlib import Path

import pytest

from .branch_probe import demo_report
from op_migrate.analyzers.aclnn import evaluate, facts_matrix

ENTRY = """{helpers}
aclnnStatus aclnnDemoGetWorkspaceSize(const aclTensor* self, aclTensor* out, uint64_t* workspaceSize,
                                      aclOpExecutor** executor)
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
HOLDER = "struct Holder {\n    const aclTensor* t = nullptr;\n};\n"
PREPARE = "static void Prepare(const aclTensor*& t, aclOpExecutor* ex)\n{\n    t = l0op::Abs(t, ex);\n}\n"


def _probe_reads(tmp_path: Path, helpers: str, body: str) -> set[str]:
    """What the ZerosLike at the end reads: the op that made each tensor, or the entry's parameter."""
    report = demo_report(tmp_path, ENTRY.format(helpers=helpers, body=body))
    (route,) = evaluate(report, facts=facts_matrix(["Ascend910B"], ["float16"])).routes
    assert route.complete
    made = {tensor_id: task.op for task in route.tasks for tensor_id in task.writes}
    (probe,) = [task for task in route.tasks if task.op == "ZerosLike"]
    return {made.get(tensor_id, tensor_id) for tensor_id in probe.reads}


@pytest.mark.parametrize("helpers, body, expected", [
    (HOLDER, "    Holder h;\n    h.t = self;\n    const aclTensor*& r = h.t;\n    r = l0op::Abs(r, ex);\n"
             "    auto target = h.t;", {"Abs"}),
    ("", "    auto a = l0op::Abs(self, ex);\n    auto target = std::move(a);", {"Abs"}),
    ("", "    std::pair<const aclTensor*, const aclTensor*> p = {self, l0op::Abs(self, ex)};\n"
         "    auto target = p.second;", {"Abs"}),
    (PREPARE, "    std::vector<const aclTensor*> v = {self};\n    Prepare(v[0], ex);\n    auto target = v[0];",
     {"Abs", "self"}),  # the container may hold either: which element is not followed
    ("", "    std::vector<const aclTensor*> v = {self};\n    for (auto& t : v) {\n        t = l0op::Abs(t, ex);\n"
         "    }\n    auto target = v[0];", {"Abs", "self"}),
    ("", "    std::vector<const aclTensor*> v = {self};\n    for (auto t : v) {\n        t = l0op::Abs(t, ex);\n"
         "    }\n    auto target = v[0];", {"self"}),  # by value: the container is unchanged
])
def test_launches_read_what_the_cpp_hands_them(tmp_path: Path, helpers: str, body: str, expected: set) -> None:
    assert _probe_reads(tmp_path, helpers, body) == expected


# An L0 op returning several tensors in a std::array (ops-nn's AdaLayerNormGrad: `return {gradInput, ...};`, the
# caller `std::array<aclTensor*, 5> gradRes = l0op::AdaLayerNormGrad(...)`, then `gradRes[GRAD_INPUT_INDEX]`).
TWO = """static constexpr size_t N_OUT = 2;
static constexpr size_t SECOND = 1;
static const std::array<aclTensor*, N_OUT> Two(const aclTensor* x, aclOpExecutor* ex)
{{
    auto a = l0op::Abs(x, ex);
    auto b = l0op::ZerosLike(a, ex);
    if (a == nullptr) {{
        return std::array<aclTensor*, N_OUT>{{nullptr, nullptr}};
    }}
    return {returned};
}}
"""


@pytest.mark.parametrize("returned, body, expected", [
    # Declared with its std::array type, the positions were lost: the read was unknown.
    ("{a, b}", "    std::array<aclTensor*, N_OUT> r = Two(self, ex);\n    auto target = r[SECOND];", {"ZerosLike"}),
    # `std::array<...>{a, b}` as a value was unknown, and `auto target = r[1]` was read as an array of one element:
    # a host list of zeros, so the launch read nothing and said nothing.
    ("std::array<aclTensor*, N_OUT>{a, b}", "    std::array<aclTensor*, N_OUT> r = Two(self, ex);\n"
                                           "    auto target = r[1];", {"ZerosLike"}),
    ("{a, b}", "    auto r = Two(self, ex);\n    auto target = r[0];", {"Abs"}),
    # Its methods read one position too (they were unknown: named on the task, the tensor not followed).
    ("{a, b}", "    auto r = Two(self, ex);\n    auto target = r.at(1);", {"ZerosLike"}),
    ("{a, b}", "    auto r = Two(self, ex);\n    auto target = r.front();", {"Abs"}),
    ("{a, b}", "    auto r = Two(self, ex);\n    auto target = r.back();", {"ZerosLike"}),
])
def test_a_std_array_of_tensors_keeps_its_positions(tmp_path: Path, returned: str, body: str, expected: set) -> None:
    helpers = TWO.format(returned=returned)
    report = demo_report(tmp_path, ENTRY.format(helpers=helpers, body=body))
    (route,) = evaluate(report, facts=facts_matrix(["Ascend910B"], ["float16"])).routes
    assert route.complete
    made = {tensor_id: task.op for task in route.tasks[:-1] for tensor_id in task.writes}
    probe = route.tasks[-1]
    assert {made.get(tensor_id, tensor_id) for tensor_id in probe.reads} == expected


OUTS = """struct TwoOut {
    aclTensor* y;
    aclTensor* mask;
};
static TwoOut Two(const aclTensor* x, aclOpExecutor* ex)
{
    auto a = l0op::Abs(x, ex);
    auto b = l0op::ZerosLike(a, ex);
    return {a, b};
}
"""


@pytest.mark.parametrize("body, expected", [
    ("    auto r = Two(self, ex);\n    auto target = r.mask;", {"ZerosLike"}),
    ("    TwoOut r = Two(self, ex);\n    auto target = r.y;", {"Abs"}),
])
def test_a_struct_returned_in_braces_holds_its_members(tmp_path: Path, body: str, expected: set) -> None:
    """`return {a, b};` from a function returning a repository struct initializes its members in order (it was
    unknown: the read named on the task, not followed)."""
    report = demo_report(tmp_path, ENTRY.format(helpers=OUTS, body=body))
    (route,) = evaluate(report, facts=facts_matrix(["Ascend910B"], ["float16"])).routes
    assert route.complete
    made = {tensor_id: task.op for task in route.tasks[:-1] for tensor_id in task.writes}
    probe = route.tasks[-1]
    assert {made.get(tensor_id, tensor_id) for tensor_id in probe.reads} == expected and not probe.unnamed_reads
