"""Where a macro used in a file is defined: the file itself, its headers nearest first, any host-side header of the
repository roots by name (flagged), then the framework catalog (analyzers/data/framework_macros.toml)."""

from __future__ import annotations

import functools
import os
import re
import time
from collections.abc import Callable, Sequence
from dataclasses import replace
from pathlib import Path

from op_migrate.analyzers.cxx.framework_macros import framework_macro
from op_migrate.analyzers.cxx.macro_conditions import condition_holds, pick_definition, unconditional_bodies
from op_migrate.analyzers.cxx.macro_defs import MacroDef, MacroScan, scan_macros
from op_migrate.analyzers.cxx.messages import MESSAGES
from op_migrate.analyzers.findings import Finding

HEADER_SUFFIXES = (".h", ".hpp", ".hh", ".hxx", ".inl")
# Folders whose headers a host build does not read: kernels, tests and their stand-ins, examples, build output.
# (The stand-in names are analyzers/aclnn/stand_ins.STAND_IN_FOLDERS; a test keeps the two in step.)
SKIPPED_FOLDERS = frozenset({"op_kernel", "examples", "example", "build", "build_out", "output", ".git",
                             "__pycache__", "stub", "stubs", "mock", "mocks", "fake", "fakes", "test", "tests",
                             "testing", "ut"})
_DEFINED_NAMES = re.compile(rb"^[ \t]*#[ \t]*define[ \t]+([A-Za-z_][A-Za-z0-9_]*)", re.M)
_UNDEFINED = object()


class MacroIndex:
    """Macro definitions of repository roots, read lazily: a file is scanned only when its bytes define the name
    looked up; the name index of the whole tree is built on the first lookup that needs it. Caches per instance."""

    def __init__(self, roots: Sequence[Path], read: Callable[[Path], bytes] | None = None) -> None:
        self.roots = tuple(Path(os.path.abspath(root)) for root in roots if root is not None)
        self.read = read or (lambda path: Path(path).read_bytes())
        self.findings: list[Finding] = []
        self.index_seconds = 0.0
        self.indexed_files = 0
        self._names: dict[str, frozenset[str]] = {}
        self._scans: dict[str, MacroScan] = {}
        self._tables: dict[str, tuple[dict[str, list[MacroDef]], object]] = {}
        self._by_name: dict[str, list[str]] | None = None

    def lookup(self, name: str, unit_path: Path, headers: Sequence[Path], line: int | None = None) -> MacroDef | None:
        """The definition of `name` a use in `unit_path` (at `line`, when given) sees, `origin` telling where it was
        found: "unit", "include" (one of `headers`, nearest first), "by-name" (a header of the roots that the unit
        is not known to include: a guess, the nearest to the unit), "framework"; None when nothing defines it."""
        return self._lookup(name, os.path.abspath(unit_path), (os.path.abspath(header) for header in headers), line)

    def _lookup(self, name: str, unit: str, headers: Sequence[str], line: int | None) -> MacroDef | None:
        """lookup with the unit's and the headers' absolute paths already made (a resolver makes them once: a route
        walk asks it for many names, each through every header of the unit's include closure)."""
        found = self._in_unit(name, unit, line)
        if found is _UNDEFINED:
            return None
        if found is not None:
            return replace(found, origin="unit")
        for header in headers:
            found = self._in_file(name, header)
            if found is not None:
                return replace(found, origin="include")
        nearest = sorted(self.candidates(name), key=lambda d: (-_shared_prefix(d.path, unit), d.path))
        if nearest:
            return replace(nearest[0], origin="by-name")
        found = framework_macro(name)
        return replace(found, origin="framework") if found is not None else None

    def resolver(self, unit_path: Path, headers: Sequence[Path], line: int | None = None,
                 by_name: bool = True) -> Callable[[str], MacroDef | None]:
        """A lookup for expand(): `name -> MacroDef | None` for one use site, cached; by_name=False leaves out
        definitions found only by name (identifiers inside an expansion then stay as written)."""
        cache: dict[str, MacroDef | None] = {}
        unit, absolute = os.path.abspath(unit_path), [os.path.abspath(header) for header in headers]

        def lookup(name: str) -> MacroDef | None:
            if name not in cache:
                found = self._lookup(name, unit, absolute, line)
                cache[name] = None if found is not None and found.by_name_only and not by_name else found
            return cache[name]

        return lookup

    def candidates(self, name: str) -> list[MacroDef]:
        """Every host-side header of the roots that defines `name`, one definition each (reports ambiguity)."""
        found = []
        for path in self.name_index().get(name, ()):
            definition = self._in_file(name, path)
            if definition is not None:
                found.append(definition)
        return found

    def scan(self, path: str) -> MacroScan:
        """The macros of one file, scanned once."""
        if path not in self._scans:
            data = self._bytes(path)
            self._scans[path] = scan_macros(data, path) if data is not None else MacroScan(path, ())
            self.findings.extend(self._scans[path].findings)
        return self._scans[path]

    def _table(self, path: str) -> tuple[dict[str, list[MacroDef]], object]:
        """A scanned file's definitions by name, and its `defined` for evaluating conditions."""
        if path not in self._tables:
            scan = self.scan(path)
            by_name: dict[str, list[MacroDef]] = {}
            for definition in scan.defines:
                by_name.setdefault(definition.name, []).append(definition)
            self._tables[path] = (by_name, unconditional_bodies(scan.defines))
        return self._tables[path]

    def _in_file(self, name: str, path: str) -> MacroDef | None:
        if name not in self._defined_names(path):
            return None
        by_name, defined = self._table(path)
        return pick_definition(by_name.get(name, ()), defined)

    def _in_unit(self, name: str, path: str, line: int | None):
        if name not in self._defined_names(path) and (line is None or b"undef" not in (self._bytes(path) or b"")):
            return None
        by_name, defined = self._table(path)
        defines = [d for d in by_name.get(name, ()) if line is None or d.line < line]
        if line is not None:
            undefs = [u.line for u in self.scan(path).undefs if u.name == name and u.line < line
                      and condition_holds(u.preproc, defined)]
            if undefs and all(d.line < max(undefs) for d in defines):
                return _UNDEFINED
        return pick_definition(defines, defined)

    def _defined_names(self, path: str) -> frozenset[str]:
        """The names `#define`d in a file, read with one regular expression (the pre-filter before a scan)."""
        if path not in self._names:
            data = self._bytes(path)
            self._names[path] = frozenset(m.decode("ascii") for m in _DEFINED_NAMES.findall(data or b""))
        return self._names[path]

    def _bytes(self, path: str) -> bytes | None:
        try:
            return self.read(Path(path))
        except OSError as error:
            if path not in self._names:
                self.findings.append(MESSAGES.make("cxx-unreadable", path=path, reason=error.strerror or str(error)))
                self._names[path] = frozenset()
            return None

    def name_index(self) -> dict[str, list[str]]:
        """Name -> headers defining it, over every host-side header of the roots (built once, timed)."""
        if self._by_name is None:
            started = time.perf_counter()
            index: dict[str, list[str]] = {}
            for path in _host_headers(self.roots):
                self.indexed_files += 1
                for name in self._defined_names(path):
                    index.setdefault(name, []).append(path)
            self._by_name = index
            self.index_seconds = time.perf_counter() - started
        return self._by_name


@functools.lru_cache(maxsize=4)
def index_for(roots: tuple[Path, ...]) -> MacroIndex:
    """One index per set of roots in a process (its caches serve every file of a directory run)."""
    return MacroIndex(roots)


def _host_headers(roots: Sequence[Path]):
    """Headers under the roots, skipped folders pruned, in a stable order (symbolic links to folders not followed)."""
    seen: set[str] = set()
    for root in roots:
        for folder, folders, files in os.walk(root):
            folders[:] = sorted(f for f in folders if f.lower() not in SKIPPED_FOLDERS)
            for name in sorted(files):
                path = os.path.join(folder, name)
                if name.endswith(HEADER_SUFFIXES) and path not in seen:
                    seen.add(path)
                    yield path


def _shared_prefix(path: str, unit: str) -> int:
    """How many leading folders two paths share: the nearer header to the unit wins a by-name lookup."""
    count = 0
    for a, b in zip(Path(path).parts, Path(unit).parts):
        if a != b:
            break
        count += 1
    return count
