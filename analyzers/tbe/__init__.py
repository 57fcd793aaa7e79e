"""The TBE analyzer: astroid over a TBE operator file -> TbeOp (registration, dtypes, compute graph, AI CPU fallbacks)."""

from __future__ import annotations

import functools
import gc
import hashlib

from op_migrate.analyzers.code_digest import code_digest
from op_migrate.analyzers.findings import MessageCatalog
from op_migrate.analyzers.proto.messages import MESSAGES as _PROTO_MESSAGES
from op_migrate.analyzers.tbe.analysis import analyse_bytes, analyse_path, analyse_source
from op_migrate.analyzers.tbe.messages import MESSAGES as _TBE_MESSAGES
from op_migrate.analyzers.tbe.model import SCHEMA, TbeOp

VERSION = "1"

MESSAGES = MessageCatalog(*_TBE_MESSAGES, *_PROTO_MESSAGES)


@functools.lru_cache(maxsize=1)
def fingerprint() -> str:
    """A digest of the analyzers' code and catalogs (the TBE reading uses the proto and finding modules too): corpus
    caches are never reused across changes."""
    return hashlib.sha256(f"{VERSION}|{code_digest()}".encode()).hexdigest()[:16]


def analyse_path_json(path: str) -> dict:
    """The corpus worker: one path in, one JSON document out (module-level so it crosses process boundaries)."""
    # astroid trees are cyclic (parent links). Collecting during the walk rescans the growing tree again and
    # again; pausing the collector for one file lets the next collection free the whole tree in one pass.
    paused = gc.isenabled()
    gc.disable()
    try:
        return analyse_path(path).to_json()
    finally:
        if paused:
            gc.enable()


__all__ = ["MESSAGES", "SCHEMA", "VERSION", "TbeOp", "fingerprint", "analyse_bytes", "analyse_path", "analyse_path_json", "analyse_source"]
