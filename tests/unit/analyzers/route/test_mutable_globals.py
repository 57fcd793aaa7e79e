"""Namespace-scope variables: a constant's initializer is its value; a variable something may write is unknown
when the entry point starts (an earlier call may have changed it), and the walk's own writes are seen."""

from __future__ import annotations

from pathlib import Path

import pytest

from op_migrate.analyzers.route.mutable_globals import declared_constant

from .test_containers import route

BODY = """    if (g_useAbs) {
        l0op::Abs(self, uniqueExecutor.get());
    }
"""


def launches(result) -> list[tuple[str, bool]]:
    return [(t.op, t.may) for t in result.tasks]


@pytest.mark.parametrize("declaration", [
    "static const bool g_useAbs = false;\n",
    "static constexpr bool g_useAbs = false;\n",
    "static bool g_useAbs = false;\nstatic bool Reads() { return g_useAbs; }\n",  # never written: as a constant
])
def test_a_variable_nothing_writes_is_its_initializer(tmp_path: Path, declaration: str) -> None:
    assert launches(route(tmp_path, BODY, declaration + "\n")) == []


@pytest.mark.parametrize("declaration", [
    "static bool g_useAbs = false;\nvoid DemoSetAbs(bool v) { g_useAbs = v; }\n",  # another entry sets it
    "static bool g_useAbs{false};\nvoid DemoSetAbs() { g_useAbs = true; }\n",  # brace-initialised
    "bool g_useAbs = false;\nstatic void Flip(bool& v) { v = !v; }\nvoid DemoFlip() { Flip(g_useAbs); }\n",
    "static bool g_useAbs = false;\nvoid DemoPoint() { bool* p = &g_useAbs; *p = true; }\n",
])
def test_a_variable_something_may_write_is_unknown_at_entry(tmp_path: Path, declaration: str) -> None:
    result = route(tmp_path, BODY, declaration + "\n")
    assert launches(result) == [("Abs", True)]
    assert result.complete


def test_a_flag_the_entry_clears_after_reading_it_launches_only_on_some_calls(tmp_path: Path) -> None:
    body = """    if (g_first) {
        g_first = false;
        l0op::Abs(self, uniqueExecutor.get());
    }
    if (!g_first) {
        l0op::LogicalNot(self, uniqueExecutor.get());
    }
"""
    # The first call launches Abs, later calls do not; after the branch the flag is false on every path.
    result = route(tmp_path, body, "static bool g_first = true;\n\n")
    assert launches(result) == [("Abs", True), ("LogicalNot", True)]


def test_the_walks_own_write_is_read_back(tmp_path: Path) -> None:
    body = """    g_useAbs = true;
""" + BODY
    assert launches(route(tmp_path, body, "static bool g_useAbs = false;\n\n")) == [("Abs", False)]


@pytest.mark.parametrize(("type_text", "constant"), [
    ("constexpr size_t", True), ("const int64_t", True), ("const std::map<int, int>", True),
    ("bool", False), ("const aclTensor*", False), ("aclTensor* const", True), ("const char* const", True),
    ("std::map<int, int>", False), ("constexpr static int", True),
    ("const std::map<NpuArch, const std::initializer_list<op::DataType>*>", True),
    ("std::map<int, const char*>", False), ("const std::vector<std::pair<int, int*>>* const", True),
])
def test_declared_constant(type_text: str, constant: bool) -> None:
    assert declared_constant(type_text) is constant
