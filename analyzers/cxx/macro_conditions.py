"""Whether a definition's `#if` conditions hold in a host build (g++ on Linux, no test or Android flags), and the
definition of a name in effect among several (opposite `#if` branches, redefinitions)."""

from __future__ import annotations

import re
from collections.abc import Callable, Sequence

from op_migrate.analyzers.cxx.macro_defs import MacroDef
from op_migrate.analyzers.cxx.macro_lex import IDENT, NUMBER, PUNCT, lex

# What g++ on a Linux host defines. A name not here and not defined in the same file is undefined (value 0), as the
# compiler sees it without -D flags: test builds (`NNOPBASE_UT`), Android and Windows branches are not taken.
ASSUMED = {"__GNUC__": 12, "__cplusplus": 201703, "__linux__": 1, "__linux": 1, "__unix__": 1, "__unix": 1,
           "__STDC__": 1, "__STDC_HOSTED__": 1, "__CHAR_BIT__": 8}
# Names whose value depends on the machine the tool cannot know: a condition on them is undecided.
UNDECIDED = frozenset({"__aarch64__", "__x86_64__", "__arm__", "__i386__", "__ARM_NEON", "__SIZEOF_POINTER__"})
_NOT = re.compile(r"not \((.*)\)", re.S)
_INTEGER = re.compile(r"(0[xX][0-9a-fA-F]+|0[bB][01]+|\d+)[uUlL]*")
_BINARY = (("||",), ("&&",), ("|",), ("^",), ("&",), ("==", "!="), ("<", ">", "<=", ">="), ("<<", ">>"),
           ("+", "-"), ("*", "/", "%"))

Defined = Callable[[str], "str | None"]  # the body of an object-like macro defined in scope, or None


def condition_holds(preproc: Sequence[str], defined: Defined | None = None) -> bool | None:
    """True when every condition holds, False when one fails, None when one cannot be decided."""
    result: bool | None = True
    for condition in preproc:
        value = _holds(condition.strip(), defined or (lambda name: None))
        if value is False:
            return False
        if value is None:
            result = None
    return result


def pick_definition(definitions: Sequence[MacroDef], defined: Defined | None = None) -> MacroDef | None:
    """The definition in effect: one whose conditions hold, else an undecided one, never one whose conditions fail;
    among equals the last in the file (a later redefinition wins)."""
    rank = {True: 2, None: 1, False: 0}
    best, best_key = None, None
    for definition in definitions:
        key = (rank[condition_holds(definition.preproc, defined)], definition.line)
        if key[0] and (best_key is None or key > best_key):
            best, best_key = definition, key
    return best


def unconditional_bodies(definitions: Sequence[MacroDef]) -> Defined:
    """`defined` for condition_holds: the object-like macros a file defines outside any `#if`."""
    bodies = {d.name: d.body for d in definitions if not d.preproc}
    return bodies.get


def _holds(condition: str, defined: Defined) -> bool | None:
    negated = _NOT.fullmatch(condition)
    if negated:
        value = _holds(negated.group(1), defined)
        return None if value is None else not value
    directive, _, rest = condition.partition(" ")
    name = rest.strip()
    if directive in ("#ifdef", "#elifdef"):
        return _is_defined(name, defined)
    if directive in ("#ifndef", "#elifndef"):
        present = _is_defined(name, defined)
        return None if present is None else not present
    if directive in ("#if", "#elif"):
        try:
            value = _Evaluator(lex(rest), defined).expression()
        except (IndexError, ValueError, ZeroDivisionError, RecursionError):
            return None
        return None if value is None else bool(value)
    return None


def _is_defined(name: str, defined: Defined) -> bool | None:
    if name in UNDECIDED:
        return None
    return name in ASSUMED or defined(name) is not None


class _Evaluator:
    """Integer constant expressions of `#if`, three-valued: None where a name's value is unknown."""

    def __init__(self, tokens, defined: Defined) -> None:
        self.tokens, self.pos, self.defined = tokens, 0, defined

    def expression(self):
        value = self.binary(0)
        if self.pos != len(self.tokens):
            raise ValueError("trailing tokens")
        return value

    def binary(self, level: int):
        if level == len(_BINARY):
            return self.unary()
        left = self.binary(level + 1)
        while self.pos < len(self.tokens) and self.tokens[self.pos].kind == PUNCT \
                and self.tokens[self.pos].text in _BINARY[level]:
            op = self.tokens[self.pos].text
            self.pos += 1
            right = self.binary(level + 1)
            left = _apply(op, left, right)
        return left

    def unary(self):
        token = self.tokens[self.pos]
        self.pos += 1
        if token.kind == PUNCT and token.text in ("!", "-", "+", "~"):
            value = self.unary()
            return None if value is None else {"!": int(not value), "-": -value, "+": value, "~": ~value}[token.text]
        if token.kind == PUNCT and token.text == "(":
            value = self.binary(0)
            if self.tokens[self.pos].text != ")":
                raise ValueError("missing )")
            self.pos += 1
            return value
        if token.kind == NUMBER:
            value = _integer(token.text)
            if value is None:
                raise ValueError("not an integer")
            return value
        if token.kind == IDENT and token.text == "defined":
            paren = self.tokens[self.pos].text == "("
            name = self.tokens[self.pos + paren].text
            self.pos += 1 + 2 * paren
            present = _is_defined(name, self.defined)
            return None if present is None else int(present)
        if token.kind == IDENT:
            if self.pos < len(self.tokens) and self.tokens[self.pos].text == "(":
                raise ValueError("a function-like macro in #if")
            return self.value(token.text)
        raise ValueError(f"unexpected {token.text}")

    def value(self, name: str):
        if name in UNDECIDED:
            return None
        if name in ASSUMED:
            return ASSUMED[name]
        body = self.defined(name)
        if body is None:
            return 0
        return _integer(body.strip("() "))


def _integer(text: str) -> int | None:
    match = _INTEGER.fullmatch(text)
    if match is None:
        return None
    digits = match.group(1)
    return int(digits, 8) if len(digits) > 1 and digits[0] == "0" and digits[1].isdigit() else int(digits, 0)


def _apply(op: str, left, right):
    if op == "||":
        return 1 if left or right else (None if left is None or right is None else 0)
    if op == "&&":
        return 0 if left == 0 or right == 0 else (None if left is None or right is None else 1)
    if left is None or right is None:
        return None
    return {"|": lambda: left | right, "^": lambda: left ^ right, "&": lambda: left & right,
            "==": lambda: int(left == right), "!=": lambda: int(left != right), "<": lambda: int(left < right),
            ">": lambda: int(left > right), "<=": lambda: int(left <= right), ">=": lambda: int(left >= right),
            "<<": lambda: left << right, ">>": lambda: left >> right, "+": lambda: left + right,
            "-": lambda: left - right, "*": lambda: left * right, "/": lambda: int(left / right),
            "%": lambda: left % right}[op]()
