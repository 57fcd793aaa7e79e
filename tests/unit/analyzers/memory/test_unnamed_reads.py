"""A launch whose input the route cannot name: the plan says so (memory-unnamed-tensor), and what it says holds: the
upper bound still bounds the peak the route with the read would have, and leaving a read out only ends lifetimes
early (so understates the peak), except that a broadcast whose source is unknown is counted at its full size."""

from __future__ import annotations

from dataclasses import replace

from hypothesis import given, settings
from hypothesis import strategies as st

from op_migrate.analyzers.memory import evaluate, plan
from op_migrate.analyzers.memory.sizes import BROADCAST_OPS

from .routes import binary_cases, random_chains
from .test_peak import _case


@settings(max_examples=120, deadline=None)
@given(random_chains(), binary_cases(), st.data())
def test_a_read_left_unnamed_is_said_and_only_understates_the_peak(route, shapes, data) -> None:
    index = data.draw(st.integers(0, len(route.tasks) - 1))
    task = route.tasks[index]
    unnamed = replace(task, reads=(), unnamed_reads=tuple(f"x{i}" for i in range(len(task.reads))))
    if data.draw(st.booleans()):  # the output unnamed as well: the storage is still counted where it is created
        unnamed = replace(unnamed, unnamed_writes=("y",))
    partial = replace(route, tasks=route.tasks[:index] + (unnamed,) + route.tasks[index + 1:])
    case = _case(*shapes)
    whole = evaluate(plan(route), case).document
    partial_plan = plan(partial)
    said = evaluate(partial_plan, case).document
    assert "memory-unnamed-tensor" in {finding.symbol for finding in partial_plan.findings}
    assert "memory-unnamed-tensor" not in {finding.symbol for finding in plan(route).findings}
    assert whole["peak_bytes"] <= said["upper_bound_bytes"]
    if task.op not in BROADCAST_OPS:  # its size does not depend on what it reads
        assert said["peak_bytes"] <= whole["peak_bytes"]
        assert said["upper_bound_bytes"] == whole["upper_bound_bytes"]
