"""result_holders.py names what holds a call's result and what a later test of it may name."""

from __future__ import annotations

import re

import pytest

from op_migrate.analyzers.cxx.model import Expr, Stmt
from op_migrate.analyzers.route.result_holders import holders_of, stored_in, subject

_CALL = Expr("call", "l0op::Demo(self, executor)", name="l0op::Demo")
_TERNARY = Expr("ternary", "c ? nullptr : self")


@pytest.mark.parametrize("stmt, holders", [
    (Stmt("decl", 1, "auto y = l0op::Demo(self, executor);", target="y", value=_CALL), ("y",)),
    (Stmt("decl", 1, "auto [v, i] = l0op::Demo(self, executor);", target="v", value=_CALL), ("v", "i")),
    (Stmt("decl", 1, "const auto& [v, i] = l0op::Demo(self, executor);", target="v", value=_CALL), ("v", "i")),
    (Stmt("assign", 1, "std::tie(v, std::ignore) = l0op::Demo(self, executor);", target="std::tie(v, std::ignore)",
          value=_CALL), ("v",)),
    (Stmt("assign", 1, "out[i] = l0op::Demo(self, executor);", target="out[i]", value=_CALL), ("out",)),
    (Stmt("assign", 1, "ctx.y = l0op::Demo(self, executor);", target="ctx.y", value=_CALL), ("ctx.y",)),
    (Stmt("assign", 1, "*out = l0op::Demo(self, executor);", target="*out", value=_CALL), None),
])
def test_the_names_that_hold_a_result(stmt: Stmt, holders) -> None:
    assert holders_of(stmt) == holders


@pytest.mark.parametrize("text, tests", [
    ("v", True), ("v[0]", True), ("v[i+1]", True), ("v.back()", True), ("v.at(2)", True), ("std::get<1>(v)", True),
    ("get<INDEX>(v)", True), ("v.first", True), ("v->out", True), ("i", True),
    ("v.size()", False), ("v->IsEmpty()", False), ("vv", False), ("w[0]", False), ("std::get<1>(w)", False),
])
def test_what_a_test_of_the_result_may_name(text: str, tests: bool) -> None:
    assert (re.fullmatch(subject(("v", "i")), text) is not None) is tests


def test_calls_a_statement_stores_in_a_container_tuple_or_aggregate() -> None:
    pushed = Stmt("expr", 1, "v.push_back(l0op::Demo(self, executor));",
                  value=Expr("call", "v.push_back(...)", name="v.push_back", children=(_CALL,)))
    assert stored_in(pushed) == ((_CALL,), ("v",))
    braced = Stmt("decl", 1, "const aclTensor* a[2] = {self, {c ? nullptr : self}};", target="a",
                  value=Expr("init_list", "{...}", children=(Expr("name", "self"),
                                                             Expr("init_list", "{...}", children=(_TERNARY,)))))
    assert stored_in(braced) == ((_TERNARY,), ("a",))
    made = Stmt("decl", 1, "auto pr = std::make_pair(l0op::Demo(self, executor), 1);", target="pr",
                value=Expr("call", "std::make_pair(...)", name="std::make_pair", children=(_CALL, Expr("literal", "1"))))
    assert stored_in(made) == ((_CALL,), ("pr",))
    plain = Stmt("decl", 1, "auto y = l0op::Demo(self, executor);", target="y", value=_CALL)
    assert stored_in(plain) == ((), None)  # its own value: recovers_from_result reads it
    other = Stmt("expr", 1, "Use(l0op::Demo(self, executor));",
                 value=Expr("call", "Use(...)", name="Use", children=(_CALL,)))
    assert stored_in(other) == ((), None)  # an argument passes the failure on
