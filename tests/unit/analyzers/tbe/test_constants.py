"""Constant evaluation agrees with Python on integer arithmetic and never hangs on hostile powers."""

from __future__ import annotations

from hypothesis import given
from hypothesis import strategies as st

from op_migrate.analyzers.tbe.constants import evaluate, is_known, module_constants
from op_migrate.analyzers.tbe.imports import parse_source

_OPERATORS = st.sampled_from(["+", "-", "*", "//", "%", "<<"])


@given(st.integers(-10**6, 10**6), _OPERATORS, st.integers(1, 20))
def test_binary_arithmetic_matches_python(left: int, operator: str, right: int) -> None:
    text = f"({left}) {operator} {right}"
    tree = parse_source(f"X = {text}\n", "c.py")
    assert evaluate(tree.body[0].value, {}) == eval(text)  # noqa: S307 - literal arithmetic built above


def test_huge_powers_are_left_unevaluated() -> None:
    tree = parse_source("X = 10 ** 10 ** 10\n", "c.py")
    assert not is_known(evaluate(tree.body[0].value, {}))


def test_class_constants_and_references() -> None:
    tree = parse_source("BASE = 2 ** 4\nclass Constant:\n    LIMIT = BASE * 2\n    NAMES = ('a', 'b')\n", "c.py")
    values, texts = module_constants(tree)
    assert values == {"BASE": 16, "Constant.LIMIT": 32, "Constant.NAMES": ("a", "b")}
    assert texts["BASE"] == "2**4 = 16"
