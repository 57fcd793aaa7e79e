"""op_select_format read path by path: for every combination of facts and undecided tests, what it returns.

The function is run symbolically on its own code and the module's helpers (never imported, never executed):
Python values stand for themselves; api_check_support, intrinsic_check_support and the SoC name are facts the
install decides per SoC later (analyzers.proto.select_facts); shapes, formats and helpers of other modules are
unknown. A branch on a fact or an unknown forks the path and records the condition; paths that meet again with
the same values merge. Each path ends in an outcome: the dtypes and formats of every port, or why not.
"""

from __future__ import annotations

from astroid import nodes

from op_migrate.analyzers.tbe.select_expressions import Expressions
from op_migrate.analyzers.tbe.select_ops import Stop, binary, truth
from op_migrate.analyzers.tbe.select_paths import (RETURNED, Frame, Module, State, distinct, joined, known, leaves,
                                                   merged, outcome, param_names)
from op_migrate.analyzers.tbe.select_values import Fact, InputDict, Unknown, items_of

MAX_STATES = 128
MAX_STEPS = 40_000
MAX_ITERATIONS = 256
# Above this many paths, a test on an unknown (a shape) no longer forks when neither side leaves the block.
JOIN_ABOVE = 8


def read_select_format(function: nodes.FunctionDef, module: Module, soc=None, load=None) -> dict:
    """The outcomes of op_select_format (JSON form); `incomplete` says why reading stopped, if it did.

    soc: what the SoC answers (analyzers.proto.select_facts.SocAnswers): api_check_support, intrinsic_check_support
    and the SoC name are then plain values; without it they are facts and every test of one forks the path.
    load(qualified) -> (FunctionDef, Module) or None: a function of another module of the operator tree.
    """
    executor = Executor(soc, load)
    env = {name: InputDict(name) for name in param_names(function)}
    for argument, _ in zip(reversed(function.args.args or []), reversed(function.args.defaults or [])):
        # A parameter with a default is an attribute (or an optional input): the graph gives its value, not the default.
        env[argument.name] = Unknown(f"the attribute {argument.name}")
    try:
        states = executor.block(function.body, [State(env)], Frame(function, module))
    except Stop as stop:
        return {"function": function.name, "line": function.lineno, "outcomes": [], "incomplete": stop.reason}
    outcomes = [outcome(state) for state in states]
    return {"function": function.name, "line": function.lineno, "outcomes": distinct(outcomes), "incomplete": None}


class Executor(Expressions):
    def __init__(self, soc=None, load=None) -> None:
        self.soc = soc
        self.load = load
        self.steps = 0
        self.paths = 1

    # -- statements -------------------------------------------------------------------------------------------
    def block(self, statements: list, states: list[State], frame: Frame) -> list[State]:
        for statement in statements:
            live = [s for s in states if s.flag is None]
            if not live:
                break
            done = [s for s in states if s.flag is not None]
            following = []
            for state in live:
                following += self.statement(statement, state, frame)
            states = merged(done + following)
            self.paths = max(self.paths, len(states))
            if len(states) > MAX_STATES:
                raise Stop(f"more than {MAX_STATES} paths at line {statement.lineno}")
        return states

    def statement(self, node: nodes.NodeNG, state: State, frame: Frame) -> list[State]:
        self.steps += 1
        if self.steps > MAX_STEPS:
            raise Stop(f"more than {MAX_STEPS} steps (line {node.lineno})")
        if isinstance(node, nodes.Assign):
            return [s for s, value in self.value(node.value, state, frame) for s in self.assign(node.targets, value, s, frame)]
        if isinstance(node, nodes.AugAssign):
            return self.augment(node, state, frame)
        if isinstance(node, nodes.AnnAssign):
            return self.statement(nodes.Assign(lineno=node.lineno, targets=[node.target], value=node.value), state, frame) \
                if node.value is not None else [state]
        if isinstance(node, nodes.Expr):
            return [s for s, _ in self.value(node.value, state, frame)]
        if isinstance(node, nodes.Return):
            results = self.value(node.value, state, frame) if node.value is not None else [(state, None)]
            for result, value in results:
                result.returned, result.flag = value, RETURNED
            return [s for s, _ in results]
        if isinstance(node, nodes.If):
            return self.branch(node, state, frame)
        if isinstance(node, nodes.For):
            return self.loop(node, state, frame)
        if isinstance(node, nodes.While):
            return self.havoc(node, state, frame, f"a while loop at line {node.lineno}")
        if isinstance(node, (nodes.Pass, nodes.Import, nodes.ImportFrom, nodes.Global, nodes.Nonlocal, nodes.Assert)):
            return [state]
        if isinstance(node, (nodes.Break, nodes.Continue)):
            state.flag = "break" if isinstance(node, nodes.Break) else "continue"
            return [state]
        if isinstance(node, nodes.Raise):
            state.flag, state.returned = RETURNED, Unknown(f"raises at line {node.lineno}")
            return [state]
        if isinstance(node, nodes.With):
            return self.block(node.body, [state], frame)
        if isinstance(node, nodes.Try):
            return self.block(node.body + node.orelse + node.finalbody, [state], frame)
        if isinstance(node, nodes.FunctionDef):
            frame.locals[node.name] = node
            return [state]
        raise Stop(f"{type(node).__name__} at line {node.lineno} is not modelled")

    def assign(self, targets: list, value, state: State, frame: Frame) -> list[State]:
        for target in targets:
            self.bind(target, value, state, frame)
        return [state]

    def bind(self, target: nodes.NodeNG, value, state: State, frame: Frame) -> None:
        if isinstance(target, nodes.AssignName):
            state.env[target.name] = value
        elif isinstance(target, (nodes.Tuple, nodes.List)):
            if isinstance(value, (list, tuple)) and len(value) == len(target.elts):
                for element, item in zip(target.elts, value):
                    self.bind(element, item, state, frame)
            else:
                for element in target.elts:
                    self.bind(element, Unknown(f"unpacked at line {target.lineno} from a value of unknown length"), state, frame)
        elif isinstance(target, nodes.Subscript):
            container = self.value(target.value, state, frame)[0][1]
            key = self.value(target.slice, state, frame)[0][1]
            if isinstance(container, dict) and not isinstance(key, Unknown):
                container[key] = value
            elif isinstance(container, list) and isinstance(key, int) and -len(container) <= key < len(container):
                container[key] = value
            elif isinstance(target.value, nodes.Name):
                state.env[target.value.name] = Unknown(f"an item set at line {target.lineno} by an unknown key")
        # attributes of objects are not followed: op_select_format builds plain lists and strings

    def augment(self, node: nodes.AugAssign, state: State, frame: Frame) -> list[State]:
        results = []
        name = node.target.name if isinstance(node.target, nodes.AssignName) else None
        current = [(state, state.env.get(name, Unknown(f"{name} before it is set")) if name else None)]
        for before, old in current:
            for after, value in self.value(node.value, before, frame):
                if isinstance(node.target, nodes.AssignName):
                    after.env[node.target.name] = binary(node.op.rstrip("="), old, value, node.lineno, in_place=True)
                results.append(after)
        return results

    def branch(self, node: nodes.If, state: State, frame: Frame) -> list[State]:
        results = []
        for tested, value in self.value(node.test, state, frame):
            decided = truth(value)
            if decided is None:
                decided = known(tested, node.test.as_string(), value)
            if decided is True:
                results += self.block(node.body, [tested], frame)
            elif decided is False:
                results += self.block(node.orelse, [tested], frame)
            elif isinstance(value, Unknown) and self.paths > JOIN_ABOVE and not leaves(node):
                # Many paths already: both sides run and the values they set differently become unknown.
                results += joined(self.block(node.body, [tested.fork()], frame),
                                   self.block(node.orelse, [tested.fork()], frame), node)
            else:
                text = node.test.as_string()
                test = value.test if isinstance(value, Fact) else None
                results += self.block(node.body, [tested.fork((text, test, True))], frame)
                results += self.block(node.orelse, [tested.fork((text, test, False))], frame)
        return merged(results)

    def loop(self, node: nodes.For, state: State, frame: Frame) -> list[State]:
        results = []
        for current, iterable in self.value(node.iter, state, frame):
            items = items_of(iterable)
            if items is None or len(items) > MAX_ITERATIONS:
                results += self.havoc(node, current, frame, f"a loop over {node.iter.as_string()} (line {node.lineno})")
                continue
            running, finished = [current], []
            for item in items:
                for each in running:
                    self.bind(node.target, item, each, frame)
                after = self.block(node.body, running, frame)
                finished += [s for s in after if s.flag in ("break", RETURNED)]
                running = [s for s in after if s.flag not in ("break", RETURNED)]
                for each in running:
                    each.flag = None
                if not running:
                    break
            running = self.block(node.orelse, running, frame) if running else running
            for each in finished:
                each.flag = None if each.flag == "break" else each.flag
            results += running + finished
        return merged(results)

    def havoc(self, node, state: State, frame: Frame, what: str) -> list[State]:
        """A loop the analysis cannot unroll: every name it sets or list it grows becomes unknown; when it can
        return, one more path returns what cannot be known."""
        returned = []
        if any(True for _ in node.nodes_of_class(nodes.Return)):
            leaving = state.fork((f"{what} returns", None, True))
            leaving.flag, leaving.returned = RETURNED, Unknown(f"what {what} returns")
            returned.append(leaving)
            state = state.fork((f"{what} returns", None, False))
        for name in node.nodes_of_class(nodes.AssignName):
            state.env[name.name] = Unknown(f"set in {what}")
        for call in node.nodes_of_class(nodes.Call):
            if isinstance(call.func, nodes.Attribute) and isinstance(call.func.expr, nodes.Name):
                if call.func.attrname in ("append", "extend", "insert", "update", "pop", "remove"):
                    state.env[call.func.expr.name] = Unknown(f"changed in {what}")
        return [state, *returned]
