"""Objects' members in a route walk: one store per walk instead of variables copied into every frame.

Every frame that holds an object reads and writes its members (`$o3.count`): a method's frame, its caller's, a helper
given the object by reference. They were variables of each frame, copied into every inlined frame with a reference
back, so each call, branch and loop pass copied and merged all of them once per frame on the stack. The walk now keeps
them once: `members` is what the current frame sees, and the frames above it see the same, except where a walk gives
them values of their own, kept as `shadows` (member -> {depth: value}: the frames above that depth, down to the next
depth recorded, hold that value; those below the deepest one see `members`). That happens when
- a loop's round starts from the joined state of its discovery passes: the callers keep what they held before the
  loop until the body writes the member (diverge);
- a callee writes through a reference into a caller's alias of a member the callee does not hold: that caller and
  the frames above it hold the new value (write_member; one the callee holds is one storage, written for all); a
  member the current frame does not share with that caller is the caller's variable (`parked`) until the caller is
  current again.
A frame's `born` members are those its caller does not hold (made in it, or in a callee that returned): they go to
the caller when the frame returns, where the shadows of the members the caller holds are its values again.
"""

from __future__ import annotations

from op_migrate.analyzers.route.statements import merge_scopes

_ABSENT = object()


class MemberStore:
    """Methods of RouteWalk; it supplies frame, members, shadows, member_log, nan_members and alternatives."""

    def write_member(self, frame, key: str, value) -> None:
        """A member's new value, written by `frame`: every frame that holds the object sees it."""
        if frame is self.frame:
            if key in self.members:
                if self.shadows:
                    self.shadows.pop(key, None)
            else:
                frame.born.add(key)
            self.members[key] = value
            self.logged_member(key, value)
            return
        if isinstance(value, float) and value != value:
            self.nan_members.add(key)
        # A caller's frame (a reference parameter bound to its alias of the member): the frames below keep theirs.
        if key in frame.env or not (key in self.members or key in self.shadows) or not self._holds(frame, key):
            # A member that frame does not share with the current one: a variable of its own until it is current.
            frame.env[key] = value
            frame.parked = True
            frame.born.add(key)
            return
        if key in self.members:
            # One storage: the current frame and every frame between it and the writer see the new value too.
            self.shadows.pop(key, None)
            self.members[key] = value
            self.logged_member(key, value)
            return
        depth = len(frame.call_path)
        records = {at: held for at, held in self.shadows.get(key, {}).items() if at > depth}
        records[depth + 1] = value
        self.shadows[key] = records

    def return_members(self, frame) -> None:
        """`frame` returned to its caller (the current frame again): what it made is the caller's now, and the
        members the caller holds read as the caller held them."""
        caller = self.frame
        caller.born |= frame.born
        if caller.parked:  # branches may have merged or dropped them as variables: those in env now
            for key in [key for key in caller.env if key.startswith("$o")]:
                value = caller.env.pop(key)
                if key not in frame.born:  # else the callee made it too: the callee's, as a returned member
                    self.members[key] = value
                    self.logged_member(key, value)
            caller.parked = False
        if not self.shadows:
            return
        depth = len(frame.call_path)
        for key in list(self.shadows):
            records = self.shadows[key]
            if depth in records:
                value = records.pop(depth)
                if key not in frame.born:
                    self.members[key] = value
                    self.logged_member(key, value)
            if not records:
                del self.shadows[key]

    def start_round(self, start: dict, moved, before: dict) -> None:
        """A loop round starts from `start` (the members in `moved` differ from `before`): the callers of the
        current frame keep the members as they were."""
        self.members = dict(start)
        frame = self.frame
        depth = len(frame.call_path)
        for key in moved:
            self.logged_member(key, start[key])
            if key not in frame.born and key in before:
                self.shadows.setdefault(key, {}).setdefault(depth, before[key])

    def logged_member(self, key: str, value) -> None:
        """A member of the store given a new value: branch merges and loop joins look at the logged ones only."""
        self.member_log.append(key)
        if isinstance(value, float) and value != value:
            self.nan_members.add(key)  # NaN is not equal to itself: merged and joined as every merge did

    def member_names(self, since: int) -> set:
        """The members that may differ from what they held when the log was `since` long (a NaN always may)."""
        return set(self.member_log[since:]) | self.nan_members

    def member_state(self) -> tuple[dict, dict]:
        return dict(self.members), {key: dict(records) for key, records in self.shadows.items()}

    def set_member_state(self, state: tuple[dict, dict]) -> None:
        members, shadows = state
        self.members = dict(members)
        self.shadows = {key: dict(records) for key, records in shadows.items()}

    def merge_paths(self, frame, outer: list, before: tuple, paths: list[tuple]) -> list:
        """Where paths meet (a branch's arms, a loop's or switch's jumps): each path is (the frame's variables,
        the outer frames' variables, members, shadows, the log's length where it began); the frame and every outer
        frame get the merge of theirs, as the same merge of each frame's own variables did (merge_scopes), and the
        alternatives the merges found. Of the members, only those logged since the first path began are merged."""
        members = [path[2] for path in paths]
        names = [name for name in self.member_names(min(path[4] for path in paths))
                 if name in before[2] or any(name in found for found in members)]
        (frame.env, self.members), alternatives = merge_scopes(
            [(before[0], [path[0] for path in paths]), (before[2], members, names)])
        self.member_log.extend(names)
        divergent = set(before[3]).union(*(path[3] for path in paths))
        shadows: dict = {}
        for index, other in enumerate(outer):
            scopes = [(before[1][index], [path[1][index] for path in paths])]
            depth = len(other.call_path)
            held = [key for key in divergent if self._holds(other, key)]
            if held:
                scopes.append((_views(before, held, depth), [_views(path, held, depth) for path in paths]))
            merged, more = merge_scopes(scopes)
            other.env = merged[0]
            if held:
                for key, value in merged[1].items():
                    shadows.setdefault(key, {})[depth + 1] = value
            alternatives += more
        self.shadows = shadows
        return alternatives

    def _holds(self, other, key: str) -> bool:
        """Whether an outer frame holds a member (no frame below it made it)."""
        return not any(key in below.born for below in _below(self.frame, other))


def _below(frame, upto) -> list:
    """The frames from `frame` up to `upto` (not included), through the callers."""
    found = []
    while frame is not None and frame is not upto:
        found.append(frame)
        frame = frame.caller
    return found


def _views(path: tuple, keys: list, depth: int) -> dict:
    """What a frame at `depth` holds of `keys` on a path: the shadow of the nearest depth below it, else members."""
    members, shadows = path[2], path[3]
    views = {}
    for key in keys:
        records = shadows.get(key)
        nearest = min((at for at in records if at > depth), default=None) if records else None
        value = records[nearest] if nearest is not None else members.get(key, _ABSENT)
        if value is not _ABSENT:
            views[key] = value
    return views
