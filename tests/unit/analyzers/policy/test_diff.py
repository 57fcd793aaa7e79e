"""The route diff: tasks by op@launcher[size], allocations, launch and memory deltas."""

from __future__ import annotations

from pathlib import Path

from op_migrate.analyzers.policy import evaluate, load_policy
from op_migrate.analyzers.policy.diff import MemoryFigures, diff_routes
from op_migrate.analyzers.policy.route_json import RouteFileSource

ROUTES = Path(__file__).resolve().parents[4] / "tests" / "functional" / "verify" / "routes"


def _diffs():
    verdict = evaluate(load_policy("floor_mod-native"), RouteFileSource(ROUTES / "floor_mod_after.json"),
                       before=RouteFileSource(ROUTES / "floor_mod_before.json"))
    return {("inplace" if "Inplace" in d.point.entry else "out", d.point.dtype_label(), d.point.case, d.point.soc): d for d in verdict.diff}


def test_output_sized_broadcasts_removed_and_rank0_costs_nothing() -> None:
    diffs = _diffs()
    both = diffs[("out", "float16", "broadcast-both", "Ascend910B")]
    assert [(k.key, k.count) for k in both.removed_tasks] == [("BroadcastTo@AI_CORE[output]", 2)]
    assert both.added_tasks == () and (both.launches_before, both.launches_after, both.launch_delta) == (4, 2, -2)
    rank0 = diffs[("out", "float16", "rank0-self", "Ascend910B")]
    assert rank0.added_tasks == () and rank0.added_tensors == ()


def test_scalar_entries_lose_the_output_sized_broadcast_of_the_scalar() -> None:
    verdict = evaluate(load_policy("floor_mod-native"), RouteFileSource(ROUTES / "floor_mod_after.json"),
                       before=RouteFileSource(ROUTES / "floor_mod_before.json"))
    scalar = [d for d in verdict.diff if "Scalar" in d.point.entry and d.point.dtype_label() == "float32"]
    assert len(scalar) == 3 * 2 * 2
    for diff in scalar:
        size = "constant" if diff.point.case.startswith("rank0") else "output"  # rank 0: one element
        assert [k.key for k in diff.removed_tasks] == [f"BroadcastTo@AI_CORE[{size}]"], diff.point
        assert diff.added_tasks == () and diff.launch_delta == -1


def test_aicpu_floor_mod_replaced_by_aicore() -> None:
    double = _diffs()[("inplace", "float64", "broadcast-other", "Ascend910_93")]
    assert [k.key for k in double.removed_tasks] == ["BroadcastTo@AI_CORE[output]", "FloorMod@AI_CPU[output]"]
    assert [k.key for k in double.added_tasks] == ["FloorMod@AI_CORE[output]"]
    assert double.peak_delta is None and double.memory_basis == "memory model not available"


def test_memory_figures_give_deltas_and_a_missing_side_is_said() -> None:
    source = RouteFileSource(ROUTES / "floor_mod_after.json")
    route = source.entries[1][1]
    point = evaluate(load_policy("floor_mod-native"), source).results[0].point
    sizes = iter([MemoryFigures(1000, 3000, "predicted"), MemoryFigures(400, 1200, "predicted")])
    diff = diff_routes(point, route, route, lambda r, p: next(sizes))
    assert (diff.peak_delta, diff.traffic_delta, diff.memory_basis) == (-600, -1800, "predicted")
    gone = diff_routes(point, None, route)
    assert not gone.before_found and gone.launch_delta is None
    assert gone.to_json()["launches"] == {"before": None, "after": 2, "delta": None}
