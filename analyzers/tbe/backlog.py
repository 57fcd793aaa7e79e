"""The migration backlog of a TBE tree: per op type, its kind, dtype x SoC coverage and the DSL calls left to port.

Sorted by what is left: hand-written IR and TIK first (ported by hand), then DSL operators by the number of DSL
calls with no direct Ascend C API, then by how many dtype x SoC cells do not run on AI Core; Ascend C last (done).
"""

from __future__ import annotations

from op_migrate.analyzers.proto.model import CapabilityMatrix
from op_migrate.analyzers.tbe.operator import KIND_LABELS, OPERATOR_STATUSES, role_of

_LEFT_ORDER = ("hand IR", "TIK", "TBE DSL", "Ascend C")
_ENGINES = (("AI Core", "ai_core"), ("AI CPU", "ai_cpu"), ("none", "none"), ("unknown", "unknown"))


def group_by_op(documents: list[dict]) -> dict[str, list[tuple[str, dict]]]:
    """Op type -> its implementation files (dynamic first), for every operator file of a corpus."""
    groups: dict[str, list[tuple[str, dict]]] = {}
    for document in documents:
        if document.get("status") in OPERATOR_STATUSES and document.get("op_type"):
            groups.setdefault(document["op_type"], []).append((role_of(document["path"]), document))
    return {op: sorted(files, key=lambda item: item[0] != "dynamic") for op, files in sorted(groups.items())}


def coverage(matrix: CapabilityMatrix | None) -> dict:
    """Cells of the first input port (dtype x SoC) by engine; empty when no op-info or prototype was read."""
    counts = {key: 0 for _, key in _ENGINES}
    counts["dtypes"] = 0
    counts["socs"] = len(matrix.socs) if matrix is not None else 0
    if matrix is None or not matrix.rows:
        return counts
    port = next((r.port for r in matrix.rows if r.role == "input"), matrix.rows[0].port)
    rows = [r for r in matrix.rows if r.port == port]
    counts["port"] = port
    counts["dtypes"] = len(rows)
    for row in rows:
        for cell in row.cells.values():
            counts[dict(_ENGINES)[cell.engine]] += 1
    return counts


def backlog_rows(groups: dict[str, list[tuple[str, dict]]], coverages: dict[str, dict]) -> list[dict]:
    """coverages: op type -> coverage(its matrix); an op without one has no cells."""
    rows = []
    for op_type, files in groups.items():
        primary = files[0][1]
        kind = KIND_LABELS[primary["status"]]
        mappings = primary.get("mappings", [])
        no_direct = sorted({m["name"] for m in mappings if m["category"] == "compute" and m["direct"] is False})
        unknown = sorted({m["name"] for m in mappings if m["category"] == "unknown"})
        compute = sorted({m["name"] for m in mappings if m["category"] not in ("framework",)})
        rows.append(
            {
                "op_type": op_type,
                "kind": kind,
                "files": [document["path"] for _, document in files],
                "mode": primary.get("mode"),
                "coverage": coverages.get(op_type) or coverage(None),
                "dsl_calls": compute,
                "dsl_no_direct": no_direct,
                "dsl_unknown": unknown,
                "ascendc_kernel": (primary.get("ascendc") or {}).get("kernel_source"),
                "findings": len(primary.get("findings", [])),
            }
        )
    rows.sort(key=_left_key)
    return rows


def _left_key(row: dict) -> tuple:
    cells = row["coverage"]
    off_core = cells["ai_cpu"] + cells["none"] + cells["unknown"]
    return (_LEFT_ORDER.index(row["kind"]), -len(row["dsl_no_direct"]) - len(row["dsl_unknown"]), -off_core, row["op_type"])


def backlog_summary(rows: list[dict]) -> dict:
    """Op types per kind, and the dtype x SoC cells of the ops still in TBE by engine."""
    kinds = {kind: sum(1 for r in rows if r["kind"] == kind) for kind in _LEFT_ORDER}
    open_rows = [r for r in rows if r["kind"] != "Ascend C"]
    cells = {key: sum(r["coverage"][key] for r in open_rows) for _, key in _ENGINES}
    with_no_direct = sum(1 for r in open_rows if r["dsl_no_direct"] or r["dsl_unknown"])
    return {"op_types": len(rows), "kinds": kinds, "cells_left": cells, "ops_with_calls_without_direct_api": with_no_direct}
