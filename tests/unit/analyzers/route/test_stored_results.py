"""Results held other than by one variable (probe sets 61-69; each was a route stated complete that left out a launch
or stated certain one that is not): a null one arm puts in a tuple, pair or container stays a possible element; a call
whose result a statement stores in a container, tuple or aggregate, binds or ties, is recovered from when the first
statement naming the holder tests it and goes on; writes through a pointer to a tensor variable, through an array
given to a pointer parameter, and through an iterator reach what they point to."""

from __future__ import annotations

from pathlib import Path

import pytest

from op_migrate.analyzers.aclnn import analyze_chains, evaluate, facts_matrix

from .branch_probe import CERTAIN, MAY, NONE, branch_launches

_TWO_WAY = """static std::tuple<const aclTensor*, const aclTensor*> TwoWay(const aclTensor* x, bool swap)
{
    if (swap) {
        return std::make_tuple(nullptr, x);
    }
    return std::make_tuple(x, x);
}

static std::pair<const aclTensor*, int64_t> OneWay(const aclTensor* x, bool swap)
{
    if (swap) {
        return {nullptr, 0};
    }
    return {x, 1};
}

static void Fill(const aclTensor* x, const aclTensor* outs[2])
{
    outs[0] = x;
}

static void FillPointer(const aclTensor* x, const aclTensor** outs)
{
    outs[0] = x;
}

"""
_SWAP = "self->GetViewShape().GetDimNum() > 2"  # undecided without shape facts


@pytest.mark.parametrize("prelude, cond", [
    (f"    auto [p, q] = TwoWay(self, {_SWAP});", "p == nullptr"),
    (f"    auto t = TwoWay(self, {_SWAP});", "std::get<0>(t) == nullptr"),
    (f"    auto [p, n] = OneWay(self, {_SWAP});", "p == nullptr"),
    (f"    auto pr = OneWay(self, {_SWAP});", "pr.first == nullptr"),
    (f"    auto t = std::make_tuple({_SWAP} ? nullptr : self, self);", "std::get<0>(t) == nullptr"),
    (f"    std::vector<const aclTensor*> v = {{{_SWAP} ? nullptr : self}};", "v[0] == nullptr"),
    (f"    std::tuple<const aclTensor*> t({_SWAP} ? nullptr : self);", "std::get<0>(t) == nullptr"),
])
def test_a_null_one_arm_puts_in_a_tuple_or_container_is_a_possible_element(tmp_path: Path, prelude: str,
                                                                           cond: str) -> None:
    assert branch_launches(tmp_path, prelude, cond, _TWO_WAY) == MAY


@pytest.mark.parametrize("prelude, cond, expected", [
    # every element is set to nullptr: the launch is certain; the walk keeps the old element too (`may`, sound)
    ("    std::vector<const aclTensor*> v = {self};\n    for (auto& t : v) {\n        t = nullptr;\n    }",
     "v[0] == nullptr", MAY),
    ("    const aclTensor* parts[2] = {nullptr, nullptr};\n    Fill(self, parts);", "parts[0] == nullptr", MAY),
    ("    const aclTensor* parts[2] = {nullptr, nullptr};\n    FillPointer(self, parts);", "parts[0] == nullptr", MAY),
    ("    const aclTensor* t = self;\n    const aclTensor** pp = &t;\n    *pp = nullptr;", "t == nullptr", MAY),
    ("    const aclTensor* parts[2] = {self, self};\n    const aclTensor** slot = &parts[1];\n    *slot = nullptr;",
     "parts[1] == nullptr", MAY),
    ("    const aclTensor* parts[2] = {nullptr, nullptr};\n    const aclTensor** p = parts;\n    p[1] = self;",
     "parts[1] == nullptr", MAY),
    ("    std::vector<const aclTensor*> v = {self};\n    auto it = v.begin();\n    *it = nullptr;", "v[0] == nullptr", MAY),
    # `a.swap(b)` exchanges both
    ("    std::vector<const aclTensor*> v1 = {self};\n    std::vector<const aclTensor*> v2 = {nullptr};\n"
     "    v2.swap(v1);", "v1[0] == nullptr", CERTAIN),
    ("    std::vector<const aclTensor*> v1 = {self};\n    std::vector<const aclTensor*> v2 = {nullptr};\n"
     "    v1.swap(v2);", "v2[0] == nullptr", NONE),
    # slots an initializer leaves out, and the ones resize() adds, are nullptr
    ("    const aclTensor* v[2] = {self};", "v[1] == nullptr", MAY),
    ("    std::array<const aclTensor*, 2> v{};", "v[0] == nullptr", CERTAIN),
    ("    std::vector<const aclTensor*> v = {self};\n    v.resize(2);", "v[1] == nullptr", MAY),
    ("    const aclTensor* v[2] = {self, self};", "v[1] == nullptr", NONE),
    # what the walk follows exactly stays decided
    ("    const aclTensor* t = self;\n    t = nullptr;", "t == nullptr", CERTAIN),
    ("    const aclTensor* t = self;", "t == nullptr", NONE),
])
def test_writes_through_references_pointers_and_iterators_reach_the_tensors(tmp_path: Path, prelude: str, cond: str,
                                                                            expected) -> None:
    assert branch_launches(tmp_path, prelude, cond, _TWO_WAY) == expected


_NULLISH = """#include "opdev/make_op_executor.h"
using namespace op;
namespace l0op {
OP_TYPE_REGISTER(Nullish);
const aclTensor* Nullish(const aclTensor* self, aclOpExecutor* executor)
{
    auto y = executor->AllocTensor(self->GetViewShape(), self->GetDataType());
    if (self->GetViewShape().GetDimNum() > 4) {
        return nullptr;
    }
    ADD_TO_LAUNCHER_LIST_AICORE(Nullish, OP_INPUT(self), OP_OUTPUT(y));
    return y;
}
OP_TYPE_REGISTER(Pairish);
std::tuple<aclTensor*, aclTensor*> Pairish(const aclTensor* self, aclOpExecutor* executor)
{
    auto y = executor->AllocTensor(self->GetViewShape(), self->GetDataType());
    auto z = executor->AllocTensor(self->GetViewShape(), self->GetDataType());
    if (self->GetViewShape().GetDimNum() > 4) {
        return std::tuple<aclTensor*, aclTensor*>(nullptr, nullptr);
    }
    ADD_TO_LAUNCHER_LIST_AICORE(Pairish, OP_INPUT(self), OP_OUTPUT(y, z));
    return std::tie(y, z);
}
}
"""
_ENTRY = """namespace l0op {{
const aclTensor* Nullish(const aclTensor* self, aclOpExecutor* executor);
std::tuple<aclTensor*, aclTensor*> Pairish(const aclTensor* self, aclOpExecutor* executor);
}}
aclnnStatus aclnnDemoGetWorkspaceSize(const aclTensor* self, aclTensor* out, uint64_t* workspaceSize,
                                      aclOpExecutor** executor)
{{
    auto uniqueExecutor = CREATE_EXECUTOR();
{body}
    *workspaceSize = 0;
    uniqueExecutor.ReleaseTo(executor);
    return ACLNN_SUCCESS;
}}
"""
_N = "l0op::Nullish(self, uniqueExecutor.get())"
_FALLBACK = "    if ({} == nullptr) {{\n        l0op::Abs(self, uniqueExecutor.get());\n    }}"


def _stored_launches(tmp_path: Path, body: str) -> list[tuple[str, bool]]:
    source = tmp_path / "math" / "demo" / "op_api" / "aclnn_demo.cpp"
    source.parent.mkdir(parents=True, exist_ok=True)
    (tmp_path / "conversion").mkdir(exist_ok=True)
    (source.parent / "nullish.cpp").write_text(_NULLISH)
    source.write_text(_ENTRY.format(body=body))
    report = analyze_chains([source], repo_root=tmp_path)
    (route,) = evaluate(report, facts=facts_matrix(["Ascend910B"], ["float16"])).routes
    assert route.complete and route.rejected is None
    return sorted((task.op, task.may) for task in route.tasks)


@pytest.mark.parametrize("body", [
    f"    std::vector<const aclTensor*> v;\n    v.push_back({_N});\n" + _FALLBACK.format("v[0]"),
    f"    op::FVector<const aclTensor*> v;\n    v.emplace_back({_N});\n" + _FALLBACK.format("v.back()"),
    f"    const aclTensor* arr[2] = {{self, {_N}}};\n" + _FALLBACK.format("arr[1]"),
    f"    const aclTensor* arr[2] = {{self, self}};\n    arr[1] = {_N};\n" + _FALLBACK.format("arr[1]"),
    f"    auto pr = std::make_pair({_N}, 1);\n" + _FALLBACK.format("pr.first"),
    f"    auto [t, k] = std::make_pair({_N}, 1);\n" + _FALLBACK.format("t"),
    f"    std::map<std::string, const aclTensor*> m;\n    m[\"y\"] = {_N};\n" + _FALLBACK.format("m[\"y\"]"),
    f"    auto y = {_N};\n    auto retry = [y, &uniqueExecutor, self]() {{\n" + _FALLBACK.format("y") +
    "\n    };\n    retry();",
])
def test_a_stored_result_the_caller_tests_and_goes_on_after(tmp_path: Path, body: str) -> None:
    assert _stored_launches(tmp_path, body) == [("Abs", True), ("Nullish", True)]


@pytest.mark.parametrize("body", [
    "    auto [v, i] = l0op::Pairish(self, uniqueExecutor.get());\n" + _FALLBACK.format("v"),
    "    auto [v, i] = l0op::Pairish(self, uniqueExecutor.get());\n" + _FALLBACK.format("i"),
    "    aclTensor* v = nullptr;\n    aclTensor* i = nullptr;\n    std::tie(v, i) = l0op::Pairish(self, "
    "uniqueExecutor.get());\n" + _FALLBACK.format("v"),
    "    auto res = l0op::Pairish(self, uniqueExecutor.get());\n" + _FALLBACK.format("std::get<0>(res)"),
])
def test_a_tuple_result_the_caller_tests_and_goes_on_after(tmp_path: Path, body: str) -> None:
    assert _stored_launches(tmp_path, body) == [("Abs", True), ("Pairish", True)]


@pytest.mark.parametrize("body, expected", [
    # checked: the failure is the caller's, error handling is no route (as before; a tuple's launch stays `may`)
    ("    auto [v, i] = l0op::Pairish(self, uniqueExecutor.get());\n"
     "    CHECK_RET(v != nullptr && i != nullptr, ACLNN_ERR_INNER_NULLPTR);\n" + _FALLBACK.format("v"),
     [("Pairish", True)]),
    (f"    const aclTensor* arr[2] = {{self, self}};\n    arr[1] = {_N};\n"
     "    CHECK_RET(arr[1] != nullptr, ACLNN_ERR_INNER_NULLPTR);", [("Nullish", False)]),
    (f"    std::vector<const aclTensor*> v;\n    v.push_back({_N});\n"
     "    CHECK_RET(v[0] != nullptr, ACLNN_ERR_INNER_NULLPTR);", [("Nullish", False)]),
])
def test_a_stored_result_the_caller_checks_passes_the_failure_on(tmp_path: Path, body: str, expected) -> None:
    assert _stored_launches(tmp_path, body) == expected


_HELPERS = """static bool IsNull(const aclTensor* t)
{
    return t == nullptr;
}

static const aclTensor* OrElse(const aclTensor* t, const aclTensor* x, aclOpExecutor* e)
{
    if (t == nullptr) {
        return l0op::Abs(x, e);
    }
    return t;
}

static void Fix(const aclTensor*& t, const aclTensor* x, aclOpExecutor* e)
{
    if (t == nullptr) {
        t = l0op::Abs(x, e);
    }
}

struct Holder {
    const aclTensor* out = nullptr;
    void SetOut(const aclTensor* t) { out = t; }
};

"""


@pytest.mark.parametrize("body", [
    f"    auto y = {_N};\n    auto z = y;\n" + _FALLBACK.format("z"),  # a copy tested
    f"    auto y = {_N};\n    OP_LOGD(\"demo %p\", y);\n" + _FALLBACK.format("y"),  # a log goes by
    f"    auto y = {_N};\n    bool bad = y == nullptr;\n    if (bad) {{\n        l0op::Abs(self, uniqueExecutor.get());\n"
    "    }",
    f"    auto y = {_N};\n    {{\n" + _FALLBACK.format("y") + "\n    }",  # a test in a nested block
    f"    auto y = {_N};\n    if (self->GetViewShape().GetDimNum() > 1 && y == nullptr) {{\n"
    "        l0op::Abs(self, uniqueExecutor.get());\n    }",
    f"    auto y = {_N};\n    if (IsNull(y)) {{\n        l0op::Abs(self, uniqueExecutor.get());\n    }}",
    f"    auto y = {_N};\n    auto z = OrElse(y, self, uniqueExecutor.get());",  # a helper given it tests it
    f"    auto z = OrElse({_N}, self, uniqueExecutor.get());",
    f"    auto y = {_N};\n    Fix(y, self, uniqueExecutor.get());",
    f"    Holder h;\n    h.SetOut({_N});\n" + _FALLBACK.format("h.out"),
])
def test_a_result_read_first_by_a_copy_a_flag_a_helper_or_a_log_may_be_recovered_from(tmp_path: Path,
                                                                                    body: str) -> None:
    source = tmp_path / "math" / "demo" / "op_api" / "aclnn_demo.cpp"
    source.parent.mkdir(parents=True, exist_ok=True)
    (tmp_path / "conversion").mkdir(exist_ok=True)
    (source.parent / "nullish.cpp").write_text(_NULLISH)
    source.write_text(_ENTRY.replace("aclnnStatus aclnnDemo", _HELPERS.replace("{", "{{").replace("}", "}}") +
                                     "aclnnStatus aclnnDemo").format(body=body))
    report = analyze_chains([source], repo_root=tmp_path)
    (route,) = evaluate(report, facts=facts_matrix(["Ascend910B"], ["float16"])).routes
    assert route.complete and route.rejected is None
    assert sorted((task.op, task.may) for task in route.tasks) == [("Abs", True), ("Nullish", True)]


@pytest.mark.parametrize("body", [
    f"    auto y = {_N};\n    auto z = l0op::Abs(y, uniqueExecutor.get());\n"
    "    CHECK_RET(z != nullptr, ACLNN_ERR_INNER_NULLPTR);",  # an L0 op given it hands a null on
    f"    auto y = {_N};\n    if (y->GetViewShape().GetDimNum() > 1) {{\n        l0op::Abs(self, uniqueExecutor.get());\n"
    "    }",  # a method called through it
])
def test_a_result_an_l0_op_or_a_method_reads_first_hands_its_failure_on(tmp_path: Path, body: str) -> None:
    launches = dict(_stored_launches(tmp_path, body))
    assert launches["Nullish"] is False


_OPTIONAL = """#include "opdev/make_op_executor.h"
using namespace op;
namespace l0op {
OP_TYPE_REGISTER(WithBias);
const aclTensor* WithBias(const aclTensor* self, const aclTensor* bias, aclOpExecutor* executor)
{
    auto y = executor->AllocTensor(self->GetViewShape(), self->GetDataType());
    if (bias == nullptr) {
        ADD_TO_LAUNCHER_LIST_AICORE(NoBias, OP_INPUT(self), OP_OUTPUT(y));
        return y;
    }
    ADD_TO_LAUNCHER_LIST_AICORE(WithBias, OP_INPUT(self, bias), OP_OUTPUT(y));
    return y;
}
}
"""
_PICK = """namespace l0op {
const aclTensor* WithBias(const aclTensor* self, const aclTensor* bias, aclOpExecutor* executor);
}
static const aclTensor* PickBias(const aclTensor* o, bool f)
{
    if (f) {
        return o;
    }
    return nullptr;
}
"""
_WIDE = "self->GetViewShape().GetDimNum() > 2"


@pytest.mark.parametrize("body", [
    f"    const aclTensor* bias = {_WIDE} ? self : nullptr;\n    auto y = l0op::WithBias(self, bias, uniqueExecutor.get());",
    f"    auto y = l0op::WithBias(self, {_WIDE} ? self : nullptr, uniqueExecutor.get());",
    f"    auto bias = PickBias(self, {_WIDE});\n    auto y = l0op::WithBias(self, bias, uniqueExecutor.get());",
    f"    auto y = l0op::WithBias(self, PickBias(self, {_WIDE}), uniqueExecutor.get());",
])
def test_a_nullptr_that_is_no_l0_failure_reaches_an_l0_op_as_an_optional_input(tmp_path: Path, body: str) -> None:
    source = tmp_path / "math" / "demo" / "op_api" / "aclnn_demo.cpp"
    source.parent.mkdir(parents=True, exist_ok=True)
    (tmp_path / "conversion").mkdir(exist_ok=True)
    (source.parent / "with_bias.cpp").write_text(_OPTIONAL)
    entry = _ENTRY.split("aclnnStatus", 1)[1]
    source.write_text(_PICK + "aclnnStatus" + entry.format(body=body).replace("{{", "{").replace("}}", "}"))
    report = analyze_chains([source], repo_root=tmp_path)
    (route,) = evaluate(report, facts=facts_matrix(["Ascend910B"], ["float16"])).routes
    assert route.complete and route.rejected is None
    assert sorted((task.op, task.may) for task in route.tasks) == [("NoBias", True), ("WithBias", True)]
