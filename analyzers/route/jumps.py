"""`break` and `continue`: the variables where a path leaves a loop or switch, joined where that path goes on.

A jump under an undecided guard leaves on some paths only. Its arm is taken like a return for the statements after it
(they run on the other arms, `may`), and its variables are kept by the loop or switch it leaves: a `continue` joins
them to the round's end, a `break` to the loop's or switch's end. Without this the statements after a jump ran on the
merged variables of both paths and the loop's end lost the jumping path's (`for (...) { if (d == 1) { found = true;
break; } found = false; }` read `found` as false after the loop).
"""

from __future__ import annotations

from dataclasses import dataclass, field

from op_migrate.analyzers.route.statements import merge_envs, outer_frames

BREAK, CONTINUE = "break", "continue"


@dataclass(eq=False)  # targets are told apart by identity (two empty loops' targets would compare equal)
class JumpTarget:
    """A loop or switch being walked, and the variables each jump out of it left (frame env, caller envs by id)."""

    kind: str  # "loop" or "switch" (a switch takes `break` only)
    breaks: list = field(default_factory=list)
    continues: list = field(default_factory=list)


class JumpWalk:
    """Methods of RouteWalk; StatementWalker calls them for jumps, loops and switches."""

    def push_target(self, kind: str) -> JumpTarget:
        target = JumpTarget(kind)
        self.jump_targets.append(target)
        return target

    def pop_target(self, target: JumpTarget) -> None:
        if self.jump_targets and self.jump_targets[-1] is target:
            self.jump_targets.pop()

    def jump(self, kind: str) -> str:
        """`break` / `continue` here: the variables now go to the loop or switch it leaves."""
        for target in reversed(self.jump_targets):
            if kind == CONTINUE and target.kind == "switch":
                continue
            (target.breaks if kind == BREAK else target.continues).append(self._snapshot())
            break
        return kind

    def _snapshot(self) -> tuple[dict, dict]:
        frame = self.frame
        return dict(frame.env), {id(other): dict(other.env) for other in outer_frames(frame)}

    def join_jumps(self, snapshots: list, include_current: bool) -> None:
        """The variables where the jumping paths (and the current one, when it goes on) meet."""
        if not snapshots:
            return
        frame = self.frame
        envs = ([frame.env] if include_current else []) + [env for env, _ in snapshots]
        frame.env, alternatives = merge_envs(dict(frame.env), envs)
        for other in outer_frames(frame):
            found = ([other.env] if include_current else []) + [outer.get(id(other), other.env) for _, outer in snapshots]
            other.env, more = merge_envs(dict(other.env), found)
            alternatives += more
        for chosen, others in alternatives:
            self.alternatives.setdefault(chosen, []).extend(o for o in others if o not in self.alternatives[chosen])
