"""The reachability audit of a route walk: every launch-relevant place of every function the walk entered (a launch
written there, or a call of a name that reaches one through the repositories' call graph, from the reach index) is
either walked (the walk evaluated that call), or excluded by the facts (it lies in code the walk skipped because a
decided guard, a return or a failing check leaves it out), or it is not walked: then the route is incomplete
(`route-unwalked-launch`, with the chain of names to the launch). This is what makes "complete" mean complete: a
construct the walker does not model cannot hide a launch.
"""

from __future__ import annotations

import functools
import re
from dataclasses import dataclass

from op_migrate.analyzers.cxx.model import Expr, statements_in
from op_migrate.analyzers.route.aliases import declared_type
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
    """(line, name) of a call: the last name of its callee, template arguments off (as the audit compares them)."""
    return expr.line, _callee_name(expr.name or expr.text.split("(", 1)[0])


@functools.lru_cache(maxsize=65536)
def _callee_name(callee: str) -> str:
    """`l0op::Cast` -> Cast, `aclnnOp.ProcessL0` -> ProcessL0, `&RunA` -> RunA, `Pad<3>` -> Pad."""
    _, method = split_callee(callee.strip().lstrip("&*").strip())
    return bare_name(method).rsplit("::", 1)[-1]


class RouteAudit:
    """Methods of RouteWalk; it supplies program, frame, _incomplete() and the route's audit counters."""

    def walked_call(self, expr: Expr) -> None:
        self.walked_name(expr.line, expr.name or expr.text.split("(", 1)[0])

    def walked_name(self, line: int, callee: str) -> None:
        """The call or name `callee` at `line` was evaluated here (and in a lambda's enclosing function)."""
        key = (line, _callee_name(callee))
        audit = self.frame.audit
        while audit is not None:
            audit.walked.add(key)
            audit = audit.parent

    def skipped(self, stmts) -> None:
        """Statements the facts leave out (a decided arm, what follows a return): their lines are excluded (in a
        lambda's enclosing function too: its body is part of that function's text)."""
        lines = [line for stmt in stmts for line in (stmt.line, stmt.end_line or stmt.line)]
        audit = self.frame.audit if lines else None
        while audit is not None:
            audit.excluded_lines.append((min(lines), max(lines)))
            audit = audit.parent

    def skipped_expr(self, expr: Expr | None) -> None:
        """An operand the facts leave out (a ternary's other arm, `&&` after a false operand)."""
        if expr is None:
            return
        keys = [call_key(call) for call in expr.calls()] + _named_functions(expr)
        audit = self.frame.audit
        while audit is not None:
            audit.excluded_calls.update(keys)
            audit = audit.parent

    def audit_frame(self, frame) -> None:
        """The audit of one finished activation: its launch-relevant places not walked and not excluded."""
        sites = self._launch_sites(frame.unit.path, frame.function.name, frame.function.line)
        if sites is None:
            return
        audit = frame.audit
        held = self._function_locals.get(id(frame.function))
        if held is None or held[0] is not frame.function:  # kept with the function: its id is not reused meanwhile
            held = self._function_locals[id(frame.function)] = (frame.function, _local_names(frame.function))
        local = held[1]
        # libclang compiles the body: a place on no line its statements cover lies in a branch the preprocessor
        # dropped (`#if` not taken), which the facts of that build exclude.
        compiled = _covered_lines(frame.function.body) if frame.unit.frontend == "libclang" else None
        for site in sites:
            if site.callee.strip() in local:
                continue  # a parameter or local variable of the function, not the repository's name it shadows
            if _framework_method(frame.function, site.callee):
                self.audit_counts["walked"].add((frame.unit.path, site.line, _callee_name(site.callee)))
                continue  # `dim->ToString()` on an aclIntArray: the framework's method, in no repository
            if compiled is not None and site.line not in compiled:
                self.audit_counts["excluded"].add((frame.unit.path, site.line, site.name))
                continue
            key = (site.line, _callee_name(site.callee))
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



# The framework's classes (opbase): their methods are the framework's code, never a repository's.
_FRAMEWORK_TYPE = re.compile(r"\bacl(?:Tensor|TensorList|IntArray|FloatArray|BoolArray|FP16Array|BF16Array|Scalar|"
                             r"ScalarList|OpExecutor)\b|\b(?:op|gert)::(?:Shape|Strides)\b")
_RECEIVER = re.compile(r"^\s*\(?\s*\*?\s*([A-Za-z_]\w*)\s*\)?\s*(?:->|\.)\s*\w+\s*$")


def _framework_method(function, callee: str) -> bool:
    """Whether `callee` is a method called on a parameter or local declared with a framework class."""
    receiver = _RECEIVER.match(callee)
    if receiver is None:
        return False
    declared = declared_type(function, receiver.group(1))
    return declared is not None and _FRAMEWORK_TYPE.search(declared) is not None


def _named_functions(expr: Expr) -> list[tuple[int, str]]:
    """(line, name) of the plain names in `expr` (`m == 1 ? DoAbs : DoZeros` names a function it does not call)."""
    found, pending = [], [expr]
    while pending:
        node = pending.pop()
        if node.kind == "name":
            found.append((node.line or expr.line, _callee_name(node.name or node.text)))
        pending.extend(node.children)
    return found


def _local_names(function) -> frozenset[str]:
    """The parameters and local variables of a function (a use of one is no use of a global of that name)."""
    names = {param.name for param in function.params}
    names.update(stmt.target.strip() for stmt in statements_in(function.body) if stmt.kind == "decl" and stmt.target)
    return frozenset(names)


def _covered_lines(stmts) -> frozenset[int]:
    lines: set[int] = set()
    for stmt in statements_in(stmts):
        lines.update(range(stmt.line, (stmt.end_line or stmt.line) + 1))
    return frozenset(lines)
