"""Conditions as printed: the same truth as the source text on every assignment, in the source's names."""

from __future__ import annotations

import itertools

import pytest

from op_migrate.analyzers.tbe.conditions import simplify

# Each uses a, b, c (booleans) and x (a string): the property below tries every assignment.
EXPRESSIONS = [
    "not (not a and b) and c",
    "not ((a or b) and c)",
    "not (x not in ('f16', 'f32'))",
    "not (x == 'f16') or a",
    "x in ('f16',) and not (not b)",
    "not (a and True) or (1 == 2)",
    "not (x != 'f32' and (b or not c))",
    "(a or b) and (a or b)",
    "not (not (not a))",
    "(a and not b) or (a and b)",
    "(a and x == 'f16' and c) or (c and x != 'f16' and a) or b",
]


@pytest.mark.parametrize("text", EXPRESSIONS)
def test_the_printed_form_means_what_the_source_means(text: str) -> None:
    shown = simplify(text)
    for a, b, c, x in itertools.product((False, True), (False, True), (False, True), ("f16", "f32", "int8")):
        names = {"a": a, "b": b, "c": c, "x": x}
        assert eval(shown, {}, names) == eval(text, {}, names), (text, shown, names)  # noqa: S307 - test data


def test_negations_go_in_and_constants_fold() -> None:
    assert simplify("not (not a and b) and len(x) > 95") == "(a or not b) and len(x) > 95"
    assert simplify("not (not tbe_platform.api_check_support('tbe.dsl.vexp', 'float32'))") == (
        "tbe_platform.api_check_support('tbe.dsl.vexp', 'float32')")
    assert simplify("not (x is None)") == "x is not None"
    assert simplify("not ((a or b) and c)") == "(not a and not b) or not c"
    assert simplify("1 == 2 or c") == "c"


def test_paths_that_split_on_a_test_and_met_again_lose_it() -> None:
    assert simplify("(a and not h) or (a and h)") == "a"
    assert simplify("((u or n is None) and not h) or ((u or n is None) and h)") == "u or n is None"


def test_one_element_membership_is_an_equality() -> None:
    assert simplify("dtype in ('float16',)") == "dtype == 'float16'"
    assert simplify("dtype not in ['int8']") == "dtype != 'int8'"


def test_names_stay_and_compound_negations_keep_parentheses() -> None:
    assert simplify("not (a < b < c)") == "not (a < b < c)"
    assert simplify("not self.small_soc") == "not self.small_soc"


def test_text_it_cannot_parse_comes_back_and_notes_stay() -> None:
    assert simplify("(a) or (b) or 3 more paths") == "a or b or 3 more paths"
    assert simplify("x == 'bool' (remapped to int8 before the check)") == "x == 'bool' (remapped to int8 before the check)"
    assert simplify("except ValueError") == "except ValueError"
    assert simplify(None) is None
