"""Size and peak formulas: integer polynomials over non-negative atoms (N1, N, S, I(N1≠N), ⌈N/128⌉).

Why not sympy: a chain needs only sums of products with integer coefficients, an idempotent indicator
and a max over program points. A polynomial kept as {monomial: coefficient} adds and multiplies in
microseconds and evaluates as a handful of integer products, so 10,000 case evaluations of one chain
take milliseconds (tests/perf/bench_memory.py); sympy's generic simplification costs milliseconds per
expression. Every atom stands for a non-negative integer, which makes dominance pruning of a max sound:
if every coefficient of A − B is ≥ 0 then A ≥ B for every case.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Mapping

Monomial = tuple[str, ...]  # sorted atom names; () is the constant term


def _is_indicator(atom: str) -> bool:
    return atom.startswith("I(")


def _multiply_monomials(left: Monomial, right: Monomial) -> Monomial:
    atoms = list(left) + list(right)
    # An indicator is 0 or 1, so I·I = I; ordinary atoms keep their powers.
    seen_indicators: set[str] = set()
    kept = []
    for atom in atoms:
        if _is_indicator(atom):
            if atom in seen_indicators:
                continue
            seen_indicators.add(atom)
        kept.append(atom)
    return tuple(sorted(kept))


@dataclass(frozen=True)
class Poly:
    """A polynomial with integer coefficients; `terms` maps a monomial to its coefficient (never 0)."""

    terms: tuple[tuple[Monomial, int], ...] = ()

    @staticmethod
    def const(value: int) -> Poly:
        return Poly((((), int(value)),)) if value else Poly()

    @staticmethod
    def atom(name: str) -> Poly:
        return Poly((((name,), 1),))

    @staticmethod
    def _from_dict(terms: dict[Monomial, int]) -> Poly:
        return Poly(tuple(sorted(((m, c) for m, c in terms.items() if c), key=_term_order)))

    def as_dict(self) -> dict[Monomial, int]:
        return dict(self.terms)

    def __add__(self, other: Poly) -> Poly:
        total = self.as_dict()
        for monomial, coefficient in other.terms:
            total[monomial] = total.get(monomial, 0) + coefficient
        return Poly._from_dict(total)

    def __sub__(self, other: Poly) -> Poly:
        return self + other.scale(-1)

    def __mul__(self, other: Poly) -> Poly:
        product: dict[Monomial, int] = {}
        for left, lc in self.terms:
            for right, rc in other.terms:
                monomial = _multiply_monomials(left, right)
                product[monomial] = product.get(monomial, 0) + lc * rc
        return Poly._from_dict(product)

    def scale(self, factor: int) -> Poly:
        return Poly._from_dict({m: c * factor for m, c in self.terms})

    def is_zero(self) -> bool:
        return not self.terms

    def atoms(self) -> set[str]:
        return {atom for monomial, _ in self.terms for atom in monomial}

    def evaluate(self, env: Mapping[str, int]) -> int:
        total = 0
        for monomial, coefficient in self.terms:
            value = coefficient
            for atom in monomial:
                value *= env[atom]
            total += value
        return total

    def dominates(self, other: Poly) -> bool:
        """True when self ≥ other for every non-negative value of the atoms (coefficient-wise)."""
        return all(c >= 0 for _, c in (self - other).terms)

    def __str__(self) -> str:
        if not self.terms:
            return "0"
        parts = []
        for monomial, coefficient in self.terms:
            factors = [str(abs(coefficient))] if abs(coefficient) != 1 or not monomial else []
            factors += _powers(monomial)
            text = "·".join(factors)
            parts.append(("- " if coefficient < 0 else "+ ") + text)
        joined = " ".join(parts)
        return joined[2:] if joined.startswith("+ ") else "-" + joined[2:]


def _powers(monomial: Monomial) -> list[str]:
    out: list[str] = []
    for atom in _display_order(monomial):
        count = monomial.count(atom)
        out.append(atom if count == 1 else f"{atom}^{count}")
    return out


def _display_order(monomial: Monomial) -> list[str]:
    # Indicators first, then counts, then byte widths: reads like the seeds' I(N1≠N)·N·S.
    unique = sorted(set(monomial), key=lambda a: (0 if _is_indicator(a) else 2 if a.startswith("S") else 1, a))
    return unique


def _term_order(term: tuple[Monomial, int]) -> tuple:
    monomial, _ = term
    return (-len(monomial), sum(1 for a in monomial if _is_indicator(a)), monomial)


@dataclass(frozen=True)
class MaxExpr:
    """max(p1, p2, …) after dropping every candidate dominated by another; a single candidate prints bare."""

    candidates: tuple[Poly, ...]

    @staticmethod
    def of(polys: list[Poly]) -> MaxExpr:
        unique: list[Poly] = []
        for poly in polys:
            if poly not in unique:
                unique.append(poly)
        kept = [
            p for i, p in enumerate(unique)
            if not any(j != i and q.dominates(p) and (not p.dominates(q) or j < i) for j, q in enumerate(unique))
        ]
        return MaxExpr(tuple(kept) if kept else (Poly(),))

    def evaluate(self, env: Mapping[str, int]) -> int:
        return max(p.evaluate(env) for p in self.candidates)

    def __str__(self) -> str:
        if len(self.candidates) == 1:
            return str(self.candidates[0])
        return "max(" + ", ".join(str(p) for p in self.candidates) + ")"
