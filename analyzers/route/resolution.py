"""How an L0 call was resolved: a repository definition, a catalog entry, or nothing, with the stand-ins passed over."""

from __future__ import annotations

from dataclasses import dataclass

from op_migrate.analyzers.cxx.model import CxxUnit, Function
from op_migrate.analyzers.route.l0_semantics import CatalogOp


@dataclass(frozen=True)
class Resolution:
    """The answer of Program.resolve_l0.

    kind: "repo" (`unit`/`function` is the definition), "catalog" (analyzers/data/l0_ops.toml) or
    "generated-catalog" (a `migrate catalog build` file; `op` is the entry), "unresolved" (nothing usable).
    `where` is "path:line" or the catalog file; `rejected` lists the stand-ins passed over ("path:line: why");
    `reason` says why an unresolved call is unresolved; `conflict` is (the definition used, the other's "path:line")
    where a later root defines the op differently.
    """

    kind: str
    unit: CxxUnit | None = None
    function: Function | None = None
    op: CatalogOp | None = None
    where: str | None = None
    rejected: tuple[str, ...] = ()
    reason: str = ""
    conflict: tuple[str, str] | None = None

    @property
    def resolved(self) -> bool:
        return self.kind != "unresolved"


UNRESOLVED = Resolution("unresolved", reason="defined in no repository root and in no catalog")
