"""C++ callee spellings taken apart: receiver and method of `a.get()->AllocTensor`, redundant outer parentheses."""

from __future__ import annotations

import functools
import re

IDENTIFIER = re.compile(r"[A-Za-z_]\w*")  # every name a spelling holds (a pattern of its own where context matters)


@functools.lru_cache(maxsize=65536)
def split_callee(text: str) -> tuple[str | None, str]:
    """"a.get()->AllocTensor" -> ("a.get()", "AllocTensor"); "l0op::Cast" -> (None, "l0op::Cast")."""
    depth = 0
    for index in range(len(text) - 1, 0, -1):
        char = text[index]
        if char in ")]":
            depth += 1
        elif char in "([":
            depth -= 1
        elif depth == 0 and char == ".":
            return text[:index].strip(), text[index + 1 :].strip()
        elif depth == 0 and char == ">" and text[index - 1] == "-":
            return text[: index - 1].strip(), text[index + 1 :].strip()
    return None, text.strip()


@functools.lru_cache(maxsize=65536)
def bare_name(text: str) -> str:
    """A callee without its template arguments: "Pad<3, 4>" -> "Pad", "ns::F<op::DT>" -> "ns::F"."""
    text = text.strip()
    if not text.endswith(">") or "<" not in text:
        return text
    depth = 0
    for index in range(len(text) - 1, -1, -1):
        depth += text[index] == ">"
        depth -= text[index] == "<"
        if depth == 0:
            return text[:index].strip()
    return text


@functools.lru_cache(maxsize=65536)
def strip_parens(text: str) -> str:
    text = text.strip()
    while text.startswith("(") and text.endswith(")") and _balanced(text[1:-1]):
        text = text[1:-1].strip()
    return text


def _balanced(text: str) -> bool:
    depth = 0
    for char in text:
        depth += char == "("
        depth -= char == ")"
        if depth < 0:
            return False
    return depth == 0
