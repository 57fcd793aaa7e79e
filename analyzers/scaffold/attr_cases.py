"""Attribute branches of a traced operator: which attribute values select each chain variant, as values for the
generated tests and as the C++ condition the host tiling evaluates to pick the variant's tiling key."""

from __future__ import annotations

import itertools
import math

from op_migrate.analyzers.scaffold.scalars import expr_value, host_expr

_NUMERIC = {"==": lambda a, b: a == b, "!=": lambda a, b: a != b, "<": lambda a, b: a < b,
            "<=": lambda a, b: a <= b, ">": lambda a, b: a > b, ">=": lambda a, b: a >= b}


def holds(predicate: dict, value) -> bool:
    """What the TBE code's comparison gives for this attribute value (for an expression predicate: for this
    attribute -> value dict)."""
    if "expr" in predicate:
        return _expr_holds(predicate, value)
    op, other = predicate["op"], predicate["value"]
    if op == "truth":
        return bool(value)
    if op == "is_integer":
        return isinstance(value, (int, float)) and float(value).is_integer()
    if op in ("in", "not in"):
        found = value in other
        return found if op == "in" else not found
    if op == "isclose":
        return isinstance(value, (int, float)) and math.isclose(value, other)
    try:
        return bool(_NUMERIC[op](value, other))
    except TypeError:
        return False


def candidates(kind: str, default, conditions: list[dict]) -> list:
    """Values worth trying for one attribute: its default, the constants it is compared with and their neighbours."""
    constants = []
    for condition in conditions:
        other = condition["predicate"]["value"]
        constants += other if isinstance(other, list) else [other]
    if kind == "bool" or any(c["predicate"]["op"] == "truth" for c in conditions) and kind not in ("float", "int"):
        return [_bool(default), True, False]
    if kind == "str" or kind not in ("float", "int") and any(isinstance(c, str) for c in constants):
        return [default, *[c for c in constants if isinstance(c, str)], "scaffold-other"]
    # (A number attribute compared with strings too, `p in ("inf", float("inf"))`, takes the numbers: it is a number.)
    numbers = [c for c in constants if isinstance(c, (int, float)) and not isinstance(c, bool)]
    values = [_number(default)] + ([2.0, 2.5] if any(c["predicate"]["op"] == "is_integer" for c in conditions)
                                   else [])
    if kind == "int":
        # An int attribute takes int values only (the host reads it as int64: 1.5 would arrive as 1).
        values = [v for v in values if v is not None and float(v).is_integer()]
        values += [int(n) + step for n in numbers if math.isfinite(n) for step in (0, 1, -1, 2, -2)]
        return list(dict.fromkeys(int(v) for v in [*values, 0, 1, -1, 3]))
    for number in numbers:
        values += [number, number + 1.5, number - 1.5, number + 0.25, number - 0.25]
    return [v for v in values if v is not None] + [0.5, 1.5, -1.5]


def satisfying(conditions: list[dict], kinds: dict, defaults: dict) -> dict | None:
    """attribute -> a value under which every condition has its outcome; None when none is found (the variant can
    never be chosen). Attributes compared one at a time are chosen one at a time; those that meet in an expression
    are searched together over their candidates (at most MAX_JOINT tries)."""
    by_attr: dict[str, list[dict]] = {}
    joint = [c for c in conditions if "expr" in c["predicate"]]
    for condition in conditions:
        if "expr" not in condition["predicate"]:
            by_attr.setdefault(condition["predicate"]["attr"], []).append(condition)
    values = {}
    options: dict[str, list] = {}
    for attr, mine in by_attr.items():
        options[attr] = [v for v in candidates(kinds.get(attr, ""), defaults.get(attr), mine)
                         if v is not None and all(holds(c["predicate"], v) == c["outcome"] for c in mine)]
        if not options[attr]:
            return None
        values[attr] = options[attr][0]
    if not joint:
        return values
    names = sorted({n for c in joint for n in c["predicate"]["attrs"]})
    pools = [options.get(n) or _spread(kinds.get(n, ""), defaults.get(n)) for n in names]
    for index, choice in enumerate(itertools.product(*pools)):
        if index >= MAX_JOINT:
            break
        trial = {**values, **dict(zip(names, choice))}
        if all(holds(c["predicate"], trial) == c["outcome"] for c in joint):
            return trial
    return None


MAX_JOINT = 20000


def _spread(kind: str, default) -> list:
    """Values to try for an attribute that meets others in an expression: its default first, then a spread."""
    if kind == "bool":
        return [_bool(default), True, False]
    numbers = [0.5, 2.0, 1.5, 3.0, 0.25, 10.0, 0.1, 1.0, 0.0, -0.5, -1.0, -2.0, 8.0, -8.0, 100.0, -100.0, 1e-3]
    if kind == "int":
        numbers = [0, 1, -1, 2, -2, 3, 4, 8, 16, -8, 100]
    first = _number(default)
    return ([int(first) if kind == "int" else first] if first is not None else []) + numbers


def _expr_holds(predicate: dict, values: dict) -> bool | None:
    """The comparison as the TBE Python makes it at build time; None where it raises (or a value is missing)."""
    try:
        left = expr_value(predicate["expr"], values, raising=True)
        right = expr_value(predicate["value_expr"], values, raising=True) if "value_expr" in predicate \
            else predicate["value"]
    except (ArithmeticError, ValueError):
        return None
    op = predicate["op"]
    if left is None or right is None and op != "truth":
        return None
    if op == "truth":
        return left != 0
    if op == "isclose":
        return math.isclose(left, right, rel_tol=predicate.get("rel_tol", 1e-9), abs_tol=predicate.get("abs_tol", 0.0))
    return bool(_NUMERIC[op](left, right))


def cxx_expr_condition(predicate: dict, attr_field, numel_field=None) -> str:
    """The host-side C++ of a predicate over a number computed from attributes (or, numel_field given, from the
    input shapes), in double as TBE's Python computes it at build time."""
    left = host_expr(predicate["expr"], attr_field, numel_field)
    op = predicate["op"]
    if op == "truth":
        return f"({left} != 0.0)"
    right = host_expr(predicate["value_expr"], attr_field, numel_field) if "value_expr" in predicate \
        else host_expr(("const", predicate["value"]), attr_field)
    if op == "isclose":
        return (f"IsClose({left}, {right}, {predicate.get('rel_tol', 1e-9)!r}, {predicate.get('abs_tol', 0.0)!r})")
    return f"({left} {op} {right})"


def cxx_condition(predicate: dict, variable: str, kind: str) -> str:
    """The host-side C++ of a predicate over the attribute's value in `variable`."""
    op, other = predicate["op"], predicate["value"]
    if op == "truth":
        return f"({variable} != 0)" if kind in ("float", "int") else f"({variable})"
    if op == "is_integer":
        return f"(std::isfinite(static_cast<double>({variable})) && std::floor({variable}) == {variable})"
    strings = other if isinstance(other, list) else [other]
    if kind != "str" and op in ("in", "not in"):
        # A number is never equal to a string: `p in ("inf", float("inf"))` is a comparison with the numbers only.
        other = [o for o in strings if not isinstance(o, str)]
        if not other:
            return "true" if op == "not in" else "false"
    elif kind != "str" and any(isinstance(o, str) for o in strings):
        # A number attribute compared with a string: Python decides it without the value.
        return "true" if op in ("!=", "not in") else "false"
    if kind == "str":
        if op in ("in", "not in"):
            joined = " || ".join(f'{variable} == "{o}"' for o in other)
            return f"({joined})" if op == "in" else f"!({joined})"
        return f'({variable} {op} "{other}")'
    if op in ("in", "not in"):
        joined = " || ".join(f"{variable} == {_literal(o)}" for o in other)
        return f"({joined})" if op == "in" else f"!({joined})"
    if op == "isclose":
        return f"({variable} == {_literal(other)})"  # math.isclose's default rel_tol 1e-9 is equality for float32
    return f"({variable} {op} {_literal(other)})"


def _literal(value) -> str:
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, int):
        return str(value)
    if isinstance(value, float) and math.isinf(value):
        return ("-" if value < 0 else "") + "std::numeric_limits<float>::infinity()"
    if isinstance(value, float) and math.isnan(value):
        return "std::numeric_limits<float>::quiet_NaN()"  # equal to nothing, as in C++ (Python's `in` tests identity)
    return repr(float(value)) + "f" if "e" in repr(float(value)) or "." in repr(float(value)) else repr(value)


def _bool(default) -> bool:
    return str(default).lower() in ("true", "1")


def _number(default):
    try:
        return float(default)
    except (TypeError, ValueError):
        return None
