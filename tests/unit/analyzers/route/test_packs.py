"""Parameter packs: a variadic helper that peels one argument per call is walked to its end, its items bound one by
one, `sizeof...` counted (before: the call of itself was taken as recursion and the route left incomplete)."""

from __future__ import annotations

from pathlib import Path

import pytest

from op_migrate.analyzers.aclnn import evaluate, facts_matrix
from op_migrate.analyzers.cxx import parse_source
from op_migrate.analyzers.cxx.model import Function, Param
from op_migrate.analyzers.route.overloads import accepts

from .branch_probe import CERTAIN, NONE, branch_launches, demo_report

PEEL = """
template <typename T, typename... Ts>
static int64_t CountNull(const T& t, const Ts&... args)
{
    int64_t own = (t == nullptr) ? 1 : 0;
    if constexpr (sizeof...(args) > 0) {
        return own + CountNull(args...);
    }
    return own;
}
"""

BASE_CASE = """
template <typename T, typename Func>
static inline bool Any(T value, Func f)
{
    return false;
}
template <typename T, typename Func, typename... LIST>
static inline bool Any(T value, Func f, T compare, LIST... list)
{
    if (f(value, compare)) {
        return true;
    }
    return Any(value, f, list...);
}
template <typename T>
static inline bool Equal(T a, T b)
{
    return a == b;
}
"""


def test_the_front_end_keeps_a_pack_parameter_by_name() -> None:
    unit = parse_source(b"template <typename... Ts>\nbool F(int a, const Ts&... args) { return true; }\n"
                        b"template <typename... L>\nbool G(L... list) { return true; }\n", "x.cpp")
    assert [(p.name, p.type_text) for p in unit.functions[0].params] == [("a", "int"), ("args", "const Ts&...")]
    assert [(p.name, p.type_text) for p in unit.functions[1].params] == [("list", "L...")]


def test_a_pack_takes_any_number_of_arguments() -> None:
    function = Function("F", (Param("a", "int"), Param("args", "const Ts&...")), "bool", (), 1, 1)
    assert [accepts(function, n) for n in range(4)] == [False, True, True, True]


@pytest.mark.parametrize("prelude, cond, expected", [
    ("    int64_t n = CountNull(self, out, nullptr, nullptr);", "n == 2", CERTAIN),
    ("    int64_t n = CountNull(self, out, nullptr, nullptr);", "n != 2", NONE),
    ("    int64_t n = CountNull(nullptr);", "n == 1", CERTAIN),
    ("    bool hit = Any(3L, Equal<int64_t>, 1L, 2L, 3L);", "hit", CERTAIN),
    ("    bool hit = Any(4L, Equal<int64_t>, 1L, 2L, 3L);", "hit", NONE),
    ("    bool hit = Any(4L, Equal<int64_t>);", "hit", NONE),  # the two-parameter overload ends the peeling
])
def test_a_variadic_helper_is_walked_to_its_end(tmp_path: Path, prelude: str, cond: str, expected) -> None:
    assert branch_launches(tmp_path, prelude, cond, helpers=PEEL + BASE_CASE) == expected


def test_a_pack_item_given_by_reference_is_the_callers_variable(tmp_path: Path) -> None:
    helpers = """
template <typename T>
static void SetAll(T& t)
{
    t = 7;
}
template <typename T, typename... Ts>
static void SetAll(T& t, Ts&... rest)
{
    t = 7;
    SetAll(rest...);
}
"""
    prelude = "    int64_t a = 0;\n    int64_t b = 0;\n    SetAll(a, b);"
    assert branch_launches(tmp_path, prelude, "a == 7 && b == 7", helpers=helpers) == CERTAIN


def test_a_check_on_a_later_item_rejects_the_route(tmp_path: Path) -> None:
    report = demo_report(tmp_path, """
template <typename T, typename... Ts>
static bool NotNull(const T& t, const Ts&... args)
{
    if (t == nullptr) {
        return false;
    }
    if constexpr (sizeof...(args) > 0) {
        return NotNull(args...);
    }
    return true;
}
aclnnStatus aclnnDemoGetWorkspaceSize(const aclTensor* self, const aclTensor* other, aclTensor* out,
                                      uint64_t* workspaceSize, aclOpExecutor** executor)
{
    auto uniqueExecutor = CREATE_EXECUTOR();
    CHECK_RET(NotNull(self, other, out), ACLNN_ERR_PARAM_INVALID);
    auto result = l0op::Abs(self, uniqueExecutor.get());
    *workspaceSize = 0;
    uniqueExecutor.ReleaseTo(executor);
    return ACLNN_SUCCESS;
}
""")
    given, absent = (evaluate(report, facts=facts_matrix(["Ascend910B"], ["float16"], absent=absent)).routes[0]
                     for absent in ((), ("out",)))
    assert given.complete and given.rejected is None and [t.op for t in given.tasks] == ["Abs"]
    assert absent.complete and absent.rejected is not None and not absent.tasks


def test_a_guard_on_a_pack_item_is_said_in_the_callers_names(tmp_path: Path) -> None:
    report = demo_report(tmp_path, """
template <typename T, typename... Ts>
static bool SmallDims(const T& t, const Ts&... args)
{
    if (t != nullptr && t->GetViewShape().GetDimNum() > 8) {
        return false;
    }
    if constexpr (sizeof...(args) > 0) {
        return SmallDims(args...);
    }
    return true;
}
aclnnStatus aclnnDemoGetWorkspaceSize(const aclTensor* self, const aclTensor* weightOptional, aclTensor* out,
                                      uint64_t* workspaceSize, aclOpExecutor** executor)
{
    auto uniqueExecutor = CREATE_EXECUTOR();
    CHECK_RET(SmallDims(self, weightOptional, out), ACLNN_ERR_PARAM_INVALID);
    auto result = l0op::Abs(self, uniqueExecutor.get());
    *workspaceSize = 0;
    uniqueExecutor.ReleaseTo(executor);
    return ACLNN_SUCCESS;
}
""")
    (route,) = evaluate(report, facts=facts_matrix(["Ascend910B"], ["float16"])).routes
    texts = list(route.undecided_guards) + [check.message for check in route.open_checks]
    assert route.complete and texts
    assert not any("$" in text or "args" in text for text in texts), texts
    assert any("weightOptional" in text for text in texts), texts
