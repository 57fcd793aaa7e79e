"""Attribute branches of a traced operator: which attribute values select each chain variant, as values for the
generated tests and as the C++ condition the host tiling evaluates to pick the variant's tiling key."""

from __future__ import annotations

import math

_NUMERIC = {"==": lambda a, b: a == b, "!=": lambda a, b: a != b, "<": lambda a, b: a < b,
            "<=": lambda a, b: a <= b, ">": lambda a, b: a > b, ">=": lambda a, b: a >= b}


def holds(predicate: dict, value) -> bool:
    """What the TBE code's comparison gives for this attribute value."""
    op, other = predicate["op"], predicate["value"]
    if op == "truth":
        return bool(value)
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
    if kind == "str" or any(isinstance(c, str) for c in constants):
        return [default, *[c for c in constants if isinstance(c, str)], "scaffold-other"]
    numbers = [c for c in constants if isinstance(c, (int, float)) and not isinstance(c, bool)]
    values = [_number(default)]
    for number in numbers:
        values += [number, number + 1.5, number - 1.5, number + 0.25, number - 0.25]
    return [v for v in values if v is not None] + [0.5, 1.5, -1.5]


def satisfying(conditions: list[dict], kinds: dict, defaults: dict) -> dict | None:
    """attribute -> a value under which every condition has its outcome; None when none is found (the variant can
    never be chosen)."""
    by_attr: dict[str, list[dict]] = {}
    for condition in conditions:
        by_attr.setdefault(condition["predicate"]["attr"], []).append(condition)
    values = {}
    for attr, mine in by_attr.items():
        for value in candidates(kinds.get(attr, ""), defaults.get(attr), mine):
            if value is not None and all(holds(c["predicate"], value) == c["outcome"] for c in mine):
                values[attr] = value
                break
        else:
            return None
    return values


def cxx_condition(predicate: dict, variable: str, kind: str) -> str:
    """The host-side C++ of a predicate over the attribute's value in `variable`."""
    op, other = predicate["op"], predicate["value"]
    if op == "truth":
        return f"({variable} != 0)" if kind in ("float", "int") else f"({variable})"
    strings = other if isinstance(other, list) else [other]
    if kind != "str" and any(isinstance(o, str) for o in strings):
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
    return repr(float(value)) + "f" if "e" in repr(float(value)) or "." in repr(float(value)) else repr(value)


def _bool(default) -> bool:
    return str(default).lower() in ("true", "1")


def _number(default):
    try:
        return float(default)
    except (TypeError, ValueError):
        return None
