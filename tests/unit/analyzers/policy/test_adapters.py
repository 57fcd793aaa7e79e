"""The glue to the chain and memory analyzers: their failures cost a point or a check, never the run."""

from __future__ import annotations

from pathlib import Path

import op_migrate.analyzers.aclnn
import op_migrate.analyzers.memory
from op_migrate.analyzers.policy import evaluate, load_policy, matrix
from op_migrate.analyzers.policy.adapters import ChainRouteSource, MemoryModelSource

GCD_AFTER = Path(__file__).resolve().parents[3] / "functional" / "verify" / "ops_math" / "math" / "gcd_after" / "op_api"


def test_a_failing_route_evaluation_makes_points_incomplete(monkeypatch) -> None:
    def broken(*args, **kwargs):
        raise RuntimeError("boom")

    monkeypatch.setattr(op_migrate.analyzers.aclnn, "evaluate", broken)
    verdict = evaluate(load_policy("gcd-native"), ChainRouteSource((GCD_AFTER,), GCD_AFTER.parents[2]))
    assert not verdict.complete and not verdict.passed
    assert verdict.results[0].problems == (
        "route of aclnnGcdGetWorkspaceSize is incomplete: route evaluation failed: RuntimeError: boom",)


def test_a_failing_memory_model_is_reported_as_not_run(monkeypatch) -> None:
    source = ChainRouteSource((GCD_AFTER,), GCD_AFTER.parents[2])
    point = matrix(load_policy("gcd-native"))[0]
    route = source.route(point.entry, point.facts())
    memory = MemoryModelSource()

    def broken(*args, **kwargs):
        raise ValueError("no plan")

    monkeypatch.setattr(op_migrate.analyzers.memory, "plan", broken)
    assert memory.gap(route, point) == (None, "the memory model failed: ValueError: no plan")
    assert memory.figures(route, point) is None


def test_the_memory_model_gives_predicted_figures_for_a_real_route() -> None:
    source = ChainRouteSource((GCD_AFTER,), GCD_AFTER.parents[2])
    point = matrix(load_policy("gcd-native"))[0]
    figures = MemoryModelSource().figures(source.route(point.entry, point.facts()), point)
    assert figures is not None and figures.peak_bytes > 0 and "predicted" in figures.basis
