"""Expressions of an op_select_format run (analyzers.tbe.select_format): every evaluation returns the paths it
leads to, each with its value (a call of a helper that forks forks its caller)."""

from __future__ import annotations

from astroid import nodes

from op_migrate.analyzers.tbe.select_ops import (BUILTINS, binary, call_builtin, combine, compare, fact_query, gen_param,
                                                 method, selection_of, subscript, truth, unary)
from op_migrate.analyzers.tbe.select_paths import RETURNED, Frame, State, known, param_names
from op_migrate.analyzers.tbe.select_values import Fact, InputDict, Unknown, as_dict, copied, items_of, plain

MAX_DEPTH = 4


class Expressions:
    """The expression half of the executor; the statement half (block) is analyzers.tbe.select_format.Executor."""

    def value(self, node: nodes.NodeNG, state: State, frame: Frame) -> list[tuple[State, object]]:
        if isinstance(node, nodes.Const):
            return [(state, node.value)]
        if isinstance(node, nodes.Name):
            return [(state, self.name(node, state, frame))]
        if isinstance(node, (nodes.List, nodes.Tuple, nodes.Set)):
            return [(s, list(items) if isinstance(node, nodes.List) else tuple(items))
                    for s, items in self.values(node.elts, state, frame)]
        if isinstance(node, nodes.Dict):
            return [(s, as_dict(items)) for s, items in self.values([x for pair in node.items for x in pair], state, frame)]
        if isinstance(node, nodes.JoinedStr):
            return [(s, "".join(str(v) for v in items) if not any(isinstance(v, Unknown) for v in items)
                     else Unknown(f"a formatted string at line {node.lineno}")) for s, items in self.values(node.values, state, frame)]
        if isinstance(node, nodes.FormattedValue):
            return self.value(node.value, state, frame)
        if isinstance(node, nodes.BinOp):
            return [(s, binary(node.op, a, b, node.lineno)) for s, (a, b) in self.values([node.left, node.right], state, frame)]
        if isinstance(node, nodes.UnaryOp):
            return [(s, unary(node.op, v, node.as_string())) for s, v in self.value(node.operand, state, frame)]
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

    def values(self, parts: list, state: State, frame: Frame) -> list[tuple[State, list]]:
        """Every part evaluated in order, the paths of one carried into the next."""
        results = [(state, [])]
        for part in parts:
            following = []
            for current, done in results:
                following += [(s, done + [v]) for s, v in self.value(part, current, frame)]
            results = following
        return results

    def name(self, node: nodes.Name, state: State, frame: Frame):
        if node.name in state.env:
            return state.env[node.name]
        if node.name in frame.module.constants:
            return copied(frame.module.constants[node.name])
        if node.name in ("True", "False", "None"):
            return {"True": True, "False": False, "None": None}[node.name]
        qualified = frame.module.scope.qualify(node)
        return Unknown(f"{qualified or node.name}")

    def attribute(self, node: nodes.Attribute, state: State, frame: Frame):
        text = node.as_string()
        if text in frame.module.constants:
            return copied(frame.module.constants[text])
        if node.attrname in ("SHORT_SOC_VERSION", "SOC_VERSION"):
            return node.attrname
        base = self.value(node.expr, state, frame)[0][1] if not isinstance(node.expr, nodes.Name) or node.expr.name in state.env else None
        if isinstance(base, InputDict):
            return Unknown(f"the {node.attrname} of {base.name}")
        return Unknown(frame.module.scope.qualify(node) or text)

    def boolean(self, node: nodes.BoolOp, state: State, frame: Frame) -> list[tuple[State, object]]:
        """and / or over facts and unknowns builds one condition; plain values short-circuit as Python does."""
        results = []
        for current, items in self.values(node.values, state, frame):
            results.append((current, combine(node.op, items, node.as_string())))
        return results

    def choice(self, node: nodes.IfExp, state: State, frame: Frame) -> list[tuple[State, object]]:
        results = []
        for tested, value in self.value(node.test, state, frame):
            decided = truth(value)
            if decided is None:
                decided = known(tested, node.test.as_string(), value)
            if decided is not None:
                results += self.value(node.body if decided else node.orelse, tested, frame)
                continue
            text = node.test.as_string()
            test = value.test if isinstance(value, Fact) else None
            results += self.value(node.body, tested.fork((text, test, True)), frame)
            results += self.value(node.orelse, tested.fork((text, test, False)), frame)
        return results

    def comprehension(self, node, state: State, frame: Frame):
        if len(node.generators) != 1:
            return Unknown(f"a comprehension at line {node.lineno}")
        generator = node.generators[0]
        scratch = state.fork()
        items = items_of(self.value(generator.iter, scratch, frame)[0][1])
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
    def call(self, node: nodes.Call, state: State, frame: Frame) -> list[tuple[State, object]]:
        func = node.func
        called = func.attrname if isinstance(func, nodes.Attribute) else getattr(func, "name", "")
        results = []
        for current, arguments in self.values(node.args, state, frame):
            for after, keywords in self.values([k.value for k in node.keywords or ()], current, frame):
                named = {k.arg: v for k, v in zip(node.keywords or (), keywords) if k.arg}
                results += self.dispatch(node, called, arguments, named, after, frame)
        return results

    def dispatch(self, node, called, arguments, named, state, frame) -> list[tuple[State, object]]:
        fact = fact_query(called, arguments, node, self.soc)
        if fact is not None:
            return [(state, fact)]
        if called == "gen_param":
            return [(state, gen_param(arguments, named))]
        if called == "check_op_cap":
            return [(state, Unknown("the Ascend C operator decides (tbe.tikcpp.check_op_cap reads its OpDef, not Python)"))]
        if called == "get_dynamic_param_in_json" or called == "dumps":
            return [(state, selection_of(arguments[0] if arguments else None, node.lineno))]
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
        names = param_names(function)
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
        ended = self.block(function.body, [state], Frame(function, module, frame.depth + 1))
        values = [end.returned if end.flag == RETURNED else None for end in ended]
        if len(ended) > 1 and all(plain(v) for v in values):
            # A helper answering a question about shapes (`_can_division_sixteen(shape)`) on several paths: one
            # path on, with its answer unknown unless every path gave the same one.
            same = all(v == values[0] for v in values)
            answer = values[0] if same else Unknown(f"{function.name}(...) at line {node.lineno}, which tests shapes or attributes")
            return [(State(saved, before), answer)]
        results = []
        for end in ended:
            value = end.returned if end.flag == RETURNED else None
            results.append((State(saved if len(ended) == 1 else {k: copied(v) for k, v in saved.items()}, end.conditions), value))
        return results
