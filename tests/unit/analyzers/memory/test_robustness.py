"""Bad routes are findings, never crashes: random effects, bases, shape rules and dangling references."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from op_migrate.analyzers.memory import evaluate, parse_case, plan
from op_migrate.analyzers.route.model import SHAPE_RULES, Event, Facts, Route, ShapeRule, Task, Tensor

IDS = ["self", "other", "out", "a", "b", "c", "d", "ghost"]


@st.composite
def messy_routes(draw) -> Route:
    tensors = [Tensor(n, n, "", "param", ShapeRule("param", (n,)), n, "p.cpp", 1) for n in ("self", "other", "out")]
    for tid in ("a", "b", "c", "d"):
        rule = draw(st.sampled_from(SHAPE_RULES))
        refs = tuple(draw(st.lists(st.sampled_from(IDS), max_size=2)))
        dims = tuple(draw(st.lists(st.sampled_from(["1", "7", "broadcastShape", "count / 8", "x"]), max_size=2)))
        effect = draw(st.sampled_from(["alloc", "view", "alias", "write"]))
        tensors.append(Tensor(tid, tid, draw(st.sampled_from(["BroadcastTo", "Cast", "Mystery"])), effect,
                              ShapeRule(rule, refs, dims), draw(st.sampled_from(["float16", "uint8", "int4", "weird", ""])),
                              "p.cpp", 2, base=draw(st.sampled_from(IDS + [None])), may=draw(st.booleans())))
    tasks = tuple(
        Task(i, "Op", "AI_CORE", "p.cpp", 3, reads=tuple(draw(st.lists(st.sampled_from(IDS), max_size=3))),
             writes=tuple(draw(st.lists(st.sampled_from(IDS), max_size=2))), may=draw(st.booleans()))
        for i in range(draw(st.integers(0, 4)))
    )
    events = tuple(draw(st.lists(st.one_of(st.builds(lambda t: Event("create", tensor=t), st.sampled_from(IDS)),
                                          st.builds(lambda i: Event("launch", task=i), st.integers(0, 6))), max_size=10)))
    return Route("aclnnMessy", Facts(), tasks, tuple(tensors), events)


@settings(max_examples=100, deadline=None)
@given(messy_routes())
def test_plan_and_evaluate_never_raise(route: Route) -> None:
    memory_plan = plan(route)
    document = evaluate(memory_plan, parse_case("self=[3,1]:float16,other=[1,5]:float16,out=[3,5]:float16")).document
    assert document["formula"] == memory_plan.formula
    if document["evaluated"]:
        assert document["peak_bytes"] <= document["peak_with_may_bytes"] <= document["upper_bound_bytes"]
