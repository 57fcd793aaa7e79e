"""check_supported: the conditions under which the framework hands the op to AI CPU."""

from __future__ import annotations

from astroid import nodes

from op_migrate.analyzers.tbe.call_site import reads_dtype
from op_migrate.analyzers.tbe.conditions import simplify
from op_migrate.analyzers.tbe.constants import evaluate, is_known
from op_migrate.analyzers.tbe.guard_facts import guard_test
from op_migrate.analyzers.tbe.guards import conjoin, guard_tests_of
from op_migrate.analyzers.tbe.model import Fallback


def _falsy_result(value: nodes.NodeNG | None) -> tuple[bool, nodes.NodeNG | None]:
    """(returns False, the reason expression) for `return False`, `return False, reason`, `return (False, r)`."""
    if isinstance(value, nodes.Const) and value.value is False:
        return True, None
    if isinstance(value, nodes.Tuple) and value.elts:
        first = value.elts[0]
        if isinstance(first, nodes.Const) and first.value is False:
            return True, value.elts[1] if len(value.elts) > 1 else None
    return False, None


def _local_strings(function: nodes.FunctionDef, index) -> dict:
    known: dict[str, object] = {}
    for assign in index.of(nodes.Assign, function):
        if len(assign.targets) == 1 and isinstance(assign.targets[0], nodes.AssignName):
            value = evaluate(assign.value, known)
            if is_known(value) and isinstance(value, str):
                known[assign.targets[0].name] = value
    return known


def _dtype_vars(function: nodes.FunctionDef, index) -> dict:
    """Locals read from a parameter's dtype (`dtype = x1.get("dtype").lower()`) -> that parameter."""
    params = {arg.name for arg in function.args.args or []}
    found = {}
    for assign in index.of(nodes.Assign, function):
        target = assign.targets[0] if len(assign.targets) == 1 else None
        if isinstance(target, nodes.AssignName) and reads_dtype(assign.value):
            root = assign.value
            while isinstance(root, (nodes.Call, nodes.Attribute, nodes.Subscript)):
                root = root.func if isinstance(root, nodes.Call) else (root.expr if isinstance(root, nodes.Attribute) else root.value)
            found[target.name] = root.name if isinstance(root, nodes.Name) and root.name in params else None
    return found


def _reaching(reason: nodes.NodeNG, statement: nodes.Return, function: nodes.FunctionDef) -> dict:
    """name -> the string assigned to it last on the way to `statement` (`reason = "..."` in this branch, not the
    one of another branch); a name assigned in a compound statement on the way has no single value and is left out."""
    found: dict[str, object] = {}
    wanted = {name.name for name in reason.nodes_of_class(nodes.Name)} | ({reason.name} if isinstance(reason, nodes.Name) else set())
    child, parent = statement, statement.parent
    while wanted and parent is not None:
        block = next((getattr(parent, field) for field in ("body", "orelse", "handlers", "finalbody")
                      if isinstance(getattr(parent, field, None), list) and any(item is child for item in getattr(parent, field))), None)
        for earlier in reversed(block[: next(i for i, item in enumerate(block) if item is child)] if block else []):
            for assign in [earlier] if isinstance(earlier, nodes.Assign) else []:
                for target in assign.targets:
                    if isinstance(target, nodes.AssignName) and target.name in wanted:
                        value = evaluate(assign.value, {})
                        if is_known(value) and isinstance(value, str):
                            found[target.name] = value
                        elif _format_string(assign.value) is not None:
                            found[target.name] = _format_string(assign.value)
                        wanted.discard(target.name)
            if not isinstance(earlier, nodes.Assign):
                assigned = {n.name for n in earlier.nodes_of_class(nodes.AssignName)} & wanted
                wanted -= assigned  # set on some paths only: the function-wide value would be a guess
                for name in assigned:
                    found[name] = _AMBIGUOUS
        if parent is function:
            break
        child, parent = parent, parent.parent
    return found


_AMBIGUOUS = object()


def read_fallbacks(tree: nodes.Module, index, constants: dict | None = None) -> tuple[Fallback, ...]:
    """One Fallback per `return False` path of a module-level check_supported, with the part facts can decide."""
    function = next(
        (node for node in tree.body if isinstance(node, nodes.FunctionDef) and node.name == "check_supported"), None
    )
    if function is None:
        return ()
    strings = _local_strings(function, index)
    dtype_vars = _dtype_vars(function, index)
    found = []
    for statement, where in _falsy_returns(function, index):
        falsy, reason_node = _falsy_result(where.value)
        guards = _unique(guard_tests_of(where, function) + (guard_tests_of(statement, function) if where is not statement else []))
        texts = [text for text, _, _, _ in guards]
        params = frozenset(arg.name for arg in function.args.args or [])
        parts = [guard_test(test, set(), dtype_vars, constants or {}, params=params) for _, _, test, _ in guards]
        parts = [part if holds or part is None else {"not": part} for part, (_, _, _, holds) in zip(parts, guards)]
        test = {"all": parts} if any(part is not None for part in parts) else None
        reason = None
        if reason_node is not None:
            reaching = _reaching(reason_node, where, function)
            known = {k: v for k, v in strings.items() if reaching.get(k, "") is not _AMBIGUOUS}
            value = evaluate(reason_node, {**known, **{k: v for k, v in reaching.items() if v is not _AMBIGUOUS}})
            if is_known(value) and isinstance(value, str):
                reason = value
            elif _format_string(reason_node) is not None:
                reason = _format_string(reason_node)
            else:
                reason = reason_node.as_string()
        condition = conjoin(texts) if texts else "always"
        found.append(Fallback(condition=condition, line=where.lineno, reason=reason or None, test=test,
                              shown=simplify(condition)))
    return tuple(found)


def _format_string(node: nodes.NodeNG) -> str | None:
    """"... x: %s" % (...) or "...".format(...): the message, its values left open."""
    if isinstance(node, nodes.BinOp) and node.op == "%" and isinstance(node.left, nodes.Const) and isinstance(node.left.value, str):
        return node.left.value
    if isinstance(node, nodes.Call) and isinstance(node.func, nodes.Attribute) and node.func.attrname == "format" \
            and isinstance(node.func.expr, nodes.Const) and isinstance(node.func.expr.value, str):
        return node.func.expr.value
    return None


def _falsy_returns(function: nodes.FunctionDef, index) -> list[tuple[nodes.Return, nodes.NodeNG]]:
    """(return, where the False is written): `return False, r` itself, or for `return res` each `res = False, r`."""
    found = []
    for statement in index.of(nodes.Return, function):
        if statement.scope() is not function:
            continue
        if _falsy_result(statement.value)[0]:
            found.append((statement, statement))
        elif isinstance(statement.value, nodes.Name):
            for assign in index.of(nodes.Assign, function):
                if assign.lineno < statement.lineno and assign.scope() is function and _falsy_result(assign.value)[0] \
                        and any(isinstance(t, nodes.AssignName) and t.name == statement.value.name for t in assign.targets):
                    found.append((statement, assign))
    return found


def _unique(guards: list) -> list:
    seen, kept = set(), []
    for guard in guards:
        if (guard[0], guard[1]) not in seen:
            seen.add((guard[0], guard[1]))
            kept.append(guard)
    return kept
