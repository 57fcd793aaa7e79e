"""The paths of an op_select_format run (analyzers.tbe.select_format): each with its values and the tests it took,
joined or merged where they meet again, and what each ends in."""

from __future__ import annotations

from dataclasses import dataclass, field

from astroid import nodes

from op_migrate.analyzers.tbe.conditions import simplify
from op_migrate.analyzers.tbe.imports import ImportScope
from op_migrate.analyzers.tbe.select_values import Fact, Param, Selection, Unknown, copied

RETURNED = "return"


@dataclass
class State:
    env: dict
    conditions: tuple = ()  # (text, test or None, holds)
    returned: object = None
    flag: str | None = None  # "return" | "break" | "continue"

    def fork(self, condition: tuple | None = None) -> "State":
        conditions = self.conditions + ((condition,) if condition else ())
        return State({k: copied(v) for k, v in self.env.items()}, conditions, self.returned, self.flag)


@dataclass(frozen=True)
class Module:
    """What names mean in one module: its imports, module-level functions and constants, and where it lives."""

    scope: ImportScope
    functions: dict
    constants: dict
    path: str = ""


@dataclass
class Frame:
    function: nodes.FunctionDef
    module: Module
    depth: int = 0
    locals: dict = field(default_factory=dict)


def distinct(outcomes: list[dict]) -> list[dict]:
    seen, kept = set(), []
    for outcome in outcomes:
        key = repr(outcome)
        if key not in seen:
            seen.add(key)
            kept.append(outcome)
    return kept


def outcome(state: State) -> dict:
    conditions = [{"text": text, "shown": simplify(text), "test": test, "holds": holds} for text, test, holds in state.conditions]
    value = state.returned
    if isinstance(value, Selection):
        ports = [{"index": p.index, "name": p.name,
                  "dtypes": None if isinstance(p.dtypes, Unknown) else list(p.dtypes),
                  "formats": None if isinstance(p.formats, Unknown) else list(p.formats),
                  "unknown": p.dtypes.reason if isinstance(p.dtypes, Unknown) else None} for p in value.params]
        return {"conditions": conditions, "ports": ports, "unknown": None}
    if value in (None, "None", "") and state.flag == RETURNED:
        return {"conditions": conditions, "ports": None, "unknown": "returns no selection (the op-info's own lists apply)"}
    if state.flag != RETURNED:
        return {"conditions": conditions, "ports": None, "unknown": "ends without returning a selection"}
    reason = value.reason if isinstance(value, Unknown) else f"returns {type(value).__name__}, not a selection"
    return {"conditions": conditions, "ports": None, "unknown": reason}


def param_names(function: nodes.FunctionDef) -> list[str]:
    return [a.name for a in (function.args.posonlyargs or []) + (function.args.args or [])]


def known(state: State, text: str, value) -> bool | None:
    """What this path already took for the same fact (`if fp32:` ... `if fp32:`) or the same test text."""
    for seen_text, seen_test, holds in state.conditions:
        if isinstance(value, Fact) and seen_test is not None and seen_test == value.test or seen_text == text:
            return holds
    return None


def leaves(node: nodes.If) -> bool:
    """True when a side of the `if` can return, raise, break or continue: its paths cannot be joined."""
    jumps = (nodes.Return, nodes.Raise, nodes.Break, nodes.Continue)
    return any(isinstance(n, jumps) for branch in (node.body, node.orelse) for item in branch
               for n in [item, *item.nodes_of_class(jumps)])


def joined(then: list[State], otherwise: list[State], node: nodes.If) -> list[State]:
    """Pairs of end states of the two sides, with every name they disagree on made unknown."""
    joined = []
    for left in then:
        for right in otherwise:
            if left.conditions != right.conditions:
                continue
            reason = Unknown(f"{node.test.as_string()} (line {node.lineno})")
            env = {name: join_values(left.env.get(name, reason), right.env.get(name, reason), reason)
                   for name in set(left.env) | set(right.env)}
            joined.append(State(env, left.conditions))
    return joined or then + otherwise


def join_values(left, right, reason: Unknown):
    """One value for two paths: the same where they agree (a port's dtypes when only its formats differ)."""
    if left == right:
        return left
    if isinstance(left, Param) and isinstance(right, Param) and (left.index, left.name) == (right.index, right.name):
        return Param(left.index, left.name, join_values(left.dtypes, right.dtypes, reason), join_values(left.formats, right.formats, reason))
    if isinstance(left, (list, tuple)) and isinstance(right, (list, tuple)) and len(left) == len(right) \
            and any(isinstance(v, Param) for v in left):
        joined = [join_values(a, b, reason) for a, b in zip(left, right)]
        return joined if isinstance(left, list) else tuple(joined)
    return reason


def merged(states: list[State]) -> list[State]:
    """Paths of one `if` that meet again with the same values become one, without that test."""
    kept: list[State] = []
    for state in states:
        for other in kept:
            if other.flag == state.flag and other.returned == state.returned and other.env == state.env \
                    and len(other.conditions) == len(state.conditions) and other.conditions[:-1] == state.conditions[:-1] \
                    and other.conditions and other.conditions[-1][0] == state.conditions[-1][0] \
                    and other.conditions[-1][2] != state.conditions[-1][2]:
                other.conditions = other.conditions[:-1]
                break
        else:
            kept.append(state)
    return kept if len(kept) == len(states) else merged(kept)
