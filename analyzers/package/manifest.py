"""The file list of a package: relative paths with their sha256, in a stable order."""

from __future__ import annotations

import hashlib
from dataclasses import dataclass
from pathlib import Path

from op_migrate.analyzers.model import JsonModel


@dataclass(frozen=True)
class FileEntry(JsonModel):
    """One file that goes into the pull request."""

    path: str  # relative to the repository root of the target
    sha256: str
    size: int


def entry_for(relative: str, data: bytes) -> FileEntry:
    return FileEntry(path=relative, sha256=hashlib.sha256(data).hexdigest(), size=len(data))


def collect_files(folder: Path, prefix: str, exclude: frozenset[str] = frozenset()) -> tuple[tuple[FileEntry, bytes], ...]:
    """Regular files under `folder` (links are never followed), placed under `prefix`, minus `exclude` (relative)."""
    collected = []
    for path in sorted(p for p in folder.rglob("*") if p.is_file() and not p.is_symlink()):
        relative = path.relative_to(folder).as_posix()
        if relative in exclude:
            continue
        data = path.read_bytes()
        collected.append((entry_for(f"{prefix}/{relative}", data), data))
    return tuple(collected)
