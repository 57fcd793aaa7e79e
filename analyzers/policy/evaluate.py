"""Policy × route source -> Verdict: every matrix point checked, incomplete points said, diffs when asked."""

from __future__ import annotations

from typing import Protocol

from op_migrate.analyzers.policy.check import check_route
from op_migrate.analyzers.policy.diff import MemoryFigures, diff_routes
from op_migrate.analyzers.policy.matrix import matrix
from op_migrate.analyzers.policy.messages import MESSAGES
from op_migrate.analyzers.policy.model import MatrixPoint, Policy
from op_migrate.analyzers.policy.parse import Platforms
from op_migrate.analyzers.policy.verdict import MemoryCheck, PointResult, Verdict
from op_migrate.analyzers.route.model import Facts, Route


class RouteSourceError(Exception):
    """A route that could not be computed for a reason the user can read (parse failure, missing file)."""


class RouteSource(Protocol):
    """Gives the route of an entry point under facts; None when the sources do not define the entry."""

    label: str

    def route(self, entry: str, facts: Facts) -> Route | None: ...


class MemorySource(Protocol):
    """The memory engineer's model seen from verify-route."""

    def gap(self, route: Route, point: MatrixPoint) -> tuple[float | None, str]:
        """The relative gap of the predicted NPU peak to the GPU reference, and how both were obtained."""

    def figures(self, route: Route, point: MatrixPoint) -> MemoryFigures | None:
        """Peak and traffic bytes of the route at the point's case, for the diff."""


def evaluate(
    policy: Policy,
    source: RouteSource,
    before: RouteSource | None = None,
    memory: MemorySource | None = None,
    memory_unavailable: str = "no memory model was given",
) -> Verdict:
    """Check every point of the policy's matrix; with `before`, also diff each point's route against it."""
    platforms = Platforms()
    results, diffs, notes = [], [], []
    if policy.memory and memory is None:
        notes.append(MESSAGES.make("policy-memory-not-run", reason=memory_unavailable).message)
    for point in matrix(policy):
        route, problem = _lookup(source, point)
        results.append(_judge(policy, point, route, problem, platforms, memory, memory_unavailable, source))
        if before is not None:
            old_route, _ = _lookup(before, point)
            diffs.append(diff_routes(point, old_route, route, memory.figures if memory else None))
    return Verdict(
        policy=policy.name,
        policy_source=policy.source,
        target=source.label,
        results=tuple(results),
        diff=tuple(diffs) if before is not None else None,
        notes=tuple(notes),
    )


def _lookup(source: RouteSource, point: MatrixPoint) -> tuple[Route | None, str | None]:
    try:
        route = source.route(point.entry, point.facts())
    except RouteSourceError as error:
        return None, MESSAGES.make("policy-route-incomplete", entry=point.entry, reason=str(error)).message
    if route is None:
        explain = getattr(source, "missing_reason", None)
        reason = explain(point.entry) if explain else None
        return None, MESSAGES.make("policy-entry-not-found", entry=point.entry, target=source.label,
                                   why=f" ({reason})" if reason else "").message
    return route, None


def _judge(policy, point, route, problem, platforms, memory, memory_unavailable, source) -> PointResult:
    if route is None:
        return PointResult(point=point, status="incomplete", problems=(problem,))
    if route.rejected is not None:
        # The call fails for the point's facts: it launches nothing, so there is nothing to pass or to violate.
        problem = MESSAGES.make("policy-route-incomplete", entry=point.entry, reason=route.rejected.message).message
        return PointResult(point=point, status="incomplete", problems=(problem,))
    violations = check_route(policy, point, route, platforms)
    problems = ()
    if not route.complete:
        explain = getattr(source, "incomplete_reason", None)
        reason = (explain(point.entry, point.facts()) if explain else None) or (
            "an unparsed construct or an unresolved call lies on this route")
        problems = (MESSAGES.make("policy-route-incomplete", entry=point.entry, reason=reason).message,)
    memory_check = _memory(policy, point, route, memory, memory_unavailable)
    failed = violations or (memory_check and memory_check.status == "fail")
    status = "fail" if failed else "incomplete" if problems else "pass"
    return PointResult(point=point, status=status, violations=violations, problems=problems, memory=memory_check)


def _memory(policy, point, route, memory, memory_unavailable) -> MemoryCheck | None:
    if policy.memory is None or (policy.memory.cases and point.case not in policy.memory.cases):
        return None
    limit = policy.memory.max_gap
    if memory is None:
        return MemoryCheck(status="not-run", max_gap=limit, detail=memory_unavailable)
    gap, basis = memory.gap(route, point)
    if gap is None:
        return MemoryCheck(status="not-run", max_gap=limit, detail=basis)
    figures = memory.figures(route, point)
    exact = {"npu_total_bytes": figures.peak_bytes, "gpu_reference_bytes": figures.gpu_reference_bytes} if figures else {}
    if gap > limit:
        detail = MESSAGES.make("policy-memory-gap", gap=gap, limit=limit).message + f" ({basis})"
        return MemoryCheck(status="fail", max_gap=limit, gap=gap, detail=detail, **exact)
    return MemoryCheck(status="pass", max_gap=limit, gap=gap, detail=basis, **exact)
