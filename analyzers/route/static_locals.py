"""Static local variables a function may write (`static bool inited = false; ... inited = true;`): what a call reads
is what earlier calls left, so the walk of one call knows nothing of it; its initializer only holds on the first call.
A static local only read (`static bool useV2 = GetSocVersion() == ...;`) keeps its initializer's value."""

from __future__ import annotations

import re

from op_migrate.analyzers.cxx.model import Function, Stmt

_STATIC = re.compile(r"^\s*static\b(?!.*\b(?:const|constexpr)\b[^=]*=)")
_HEADERS = frozenset({"if", "loop", "switch"})
_MEMO: dict[int, tuple[Function, frozenset[str]]] = {}


def carried_over(function: Function, stmt: Stmt) -> bool:
    """Whether `stmt` declares a non-const static local that `function` may write: assigned (plainly, compound, an
    element), incremented, its address taken, or given to a call (a reference parameter may write it)."""
    if stmt.kind != "decl" or not stmt.target or not _STATIC.match(stmt.text):
        return False
    held = _MEMO.get(id(function))
    if held is None or held[0] is not function:  # kept with the function: its id is not reused meanwhile
        if len(_MEMO) > 4096:
            _MEMO.clear()
        held = _MEMO[id(function)] = (function, _written_statics(function))
    return stmt.target.strip() in held[1]


def _written_statics(function: Function) -> frozenset[str]:
    statics, texts = [], []
    pending = list(function.body)
    while pending:
        stmt = pending.pop()
        if stmt.kind == "decl" and stmt.target and _STATIC.match(stmt.text):
            statics.append(stmt.target.strip())
        elif stmt.kind in _HEADERS:
            texts.append(stmt.value.text if stmt.value is not None else "")  # the condition, not the arms' text
        else:
            texts.append(stmt.text)
        pending.extend(stmt.then)
        pending.extend(stmt.orelse)
        pending.extend(s for case in stmt.cases for s in case.body)
    text = "\n".join(texts)
    return frozenset(name for name in statics if _writes(name).search(text))


def _writes(name: str) -> re.Pattern:
    word = re.escape(name)
    return re.compile(rf"(?<![\w.>])(?:{word}\s*(?:\[[^\]]*\]\s*)?(?:[-+*/%&|^]|<<|>>)?=(?!=)|{word}\s*(?:\+\+|--)"
                      rf"|(?:\+\+|--)\s*{word}\b)|(?:^|[(,=!?:;{{]|\breturn)\s*&\s*{word}\b|[(,]\s*{word}\s*[,)]", re.M)
