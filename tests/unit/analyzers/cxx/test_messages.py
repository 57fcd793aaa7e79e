"""The cxx analyzer is registered, and every finding symbol its code emits is in its catalog."""

from __future__ import annotations

import re
from pathlib import Path

from op_migrate.analyzers.findings import MessageCatalog
from op_migrate.analyzers.registry import analyzer_module

_EMITTED = re.compile(r'(?:MESSAGES\.make|\.report)\(\s*"([a-z0-9-]+)"')


def test_registered_with_a_catalog() -> None:
    module = analyzer_module("cxx")
    assert isinstance(module.MESSAGES, MessageCatalog)
    assert {d.symbol for d in module.MESSAGES} >= {"cxx-parse-error", "cxx-not-utf8", "cxx-empty-file",
                                                   "cxx-too-large", "libclang-diagnostic", "libclang-unavailable",
                                                   "cxx-recursion-limit"}


def test_every_emitted_symbol_is_catalogued() -> None:
    catalog = analyzer_module("cxx").MESSAGES
    sources = Path(analyzer_module("cxx").__file__).parent  # the installed package, wherever it lives
    emitted = {m for path in sources.glob("*.py") for m in _EMITTED.findall(path.read_text(encoding="utf-8"))}
    assert len(emitted) >= 10
    assert sorted(s for s in emitted if s not in catalog) == []
