"""check_supported: the conditions under which the framework hands the op to AI CPU."""

from __future__ import annotations

from astroid import nodes

from op_migrate.analyzers.tbe.constants import evaluate, is_known
from op_migrate.analyzers.tbe.guards import guards_of
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


def read_fallbacks(tree: nodes.Module, index) -> tuple[Fallback, ...]:
    """One Fallback per `return False` path of a module-level check_supported."""
    function = next(
        (node for node in tree.body if isinstance(node, nodes.FunctionDef) and node.name == "check_supported"), None
    )
    if function is None:
        return ()
    strings = _local_strings(function, index)
    found = []
    for statement in index.of(nodes.Return, function):
        if statement.scope() is not function:
            continue
        falsy, reason_node = _falsy_result(statement.value)
        if not falsy:
            continue
        texts = [text for text, _ in guards_of(statement, function)]
        reason = None
        if reason_node is not None:
            value = evaluate(reason_node, strings)
            reason = value if is_known(value) and isinstance(value, str) else reason_node.as_string()
        found.append(Fallback(condition=" and ".join(texts) if texts else "always", line=statement.lineno, reason=reason or None))
    return tuple(found)
