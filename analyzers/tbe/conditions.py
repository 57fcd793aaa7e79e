"""Conditions as a reader wants them: negations pushed in, constants folded, `x in (a,)` as `x == a`.

The analysis keeps the raw Python text of every condition (JSON `text` / `condition`); this module makes the
form that is printed. It only rewrites the expression's shape, never its names: what the source calls a value
is what the reader sees. Text that does not parse as one Python expression comes back unchanged.
"""

from __future__ import annotations

import ast
import functools
import re

_FLIPPED = {ast.Eq: ast.NotEq, ast.NotEq: ast.Eq, ast.Lt: ast.GtE, ast.GtE: ast.Lt, ast.Gt: ast.LtE, ast.LtE: ast.Gt,
            ast.In: ast.NotIn, ast.NotIn: ast.In, ast.Is: ast.IsNot, ast.IsNot: ast.Is}
_ONE_OF = {ast.In: ast.Eq, ast.NotIn: ast.NotEq}
# Merged conditions end in a count of the paths left out, and remapped dtypes in a note; both are kept as they are.
_TAILS = (re.compile(r" or \d+ more paths$"), re.compile(r" \(remapped to \w+ before the check\)$"))


@functools.lru_cache(maxsize=8192)
def simplify(text: str | None) -> str | None:
    """The printed form of a condition; None and unparsable text come back as they are."""
    if not text:
        return text
    for tail in _TAILS:
        found = tail.search(text)
        if found:
            return simplify(text[: found.start()]) + found.group(0)
    try:
        tree = ast.parse(text.strip(), mode="eval")
    except (SyntaxError, ValueError, RecursionError, MemoryError):
        return text
    try:
        return _printed(_simplified(tree.body))
    except (RecursionError, ValueError, AttributeError):
        return text


def _printed(node: ast.expr) -> str:
    """Python text with every and/or inside another one parenthesised, and `not` around anything compound."""
    if isinstance(node, ast.BoolOp):
        joiner = " and " if isinstance(node.op, ast.And) else " or "
        return joiner.join(f"({_printed(v)})" if isinstance(v, ast.BoolOp) else _printed(v) for v in node.values)
    if isinstance(node, ast.UnaryOp) and isinstance(node.op, ast.Not):
        operand = node.operand
        compound = isinstance(operand, (ast.BoolOp, ast.Compare, ast.IfExp, ast.Lambda, ast.NamedExpr))
        return f"not ({_printed(operand)})" if compound else f"not {_printed(operand)}"
    return ast.unparse(node)


def _simplified(node: ast.expr) -> ast.expr:
    if isinstance(node, ast.UnaryOp) and isinstance(node.op, ast.Not):
        return _negated(_simplified(node.operand))
    if isinstance(node, ast.BoolOp):
        return _boolean(type(node.op), [_simplified(value) for value in node.values])
    if isinstance(node, ast.Compare):
        return _compare(node)
    return node


def _negated(node: ast.expr) -> ast.expr:
    """not(node) with the negation pushed as far in as it goes (De Morgan, flipped comparisons)."""
    if isinstance(node, ast.UnaryOp) and isinstance(node.op, ast.Not):
        return node.operand
    if isinstance(node, ast.Constant) and isinstance(node.value, bool):
        return ast.Constant(not node.value)
    if isinstance(node, ast.BoolOp):
        other = ast.Or if isinstance(node.op, ast.And) else ast.And
        return _boolean(other, [_negated(value) for value in node.values])
    if isinstance(node, ast.Compare) and len(node.ops) == 1 and type(node.ops[0]) in _FLIPPED:
        return _compare(ast.Compare(left=node.left, ops=[_FLIPPED[type(node.ops[0])]()], comparators=node.comparators))
    return ast.UnaryOp(op=ast.Not(), operand=node)


def _boolean(operator: type, values: list[ast.expr]) -> ast.expr:
    """and / or with nested ones of the same kind flattened, constants folded and repeated terms dropped."""
    absorbing, neutral = (False, True) if operator is ast.And else (True, False)
    kept, seen = [], set()
    for value in values:
        parts = value.values if isinstance(value, ast.BoolOp) and isinstance(value.op, operator) else [value]
        for part in parts:
            if isinstance(part, ast.Constant) and isinstance(part.value, bool):
                if part.value is absorbing:
                    return ast.Constant(absorbing)
                continue
            text = ast.dump(part)
            if text not in seen:
                seen.add(text)
                kept.append(part)
    if not kept:
        return ast.Constant(neutral)
    if operator is ast.Or:
        kept = _absorbed(kept)
    return kept[0] if len(kept) == 1 else ast.BoolOp(op=operator(), values=kept)


def _absorbed(terms: list[ast.expr]) -> list[ast.expr]:
    """(A and X) or (A and not X) -> A, as often as it applies (paths that split on X and met again)."""
    changed = True
    while changed and len(terms) > 1:
        changed = False
        for i in range(len(terms)):
            for j in range(i + 1, len(terms)):
                common = _complementary(terms[i], terms[j])
                if common is not None:
                    terms = [*terms[:i], common, *terms[i + 1:j], *terms[j + 1:]]
                    changed = True
                    break
            if changed:
                break
    return terms


def _complementary(left: ast.expr, right: ast.expr) -> ast.expr | None:
    """A when left is `A and X` and right is `A and not X` (in any order of their conjuncts), else None."""
    parts = [v.values if isinstance(v, ast.BoolOp) and isinstance(v.op, ast.And) else [v] for v in (left, right)]
    if len(parts[0]) != len(parts[1]):
        return None
    dumped = [[ast.dump(p) for p in side] for side in parts]
    only_left = [p for p, d in zip(parts[0], dumped[0]) if d not in dumped[1]]
    only_right = [p for p, d in zip(parts[1], dumped[1]) if d not in dumped[0]]
    if len(only_left) != 1 or len(only_right) != 1 or ast.dump(_negated(only_left[0])) != ast.dump(only_right[0]):
        return None
    common = [p for p, d in zip(parts[0], dumped[0]) if d in dumped[1]]
    if not common:
        return ast.Constant(True)
    return common[0] if len(common) == 1 else ast.BoolOp(op=ast.And(), values=common)


def _compare(node: ast.Compare) -> ast.expr:
    if len(node.ops) != 1:
        return node
    operator, right = node.ops[0], node.comparators[0]
    if type(operator) in _ONE_OF and isinstance(right, (ast.Tuple, ast.List, ast.Set)) and len(right.elts) == 1:
        return _compare(ast.Compare(left=node.left, ops=[_ONE_OF[type(operator)]()], comparators=[right.elts[0]]))
    if isinstance(node.left, ast.Constant) and isinstance(right, ast.Constant):
        folded = _fold(operator, node.left.value, right.value)
        if folded is not None:
            return ast.Constant(folded)
    return node


def _fold(operator: ast.cmpop, left: object, right: object) -> bool | None:
    if type(left) is not type(right) and not all(isinstance(v, (int, float)) for v in (left, right)):
        return None
    try:
        if isinstance(operator, ast.Eq):
            return left == right
        if isinstance(operator, ast.NotEq):
            return left != right
        if isinstance(operator, ast.Lt):
            return left < right
        if isinstance(operator, ast.LtE):
            return left <= right
        if isinstance(operator, ast.Gt):
            return left > right
        if isinstance(operator, ast.GtE):
            return left >= right
    except TypeError:
        return None
    return None
