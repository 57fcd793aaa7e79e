"""Loops whose trip count the facts leave open: the state at the body's start is a fixpoint, not the first round's.

A variable the body assigns holds, when a round starts, what it held before the loop or what any earlier round left
in it. The walk finds that join by walking the body from the state before the loop, joining what the pass leaves
with what it started from, and walking again until nothing changes (at most MAX_PASSES passes; a variable still
changing then becomes unknown). Those passes are rolled back: their launches, tensors, steps, findings and guards
are not the route's. The recorded pass then walks the body once from the joined state, so a guard on a loop-carried
flag (`firstLoop`) is undecided and what lies under it is `may`, and a container the rounds feed holds what every
round put in. Tensors the discovery passes made are ghosts, renamed to the recorded pass's tensors (loop_ids.py).
"""

from __future__ import annotations

from dataclasses import dataclass

from op_migrate.analyzers.route.containers import join_tensors, join_values
from op_migrate.analyzers.route.loop_ids import LoopIds, renamed
from op_migrate.analyzers.route.loop_skip import LoopRecord
from op_migrate.analyzers.route.model import Event
from op_migrate.analyzers.route.statements import NORMAL, RETURNED, joined_facts, written_frames
from op_migrate.analyzers.route.values import Null, TensorList, TensorRef, Unknown

MAX_PASSES = 4


@dataclass
class _Saved:
    """What a discovery pass may change, to put back after it."""

    book: tuple
    counts: tuple[int, ...]
    reported: set
    alternatives: dict
    frames: list
    step: tuple | None
    members: tuple = ()
    failure: object = None


class LoopWalk:
    """Methods of RouteWalk for loops with an unknown trip count; StatementWalker calls `loop_start_state`."""

    def loop_start_state(self, loop, guard: str) -> tuple[tuple[dict, dict, set], LoopIds]:
        """The variables and object members at the start of any round (a fixpoint of the round: the body, then a
        `for`'s update clause), and the loop's ids for the recorded pass (the caller walks it, then calls
        `loop_done`)."""
        frame = self.frame
        ids = LoopIds()
        self.book.loops.append(ids)
        state, members = dict(frame.env), dict(self.members)
        changed: set[str] = set()
        moved: set[str] = set()  # members whose value at a round's start is not the one before the loop
        every: set[str] = set()  # what any pass changed (an outer loop's pass in this frame asks, loop_skip.py)
        record = None
        for index in range(MAX_PASSES):
            saved = self._save_walk()
            frame.env, self.members = dict(state), dict(members)
            logged = len(self.member_log)
            frame.guards, frame.may = frame.guards + (guard,), True
            ids.begin_pass()
            if index == 0:
                record, marks = LoopRecord(frame, loop.then + loop.orelse), self.pass_marks(ids)
                self.loop_records.append(record)
            try:
                with self.jump_target("loop") as target:
                    flow = self.walk_round(loop)
                jumped = target.breaks + target.continues
                if jumped:  # the paths that broke out or continued end a round too
                    self.join_jumps(jumped, flow)
                    flow = NORMAL
                end, end_members = (frame.env, self.members) if flow != RETURNED else (state, members)
                written = self.member_names(logged)  # what the pass may have changed of the members
            finally:
                if index == 0:
                    self.loop_records.remove(record)
                    marks = (marks, self.pass_marks(ids))
                self._restore_walk(saved)
            joined, changed_members = join_pass(members, end_members, written)
            moved.update(name for name in written if name in members and joined[name] is not members[name])
            (state, changed), members = join_pass(state, end), joined
            changed |= changed_members
            every |= changed
            if not changed:
                break
            charges = self.confirmed_without_pass(record, *marks, state, changed, changed_members) \
                if index == 0 else None
            if charges is not None:
                # The second pass would walk as this one did: its join, with what this pass left, is the fixpoint.
                joined, again = join_pass(members, end_members, written)
                (confirmed, again_state) = join_pass(state, end)
                if not again and not again_state:
                    moved.update(name for name in written if name in members and joined[name] is not members[name])
                    state, members = confirmed, joined
                    self.replay(charges)
                    break
        else:
            for name in changed:  # still changing after MAX_PASSES: unknown (a container: elements unknown)
                scope = state if name in state else members
                value = scope[name]
                scope[name] = TensorList(exhaustive=False, acl=value.acl) if isinstance(value, TensorList) \
                    else Unknown(name)
                if scope is members:
                    moved.add(name)
        self.note_inner_changed(frame, every)
        ids.discovering = False
        ids.begin_pass()
        return (state, members, moved), ids

    def loop_done(self, ids: LoopIds, marks: tuple[int, int], guard: str) -> None:
        """After the recorded pass: the ghosts become the tensors the recorded pass made at the same place."""
        self.book.loops.pop()
        mapping = ids.renaming()
        for ghost, made in list(mapping.items()):
            if made is None:  # made by a discovery pass only: a tensor of its own, under the loop's guard
                mapping[ghost] = self.book.adopt(ghost, self.frame.guards + (guard,))
                self.adoptions += 1
                self.events.append(Event(kind="create", tensor=mapping[ghost]))
        if not mapping:
            return
        tasks, steps = marks
        self.tasks[tasks:] = [renamed(task, mapping) for task in self.tasks[tasks:]]
        for step in self.steps[steps:]:
            step.inputs, step.tensors = renamed(step.inputs, mapping), renamed(step.tensors, mapping)
            step.result = renamed(step.result, mapping)
        self.alternatives = {renamed(key, mapping): list(dict.fromkeys(renamed(items, mapping)))
                             for key, items in self.alternatives.items()}
        for frame in self._linked_frames():
            frame.env = renamed(frame.env, mapping)
            frame.returns[:] = renamed(frame.returns, mapping)
        self.members, self.shadows = renamed(self.members, mapping), renamed(self.shadows, mapping)
        self.book.rename(mapping)

    # -- rolling a discovery pass back ----------------------------------------------------------------------
    def _linked_frames(self) -> list:
        """The current frame and every frame it can store into (reference and pointer parameters)."""
        found, pending = [], [self.frame]
        seen: set[int] = set()  # frames by identity: a frame holding many objects refers to its caller per member
        while pending:
            frame = pending.pop()
            if id(frame) in seen:
                continue
            seen.add(id(frame))
            found.append(frame)
            # A frame already found would be skipped when popped: not pushing it keeps the order the same.
            pending.extend(caller for caller in written_frames(frame) if id(caller) not in seen)
        return found

    def _save_walk(self) -> _Saved:
        step = self.current_step
        return _Saved(
            book=self.book.snapshot(),
            counts=(len(self.tasks), len(self.events), len(self.steps), len(self.undecided_guards),
                    len(self.findings), len(self.reasons), len(self.unresolved), len(self.entry_failures)),
            reported=set(self._reported),
            alternatives={key: list(items) for key, items in self.alternatives.items()},
            frames=[(frame, dict(frame.env), dict(frame.names), len(frame.returns), len(frame.exits), frame.guards,
                     frame.may) for frame in self._linked_frames()],
            step=(step, len(step.tasks), step.repointed) if step is not None else None,
            members=self.member_state(),
            failure=self.failure,
        )

    def _restore_walk(self, saved: _Saved) -> None:
        self.book.restore(saved.book)
        tasks, events, steps, guards, findings, reasons, unresolved, failures = saved.counts
        del self.tasks[tasks:], self.events[events:], self.steps[steps:], self.undecided_guards[guards:]
        del self.findings[findings:], self.reasons[reasons:], self.unresolved[unresolved:]
        del self.entry_failures[failures:]
        self._reported = saved.reported
        self.alternatives = saved.alternatives
        self.failure = saved.failure
        self.members, self.shadows = saved.members  # a copy of its own: each pass saves anew
        for frame, env, names, returns, exits, guards_, may in saved.frames:
            frame.env, frame.names, frame.guards, frame.may = env, names, guards_, may
            del frame.returns[returns:], frame.exits[exits:]
        if saved.step is not None:
            step, count, repointed = saved.step
            del step.tasks[count:]
            step.repointed = repointed
            self.current_step = step


def join_pass(state: dict, end: dict, names=None) -> tuple[dict, set]:
    """The state after one more round (each variable's loop_join with what the pass left), and the names it
    changed; `names`: those the pass may have changed (by default found by comparing each name, _moved)."""
    joined = dict(state)
    moved = _moved(state, end) if names is None else [name for name in names if name in state]
    for name in moved:
        joined[name] = loop_join(name, state[name], end.get(name, state[name]))
    changed = {name for name in (state if names is None else moved)
               if (joined[name] is not state[name] or isinstance(state[name], float)) and joined[name] != state[name]}
    return joined, changed


def _moved(state: dict, end: dict) -> list[str]:
    """The names whose value a pass may have changed: a name the pass left holding the very object it started with
    (or dropped) joins to that object (a value equals itself; not a float, NaN does not), so only the others are
    joined."""
    return [name for name, value in state.items() if end.get(name, value) is not value or isinstance(value, float)]


def loop_join(name: str, before, after):
    """What a variable may hold at a round's start: what it held before (first) or what a round left (after)."""
    if before == after:
        return before
    values = [before, after]
    if any(isinstance(value, Null) for value in values):
        return Unknown(name)  # null on some round and not on others: a test of it is undecided
    if any(isinstance(value, TensorRef) for value in values):
        joined = join_tensors(values)
        if joined is not None:
            return joined
    joined = join_values(values)  # containers (join_lists) and tuples
    if joined is not None:
        return joined
    return joined_facts(name, values, "after some rounds of a loop")
