"""Facts about the operators op-migrate ships: op type, ops-math category, API names, policy, defaults."""

from __future__ import annotations

import re
import sys
from dataclasses import dataclass

from op_migrate.analyzers import catalog
from op_migrate.analyzers.model import JsonModel

if sys.version_info >= (3, 11):
    import tomllib
else:  # pragma: no cover - exercised only on Python 3.10
    import tomli as tomllib

_PLAIN_NAME = re.compile(r"^[A-Za-z0-9_][A-Za-z0-9_.-]*$")


@dataclass(frozen=True)
class OperatorInfo(JsonModel):
    """One operator's identity as ops-math names it."""

    name: str  # snake_case folder name
    op_type: str  # UpperCamel
    category: str  # math | random | conversion
    apis: tuple[str, ...]  # aclnn API names documented in docs/
    policy: str  # built-in verify-route policy
    summary_zh: str
    summary_en: str


def is_plain_name(name: str) -> bool:
    """True for a single folder name: no separator, no '..', not empty."""
    return bool(_PLAIN_NAME.match(name)) and ".." not in name and name not in {".", ".."}


def folder_operator_info(name: str, path) -> OperatorInfo:
    """An operator folder that describes itself (docs/operator.toml, written by `migrate scaffold`): its identity,
    and its verify-route policy as a path inside the folder."""
    entry = tomllib.loads(path.read_text(encoding="utf-8"))["operator"]
    policy = entry["policy"]
    return OperatorInfo(name=name, op_type=entry["op_type"], category=entry["category"], apis=tuple(entry["apis"]),
                        policy=str(path.parent / policy) if policy.endswith(".toml") else policy,
                        summary_zh=entry["summary_zh"], summary_en=entry["summary_en"])


def operator_info(name: str) -> OperatorInfo:
    """Look the operator up in analyzers/data/operators.toml; unknown ops get names derived by convention."""
    entry = catalog.load("operators").get("operator", {}).get(name)
    op_type = "".join(part.capitalize() for part in name.split("_"))
    if entry is None:
        return OperatorInfo(name, op_type, "math", (f"aclnn{op_type}",), f"{name}-native", name, name)
    return OperatorInfo(
        name=name,
        op_type=entry.get("op_type", op_type),
        category=entry["category"],
        apis=tuple(entry["apis"]),
        policy=entry["policy"],
        summary_zh=entry["summary_zh"],
        summary_en=entry["summary_en"],
    )
