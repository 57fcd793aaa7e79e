"""The polynomial type: arithmetic, idempotent indicators, dominance pruning, printing."""

from __future__ import annotations

from hypothesis import given
from hypothesis import strategies as st

from op_migrate.analyzers.memory.expr import MaxExpr, Poly

N, S, I1 = Poly.atom("N"), Poly.atom("S"), Poly.atom("I(N1≠N)")


def test_seed_formula_prints_like_the_design_document() -> None:
    formula = I1 * N * S + Poly.atom("I(N2≠N)") * N * S + N * S
    assert str(formula) == "I(N1≠N)·N·S + I(N2≠N)·N·S + N·S"


def test_indicator_is_idempotent_and_counts_are_not() -> None:
    assert I1 * I1 == I1
    assert str(N * N) == "N^2"


def test_like_terms_merge_and_cancel() -> None:
    assert str(N * S + N * S) == "2·N·S"
    assert (N * S - N * S).is_zero()
    assert str(Poly.const(0)) == "0"


def test_max_drops_dominated_candidates() -> None:
    big = N * S + N * S + I1 * N * S
    small = N * S
    assert MaxExpr.of([small, big]).candidates == (big,)
    incomparable = MaxExpr.of([N * S + S, Poly.const(7) * N])
    assert len(incomparable.candidates) == 2
    assert str(incomparable).startswith("max(")


@given(st.integers(0, 10**6), st.integers(1, 8), st.integers(0, 1), st.integers(0, 10**6))
def test_evaluation_is_ring_consistent(n: int, s: int, i: int, m: int) -> None:
    env = {"N": n, "S": s, "I(N1≠N)": i, "M": m}
    a, b = N * S + I1 * Poly.atom("M"), Poly.const(3) * N + S
    assert (a + b).evaluate(env) == a.evaluate(env) + b.evaluate(env)
    assert (a * b).evaluate(env) == a.evaluate(env) * b.evaluate(env)
    assert MaxExpr.of([a, b]).evaluate(env) == max(a.evaluate(env), b.evaluate(env))
