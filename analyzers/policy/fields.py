"""Typed readers for policy TOML tables: each appends "key.path: reason" to `problems` instead of raising."""

from __future__ import annotations

import re

_GLOB = re.compile(r"^[A-Za-z0-9_:*?\[\]!.-]+$")


def scalar_lists(table, where: str, problems: list[str]) -> tuple[tuple[str, tuple[float, ...]], ...]:
    if not isinstance(table, dict):
        problems.append(f"{where}: must be a table of name = [values]")
        return ()
    result = []
    for name, values in table.items():
        if not isinstance(values, list) or not all(isinstance(v, (int, float)) and not isinstance(v, bool) for v in values):
            problems.append(f"{where}.{name}: must be a list of numbers, got {values!r}")
            continue
        result.append((str(name), tuple(float(v) for v in values)))
    return tuple(result)


def valid_glob(pattern: str) -> bool:
    if not pattern or not _GLOB.match(pattern):
        return False
    depth = 0
    for char in pattern:
        depth += char == "["
        depth -= char == "]"
        if depth not in (0, 1):
            return False
    return depth == 0


def unknown_keys(table: dict, known: set[str], where: str, problems: list[str]) -> None:
    for key in table:
        if key not in known:
            path = f"{where}.{key}" if where else key
            problems.append(f"{path}: unknown key (known: {', '.join(sorted(known))})")


def text(table: dict, key: str, where: str, problems: list[str], required: bool = False) -> str | None:
    if key not in table:
        if required:
            problems.append(f"{where}.{key}: required")
        return None
    value = table[key]
    if not isinstance(value, str) or not value:
        problems.append(f"{where}.{key}: must be a non-empty string, got {value!r}")
        return None
    return value


def texts(value, where: str, problems: list[str], required: bool) -> tuple[str, ...]:
    if value is None:
        if required:
            problems.append(f"{where}: required")
        return ()
    if not isinstance(value, list) or not all(isinstance(v, str) and v for v in value):
        problems.append(f"{where}: must be a list of non-empty strings")
        return ()
    if required and not value:
        problems.append(f"{where}: is empty: nothing would be checked")
    return tuple(value)


def items(table: dict, key: str, where: str, problems: list[str], required: bool = True) -> list:
    value = table.get(key)
    if value is None:
        if required:
            problems.append(f"{where}.{key}: required (the product soc × dtype × cases × scalars needs it)")
        return []
    if not isinstance(value, list):
        problems.append(f"{where}.{key}: must be a list")
        return []
    if required and not value:
        problems.append(f"{where}.{key}: is empty, so the product soc × dtype × cases × scalars is empty")
    return value


def tables(table: dict, key: str, where: str, problems: list[str], required: bool = False) -> list[dict]:
    value = table.get(key, [])
    if not isinstance(value, list) or not all(isinstance(v, dict) for v in value):
        problems.append(f"{where}.{key}: must be an array of tables ([[{where}.{key}]])")
        return []
    if required and not value:
        problems.append(f"{where}.{key}: at least one [[{where}.{key}]] table is required")
    return value


def flag(table: dict, key: str, where: str, problems: list[str], default: bool = False) -> bool:
    value = table.get(key, default)
    if not isinstance(value, bool):
        problems.append(f"{where}.{key}: must be true or false, got {value!r}")
        return default
    return value


def choice(table: dict, key: str, choices: tuple[str, ...], where: str, problems: list[str]) -> str | None:
    if key not in table:
        return None
    value = table[key]
    if value not in choices:
        problems.append(f"{where}.{key}: {value!r} is not one of {', '.join(choices)}")
        return None
    return value
