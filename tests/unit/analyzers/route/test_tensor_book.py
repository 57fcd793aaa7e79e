"""The tensor book's snapshots: a loop's discovery pass changes tensors and is rolled back to exactly what it found,
whichever way the pass changed them (records are shared with a snapshot and copied when first changed)."""

from __future__ import annotations

import pytest

from op_migrate.analyzers.route.loop_ids import renamed
from op_migrate.analyzers.route.model import Facts, ShapeRule, Site
from op_migrate.analyzers.route.tensors import TensorBook
from op_migrate.analyzers.route.values import ShapeValue, TensorRef

SITE = Site("aclnnDemo", "demo.cpp", 7)


def state(book: TensorBook) -> list:
    """Everything a route reads of the book: each tensor and its layout."""
    return [(tensor, dict(vars(book.layout(tensor.id)))) for tensor in book.tensors()]


def made(book: TensorBook) -> tuple[str, str, str, str]:
    """An entry tensor, a tensor allocated with its shape, a view of that one, and one of unknown shape."""
    self_id = book.param("self", "demo.cpp", 1)
    alloc = book.create("Cast", "alloc", ShapeRule("same", (self_id,)), "float16", SITE)
    view = book.create("View", "view", ShapeRule("same", (alloc,)), "float16", SITE, base=alloc)
    loose = book.create("Abs", "alloc", ShapeRule("unknown", text="set later"), "float16", SITE)
    return self_id, alloc, view, loose


def book_ref(tensor_id: str) -> TensorRef:
    return TensorRef(tensor_id)


# Every way a walk changes a tensor: the ids made() gives -> the change.
CHANGES = {
    "set_dtype": lambda book, s, a, v, u: book.set_dtype(a, "float32"),
    "set_dtype of a view": lambda book, s, a, v, u: book.set_dtype(v, "int8"),
    "set_layout": lambda book, s, a, v, u: book.set_layout(a, True, strides=(4, 1), offset=3, contiguous=False),
    "set_view_shape": lambda book, s, a, v, u: book.set_view_shape(
        v, ShapeValue((2, 2), ShapeRule("literal", dims=("2", "2")), ("shape", "k")), True),
    "infer_shape": lambda book, s, a, v, u: book.infer_shape(a, ShapeRule("literal", dims=("8",))),
    "repoint": lambda book, s, a, v, u: book.repoint(v, s),
    "name_once": lambda book, s, a, v, u: book.name_once(a, "renamed"),
    "give_view_shape": lambda book, s, a, v, u: book.give_view_shape(book_ref(u), book_ref(s), 0),
    "rename": lambda book, s, a, v, u: book.rename({a: "t99"}),
}


def every_change(book: TensorBook, *ids: str) -> None:
    for change in CHANGES.values():
        change(book, *ids)


@pytest.mark.parametrize("change", sorted(CHANGES))
def test_each_change_a_discovery_pass_makes_is_rolled_back(change: str) -> None:
    book = TensorBook(Facts(dtypes=(("*", "float16"),), shapes=(("self", (4, 4)),)))
    ids = made(book)
    before = state(book)
    saved = book.snapshot()
    CHANGES[change](book, *ids)
    assert state(book) != before  # the change took effect while the pass ran
    book.restore(saved)
    assert state(book) == before


def test_a_discovery_pass_is_rolled_back_to_exactly_the_snapshot() -> None:
    book = TensorBook(Facts(dtypes=(("*", "float16"),), shapes=(("self", (4, 4)),)))
    ids = made(book)
    before = state(book)
    saved = book.snapshot()
    every_change(book, *ids)
    assert state(book) != before
    book.restore(saved)
    assert state(book) == before


def test_nested_snapshots_restore_each_its_own_state() -> None:
    book = TensorBook(Facts(dtypes=(("*", "float16"),)))
    ids = made(book)
    _, alloc, view, _ = ids
    first = state(book)
    outer = book.snapshot()
    book.set_dtype(alloc, "float32")
    book.set_layout(view, True, offset=5)
    middle = state(book)
    inner = book.snapshot()
    every_change(book, *ids)
    book.restore(inner)
    assert state(book) == middle
    book.set_dtype(alloc, "bfloat16")  # a change after a restore is rolled back by the outer snapshot too
    book.restore(outer)
    assert state(book) == first


def test_tensors_made_during_a_pass_are_forgotten_and_entry_tensors_stay() -> None:
    book = TensorBook(Facts(dtypes=(("*", "float16"),)))
    made(book)
    saved = book.snapshot()
    book.create("Abs", "alloc", ShapeRule("unknown", text="x"), "float16", SITE)
    book.param("other", "demo.cpp", 2)
    book.restore(saved)
    assert [t.id for t in book.tensors()] == ["self", "t1", "t2", "t3", "other"]


def test_a_record_both_snapshots_hold_is_copied_again_after_the_inner_one_is_restored() -> None:
    book = TensorBook(Facts(dtypes=(("*", "float16"),)))
    _, alloc, _, _ = made(book)
    first = state(book)
    outer = book.snapshot()
    inner = book.snapshot()  # nothing changed in between: both hold the same records
    book.set_dtype(alloc, "float32")
    book.restore(inner)
    book.set_dtype(alloc, "int8")
    book.restore(outer)
    assert state(book) == first


@pytest.mark.parametrize("change", sorted(set(CHANGES) - {"rename"}))
def test_a_ghost_made_before_a_pass_is_rolled_back_too(change: str) -> None:
    # An outer loop's discovery pass makes ghosts; an inner loop's discovery pass that changes one (ops-math
    # SplitTensor: ViewCopy's SetFromWorkspace on a SplitV output) is rolled back like any pass, so the inner loop's
    # recorded pass reads the ghost as it was, as it reads a real tensor. Ghosts the inner pass makes stay.
    from op_migrate.analyzers.route.loop_ids import LoopIds

    book = TensorBook(Facts(dtypes=(("*", "float16"),), shapes=(("self", (4, 4)),)))
    book.loops.append(LoopIds())  # an outer loop looking for its fixpoint: what is made now is a ghost
    ids = made(book)
    assert all(tensor.startswith("g#") for tensor in ids[1:])
    before = [dict(vars(book.layout(tensor))) | {"dtype": book.dtype(tensor)} for tensor in ids]
    saved = book.snapshot()
    CHANGES[change](book, *ids)
    inner = book.create("Neg", "alloc", ShapeRule("same", (ids[0],)), "float16", SITE)
    book.restore(saved)
    assert [dict(vars(book.layout(tensor))) | {"dtype": book.dtype(tensor)} for tensor in ids] == before
    assert book.layout(inner) is not None


def test_a_renamed_tensor_keeps_its_nullability() -> None:
    assert renamed(TensorRef("g#1", ("t2",), (), True), {"g#1": "t5"}) == TensorRef("t5", ("t2",), (), True)
