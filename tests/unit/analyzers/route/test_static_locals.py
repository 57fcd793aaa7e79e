"""Static locals: one a function writes holds what earlier calls left (unknown to the walk of one call); one it only
reads keeps its initializer (before: `static bool inited = false; if (!inited) {...}` was read as false on every call,
a decided route that only the first call takes). An initializer that launches runs on the first call only: `may`."""

from __future__ import annotations

from pathlib import Path

import pytest

from op_migrate.analyzers.aclnn import evaluate, facts_matrix
from op_migrate.analyzers.cxx import parse_source
from op_migrate.analyzers.route.static_locals import carried_over

from .branch_probe import CERTAIN, ENTRY, MAY, NONE, branch_launches, demo_report


@pytest.mark.parametrize("prelude, cond, expected", [
    ("    static bool inited = false;\n    bool first = !inited;\n    inited = true;", "first", MAY),
    ("    static int64_t calls = 0;\n    calls++;", "calls == 1", MAY),
    ("    static int64_t calls = 0;\n    calls += 2;", "calls == 2", MAY),
    ("    static int64_t seen[2] = {0, 0};\n    seen[0] = 1;", "seen[1] == 0", MAY),
    ("    static bool ready = false;\n    bool was = ready;\n    Prepare(ready);", "!was", MAY),  # by reference
    ("    static bool ready = false;\n    Prepare(ready);", "ready", CERTAIN),  # this call's own write is known
    ("    static bool useV2 = 3 > 2;", "useV2", CERTAIN),  # only read: its initializer holds on every call
    ("    static bool useV2 = 3 > 2;", "!useV2", NONE),
    ("    static const int64_t kLimit = 4;", "kLimit == 4", CERTAIN),
])
def test_a_static_local_the_function_writes_is_unknown(tmp_path: Path, prelude: str, cond: str, expected) -> None:
    helpers = "static void Prepare(bool& flag)\n{\n    flag = true;\n}\n"
    assert branch_launches(tmp_path, prelude, cond, helpers=helpers) == expected


def test_only_writes_count() -> None:
    unit = parse_source(b"void F(int x) {\n  static bool a = false;\n  static int b = 0;\n  static int c = 0;\n"
                        b"  if (a == true && b != 0) { x = c; }\n  Log(\"a\", c + 1);\n}\n", "x.cpp")
    function = unit.functions[0]
    decls = {stmt.target: stmt for stmt in function.body if stmt.kind == "decl"}
    assert [carried_over(function, decls[name]) for name in "abc"] == [False, False, False]


def _tasks(tmp_path: Path, prelude: str, helpers: str = "") -> list[tuple[str, bool]]:
    report = demo_report(tmp_path, helpers + ENTRY.format(prelude=prelude, cond="false"))
    (route,) = evaluate(report, facts=facts_matrix(["Ascend910B"], ["float16"])).routes
    assert route.complete and route.rejected is None
    return sorted((task.op, task.may) for task in route.tasks)


@pytest.mark.parametrize("prelude", [
    "    static const aclTensor* kept = l0op::ZerosLike(self, uniqueExecutor.get());",
    "    thread_local const aclTensor* kept = l0op::ZerosLike(self, uniqueExecutor.get());",
    "    static auto kept = l0op::ZerosLike(self, uniqueExecutor.get());\n    CHECK_RET(kept != nullptr, ACLNN_ERR_INNER_NULLPTR);",
])
def test_an_initializer_that_launches_runs_on_the_first_call_only(tmp_path: Path, prelude: str) -> None:
    # Probe set 49: before, Neg was stated certain, but later calls skip the initializer.
    assert _tasks(tmp_path, prelude) == [("ZerosLike", True)]


_MAKER = ("struct Maker {\n    const aclTensor* y;\n"
          "    Maker(const aclTensor* x, aclOpExecutor* e) : y(l0op::ZerosLike(x, e)) {}\n};\n\n")


@pytest.mark.parametrize("prelude", [
    "    static Maker kept(self, uniqueExecutor.get());",  # its constructor's member initializer launches
    "    static Maker kept = Maker(self, uniqueExecutor.get());",
    "    static const aclTensor* kept = [&]() { return l0op::ZerosLike(self, uniqueExecutor.get()); }();",
])
def test_an_object_or_lambda_made_once_launches_on_the_first_call_only(tmp_path: Path, prelude: str) -> None:
    # Probe set 54: each was stated certain before.
    assert _tasks(tmp_path, prelude, _MAKER) == [("ZerosLike", True)]


def test_a_lambda_made_once_is_no_launch(tmp_path: Path) -> None:
    # Making the lambda runs nothing; calling it does, on every call: certain.
    prelude = ("    static auto make = [](const aclTensor* x, aclOpExecutor* e) { return l0op::ZerosLike(x, e); };\n"
               "    auto made = make(self, uniqueExecutor.get());")
    assert _tasks(tmp_path, prelude) == [("ZerosLike", False)]


def test_a_static_initialized_in_a_helper(tmp_path: Path) -> None:
    helper = ("static const aclTensor* Kept(const aclTensor* x, aclOpExecutor* e)\n{\n"
              "    static const aclTensor* kept = l0op::ZerosLike(x, e);\n    return kept;\n}\n\n")
    prelude = "    auto y = Kept(self, uniqueExecutor.get());\n    auto z = l0op::Abs(y, uniqueExecutor.get());"
    assert _tasks(tmp_path, prelude, helper) == [("Abs", False), ("ZerosLike", True)]


def test_an_initializer_without_launches_keeps_its_value(tmp_path: Path) -> None:
    # A process constant (a SoC test) is read as before: no first-call branch, no undecided guard.
    prelude = "    static bool big = 3 > 2;\n    static int64_t n = Count(self);"
    helper = "static int64_t Count(const aclTensor* x)\n{\n    return x->GetViewShape().GetDimNum();\n}\n\n"
    report = demo_report(tmp_path, helper + ENTRY.format(prelude=prelude, cond="big"))
    (route,) = evaluate(report, facts=facts_matrix(["Ascend910B"], ["float16"])).routes
    assert [(task.op, task.may) for task in route.tasks] == CERTAIN and route.undecided_guards == ()


def test_a_static_object_whose_constructor_launches_nothing(tmp_path: Path) -> None:
    # Like the framework's `static internal::AicpuTaskSpace space("Op");`: members without initializers, a
    # constructor that only stores: no first-call branch, and the launch after it stays certain.
    helper = ("struct Space {\n    const char* name;\n    int64_t uses;\n    int64_t kept = 0;\n"
              "    explicit Space(const char* text) : name(text), uses(0) {}\n};\n\n")
    prelude = "    static Space space(\"Demo\");\n    auto made = l0op::ZerosLike(self, uniqueExecutor.get());"
    report = demo_report(tmp_path, helper + ENTRY.format(prelude=prelude, cond="false"))
    (route,) = evaluate(report, facts=facts_matrix(["Ascend910B"], ["float16"])).routes
    assert route.complete and route.undecided_guards == ()
    assert [(task.op, task.may) for task in route.tasks] == [("ZerosLike", False)]
