"""`#if` conditions are evaluated for a host g++ build on Linux: names it defines hold, test and Android flags do
not, the machine's architecture is undecided; the definition in effect is chosen from them."""

from __future__ import annotations

import pytest

from op_migrate.analyzers.cxx.macro_conditions import condition_holds, pick_definition, unconditional_bodies
from op_migrate.analyzers.cxx.macro_defs import MacroDef


@pytest.mark.parametrize("conditions, expected", [
    ((), True),
    (("#ifdef __cplusplus",), True),
    (("#ifndef __cplusplus",), False),
    (("#if defined(NNOPBASE_UT) || defined(NNOPBASE_ST)",), False),
    (("not (#if defined(NNOPBASE_UT) || defined(NNOPBASE_ST))", "#elif !defined(__ANDROID__) && !defined(ANDROID)"),
     True),
    (("#if __GNUC__ >= 7 && __cplusplus > 201402L",), True),
    (("#if 0",), False),
    (("#if 1",), True),
    (("#ifdef __aarch64__",), None),
    (("#if defined(__aarch64__) || 1",), True),
    (("#if defined(__aarch64__) && 0",), False),
    (("#if VERSION_AT_LEAST(3)",), None),
    (("#if garbage ((",), None),
    (("not (not (#ifdef __linux__))",), True),
])
def test_conditions(conditions: tuple[str, ...], expected) -> None:
    assert condition_holds(conditions) is expected


def test_values_come_from_the_same_files_unconditional_defines() -> None:
    definitions = [MacroDef("LEVEL", None, False, "(2)", "f.h", 1), MacroDef("ON", None, False, "", "f.h", 2),
                   MacroDef("X", None, False, "3", "f.h", 3, ("#if 0",))]
    defined = unconditional_bodies(definitions)
    assert condition_holds(("#if LEVEL > 1",), defined) is True
    assert condition_holds(("#ifdef ON",), defined) is True
    assert condition_holds(("#ifdef X",), defined) is False
    assert condition_holds(("#if ON",), defined) is None  # defined with no value: `#if` cannot use it


def test_the_definition_in_effect() -> None:
    test_only = MacroDef("LOG", ("x",), False, "test(x)", "l.h", 2, ("#if defined(NNOPBASE_UT)",))
    real = MacroDef("LOG", ("x",), False, "real(x)", "l.h", 4, ("not (#if defined(NNOPBASE_UT))",))
    arch = MacroDef("LOG", ("x",), False, "arm(x)", "l.h", 6, ("#ifdef __aarch64__",))
    later = MacroDef("LOG", ("x",), False, "later(x)", "l.h", 9)
    assert pick_definition([test_only, real]) is real
    assert pick_definition([test_only, arch]) is arch
    assert pick_definition([real, later]) is later
    assert pick_definition([test_only]) is None
