"""Size classes: broadcast agrees with NumPy, reduce and packed-bit masks, output N from the case."""

from __future__ import annotations

import numpy as np
from hypothesis import given, settings
from hypothesis import strategies as st

from op_migrate.analyzers.policy.sizes import SizeResolver, broadcast, output_elements
from op_migrate.analyzers.route.model import Facts, Route, ShapeRule, Tensor

dims = st.lists(st.sampled_from([1, 2, 3, 5]), max_size=4).map(tuple)


@settings(max_examples=200, deadline=None)
@given(st.lists(dims, min_size=1, max_size=3))
def test_broadcast_matches_numpy(shapes) -> None:
    try:
        expected = tuple(np.broadcast_shapes(*shapes))
    except ValueError:
        expected = None
    assert broadcast(shapes) == expected


def _tensor(tid, rule, refs=(), dims=()):
    return Tensor(id=tid, name=tid, producer="p", effect="alloc", shape=ShapeRule(rule, refs=refs, dims=dims),
                  dtype="float16", file="f", line=1)


def _resolver(*tensors, **shapes) -> SizeResolver:
    facts = Facts(shapes=tuple((k, tuple(v)) for k, v in shapes.items()))
    return SizeResolver(Route(entry="e", facts=facts, tasks=(), tensors=tensors, events=()), facts)


def test_output_n_prefers_out_and_falls_back_to_the_broadcast() -> None:
    assert output_elements(Facts(shapes=(("self", (4, 1)), ("out", (4, 8))))) == 32
    assert output_elements(Facts(shapes=(("self", (4, 1)), ("other", (1, 8))))) == 32
    assert output_elements(Facts()) is None


def test_classes_of_each_shape_rule() -> None:
    resolver = _resolver(
        _tensor("s", "param", ("self",)), _tensor("b", "broadcast", ("s", "o")), _tensor("o", "param", ("other",)),
        _tensor("one", "literal", dims=("1",)), _tensor("mask", "packed_bits", ("b",)),
        _tensor("r", "reduce", ("b",), ("-1",)), _tensor("u", "unknown"), _tensor("sym", "literal", dims=("n",)),
        self=(256, 1), other=(1, 8), out=(256, 8),
    )
    assert resolver.shape("b") == (256, 8)
    assert resolver.shape("mask") == (256,)  # ceil(2048 / 128) * 16 bytes
    assert resolver.shape("r") == (256,)
    classes = {t: resolver.tensor_class(resolver.by_id[t]) for t in ("s", "b", "one", "mask", "r", "u", "sym")}
    assert classes == {"s": "other", "b": "output", "one": "constant", "mask": "other", "r": "other",
                       "u": "unknown", "sym": "unknown"}
    assert resolver.task_class(("one", "b")) == "output"
    assert resolver.task_class(("u", "mask")) == "unknown"
    assert resolver.task_class(()) == "unknown"


def test_rank0_broadcast_to_one_element_is_constant_even_when_n_is_one() -> None:
    resolver = _resolver(_tensor("one", "literal", dims=("1",)), self=(), out=(1,))
    assert resolver.tensor_class(resolver.by_id["one"]) == "constant"


def test_literal_dims_folded_from_the_case_are_output_sized() -> None:
    resolver = _resolver(_tensor("folded", "literal", dims=("1024", "4096", "64")), self=(1024, 1, 64),
                         out=(1024, 4096, 64))
    assert resolver.tensor_class(resolver.by_id["folded"]) == "output"
