"""Where a route finds the helpers an op_api file calls: the file itself, the headers it includes (includes.py), and
the sources beside an included header that define a function the header only declares."""

from __future__ import annotations

import os
import re
from collections.abc import Callable
from pathlib import Path

from op_migrate.analyzers.aclnn.includes import SOURCE_SUFFIXES, IncludeResolver
from op_migrate.analyzers.cxx.model import CxxUnit, Function, GlobalDecl

# Sources read beside one header when looking for a definition it declares: op_api folders hold a handful.
_MAX_BESIDE = 32


class HelperScope:
    """The units a call in a unit may reach by name, parsed on first need and shared by every walk of a process."""

    def __init__(self, resolver: IncludeResolver, parse: Callable[[Path], CxxUnit],
                 units: dict[Path, CxxUnit] | None = None) -> None:
        self.resolver = resolver
        self._parse = parse
        self._units = units if units is not None else {}
        self._headers: dict[str, tuple[CxxUnit, ...]] = {}
        self._by_name: dict[str, dict[str, list[tuple[CxxUnit, Function]]]] = {}
        self._beside: dict[tuple[str, str], list[tuple[CxxUnit, Function]]] = {}
        self._texts: dict[Path, bytes] = {}

    def headers(self, unit: CxxUnit) -> tuple[CxxUnit, ...]:
        """The parsed headers `unit` reads, nearest first."""
        if unit.path not in self._headers:
            paths, _ = self.resolver.closure(Path(unit.path))
            self._headers[unit.path] = tuple(self._unit(path) for path in paths)
        return self._headers[unit.path]

    def cut(self, unit: CxxUnit) -> bool:
        """Whether the bound on headers left some of `unit`'s includes unread."""
        return self.resolver.closure(Path(unit.path))[1]

    def functions(self, unit: CxxUnit, short: str) -> list[tuple[CxxUnit, Function]]:
        """Definitions named `short` in `unit` and then in its headers (overloads are chosen among all of them)."""
        by_name = self._by_name.get(unit.path)
        if by_name is None:
            by_name = self._by_name[unit.path] = {}
            for owner in (unit, *self.headers(unit)):
                for function in owner.functions:
                    by_name.setdefault(function.short_name, []).append((owner, function))
        return by_name.get(short, [])

    def globals(self, unit: CxxUnit):
        """Namespace-scope constants of `unit`, then of its headers: (unit, GlobalDecl) pairs."""
        for owner in (unit, *self.headers(unit)):
            for decl in owner.globals:
                yield owner, decl

    def beside(self, unit: CxxUnit, short: str) -> list[tuple[CxxUnit, Function]]:
        """Definitions of `short` in the sources beside a header of `unit` that declares it (`util.h` declares,
        `util.cpp` next to it defines); `static` definitions are file-local and never reached from here."""
        key = (unit.path, short)
        if key not in self._beside:
            found: list[tuple[CxxUnit, Function]] = []
            declared = re.compile(rb"\b" + re.escape(short.encode()) + rb"\s*\(")
            defined = re.compile(rb"\b" + re.escape(short.encode()) + rb"\s*\([^;{}]*\)\s*(?:const\s*)?\{")
            own = os.path.abspath(unit.path)
            folders = []
            for header in self.resolver.closure(Path(own))[0]:
                if declared.search(self._text(header)) and header.parent not in folders:
                    folders.append(header.parent)
            for folder in folders:
                try:
                    sources = sorted(p for p in folder.iterdir() if p.suffix in SOURCE_SUFFIXES and p.is_file())
                except OSError:
                    continue
                for source in sources[:_MAX_BESIDE]:
                    if str(source) == own or not defined.search(self._text(source)):
                        continue
                    owner = self._unit(source)
                    found.extend((owner, f) for f in owner.functions
                                 if f.short_name == short and not f.is_static)
            self._beside[key] = found
        return self._beside[key]

    def _unit(self, path: Path) -> CxxUnit:
        unit = self._units.get(path)
        if unit is None:
            unit = self._units[path] = self._parse(path)
        return unit

    def _text(self, path: Path) -> bytes:
        if path not in self._texts:
            try:
                self._texts[path] = path.read_bytes()
            except OSError:
                self._texts[path] = b""
        return self._texts[path]


def global_named(scope: HelperScope | None, unit: CxxUnit, short: str) -> GlobalDecl | None:
    """The first namespace-scope declaration named `short` that `unit` sees (its own, then its headers')."""
    pairs = scope.globals(unit) if scope is not None else ((unit, decl) for decl in unit.globals)
    for _, decl in pairs:
        if decl.name.rsplit("::", 1)[-1] == short:
            return decl
    return None
