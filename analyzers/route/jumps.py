"""`break` and `continue`: the variables where a path leaves a loop or switch, joined where that path goes on.

A jump under an undecided guard leaves on some paths only. Its arm is taken like a return for the statements after it
(they run on the other arms, `may`), and its variables are kept by the loop or switch it leaves: a `continue` joins
them to the round's end, a `break` to the loop's or switch's end. Without this the statements after a jump ran on the
merged variables of both paths and the loop's end lost the jumping path's (`for (...) { if (d == 1) { found = true;
break; } found = false; }` read `found` as false after the loop).
"""

from __future__ import annotations

from contextlib import contextmanager
from dataclasses import dataclass, field

from op_migrate.analyzers.route.statements import (
    BREAK,
    CONTINUE,
    MAYBE,
    NORMAL,
    RETURNED,
    outer_frames,
)


@dataclass(eq=False)  # targets are told apart by identity (two empty loops' targets would compare equal)
class JumpTarget:
    """A loop or switch being walked, and the variables each jump out of it left (frame env, caller envs by id)."""

    kind: str  # "loop", "switch" (takes `break` only) or "round" (a `for`'s body before its update: `continue` only)
    entry: tuple  # the frame's guards, may and return count where the walk entered it
    breaks: list = field(default_factory=list)
    continues: list = field(default_factory=list)


class JumpWalk:
    """Methods of RouteWalk; StatementWalker calls them for jumps, loops and switches."""

    @contextmanager
    def jump_target(self, kind: str):
        """A loop or switch the walk is inside, for the jumps in it to leave their variables with."""
        frame = self.frame
        target = JumpTarget(kind, (frame.guards, frame.may, len(frame.exits)))
        self.jump_targets.append(target)
        try:
            yield target
        finally:
            self.jump_targets.pop()

    def jump(self, kind: str) -> str:
        """`break` / `continue` here: the variables now go to the loop or switch it leaves."""
        for target in reversed(self.jump_targets):
            if kind == CONTINUE and target.kind == "switch" or kind == BREAK and target.kind == "round":
                continue  # a switch takes no `continue`; a loop's round (its update clause) takes no `break`
            (target.breaks if kind == BREAK else target.continues).append(self.snapshot())
            break
        return kind

    def snapshot(self) -> tuple:
        frame = self.frame
        return (dict(frame.env), {id(other): dict(other.env) for other in outer_frames(frame)},
                *self.member_state(), len(self.member_log))

    def restore(self, snapshot: tuple) -> None:
        """The frame's, its callers' and the objects' variables as `snapshot` held them (another arm starts)."""
        env, found, *members, _ = snapshot
        frame = self.frame
        frame.env = dict(env)
        for other in outer_frames(frame):
            other.env = dict(found.get(id(other), other.env))
        self.set_member_state(tuple(members))

    def returns_changed_nothing(self, frame) -> bool:
        """Whether the join of the frame's returns under undecided guards (join_jumps) would leave everything as it
        is: no member written or held apart since (the members merged are those logged since, none), and each
        caller's variables equal to what they held at each return (a merge of equal values keeps the current one).
        A float is always joined, as the merge decides it (NaN is not equal to itself)."""
        if self.shadows or self.nan_members:
            return False
        outer = outer_frames(frame)
        logged = len(self.member_log)
        for _, found, _, shadows, since in frame.return_states:
            if since != logged or shadows or len(found) != len(outer) or \
                    any(found.get(id(other)) != other.env for other in outer):
                return False
        return not any(issubclass(kind, float) for other in outer for kind in set(map(type, other.env.values())))

    def join_jumps(self, snapshots: list, flow: str) -> None:
        """The variables where the jumping paths meet, and the current one's when it went on (`flow`)."""
        if not snapshots:
            return
        frame = self.frame
        current = flow not in (RETURNED, BREAK, CONTINUE)
        outer = outer_frames(frame)
        now = (frame.env, [other.env for other in outer], self.members, self.shadows, len(self.member_log))
        paths = ([now] if current else []) + [(env, [found.get(id(other), other.env) for other in outer], *members)
                                              for env, found, *members in snapshots]
        before = (dict(frame.env), [dict(other.env) for other in outer], *self.member_state())
        alternatives = self.merge_paths(frame, outer, before, paths)
        for chosen, others in alternatives:
            self.alternatives.setdefault(chosen, []).extend(o for o in others if o not in self.alternatives[chosen])

    def next_round(self, target: JumpTarget, start: tuple, flow: str) -> str:
        """An unrolled round's end: the paths that continued go on with the next value, joined with the round's."""
        continues, target.continues = target.continues, []
        if not continues:
            return flow
        frame = self.frame
        self.join_jumps(continues, flow)
        if len(frame.exits) == start[2]:
            frame.guards, frame.may = start[0], start[1] or flow == MAYBE
        flow = NORMAL if flow in (RETURNED, CONTINUE) else flow
        if flow != NORMAL or target.breaks:
            frame.may = True
        return flow

    def round_end(self, flow: str, guards: tuple, exits: int) -> str:
        """A round of a loop whose trip count is unknown: the paths that broke out or continued end the round too
        (what follows the loop is any round's end)."""
        target = self.jump_targets[-1]
        jumped, target.breaks, target.continues = target.breaks + target.continues, [], []
        if not jumped:
            return flow
        self.join_jumps(jumped, flow)
        if len(self.frame.exits) == exits:
            self.frame.guards, self.frame.may = guards, True
            return NORMAL
        return MAYBE

    def leave_target(self, target: JumpTarget, flow: str, result: str) -> str:
        """Where a loop or switch ends: the paths that broke out join the last path's end (when it went on)."""
        frame = self.frame
        if not target.breaks:
            return result
        self.join_jumps(target.breaks, flow)
        guards, may, exits = target.entry
        if len(frame.exits) == exits:
            frame.guards, frame.may = guards, may  # no return on the way: every path goes on from here
            return NORMAL
        # Some paths returned: those that broke out go on, under the guards they had where the loop or switch began
        # (not under the last path's, which may be one that returned: `do { if (c) break; return ERR; } while (0)`).
        frame.guards, frame.may = guards, True
        return MAYBE
