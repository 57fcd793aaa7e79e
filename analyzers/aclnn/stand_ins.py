"""Stand-ins: L0 definitions that are not what runs on a device (test stubs, mocks, bodies that return an argument or
a constant: ops-transformer's mc2/3rd/ops_legacy defines every L0 op it links as `return nullptr;`)."""

from __future__ import annotations

from pathlib import PurePath

from op_migrate.analyzers.cxx.model import Function, Stmt, calls_in
from op_migrate.analyzers.route.l0_semantics import catalog_op
from op_migrate.analyzers.route.macros import CHECK_MACROS, IGNORED_PREFIXES

# A definition below a folder of one of these names (relative to its repository root) is a stand-in.
STAND_IN_FOLDERS = frozenset({"stub", "stubs", "mock", "mocks", "fake", "fakes", "test", "tests", "testing", "ut"})


def stand_in_reason(relative: PurePath, function: Function) -> str | None:
    """Why `function` (at `relative` inside its root) must not resolve a call, or None when it may."""
    folders = [part.lower() for part in relative.parts[:-1]]
    folder = next((part for part in folders if part in STAND_IN_FOLDERS), None)
    if folder is not None:
        return f"under a {folder}/ folder"
    returns = _returns_without_effects(function)
    if returns and all(_is_constant(stmt) for stmt in returns):
        return "launches nothing and returns a constant"
    if returns and function.params and all(_is_argument(stmt, {p.name for p in function.params}) for stmt in returns):
        op = catalog_op(function.short_name, len(function.params))
        if op is None or op.effect not in ("view", "mixed"):
            return "launches nothing and returns an argument"
    return None


def _returns_without_effects(function: Function) -> list[Stmt]:
    """The return statements of a body that calls nothing but logging (no call may allocate or launch), else []."""
    if not function.body:
        return []
    for _, call in calls_in(function.body):
        name = (call.name or "").strip().rsplit("::", 1)[-1]
        if not name.startswith(IGNORED_PREFIXES) and name not in CHECK_MACROS:
            return []
    return list(_returns(function.body))


def _is_constant(stmt: Stmt) -> bool:
    return stmt.value is not None and stmt.value.kind == "literal"


def _returns(stmts):
    for stmt in stmts:
        if stmt.kind == "return":
            yield stmt
        yield from _returns(stmt.then)
        yield from _returns(stmt.orelse)
        for case in stmt.cases:
            yield from _returns(case.body)


def _is_argument(stmt: Stmt, params: set[str]) -> bool:
    if stmt.value is None:
        return False
    text = stmt.value.text.strip()
    for cast in ("const_cast<aclTensor*>(", "const_cast<aclTensor *>(", "static_cast<const aclTensor*>("):
        if text.startswith(cast) and text.endswith(")"):
            text = text[len(cast):-1].strip()
    return text in params
