"""Which definition a call reaches: an explicit specialization for its template arguments, and every overload it fits
equally well (before: the primary template, and the first overload in the file, as if C++ had chosen them)."""

from __future__ import annotations

from pathlib import Path

import pytest

from op_migrate.analyzers.aclnn import evaluate, facts_matrix

from .branch_probe import CERTAIN, ENTRY, MAY, NONE, branch_launches, demo_report

KIND = ("template <typename T>\nstatic int64_t Kind()\n{\n    return 1;\n}\ntemplate <>\nint64_t Kind<float>()\n{\n"
        "    return 2;\n}\n")
PAIR = "static int64_t K(int64_t a)\n{\n    return 1;\n}\nstatic int64_t K(double a)\n{\n    return 2;\n}\n"
ARITY = ("static int64_t K(int64_t a)\n{\n    return 1;\n}\n"
         "static int64_t K(int64_t a, int64_t b)\n{\n    return 2;\n}\n")


@pytest.mark.parametrize("helpers, prelude, cond, expected", [
    (KIND, "    int64_t r = Kind<float>();", "r == 2", CERTAIN),
    (KIND, "    int64_t r = Kind<int>();", "r == 1", CERTAIN),
    (PAIR, "    int64_t r = K(2.5);", "r == 2", MAY),  # the walk does not type 2.5: both overloads are walked
    (ARITY, "    int64_t r = K(1, 2);", "r == 2", CERTAIN),
])
def test_the_definitions_a_call_may_reach(tmp_path: Path, helpers: str, prelude: str, cond: str, expected) -> None:
    assert branch_launches(tmp_path, prelude, cond, helpers=helpers) == expected


@pytest.mark.parametrize("prelude, cond, expected", [
    ("    std::map<int64_t, int64_t> m = {{1, 10}};\n    m[2] = 5;", "m.find(2) != m.end()", MAY),
    ("    std::map<int64_t, int64_t> m = {{1, 10}};", "m.find(2) != m.end()", NONE),
    ("    std::set<int64_t> s = {1, 2};\n    s.insert(3);", "s.count(3) == 1", MAY),
    ("    std::set<int64_t> s = {1, 2};", "s.count(3) == 1", NONE),
])
def test_a_table_changed_where_the_walk_does_not_follow_is_unknown(tmp_path: Path, prelude: str, cond: str,
                                                                   expected) -> None:
    assert branch_launches(tmp_path, prelude, cond) == expected


def test_a_variable_the_walk_cannot_value_is_typed_by_its_declaration(tmp_path: Path) -> None:
    # ops-math's l0op::AsStrided calls one of two 9-argument l0op::ViewCopy overloads with shapes and strides it
    # holds as parameters: their declared types decide the overload where their values say nothing.
    helpers = ("static int64_t V(const aclTensor* x, const op::Shape& s)\n{\n    return 1;\n}\n"
               "static int64_t V(const aclTensor* x, const aclTensor* y)\n{\n    return 2;\n}\n"
               "static int64_t Via(const aclTensor* x, const op::Shape& shape)\n{\n    return V(x, shape);\n}\n")
    prelude = "    int64_t r = Via(self, MakeShapeSomehow());"
    assert branch_launches(tmp_path, prelude, "r == 1", helpers=helpers) == CERTAIN


def test_a_standard_call_on_a_builtin_number_reaches_the_library_not_a_class_overload(tmp_path: Path) -> None:
    # opbase overloads std::isnan/isinf for bfloat16 and its float8/float4 types; `std::isnan(alpha)` with
    # `float alpha` is the library's exact match (ops-nn Elu): not an arm per repository overload.
    helpers = ("namespace std {\nstatic bool isnan(const Float8E5M2& v)\n{\n    return true;\n}\n"
               "static bool isnan(const Float4E2M1& v)\n{\n    return true;\n}\n}\n"
               "static bool Check(float alpha)\n{\n    return std::isnan(alpha);\n}\n")
    prelude = "    bool nan = Check(0.5f) || std::isnan(self->GetViewShape().GetDimNum());"
    report = demo_report(tmp_path, helpers + ENTRY.format(prelude=prelude, cond="nan"))
    (route,) = evaluate(report, facts=facts_matrix(["Ascend910B"], ["float16"])).routes
    assert not any("is one of" in guard for guard in route.undecided_guards), route.undecided_guards
