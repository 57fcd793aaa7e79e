"""Module constants (`X = 2 ** 24`, `class Constant: X = ...`) evaluated without running code."""

from __future__ import annotations

import operator

from astroid import nodes

_BINARY = {
    "+": operator.add,
    "-": operator.sub,
    "*": operator.mul,
    "/": operator.truediv,
    "//": operator.floordiv,
    "%": operator.mod,
    "<<": operator.lshift,
}
_UNEVALUATED = object()
DATA_TYPE_CONSTANTS = {
    f"DATA_TYPE_{short}": dtype
    for short, dtype in (("FP16", "float16"), ("FP32", "float32"), ("BF16", "bfloat16"), ("INT8", "int8"),
                         ("INT16", "int16"), ("INT32", "int32"), ("INT64", "int64"), ("UINT8", "uint8"),
                         ("UINT16", "uint16"), ("UINT32", "uint32"), ("UINT64", "uint64"))
}


def evaluate(node: nodes.NodeNG, known: dict) -> object:
    """A literal value for simple constant expressions; _UNEVALUATED otherwise (never raises)."""
    try:
        return _evaluate(node, known, 0)
    except (ArithmeticError, TypeError, ValueError, OverflowError):
        return _UNEVALUATED


def is_known(value: object) -> bool:
    return value is not _UNEVALUATED


def _evaluate(node, known, depth):
    if depth > 20:
        return _UNEVALUATED
    if isinstance(node, nodes.Const):
        return node.value
    if isinstance(node, (nodes.List, nodes.Tuple, nodes.Set)):
        items = [_evaluate(item, known, depth + 1) for item in node.elts]
        if any(item is _UNEVALUATED for item in items):
            return _UNEVALUATED
        return items if isinstance(node, nodes.List) else tuple(items)  # a set literal keeps its written order
    if isinstance(node, (nodes.Name, nodes.Attribute)):
        found = known.get(node.as_string(), _UNEVALUATED)
        if found is _UNEVALUATED:
            # impl/constant_util.py names each dtype DATA_TYPE_<X> (constant.DATA_TYPE_FP16 = "float16").
            name = node.attrname if isinstance(node, nodes.Attribute) else node.name
            return DATA_TYPE_CONSTANTS.get(name, _UNEVALUATED)
        return found
    if isinstance(node, nodes.UnaryOp) and node.op == "-":
        value = _evaluate(node.operand, known, depth + 1)
        return _UNEVALUATED if value is _UNEVALUATED else -value
    if isinstance(node, nodes.BinOp):
        left = _evaluate(node.left, known, depth + 1)
        right = _evaluate(node.right, known, depth + 1)
        if left is _UNEVALUATED or right is _UNEVALUATED:
            return _UNEVALUATED
        if node.op == "**":
            # Bounded so that a hostile `10 ** 10 ** 10` cannot hang the analysis.
            if isinstance(right, int) and isinstance(left, (int, float)) and abs(right) <= 256:
                return left**right
            return _UNEVALUATED
        function = _BINARY.get(node.op)
        return function(left, right) if function else _UNEVALUATED
    return _UNEVALUATED


def module_constants(tree: nodes.Module) -> tuple[dict, dict]:
    """(values, texts): `NAME` / `Class.NAME` -> value, and -> "expr = value" for reports."""
    values: dict[str, object] = {}
    texts: dict[str, str] = {}

    def take(prefix: str, body) -> None:
        for statement in body:
            if isinstance(statement, nodes.Assign) and len(statement.targets) == 1:
                target = statement.targets[0]
                if isinstance(target, nodes.AssignName):
                    name = prefix + target.name
                    value = evaluate(statement.value, values)
                    if is_known(value):
                        values[name] = value
                        expression = statement.value.as_string()
                        texts[name] = expression if expression == repr(value) else f"{expression} = {value!r}"

    take("", tree.body)
    for statement in tree.body:
        if isinstance(statement, nodes.ClassDef):
            take(f"{statement.name}.", statement.body)
    return values, texts
