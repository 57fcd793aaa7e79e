"""The corpus capability cache: per op type, its backlog coverage and capability findings, kept next to the file cache.

Keyed by the analyzer fingerprint, the capability sources' file stats and the facts; each op's entry also carries
the digest of its implementations' checks, so an op whose files changed is rebuilt and the rest reused. The sources
that could not be read are kept as well, so a warm run reports them as the cold one did.
"""

from __future__ import annotations

import hashlib
import marshal
import sys
from pathlib import Path

from op_migrate.migrate import cache


def cache_file(cache_dir: Path | None, *parts: str) -> Path | None:
    """Where the entries for these key parts live; None without a cache directory."""
    if cache_dir is None:
        return None
    digest = hashlib.sha256("\0".join([*parts, str(sys.version_info[:2])]).encode("utf-8")).hexdigest()
    return cache_dir / "capability" / f"{digest}.bin"


def read(path: Path | None) -> tuple[dict, list[tuple[str, str]]]:
    """(op type -> entry, [(path, reason) of each source not read]); empty when missing, unreadable or of another shape."""
    if path is None:
        return {}, []
    try:
        found = marshal.loads(path.read_bytes())
    except (OSError, ValueError, EOFError, TypeError):
        return {}, []
    if not isinstance(found, dict) or not isinstance(found.get("ops"), dict) or not isinstance(found.get("problems"), list):
        return {}, []
    return found["ops"], [tuple(problem) for problem in found["problems"]]


def write(path: Path | None, entries: dict, problems: list[tuple[str, str]]) -> None:
    """Held back (migrate/cache.py) until the run has succeeded."""
    if path is not None:
        cache.defer_write(path, marshal.dumps({"ops": entries, "problems": [list(problem) for problem in problems]}))
