"""op_select_format read path by path: for every combination of facts and undecided tests, what it returns.

The function is run symbolically on its own code and the module's helpers (never imported, never executed):
Python values stand for themselves; api_check_support, intrinsic_check_support and the SoC name are facts the
install decides per SoC later (analyzers.proto.select_facts); shapes, formats and helpers of other modules are
unknown. A branch on a fact or an unknown forks the path and records the condition; paths that meet again with
the same values merge. Each path ends in an outcome: the dtypes and formats of every port, or why not.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from astroid import nodes

from op_migrate.analyzers.tbe.conditions import simplify
from op_migrate.analyzers.tbe.imports import ImportScope
from op_migrate.analyzers.tbe.select_ops import BUILTINS, Stop, binary, call_builtin, compare, method, subscript, truth
from op_migrate.analyzers.tbe.select_values import (Fact, InputDict, Param, Selection, SocName, Unknown, copied,
                                                    split_list, unknown_in)

MAX_STATES = 128
MAX_STEPS = 40_000
MAX_ITERATIONS = 256
MAX_DEPTH = 4
# Above this many paths, a test on an unknown (a shape) no longer forks when neither side leaves the block.
JOIN_ABOVE = 8
_RETURNED = "return"


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
class _Frame:
    function: nodes.FunctionDef
    module: Module
    depth: int = 0
    locals: dict = field(default_factory=dict)


def read_select_format(function: nodes.FunctionDef, module: Module, soc=None, load=None) -> dict:
    """The outcomes of op_select_format (JSON form); `incomplete` says why reading stopped, if it did.

    soc: what the SoC answers (analyzers.proto.select_facts.SocAnswers): api_check_support, intrinsic_check_support
    and the SoC name are then plain values; without it they are facts and every test of one forks the path.
    load(qualified) -> (FunctionDef, Module) or None: a function of another module of the operator tree.
    """
    executor = _Executor(soc, load)
    env = {name: InputDict(name) for name in _param_names(function)}
    for argument, _ in zip(reversed(function.args.args or []), reversed(function.args.defaults or [])):
        # A parameter with a default is an attribute (or an optional input): the graph gives its value, not the default.
        env[argument.name] = Unknown(f"the attribute {argument.name}")
    try:
        states = executor.block(function.body, [State(env)], _Frame(function, module))
    except Stop as stop:
        return {"function": function.name, "line": function.lineno, "outcomes": [], "incomplete": stop.reason}
    outcomes = [_outcome(state) for state in states]
    return {"function": function.name, "line": function.lineno, "outcomes": _distinct(outcomes), "incomplete": None}


def _distinct(outcomes: list[dict]) -> list[dict]:
    seen, kept = set(), []
    for outcome in outcomes:
        key = repr(outcome)
        if key not in seen:
            seen.add(key)
            kept.append(outcome)
    return kept


def _outcome(state: State) -> dict:
    conditions = [{"text": text, "shown": simplify(text), "test": test, "holds": holds} for text, test, holds in state.conditions]
    value = state.returned
    if isinstance(value, Selection):
        ports = [{"index": p.index, "name": p.name,
                  "dtypes": None if isinstance(p.dtypes, Unknown) else list(p.dtypes),
                  "formats": None if isinstance(p.formats, Unknown) else list(p.formats),
                  "unknown": p.dtypes.reason if isinstance(p.dtypes, Unknown) else None} for p in value.params]
        return {"conditions": conditions, "ports": ports, "unknown": None}
    if value in (None, "None", "") and state.flag == _RETURNED:
        return {"conditions": conditions, "ports": None, "unknown": "returns no selection (the op-info's own lists apply)"}
    if state.flag != _RETURNED:
        return {"conditions": conditions, "ports": None, "unknown": "ends without returning a selection"}
    reason = value.reason if isinstance(value, Unknown) else f"returns {type(value).__name__}, not a selection"
    return {"conditions": conditions, "ports": None, "unknown": reason}


def _param_names(function: nodes.FunctionDef) -> list[str]:
    return [a.name for a in (function.args.posonlyargs or []) + (function.args.args or [])]


class _Executor:
    def __init__(self, soc=None, load=None) -> None:
        self.soc = soc
        self.load = load
        self.steps = 0
        self.paths = 1

    # -- statements -------------------------------------------------------------------------------------------
    def block(self, statements: list, states: list[State], frame: _Frame) -> list[State]:
        for statement in statements:
            live = [s for s in states if s.flag is None]
            if not live:
                break
            done = [s for s in states if s.flag is not None]
            following = []
            for state in live:
                following += self.statement(statement, state, frame)
            states = _merged(done + following)
            self.paths = max(self.paths, len(states))
            if len(states) > MAX_STATES:
                raise Stop(f"more than {MAX_STATES} paths at line {statement.lineno}")
        return states

    def statement(self, node: nodes.NodeNG, state: State, frame: _Frame) -> list[State]:
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
                result.returned, result.flag = value, _RETURNED
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
            state.flag, state.returned = _RETURNED, Unknown(f"raises at line {node.lineno}")
            return [state]
        if isinstance(node, nodes.With):
            return self.block(node.body, [state], frame)
        if isinstance(node, nodes.Try):
            return self.block(node.body + node.orelse + node.finalbody, [state], frame)
        if isinstance(node, nodes.FunctionDef):
            frame.locals[node.name] = node
            return [state]
        raise Stop(f"{type(node).__name__} at line {node.lineno} is not modelled")

    def assign(self, targets: list, value, state: State, frame: _Frame) -> list[State]:
        for target in targets:
            self.bind(target, value, state, frame)
        return [state]

    def bind(self, target: nodes.NodeNG, value, state: State, frame: _Frame) -> None:
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

    def augment(self, node: nodes.AugAssign, state: State, frame: _Frame) -> list[State]:
        results = []
        name = node.target.name if isinstance(node.target, nodes.AssignName) else None
        current = [(state, state.env.get(name, Unknown(f"{name} before it is set")) if name else None)]
        for before, old in current:
            for after, value in self.value(node.value, before, frame):
                if isinstance(node.target, nodes.AssignName):
                    after.env[node.target.name] = binary(node.op.rstrip("="), old, value, node.lineno, in_place=True)
                results.append(after)
        return results

    def branch(self, node: nodes.If, state: State, frame: _Frame) -> list[State]:
        results = []
        for tested, value in self.value(node.test, state, frame):
            decided = truth(value)
            if decided is None:
                decided = _known(tested, node.test.as_string(), value)
            if decided is True:
                results += self.block(node.body, [tested], frame)
            elif decided is False:
                results += self.block(node.orelse, [tested], frame)
            elif isinstance(value, Unknown) and self.paths > JOIN_ABOVE and not _leaves(node):
                # Many paths already: both sides run and the values they set differently become unknown.
                results += _joined(self.block(node.body, [tested.fork()], frame),
                                   self.block(node.orelse, [tested.fork()], frame), node)
            else:
                text = node.test.as_string()
                test = value.test if isinstance(value, Fact) else None
                results += self.block(node.body, [tested.fork((text, test, True))], frame)
                results += self.block(node.orelse, [tested.fork((text, test, False))], frame)
        return _merged(results)

    def loop(self, node: nodes.For, state: State, frame: _Frame) -> list[State]:
        results = []
        for current, iterable in self.value(node.iter, state, frame):
            items = _items(iterable)
            if items is None or len(items) > MAX_ITERATIONS:
                results += self.havoc(node, current, frame, f"a loop over {node.iter.as_string()} (line {node.lineno})")
                continue
            running, finished = [current], []
            for item in items:
                for each in running:
                    self.bind(node.target, item, each, frame)
                after = self.block(node.body, running, frame)
                finished += [s for s in after if s.flag in ("break", _RETURNED)]
                running = [s for s in after if s.flag not in ("break", _RETURNED)]
                for each in running:
                    each.flag = None
                if not running:
                    break
            running = self.block(node.orelse, running, frame) if running else running
            for each in finished:
                each.flag = None if each.flag == "break" else each.flag
            results += running + finished
        return _merged(results)

    def havoc(self, node, state: State, frame: _Frame, what: str) -> list[State]:
        """A loop the analysis cannot unroll: every name it sets or list it grows becomes unknown; when it can
        return, one more path returns what cannot be known."""
        returned = []
        if any(True for _ in node.nodes_of_class(nodes.Return)):
            leaving = state.fork((f"{what} returns", None, True))
            leaving.flag, leaving.returned = _RETURNED, Unknown(f"what {what} returns")
            returned.append(leaving)
            state = state.fork((f"{what} returns", None, False))
        for name in node.nodes_of_class(nodes.AssignName):
            state.env[name.name] = Unknown(f"set in {what}")
        for call in node.nodes_of_class(nodes.Call):
            if isinstance(call.func, nodes.Attribute) and isinstance(call.func.expr, nodes.Name):
                if call.func.attrname in ("append", "extend", "insert", "update", "pop", "remove"):
                    state.env[call.func.expr.name] = Unknown(f"changed in {what}")
        return [state, *returned]

    # -- expressions ------------------------------------------------------------------------------------------
    def value(self, node: nodes.NodeNG, state: State, frame: _Frame) -> list[tuple[State, object]]:
        if isinstance(node, nodes.Const):
            return [(state, node.value)]
        if isinstance(node, nodes.Name):
            return [(state, self.name(node, state, frame))]
        if isinstance(node, (nodes.List, nodes.Tuple, nodes.Set)):
            return [(s, list(items) if isinstance(node, nodes.List) else tuple(items))
                    for s, items in self.values(node.elts, state, frame)]
        if isinstance(node, nodes.Dict):
            return [(s, _dict(items)) for s, items in self.values([x for pair in node.items for x in pair], state, frame)]
        if isinstance(node, nodes.JoinedStr):
            return [(s, "".join(str(v) for v in items) if not any(isinstance(v, Unknown) for v in items)
                     else Unknown(f"a formatted string at line {node.lineno}")) for s, items in self.values(node.values, state, frame)]
        if isinstance(node, nodes.FormattedValue):
            return self.value(node.value, state, frame)
        if isinstance(node, nodes.BinOp):
            return [(s, binary(node.op, a, b, node.lineno)) for s, (a, b) in self.values([node.left, node.right], state, frame)]
        if isinstance(node, nodes.UnaryOp):
            return [(s, _unary(node.op, v, node.as_string())) for s, v in self.value(node.operand, state, frame)]
        if isinstance(node, nodes.BoolOp):
            return self.boolean(node, state, frame)
        if isinstance(node, nodes.Compare):
            parts = [node.left, *(c for _, c in node.ops)]
            return [(s, compare(node, values)) for s, values in self.values(parts, state, frame)]
        if isinstance(node, nodes.Subscript):
            return [(s, subscript(v, k, node.lineno)) for s, (v, k) in self.values([node.value, node.slice], state, frame)]
        if isinstance(node, nodes.Slice):
            parts = [p for p in (node.lower, node.upper, node.step)]
            return [(s, slice(*items)) for s, items in self.values([p or nodes.Const(None) for p in parts], state, frame)]
        if isinstance(node, nodes.IfExp):
            return self.choice(node, state, frame)
        if isinstance(node, nodes.Call):
            return self.call(node, state, frame)
        if isinstance(node, nodes.Attribute):
            return [(state, self.attribute(node, state, frame))]
        if isinstance(node, (nodes.ListComp, nodes.GeneratorExp, nodes.SetComp)):
            return [(state, self.comprehension(node, state, frame))]
        if isinstance(node, nodes.Starred):
            return self.value(node.value, state, frame)
        return [(state, Unknown(f"{type(node).__name__} at line {node.lineno}"))]

    def values(self, parts: list, state: State, frame: _Frame) -> list[tuple[State, list]]:
        """Every part evaluated in order, the paths of one carried into the next."""
        results = [(state, [])]
        for part in parts:
            following = []
            for current, done in results:
                following += [(s, done + [v]) for s, v in self.value(part, current, frame)]
            results = following
        return results

    def name(self, node: nodes.Name, state: State, frame: _Frame):
        if node.name in state.env:
            return state.env[node.name]
        if node.name in frame.module.constants:
            return copied(frame.module.constants[node.name])
        if node.name in ("True", "False", "None"):
            return {"True": True, "False": False, "None": None}[node.name]
        qualified = frame.module.scope.qualify(node)
        return Unknown(f"{qualified or node.name}")

    def attribute(self, node: nodes.Attribute, state: State, frame: _Frame):
        text = node.as_string()
        if text in frame.module.constants:
            return copied(frame.module.constants[text])
        if node.attrname in ("SHORT_SOC_VERSION", "SOC_VERSION"):
            return node.attrname
        base = self.value(node.expr, state, frame)[0][1] if not isinstance(node.expr, nodes.Name) or node.expr.name in state.env else None
        if isinstance(base, InputDict):
            return Unknown(f"the {node.attrname} of {base.name}")
        return Unknown(frame.module.scope.qualify(node) or text)

    def boolean(self, node: nodes.BoolOp, state: State, frame: _Frame) -> list[tuple[State, object]]:
        """and / or over facts and unknowns builds one condition; plain values short-circuit as Python does."""
        results = []
        for current, items in self.values(node.values, state, frame):
            results.append((current, _combine(node.op, items, node.as_string())))
        return results

    def choice(self, node: nodes.IfExp, state: State, frame: _Frame) -> list[tuple[State, object]]:
        results = []
        for tested, value in self.value(node.test, state, frame):
            decided = truth(value)
            if decided is None:
                decided = _known(tested, node.test.as_string(), value)
            if decided is not None:
                results += self.value(node.body if decided else node.orelse, tested, frame)
                continue
            text = node.test.as_string()
            test = value.test if isinstance(value, Fact) else None
            results += self.value(node.body, tested.fork((text, test, True)), frame)
            results += self.value(node.orelse, tested.fork((text, test, False)), frame)
        return results

    def comprehension(self, node, state: State, frame: _Frame):
        if len(node.generators) != 1:
            return Unknown(f"a comprehension at line {node.lineno}")
        generator = node.generators[0]
        scratch = state.fork()
        items = _items(self.value(generator.iter, scratch, frame)[0][1])
        if items is None:
            return Unknown(f"a comprehension over {generator.iter.as_string()} (line {node.lineno})")
        found = []
        for item in items:
            self.bind(generator.target, item, scratch, frame)
            keep = True
            for test in generator.ifs:
                decided = truth(self.value(test, scratch, frame)[0][1])
                if decided is None:
                    return Unknown(f"a comprehension filtered by {test.as_string()} (line {node.lineno})")
                keep = keep and decided
            if keep:
                found.append(self.value(node.elt, scratch, frame)[0][1])
        return found if isinstance(node, nodes.ListComp) else tuple(found)

    # -- calls --------------------------------------------------------------------------------------------------
    def call(self, node: nodes.Call, state: State, frame: _Frame) -> list[tuple[State, object]]:
        func = node.func
        called = func.attrname if isinstance(func, nodes.Attribute) else getattr(func, "name", "")
        results = []
        for current, arguments in self.values(node.args, state, frame):
            for after, keywords in self.values([k.value for k in node.keywords or ()], current, frame):
                named = {k.arg: v for k, v in zip(node.keywords or (), keywords) if k.arg}
                results += self.dispatch(node, called, arguments, named, after, frame)
        return results

    def dispatch(self, node, called, arguments, named, state, frame) -> list[tuple[State, object]]:
        fact = _fact_query(called, arguments, node, self.soc)
        if fact is not None:
            return [(state, fact)]
        if called == "gen_param":
            return [(state, _param(arguments, named))]
        if called == "check_op_cap":
            return [(state, Unknown("the Ascend C operator decides (tbe.tikcpp.check_op_cap reads its OpDef, not Python)"))]
        if called == "get_dynamic_param_in_json" or called == "dumps":
            return [(state, _selection(arguments[0] if arguments else None, node.lineno))]
        func = node.func
        scope = frame.module.scope
        if isinstance(func, nodes.Name):
            local = frame.locals.get(func.name) or frame.module.functions.get(func.name)
            if local is not None:
                return self.inline(local, frame.module, arguments, named, state, frame, node)
            if func.name in BUILTINS and func.name not in state.env and scope.qualify(func) is None:
                return [(state, call_builtin(func.name, arguments, named, node.lineno))]
        if isinstance(func, nodes.Attribute):
            receivers = self.value(func.expr, state, frame) if not scope.qualify(func) else []
            if receivers:
                return [(s, method(receiver, func.attrname, arguments, named, node.lineno)) for s, receiver in receivers]
        qualified = scope.qualify(func) or func.as_string()
        loaded = self.load(qualified) if self.load is not None and qualified.startswith("impl.") else None
        if loaded is not None:
            return self.inline(loaded[0], loaded[1], arguments, named, state, frame, node)
        return [(state, Unknown(f"{qualified}(...) at line {node.lineno}"))]

    def inline(self, function, module, arguments, named, state, frame, node) -> list[tuple[State, object]]:
        if frame.depth >= MAX_DEPTH:
            return [(state, Unknown(f"{function.name}(...) nested deeper than {MAX_DEPTH} (line {node.lineno})"))]
        names = _param_names(function)
        saved = state.env
        state.env = {}
        for index, name in enumerate(names):
            if index < len(arguments):
                state.env[name] = arguments[index]
            elif name in named:
                state.env[name] = named[name]
        for argument, default in zip(reversed(function.args.args or []), reversed(function.args.defaults or [])):
            if argument.name not in state.env:
                state.env[argument.name] = default.value if isinstance(default, nodes.Const) else Unknown(default.as_string())
        before = state.conditions
        ended = self.block(function.body, [state], _Frame(function, module, frame.depth + 1))
        values = [end.returned if end.flag == _RETURNED else None for end in ended]
        if len(ended) > 1 and all(_plain(v) for v in values):
            # A helper answering a question about shapes (`_can_division_sixteen(shape)`) on several paths: one
            # path on, with its answer unknown unless every path gave the same one.
            same = all(v == values[0] for v in values)
            answer = values[0] if same else Unknown(f"{function.name}(...) at line {node.lineno}, which tests shapes or attributes")
            return [(State(saved, before), answer)]
        results = []
        for end in ended:
            value = end.returned if end.flag == _RETURNED else None
            results.append((State(saved if len(ended) == 1 else {k: copied(v) for k, v in saved.items()}, end.conditions), value))
        return results


def _plain(value) -> bool:
    """A value a caller only tests or computes with (not a selection or the lists one is built from)."""
    return value is None or isinstance(value, (bool, int, float, str, Unknown, Fact))


def _items(value) -> list | None:
    if isinstance(value, (list, tuple)):
        return list(value)
    if isinstance(value, dict):
        return list(value)
    if isinstance(value, str):
        return list(value)
    if isinstance(value, range):
        return list(value)
    return None


def _dict(items: list) -> dict | Unknown:
    keys, values = items[0::2], items[1::2]
    if any(isinstance(k, (Unknown, list, dict)) for k in keys):
        return Unknown("a dict with unknown keys")
    return dict(zip(keys, values))


def _unary(operator: str, value, text: str):
    if operator == "not":
        if isinstance(value, Fact):
            return Fact({"not": value.test}, text)
        decided = truth(value)
        return Unknown(f"{text}") if decided is None else not decided
    if isinstance(value, (int, float)) and not isinstance(value, bool):
        return -value if operator == "-" else (value if operator == "+" else ~value)
    return Unknown(text)


def _combine(operator: str, items: list, text: str):
    """Python's and/or where every item is plain; one fact test where facts mix; unknown otherwise."""
    if all(truth(v) is not None for v in items):
        for item in items:
            if truth(item) is (operator == "or"):
                return item
        return items[-1]
    key = "all" if operator == "and" else "any"
    parts = []
    for item in items:
        decided = truth(item)
        if decided is not None:
            if decided is (operator == "or"):
                return item
            continue
        parts.append(item.test if isinstance(item, Fact) else None)
    if all(part is None for part in parts):
        return Unknown(text)
    return Fact({key: parts}, text)


def _fact_query(called: str, arguments: list, node, soc) -> object | None:
    """api_check_support / intrinsic_check_support / get_soc_spec: answered by the SoC when one is given, else facts
    the install answers per SoC later."""
    if called in ("api_check_support", "intrinsic_check_support"):
        if arguments and all(isinstance(a, str) for a in arguments[:2]):
            kind = "api" if called == "api_check_support" else "intrinsic"
            query = {"name": arguments[0], "dtype": arguments[1] if len(arguments) > 1 else ""}
            answer = soc.answer(kind, query["name"], query["dtype"]) if soc is not None else None
            return answer if answer is not None else Fact({kind: query}, node.as_string())
        return Unknown(f"{called} with arguments the analysis cannot read (line {node.lineno})")
    if called == "get_soc_spec":
        key = arguments[0] if arguments else None
        if key in ("SHORT_SOC_VERSION", "SOC_VERSION"):
            known = soc.name(full=key == "SOC_VERSION") if soc is not None else None
            return known if known is not None else SocName(full=key == "SOC_VERSION")
        return Unknown(f"get_soc_spec({key!r})")
    return None


def _param(arguments: list, named: dict) -> Param | Unknown:
    fields = dict(zip(("classify", "name", "datatype", "format", "unknownshape_format"), arguments))
    fields.update(named)
    index, name = fields.get("classify"), fields.get("name")
    if not isinstance(index, str) or not isinstance(name, str):
        return Unknown("gen_param with a port the analysis cannot read")
    return Param(index=index, name=name, dtypes=split_list(fields.get("datatype")), formats=split_list(fields.get("format")))


def _selection(value, line: int) -> Selection | Unknown:
    if isinstance(value, (list, tuple)) and all(isinstance(v, Param) for v in value):
        return Selection(tuple(value))
    if isinstance(value, dict) and value:
        params = []
        for index, entry in value.items():
            if not isinstance(entry, dict) or not isinstance(index, str):
                return Unknown(f"a selection built at line {line} the analysis cannot read")
            params.append(Param(index, str(entry.get("name", index)), split_list(entry.get("dtype")),
                                split_list(entry.get("format"))))
        return Selection(tuple(params))
    found = unknown_in(value)
    return found or Unknown(f"a selection built at line {line} from values the analysis cannot read")


def _known(state: State, text: str, value) -> bool | None:
    """What this path already took for the same fact (`if fp32:` ... `if fp32:`) or the same test text."""
    for seen_text, seen_test, holds in state.conditions:
        if isinstance(value, Fact) and seen_test is not None and seen_test == value.test or seen_text == text:
            return holds
    return None


def _leaves(node: nodes.If) -> bool:
    """True when a side of the `if` can return, raise, break or continue: its paths cannot be joined."""
    jumps = (nodes.Return, nodes.Raise, nodes.Break, nodes.Continue)
    return any(isinstance(n, jumps) for branch in (node.body, node.orelse) for item in branch
               for n in [item, *item.nodes_of_class(jumps)])


def _joined(then: list[State], otherwise: list[State], node: nodes.If) -> list[State]:
    """Pairs of end states of the two sides, with every name they disagree on made unknown."""
    joined = []
    for left in then:
        for right in otherwise:
            if left.conditions != right.conditions:
                continue
            reason = Unknown(f"{node.test.as_string()} (line {node.lineno})")
            env = {name: _join(left.env.get(name, reason), right.env.get(name, reason), reason)
                   for name in set(left.env) | set(right.env)}
            joined.append(State(env, left.conditions))
    return joined or then + otherwise


def _join(left, right, reason: Unknown):
    """One value for two paths: the same where they agree (a port's dtypes when only its formats differ)."""
    if left == right:
        return left
    if isinstance(left, Param) and isinstance(right, Param) and (left.index, left.name) == (right.index, right.name):
        return Param(left.index, left.name, _join(left.dtypes, right.dtypes, reason), _join(left.formats, right.formats, reason))
    if isinstance(left, (list, tuple)) and isinstance(right, (list, tuple)) and len(left) == len(right) \
            and any(isinstance(v, Param) for v in left):
        joined = [_join(a, b, reason) for a, b in zip(left, right)]
        return joined if isinstance(left, list) else tuple(joined)
    return reason


def _merged(states: list[State]) -> list[State]:
    """Paths of one `if` that meet again with the same values become one, without that test."""
    merged: list[State] = []
    for state in states:
        for other in merged:
            if other.flag == state.flag and other.returned == state.returned and other.env == state.env \
                    and len(other.conditions) == len(state.conditions) and other.conditions[:-1] == state.conditions[:-1] \
                    and other.conditions and other.conditions[-1][0] == state.conditions[-1][0] \
                    and other.conditions[-1][2] != state.conditions[-1][2]:
                other.conditions = other.conditions[:-1]
                break
        else:
            merged.append(state)
    return merged if len(merged) == len(states) else _merged(merged)
