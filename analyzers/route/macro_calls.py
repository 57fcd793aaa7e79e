"""Macros in a route walk: a call of a macro the file, its headers, the repository or the framework defines is
expanded from its `#define` (analyzers/cxx/macro_expand.py, as g++ -E does) and the expansion walked where it
stands: as statements when the call is a statement (`OP_CHECK_SHAPE_NOT_EQUAL(self, out, return false);` returns
from the function when the facts fail it), as an expression elsewhere. A check the expansion makes is reported by
the macro's own name. CHECK_RET, OP_CHECK, CHECK_COND and the dtype checks keep their own model (checks.py, with
richer reasons); logging, tracing and launch macros are not expanded (macros.py)."""

from __future__ import annotations

import functools
import re

from op_migrate.analyzers.cxx import expand_text
from op_migrate.analyzers.cxx.model import Expr, Stmt
from op_migrate.analyzers.cxx.ts_unit import parse_source
from op_migrate.analyzers.route.checks import CONDITION_CHECKS, DTYPE_CHECKS
from op_migrate.analyzers.route.macros import IGNORED_PREFIXES, LAUNCH_MACROS, NATIVE_MACROS
from op_migrate.analyzers.route.statements import clip

# Names never expanded: status codes keep their meaning (ACLNN_ERR_* is a failure to the walk; its number is not),
# logging keeps quiet, and what the walk models itself stays its own.
_KEPT = re.compile(r"^(?:ACLNN_|ACL_ERROR|ACL_SUCCESS|GRAPH_|OP_LOG|D_OP_LOG|__)")
_CALLEE = re.compile(r"^[A-Za-z_]\w*$")
# An expansion deeper than this (a macro walking into a macro it expands again through a helper) is cut, reported.
MAX_NESTING = 16


class MacroCalls:
    """Methods of RouteWalk; it supplies program, frame, walk_block(), value(), _incomplete() and _reported."""

    macro_stack: list
    painted: "Painted"  # the macros of the expansions being walked: a name among them is no macro there

    def macro_definition(self, name: str):
        """The function-like macro `name` means where the current function uses it, or None."""
        if not _CALLEE.match(name) or _kept(name) or name in self.painted:
            return None  # (a macro met inside its own expansion is a plain name there, as the preprocessor says)
        found = self._macro_named(name)
        if found is None or not found.function_like:
            return None
        if found.by_name_only and self._local_function(name, 0) is not None:
            return None  # a guess by name loses to a function the file really reaches
        return found

    def walk_macro_statement(self, expr: Expr) -> str | None:
        """A macro call standing as a statement, walked as its expansion; None when the call is no macro."""
        if expr.kind != "call" or self.macro_definition((expr.name or "").strip()) is None:
            return None
        expanded = self._expanded(expr, statement=True)
        if expanded is None:
            return None
        stmts, used = expanded
        self.walked_call(expr)
        self.macro_stack.append(_invocation(expr))
        self.painted.append(used)
        try:
            return self.walk_block(stmts)
        finally:
            self.macro_stack.pop()
            self.painted.pop()

    def macro_value(self, expr: Expr):
        """A macro call inside an expression: the value of its expansion; NotImplemented when it is no macro."""
        if self.macro_definition((expr.name or "").strip()) is None:
            return NotImplemented
        expanded = self._expanded(expr, statement=False)
        if not expanded or not expanded[0] or expanded[0][0].value is None:
            return NotImplemented
        stmts, used = expanded
        self.macro_stack.append(_invocation(expr))
        self.painted.append(used)
        try:
            return self.value(stmts[0].value)
        finally:
            self.macro_stack.pop()
            self.painted.pop()

    def stringized_arguments(self, expr: Expr) -> None:
        """The arguments of a macro the walk models without expanding that its definition only stringizes (opbase's
        `L2_DFX_PHASE_1(APIName, ...)` uses `#APIName`): names, never evaluated, so no call for the audit."""
        found = self._macro_named((expr.name or "").strip())
        if found is None or not found.params:
            return
        for index in _stringized(tuple(found.params), found.body):
            if index < len(expr.children) and expr.children[index].kind == "name":
                child = expr.children[index]
                self.walked_name(child.line or expr.line, child.text)

    def _macro_named(self, name: str):
        """The `#define` of `name` the current file sees (its own, its headers', the roots', the framework's)."""
        lookup = getattr(self.program, "macro_lookup", None)
        return lookup(self.frame.unit.path)(name) if lookup is not None else None

    def _expanded(self, expr: Expr, statement: bool):
        if len(self.macro_stack) >= MAX_NESTING:
            self._incomplete("route-macro-not-expanded", expr.line, macro=clip(expr.text, 80),
                             why=f"expansions nest deeper than {MAX_NESTING}")
            return None
        lookup = self.program.macro_lookup(self.frame.unit.path)
        expansion = expand_text(expr.text, lambda name: None if _kept(name) else lookup(name))
        if expansion.error is not None:
            self._incomplete("route-macro-not-expanded", expr.line, macro=clip(expr.text, 80), why=expansion.error)
            return None
        stmts = _parsed(self.frame.unit.path, expr.line, expansion.text, statement)
        return (stmts, frozenset(expansion.used_names)) if stmts is not None else None


class Painted(list):
    """A stack of sets of macro names; `name in painted` asks all of them."""

    def __contains__(self, name) -> bool:
        return any(name in names for names in self)


def receiver_less(callee: str) -> bool:
    """A callee that may name a macro: a plain identifier (no scope, member or template)."""
    return bool(_CALLEE.match(callee))


_STRINGIZED = re.compile(r"(?<![#\w])#\s*$")


def stringized_only(params, body: str) -> list[int]:
    """The indexes of the params a macro body uses, and uses only stringized (`#p`, not `##`)."""
    found = []
    for index, param in enumerate(params):
        uses = [m.start() for m in re.finditer(rf"(?<![\w]){re.escape(param)}(?!\w)", body)]
        if uses and all(_STRINGIZED.search(body[:start]) for start in uses):
            found.append(index)
    return found


@functools.lru_cache(maxsize=4096)
def _stringized(params: tuple[str, ...], body: str) -> tuple[int, ...]:
    """stringized_only kept per definition: every call of a macro the walk models asks again."""
    return tuple(stringized_only(params, body))


def _kept(name: str) -> bool:
    return bool(_KEPT.match(name)) or name.startswith(IGNORED_PREFIXES) or name in LAUNCH_MACROS or \
        name in NATIVE_MACROS or name in CONDITION_CHECKS or name in DTYPE_CHECKS


def _invocation(expr: Expr) -> str:
    """`OP_CHECK_SHAPE_NOT_EQUAL(self, out)`: how a check made by an expansion is named (its action argument off)."""
    text = " ".join(expr.text.split())
    inside = text[text.find("(") + 1:text.rfind(")")] if "(" in text else ""
    args = [arg.strip() for arg in _split_top(inside)]
    kept = [arg for arg in args if not arg.startswith("return")]
    return f"{text.split('(', 1)[0]}({', '.join(kept)})"


def _split_top(text: str) -> list[str]:
    parts, depth, start = [], 0, 0
    for index, char in enumerate(text):
        depth += char in "([{"
        depth -= char in ")]}"
        if char == "," and depth == 0:
            parts.append(text[start:index])
            start = index + 1
    return parts + [text[start:]] if text.strip() else parts


@functools.lru_cache(maxsize=4096)
def _parsed(path: str, line: int, text: str, statement: bool) -> tuple[Stmt, ...] | None:
    """The expansion as statements of a function on the invocation's line (or one `return (expr);`)."""
    body = f"{text};" if statement else f"return ({text});"
    source = "\n" * (line - 1) + "void MacroExpansion() { " + body + " }\n"
    unit = parse_source(source.encode("utf-8"), path)
    if not unit.functions or any(f.symbol == "cxx-parse-error" for f in unit.findings):
        return None
    return unit.functions[0].body
