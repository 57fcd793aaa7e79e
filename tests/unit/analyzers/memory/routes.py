"""Hand-built routes for the memory tests: fixture loading and a hypothesis strategy for random chains."""

from __future__ import annotations

import json
from pathlib import Path

from hypothesis import strategies as st

from op_migrate.analyzers.route.route_json import route_from_json
from op_migrate.analyzers.route.model import Event, Facts, Route, ShapeRule, Task, Tensor

ROUTES = Path(__file__).resolve().parents[3] / "functional" / "memory" / "routes"


def fixture_route(name: str) -> Route:
    return route_from_json(json.loads((ROUTES / f"{name}.route.json").read_text(encoding="utf-8")))


def _param(name: str) -> Tensor:
    return Tensor(name, name, "", "param", ShapeRule("param", (name,)), name, "entry.cpp", 1)


@st.composite
def random_chains(draw) -> Route:
    """A binary entry (self, other, out) followed by 1–8 launches, each allocating one tensor from earlier ones."""
    tensors = [_param("self"), _param("other"), _param("out")]
    tasks, events = [], []
    earlier = ["self", "other"]
    for index in range(draw(st.integers(1, 8))):
        rule = draw(st.sampled_from(["same", "broadcast", "packed", "literal"]))
        source = draw(st.sampled_from(earlier))
        tid = f"t{index}"
        if rule == "same":
            shape = ShapeRule("same", (source,))
        elif rule == "broadcast":
            shape = ShapeRule("broadcast", ("self", "other"))
        elif rule == "packed":
            shape = ShapeRule("packed_bits", (source,))
        else:
            shape = ShapeRule("literal", dims=(str(draw(st.integers(1, 64))),))
        dtype = draw(st.sampled_from(["float16", "float32", "int8", "promoteType"]))
        producer = draw(st.sampled_from(["Add", "BroadcastTo", "Cast"]))
        may = draw(st.booleans()) and index > 0
        tensors.append(Tensor(tid, tid, producer, "alloc", shape, dtype, "chain.cpp", 10 + index, may=may))
        reads = tuple(draw(st.lists(st.sampled_from(earlier), min_size=1, max_size=3, unique=True)))
        tasks.append(Task(index, producer, "AI_CORE", "chain.cpp", 10 + index, reads=reads, writes=(tid,), may=may))
        if draw(st.booleans()):
            events.append(Event("create", tensor=tid))
        events.append(Event("launch", task=index))
        earlier.append(tid)
    return Route("aclnnRandomChain", Facts(), tuple(tasks), tuple(tensors), tuple(events))


@st.composite
def binary_cases(draw) -> tuple[tuple[int, ...], tuple[int, ...], str]:
    """Two broadcast-compatible shapes and a dtype."""
    rank = draw(st.integers(0, 4))
    out = [draw(st.integers(1, 40)) for _ in range(rank)]
    left = tuple(d if draw(st.booleans()) else 1 for d in out)
    right = tuple(d if draw(st.booleans()) else 1 for d in out)
    return left, right, draw(st.sampled_from(["float16", "float32", "int64", "int8"]))
