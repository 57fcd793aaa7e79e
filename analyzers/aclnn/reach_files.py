"""The files the reach index reads: host-side C/C++ of the roots, first root wins, keyed by size and mtime."""

from __future__ import annotations

import os
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path

from op_migrate.analyzers.aclnn.stand_ins import STAND_IN_FOLDERS

SUFFIXES = (".cpp", ".cc", ".cxx", ".c", ".h", ".hpp", ".hh", ".hxx", ".inl", ".ipp")
# Not host code of the operators: tests, samples, documentation, build trees; device code is any `op_kernel*`.
SKIP_FOLDERS = frozenset({"tests", "test", "ut", "utest", "examples", "example", "docs", "doc", "build",
                          "build_out", "output", "__pycache__", ".git", ".venv", "node_modules"}) | STAND_IN_FOLDERS
DEVICE_PREFIX = "op_kernel"
SOURCE_SUFFIXES = (".cpp", ".cc", ".cxx", ".c")
FRAMEWORK_MARKER = Path("include/nnopbase/opdev")  # hicann/opbase (route/framework_functions.py reads the same)


def is_framework_root(root: Path) -> bool:
    return (root / FRAMEWORK_MARKER).is_dir()


@dataclass(frozen=True)
class FileSet:
    """The universe: paths (root joined with the relative path, as given), each with (size, mtime_ns)."""

    roots: tuple[str, ...]
    paths: tuple[str, ...]
    keys: tuple[tuple[int, int], ...]

    def to_json(self) -> dict:
        return {"roots": list(self.roots), "files": [[p, s, m] for p, (s, m) in zip(self.paths, self.keys)]}


def universe(roots: Sequence[Path]) -> FileSet:
    """Every host-side C/C++ file of the roots in root order, then path order; a relative path seen in an
    earlier root, or a file already listed (the same root given twice, a root inside another), is left out."""
    seen_relative: set[str] = set()
    seen_real: set[tuple[int, int]] = set()
    paths: list[str] = []
    keys: list[tuple[int, int]] = []
    for root in roots:
        for relative, entry in _walk(str(root), ""):
            stat = entry.stat()
            identity = (stat.st_dev, stat.st_ino)
            if relative in seen_relative or identity in seen_real:
                continue
            seen_relative.add(relative)
            seen_real.add(identity)
            paths.append(os.path.join(str(root), relative))
            keys.append((stat.st_size, stat.st_mtime_ns))
    return FileSet(tuple(str(r) for r in roots), tuple(paths), tuple(keys))


def framework_sources(files: FileSet) -> frozenset[int]:
    """The files of the universe that are sources of the framework (a root with opbase's opdev headers): the reach
    graph leaves them out. They are compiled into the framework's own library, where a call binds to the framework's
    functions, never to a repository's whose names they share (`Init`, `ToString`, `operator()`), and routes model
    the framework's functions from their catalog (route/framework_functions.py). The framework's headers (macros,
    inline functions, templates compiled into the repository's sources) stay in the graph, and a route may still
    read a framework source where a header declares what it defines (ReachIndex.sources_by_stem)."""
    roots = tuple(str(root).rstrip(os.sep) + os.sep for root in files.roots if is_framework_root(Path(root)))
    if not roots:
        return frozenset()
    return frozenset(index for index, path in enumerate(files.paths)
                     if path.startswith(roots) and path.endswith(SOURCE_SUFFIXES))


def _walk(directory: str, relative: str):
    try:
        entries = sorted(os.scandir(directory), key=lambda e: e.name)
    except OSError:
        return
    for entry in entries:
        name = entry.name
        if entry.is_dir(follow_symlinks=False):
            if name.lower() in SKIP_FOLDERS or name.startswith(DEVICE_PREFIX):
                continue
            yield from _walk(entry.path, f"{relative}{name}/")
        elif name.endswith(SUFFIXES) and entry.is_file():
            yield f"{relative}{name}", entry
