"""Dtype rules of the entry function: check lists per input, conditional extensions, equality between inputs."""

from __future__ import annotations

from dataclasses import dataclass

from astroid import nodes

from op_migrate.analyzers.tbe.constants import evaluate
from op_migrate.analyzers.tbe.guards import DTYPE_NAMES, guards_of

# Spellings the ops use for the same dtype.
_ALIASES = {"float": "float32", "half": "float16", "fp16": "float16", "fp32": "float32", "bf16": "bfloat16"}


def normalise(dtype: str) -> str:
    return _ALIASES.get(dtype.lower(), dtype.lower())


@dataclass(frozen=True)
class DtypeRules:
    """Per input: [(dtype, condition, line)]; equalities between inputs; unresolved checks (finding fields)."""

    accepted: dict
    equalities: tuple[tuple[str, str], ...]
    unresolved: tuple[tuple[str, dict, int], ...]


def _param_of_value(value: nodes.NodeNG, params: set[str], known: dict[str, str]) -> str | None:
    """`x.get("dtype")`, `x["dtype"]`, `x.dtype`, or anything built from a name already traced."""
    for node in [value, *value.nodes_of_class((nodes.Call, nodes.Subscript, nodes.Attribute, nodes.Name))]:
        if isinstance(node, nodes.Call) and isinstance(node.func, nodes.Attribute) and node.func.attrname == "get":
            receiver = node.func.expr
            if isinstance(receiver, nodes.Name) and receiver.name in params and _is_dtype_key(node.args):
                return receiver.name
        if isinstance(node, nodes.Subscript) and isinstance(node.value, nodes.Name) and node.value.name in params:
            if isinstance(node.slice, nodes.Const) and node.slice.value == "dtype":
                return node.value.name
        if isinstance(node, nodes.Attribute) and node.attrname == "dtype" and isinstance(node.expr, nodes.Name):
            if node.expr.name in params:
                return node.expr.name
        if isinstance(node, nodes.Name) and node.name in known:
            return known[node.name]
    return None


def _is_dtype_check(func: nodes.NodeNG) -> bool:
    # para_check.check_dtype in current ops, util.check_dtype_rule in the older topi-based ones.
    name = func.attrname if isinstance(func, nodes.Attribute) else getattr(func, "name", "")
    return name in ("check_dtype", "check_dtype_rule")


def _is_dtype_key(args) -> bool:
    return bool(args) and isinstance(args[0], nodes.Const) and args[0].value == "dtype"


def _condition(node: nodes.NodeNG, entry: nodes.FunctionDef) -> str | None:
    texts = [text for text, _ in guards_of(node, entry)]
    return " and ".join(texts) if texts else None


def _strings(value: object) -> list[str] | None:
    if isinstance(value, (list, tuple)) and all(isinstance(item, str) for item in value):
        return list(value)
    if isinstance(value, str):
        return [value]
    return None


def _names_no_dtype(list_node: nodes.NodeNG, lists: dict, constants: dict) -> bool:
    """True when the checked list is known and holds no dtype name at all."""
    if isinstance(list_node, nodes.Name) and list_node.name in lists:
        items = [entry[0] for entry in lists[list_node.name]]
    else:
        items = _strings(evaluate(list_node, constants))
    return bool(items) and not any(normalise(item) in DTYPE_NAMES for item in items)


def _remap_sources(node: nodes.Assign, name: str, entry: nodes.FunctionDef) -> tuple[list[str], nodes.If | None]:
    """The dtypes an enclosing `if name == "bool": name = "int8"` maps from, and that if."""
    parent = node.parent
    while parent is not None and parent is not entry:
        if isinstance(parent, nodes.If) and any(item is node or item.parent_of(node) for item in parent.body):
            found = []
            for compare in [parent.test, *parent.test.nodes_of_class(nodes.Compare)]:
                if not (isinstance(compare, nodes.Compare) and len(compare.ops) == 1):
                    continue
                if not (isinstance(compare.left, nodes.Name) and compare.left.name == name):
                    continue
                operator, right = compare.ops[0]
                items = [right] if operator == "==" else list(getattr(right, "elts", [])) if operator == "in" else []
                found += [normalise(i.value) for i in items if isinstance(i, nodes.Const) and isinstance(i.value, str)]
            return list(dict.fromkeys(found)), parent
        parent = parent.parent
    return [], None


def read_dtype_rules(entry: nodes.FunctionDef, inputs: list[str], constants: dict, index) -> DtypeRules:
    """Walk the entry once: trace dtype variables, build check lists (with guards), then read the checks."""
    params = {arg.name for arg in entry.args.args or []}
    dtype_vars: dict[str, str] = {}
    lists: dict[str, list[tuple[str, str | None, int]]] = {}
    # A dtype variable overwritten with a literal under a test on it (`if d == "bool": d = "int8"`) accepts the
    # tested dtypes too: variable -> [(target dtype, source dtypes, condition, line)].
    remaps: dict[str, list[tuple[str, list[str], str, int]]] = {}
    for node in index.of((nodes.Assign, nodes.AugAssign, nodes.Call), entry):
        if isinstance(node, nodes.Assign) and len(node.targets) == 1 and isinstance(node.targets[0], nodes.AssignName):
            name = node.targets[0].name
            items = _strings(evaluate(node.value, constants))
            if items is not None and not isinstance(node.value, nodes.Const):
                lists[name] = [(normalise(item), _condition(node, entry), node.lineno) for item in items]
                continue
            if name in dtype_vars and isinstance(node.value, nodes.Const) and isinstance(node.value.value, str):
                sources, test = _remap_sources(node, name, entry)
                if sources:
                    condition = _condition(node, entry) or test.test.as_string()
                    remaps.setdefault(name, []).append((normalise(node.value.value), sources, condition, node.lineno))
                continue
            param = _param_of_value(node.value, params, dtype_vars)
            if param is not None:
                dtype_vars[name] = param
        elif isinstance(node, nodes.AugAssign) and isinstance(node.target, nodes.AssignName) and node.target.name in lists:
            items = _strings(evaluate(node.value, constants)) or []
            lists[node.target.name] += [(normalise(i), _condition(node, entry), node.lineno) for i in items]
        elif isinstance(node, nodes.Call) and isinstance(node.func, nodes.Attribute):
            receiver = node.func.expr
            if isinstance(receiver, nodes.Name) and receiver.name in lists and node.func.attrname in ("append", "extend"):
                items = _strings(evaluate(node.args[0], constants)) if node.args else None
                lists[receiver.name] += [(normalise(i), _condition(node, entry), node.lineno) for i in items or []]

    accepted: dict[str, list] = {}
    equalities: list[tuple[str, str]] = []
    unresolved: list[tuple[str, dict, int]] = []

    def accept(param: str | None, list_node: nodes.NodeNG, check: nodes.NodeNG, expr_text: str, subject=None) -> None:
        if param is None:
            unresolved.append(("tbe-unresolved-input", {"expr": expr_text}, check.lineno))
            return
        if isinstance(list_node, nodes.Name) and list_node.name in lists:
            entries = lists[list_node.name]
        else:
            items = _strings(evaluate(list_node, constants))
            if items is None:
                unresolved.append(("tbe-unresolved-dtype-list", {"expr": list_node.as_string(), "param": param}, check.lineno))
                return
            entries = [(normalise(item), None, check.lineno) for item in items]
        outer = _condition(check, entry)
        bucket = accepted.setdefault(param, [])
        for dtype, condition, line in entries:
            if outer:
                condition = f"{outer} and {condition}" if condition else outer
            if all(existing[0] != dtype for existing in bucket):
                bucket.append((dtype, condition, line))
        name = subject.name if isinstance(subject, nodes.Name) else None
        for target, sources, condition, line in remaps.get(name, ()):
            if line > check.lineno or all(existing[0] != target for existing in bucket):
                continue
            condition = f"{condition} (remapped to {target} before the check)"
            if outer:
                condition = f"{outer} and {condition}"
            for dtype in sources:
                if all(existing[0] != dtype for existing in bucket):
                    bucket.append((dtype, condition, line))

    for node in index.of((nodes.Call, nodes.Compare), entry):
        if isinstance(node, nodes.Call) and _is_dtype_check(node.func) and len(node.args) >= 2:
            subject = node.args[0]
            param = _param_of_value(subject, params, dtype_vars)
            if param is None:
                keyword = next((k for k in node.keywords or () if k.arg == "param_name"), None)
                named = keyword.value.value if keyword is not None and isinstance(keyword.value, nodes.Const) else None
                if named in inputs:
                    param = named
                elif _names_no_dtype(node.args[1], lists, constants):
                    continue  # check_dtype reused on an attribute (`reduction` in ("none", "mean")): not a dtype rule
            accept(param, node.args[1], node, subject.as_string(), subject)
        elif isinstance(node, nodes.Compare) and len(node.ops) == 1:
            operator, right = node.ops[0]
            left_param = _param_of_value(node.left, params, dtype_vars) if isinstance(node.left, (nodes.Name, nodes.Call)) else None
            negated = operator == "in" and isinstance(node.parent, nodes.UnaryOp) and node.parent.op == "not"
            if (operator == "not in" or negated) and left_param is not None:
                accept(left_param, right, node, node.left.as_string())
            elif operator in ("!=", "==") and isinstance(node.left, nodes.Name) and isinstance(right, nodes.Name):
                right_param = _param_of_value(right, params, dtype_vars)
                if left_param and right_param and left_param != right_param:
                    pair = (left_param, right_param)
                    if pair not in equalities:
                        equalities.append(pair)
    ordered = {name: accepted[name] for name in [*inputs, *sorted(accepted)] if name in accepted}
    return DtypeRules(accepted=ordered, equalities=tuple(equalities), unresolved=tuple(unresolved))
