"""Which names hold a call's result (route/recovery.py reads their next use): the target a statement assigns, the
names a structured binding or `std::tie` binds, the container whose element it sets, and the calls and ternaries a
statement stores in a container, tuple or aggregate (`v.push_back(Run(...))`, `{x, Run(...)}`, `std::make_pair(Run(...),
1)`); and the pattern of what a later test may name for that result."""

from __future__ import annotations

import functools
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
_HANDED: dict[int, tuple[Expr, tuple[Expr, ...]]] = {}  # id(expression) -> (expression, handed_to_helpers)
MACRO_NAME = re.compile(r"[A-Z][A-Z0-9_]*")
# Calls that pass a value through or only look at it, not functions that may test it and go on.
_NOT_HELPERS = frozenset({"static_cast", "reinterpret_cast", "const_cast", "dynamic_cast", "move", "forward"})
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


def handed_to_helpers(value: Expr) -> tuple[Expr, ...]:
    """The calls and ternaries `value` gives straight to a function other than a macro or a cast: a helper may test
    them and go on (`ctx.SetOut(l0op::X(...))`, `OrElse(l0op::X(...), y)`), and an L0 op may take a nullptr that is
    no L0 op's failure as an optional input (`l0op::Op(x, c ? bias : nullptr, ...)`, `l0op::Op(x, Pick(...), ...)`)."""
    held = _HANDED.get(id(value))
    if held is not None and held[0] is value:
        return held[1]
    if len(_HANDED) > 100_000:
        _HANDED.clear()
    found: list[Expr] = []
    pending = [value]
    while pending:
        node = pending.pop()
        if node.kind == "call" and _helper(node):
            found.extend(arg for arg in node.children if arg.kind in ("call", "ternary") and not _is_maker(arg))
        elif is_l0_call(node):
            found.extend(arg for arg in node.children if arg.kind == "ternary" or arg.kind == "call" and
                         not _is_maker(arg) and not is_l0_call(arg))
        pending.extend(node.children)
    _HANDED[id(value)] = (value, tuple(found))  # the expression is kept: its id names no other while it is here
    return _HANDED[id(value)][1]


def is_l0_call(expr: Expr) -> bool:
    """Whether an expression is a call of an L0 op (`l0op::X(...)`)."""
    return expr.kind == "call" and (expr.name or "").strip().startswith("l0op::")


def _helper(call: Expr) -> bool:
    callee = (call.name or "").strip()
    short = callee.split("<", 1)[0].strip().rsplit("::", 1)[-1].rsplit(".", 1)[-1].rsplit(">", 1)[-1]
    return bool(short) and not callee.startswith("l0op::") and not MACRO_NAME.fullmatch(short) and \
        short not in _NOT_HELPERS and short not in _MAKERS and short not in _STORING_METHODS


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


@functools.lru_cache(maxsize=4096)
def mention_of(holders: tuple[str, ...]) -> re.Pattern:
    """A pattern that finds the holders named in a statement's text (`ctx.y` as `ctx . y` too)."""
    split = [re.split(r"\s*(?:\.|->)\s*", holder) for holder in holders]
    return re.compile(r"(?<![\w.>])(?:" + "|".join(r"\s*(?:\.|->)\s*".join(re.escape(part) for part in parts)
                                                   for parts in split) + r")\b")


def subject(holders) -> str:
    """A pattern of what a test may name for the result the holders hold: one of them, or a part of one (an element,
    a member, `std::get<k>(t)`, `v.at(i)`, `v.back()`), spaces removed."""
    names = "|".join(re.escape(compact(name)) for name in holders)
    return (rf"(?:(?:std::)?get<[^<>]*>\((?:{names})\)|(?:{names})"
            rf"(?:\[[^\]]*\]|\.(?:at|front|back)\([^()]*\)|(?:\.|->)\w+(?!\())*)")


def compact(text: str) -> str:
    """`text` without spaces and without parentheses that wrap it whole."""
    return strip_parens("".join(text.split()))
