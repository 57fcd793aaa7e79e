"""Conditions decided per SoC with the install's platform facts: the text of a kernel's condition -> a fact test.

A TBE condition such as `tbe_platform.api_check_support('tbe.dsl.vexp', 'float32') and x_shape[-1] > 8` becomes
{"all": [{"api": {...}}, None]}; per SoC, the api and intrinsic leaves are answered from analyzers.proto.
platform_facts and the rest by analyzers.fact_tests.decide (SoC and dtype tests; None stays undecided).
"""

from __future__ import annotations

import ast
import functools

from op_migrate.analyzers.fact_tests import decide

_TRUE = {"all": []}
_FALSE = {"any": []}
_OPS = {ast.Eq: "==", ast.NotEq: "!=", ast.In: "in", ast.NotIn: "not in"}
_SHORT_SOC = "SHORT_SOC_VERSION"


@functools.lru_cache(maxsize=4096)
def _parsed(text: str) -> dict | None:
    try:
        tree = ast.parse(text.strip(), mode="eval")
    except (SyntaxError, ValueError, RecursionError, MemoryError):
        return None
    return _test(tree.body)


def fact_test_of(text: str | None) -> dict | None:
    """The fact test of a condition's text; None when no part of it is a fact."""
    return _parsed(text) if text else None


def _test(node: ast.expr) -> dict | None:
    if isinstance(node, ast.BoolOp):
        parts = [_test(value) for value in node.values]
        if all(part is None for part in parts):
            return None
        return {"all" if isinstance(node.op, ast.And) else "any": parts}
    if isinstance(node, ast.UnaryOp) and isinstance(node.op, ast.Not):
        inner = _test(node.operand)
        return None if inner is None else {"not": inner}
    if isinstance(node, ast.Call):
        return _query(node)
    if isinstance(node, ast.Compare) and len(node.ops) == 1 and type(node.ops[0]) in _OPS:
        left, right = node.left, node.comparators[0]
        if _is_short_soc(right) and not _is_short_soc(left):
            left, right = right, left
        values = _strings(right)
        if _is_short_soc(left) and values is not None:
            return {"soc": {"op": _OPS[type(node.ops[0])], "values": values}}
    return None


def _called(node: ast.Call) -> str:
    return node.func.attr if isinstance(node.func, ast.Attribute) else getattr(node.func, "id", "")


def _query(node: ast.Call) -> dict | None:
    """api_check_support / intrinsic_check_support with literal arguments."""
    kind = {"api_check_support": "api", "intrinsic_check_support": "intrinsic"}.get(_called(node))
    arguments = [a.value if isinstance(a, ast.Constant) and isinstance(a.value, str) else None for a in node.args]
    if kind is None or not arguments or None in arguments or len(arguments) > 2:
        return None
    return {kind: {"name": arguments[0], "dtype": arguments[1] if len(arguments) > 1 else ""}}


def _is_short_soc(node: ast.expr) -> bool:
    if isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute) and node.func.attr == "lower":
        node = node.func.value
    if not (isinstance(node, ast.Call) and _called(node) == "get_soc_spec" and node.args):
        return False
    argument = node.args[0]
    return (isinstance(argument, ast.Constant) and argument.value == _SHORT_SOC
            or isinstance(argument, ast.Attribute) and argument.attr == _SHORT_SOC)


def _strings(node: ast.expr) -> list[str] | None:
    if isinstance(node, ast.Constant) and isinstance(node.value, str):
        return [node.value]
    if isinstance(node, (ast.Tuple, ast.List, ast.Set)):
        values = [e.value for e in node.elts if isinstance(e, ast.Constant) and isinstance(e.value, str)]
        return values if len(values) == len(node.elts) else None
    return None


def on_soc(test: dict | None, soc: str, platform) -> dict | None:
    """The test with its api / intrinsic leaves answered on `soc` (True, False, or left undecided)."""
    if test is None or platform is None:
        return test
    if "all" in test or "any" in test:
        key = "all" if "all" in test else "any"
        return {key: [on_soc(part, soc, platform) for part in test[key]]}
    if "not" in test:
        inner = on_soc(test["not"], soc, platform)
        return None if inner is None else {"not": inner}
    if "api" in test or "intrinsic" in test:
        query = test.get("api") or test.get("intrinsic")
        answer = (platform.api if "api" in test else platform.intrinsic)(soc, query["name"], query["dtype"])
        return None if answer is None else (_TRUE if answer else _FALSE)
    if "spec" in test:
        value = platform.spec(soc, test["spec"]["key"])
        return None if value is None else (_TRUE if _COMPARE[test["spec"]["op"]](value, test["spec"]["value"]) else _FALSE)
    if "soc_version" in test:
        outcomes = {_holds(test["soc_version"], name) for name in platform.soc_version(soc)}
        return (_TRUE if outcomes.pop() else _FALSE) if len(outcomes) == 1 else None
    return test


_COMPARE = {"==": lambda a, b: a == b, "!=": lambda a, b: a != b, ">": lambda a, b: a > b, ">=": lambda a, b: a >= b,
            "<": lambda a, b: a < b, "<=": lambda a, b: a <= b}


def _holds(test: dict, value: str) -> bool:
    values = [v.lower() for v in test["values"]]
    holds = value.lower() in values
    return holds if test["op"] in ("==", "in") else not holds


def decide_on(test: dict | None, soc: str, platform, dtype_of=lambda param: None) -> bool | None:
    """decide() on one SoC, with the platform facts of the install for api_check_support / intrinsic_check_support."""
    return decide(on_soc(test, soc, platform), [soc], dtype_of)
