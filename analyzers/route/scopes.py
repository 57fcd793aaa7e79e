"""C++ block scope for the walk: a variable declared in a block (an `if` arm, a loop body, `{ ... }`, a for-loop's own
variable) hides an outer one of the same name only until the block ends; the outer one keeps its value. A lambda's
local of a name its caller has is its own, not a write into the caller."""

from __future__ import annotations

import re

_MISSING = object()
# `for (int64_t i = 0; ...)`, `for (const auto& t : list)`, `for (size_t k{0}; ...)`: the loop's own variable.
_LOOP_VARIABLE = re.compile(r"^\s*for\s*\(\s*(?:const\s+)?[\w:<>,\s]*?[\w>][\s*&]+(\w+)\s*(?:=|:(?!:)|\{)")


class Shadows:
    """The outer bindings a block's declarations hide, put back when the block ends."""

    def __init__(self, frame) -> None:
        self.frame = frame
        self.saved: dict[str, tuple] = {}

    def declare(self, name: str) -> None:
        """`name` is declared here: remember what it named outside (once per block) and stop writing through to a
        caller's variable of that name."""
        frame = self.frame
        if name in self.saved or (name not in frame.env and name not in frame.refs):
            return
        self.saved[name] = (frame.env.get(name, _MISSING), frame.refs.pop(name, _MISSING))

    def restore(self) -> None:
        frame = self.frame
        for name, (value, ref) in self.saved.items():
            if value is _MISSING:
                frame.env.pop(name, None)
            else:
                frame.env[name] = value
            if ref is not _MISSING:
                frame.refs[name] = ref
        self.saved.clear()


def declared_name(stmt) -> str | None:
    """The variable a declaration statement introduces (None for a structured binding or no name)."""
    target = (stmt.target or "").strip()
    return target if stmt.kind == "decl" and target.isidentifier() else None


def loop_variable(text: str) -> str | None:
    """The variable a `for` statement declares in its head, if any."""
    found = _LOOP_VARIABLE.match(text)
    return found.group(1) if found is not None else None
