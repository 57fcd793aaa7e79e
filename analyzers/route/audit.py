"""The reachability audit of a route walk: every launch-relevant place of every function the walk entered (a launch
written there, or a call of a name that reaches one through the repositories' call graph, from the reach index) is
either walked (the walk evaluated that call), or excluded by the facts (it lies in code the walk skipped because a
decided guard, a return or a failing check leaves it out), or it is not walked: then the route is incomplete
(`route-unwalked-launch`, with the chain of names to the launch). This is what makes "complete" mean complete: a
construct the walker does not model cannot hide a launch.
"""

from __future__ import annotations

from dataclasses import dataclass

from op_migrate.analyzers.cxx.model import Expr
from op_migrate.analyzers.route.callee_text import bare_name, split_callee
from op_migrate.analyzers.route.model import Audit
from op_migrate.analyzers.route.statements import clip


@dataclass
class FrameAudit:
    """What one activation of a function walked and skipped, by (line, name) and line ranges."""

    walked: set
    excluded_calls: set
    excluded_lines: list
    parent: "FrameAudit | None" = None  # a lambda's audit marks its enclosing function's calls too

    @classmethod
    def fresh(cls, parent: "FrameAudit | None" = None) -> "FrameAudit":
        return cls(set(), set(), [], parent)


def call_key(expr: Expr) -> tuple[int, str]:
    """(line, name) of a call as the reach index names it: the last name of the callee, template arguments off."""
    _, method = split_callee((expr.name or expr.text.split("(", 1)[0]).strip())
    return expr.line, bare_name(method).rsplit("::", 1)[-1]


class RouteAudit:
    """Methods of RouteWalk; it supplies program, frame, _incomplete() and the route's audit counters."""

    def walked_call(self, expr: Expr) -> None:
        audit = self.frame.audit
        key = call_key(expr)
        while audit is not None:
            audit.walked.add(key)
            audit = audit.parent

    def skipped(self, stmts) -> None:
        """Statements the facts leave out (a decided arm, what follows a return): their lines are excluded."""
        lines = [line for stmt in stmts for line in (stmt.line, stmt.end_line or stmt.line)]
        if lines:
            self.frame.audit.excluded_lines.append((min(lines), max(lines)))

    def skipped_expr(self, expr: Expr | None) -> None:
        """An operand the facts leave out (a ternary's other arm, `&&` after a false operand)."""
        if expr is None:
            return
        for call in expr.calls():
            self.frame.audit.excluded_calls.add(call_key(call))

    def audit_frame(self, frame) -> None:
        """The audit of one finished activation: its launch-relevant places not walked and not excluded."""
        sites = self._launch_sites(frame.unit.path, frame.function.name, frame.function.line)
        if sites is None:
            return
        audit = frame.audit
        for site in sites:
            key = (site.line, bare_name(site.name).rsplit("::", 1)[-1])
            place = (frame.unit.path, site.line, key[1])
            if key in audit.walked:
                self.audit_counts["walked"].add(place)
            elif key in audit.excluded_calls or any(a <= site.line <= b for a, b in audit.excluded_lines):
                self.audit_counts["excluded"].add(place)
            else:
                self.audit_counts["unwalked"].add(place)
                chain = site.chain
                names = " -> ".join(chain.names) if chain.names else site.name
                self._incomplete("route-unwalked-launch", site.line, path=frame.unit.path, what="the call",
                                 call=clip(site.callee, 80), chain=f"{names} launches {chain.site.name}",
                                 site=f"{chain.site.file.rsplit('/', 1)[-1]}:{chain.site.line}")

    def audit_summary(self) -> Audit | None:
        """Counts for the route: launch-relevant places walked, excluded by the facts, not walked."""
        if getattr(self.program, "launch_sites", None) is None:
            return None
        walked = self.audit_counts["walked"]
        excluded = self.audit_counts["excluded"] - walked
        unwalked = self.audit_counts["unwalked"] - walked - excluded
        return Audit(sites=len(walked | excluded | unwalked), walked=len(walked), excluded=len(excluded),
                     unwalked=len(unwalked))

    def _launch_sites(self, path: str, name: str, line: int):
        lookup = getattr(self.program, "launch_sites", None)
        return lookup(path, name, line) if lookup is not None else None

