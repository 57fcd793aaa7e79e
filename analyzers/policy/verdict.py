"""The verdict model of verify-route (schema op-migrate/verify@1): per matrix point pass/fail/incomplete."""

from __future__ import annotations

from dataclasses import dataclass

from op_migrate.analyzers.model import JsonModel
from op_migrate.analyzers.policy.diff import RouteDiff
from op_migrate.analyzers.policy.model import MatrixPoint
from op_migrate.analyzers.route.model import Site

STATUSES = ("pass", "fail", "incomplete")


@dataclass(frozen=True)
class Violation(JsonModel):
    """A rule broken on one route: the offending task (or tensor), where it is and the guards that lead there."""

    symbol: str
    rule: str
    point: MatrixPoint
    message: str
    op: str | None = None
    launcher: str | None = None
    file: str | None = None
    line: int | None = None
    guards: tuple[str, ...] = ()
    may: bool = False
    tensor: str | None = None
    size: str | None = None
    call_path: tuple[Site, ...] = ()

    def to_json(self) -> dict:
        return {
            "rule": self.rule,
            "entry": self.point.entry,
            "facts": self.point.facts_json(),
            "op": self.op,
            "launcher": self.launcher,
            "file": self.file,
            "line": self.line,
            "guards": list(self.guards),
            "symbol": self.symbol,
            "message": self.message,
            "may": self.may,
            "tensor": self.tensor,
            "size": self.size,
            "call_path": [site.to_json() for site in self.call_path],
        }


@dataclass(frozen=True)
class MemoryCheck(JsonModel):
    """[policy.memory] on one point: pass/fail with the measured-or-predicted gap, or not-run with the reason."""

    status: str  # pass | fail | not-run
    max_gap: float
    gap: float | None = None
    detail: str = ""  # for people: figures in MiB
    npu_total_bytes: int | None = None  # the exact figures behind the detail
    gpu_reference_bytes: int | None = None


@dataclass(frozen=True)
class PointResult(JsonModel):
    """The outcome of one matrix point."""

    point: MatrixPoint
    status: str
    violations: tuple[Violation, ...] = ()
    problems: tuple[str, ...] = ()  # why the point is incomplete
    memory: MemoryCheck | None = None

    def to_json(self) -> dict:
        return {
            "facts": self.point.facts_json(),
            "entry": self.point.entry,
            "status": self.status,
            "violations": len(self.violations),
            "problems": list(self.problems),
            "memory": self.memory.to_json() if self.memory else None,
        }


@dataclass(frozen=True)
class Verdict(JsonModel):
    """Everything verify-route decided. Its exit code is migrate/exit_codes.outcome's, from `complete` and `violated`."""

    SCHEMA = "op-migrate/verify@1"

    policy: str
    policy_source: str
    target: str
    results: tuple[PointResult, ...]
    diff: tuple[RouteDiff, ...] | None = None
    notes: tuple[str, ...] = ()

    @property
    def violations(self) -> tuple[Violation, ...]:
        return tuple(v for result in self.results for v in result.violations)

    @property
    def passed(self) -> bool:
        return all(result.status == "pass" for result in self.results)

    @property
    def complete(self) -> bool:
        """No point is incomplete, and no failing point has a problem (its violations count, its route is not whole)."""
        return all(result.status != "incomplete" and not result.problems for result in self.results)

    @property
    def violated(self) -> bool:
        """A rule is broken on some point: a violation, or a memory gap over the policy's limit."""
        return any(result.violations or (result.memory and result.memory.status == "fail") for result in self.results)

    def to_json(self) -> dict:
        return {
            "schema": self.SCHEMA,
            "policy": self.policy,
            "policy_source": self.policy_source,
            "target": self.target,
            "passed": self.passed,
            "complete": self.complete,
            "violations": [v.to_json() for v in self.violations],
            "matrix": [result.to_json() for result in self.results],
            "diff": None if self.diff is None else [d.to_json() for d in self.diff],
            "notes": list(self.notes),
        }
