"""The frames a walk can write into (reference and pointer parameters, the caller when it holds objects, transitively),
found by identity: the same frames in the same order as the pairwise search over every reference, for any graph of
frames with repeated references. The caller holding objects counts as a reference per member, as it was when each
member was a variable of every frame with a reference to its caller's."""

from __future__ import annotations

from types import SimpleNamespace

from hypothesis import given, settings
from hypothesis import strategies as st

from op_migrate.analyzers.route.loops import LoopWalk
from op_migrate.analyzers.route.statements import outer_frames


def references(frame) -> list:
    """Every reference as the frames held them when a caller's members were variables of the frame: the parameters'
    first, then one per member of the objects the caller holds, then the pointers'."""
    members = [(frame.caller, f"$o{i}.m") for i in range(frame.members)]
    return list(frame.refs.values()) + members + list(frame.pointer_refs.values())


def outer_pairwise(frame) -> list:
    found: list = []
    pending = [frame]
    while pending:
        current = pending.pop()
        for caller, _ in references(current):
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
        pending.extend(caller for caller, _ in references(frame))
    return found


def frame(tag, caller=None, members: int = 0) -> SimpleNamespace:
    return SimpleNamespace(refs={}, pointer_refs={}, tag=tag, caller=caller, member_ref=members > 0, members=members)


def frames_from(edges: list[tuple[int, int, bool]], count: int, members: list[int]) -> list:
    """A stack of frames (each the caller of the next, holding objects or not) with references between any two."""
    frames = []
    for i in range(count):
        frames.append(frame(i, frames[-1] if frames else None, members[i % len(members)] if i else 0))
    for index, (source, target, pointer) in enumerate(edges):
        holder = frames[source % count]
        (holder.pointer_refs if pointer else holder.refs)[f"n{index}"] = (frames[target % count], f"m{index}")
    return frames


@settings(max_examples=300, deadline=None)
@given(count=st.integers(1, 6), edges=st.lists(st.tuples(st.integers(0, 5), st.integers(0, 5), st.booleans()),
                                               max_size=30), start=st.integers(0, 5),
       members=st.lists(st.integers(0, 3), min_size=1, max_size=6))
def test_frames_by_identity_are_the_pairwise_search(count, edges, start, members) -> None:
    frames = frames_from(edges, count, members)
    first = frames[start % count]
    assert [f.tag for f in outer_frames(first)] == [f.tag for f in outer_pairwise(first)]
    assert [f.tag for f in LoopWalk._linked_frames(SimpleNamespace(frame=first))] == \
        [f.tag for f in linked_pairwise(first)]


def test_a_frame_whose_caller_holds_objects_lists_it_once() -> None:
    top = frame("top")
    caller = frame("caller", top)
    caller.refs["x"] = (top, "x")
    callee = frame("callee", caller, members=50)
    callee.pointer_refs["p"] = (top, "p")
    assert [f.tag for f in outer_frames(callee)] == ["caller", "top"]
    assert [f.tag for f in LoopWalk._linked_frames(SimpleNamespace(frame=callee))] == ["callee", "top", "caller"]
