"""Peaks: the formula equals the event replay at any shape; lifetimes, aliases and may tensors behave as specified."""

from __future__ import annotations

import math

from hypothesis import given, settings

from op_migrate.analyzers.memory import evaluate, parse_case, plan
from op_migrate.analyzers.memory.allocator import EXACT_RULE, EXECUTOR_RULE
from op_migrate.analyzers.memory.case import broadcast_shape
from op_migrate.analyzers.memory.lifetime import replay_peak
from op_migrate.analyzers.memory.model import bind, evaluate_peak

from .routes import binary_cases, fixture_route, random_chains

FLOOR_CASE = "self=[1024,1,64]:float16,other=[1,4096,64]:float16,out=[1024,4096,64]:float16"


def _case(left, right, dtype):
    out = broadcast_shape(left, right)
    dims = lambda s: ",".join(map(str, s))  # noqa: E731
    return parse_case(f"self=[{dims(left)}]:{dtype},other=[{dims(right)}]:{dtype},out=[{dims(out)}]:{dtype}")


@settings(max_examples=150, deadline=None)
@given(random_chains(), binary_cases())
def test_peak_formula_equals_event_replay(route, shapes) -> None:
    memory_plan = plan(route)
    env, findings = bind(memory_plan, _case(*shapes))
    assert env is not None, findings
    sizes = memory_plan.table.size
    for rule in (EXACT_RULE, EXECUTOR_RULE):
        result = evaluate_peak(memory_plan, env, rule)
        replayed = replay_peak(memory_plan.intervals, lambda sid: rule.block(sizes[sid].evaluate(env)))
        assert result.peak_bytes == replayed
        replayed_may = replay_peak(memory_plan.intervals, lambda sid: rule.block(sizes[sid].evaluate(env)), include_may=True)
        assert result.peak_with_may_bytes == replayed_may
    assert memory_plan.peak_expr.evaluate(env) == evaluate_peak(memory_plan, env, EXACT_RULE).peak_bytes


@settings(max_examples=100, deadline=None)
@given(binary_cases())
def test_fixture_formulas_equal_replay_at_random_shapes(shapes) -> None:
    for name in ("floor_mod_original", "floor_mod_native"):
        memory_plan = plan(fixture_route(name))
        env, _ = bind(memory_plan, _case(*shapes))
        sizes = memory_plan.table.size
        replayed = replay_peak(memory_plan.intervals, lambda sid: sizes[sid].evaluate(env))
        assert memory_plan.peak_expr.evaluate(env) == replayed


def test_original_floor_mod_has_two_output_sized_broadcasts() -> None:
    memory_plan = plan(fixture_route("floor_mod_original"))
    assert memory_plan.formula == "I(N1≠N)·N·S + I(N2≠N)·N·S + N·S"
    doc = evaluate(memory_plan, parse_case(FLOOR_CASE), soc="Ascend910B").document
    n, s = 1024 * 4096 * 64, 2
    broadcasts = [item for item in doc["live_at_peak"] if item["producer"] == "BroadcastTo"]
    assert [(b["id"], b["line"]) for b in broadcasts] == [("selfBroadcast", 151), ("otherBroadcast", 156)]
    assert doc["logical_peak_bytes"] == 3 * n * s
    assert sum(EXECUTOR_RULE.block(n * s) for _ in range(3)) == doc["peak_bytes"]
    assert doc["gap"] > 0.05


def test_indicator_removes_a_broadcast_of_an_input_that_already_has_the_output_shape() -> None:
    memory_plan = plan(fixture_route("floor_mod_original"))
    doc = evaluate(memory_plan, parse_case("self=[8,16]:float32,other=[1,16]:float32,out=[8,16]:float32")).document
    assert doc["logical_peak_bytes"] == 2 * 8 * 16 * 4  # otherBroadcast and FloorMod's result; self is not broadcast


def test_native_floor_mod_writes_into_out_and_matches_the_gpu_reference() -> None:
    doc = evaluate(plan(fixture_route("floor_mod_native")), parse_case(FLOOR_CASE), soc="Ascend910B").document
    assert doc["peak_bytes"] == 0 and doc["live_at_peak"] == []
    assert doc["gap"] == 0.0
    assert doc["tasks"] == 1


def test_alias_costs_nothing_and_keeps_its_base_alive() -> None:
    memory_plan = plan(fixture_route("bernoulli_mask"))
    assert memory_plan.formula == "N·S"
    by_id = {t.id: t for t in memory_plan.tensors}
    assert by_id["maskView"].size == "0" and by_id["maskView"].storage == "yPrivate"
    # The DSA writes through the alias (task 0): the base is live from there, not from the Bernoulli launch.
    interval = next(i for i in memory_plan.intervals if i.storage == "yPrivate")
    assert (interval.start, interval.end) == (3, 6)  # until ViewCopy reads it
    doc = evaluate(memory_plan, parse_case("self=[4096,4096]:float16,out=[4096,4096]:float16")).document
    assert doc["peak_bytes"] == EXECUTOR_RULE.block(4096 * 4096 * 2)
    assert [t["counted_bytes"] for t in doc["tensors"] if t["id"] == "maskView"] == [0]


def test_view_larger_than_its_storage_is_a_finding() -> None:
    evaluation = evaluate(plan(fixture_route("bernoulli_mask")), parse_case("self=[5]:float16,out=[5]:float16"))
    symbols = [f.symbol for f in evaluation.findings]
    assert "memory-view-exceeds-storage" in symbols
    clean = evaluate(plan(fixture_route("bernoulli_mask")), parse_case("self=[1024]:float16,out=[1024]:float16"))
    assert "memory-view-exceeds-storage" not in [f.symbol for f in clean.findings]


def test_original_bernoulli_overlaps_mask_fill_and_dropout() -> None:
    memory_plan = plan(fixture_route("bernoulli_original"))
    assert memory_plan.formula == "max(2·N·S + 16·⌈N/128⌉, N·S + N·S_out)"
    doc = evaluate(memory_plan, parse_case("self=[1000]:float32,out=[1000]:float32")).document
    assert [item["id"] for item in doc["live_at_peak"]] == ["mask", "ones", "dropped"]
    assert doc["logical_peak_bytes"] == 2 * 4000 + 16 * math.ceil(1000 / 128)


def test_may_tensor_is_in_the_upper_bound_only() -> None:
    memory_plan = plan(fixture_route("floor_mod_original"))
    assert "memory-may-tensor" in [f.symbol for f in memory_plan.findings]
    doc = evaluate(memory_plan, parse_case("self=[64]:float32,other=[64]:float32,out=[64]:float32")).document
    cast = next(t for t in doc["tensors"] if t["id"] == "castOut")
    assert cast["may"] and doc["upper_bound_bytes"] > doc["peak_bytes"]
    assert "castOut" not in [item["id"] for item in doc["live_at_peak"]]


def test_case_without_a_needed_parameter_is_not_evaluated() -> None:
    evaluation = evaluate(plan(fixture_route("floor_mod_original")), parse_case("self=[4]:float16"))
    assert evaluation.document["evaluated"] is False
    assert "memory-case-missing-parameter" in [f.symbol for f in evaluation.findings]


def test_a_route_walked_with_a_cases_shapes_gets_its_symbols_back() -> None:
    # The route walk turns `broadcastShape` into numbers when the facts give shapes; the memory model maps them
    # back to N (and a 512-byte UINT8 tensor to the DSA mask size of N = 16·32·8 elements).
    memory_plan = plan(fixture_route("floor_mod_walked_concrete"))
    assert memory_plan.formula == "max(I(N1≠N)·N·S + I(N2≠N)·N·S + N·S, N·S + 16·⌈N/128⌉)"
    assert {t.id: t.size for t in memory_plan.tensors}["t8"] == "16·⌈N/128⌉"
    doc = evaluate(memory_plan, parse_case("self=[16,1,8]:float16,other=[1,32,8]:float16,out=[16,32,8]:float16")).document
    assert doc["logical_peak_bytes"] == 3 * 16 * 32 * 8 * 2


def test_memory_curve_has_a_point_at_every_program_position() -> None:
    memory_plan = plan(fixture_route("floor_mod_original"))
    evaluation = evaluate(memory_plan, parse_case(FLOOR_CASE), soc="Ascend910B")
    positions = [position for position, _ in evaluation.curve]
    assert positions == list(range(len(memory_plan.route.events)))
    live = [value for _, value in evaluation.curve]
    assert live[0] == 0 and max(live) == evaluation.document["peak_bytes"]
