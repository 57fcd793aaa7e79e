"""Operators a repository class overloads (probe sets 49-50): `a + b` on objects of a class whose operator launches was
computed as an unknown value, so the route left the launch out and was stated complete."""

from __future__ import annotations

from pathlib import Path

import pytest

from op_migrate.analyzers.aclnn import evaluate, facts_matrix

from .branch_probe import ENTRY, demo_report

_FREE = """struct Wrap {
    const aclTensor* t;
    aclOpExecutor* e;
};

static inline Wrap operator+(const Wrap& a, const Wrap& b) { return Wrap{l0op::ZerosLike(a.t, a.e), a.e}; }
static inline bool operator==(const Wrap& a, const Wrap& b) { return a.t == b.t; }

"""
_MEMBER = """struct Wrap {{
    const aclTensor* t;
    aclOpExecutor* e;
    Wrap operator{op}({params}) const {{ return Wrap{{l0op::ZerosLike(t, e), e}}; }}
}};

"""


def _route(tmp_path: Path, prelude: str, cond: str = "false", classes: str = _FREE):
    report = demo_report(tmp_path, classes + ENTRY.format(prelude=prelude, cond=cond))
    (route,) = evaluate(report, facts=facts_matrix(["Ascend910B"], ["float16"])).routes
    return route


_USE = "    Wrap a{{self, uniqueExecutor.get()}};\n    Wrap c = {expression};\n    result = c.t;"


def test_a_free_operator_that_launches_is_a_call(tmp_path: Path) -> None:
    route = _route(tmp_path, _USE.format(expression="a + a"))
    assert route.complete and [(task.op, task.may) for task in route.tasks] == [("ZerosLike", False)]


@pytest.mark.parametrize("expression, op, params", [("a - a", "-", "const Wrap& o"), ("!a", "!", "")])
def test_a_member_operator_that_launches_is_a_call(tmp_path: Path, expression: str, op: str, params: str) -> None:
    route = _route(tmp_path, _USE.format(expression=expression), classes=_MEMBER.format(op=op, params=params))
    assert [(task.op, task.may) for task in route.tasks] == [("ZerosLike", False)]
    # The reach audit reads `Wrap{...}` as a call of the class, which reaches its methods' launches by name, and
    # aggregate initialization walks no constructor: the route stays incomplete, as for any such class.
    assert {reason.symbol for reason in route.incomplete_reasons} == {"route-unwalked-launch"}


def test_an_operator_under_a_guard_may_launch(tmp_path: Path) -> None:
    prelude = "    Wrap a{self, uniqueExecutor.get()};\n    if (self->GetViewShape().GetDimNum() > 2) {\n" \
              "        a = a + a;\n    }"
    route = _route(tmp_path, prelude)
    assert route.complete and [(task.op, task.may) for task in route.tasks] == [("ZerosLike", True)]


def test_an_operator_without_launches_computes_a_value(tmp_path: Path) -> None:
    # operator== is walked only for its value when it launches nothing: `a == b` stays unknown, both arms are kept.
    prelude = "    Wrap a{self, uniqueExecutor.get()};\n    Wrap b{out, uniqueExecutor.get()};"
    route = _route(tmp_path, prelude, cond="a == b")
    assert route.complete and [(task.op, task.may) for task in route.tasks] == [("Abs", True)]


_CALLABLE = """struct Runner {
    aclOpExecutor* e;
    const aclTensor* operator()(const aclTensor* x) const { return l0op::ZerosLike(x, e); }
    const aclTensor* operator[](const aclTensor* x) const { return l0op::ZerosLike(x, e); }
};

"""


@pytest.mark.parametrize("expression", ["run(self)", "run[self]"])
def test_a_function_object_and_a_subscript_operator_are_calls(tmp_path: Path, expression: str) -> None:
    # Probe set 54: `run(self)` was an unknown callable and `run[self]` an unknown value.
    prelude = f"    Runner run{{uniqueExecutor.get()}};\n    result = {expression};"
    route = _route(tmp_path, prelude, classes=_CALLABLE)
    assert [(task.op, task.may) for task in route.tasks] == [("ZerosLike", False)]
