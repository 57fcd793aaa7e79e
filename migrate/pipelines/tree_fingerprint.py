"""The cache namespace's view of the repository roots: a digest that changes when any C/C++ file a route may read does.

A cached per-file document may depend on any file of the roots (an L0 definition, a helper a header of another root
declares), so the digest covers every C/C++ file under each root by path, size and modification time: one stat walk,
a superset of what the include closures reach, and it also sees a file added where an include would now resolve.
Headers outside the roots (reached by `../` includes) are found from the include closures, which cost a read of
every header: they are computed once and remembered in the cache folder with the digests they were computed for,
and computed again only when a file under the roots or one of those headers changed.
"""

from __future__ import annotations

import hashlib
import json
import os
from pathlib import Path

from op_migrate.analyzers.aclnn.includes import HEADER_SUFFIXES, SOURCE_SUFFIXES, read_files, resolver_for
from op_migrate.analyzers.aclnn.l0_index import root_sources
from op_migrate.migrate import cache

# What the tree-sitter and libclang front ends may read as C or C++ (sources, headers, textual includes).
_SUFFIXES = HEADER_SUFFIXES + SOURCE_SUFFIXES + (".c", ".inc", ".ipp", ".tcc", ".cu")
_RECORDS = "tree-fingerprints"


def tree_fingerprint(roots: tuple[Path, ...], catalogs: tuple[Path, ...], cache_dir: Path,
                     inputs: tuple[Path, ...] = ()) -> str:
    """The digest; `inputs` (the run's sources) have their headers outside the roots followed too."""
    folders = tuple(dict.fromkeys(Path(os.path.abspath(root)) for root in roots if Path(root).is_dir()))
    inside = _walk_digest(folders)
    key = hashlib.sha256(repr((folders, sorted(str(path) for path in inputs))).encode()).hexdigest()[:24]
    record_path = cache_dir / _RECORDS / f"{key}.json"
    record = _read_record(record_path)
    outside: list[Path] | None = None
    if record is not None and record.get("inside") == inside:
        stored = [Path(p) for p in record.get("outside", [])]
        if _stat_digest(stored) == record.get("outside_digest"):
            outside = stored
    if outside is None:
        outside = outside_headers(folders, inputs)
        body = {"inside": inside, "outside": [str(p) for p in outside], "outside_digest": _stat_digest(outside)}
        cache.defer_write(record_path, json.dumps(body).encode("utf-8"))
    digest = hashlib.sha256(inside.encode("ascii"))
    digest.update(_stat_digest(outside + [Path(c) for c in catalogs]).encode("ascii"))
    return digest.hexdigest()[:16]


def outside_headers(folders: tuple[Path, ...], inputs: tuple[Path, ...] = ()) -> list[Path]:
    """The headers the roots' sources and `inputs` include, transitively, that lie under none of the roots."""
    sources = [path for folder in folders for path in root_sources(folder)] + list(inputs)
    resolver = resolver_for(folders)
    headers = {header for source in sources for header in resolver.closure(source)[0]}
    prefixes = tuple(str(folder) + os.sep for folder in folders)
    return sorted(header for header in headers if not str(header).startswith(prefixes))


def dependencies_not_covered(roots: tuple[Path, ...], path: Path) -> list[Path]:
    """The files besides `path` whose contents belong in its cache key: none for a source under a root (the digest
    covers every C/C++ file there and its headers outside the roots), the headers it reads for any other source."""
    prefixes = tuple(os.path.abspath(root) + os.sep for root in roots if Path(root).is_dir())
    if os.path.abspath(path).startswith(prefixes):
        return []
    return read_files(roots, path)


def _walk_digest(folders: tuple[Path, ...]) -> str:
    digest = hashlib.sha256()
    for folder in folders:
        pending = [str(folder)]
        while pending:  # scandir's entries know their type: no per-entry lstat as os.walk makes
            directory = pending.pop()
            try:
                entries = sorted(os.scandir(directory), key=lambda entry: entry.name)
            except OSError:
                continue
            below = []
            for entry in entries:
                if entry.is_dir(follow_symlinks=False):
                    if entry.name != ".git":
                        below.append(entry.path)
                elif entry.name.endswith(_SUFFIXES):
                    _add_stat(digest, entry.path)
            pending.extend(reversed(below))
    return digest.hexdigest()


def _stat_digest(paths: list[Path]) -> str:
    digest = hashlib.sha256()
    for path in paths:
        _add_stat(digest, str(path))
    return digest.hexdigest()


def _add_stat(digest, path: str) -> None:
    try:
        stat = os.stat(path)
    except OSError:
        digest.update(f"{path}\0missing\n".encode("utf-8", "surrogateescape"))
        return
    digest.update(f"{path}\0{stat.st_size}\0{stat.st_mtime_ns}\n".encode("utf-8", "surrogateescape"))


def _read_record(path: Path) -> dict | None:
    try:
        record = json.loads(path.read_text(encoding="utf-8"))
    except (OSError, ValueError):
        return None
    return record if isinstance(record, dict) else None
