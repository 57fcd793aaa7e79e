"""The whole-repository atlas: every entry point's route cost beyond its kernel, sorted by what migrating it saves."""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass

from op_migrate.analyzers.atlas.rows import LISTED_SHARE, N, AtlasItem, AtlasRow, atlas_row
from op_migrate.analyzers.model import JsonModel

SCHEMA = "op-migrate/atlas@1"

__all__ = ["SCHEMA", "Atlas", "AtlasItem", "AtlasRow", "atlas_row", "build_atlas", "row_from_json"]


@dataclass(frozen=True)
class Atlas(JsonModel):
    """Answered rows sorted by saving, then the routes that are no answer (incomplete) with their reasons."""

    facts: tuple[str, ...]
    answered: tuple[AtlasRow, ...]
    unanswered: tuple[AtlasRow, ...]
    rejected: tuple[AtlasRow, ...] = ()  # no call for these facts: never a saving of 0

    def to_json(self) -> dict:
        return {"schema": SCHEMA, "facts": list(self.facts), "n_elements": N, "listed_share": LISTED_SHARE,
                "answered": [row.to_json() for row in self.answered],
                "unanswered": [row.to_json() for row in self.unanswered],
                "rejected": [row.to_json() for row in self.rejected]}


def build_atlas(rows: Iterable[AtlasRow], facts: Iterable[str]) -> Atlas:
    ordered = sorted(rows, key=AtlasRow.saving_key)
    return Atlas(tuple(facts), tuple(r for r in ordered if r.answered()), tuple(r for r in ordered if not r.complete),
                 tuple(r for r in ordered if r.complete and r.rejected))


def row_from_json(document: dict) -> AtlasRow:
    """An AtlasRow back from its to_json() (directory mode keeps rows in the cached per-file documents)."""
    items = {key: tuple(AtlasItem(**item) for item in document[key]) for key in ("intermediates", "aicpu")}
    return AtlasRow(
        entry=document["entry"], file=document["file"], line=document["line"], complete=document["complete"],
        decided=document["decided"], reasons=tuple(document["reasons"]),
        launches=tuple(tuple(item) for item in document["launches"]), extra_formula=document["extra_formula"],
        extra_outputs=document["extra_outputs"], extra_decided_outputs=document.get("extra_decided_outputs"),
        estimated=document.get("estimated", False), exclusive_searched=document.get("exclusive_searched", True),
        given_shapes=document.get("given_shapes", False), extra_bytes=document.get("extra_bytes"),
        rejected=document.get("rejected", ""), unnamed_tensors=document.get("unnamed_tensors", 0), **items,
    )
