"""Namespace-scope variables whose initializer may not be their value when an entry point starts."""

from __future__ import annotations

import re
from functools import lru_cache

from op_migrate.analyzers.cxx.model import CxxUnit, GlobalDecl

_OPERATOR_ASSIGN = r"\s*(?:[-+*/%|&^]|<<|>>)?=(?!=)"
_TEMPLATE_ARGUMENTS = re.compile(r"<[^<>]*>")
_CALL = r"\b(?!(?:if|while|switch|for|return|sizeof|alignof|decltype)\b)\w+\s*(?:<[^<>;]*>\s*)?\("  # not `if (x)`
_MUTATORS = r"(?:insert|emplace\w*|push_back|push_front|pop_back|pop_front|clear|erase|assign|swap|reset|resize)"


@lru_cache(maxsize=512)
def _writes(short: str) -> re.Pattern[bytes]:
    """Every spelling that may change `short`: assignment (also of an element), ++/--, a mutating member call,
    its address taken, a reference bound to it, or the name passed whole to a call (a reference parameter)."""
    name = re.escape(short)
    return re.compile((
        rf"\b{name}(?:{_OPERATOR_ASSIGN}|\s*\[[^\]]*\]{_OPERATOR_ASSIGN}|\s*(?:\+\+|--)"
        rf"|\s*(?:\.|->)\s*{_MUTATORS}\s*\()"
        rf"|(?:\+\+|--)\s*{name}\b|(?:^|[(,=\s])&\s*{name}\b|&\s*\w+\s*=\s*{name}\b|(?:{_CALL}|,)\s*{name}\s*[,)]"
    ).encode(), re.M)


def declared_constant(type_text: str) -> bool:
    """`constexpr`, `const int`, `T* const`: the variable itself cannot change (`const aclTensor*` can)."""
    outer = type_text
    while True:  # template arguments say nothing of the variable: `const std::map<K, const T*>` is constant
        inner = _TEMPLATE_ARGUMENTS.sub(" ", outer)
        if inner == outer:
            break
        outer = inner
    words = outer.replace("*", " * ").replace("&", " & ").split()
    if "constexpr" in words:
        return True
    if "*" in words or "&" in words:
        return bool(re.search(r"\*\s*const\b", outer))
    return "const" in words


def entry_value_unknown(unit: CxxUnit, decl: GlobalDecl, text: bytes) -> bool:
    """Whether a variable's value when an entry point starts is unknown: it is not a constant and something may
    write it, so an earlier call may have left another value (`static bool g_first = true;` cleared by the entry
    itself, `float thresholdVal_` set by one entry and read by another). A variable of the file is read as its
    initializer only where no spelling in the file may change it; one declared in a header is never read so (its
    writers may be anywhere)."""
    if declared_constant(decl.type_text):
        return False
    if decl not in unit.globals:
        return True
    lines = text.split(b"\n")
    rest = b"\n".join(lines[:decl.line - 1] + lines[decl.line:])  # without the declaration's own `= value`
    return _writes(decl.name.rsplit("::", 1)[-1]).search(rest) is not None
