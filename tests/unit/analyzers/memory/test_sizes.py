"""Size formulas: symbols, unknown shapes, dangling references."""

from __future__ import annotations

from op_migrate.analyzers.memory import plan
from op_migrate.analyzers.route.model import Event, Facts, Route, ShapeRule, Task, Tensor


def _route(*extra: Tensor, tasks=()) -> Route:
    params = (
        Tensor("self", "self", "", "param", ShapeRule("param", ("self",)), "self", "a.cpp", 1),
        Tensor("out", "out", "", "param", ShapeRule("param", ("out",)), "out", "a.cpp", 1),
    )
    return Route("aclnnThing", Facts(), tuple(tasks), params + extra, tuple(Event("launch", task=t.index) for t in tasks))


def test_unknown_shape_gets_the_output_sized_default_and_a_warning() -> None:
    odd = Tensor("odd", "odd", "MysteryOp", "alloc", ShapeRule("unknown", text="GetShapeFromAttr()"), "float32", "a.cpp", 7)
    memory_plan = plan(_route(odd, tasks=(Task(0, "MysteryOp", "AI_CORE", "a.cpp", 7, reads=("self",), writes=("odd",)),)))
    finding = next(f for f in memory_plan.findings if f.symbol == "memory-unknown-size")
    assert "MysteryOp" in finding.message and finding.line == 7
    assert memory_plan.formula == "4·N"


def test_dangling_reference_is_reported() -> None:
    lost = Tensor("lost", "lost", "Add", "alloc", ShapeRule("same", ("ghost",)), "float16", "a.cpp", 9)
    memory_plan = plan(_route(lost))
    assert "memory-dangling-reference" in [f.symbol for f in memory_plan.findings]


def test_reduce_output_uses_m() -> None:
    reduced = Tensor("r", "r", "ReduceAll", "alloc", ShapeRule("reduce", ("self",), ("dim",)), "bool", "a.cpp", 3)
    memory_plan = plan(_route(reduced, tasks=(Task(0, "ReduceAll", "AI_CORE", "a.cpp", 3, reads=("self",), writes=("r",)),)))
    assert memory_plan.formula == "M"


def test_output_param_of_another_count_gets_m_by_the_facts() -> None:
    facts = Facts(shapes=(("self", (64, 1024)), ("out", (64,))))
    result = Tensor("r", "r", "ReduceAll", "alloc", ShapeRule("param", ("out",)), "bool", "a.cpp", 3)
    route = _route(result, tasks=(Task(0, "ReduceAll", "AI_CORE", "a.cpp", 3, reads=("self",), writes=("r",)),))
    assert plan(route).formula == "N"  # no facts: an output is taken to be output-sized
    assert plan(Route(route.entry, facts, route.tasks, route.tensors, route.events)).formula == "M"
