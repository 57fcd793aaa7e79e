"""Launches whose place on the route depends on how the call reaching them is read: a call of what a call returns
(`kTable.at(k)(x)`, `Pick(m)(x)`), the entry an undecided `find` reaches in a table of functions, a launch in `&&`'s
right operand or in a ternary's arm through a method. Before, each gave a complete route that was wrong: the launch
dropped, or certain where it may not happen."""

from __future__ import annotations

from pathlib import Path

import pytest

from .branch_probe import demo_report
from op_migrate.analyzers.aclnn import evaluate, facts_matrix

ENTRY = """aclnnStatus aclnnDemoGetWorkspaceSize(const aclTensor* self, int64_t mode, aclTensor* out,
                                      uint64_t* workspaceSize, aclOpExecutor** executor)
{{
    auto uniqueExecutor = CREATE_EXECUTOR();
    auto ex = uniqueExecutor.get();
{body}
    *workspaceSize = 0;
    uniqueExecutor.ReleaseTo(executor);
    return ACLNN_SUCCESS;
}}
"""
FUNCTIONS = """using Fn = const aclTensor* (*)(const aclTensor*, aclOpExecutor*);
static const aclTensor* DoAbs(const aclTensor* x, aclOpExecutor* ex)
{
    return l0op::Abs(x, ex);
}
static const aclTensor* DoZeros(const aclTensor* x, aclOpExecutor* ex)
{
    return l0op::ZerosLike(x, ex);
}
static const std::map<int64_t, Fn> kTable = {{1, DoAbs}, {2, DoZeros}};
static Fn Pick(int64_t m)
{
    return m == 1 ? DoAbs : DoZeros;
}
"""
LAMBDAS = """static const std::map<int64_t, std::function<const aclTensor*(const aclTensor*, aclOpExecutor*)>> kLambdas = {
    {1, [](const aclTensor* x, aclOpExecutor* ex) { return l0op::Abs(x, ex); }}};
"""
RUNNER = """class Runner {
public:
    const aclTensor* Run(const aclTensor* x, aclOpExecutor* ex)
    {
        return l0op::Abs(x, ex);
    }
};
"""
FOUND = "    auto it = {table}.find(mode);\n    if (it == {table}.end()) {{\n        return ACLNN_ERR_PARAM_INVALID;\n    }}\n"


def _launches(tmp_path: Path, helpers: str, body: str):
    report = demo_report(tmp_path, helpers + ENTRY.format(body=body))
    (route,) = evaluate(report, facts=facts_matrix(["Ascend910B"], ["float16"])).routes
    return route.complete, [(task.op, task.may) for task in route.tasks]


@pytest.mark.parametrize("helpers, body, expected", [
    (FUNCTIONS, "    auto r = kTable.at(2)(self, ex);", [("ZerosLike", False)]),
    (FUNCTIONS, "    auto r = Pick(2)(self, ex);", [("ZerosLike", False)]),
    (FUNCTIONS, "    auto r = Pick(mode)(self, ex);", [("Abs", True), ("ZerosLike", True)]),
    (FUNCTIONS, FOUND.format(table="kTable") + "    auto r = it->second(self, ex);",
     [("Abs", True), ("ZerosLike", True)]),
    ("", "    bool ok = mode == 5 && l0op::Abs(self, ex) != nullptr;", [("Abs", True)]),
    ("", "    bool ok = mode == 5 || l0op::Abs(self, ex) != nullptr;", [("Abs", True)]),
    ("", "    bool ok = self != nullptr || l0op::Abs(self, ex) != nullptr;", []),  # decided: never runs
    (RUNNER, "    Runner o;\n    bool ok = mode == 2 && o.Run(self, ex) != nullptr;", [("Abs", True)]),
    (RUNNER, "    Runner o;\n    auto r = mode == 2 ? o.Run(self, ex) : self;", [("Abs", True)]),
])
def test_launches_are_placed_as_cpp_runs_them(tmp_path: Path, helpers: str, body: str, expected) -> None:
    assert _launches(tmp_path, helpers, body) == (True, expected)


def test_a_table_entry_the_walk_cannot_call_leaves_the_route_incomplete(tmp_path: Path) -> None:
    """`it->second(x)` past an undecided find in a table of lambdas: not followed, and the route says so."""
    complete, _ = _launches(tmp_path, LAMBDAS, FOUND.format(table="kLambdas") + "    auto r = it->second(self, ex);")
    assert complete is False


PREPARE = """struct Inputs {
    const aclTensor* x = nullptr;
    bool flag = false;
};
static void Prepare(const aclTensor*& t, aclOpExecutor* ex)
{
    t = l0op::Contiguous(t, ex);
}
"""


def test_a_helper_replacing_a_member_through_its_reference_parameter(tmp_path: Path) -> None:
    """`Prepare(in.x, ex)` with `void Prepare(const aclTensor*& t, ...)` replaces the member (ops-nn's
    ConvolutionBackward InputPreProcess): the Abs after it reads the Contiguous result, not `self`."""
    report = demo_report(tmp_path, PREPARE + ENTRY.format(
        body="    Inputs in;\n    in.x = self;\n    Prepare(in.x, ex);\n    auto a = l0op::Abs(in.x, ex);"))
    (route,) = evaluate(report, facts=facts_matrix(["Ascend910B"], ["float16"])).routes
    (abs_task,) = [task for task in route.tasks if task.op == "Abs"]
    assert route.complete and abs_task.reads != ("self",)


CRTP = """template <typename D>
class Base {
public:
    const aclTensor* Go(const aclTensor* x, aclOpExecutor* ex)
    {
        return static_cast<D*>(this)->Impl(x, ex);
    }
};
class Derived : public Base<Derived> {
public:
    const aclTensor* Impl(const aclTensor* x, aclOpExecutor* ex)
    {
        return l0op::ZerosLike(x, ex);
    }
};
"""
TWINS = """class Twins {
public:
    const aclTensor* G(const aclTensor* x, aclOpExecutor* ex)
    {
        return l0op::Abs(x, ex);
    }
    const aclTensor* G(const aclTensor* x, aclOpExecutor* ex) const
    {
        return l0op::ZerosLike(x, ex);
    }
};
"""


@pytest.mark.parametrize("helpers, body, expected", [
    # A method called on a cast (`static_cast<D*>(this)->Impl(x)`) was read as the cast itself: the call dropped.
    (CRTP, "    Derived d;\n    auto r = d.Go(self, ex);", [("ZerosLike", False)]),
    # `G()` and `G() const`: the walk does not read qualifiers, so each is an arm (it took the first).
    (TWINS, "    const Twins t;\n    auto r = t.G(self, ex);", [("Abs", True), ("ZerosLike", True)]),
])
def test_methods_reached_through_casts_and_qualifiers(tmp_path: Path, helpers: str, body: str, expected) -> None:
    assert _launches(tmp_path, helpers, body) == (True, expected)


def test_a_variable_called_that_holds_no_known_function_leaves_the_route_incomplete(tmp_path: Path) -> None:
    """`auto b = std::bind(DoAbs, self, ex); b();`: before, the call ran nothing and the route was complete."""
    report = demo_report(tmp_path, FUNCTIONS + ENTRY.format(body="    auto b = std::bind(DoAbs, self, ex);\n"
                                                                 "    auto r = b();"))
    (route,) = evaluate(report, facts=facts_matrix(["Ascend910B"], ["float16"])).routes
    assert not route.complete
    assert [reason.symbol for reason in route.incomplete_reasons] == ["route-unknown-callable"]


def test_a_variable_called_with_nothing_a_launch_needs_is_a_host_computation(tmp_path: Path) -> None:
    """`func(3)` through a pointer a lookup the walk cannot follow gave (ops-nn's dlsym'd legacy tiling functions),
    given and made from no tensor, executor or launching function: a host value, the route stays complete."""
    report = demo_report(tmp_path, ENTRY.format(body="    auto func = LookupSymbol(\"LegacyTiling\");\n"
                                                     "    bool ok = func(3);\n    auto r = l0op::Abs(self, ex);"))
    (route,) = evaluate(report, facts=facts_matrix(["Ascend910B"], ["float16"])).routes
    assert route.complete and [(task.op, task.may) for task in route.tasks] == [("Abs", False)]
