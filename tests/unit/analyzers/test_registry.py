"""The analyzer registry: every analyzer package is registered, exposes MESSAGES, and symbols never collide."""

from __future__ import annotations

from pathlib import Path

import pytest

from op_migrate.analyzers.findings import MessageCatalog
from op_migrate.analyzers.registry import ANALYZERS, analyzer_module

ANALYZERS_DIR = Path(__file__).resolve().parents[3] / "analyzers"
NOT_ANALYZERS = {"data", "route", "atlas", "scaffold", "__pycache__"}  # route: the shared model + evaluation used by
# aclnn; atlas: rows over walked routes and their memory plans, with no finding kinds of its own; scaffold: a generator
# (TBE trace -> operator files), what it cannot translate goes into the operator's report and exit code, not findings


def test_every_analyzer_package_is_registered() -> None:
    packages = {p.name for p in ANALYZERS_DIR.iterdir() if p.is_dir() and (p / "__init__.py").exists()}
    assert packages - NOT_ANALYZERS - {"proto"} <= set(ANALYZERS), "register the new analyzer in analyzers/registry.py"


@pytest.mark.parametrize("name", sorted(ANALYZERS))
def test_registered_module_exposes_its_catalog(name: str) -> None:
    catalog = analyzer_module(name).MESSAGES
    assert isinstance(catalog, MessageCatalog)
    assert list(catalog), f"{name} declares no finding kinds"


def test_symbols_are_unique_across_analyzers() -> None:
    owners: dict[str, str] = {}
    clashes = []
    for name in sorted(ANALYZERS):
        for definition in analyzer_module(name).MESSAGES:
            if definition.symbol in owners and owners[definition.symbol] != name:
                clashes.append(f"{definition.symbol}: {owners[definition.symbol]} and {name}")
            owners.setdefault(definition.symbol, name)
    assert clashes == []
