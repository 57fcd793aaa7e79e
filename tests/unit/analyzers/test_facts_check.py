"""Facts checked against analysed entries: unknown names, and NumPy's broadcast rule as a property."""

from __future__ import annotations

import numpy as np
from hypothesis import given, strategies as st

from op_migrate.analyzers.facts_check import GivenFact, broadcast_conflicts, broadcasts, unknown_names

shapes = st.lists(st.lists(st.integers(1, 4), max_size=4), min_size=1, max_size=3)


@given(shapes)
def test_broadcasts_agrees_with_numpy(dims: list[list[int]]) -> None:
    try:
        np.broadcast_shapes(*[tuple(d) for d in dims])
        expected = True
    except ValueError:
        expected = False
    assert broadcasts(dims) is expected


def test_unknown_names_accept_the_in_place_partner() -> None:
    facts = [GivenFact("--shape", "self=[1]", "self"), GivenFact("--shape", "selff=[1]", "selff")]
    assert unknown_names(facts, {"aclnnInplaceX": ["selfRef", "other"]}) == (facts[1],)


def _route(may_guards: list[tuple[str, ...]] | None = None) -> dict:
    tensors = [
        {"id": "self", "name": "self", "producer": "param", "shape": {"rule": "param", "refs": ["self"]}, "dims": None},
        {"id": "other", "name": "other", "producer": "param", "shape": {"rule": "param", "refs": ["other"]}, "dims": None},
        {"id": "t1", "name": "result", "producer": "Mod", "shape": {"rule": "broadcast", "refs": ["self", "other"]}},
    ]
    guards = may_guards or [()]
    tasks = [{"op": "Mod", "reads": ["self", "other"], "writes": ["t1"], "may": bool(g), "guards": list(g),
              "file": "aclnn_x.cpp", "line": 9 + i} for i, g in enumerate(guards)]
    return {"entry": "aclnnX", "tensors": tensors, "tasks": tasks}


def test_a_sure_clash_is_found_with_its_operands_and_place() -> None:
    (conflict,) = broadcast_conflicts(_route(), {"self": (3, 4), "other": (5, 4)})
    assert (conflict.shapes_text(), conflict.producer, conflict.line) == ("self=[3,4], other=[5,4]", "Mod", 9)
    assert broadcast_conflicts(_route(), {"self": (3, 4), "other": (1, 4)}) == ()
    assert broadcast_conflicts(_route(), {"self": (3, 4)}) == ()  # an unknown operand is never guessed at


def test_an_undecided_clash_counts_only_when_both_arms_clash() -> None:
    given_shapes = {"self": (3, 4), "other": (5, 4)}
    assert broadcast_conflicts(_route([("g",)]), given_shapes) == ()
    assert len(broadcast_conflicts(_route([("g",), ("!(g)",)]), given_shapes)) == 1
