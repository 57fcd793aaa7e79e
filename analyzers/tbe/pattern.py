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
        if len(call.args) > 2 and isinstance(call.args[2], nodes.Dict):
            for key, value in call.args[2].items:
                if isinstance(key, nodes.Const):
                    options[str(key.value)] = value.value if isinstance(value, nodes.Const) else value.as_string()
        return _mode_name(mode), options
    for registration in registrations:
        pattern = registration.options.get("pattern")
        if registration.decorator == "register_operator" and pattern:
            return _mode_name_text(str(pattern)), {"source": f"register_operator(pattern=...) at line {registration.line}"}
    return None, {}


def _mode_name(node: nodes.NodeNG) -> str:
    if isinstance(node, nodes.Attribute):
        return node.attrname
    if isinstance(node, nodes.Const) and isinstance(node.value, str):
        return _STRING_MODES.get(node.value.lower(), node.value)
    return node.as_string()


def _mode_name_text(text: str) -> str:
    tail = text.rsplit(".", 1)[-1].strip("'\"")
    return _STRING_MODES.get(tail.lower(), tail)
