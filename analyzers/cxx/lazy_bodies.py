"""Function bodies of a tree-sitter file built when first read, and the file's findings completed with theirs.

Most functions a run parses are never walked (a header's other helpers, an L0 file's other ops): their statements
are built only when something reads `Function.body`. A body's findings (depth limits, unknown constructs) join the
unit's: reading `CxxUnit.findings` builds every deferred body first, `CxxUnit.findings_within` only the bodies of
the functions that span the lines asked for, so both say exactly what building everything at once would say.
"""

from __future__ import annotations

from op_migrate.analyzers.cxx.messages import MESSAGES
from op_migrate.analyzers.cxx.model import Deferred, Stmt
from op_migrate.analyzers.findings import Finding


class FileBodies:
    """The deferred bodies of one file and the findings list its builders append to."""

    def __init__(self, stmts, findings: list[Finding], path: str) -> None:
        self.stmts = stmts  # the file's StatementBuilder (it keeps the source; the body nodes keep the tree)
        self.findings = findings
        self.path = path
        self.pending: list[tuple[int, int, DeferredBody]] = []  # (first line, last line, body) not built yet

    def defer(self, node, line: int, end_line: int) -> DeferredBody:
        body = DeferredBody(self, node)
        self.pending.append((line, end_line, body))
        return body

    def build_spanning(self, first: int, last: int) -> None:
        """Build the bodies of the functions whose lines meet first..last."""
        if not self.pending:
            return
        kept = []
        for line, end_line, body in self.pending:
            if line <= last and first <= end_line:
                body.build()
            else:
                kept.append((line, end_line, body))
        self.pending = kept


class DeferredBody(Deferred):
    """One function's statements, built once from its body node."""

    def __init__(self, bodies: FileBodies, node) -> None:
        self._bodies = bodies
        self._node = node
        self._built: tuple[Stmt, ...] | None = None

    def build(self) -> tuple[Stmt, ...]:
        if self._built is None:
            bodies, node = self._bodies, self._node
            try:
                self._built = bodies.stmts.block(node)
            except RecursionError:  # the depth limits should make this unreachable; if not, degrade, never crash
                bodies.findings.append(MESSAGES.make("cxx-recursion-limit", path=bodies.path, line=None,
                                                     limit="Python's stack"))
                self._built = ()
            self._node = None  # the tree is no longer needed for this body
        return self._built


class DeferredFindings(Deferred):
    """A unit's findings: those made while parsing, the syntax findings, and those of its bodies once built."""

    def __init__(self, bodies: FileBodies, syntax: list[Finding]) -> None:
        self._bodies = bodies
        self._syntax = syntax
        self._within: dict[tuple[int, int], tuple[Finding, ...]] = {}

    def build(self) -> tuple[Finding, ...]:
        for _, _, body in self._bodies.pending:
            body.build()
        self._bodies.pending = []
        return self._sorted()

    def within(self, first: int, last: int) -> tuple[Finding, ...]:
        """The findings on lines first..last (sorted); later builds add none there: they span other lines."""
        key = (first, last)
        if key not in self._within:
            self._bodies.build_spanning(first, last)
            self._within[key] = tuple(f for f in self._sorted() if f.line and first <= f.line <= last)
        return self._within[key]

    def _sorted(self) -> tuple[Finding, ...]:
        return tuple(sorted(self._bodies.findings + self._syntax, key=Finding.sort_key))
