"""REG_OP prototypes and op-info (.json, .ini) -> capability tables merged with the TBE check lists."""

from __future__ import annotations

import hashlib
from importlib import resources


def fingerprint() -> str:
    """A digest of this package's code and of the type-set table: caches of capability results key on it."""
    digest = hashlib.sha256()
    package = resources.files("op_migrate.analyzers.proto")
    for name in sorted(item.name for item in package.iterdir() if item.name.endswith(".py")):
        digest.update(package.joinpath(name).read_bytes())
    digest.update(resources.files("op_migrate.analyzers").joinpath("data", "type_sets.toml").read_bytes())
    return digest.hexdigest()[:16]
