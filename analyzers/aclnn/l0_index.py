"""Find the ops-math root and index its `namespace l0op` definitions by name; resolve l0op calls by arity."""

from __future__ import annotations

import os
import re
from collections.abc import Callable, Sequence
from pathlib import Path

from op_migrate.analyzers.cxx.model import CxxUnit, Function
from op_migrate.analyzers.route.l0_semantics import CatalogOp, catalog_op

# An ops-math checkout has these category directories at its root.
_ROOT_MARKERS = ("math", "conversion", "random", "experimental")
_SKIP_DIRS = {".git", "tests", "build", "build_out", "output", "__pycache__", ".venv"}
# A function definition head: `Name(params) {` (calls end in `;` or `)`, so they do not match).
_DEFINED = re.compile(rb"\b([A-Za-z_]\w*)\s*\([^;{}()]*(?:\([^;{}()]*\)[^;{}()]*)*\)\s*(?:const\s*)?\{")
_SOURCE_SUFFIXES = (".cpp", ".cc", ".cxx")

Parse = Callable[[Path], CxxUnit]


def find_repo_root(start: Path) -> Path | None:
    """The nearest directory at or above `start` with `math/` and one more ops-math category directory."""
    here = start.resolve()
    for candidate in (here, *here.parents) if here.is_dir() else here.parents:
        if (candidate / "math").is_dir() and any((candidate / m).is_dir() for m in _ROOT_MARKERS[1:]):
            return candidate
    return None


def op_api_sources(root: Path) -> list[Path]:
    """Every C++ source under an `op_api` directory of the tree (tests and build outputs skipped), sorted."""
    found = []
    for directory, subdirs, files in os.walk(root):
        subdirs[:] = sorted(d for d in subdirs if d not in _SKIP_DIRS)
        if "op_api" not in Path(directory).parts:
            continue
        found.extend(Path(directory) / name for name in files if name.endswith(_SOURCE_SUFFIXES))
    return sorted(found)


class L0Index:
    """Which files define which `l0op::` functions; files are parsed only when a call needs them."""

    def __init__(self, files: Sequence[Path], parse: Parse) -> None:
        self._files = list(dict.fromkeys(files))
        self._parse = parse
        self._by_name: dict[str, list[Path]] | None = None
        self._units: dict[Path, CxxUnit] = {}
        self._definitions: dict[str, list[tuple[CxxUnit, Function]]] = {}

    def add_unit(self, path: Path, unit: CxxUnit) -> None:
        """Reuse a unit already parsed (the analysed inputs) instead of parsing it again."""
        self._units[path] = unit

    def cached(self, path: Path) -> CxxUnit | None:
        """The unit of `path` if a resolution already parsed it."""
        return self._units.get(path)

    def _names(self) -> dict[str, list[Path]]:
        if self._by_name is None:
            self._by_name = {}
            for path in self._files:
                try:
                    data = path.read_bytes()
                except OSError:
                    continue
                if b"namespace l0op" not in data:
                    continue
                for name in set(_DEFINED.findall(data)):
                    self._by_name.setdefault(name.decode("ascii"), []).append(path)
        return self._by_name

    def definitions(self, name: str) -> list[tuple[CxxUnit, Function]]:
        if name not in self._definitions:
            found = []
            for path in self._names().get(name, ()):
                unit = self._units.get(path)
                if unit is None:
                    unit = self._units[path] = self._parse(path)
                found.extend((unit, f) for f in unit.functions if f.name.endswith(f"l0op::{name}"))
            self._definitions[name] = found
        return self._definitions[name]

    def resolve(self, name: str, arity: int, near: str = "") -> tuple[CxxUnit, Function] | CatalogOp | None:
        """The repository definition closest to `near` with this arity, else the catalog entry, else None."""
        candidates = [(u, f) for u, f in self.definitions(name) if len(f.params) == arity]
        if not candidates:
            candidates = [(u, f) for u, f in self.definitions(name) if len(f.params) > arity and _has_defaults(f)]
        if candidates:
            return max(candidates, key=lambda pair: (_common_prefix(pair[0].path, near), -len(pair[0].path)))
        return catalog_op(name, arity)

    def resolution_kind(self, name: str, arity: int, near: str = "") -> tuple[str, str | None]:
        """("repo", "path:line") | ("catalog", None) | ("unresolved", None) for reports."""
        resolved = self.resolve(name, arity, near)
        if isinstance(resolved, tuple):
            return "repo", f"{resolved[0].path}:{resolved[1].line}"
        if isinstance(resolved, CatalogOp):
            return "catalog", None
        return "unresolved", None


def _has_defaults(function: Function) -> bool:
    return any("=" in param.type_text for param in function.params)


def _common_prefix(left: str, right: str) -> int:
    try:
        return len(os.path.commonpath([os.path.abspath(left), os.path.abspath(right)])) if left and right else 0
    except ValueError:  # different drives
        return 0
