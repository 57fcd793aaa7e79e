"""The walk's one store of object members (members.py) against the frames' copies it replaced: random walks of calls,
returns, writes (in the current frame and through a reference into a caller's), branches and loop rounds starting
from a joined state; after every step each active frame must see the members it saw when every frame held its own
copy, written through references to its caller's (property test), and the branch merges must find the same
alternatives. One difference on purpose: a write through a reference into a caller's alias of a member the current
frame shares is seen by the current frame too (one storage; the copies kept the old value below the caller)."""

from __future__ import annotations

from types import SimpleNamespace

from hypothesis import given, settings
from hypothesis import strategies as st

from op_migrate.analyzers.route.members import MemberStore, _views
from op_migrate.analyzers.route.statements import merge_envs, outer_frames
from op_migrate.analyzers.route.values import TensorRef, Unknown

NAN = float("nan")
VALUES = [0, 1, 2, NAN, True, Unknown("u"), TensorRef("t1"), TensorRef("t2"), TensorRef("t3", ("t1",))]


# -- the frames' copies, as the walk kept members before the store ----------------------------------------------------
class Copies:
    """Every frame holds the members as variables; a callee gets a copy with a reference per member to its caller's,
    a write goes through the references, a return gives the caller what the callee made, a branch merges every frame
    that shares members (merge_envs), a loop round starts the current frame from its joined state."""

    def __init__(self) -> None:
        self.stack = [SimpleNamespace(env={}, refs={})]
        self.alternatives: dict = {}

    def write(self, frame, key, value) -> None:
        while frame is not None:
            frame.env[key] = value
            frame = frame.refs.get(key, (None,))[0]

    def write_through(self, frame, key, value) -> None:
        """A write through a reference into `frame`'s alias: one storage, so every frame whose chain of references
        for the member reaches that frame sees it, the current one and those between included."""
        current = self.stack[-1]
        below = current
        while below is not None and below is not frame:
            below = below.refs.get(key, (None,))[0] if key in below.env else None
        self.write(current if below is frame else frame, key, value)

    def call(self, copies: list[tuple[str, str]]) -> None:
        caller = self.stack[-1]
        env = dict(caller.env)
        refs = {key: (caller, key) for key in caller.env}
        for source, target in copies:
            env[target] = env[source]
        self.stack.append(SimpleNamespace(env=env, refs=refs))

    def ret(self) -> None:
        frame = self.stack.pop()
        for key, value in frame.env.items():
            if key not in frame.refs:
                self.stack[-1].env[key] = value

    def outer(self) -> list:
        found, seen, pending = [], {id(self.stack[-1])}, [self.stack[-1]]
        while pending:
            for caller, _ in pending.pop().refs.values():
                if id(caller) not in seen:
                    seen.add(id(caller))
                    found.append(caller)
                    pending.append(caller)
        return found

    def begin(self, start=None):
        frame, outer = self.stack[-1], self.outer()
        return SimpleNamespace(frame=frame, outer=outer, before=dict(frame.env), start=start,
                               outer_before=[dict(other.env) for other in outer], envs=[], outer_envs=[[] for _ in outer])

    def arm(self, branch, index: int) -> None:
        start = branch.start if index == 0 else None
        branch.frame.env = dict(branch.before if start is None else {**branch.before, **start})
        for other, saved in zip(branch.outer, branch.outer_before):
            other.env = dict(saved)

    def arm_end(self, branch) -> None:
        branch.envs.append(branch.frame.env)
        for found, other in zip(branch.outer_envs, branch.outer):
            found.append(other.env)

    def end(self, branch) -> None:
        branch.frame.env, alternatives = merge_envs(branch.before, branch.envs)
        for other, saved, found in zip(branch.outer, branch.outer_before, branch.outer_envs):
            other.env, more = merge_envs(saved, found)
            alternatives += more
        _note(self.alternatives, alternatives)

    def views(self) -> list[dict]:
        return [frame.env for frame in self.stack]


# -- the store ------------------------------------------------------------------------------------------------------
class Store(MemberStore):
    """MemberStore driven as RouteWalk drives it (_inline, StatementWalker._branches)."""

    def __init__(self) -> None:
        self.members, self.shadows, self.alternatives = {}, {}, {}
        self.member_log, self.nan_members = [], set()
        self.frame = _frame(None)
        self.stack = [self.frame]

    def call(self, copies: list[tuple[str, str]]) -> None:
        born = set()
        member_ref = bool(self.members)
        for source, target in copies:
            self.members[target] = self.members[source]
            self.logged_member(target, self.members[target])
            born.add(target)
        frame = _frame(self.frame, member_ref, born)
        self.stack.append(frame)
        self.frame = frame

    def ret(self) -> None:
        frame = self.stack.pop()
        self.frame = self.stack[-1]
        self.return_members(frame)

    def begin(self, start=None):
        outer = outer_frames(self.frame)
        return SimpleNamespace(frame=self.frame, outer=outer, before=self.member_state(), start=start, paths=[],
                               env=dict(self.frame.env), outer_before=[dict(other.env) for other in outer])

    def arm(self, branch, index: int) -> None:
        branch.frame.env = dict(branch.env)
        for other, saved in zip(branch.outer, branch.outer_before):
            other.env = dict(saved)
        self.set_member_state(branch.before)
        branch.logged = len(self.member_log)
        if branch.start is not None and index == 0:
            before = branch.before[0]
            moved = [key for key, value in branch.start.items() if value is not before[key]]
            self.start_round({**before, **branch.start}, moved, before)

    def arm_end(self, branch) -> None:
        branch.paths.append((branch.frame.env, [other.env for other in branch.outer], self.members, self.shadows,
                             branch.logged))

    def end(self, branch) -> None:
        _note(self.alternatives, self.merge_paths(branch.frame, branch.outer,
                                                  (branch.env, branch.outer_before, *branch.before), branch.paths))

    def views(self) -> list[dict]:
        """What each frame of the stack sees: the members no frame below it made, as the shadows or the store say."""
        found = []
        for frame in self.stack:
            keys = [key for key in {*self.members, *self.shadows} if self._holds(frame, key)] \
                if frame is not self.frame else list(self.members)
            depth = len(frame.call_path)
            found.append({**_views(({}, [], self.members, {} if frame is self.frame else self.shadows), keys, depth),
                          **{key: value for key, value in frame.env.items() if key.startswith("$o")}})
        return found


def _frame(caller, member_ref: bool = False, born=None) -> SimpleNamespace:
    return SimpleNamespace(call_path=(caller.call_path + (None,)) if caller is not None else (), caller=caller,
                           member_ref=member_ref, born=born if born is not None else set(), env={}, refs={},
                           pointer_refs={}, parked=False)


def _note(into: dict, alternatives: list) -> None:
    for chosen, others in alternatives:
        into.setdefault(chosen, []).extend(o for o in others if o not in into[chosen])


# -- random walks -----------------------------------------------------------------------------------------------------
leaf = st.one_of(
    st.tuples(st.just("write"), st.integers(0, 9), st.sampled_from(range(len(VALUES)))),
    st.tuples(st.just("new"), st.integers(0, 1), st.sampled_from(range(len(VALUES)))),
    st.tuples(st.just("write_up"), st.integers(0, 5), st.integers(0, 9), st.sampled_from(range(len(VALUES)))),
    st.tuples(st.just("new_up"), st.integers(0, 5), st.sampled_from(range(len(VALUES)))),
)
steps = st.recursive(
    st.lists(leaf, max_size=4),
    lambda inner: st.lists(st.one_of(
        leaf,
        st.tuples(st.just("call"), st.lists(st.integers(0, 9), max_size=2), inner),
        st.tuples(st.just("branch"), st.lists(inner, min_size=1, max_size=3)),
        st.tuples(st.just("loop"), st.lists(st.tuples(st.integers(0, 9), st.sampled_from(range(len(VALUES)))),
                                            max_size=3), inner),
    ), max_size=5),
    max_leaves=25,
)


class Lockstep:
    """Runs the same steps on both models and compares every frame's view after each."""

    def __init__(self) -> None:
        self.copies, self.store = Copies(), Store()
        self.objects = 0

    def run(self, program) -> None:
        for step in program:
            self.step(step)
            self.check()

    def step(self, step) -> None:
        kind = step[0]
        held = sorted(self.store.members)
        if kind == "write" and held:
            key, value = held[step[1] % len(held)], VALUES[step[2]]
            self.copies.write(self.copies.stack[-1], key, value)
            self.store.write_member(self.store.frame, key, value)
        elif kind == "new":
            self.objects += 1
            key, value = f"$o{self.objects}.{'ab'[step[1]]}", VALUES[step[2]]
            self.copies.write(self.copies.stack[-1], key, value)
            self.store.write_member(self.store.frame, key, value)
        elif kind == "write_up" and len(self.store.stack) > 1:
            # A caller's alias of a member it holds, written through a reference parameter.
            index = step[1] % (len(self.store.stack) - 1)
            keys = sorted(self.copies.stack[index].env)
            if keys:
                key, value = keys[step[2] % len(keys)], VALUES[step[3]]
                self.copies.write_through(self.copies.stack[index], key, value)
                self.store.write_member(self.store.stack[index], key, value)
        elif kind == "new_up" and len(self.store.stack) > 1:
            # A member a caller's object did not have yet, written there through a reference.
            index = step[1] % (len(self.store.stack) - 1)
            self.objects += 1
            key, value = f"$o{self.objects}.a", VALUES[step[2]]
            self.copies.write(self.copies.stack[index], key, value)
            self.store.write_member(self.store.stack[index], key, value)
        elif kind == "call":
            objects = sorted({key.split(".")[0] for key in self.store.members})
            copies = []
            for pick in step[1][:len(objects)]:  # objects passed by value: members under a key of their own
                self.objects += 1
                source = objects[pick % len(objects)]
                copies += [(key, f"$o{self.objects}.{key.split('.')[1]}") for key in sorted(self.store.members)
                           if key.split(".")[0] == source]
            self.copies.call(copies)
            self.store.call(copies)
            self.check()
            self.run(step[2])
            self.copies.ret()
            self.store.ret()
        elif kind == "branch":
            self.branch(step[1])
        elif kind == "loop" and held:
            # A loop round starts from the joined state (some members changed), the other arm is not entering it.
            self.branch([step[2], []], {held[key % len(held)]: VALUES[value] for key, value in step[1]})

    def branch(self, arms, start=None) -> None:
        models = (self.copies, self.store)
        branches = [model.begin(start) for model in models]
        for index, arm in enumerate(arms):
            for model, branch in zip(models, branches):
                model.arm(branch, index)
            self.check()
            self.run(arm)
            for model, branch in zip(models, branches):
                model.arm_end(branch)
        for model, branch in zip(models, branches):
            model.end(branch)

    def check(self) -> None:
        old, new = self.copies.views(), self.store.views()
        assert len(old) == len(new)
        for depth, (mine, theirs) in enumerate(zip(new, old)):
            assert sorted(mine) == sorted(theirs), depth
            assert all(_same(mine[key], theirs[key]) for key in theirs), depth
        assert self.store.alternatives == self.copies.alternatives


def _same(left, right) -> bool:
    return left == right or (isinstance(left, float) and isinstance(right, float) and left != left and right != right)


@settings(max_examples=600, deadline=None)
@given(program=steps)
def test_the_store_sees_what_the_frames_copies_saw(program) -> None:
    Lockstep().run(program)
