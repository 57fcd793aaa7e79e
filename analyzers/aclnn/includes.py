"""Quoted `#include`s of op_api sources resolved to files: the headers a file reads, transitively and bounded.

A quoted include is looked up as a compiler with the repository's include folders would: beside the including file,
then under each repository root (`math/expand/op_api/expand.h`), then under each root's include folders: the folders
named `inc` or `include` at most two levels below it, then the folders directly inside those (ops-math's CMake puts
`common/inc`, `common/inc/op_api` and `common/inc/external` on the include path, so `op_api/level2_base_caculation.h`
and `aclnn_kernels/common/op_error_check.h` are its `common/inc/...` files), and before those the folders a root's
CMake files put on an include path (`${OPS_TRANSFORMER_DIR}/mc2/3rd` in an include list: `#include
"common/op_host/op_api/matmul_util.h"` is `mc2/3rd/common/...`); last, a name starting `../` from the folders above
the including file, inside its root. Angle-bracket includes and quoted ones found nowhere
are the framework's (opbase, metadef, the toolkit): they are not read.
"""

from __future__ import annotations

import functools
import os
import re
from collections.abc import Sequence
from pathlib import Path

from op_migrate.analyzers.aclnn.stand_ins import STAND_IN_FOLDERS

# A file reads at most this many headers (its own includes first, breadth first): a bound, reported when reached.
MAX_HEADERS = 64
HEADER_SUFFIXES = (".h", ".hpp", ".hh", ".hxx", ".inl")
SOURCE_SUFFIXES = (".cpp", ".cc", ".cxx")
_QUOTED = re.compile(rb'^[ \t]*#[ \t]*include[ \t]*"([^"\n]+)"', re.M)
_SKIP_DIRS = frozenset({".git", "build", "build_out", "output", "__pycache__", ".venv"}) | STAND_IN_FOLDERS


def quoted_includes(data: bytes) -> list[str]:
    """The quoted include names of a source, in order (both arms of an `#if` alike)."""
    return [match.decode("utf-8", "replace").strip() for match in _QUOTED.findall(data)]


class IncludeResolver:
    """Resolves quoted includes against the including file and the repository roots; caches what it reads."""

    def __init__(self, roots: Sequence[Path]) -> None:
        self.roots = tuple(os.path.abspath(root) for root in roots if root is not None)
        self._folders: list[str] | None = None
        self._includes: dict[Path, list[str]] = {}
        self._resolved: dict[tuple[str, str], Path | None] = {}
        self._rooted: dict[str, list[Path]] = {}
        self._sources: dict[Path, tuple[Path, ...]] = {}
        self._closures: dict[Path | str, tuple[tuple[Path, ...], bool]] = {}

    def resolve(self, name: str, including: Path) -> Path | None:
        """The file a quoted include of `including` names, or None when it is not in reach (a framework header)."""
        parent = os.path.dirname(os.path.abspath(including))
        key = (name, parent)
        if key not in self._resolved:
            beside = os.path.normpath(os.path.join(parent, name))
            if os.path.isfile(beside):
                self._resolved[key] = Path(beside)
            else:
                matches = self._in_roots(name) or self._from_ancestors(name, parent)
                self._resolved[key] = matches[0] if matches else None
        return self._resolved[key]

    def _in_roots(self, name: str) -> list[Path]:
        """The file an include names under the first root, or include folder of a root, that has it."""
        if name not in self._rooted:
            found = []
            for folder in self.search_path():
                candidate = os.path.normpath(os.path.join(folder, name))
                if os.path.isfile(candidate):
                    found = [Path(candidate)]
                    break
            self._rooted[name] = found
        return self._rooted[name]

    def _from_ancestors(self, name: str, parent: str) -> list[Path]:
        """`#include "../../x_utils/op_host/x.h"` written against an include folder above the file (ops-nn's CMake puts
        each operator's op_host folder on the op_api sources' include path): the nearest folder above, inside a root,
        from which the name is a file."""
        if not name.startswith("../"):
            return []
        root = next((r for r in self.roots if parent == r or parent.startswith(r + os.sep)), None)
        folder = parent
        while root is not None and folder != root:
            folder = os.path.dirname(folder)
            candidate = os.path.normpath(os.path.join(folder, name))
            if candidate.startswith(root + os.sep) and os.path.isfile(candidate):
                return [Path(candidate)]
        return []

    def includes(self, path: Path) -> list[str]:
        if path not in self._includes:
            try:
                self._includes[path] = quoted_includes(path.read_bytes())
            except OSError:
                self._includes[path] = []
        return self._includes[path]

    def closure(self, path: Path) -> tuple[tuple[Path, ...], bool]:
        """(headers `path` reads, nearest first, without `path` itself; whether MAX_HEADERS cut the list)."""
        given = str(path)
        if given in self._closures:
            return self._closures[given]
        path = Path(os.path.abspath(path))
        if path not in self._closures:
            found: list[Path] = []
            seen = {path}
            queue = [path]
            cut = False
            while queue:
                current = queue.pop(0)
                for name in self.includes(current):
                    header = self.resolve(name, current)
                    if header is None or header in seen:
                        continue
                    if len(found) >= MAX_HEADERS:
                        cut = True
                        break
                    seen.add(header)
                    found.append(header)
                    queue.append(header)
            self._closures[path] = (tuple(found), cut)
        self._closures[given] = self._closures[path]
        return self._closures[path]

    def sources_in(self, folder: Path) -> tuple[Path, ...]:
        """The C++ sources directly in a folder (where a header's declarations may be defined)."""
        if folder not in self._sources:
            try:
                self._sources[folder] = tuple(sorted(p for p in folder.iterdir()
                                                   if p.suffix in SOURCE_SUFFIXES and p.is_file()))
            except OSError:
                self._sources[folder] = ()
        return self._sources[folder]

    def search_path(self) -> list[str]:
        """Each root, the folders its CMake files name as include folders, then its include folders (`inc` /
        `include` at most two levels down, stand-in folders left out), then the folders directly inside those."""
        if self._folders is None:
            self._folders = list(self.roots)
            for root in self.roots:
                self._folders += [folder for folder in cmake_include_folders(root) if folder not in self._folders]
            found: list[str] = []
            for root in self.roots:
                level = [root]
                for _ in range(2):
                    below = []
                    for folder in level:
                        try:
                            names = sorted(entry.name for entry in os.scandir(folder) if entry.is_dir())
                        except OSError:
                            continue
                        for name in names:
                            if name.lower() in _SKIP_DIRS:
                                continue
                            path = os.path.join(folder, name)
                            (found if name in ("inc", "include") else below).append(path)
                    level = below
            self._folders += found + [inner for folder in found for inner in _subfolders(folder)]
        return self._folders


def _subfolders(folder: str) -> list[str]:
    try:
        return sorted(entry.path for entry in os.scandir(folder) if entry.is_dir() and entry.name.lower() not in _SKIP_DIRS)
    except OSError:
        return []


@functools.lru_cache(maxsize=4)
def resolver_for(roots: tuple[Path, ...]) -> IncludeResolver:
    """One resolver per set of roots in a process (its caches serve every file of a directory run)."""
    return IncludeResolver(roots)


def read_files(roots: Sequence[Path], path: Path) -> list[Path]:
    """Every file a route of `path` may read besides `path` and the L0 definitions: the headers it includes and the
    sources beside them (where a helper a header declares is defined). Their contents belong in its cache key."""
    resolver = resolver_for(tuple(Path(root) for root in roots))
    headers, _ = resolver.closure(path)
    own = os.path.abspath(path)
    beside = {source for folder in {header.parent for header in headers} for source in resolver.sources_in(folder)}
    return list(headers) + sorted(source for source in beside if str(source) != own)



_CMAKE_COMMAND = re.compile(rb"\b(\w+)\s*\(([^()]*(?:\([^()]*\)[^()]*)*)\)", re.S)
_CMAKE_PATH = re.compile(rb"\$\{(\w+)\}/([\w./+-]+)")
# Variables that name the folder of the CMake file itself; any other `${VAR}/path` is tried against the root.
_CURRENT = (b"CMAKE_CURRENT_SOURCE_DIR", b"CMAKE_CURRENT_LIST_DIR")
_MAX_CMAKE_FILES = 2000
_CMAKE_DEPTH = 3


def cmake_include_folders(root: str) -> list[str]:
    """Folders of `root` that its CMake files put on an include path: a `${VAR}/rel/path` inside an include command
    or an include-list `set(...)` that names an existing folder of the root (or of the CMake file's own folder)."""
    found: list[str] = []
    count = 0
    for directory, subdirs, files in os.walk(root):
        # Include folders are set in the project's .cmake modules and its upper CMakeLists; an operator's own
        # CMakeLists (thousands in ops-math, deeper down) only adds its sources.
        depth = directory.count(os.sep) - root.count(os.sep)
        subdirs[:] = sorted(d for d in subdirs if d.lower() not in _SKIP_DIRS and not d.startswith(".")) \
            if depth < _CMAKE_DEPTH else []
        for name in sorted(files):
            if not name.endswith(".cmake") and name != "CMakeLists.txt":
                continue
            count += 1
            if count > _MAX_CMAKE_FILES:
                return found
            try:
                data = Path(directory, name).read_bytes()
            except OSError:
                continue
            for command, args in _CMAKE_COMMAND.findall(data):
                if b"include" not in command.lower() and not (command.lower() == b"set" and b"INC" in args.upper()):
                    continue
                for variable, relative in _CMAKE_PATH.findall(args):
                    base = directory if variable in _CURRENT else root
                    folder = os.path.normpath(os.path.join(base, relative.decode("utf-8", "replace").rstrip("/")))
                    parts = {part.lower() for part in Path(folder).relative_to(root).parts} if \
                        folder.startswith(root) else {"outside"}
                    if folder.startswith(root) and not parts & _SKIP_DIRS and folder not in found and \
                            os.path.isdir(folder):
                        found.append(folder)
    return found
