"""Dtype rules of the entry: check lists per input, conditional extensions, equalities, through local helpers and classes.

The entry is read first; every module-level function it calls and every method of a module-level class it
instantiates (`obj = Impl(x, y)`, `obj.check()`, `self.check_param()`) is read with its parameters and `self`
attributes bound to the entry's inputs, and with the conditions of the call site in front of its own.
"""

from __future__ import annotations

from dataclasses import dataclass

from astroid import nodes

from op_migrate.analyzers.proto.model import remap_note
from op_migrate.analyzers.tbe.constants import evaluate
from op_migrate.analyzers.tbe.dtype_idioms import list_at, param_name_of, rejecting_conjuncts, rejects, version_at
from op_migrate.analyzers.tbe.dtype_loops import bound, enclosing_loop, loop_elements
from op_migrate.analyzers.tbe.dtype_scope import Instance, Scope, new_scope
from op_migrate.analyzers.tbe.dtype_sites import Reach, Site, either_condition, merge_sites, partly_checked, paths, refused
from op_migrate.analyzers.tbe.guards import DTYPE_NAMES, conjoin, guards_of
from op_migrate.analyzers.tbe.local_classes import find_method

# Spellings the ops use for the same dtype.
_ALIASES = {"float": "float32", "half": "float16", "fp16": "float16", "fp32": "float32", "bf16": "bfloat16", "double": "float64"}
MAX_DEPTH = 5


def normalise(dtype: str) -> str:
    return _ALIASES.get(dtype.lower(), dtype.lower())


@dataclass(frozen=True)
class DtypeRules:
    """Per input: [(dtype, condition, line)]; equalities between inputs; unresolved checks (finding fields)."""

    accepted: dict
    equalities: tuple[tuple[str, str], ...]
    unresolved: tuple[tuple[str, dict, int], ...]
    partial: tuple[str, ...] = ()  # inputs no single check covers on every path
    conditional_equalities: tuple[dict, ...] = ()  # {"inputs": [a, b], "condition", "line"}: equal only under the condition


def _text(node: nodes.NodeNG) -> str | None:
    if isinstance(node, (nodes.Name, nodes.AssignName)):
        return node.name
    if isinstance(node, (nodes.Attribute, nodes.AssignAttr)) and isinstance(node.expr, nodes.Name) and node.expr.name == "self":
        return f"self.{node.attrname}"
    return None


def _is_dtype_check(func: nodes.NodeNG) -> bool:
    # para_check.check_dtype in current ops, util.check_dtype_rule in the older topi-based ones.
    return _called(func) in ("check_dtype", "check_dtype_rule")


def _called(func: nodes.NodeNG) -> str:
    return func.attrname if isinstance(func, nodes.Attribute) else getattr(func, "name", "")


def _guard_texts(node: nodes.NodeNG, scope: Scope) -> tuple[str, ...]:
    """The conditions around `node` inside its function, each once."""
    return tuple(dict.fromkeys(text for text, _ in guards_of(node, scope.function)))


def _is_key_comparison(func: nodes.NodeNG) -> bool:
    return _called(func) == "compare_tensor_dict_key"


def _is_dtype_key(args) -> bool:
    return bool(args) and isinstance(args[0], nodes.Const) and args[0].value == "dtype"


def _strings(value: object) -> list[str] | None:
    if isinstance(value, (list, tuple)) and all(isinstance(item, str) for item in value):
        return list(value)
    if isinstance(value, str):
        return [value]
    return None


class _Reader:
    """Reads every reachable scope once: trace names (and find callees), then read the checks."""

    def __init__(self, entry, inputs, constants, index, functions, classes) -> None:
        self.entry = entry
        self.inputs = inputs
        self.constants = constants
        self.index = index
        self.functions = functions
        self.classes = classes
        self.sites: list[Site] = []
        self.equalities: dict[tuple[str, str], list] = {}  # pair -> [(condition or None, line)] of every check
        self.unresolved: list[tuple[str, dict, int]] = []
        self.refusals: list[tuple[str, list[str], str | None]] = []  # (input, dtypes, condition of the raise)
        self._seen: dict = {}  # callee key -> its scope, which later call sites add their paths to
        self._instances: dict[int, Instance] = {}  # constructor call -> the object it makes

    def run(self) -> DtypeRules:
        params = [arg.name for arg in self.entry.args.args or []]
        work = [new_scope(self.entry, {name: name for name in params}, {}, Reach([(None, ())]))]
        while work:
            scope = work.pop(0)
            work += self._trace(scope)
            self._read_checks(scope)
        accepted = refused(merge_sites(self.sites), self.refusals)
        ordered = {name: accepted[name] for name in [*self.inputs, *sorted(accepted)] if name in accepted}
        unconditional = tuple(pair for pair, sites in self.equalities.items() if any(c is None for c, _ in sites))
        conditional = tuple(
            {"inputs": list(pair), "condition": either_condition([c for c, _ in sites]), "line": sites[0][1]}
            for pair, sites in self.equalities.items() if pair not in unconditional
        )
        return DtypeRules(accepted=ordered, equalities=unconditional, unresolved=tuple(self.unresolved),
                          conditional_equalities=conditional,
                          partial=tuple(p for p in partly_checked(self.sites) if p in ordered))

    # -- pass 1: what each name stands for, and which local functions are called with what -------------------
    def param_of_value(self, value: nodes.NodeNG, scope: Scope) -> str | None:
        """`x.get("dtype")`, `x["dtype"]`, `x.dtype`, `self.x_dtype`, or anything built from a traced name."""
        for node in [value, *value.nodes_of_class((nodes.Call, nodes.Subscript, nodes.Attribute, nodes.Name))]:
            if isinstance(node, nodes.Call) and isinstance(node.func, nodes.Attribute) and node.func.attrname == "get":
                if _text(node.func.expr) in scope.dicts and _is_dtype_key(node.args):
                    return scope.dicts[_text(node.func.expr)]
            if isinstance(node, nodes.Subscript) and _text(node.value) in scope.dicts:
                if isinstance(node.slice, nodes.Const) and node.slice.value == "dtype":
                    return scope.dicts[_text(node.value)]
            if isinstance(node, nodes.Attribute) and node.attrname == "dtype" and _text(node.expr) in scope.dicts:
                return scope.dicts[_text(node.expr)]
            if _text(node) in scope.dtypes:
                return scope.dtypes[_text(node)]
            if isinstance(node, nodes.Call) and "dtype" in _called(node.func) and len(node.args) == 1:
                # get_dtype(input_x), util.get_input_dtype(x): a helper reading the dict's dtype
                if _text(node.args[0]) in scope.dicts:
                    return scope.dicts[_text(node.args[0])]
        return None

    def _condition(self, node: nodes.NodeNG, scope: Scope) -> str | None:
        """The guards around `node` inside its function."""
        texts = _guard_texts(node, scope)
        return conjoin(texts) if texts else None

    def _trace(self, scope: Scope) -> list[Scope]:
        callees = []
        instances: dict[str, Instance] = {}
        for node in self.index.of((nodes.Assign, nodes.AugAssign, nodes.Call), scope.function):
            if isinstance(node, nodes.Assign) and len(node.targets) == 1:
                self._assign(node, scope, instances)
            elif isinstance(node, nodes.AugAssign) and _text(node.target) in scope.lists:
                items = _strings(evaluate(node.value, self.constants)) or []
                version_at(scope.lists, _text(node.target), node.lineno).extend(
                    (normalise(i), self._condition(node, scope), node.lineno) for i in items)
            elif isinstance(node, nodes.Call):
                receiver = node.func.expr if isinstance(node.func, nodes.Attribute) else None
                if receiver is not None and _text(receiver) in scope.lists and node.func.attrname in ("append", "extend"):
                    items = _strings(evaluate(node.args[0], self.constants)) if node.args else None
                    added = [(normalise(i), self._condition(node, scope), node.lineno) for i in items or []]
                    version_at(scope.lists, _text(receiver), node.lineno).extend(added)
                    continue
                callee = self._callee(node, scope, instances)
                if callee is not None:
                    callees.append(callee)
        return callees

    def _assign(self, node: nodes.Assign, scope: Scope, instances: dict) -> None:
        target, value = node.targets[0], node.value
        name = _text(target)
        if name is None:
            return
        items = _strings(evaluate(value, self.constants))
        # `check_list = ("float32")` is a string, not a tuple: check_dtype then accepts that one dtype.
        one_dtype = isinstance(value, nodes.Const) and isinstance(value.value, str) and normalise(value.value) in DTYPE_NAMES
        if items is not None and (not isinstance(value, nodes.Const) or one_dtype) and name not in scope.dtypes:
            # Each assignment is a version of the list: a check reads the one assigned last before it
            # (`check_list = (x dtypes)`, check x, `check_list = (shape dtypes)`, check shape).
            versions = scope.lists[name] if name in scope.lists else []
            condition = self._condition(node, scope)
            versions.append((node.lineno, condition, [(normalise(item), condition, node.lineno) for item in items]))
            scope.lists[name] = versions
            return
        if name in scope.dtypes and isinstance(value, nodes.Const) and isinstance(value.value, str):
            sources, test = _remap_sources(node, name, scope.function)
            if sources:
                condition = self._condition(node, scope) or test.test.as_string()
                scope.remaps.setdefault(name, []).append((normalise(value.value), sources, condition, node.lineno))
            return
        if isinstance(value, nodes.Call) and isinstance(value.func, nodes.Name) and value.func.name in self.classes:
            instances[name] = self._instances.setdefault(id(value), Instance(self.classes[value.func.name]))
        if _text(value) in scope.dicts:
            scope.dicts[name] = scope.dicts[_text(value)]
            return
        param = self.param_of_value(value, scope)
        if param is not None:
            scope.dtypes[name] = param

    def _callee(self, call: nodes.Call, scope: Scope, instances: dict) -> Scope | None:
        """The local function or method a call reaches, bound to what its arguments stand for."""
        if scope.depth >= MAX_DEPTH:
            return None
        func, instance = None, None
        if isinstance(call.func, nodes.Name) and call.func.name in self.functions:
            func = self.functions[call.func.name]
        elif isinstance(call.func, nodes.Name) and call.func.name in self.classes:
            instance = self._instances.setdefault(id(call), Instance(self.classes[call.func.name]))
            func = find_method(instance.cls, "__init__", self.classes)[0]
        elif isinstance(call.func, nodes.Attribute):
            receiver = call.func.expr
            if isinstance(receiver, nodes.Name) and receiver.name == "self":
                instance = scope.instance
            elif isinstance(receiver, nodes.Name):
                instance = instances.get(receiver.name)
            if instance is not None:
                func = find_method(instance.cls, call.func.attrname, self.classes)[0]
        if func is None:
            return None
        names = [arg.name for arg in func.args.args or []][1 if instance is not None else 0:]
        dicts, dtypes = {}, {}
        bound = list(zip(names, call.args)) + [(k.arg, k.value) for k in call.keywords or () if k.arg in names]
        for name, argument in bound:
            if _text(argument) in scope.dicts:
                dicts[name] = scope.dicts[_text(argument)]
            else:
                param = self.param_of_value(argument, scope)
                if param is not None:
                    dtypes[name] = param
        key = (id(func), id(instance), tuple(sorted(dicts.items())), tuple(sorted(dtypes.items())))
        # Called with nothing traced (`helper(*args)`): still read, for checks that name their input
        # (`check_dtype_rule(bias_dtype, (...), "bias")`).
        guards = _guard_texts(call, scope)
        if key in self._seen:
            # Reached again from another call site: the same checks hold on this path too.
            reach = self._seen[key].reach
            if (scope.reach, guards) not in reach.parents:
                reach.parents.append((scope.reach, guards))
            return None
        callee = new_scope(func, dicts, dtypes, Reach([(scope.reach, guards)]), instance, scope.depth + 1)
        self._seen[key] = callee
        return callee

    # -- pass 2: the checks ------------------------------------------------------------------------------------
    def _read_checks(self, scope: Scope) -> None:
        for node in self.index.of((nodes.Call, nodes.Compare), scope.function):
            loop = enclosing_loop(node, scope.function)
            elements = loop_elements(loop, scope.function) if loop is not None else None
            if not elements:
                self._read_check(node, scope)
                continue
            for element in elements:
                self._read_in_loop(node, scope, loop, element)

    def _read_in_loop(self, node, scope: Scope, loop: nodes.For, element: nodes.NodeNG) -> None:
        """The check once per element of the loop: the loop variable and what the body derives from it, bound."""
        target = loop.target.name
        if _text(element) in scope.dicts:
            names, value = scope.dicts, scope.dicts[_text(element)]
        else:
            names, value = scope.dtypes, self.param_of_value(element, scope)
        if value is None:
            self._read_check(node, scope)
            return
        with bound(scope, names, {target: value}):
            derived = {}
            for assign in self.index.of(nodes.Assign, loop):
                name = _text(assign.targets[0]) if len(assign.targets) == 1 else None
                if name and assign.lineno < node.lineno and not name.startswith("self."):
                    found = self.param_of_value(assign.value, scope)
                    if found is not None:
                        derived[name] = found
            with bound(scope, scope.dtypes, derived):
                self._read_check(node, scope, element_bound=True)

    def _read_check(self, node, scope: Scope, element_bound: bool = False) -> None:
        if isinstance(node, nodes.Call) and _is_dtype_check(node.func) and len(node.args) >= 2:
            subject = node.args[0]
            param = self.param_of_value(subject, scope)
            if param is None and not element_bound:
                named = param_name_of(node)
                if named in self.inputs:
                    param = named
                elif self._names_no_dtype(node.args[1], scope):
                    return  # check_dtype reused on an attribute (`reduction` in ("none", "mean")): not a dtype rule
            self._accept(param, node.args[1], node, subject.as_string(), scope, _text(subject))
        elif isinstance(node, nodes.Call) and _is_key_comparison(node.func) and len(node.args) >= 3:
            # shape_util.compare_tensor_dict_key(x, y, "dtype"): the two inputs share one dtype.
            first, second = (scope.dicts[_text(a)] if _text(a) in scope.dicts else None for a in node.args[:2])
            if _is_dtype_key(node.args[2:]) and first and second and first != second:
                self._equality((first, second), node, scope)
        elif isinstance(node, nodes.Compare) and len(node.ops) == 1:
            self._compare(node, scope)

    def _compare(self, node: nodes.Compare, scope: Scope) -> None:
        also = None
        if not rejects(node):
            # `if not valid_mix and a != b: raise`: the two must agree only while the other conjuncts hold.
            also = rejecting_conjuncts(node)
            if also is None:
                return  # `if dtype not in ("int32",): <compute>` picks a path, it does not refuse a dtype
        operator, right = node.ops[0]
        traced = isinstance(node.left, (nodes.Name, nodes.Call, nodes.Attribute))
        left_param = self.param_of_value(node.left, scope) if traced else None
        negated = operator == "in" and isinstance(node.parent, nodes.UnaryOp) and node.parent.op == "not"
        if (operator == "not in" or negated) and left_param is not None:
            self._accept(left_param, right, node, node.left.as_string(), scope, None)
        elif operator in ("==", "in") and left_param is not None and not negated:
            refused = _strings(evaluate(right, self.constants))
            if refused and all(normalise(d) in DTYPE_NAMES for d in refused):
                # `if dtype == "float32": raise` (on some SoCs, or `and not api_check_support(...)`): the dtype is
                # refused where the raise is reached.
                self._refuse(left_param, [normalise(d) for d in refused], node, scope, also or ())
        elif operator in ("!=", "==") and _text(node.left) is not None and _text(right) is not None:
            right_param = self.param_of_value(right, scope)
            if left_param and right_param and left_param != right_param:
                self._equality((left_param, right_param), node, scope, also or ())

    def _refuse(self, param: str, dtypes: list[str], node: nodes.NodeNG, scope: Scope, also: tuple = ()) -> None:
        local = (*_guard_texts(node, scope), *also)
        terms = [conjoin(dict.fromkeys([*path, *local])) for path in paths(scope.reach)] or [conjoin(local)]
        self.refusals.append((param, dtypes, None if "" in terms else either_condition(terms)))

    def _equality(self, pair: tuple[str, str], node: nodes.NodeNG, scope: Scope, also: tuple = ()) -> None:
        """Two inputs must share a dtype on every path to this check: unconditionally when one path has no guard,
        else under the guards of its paths (`if mask_dtype not in ("bool", "int8"): <x == mask>`) and the other
        conjuncts of the test (`also`)."""
        local = (*_guard_texts(node, scope), *also)
        terms = [conjoin(dict.fromkeys([*path, *local])) for path in paths(scope.reach)] or [conjoin(local)]
        condition = None if "" in terms else either_condition(terms)
        self.equalities.setdefault(pair, [])
        if (condition, node.lineno) not in self.equalities[pair]:
            self.equalities[pair].append((condition, node.lineno))

    def _names_no_dtype(self, list_node: nodes.NodeNG, scope: Scope) -> bool:
        """True when the checked list is known and holds no dtype name at all."""
        if _text(list_node) in scope.lists:
            items = [entry[0] for entry in list_at(scope.lists, _text(list_node), list_node.lineno)]
        else:
            items = _strings(evaluate(list_node, self.constants))
        return bool(items) and not any(normalise(item) in DTYPE_NAMES for item in items)

    def _accept(self, param, list_node, check, expr_text, scope: Scope, subject: str | None) -> None:
        if param is None:
            self.unresolved.append(("tbe-unresolved-input", {"expr": expr_text}, check.lineno))
            return
        if _text(list_node) in scope.lists:
            entries = list_at(scope.lists, _text(list_node), check.lineno)
        else:
            items = _strings(evaluate(list_node, self.constants))
            if items is None:
                self.unresolved.append(("tbe-unresolved-dtype-list", {"expr": list_node.as_string(), "param": param}, check.lineno))
                return
            entries = [(normalise(item), None, check.lineno) for item in items]
        site = Site(param=param, reach=scope.reach, local=_guard_texts(check, scope))
        for dtype, condition, line in entries:
            site.entries.setdefault(dtype, (condition, line, False))
        for target, sources, condition, line in scope.remaps.get(subject, ()):
            if line > check.lineno or target not in site.entries:
                continue
            for dtype in sources:
                site.entries.setdefault(dtype, (remap_note(condition, target), line, True))
        self.sites.append(site)


def _remap_sources(node: nodes.Assign, name: str, function: nodes.FunctionDef) -> tuple[list[str], nodes.If | None]:
    """The dtypes an enclosing `if name == "bool": name = "int8"` maps from, and that if."""
    parent = node.parent
    while parent is not None and parent is not function:
        if isinstance(parent, nodes.If) and any(item is node or item.parent_of(node) for item in parent.body):
            found = []
            for compare in [parent.test, *parent.test.nodes_of_class(nodes.Compare)]:
                if not (isinstance(compare, nodes.Compare) and len(compare.ops) == 1 and _text(compare.left) == name):
                    continue
                operator, right = compare.ops[0]
                items = [right] if operator == "==" else list(getattr(right, "elts", [])) if operator == "in" else []
                found += [normalise(i.value) for i in items if isinstance(i, nodes.Const) and isinstance(i.value, str)]
            return list(dict.fromkeys(found)), parent
        parent = parent.parent
    return [], None


def read_dtype_rules(entry, inputs, constants, index, functions=None, classes=None) -> DtypeRules:
    """The dtype rules of the entry and of every local function and class method it reaches."""
    return _Reader(entry, inputs, constants, index, functions or {}, classes or {}).run()
