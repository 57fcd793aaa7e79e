"""Guards in the caller's names: a helper's parameter names in a source text replaced by its call's arguments."""

from __future__ import annotations

import functools
import re

# An identifier that is neither a member (`.x`, `->x`), nor qualified (`a::x`, `x::b`), nor a call's name (`x(`); the
# walk's own names of pack items (`args$0`, route/packs.py) are identifiers too.
_IDENTIFIER = re.compile(r"(?<![\w.:>$])([A-Za-z_][\w$]*)(?![\w:($])")
_SIMPLE = re.compile(r"^[\w:.\->()\[\]*&]+$")


def substitute(text: str, names: dict[str, str]) -> str:
    """`op::IsContiguous(x)` with {"x": "self"} -> `op::IsContiguous(self)`; complex arguments are parenthesised."""
    if not names or not text:
        return text
    return _substituted(text, tuple(names.items()))


@functools.lru_cache(maxsize=65536)
def _substituted(text: str, items: tuple[tuple[str, str], ...]) -> str:
    """substitute, kept per text and names: a helper's guards are put in its caller's names at every call."""
    names = dict(items)

    def replace(match: re.Match) -> str:
        argument = names.get(match.group(1))
        if argument is None:
            return match.group(0)
        return argument if _SIMPLE.match(argument) else f"({argument})"

    return _IDENTIFIER.sub(replace, text)


def argument_names(params, arguments, caller_names: dict[str, str]) -> dict[str, str]:
    """Parameter name -> the argument's text in the outermost caller's names (whitespace collapsed)."""
    names = {}
    for param, argument in zip(params, arguments):
        text = " ".join(argument.text.split())
        if text and param.name and text != param.name:
            names[param.name] = substitute(text, caller_names)
        elif param.name in caller_names:
            names[param.name] = caller_names[param.name]
    return names
