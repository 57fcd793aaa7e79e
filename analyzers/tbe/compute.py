"""The compute graph: every DSL call on every path from the entry, with branch guards, data sources and helpers inlined.

Local helpers are inlined per call site. Methods of module-level classes (`impl = Impl(x)`, `impl.do_compute(t)`,
`self.step(t)`) are walked once per object, at their first call site (classes of big TIK/DSL hybrids call each other
so often that per-site inlining grows exponentially); later calls reuse what that walk returned. A method the
module does not define is a `tbe-method-not-followed` finding.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from astroid import nodes

from op_migrate.analyzers.tbe.call_site import is_class_name, is_operator_tree_helper, reads_dtype, substitute
from op_migrate.analyzers.tbe.dsl_reach import DslReach
from op_migrate.analyzers.tbe.guard_record import GuardRecorder
from op_migrate.analyzers.tbe.guards import negate, terminates
from op_migrate.analyzers.tbe.imports import ImportScope
from op_migrate.analyzers.tbe.local_classes import find_method

Sources = frozenset
MAX_DEPTH = 6
# Calls into imported modules that only build constants or read attributes: not steps of the flow.
_QUIET = {"tvm.const", "tvm.convert", "shape_util.shape_to_list", "tbe_platform.api_check_support", "tbe_platform.get_soc_spec"}
_LABEL_LIMIT = 72
# Data sources that are tensors: a DSL call's result or a placeholder.
_TENSOR_SOURCES = ("call:", "placeholder:")
# Attributes of a tensor that are metadata, not data: `x.dtype` passed to a helper is not a tensor argument.
_METADATA = {"dtype", "shape", "name", "op", "tag", "ndim"}
_INSTANCE = "instance:"
_RAW_COMPUTE = ("tvm.compute", "te.compute")


@dataclass
class _Frame:
    env: dict
    guards: tuple
    via: tuple
    locals: dict
    items: list
    returns: list = field(default_factory=list)
    done: bool = False
    base: int = 0  # how many guards came from the callers (the function's own guards come after)
    literals: dict = field(default_factory=dict)  # parameter -> literal text passed at this inlined call site
    own_guard: bool = True  # the innermost guard is an `if` around this block, not a return that came before it

    def child(self, guards: tuple, items: list | None = None, env: dict | None = None) -> "_Frame":
        return _Frame(dict(self.env) if env is None else env, guards, self.via, dict(self.locals), [] if items is None else items,
                      self.returns, base=self.base, literals=self.literals)


def _flat(sources) -> frozenset:
    if isinstance(sources, tuple):
        return frozenset().union(*sources) if sources else frozenset()
    return sources


class ComputeWalker:
    """Walks function bodies symbolically; never evaluates anything but the shape of the code."""

    def __init__(self, scope: ImportScope, module_functions: dict, catalog: dict, constants: dict | None = None,
                 *, classes: dict | None = None, values: dict | None = None, roles: dict | None = None) -> None:
        self.scope = scope
        self.constants = constants or {}
        self.module_functions = module_functions
        self.classes = classes or {}
        self.catalog = catalog
        self.calls: list[dict] = []
        self.helpers: dict[str, list] = {}
        self.reached: set[str] = set()
        self.notes: list[tuple[str, dict, int]] = []
        self.recorder = GuardRecorder(values or {}, roles or {}, module_functions)
        self._texts: dict[int, str] = {}
        self._resolved: dict[int, tuple] = {}
        self._external_seen: set[tuple[str, int]] = set()
        self._instances: dict[str, nodes.ClassDef] = {}
        self._attributes: dict[str, dict] = {}  # instance -> attribute -> sources
        self._unfollowed: set[tuple[str, int]] = set()
        self._walked_methods: dict[tuple[str, str], object] = {}  # (instance, method) -> what the walk returned
        self._recursion_seen: set[tuple[str, int]] = set()
        self._reach = DslReach(self._resolve, module_functions, self.classes)  # for recursion findings

    @property
    def guards(self) -> dict:
        return self.recorder.kinds

    def site_text(self, node: nodes.NodeNG, frame: _Frame) -> str:
        """The node's text with the literals passed at this inlined call site substituted for the parameters."""
        return substitute(self.text(node), frame.literals) if frame.literals else self.text(node)

    def text(self, node: nodes.NodeNG) -> str:
        """node.as_string(), once per node: inlined helpers revisit the same nodes at every call site."""
        key = id(node)
        found = self._texts.get(key)
        if found is None:
            found = self._texts[key] = node.as_string()
        return found

    def _resolve(self, func: nodes.NodeNG):
        key = id(func)
        found = self._resolved.get(key)
        if found is None:
            qualified = self.scope.qualify(func)
            dsl = self.scope.dsl_name(func) if qualified else None
            if dsl is None and qualified is not None and qualified.endswith(_RAW_COMPUTE):
                dsl = ("tvm.compute", qualified)  # a body written out in tvm: listed with the calls, as raw compute
            found = self._resolved[key] = (dsl, qualified)
        return found

    def label(self, node: nodes.Call) -> str:
        arguments = [self.text(a) for a in node.args] + [f"{k.arg}={self.text(k.value)}" for k in node.keywords or ()]
        return _shorten(f"{self.text(node.func)}({', '.join(arguments)})")

    # -- entry points -------------------------------------------------------------------------
    def walk_root(self, function: nodes.FunctionDef) -> list:
        """Walk a function as a root of the analysis; its parameters are data sources of their own."""
        self.reached.add(function.name)
        env = {name: Sources({f"param:{name}"}) for name in _param_names(function)}
        frame = _Frame(env=env, guards=(), via=(), locals={}, items=[])
        self._block(function.body, frame)
        return frame.items

    # -- statements ---------------------------------------------------------------------------
    def _block(self, statements: list, frame: _Frame) -> None:
        for index, statement in enumerate(statements):
            if frame.done:
                return
            if isinstance(statement, nodes.If) and not statement.orelse and terminates(statement.body):
                # `if c: ...; return` puts the rest of the block on the not-c side.
                self._branch(statement, statement.body, statements[index + 1:], frame, rest=True)
                return
            self._statement(statement, frame)

    def _statement(self, statement: nodes.NodeNG, frame: _Frame) -> None:
        if isinstance(statement, nodes.Assign):
            guard = frame.guards[-1] if len(frame.guards) > frame.base and frame.own_guard else None
            self.recorder.assignment(statement, guard, lambda node: self.site_text(node, frame), frame.env)
            sources = self._value(statement.value, frame)
            for target in statement.targets:
                self._bind(target, sources, frame)
            self._name_result(statement, sources)
        elif isinstance(statement, nodes.AugAssign):
            self.recorder.augment(statement, frame.env)
            sources = _flat(self._value(statement.value, frame))
            if isinstance(statement.target, nodes.AssignName):
                name = statement.target.name
                frame.env[name] = frame.env.get(name, Sources()) | sources
        elif isinstance(statement, nodes.AnnAssign) and statement.value is not None:
            self._bind(statement.target, self._value(statement.value, frame), frame)
        elif isinstance(statement, nodes.Expr):
            self._value(statement.value, frame)
        elif isinstance(statement, nodes.Return):
            frame.returns.append(self._value(statement.value, frame) if statement.value is not None else Sources())
            frame.items.append({"type": "return", "line": statement.lineno, "label": _shorten(self.text(statement))})
            frame.done = True
        elif isinstance(statement, nodes.Raise):
            frame.items.append({"type": "step", "line": statement.lineno, "label": _shorten(self.text(statement))})
            frame.done = True
        elif isinstance(statement, nodes.If):
            self._branch(statement, statement.body, statement.orelse, frame)
        elif isinstance(statement, (nodes.For, nodes.While)):
            self._loop(statement, frame)
        elif isinstance(statement, nodes.With):
            for context, _ in statement.items:
                self._value(context, frame)
            self._block(statement.body, frame)
        elif isinstance(statement, nodes.Try):
            self._block(statement.body, frame)
            frame.done = False
            for handler in statement.handlers:
                label = f"except {self.text(handler.type)}" if handler.type else "except"
                self._guarded(label, handler.lineno, handler.body, frame)
            self._block(statement.orelse + statement.finalbody, frame)
        elif isinstance(statement, nodes.FunctionDef):
            frame.locals[statement.name] = statement

    def _guarded(self, text: str, line: int, body: list, frame: _Frame) -> None:
        child = frame.child(frame.guards + (text,))
        self._block(body, child)
        frame.items.append({"type": "branch", "guard": text, "line": line, "then": child.items, "else": []})
        frame.env.update(child.env)

    def _branch(self, statement: nodes.If, then_body: list, else_body: list, frame: _Frame, rest: bool = False) -> None:
        """rest: else_body is the rest of the block after `if c: return` (its guard holds on the path, it sets no
        value: an assignment there is not "under" it)."""
        text = self.site_text(statement.test, frame)
        self.recorder.branch(statement, text, frame.env)
        sides = []
        for guard, body in ((text, then_body), (negate(text), else_body)):
            child = frame.child(frame.guards + (guard,))
            child.own_guard = not (rest and body is else_body)
            self._block(body, child)
            sides.append(child)
        then_side, else_side = sides
        frame.items.append(
            {"type": "branch", "guard": text, "line": statement.lineno, "then": then_side.items, "else": else_side.items}
        )
        live = [side for side in sides if not side.done]
        frame.done = not live
        merged: dict = {}
        for side in live:
            for name, sources in side.env.items():
                merged[name] = merged.get(name, Sources()) | _flat(sources)
        frame.env = merged if live else frame.env

    def _loop(self, statement, frame: _Frame) -> None:
        if isinstance(statement, nodes.For):
            sources = _flat(self._value(statement.iter, frame))
            self._bind(statement.target, sources, frame)
            for name in statement.target.nodes_of_class(nodes.AssignName):
                self.recorder.bind(statement, name.name, statement.iter, frame.env)
            label = f"for {self.text(statement.target)} in {self.text(statement.iter)}"
        else:
            label = f"while {self.text(statement.test)}"
        child = frame.child(frame.guards, env=frame.env)
        child.locals = frame.locals
        self._block(statement.body, child)
        frame.items.append({"type": "loop", "label": _shorten(label), "line": statement.lineno, "body": child.items})
        self._block(statement.orelse, frame)

    def _bind(self, target: nodes.NodeNG, sources, frame: _Frame) -> None:
        if isinstance(target, nodes.AssignName):
            frame.env[target.name] = _flat(sources)
        elif isinstance(target, nodes.AssignAttr):
            for instance in self._instances_of(target.expr, frame):
                self._attributes[instance][target.attrname] = _flat(sources)
        elif isinstance(target, (nodes.Tuple, nodes.List)):
            parts = sources if isinstance(sources, tuple) and len(sources) == len(target.elts) else None
            for index, element in enumerate(target.elts):
                self._bind(element, parts[index] if parts else _flat(sources), frame)

    def _name_result(self, statement: nodes.Assign, sources) -> None:
        if isinstance(statement.value, nodes.Call) and isinstance(sources, frozenset) and len(sources) == 1:
            (source,) = sources
            if source.startswith("call:") and self.calls[int(source[5:])]["result"] is None:
                self.calls[int(source[5:])]["result"] = self.text(statement.targets[0])

    # -- expressions --------------------------------------------------------------------------
    def _value(self, node: nodes.NodeNG | None, frame: _Frame):
        if node is None or isinstance(node, nodes.Const):
            return Sources()
        if isinstance(node, nodes.Call):
            return self._call(node, frame)
        if isinstance(node, nodes.Name):
            return frame.env.get(node.name, Sources())
        if isinstance(node, (nodes.Tuple, nodes.List)):
            return tuple(_flat(self._value(element, frame)) for element in node.elts)
        if isinstance(node, nodes.Lambda):
            # `lambda *i: x(*i) * y(*i)` reads the tensors it names (a tvm.compute body): those are its sources.
            own = {arg.name for arg in node.args.arguments} | {node.args.vararg, node.args.kwarg}
            names = [n.name for n in node.body.nodes_of_class(nodes.Name) if n.name not in own]
            return frozenset().union(*(_flat(frame.env.get(name, Sources())) for name in names)) if names else Sources()
        if isinstance(node, nodes.FunctionDef):
            return Sources()
        if isinstance(node, nodes.Attribute):
            if node.attrname in _METADATA:
                return Sources()
            instances = self._instances_of(node.expr, frame)
            if instances:
                return frozenset().union(*(self._attributes[i].get(node.attrname, Sources()) for i in instances))
        merged = Sources()
        for child in node.get_children():
            merged |= _flat(self._value(child, frame))
        return merged

    def _instances_of(self, node: nodes.NodeNG, frame: _Frame) -> list[str]:
        if not isinstance(node, nodes.Name):
            return []
        return sorted(s for s in frame.env.get(node.name, ()) if s.startswith(_INSTANCE))

    def _call(self, node: nodes.Call, frame: _Frame):
        receiver = self._value(node.func.expr, frame) if isinstance(node.func, nodes.Attribute) else Sources()
        arguments = [self._value(argument, frame) for argument in node.args]
        arguments += [self._value(keyword.value, frame) for keyword in node.keywords or ()]
        inputs = frozenset().union(*(_flat(a) for a in arguments)) if arguments else Sources()
        dsl, qualified = self._resolve(node.func)
        if dsl is not None:
            return self._record(node, dsl, inputs, frame)
        if isinstance(node.func, nodes.Name):
            helper = frame.locals.get(node.func.name) or self.module_functions.get(node.func.name)
            if helper is not None:
                return self._inline(node, helper, arguments, frame)
            if node.func.name in self.classes:
                return self._construct(node, self.classes[node.func.name], arguments, frame)
        if isinstance(node.func, nodes.Attribute):
            instances = sorted(s for s in _flat(receiver) if s.startswith(_INSTANCE))
            if instances:
                return self._method_call(node, instances, arguments, frame)
        if qualified is None:
            return _flat(receiver) | inputs  # a method of a local value: its data flows through
        given = inputs | _flat(receiver)
        if is_operator_tree_helper(qualified) and (any(s.startswith(_TENSOR_SOURCES) for s in given)
                                                    or is_class_name(qualified) and any(s.startswith("param:") for s in given)):
            # A tensor-taking function of another module, or a helper class built from the operator's own inputs
            # (Conv2dParaProcess(paras)): either holds part of what the operator does.
            return self._external(node, qualified, given, frame)
        if self.text(node.func) not in _QUIET:
            frame.items.append({"type": "step", "line": node.lineno, "label": self.label(node)})
        if qualified.endswith(".placeholder"):
            return Sources({f"placeholder:{_placeholder_name(node)}"})
        # Shape utilities and platform queries carry no tensor data.
        return Sources()

    def _construct(self, node: nodes.Call, cls: nodes.ClassDef, arguments: list, frame: _Frame):
        """`Impl(x, y)`: a new instance of a module-level class; its __init__ is inlined with `self` bound to it."""
        instance = f"{_INSTANCE}{cls.name}@{node.lineno}"
        self._instances[instance] = cls
        self._attributes.setdefault(instance, {})
        init, _ = find_method(cls, "__init__", self.classes)
        if init is not None:
            self._walked_methods[(instance, "__init__")] = Sources()
            self._inline(node, init, [Sources({instance}), *arguments], frame, owner=cls.name, offset=1)
        return Sources({instance})

    def _method_call(self, node: nodes.Call, instances: list[str], arguments: list, frame: _Frame):
        name = node.func.attrname
        results = Sources()
        for instance in instances:
            cls = self._instances[instance]
            method, foreign = find_method(cls, name, self.classes)
            if method is None:
                if (name, node.lineno) not in self._unfollowed:
                    self._unfollowed.add((name, node.lineno))
                    where = f"it is inherited from {', '.join(foreign)}, defined elsewhere" if foreign else "the class does not define it"
                    self.notes.append(("tbe-method-not-followed", {"name": f"{cls.name}.{name}", "reason": where}, node.lineno))
                frame.items.append({"type": "step", "line": node.lineno, "label": self.label(node)})
                results |= frozenset().union(*(_flat(a) for a in arguments)) if arguments else Sources()
                continue
            key = (instance, method.name)
            if key in self._walked_methods:
                frame.items.append({"type": "helper", "name": f"{cls.name}.{method.name}", "line": node.lineno, "label": self.label(node)})
                results |= _flat(self._walked_methods[key])
                continue
            self._walked_methods[key] = Sources()  # a method reached again while it is walked returns nothing new
            returned = self._inline(node, method, [Sources({instance}), *arguments], frame, owner=cls.name, offset=1)
            self._walked_methods[key] = returned
            results |= _flat(returned)
        return results

    def _external(self, node: nodes.Call, qualified: str, inputs: frozenset, frame: _Frame):
        """A tensor-taking helper imported from another module of the operator tree: an opaque step, said not guessed."""
        if (qualified, node.lineno) not in self._external_seen:
            self._external_seen.add((qualified, node.lineno))
            self.notes.append(("tbe-external-helper", {"name": qualified}, node.lineno))
        frame.items.append({"type": "external", "line": node.lineno, "label": self.label(node), "qualified": qualified})
        # Its result is taken to depend on every tensor passed in; what it computes is unknown.
        return inputs

    def _site_literals(self, node: nodes.Call, names: list[str], frame: _Frame, helper: nodes.FunctionDef) -> dict:
        """Parameter -> literal text for string arguments (or the caller's own substituted parameters).

        Strings only: they name the API, dtype or mode a guard asks about; a number would turn one guard
        (`n == 0`) into one unclassified guard per call site (`3 == 0`, `6 == 0`) without telling more.
        """
        positional = [] if any(isinstance(a, nodes.Starred) for a in node.args) else list(zip(names, node.args))
        bound = positional + [(k.arg, k.value) for k in node.keywords or () if k.arg in names]
        literals = {}
        for name, argument in bound:
            self.recorder.bind(helper.body[0] if helper.body else helper, name, argument, frame.env)
            if isinstance(argument, nodes.Const) and isinstance(argument.value, str):
                literals[name] = self.text(argument)
            elif isinstance(argument, nodes.Name):
                if argument.name in frame.literals:
                    literals[name] = frame.literals[argument.name]
                self.recorder.alias_dtype(argument.name, name)
        return literals

    def _record(self, node: nodes.Call, dsl: tuple[str, str], inputs: frozenset, frame: _Frame):
        name, qualified = dsl
        entry = self.catalog.get(name)
        index = len(self.calls)
        self.calls.append(
            {
                "id": index,
                "name": name,
                "line": node.lineno,
                "guards": frame.guards,
                "qualified": qualified,
                "category": entry["category"] if entry else "unknown",
                "args": tuple(_shorten(self.text(a)) for a in node.args)
                + tuple(f"{k.arg}={_shorten(self.text(k.value))}" for k in node.keywords or ()),
                "inputs": tuple(sorted(s for s in inputs if not s.startswith(_INSTANCE))),
                "result": None,
                "via": frame.via,
            }
        )
        label = self.label(node)
        used = [f"{name} = {text}" for name, text in self.constants.items() if name in label]
        if used:
            label = f"{label} [{'; '.join(used)}]"
        frame.items.append({"type": "call", "id": index, "line": node.lineno, "label": label})
        return Sources({f"call:{index}"})

    def _inline(self, node: nodes.Call, helper: nodes.FunctionDef, arguments: list, frame: _Frame,
                owner: str | None = None, offset: int = 0):
        """Walk `helper` at this call site; `offset` = 1 when arguments[0] is the bound `self`."""
        qualified = f"{owner}.{helper.name}" if owner else helper.name
        site = f"{qualified}@{node.lineno}"
        if len(frame.via) >= MAX_DEPTH or any(step.startswith(qualified + "@") for step in frame.via):
            # Said only where something is lost: a helper that reaches no DSL call (TIK index arithmetic) hides nothing.
            if (qualified, node.lineno) not in self._recursion_seen and self._reach.reaches(helper, frame.locals):
                self._recursion_seen.add((qualified, node.lineno))
                self.notes.append(("tbe-helper-recursion", {"name": qualified, "depth": len(frame.via)}, node.lineno))
            frame.items.append({"type": "step", "line": node.lineno, "label": self.label(node)})
            return frozenset().union(*(_flat(a) for a in arguments[offset:])) if arguments[offset:] else Sources()
        self.reached.add(qualified)
        env = {}
        names = _param_names(helper)
        # `helper(*args)`: which argument lands on which parameter is not known; each keeps its own name.
        starred = any(isinstance(a, nodes.Starred) for a in node.args)
        for position, name in enumerate(names):
            bound = _flat(arguments[position]) if position < len(arguments) and not starred else Sources()
            env[name] = bound or Sources({f"param:{name}"})
        literals = self._site_literals(node, names[offset:], frame, helper)
        child = _Frame(env, frame.guards, frame.via + (site,), dict(frame.locals), [], base=len(frame.guards), literals=literals)
        self._block(helper.body, child)
        # The body is kept once per helper (first call site), not per call: documents stay small.
        frame.items.append({"type": "helper", "name": qualified, "line": node.lineno, "label": self.label(node)})
        self.helpers.setdefault(qualified, child.items)
        returns = child.returns
        if not returns:
            return Sources()
        if all(isinstance(r, tuple) for r in returns) and len({len(r) for r in returns}) == 1:
            return tuple(frozenset().union(*(r[i] for r in returns)) for i in range(len(returns[0])))
        return frozenset().union(*(_flat(r) for r in returns))


def _placeholder_name(node: nodes.Call) -> str:
    for keyword in node.keywords or ():
        if keyword.arg == "name" and isinstance(keyword.value, nodes.Const):
            return str(keyword.value.value)
    strings = [a.value for a in node.args[1:] if isinstance(a, nodes.Const) and isinstance(a.value, str)]
    return strings[-1] if strings else f"line{node.lineno}"


def _param_names(function: nodes.FunctionDef) -> list[str]:
    arguments = function.args
    return [arg.name for arg in (arguments.posonlyargs or []) + (arguments.args or [])]


def _shorten(text: str) -> str:
    return text if len(text) <= _LABEL_LIMIT else text[: _LABEL_LIMIT - 3] + "..."


__all__ = ["ComputeWalker", "reads_dtype"]
