"""The explicit registry of analyzers: name -> module; each module exposes MESSAGES, its finding catalog."""

from __future__ import annotations

import importlib
from types import ModuleType

# One line per analyzer. A test imports each, checks its MESSAGES and that symbols are unique across all.
ANALYZERS: dict[str, str] = {
    "aclnn": "analyzers.aclnn",
    "cxx": "analyzers.cxx",
    "memory": "analyzers.memory",
    "package": "analyzers.package",
    "policy": "analyzers.policy",
    "tbe": "analyzers.tbe",
}


def analyzer_module(name: str) -> ModuleType:
    """Import the analyzer registered under `name`."""
    return importlib.import_module(ANALYZERS[name])
