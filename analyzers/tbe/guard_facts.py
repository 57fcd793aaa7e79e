"""What a branch guard tests, in a form facts can decide: SoC (SHORT_SOC_VERSION) and dtype comparisons.

The tests are evaluated by analyzers.fact_tests.decide.
"""

from __future__ import annotations

from astroid import nodes

from op_migrate.analyzers.tbe.call_site import reads_dtype
from op_migrate.analyzers.tbe.dtypes import normalise

_OPS = {"==", "!=", "in", "not in"}
SHORT_SOC = "SHORT_SOC_VERSION"


def is_short_soc_query(node: nodes.NodeNG) -> bool:
    """`get_soc_spec("SHORT_SOC_VERSION")` or `tbe_platform.get_soc_spec(tbe_platform.SHORT_SOC_VERSION)`."""
    if not isinstance(node, nodes.Call) or not node.args:
        return False
    func = node.func
    name = func.attrname if isinstance(func, nodes.Attribute) else getattr(func, "name", "")
    if name != "get_soc_spec":
        return False
    argument = node.args[0]
    if isinstance(argument, nodes.Const):
        return argument.value == SHORT_SOC
    return isinstance(argument, nodes.Attribute) and argument.attrname == SHORT_SOC


def guard_test(node: nodes.NodeNG, soc_vars: set[str], dtype_vars: dict, constants: dict,
               flags: dict | None = None, params: frozenset = frozenset()) -> dict | None:
    """The decidable shape of a guard expression; None where no fact decides it.

    Besides SoC and dtype comparisons: api_check_support / intrinsic_check_support with literal arguments,
    get_soc_spec("L1_SIZE") > 0 (the install's platform tables answer them per SoC), and flags (names or
    `self.` attributes) assigned one such expression (`flags`: name -> its test). params: the parameters of the
    function, whose dtype a chain like `x.get("dtype").lower()` reads.
    """
    flags = flags or {}
    if isinstance(node, nodes.BoolOp):
        parts = [guard_test(value, soc_vars, dtype_vars, constants, flags, params) for value in node.values]
        if all(part is None for part in parts):
            return None
        return {"all" if node.op == "and" else "any": parts}
    if isinstance(node, nodes.UnaryOp) and node.op == "not":
        inner = guard_test(node.operand, soc_vars, dtype_vars, constants, flags, params)
        return None if inner is None else {"not": inner}
    if isinstance(node, (nodes.Name, nodes.Attribute)) and node.as_string() in flags:
        return flags[node.as_string()]
    if isinstance(node, nodes.Call):
        return _query(node)
    if isinstance(node, nodes.Compare) and len(node.ops) == 1 and node.ops[0][0] in _SPEC_OPS:
        spec = _spec(node, constants)
        if spec is not None:
            return spec
    if not (isinstance(node, nodes.Compare) and len(node.ops) == 1 and node.ops[0][0] in _OPS):
        return None
    operator, right = node.ops[0]
    for subject, other in ((node.left, right), (right, node.left) if operator in ("==", "!=") else (None, None)):
        if subject is None:
            continue
        values = _strings(other, constants)
        if values is None:
            continue
        if is_short_soc_query(subject) or isinstance(subject, nodes.Name) and subject.name in soc_vars:
            return {"soc": {"op": operator, "values": values}}
        param = _dtype_subject(subject, dtype_vars, params)
        if param is not False:
            return {"dtype": {"op": operator, "values": [normalise(v) for v in values], "param": param}}
    return None


_SPEC_OPS = {"==", "!=", ">", ">=", "<", "<="}


def _query(node: nodes.Call) -> dict | None:
    """api_check_support("tbe.dsl.vexp", "float32") / intrinsic_check_support("Intrinsic_vconv", "f162s32")."""
    func = node.func
    called = func.attrname if isinstance(func, nodes.Attribute) else getattr(func, "name", "")
    kind = {"api_check_support": "api", "intrinsic_check_support": "intrinsic"}.get(called)
    arguments = [a.value if isinstance(a, nodes.Const) and isinstance(a.value, str) else None for a in node.args]
    if kind is None or not arguments or None in arguments or len(arguments) > 2:
        return None
    return {kind: {"name": arguments[0], "dtype": arguments[1] if len(arguments) > 1 else ""}}


def _spec(node: nodes.Compare, constants: dict) -> dict | None:
    """get_soc_spec("UB_SIZE") compared with a number: the platform tables give the number per SoC."""
    left, (operator, right) = node.left, node.ops[0]
    if not (isinstance(left, nodes.Call) and getattr(left.func, "attrname", getattr(left.func, "name", "")) == "get_soc_spec"
            and left.args):
        return None
    key = left.args[0]
    key = key.value if isinstance(key, nodes.Const) else key.attrname if isinstance(key, nodes.Attribute) else None
    value = right.value if isinstance(right, nodes.Const) else constants.get(right.as_string())
    if not isinstance(key, str) or not isinstance(value, (int, float)) or isinstance(value, bool):
        return None
    return {"spec": {"key": key, "op": operator, "value": value}}


def _dtype_subject(node: nodes.NodeNG, dtype_vars: dict, params: frozenset = frozenset()):
    """The entry input whose dtype `node` holds (None when unknown), or False when it is not a dtype."""
    if params and isinstance(node, (nodes.Call, nodes.Attribute)) and reads_dtype(node):
        root = node
        while isinstance(root, (nodes.Call, nodes.Attribute, nodes.Subscript)):
            root = root.func if isinstance(root, nodes.Call) else root.expr if isinstance(root, nodes.Attribute) else root.value
        if isinstance(root, nodes.Name) and root.name in params:
            return root.name
    if isinstance(node, nodes.Name) and node.name in dtype_vars:
        return dtype_vars[node.name]
    if isinstance(node, nodes.Attribute) and isinstance(node.expr, nodes.Name) and node.expr.name == "self":
        key = f"self.{node.attrname}"
        if key in dtype_vars:
            return dtype_vars[key]
    if isinstance(node, nodes.Attribute) and node.attrname == "dtype":
        return None
    return False


def _strings(node: nodes.NodeNG, constants: dict) -> list[str] | None:
    if isinstance(node, nodes.Const) and isinstance(node.value, str):
        return [node.value]
    if isinstance(node, (nodes.Tuple, nodes.List, nodes.Set)):
        values = [_strings(element, constants) for element in node.elts]
        if values and all(v is not None and len(v) == 1 for v in values):
            return [v[0] for v in values]
        return None
    if isinstance(node, (nodes.Name, nodes.Attribute)):
        value = constants.get(node.as_string())
        if isinstance(value, str):
            return [value]
        if isinstance(value, (list, tuple)) and value and all(isinstance(v, str) for v in value):
            return list(value)
    return None
