"""Findings: frozen records with a stable kebab-case symbol and a message rendered from its template."""

from __future__ import annotations

import re
from dataclasses import dataclass
from enum import Enum

from op_migrate.analyzers.model import JsonModel

_SYMBOL = re.compile(r"^[a-z][a-z0-9]*(-[a-z0-9]+)*$")


class Severity(str, Enum):
    """How much a finding matters to the exit code."""

    ERROR = "error"
    WARNING = "warning"
    INFO = "info"


@dataclass(frozen=True)
class MessageDef:
    """One kind of finding: its symbol, message template (str.format fields) and what it means."""

    symbol: str
    template: str
    description: str
    severity: Severity = Severity.WARNING

    def __post_init__(self) -> None:
        if not _SYMBOL.match(self.symbol):
            raise ValueError(f"finding symbol {self.symbol!r} is not kebab-case")


@dataclass(frozen=True)
class Finding(JsonModel):
    """A finding at a place in a source file."""

    symbol: str
    message: str
    line: int | None = None
    path: str | None = None
    severity: Severity = Severity.WARNING

    def sort_key(self) -> tuple:
        return (self.path or "", self.line or 0, self.symbol, self.message)


class MessageCatalog:
    """The finding kinds one analyzer may emit, looked up by symbol."""

    def __init__(self, *definitions: MessageDef) -> None:
        self._by_symbol = {d.symbol: d for d in definitions}
        if len(self._by_symbol) != len(definitions):
            raise ValueError("duplicate finding symbol in one catalog")

    def __iter__(self):
        return iter(self._by_symbol.values())

    def __contains__(self, symbol: str) -> bool:
        return symbol in self._by_symbol

    def make(self, symbol: str, *, line: int | None = None, path: str | None = None, **fields) -> Finding:
        """Build a finding; an unknown symbol or a missing template field is a programming error."""
        definition = self._by_symbol[symbol]
        return Finding(
            symbol=symbol,
            message=definition.template.format(path=path, line=line, **fields),
            line=line,
            path=path,
            severity=definition.severity,
        )
