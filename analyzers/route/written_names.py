"""Which variables statements may write, read from their text: assigned (plainly, compound, an element), incremented,
their address taken, or given to a call (a reference parameter may write them). An over-approximation: a name it
misses is a write the walk would not see, so every form that can write counts."""

from __future__ import annotations

import functools
import re

from op_migrate.analyzers.cxx.model import statements_in

_HEADERS = frozenset({"if", "loop", "switch"})


def statement_texts(stmts, skip=None) -> str:
    """The text of `stmts` and everything nested in them (a condition by its expression, not its arms' text);
    `skip(stmt)` leaves a statement's own text out."""
    texts = []
    for stmt in statements_in(stmts):
        if skip is not None and skip(stmt):
            continue
        if stmt.kind in _HEADERS:
            texts.append(stmt.value.text if stmt.value is not None else stmt.text.split("{", 1)[0])
        else:
            texts.append(stmt.text)
    return "\n".join(texts)


def writes_in(stmts, name: str) -> bool:
    """Whether `stmts` may write the variable `name`."""
    return writes_pattern(name).search(statement_texts(stmts)) is not None


@functools.lru_cache(maxsize=1024)
def writes_pattern(name: str) -> re.Pattern:
    word = re.escape(name)
    return re.compile(rf"{_stepped_or_assigned(word, element=True)}|(?:^|[(,=!?:;{{]|\breturn)\s*&\s*{word}\b"
                      rf"|[(,]\s*{word}\s*[,)]", re.M)


@functools.lru_cache(maxsize=1024)
def assigns_pattern(name: str) -> re.Pattern:
    """`name` assigned (plainly, compound) or stepped in an expression's text: the writes of a loop's condition."""
    return re.compile(_stepped_or_assigned(re.escape(name), element=False))


def _stepped_or_assigned(word: str, element: bool) -> str:
    """`word = ...`, `word += ...` (an element `word[i] = ...` too where `element`), `word++`, `++word`."""
    index = r"(?:\[[^\]]*\]\s*)?" if element else ""
    return rf"(?<![\w.>])(?:{word}\s*{index}(?:[-+*/%&|^]|<<|>>)?=(?!=)|{word}\s*(?:\+\+|--)|(?:\+\+|--)\s*{word}\b)"
