"""The frames a walk can write into (reference and pointer parameters, transitively), found by identity: the same
frames in the same order as the pairwise search, for any graph of frames with repeated references (a frame holding
many objects refers to its caller once per member)."""

from __future__ import annotations

from types import SimpleNamespace

from hypothesis import given, settings
from hypothesis import strategies as st

from op_migrate.analyzers.route.loops import LoopWalk
from op_migrate.analyzers.route.statements import outer_frames


def outer_pairwise(frame) -> list:
    found: list = []
    pending = [frame]
    while pending:
        current = pending.pop()
        for caller, _ in list(current.refs.values()) + list(current.pointer_refs.values()):
            if caller is not frame and all(caller is not seen for seen in found):
                found.append(caller)
                pending.append(caller)
    return found


def linked_pairwise(start) -> list:
    found, pending = [], [start]
    while pending:
        frame = pending.pop()
        if any(frame is seen for seen in found):
            continue
        found.append(frame)
        pending.extend(caller for caller, _ in (*frame.refs.values(), *frame.pointer_refs.values()))
    return found


def frames_from(edges: list[tuple[int, int, bool]], count: int) -> list:
    frames = [SimpleNamespace(refs={}, pointer_refs={}, tag=i) for i in range(count)]
    for index, (source, target, pointer) in enumerate(edges):
        holder = frames[source % count]
        (holder.pointer_refs if pointer else holder.refs)[f"n{index}"] = (frames[target % count], f"m{index}")
    return frames


@settings(max_examples=300, deadline=None)
@given(count=st.integers(1, 6), edges=st.lists(st.tuples(st.integers(0, 5), st.integers(0, 5), st.booleans()),
                                               max_size=30), start=st.integers(0, 5))
def test_frames_by_identity_are_the_pairwise_search(count, edges, start) -> None:
    frames = frames_from(edges, count)
    first = frames[start % count]
    assert [f.tag for f in outer_frames(first)] == [f.tag for f in outer_pairwise(first)]
    assert [f.tag for f in LoopWalk._linked_frames(SimpleNamespace(frame=first))] == \
        [f.tag for f in linked_pairwise(first)]


def test_a_frame_referring_to_its_caller_per_member_lists_it_once() -> None:
    caller = SimpleNamespace(refs={}, pointer_refs={}, tag="caller")
    top = SimpleNamespace(refs={}, pointer_refs={}, tag="top")
    caller.refs["x"] = (top, "x")
    callee = SimpleNamespace(refs={f"$o{i}.m": (caller, f"$o{i}.m") for i in range(50)}, pointer_refs={}, tag="callee")
    callee.pointer_refs["p"] = (top, "p")
    assert [f.tag for f in outer_frames(callee)] == ["caller", "top"]
    assert [f.tag for f in LoopWalk._linked_frames(SimpleNamespace(frame=callee))] == ["callee", "top", "caller"]
