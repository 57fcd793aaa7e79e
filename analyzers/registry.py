"""The explicit registry of analyzers: name -> module; each module exposes MESSAGES, its finding catalog."""

from __future__ import annotations

import importlib
from types import ModuleType

# One line per analyzer. A test imports each, checks its MESSAGES and that symbols are unique across all.
ANALYZERS: dict[str, str] = {
    "aclnn": "op_migrate.analyzers.aclnn",
    "cxx": "op_migrate.analyzers.cxx",
    "facts": "op_migrate.analyzers.facts_check",
    "memory": "op_migrate.analyzers.memory",
    "package": "op_migrate.analyzers.package",
    "policy": "op_migrate.analyzers.policy",
    "tbe": "op_migrate.analyzers.tbe",
}


def analyzer_module(name: str) -> ModuleType:
    """Import the analyzer registered under `name`."""
    return importlib.import_module(ANALYZERS[name])
