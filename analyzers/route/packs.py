"""Function parameter packs (`template <typename... Ts> bool Check(const Ts&... args)`): bound item by item, expanded
where a call writes `args...`, counted by `sizeof...(args)`, so a variadic helper that peels one argument per call is
walked to its end instead of stopping at its recursion."""

from __future__ import annotations

from dataclasses import dataclass, replace

from op_migrate.analyzers.cxx.model import Expr, Function, Param

EXPANSION = "parameter_pack_expansion"


@dataclass(frozen=True)
class Pack:
    """A parameter pack in a frame: the frame variables that hold its items (`args$0`, `args$1`, ...), in order."""

    names: tuple[str, ...]


def is_pack(param: Param) -> bool:
    """A function parameter pack (`const Ts&... args`), or C's `...`."""
    return param.name == "..." or param.declared_type.endswith("...")


def has_pack(function: Function) -> bool:
    return bool(function.params) and is_pack(function.params[-1])


def item_names(param: Param, count: int) -> tuple[str, ...]:
    return tuple(f"{param.name}${index}" for index in range(count))


def expand(expr: Expr, env: dict) -> Expr:
    """`F(t, args...)` with `args` a pack of the frame -> `F(t, args$0, args$1)`: each item is an argument of its own
    (its value, its kind for overloads, its variable for a by-reference parameter). An expansion of anything else
    (a pattern `f(args)...`, a pack the walk did not bind) stays as written."""
    if not any(child.kind == "other" and child.name == EXPANSION for child in expr.children):
        return expr
    children = []
    for child in expr.children:
        pack = _expanded_pack(child, env)
        if pack is None:
            children.append(child)
            continue
        line = child.line
        children.extend(Expr("name", name, name=name, line=line) for name in pack.names)
    return replace(expr, children=tuple(children))


def pack_size(expr: Expr, operand) -> int | None:
    """`sizeof...(args)`: the number of items of the pack `args`; None for any other sizeof."""
    if isinstance(operand, Pack) and "".join(expr.text.split()).startswith("sizeof..."):
        return len(operand.names)
    return None


def _expanded_pack(child: Expr, env: dict) -> Pack | None:
    if child.kind != "other" or child.name != EXPANSION or len(child.children) != 1:
        return None
    inner = child.children[0]
    if inner.kind != "name":
        return None
    held = env.get((inner.name or inner.text).strip())
    return held if isinstance(held, Pack) else None
