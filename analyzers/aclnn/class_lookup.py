"""Which class a name means where several classes or type aliases share it: C++ lookup by qualifier and namespace."""

from __future__ import annotations

import functools
import re

# `using A = ns::B<T>;` and `typedef B<T> A;`: (alias, the class it names) of every type alias in a text.
ALIASES = re.compile(rb"\busing\s+([A-Za-z_]\w*)\s*=\s*(?:typename\s+)?(?:::)?([A-Za-z_][\w:]*)\s*"
                     rb"(?:<[^;{}]*>)?\s*;|"
                     rb"\btypedef\s+(?:struct\s+|class\s+)?(?:::)?([A-Za-z_][\w:]*)\s*(?:<[^;{}]*>)?\s+"
                     rb"([A-Za-z_]\w*)\s*;")


@functools.lru_cache(maxsize=4096)
def class_definition(short: str) -> re.Pattern:
    return re.compile(rb"\b(?:class|struct)\b[^;{}()]*?\b" + re.escape(short.encode()) + rb"\b")


def chosen_class(candidates, spelling: str, scope: str):
    """The one class `spelling` names among `candidates` ((unit, ClassDecl) pairs, first seen first; one class seen
    twice counts once), as C++ lookup finds it from inside `scope`; None when they do not single one out."""
    distinct: dict[str, tuple] = {}
    for pair in candidates:
        distinct.setdefault(pair[1].name, pair)
    if spelling.startswith("::"):  # fully qualified (an object's class): exactly that one
        named = [pair for name, pair in distinct.items() if name == spelling[2:]]
        return named[0] if len(named) == 1 else None
    if "::" in spelling:
        named = [pair for name, pair in distinct.items() if name == spelling or name.endswith("::" + spelling)]
        return named[0] if len(named) == 1 else None
    if len(distinct) <= 1:
        return next(iter(distinct.values()), None)
    around = scope.split("::")[:-1]
    for depth in range(len(around), -1, -1):
        space = "::".join(around[:depth])
        named = [pair for name, pair in distinct.items() if name.rsplit("::", 1)[0] == space or
                 (space == "" and "::" not in name)]
        if named:
            return named[0] if len(named) == 1 else None
    return None


def add_alias(aliases: dict[str, str], alias: str, target: str) -> None:
    """Put `alias -> target` in a map of aliases; an alias already naming another class names none ("")."""
    aliases[alias] = target if aliases.get(alias, target) == target else ""
