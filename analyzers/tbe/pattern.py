"""The classify pattern (ELEWISE, ELEWISE_WITH_BROADCAST, REDUCE ...) and its extra parameters."""

from __future__ import annotations

from astroid import nodes

from op_migrate.analyzers.tbe.imports import ImportScope

# OpPatternMode members and the string modes classify also accepts, by their canonical name.
_STRING_MODES = {
    "elewise": "ELEWISE",
    "broadcast": "ELEWISE_WITH_BROADCAST",
    "reduce": "REDUCE",
    "norm": "NORM",
    "tuple_reduce": "TUPLE_REDUCE",
    "gather": "GATHER",
    "transdata": "TRANSDATA",
}


def read_pattern(calls: list, scope: ImportScope, registrations) -> tuple[str | None, dict]:
    """(pattern, options): from classify(..., mode, extra) or register_operator(pattern=...); None when not declared."""
    for call in calls:
        dsl = scope.dsl_name(call.func)
        if dsl is None or dsl[0] != "classify" or len(call.args) < 2:
            continue
        mode = call.args[1]
        options: dict = {"source": f"classify at line {call.lineno}"}
        if isinstance(mode, nodes.Name):
            # `op_type = "scatter"` then classify(..., op_type): the value the name was given, not the name.
            values = _assigned(mode, call)
            if values:
                options["source"] += f" ({mode.name} = {' or '.join(_mode_name(v) for v in values)})"
                mode = values[0] if len({_mode_name(v) for v in values}) == 1 else mode
        extra = _assigned(call.args[2], call) if len(call.args) > 2 and isinstance(call.args[2], nodes.Name) else []
        extra_node = call.args[2] if len(call.args) > 2 and isinstance(call.args[2], nodes.Dict) else next(
            (v for v in extra if isinstance(v, nodes.Dict)), None)
        if extra_node is not None:
            for key, value in extra_node.items:
                if isinstance(key, nodes.Const):
                    options[str(key.value)] = value.value if isinstance(value, nodes.Const) else value.as_string()
        return _mode_name(mode), options
    for registration in registrations:
        pattern = registration.options.get("pattern")
        if registration.decorator == "register_operator" and pattern:
            return _mode_name_text(str(pattern)), {"source": f"register_operator(pattern=...) at line {registration.line}"}
    return None, {}


def _assigned(name: nodes.Name, call: nodes.Call) -> list:
    """The values assigned to `name` in the function holding `call`, before it (all of them: one per branch)."""
    function = call.scope()
    found = []
    for assign in function.nodes_of_class(nodes.Assign):
        if assign.lineno > call.lineno or assign.scope() is not function:
            continue
        if any(isinstance(t, nodes.AssignName) and t.name == name.name for t in assign.targets):
            if isinstance(assign.value, (nodes.Const, nodes.Attribute, nodes.Dict)):
                found.append(assign.value)
            else:
                return []  # computed: the name stays what the reader sees
    return found


def _mode_name(node: nodes.NodeNG) -> str:
    if isinstance(node, nodes.Attribute):
        return node.attrname
    if isinstance(node, nodes.Const) and isinstance(node.value, str):
        return _STRING_MODES.get(node.value.lower(), node.value)
    return node.as_string()


def _mode_name_text(text: str) -> str:
    tail = text.rsplit(".", 1)[-1].strip("'\"")
    return _STRING_MODES.get(tail.lower(), tail)
