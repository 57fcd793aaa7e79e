"""Finding catalogs: kebab-case symbols, templates, uniqueness."""

from __future__ import annotations

import pytest

from op_migrate.analyzers.findings import MessageCatalog, MessageDef, Severity


def test_catalog_renders_the_template() -> None:
    catalog = MessageCatalog(MessageDef("unknown-dsl-call", "unknown DSL call {name}", "A call not in the catalog."))
    finding = catalog.make("unknown-dsl-call", line=7, path="a.py", name="vfoo")
    assert (finding.symbol, finding.message, finding.line) == ("unknown-dsl-call", "unknown DSL call vfoo", 7)
    assert finding.to_json()["severity"] == Severity.WARNING.value


def test_symbols_must_be_kebab_case() -> None:
    with pytest.raises(ValueError):
        MessageDef("Unknown_Call", "x", "y")


def test_duplicate_symbols_are_rejected() -> None:
    with pytest.raises(ValueError):
        MessageCatalog(MessageDef("a-b", "x", "y"), MessageDef("a-b", "z", "w"))
