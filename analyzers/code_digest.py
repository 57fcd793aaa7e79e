"""A digest of the analyzers' own code and data: caches of their results key on it; a changed tool reuses none."""

from __future__ import annotations

import functools
import hashlib
from importlib import resources
from importlib.abc import Traversable


@functools.lru_cache(maxsize=None)
def code_digest(package: str = "op_migrate.analyzers") -> str:
    """The digest of every file under `package` (its path and its bytes; compiled caches left out). A fix anywhere in
    the analyzers (a route rule, a catalog, a query) can change any cached document, so all of it counts."""
    digest = hashlib.sha256()
    _update(digest, resources.files(package), "")
    return digest.hexdigest()[:16]


def _update(digest, folder: Traversable, prefix: str) -> None:
    for item in sorted(folder.iterdir(), key=lambda entry: entry.name):
        if item.name == "__pycache__":
            continue
        if item.is_dir():
            _update(digest, item, f"{prefix}{item.name}/")
        else:
            digest.update(f"{prefix}{item.name}\0".encode("utf-8", "surrogateescape"))
            digest.update(item.read_bytes())
            digest.update(b"\0")
