"""Fact tests: the decidable part of a condition, and its three-valued evaluation under SoC and dtype facts.

A test is a small tree: {"all": [...]}, {"any": [...]}, {"not": t}, {"soc": {"op", "values"}},
{"dtype": {"op", "values", "param"}}, or None for a part no fact decides (api_check_support, shapes ...).
"""

from __future__ import annotations


def decide(test: dict | None, socs: list[str] | None, dtype_of) -> bool | None:
    """True / False when the facts decide the test, None otherwise.

    socs: the SoCs of the report (short names, any case), or None; dtype_of(param) -> the dtype fact or None.
    With several SoCs a SoC test is decided only when it comes out the same on all of them.
    """
    if test is None:
        return None
    if "all" in test:
        results = [decide(part, socs, dtype_of) for part in test["all"]]
        return False if False in results else (True if all(r is True for r in results) else None)
    if "any" in test:
        results = [decide(part, socs, dtype_of) for part in test["any"]]
        return True if True in results else (False if all(r is False for r in results) else None)
    if "not" in test:
        inner = decide(test["not"], socs, dtype_of)
        return None if inner is None else not inner
    if "soc" in test:
        if not socs:
            return None
        outcomes = {_compare(test["soc"]["op"], soc.lower(), [v.lower() for v in test["soc"]["values"]]) for soc in socs}
        return outcomes.pop() if len(outcomes) == 1 else None
    if "dtype" in test:
        value = dtype_of(test["dtype"]["param"])
        return None if value is None else _compare(test["dtype"]["op"], value, test["dtype"]["values"])
    return None


def _compare(operator: str, value: str, values: list[str]) -> bool:
    if operator == "==":
        return value == values[0]
    if operator == "!=":
        return value != values[0]
    if operator == "in":
        return value in values
    return value not in values
