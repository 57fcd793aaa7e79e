"""Which names hold a call's result (route/recovery.py reads their next use): the target a statement assigns, the
names a structured binding or `std::tie` binds, the container whose element it sets, and the calls and ternaries a
statement stores in a container, tuple or aggregate (`v.push_back(Run(...))`, `{x, Run(...)}`, `std::make_pair(Run(...),
1)`); and the pattern of what a later test may name for that result."""

from __future__ import annotations

import re

from op_migrate.analyzers.cxx.model import Expr, Stmt
from op_migrate.analyzers.route.callee_text import strip_parens
from op_migrate.analyzers.route.containers import BINDING

TARGET = re.compile(r"[A-Za-z_]\w*(?:\s*(?:\.|->)\s*[A-Za-z_]\w*)*")  # `y`, `ctx.ret`, `p->out`
_TIED = re.compile(r"(?:std::)?tie\s*\((.*)\)", re.S)
_ELEMENT = re.compile(r"([A-Za-z_]\w*)\s*\[.*\]", re.S)
# Methods that put their arguments into the container they are called on; calls that make a tuple, pair or container
# of their arguments (`std::tuple<const aclTensor*> t(x)` is a call of the type).
_STORING_METHODS = frozenset({"push_back", "emplace_back", "insert", "emplace", "push", "push_front", "emplace_front",
                              "try_emplace", "insert_or_assign"})
_MAKERS = frozenset({"make_pair", "make_tuple", "tie", "forward_as_tuple", "pair", "tuple", "vector", "array",
                     "FVector", "SmallVector"})


def stored_in(stmt: Stmt) -> tuple[tuple[Expr, ...], tuple[str, ...] | None]:
    """The calls and ternaries `stmt` stores in a container, tuple or aggregate (not its own value), and the names that
    hold them; ((), None) for a statement that stores none."""
    value = stmt.value
    if value is None:
        return (), None
    if stmt.kind == "expr" and value.kind == "call":
        receiver, _, method = (value.name or "").strip().rpartition(".")
        if method not in _STORING_METHODS or TARGET.fullmatch(receiver.strip()) is None:
            return (), None
        return _stored_in(value.children), (receiver.strip(),)
    if stmt.kind in ("decl", "assign") and (value.kind == "init_list" or _is_maker(value)):
        return _stored_in(value.children), holders_of(stmt)
    return (), None


def _is_maker(expr: Expr) -> bool:
    return expr.kind == "call" and \
        (expr.name or "").split("<", 1)[0].strip().rsplit("::", 1)[-1] in _MAKERS


def _stored_in(items) -> tuple[Expr, ...]:
    """The calls and ternaries among `items`, and among the items of the braces and tuple makers they hold."""
    found: list[Expr] = []
    for item in items:
        if item.kind in ("call", "ternary") and not _is_maker(item):
            found.append(item)
        elif item.kind == "init_list" or _is_maker(item):
            found.extend(_stored_in(item.children))
    return tuple(found)


def holders_of(stmt: Stmt) -> tuple[str, ...] | None:
    """The names that hold what `stmt` assigns: its target, the names it binds or ties, the container whose element
    it sets; None for a target the reading does not follow."""
    binding = BINDING.match(stmt.text) if stmt.kind == "decl" else None
    if binding is not None:
        return tuple(name.strip() for name in binding.group(1).split(",") if name.strip())
    target = " ".join((stmt.target or "").split())
    tied = _TIED.fullmatch(target)
    if tied is not None:
        names = tuple(name.strip() for name in tied.group(1).split(",") if name.strip().rsplit("::", 1)[-1] != "ignore")
        return names if names and all(TARGET.fullmatch(name) for name in names) else None
    if TARGET.fullmatch(target):
        return (target,)
    element = _ELEMENT.fullmatch(target)
    return (element.group(1),) if element is not None else None


def subject(holders) -> str:
    """A pattern of what a test may name for the result the holders hold: one of them, or a part of one (an element,
    a member, `std::get<k>(t)`, `v.at(i)`, `v.back()`), spaces removed."""
    names = "|".join(re.escape(compact(name)) for name in holders)
    return (rf"(?:(?:std::)?get<[^<>]*>\((?:{names})\)|(?:{names})"
            rf"(?:\[[^\]]*\]|\.(?:at|front|back)\([^()]*\)|(?:\.|->)\w+(?!\())*)")


def compact(text: str) -> str:
    """`text` without spaces and without parentheses that wrap it whole."""
    return strip_parens("".join(text.split()))
