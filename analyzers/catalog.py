"""Loads the TOML catalogs under analyzers/data (platforms, L0 op semantics, DSL map, torch reference)."""

from __future__ import annotations

import functools
import sys
from importlib import resources

if sys.version_info >= (3, 11):
    import tomllib
else:  # pragma: no cover - exercised only on Python 3.10
    import tomli as tomllib


@functools.lru_cache(maxsize=None)
def load(name: str) -> dict:
    """Parse analyzers/data/<name>.toml once per process."""
    text = resources.files("op_migrate.analyzers").joinpath("data", f"{name}.toml").read_text(encoding="utf-8")
    return tomllib.loads(text)


def data_path(*parts: str):
    """A Traversable for a file shipped under analyzers/data (queries, schemas, policies)."""
    return resources.files("op_migrate.analyzers").joinpath("data", *parts)
