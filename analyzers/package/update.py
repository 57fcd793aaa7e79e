"""A package against what the target already has in its destination folder: each file added, modified, deleted or
unchanged, so that an update is shown and written as one, never as a silent replacement."""

from __future__ import annotations

import hashlib
from collections.abc import Iterable, Mapping
from dataclasses import dataclass

from op_migrate.analyzers.model import JsonModel

ADDED, MODIFIED, DELETED, UNCHANGED = "A", "M", "D", "="


@dataclass(frozen=True)
class FileChange(JsonModel):
    """One path of the destination folder and what the package does to it."""

    path: str
    status: str  # A | M | D | =
    size: int | None = None  # bytes written; None for a deletion


def blob_id(data: bytes) -> str:
    """The id git gives these bytes as a blob (an unchanged file is known without writing anything)."""
    return hashlib.sha1(b"blob %d\0" % len(data) + data).hexdigest()


def file_changes(staged: Iterable[tuple[str, bytes, bool]], upstream: Mapping[str, tuple[str, str]]) -> tuple[FileChange, ...]:
    """`staged`: (path, data, executable) of the package; `upstream`: path -> (mode, blob id) at the target's HEAD.
    A file whose bytes and mode are the same is unchanged; paths are sorted, deletions among them."""
    changes = {}
    for path, data, executable in staged:
        before = upstream.get(path)
        mode = "100755" if executable else "100644"
        if before is None:
            status = ADDED
        else:
            status = UNCHANGED if before == (mode, blob_id(data)) else MODIFIED
        changes[path] = FileChange(path, status, len(data))
    for path in upstream:
        if path not in changes:
            changes[path] = FileChange(path, DELETED)
    return tuple(changes[path] for path in sorted(changes))


def counts(changes: Iterable[FileChange]) -> dict[str, int]:
    """{"A": n, "M": n, "D": n, "=": n}."""
    found = {ADDED: 0, MODIFIED: 0, DELETED: 0, UNCHANGED: 0}
    for change in changes:
        found[change.status] += 1
    return found
