"""Find ops-math-like roots and index their `namespace l0op` definitions; resolve l0op calls across roots and catalogs.

Resolution order: the repository roots in the order given (the first root that defines the op wins, and in it the
definition nearest the caller), then generated catalogs (`migrate catalog build`), then analyzers/data/l0_ops.toml.
Stand-ins (stand_ins.py) never resolve a call; they are listed on the Resolution instead.
"""

from __future__ import annotations

import functools
import os
import re
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from pathlib import Path, PurePath

from op_migrate.analyzers.aclnn.generated_catalog import GeneratedCatalog
from op_migrate.analyzers.aclnn.helper_scope import HelperScope
from op_migrate.analyzers.aclnn.includes import IncludeResolver
from op_migrate.analyzers.aclnn.opdefs import OpDefIndex
from op_migrate.analyzers.aclnn.stand_ins import stand_in_reason
from op_migrate.analyzers.cxx.model import CxxUnit, Function
from op_migrate.analyzers.route.l0_semantics import catalog_op
from op_migrate.analyzers.route.overloads import choose
from op_migrate.analyzers.route.resolution import UNRESOLVED, Resolution

# An ops-math checkout has these category directories at its root.
_ROOT_MARKERS = ("math", "conversion", "random", "experimental")
_SKIP_DIRS = {".git", "tests", "build", "build_out", "output", "__pycache__", ".venv"}
# A function definition head: `Name(params) {` (calls end in `;` or `)`, so they do not match).
_DEFINED = re.compile(rb"\b([A-Za-z_]\w*)\s*\([^;{}()]*(?:\([^;{}()]*\)[^;{}()]*)*\)\s*(?:const\s*)?\{")
_SOURCE_SUFFIXES = (".cpp", ".cc", ".cxx")
BUILTIN_CATALOG = "analyzers/data/l0_ops.toml"

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


def root_sources(root: Path) -> list[Path]:
    """The files of a root searched for L0 definitions: its op_api sources, or every C++ source when it has none."""
    return op_api_sources(root) or sorted(p for p in root.rglob("*") if p.suffix in _SOURCE_SUFFIXES and p.is_file())


@dataclass
class _Root:
    path: Path | None
    files: list[Path]
    by_name: dict[str, list[Path]] | None = None
    definitions: dict[str, list[tuple[CxxUnit, Function]]] = field(default_factory=dict)


class L0Index:
    """Which files of which roots define which `l0op::` functions; files are parsed only when a call needs them."""

    def __init__(self, roots: Sequence[tuple[Path | None, Sequence[Path]]], parse: Parse,
                 catalogs: Sequence[GeneratedCatalog] = ()) -> None:
        self._roots = [_Root(path, list(dict.fromkeys(files))) for path, files in roots]
        self._parse = parse
        self._units: dict[Path, CxxUnit] = {}
        self._catalogs = tuple(catalogs)
        self._resolved: dict[tuple, Resolution] = {}
        # Helpers in the headers a file includes resolve against the same roots (and share the parsed units).
        self.scope = HelperScope(IncludeResolver([path for path, _ in roots if path is not None]), parse, self._units)
        # What a generated aclnnInner<Op> API launches: the op's OpDef in the same roots.
        self.opdefs = OpDefIndex([path for path, _ in roots if path is not None])

    @property
    def roots(self) -> tuple[Path | None, ...]:
        return tuple(root.path for root in self._roots)

    def add_unit(self, path: Path, unit: CxxUnit) -> None:
        """Reuse a unit already parsed (the analysed inputs) instead of parsing it again."""
        self._units[path] = unit

    def cached(self, path: Path) -> CxxUnit | None:
        """The unit of `path` if a resolution already parsed it."""
        return self._units.get(path)

    def _names(self, root: _Root) -> dict[str, list[Path]]:
        if root.by_name is None:
            root.by_name = {}
            for path in root.files:
                try:
                    data = path.read_bytes()
                except OSError:
                    continue
                if b"namespace l0op" not in data:
                    continue
                for name in set(_DEFINED.findall(data)):
                    root.by_name.setdefault(name.decode("ascii"), []).append(path)
        return root.by_name

    def _definitions(self, root: _Root, name: str) -> list[tuple[CxxUnit, Function]]:
        if name not in root.definitions:
            found = []
            for path in self._names(root).get(name, ()):
                unit = self._units.get(path)
                if unit is None:
                    unit = self._units[path] = self._parse(path)
                found.extend((unit, f) for f in unit.functions if f.name.endswith(f"l0op::{name}"))
            root.definitions[name] = found
        return root.definitions[name]

    def definitions(self, name: str) -> list[tuple[CxxUnit, Function]]:
        """Every definition of `l0op::name` in every root, stand-ins included (for listings and the catalog build)."""
        return [pair for root in self._roots for pair in self._definitions(root, name)]

    def own_definitions(self) -> list[tuple[CxxUnit, Function, str | None]]:
        """Every `l0op::` definition of the first root with why it is a stand-in (None when it is not), by file."""
        if not self._roots:
            return []
        root = self._roots[0]
        found = [(unit, function, stand_in_reason(_relative(unit.path, root.path), function))
                 for name in sorted(self._names(root)) for unit, function in self._definitions(root, name)]
        return sorted(found, key=lambda item: (item[0].path, item[1].line))

    def resolve(self, name: str, arity: int, near: str = "", kinds: Sequence[str | None] | None = None) -> Resolution:
        """The definition of `l0op::name` a call with `arity` arguments reaches; see the module docstring."""
        key = (name, arity, near, tuple(kinds) if kinds else None)
        if key not in self._resolved:
            self._resolved[key] = self._resolve(name, arity, near, kinds)
        return self._resolved[key]

    def _resolve(self, name, arity, near, kinds, header_defaults: bool = False) -> Resolution:
        rejected: list[str] = []
        chosen: Resolution | None = None
        conflict = None
        for root in self._roots:
            usable = []
            for unit, function in self._definitions(root, name):
                why = stand_in_reason(_relative(unit.path, root.path), function)
                if why is None:
                    usable.append((unit, function))
                elif choose([function], arity):
                    rejected.append(f"{_shown(unit.path, root.path)}:{function.line}: {why}")
            best = choose([f for _, f in usable], arity, kinds) if not header_defaults else \
                self._by_header_defaults(usable, name, arity)
            if not best:
                continue
            pairs = [(u, f) for u, f in usable if any(f is b for b in best)]
            unit, function = max(pairs, key=lambda pair: (_common_prefix(pair[0].path, near), -len(pair[0].path)))
            if chosen is None:
                chosen = Resolution("repo", unit, function, where=f"{unit.path}:{function.line}")
            else:
                if _body_signature(chosen.function) != _body_signature(function):
                    conflict = (chosen.where or "", f"{unit.path}:{function.line}")
                break
        if chosen is not None:
            return Resolution(chosen.kind, chosen.unit, chosen.function, where=chosen.where, rejected=tuple(rejected),
                              conflict=conflict)
        for generated in self._catalogs:
            op = generated.op(name, arity)
            if op is not None:
                return Resolution("generated-catalog", op=op, where=str(generated.path), rejected=tuple(rejected))
        op = catalog_op(name, arity)
        if op is not None:
            return Resolution("catalog", op=op, where=BUILTIN_CATALOG, rejected=tuple(rejected))
        if not header_defaults:
            # Last, before "unresolved": a definition reached through defaults its header declares (the catalogs
            # model the framework's own ops, which come first).
            found = self._resolve(name, arity, near, kinds, header_defaults=True)
            if found.resolved:
                return found
        if rejected:
            return Resolution("unresolved", rejected=tuple(rejected),
                              reason="only stand-ins define it: " + "; ".join(rejected[:3]))
        return UNRESOLVED

    def _by_header_defaults(self, usable, name: str, arity: int) -> list[Function]:
        """Definitions a shorter call reaches through default arguments declared only in a header the defining file
        includes (`GatherV2(..., aclOpExecutor* executor, int batchDims = 0, bool negativeIndexSupport = false);` in
        gather_v2.h, the .cpp without them): C++ takes the defaults of the declaration in scope."""
        found = []
        for unit, function in usable:
            count = len(function.params)
            if count <= arity:
                continue
            for include in unit.includes:
                header = self.scope.resolver.resolve(include, Path(unit.path))
                if header is not None and any(total == count and count - defaults <= arity
                                              for total, defaults in _declared_arities(header, name)):
                    found.append(function)
                    break
        return found

    def resolution_kind(self, name: str, arity: int, near: str = "") -> tuple[str, str | None]:
        """(kind, where) of a call for listings: kind is a Resolution kind, where "path:line" or a catalog file."""
        resolved = self.resolve(name, arity, near)
        return resolved.kind, resolved.where


def _relative(path: str, root: Path | None) -> PurePath:
    if root is None:
        return PurePath(Path(path).name)
    try:
        return PurePath(os.path.relpath(path, root))
    except ValueError:
        return PurePath(path)


def _shown(path: str, root: Path | None) -> str:
    return _relative(path, root).as_posix() if root is not None else path


def _body_signature(function: Function | None) -> tuple:
    """Every statement's text, nested blocks and switch arms included (an `if` statement's text is its head)."""
    if function is None:
        return ()
    return tuple(_statements(function.body))


def _statements(stmts):
    for stmt in stmts:
        yield " ".join(stmt.text.split())
        yield from _statements(stmt.then)
        yield from _statements(stmt.orelse)
        for case in stmt.cases:
            yield f"case {case.label}"
            yield from _statements(case.body)


def _common_prefix(left: str, right: str) -> int:
    try:
        return len(os.path.commonpath([os.path.abspath(left), os.path.abspath(right)])) if left and right else 0
    except ValueError:  # different drives
        return 0


@functools.lru_cache(maxsize=4096)
def _declared_arities(header: Path, name: str) -> tuple[tuple[int, int], ...]:
    """(parameters, trailing defaults) of each declaration of `name` in a header (a prototype ending in `;`)."""
    try:
        text = header.read_text(encoding="utf-8", errors="replace")
    except OSError:
        return ()
    found = []
    for match in re.finditer(rf"\b{re.escape(name)}\s*\(([^;{{}}]*)\)\s*;", text):
        params = [part.strip() for part in _top_level_split(match.group(1)) if part.strip()]
        defaults = 0
        for param in reversed(params):
            if "=" not in param:
                break
            defaults += 1
        found.append((len(params), defaults))
    return tuple(found)


def _top_level_split(text: str) -> list[str]:
    """Split a parameter list at the commas outside brackets (`std::pair<int, int> p, int q`)."""
    parts, depth, current = [], 0, []
    for char in text:
        if char in "(<[{":
            depth += 1
        elif char in ")>]}":
            depth -= 1
        if char == "," and depth == 0:
            parts.append("".join(current))
            current = []
        else:
            current.append(char)
    parts.append("".join(current))
    return parts
