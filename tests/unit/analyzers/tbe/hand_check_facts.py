"""The facts of one analysed file that the hand check counts, one per line (tests/functional/tbe/hand_check)."""

from __future__ import annotations

from op_migrate.reports.tbe_report import external_helpers

# Guard kinds that change what a migrated kernel must support; the others (shape, format, other) are listed too.
_FACT_SECTIONS = ("kind", "op_type", "mode", "pattern", "entry", "param", "dtype", "equality", "call", "helper",
                  "guard", "fallback", "runs")


def facts(document: dict, root: str) -> list[str]:
    """Every fact the report states about the file, in a fixed order, with the install root written <root>."""
    found = [f"kind: {document['status']}" + (f" ({document['reason']})" if document.get("reason") else "")]
    if document["status"] in ("failed", "not_operator"):
        return [_rooted(line, root) for line in found]
    found.append(f"op_type: {document['op_type']}")
    found.append(f"mode: {document['mode']}")
    if document["status"] == "analysed":
        found.append(f"pattern: {document['pattern']}")
    found.append(f"entry: {document['entry']}")
    if document.get("ascendc"):
        found.append(f"kernel: {document['ascendc'].get('kernel_file')}")
    for param in document.get("params", []):
        found.append(f"param: {param['name']} {param['role']} {param['declared_as'] or '-'}")
    for name, entries in document.get("dtypes", {}).items():
        for entry in entries:
            condition = entry.get("shown") or entry.get("condition")
            found.append(f"dtype: {name} {entry['dtype']}" + (f" if {condition}" if condition else ""))
    for name in document.get("dtypes_partial", []):
        found.append(f"dtype: {name} not checked on every path")
    for a, b in document.get("dtype_equalities", []):
        found.append(f"equality: {a} == {b}")
    for item in document.get("conditional_equalities", []):
        found.append(f"equality: {' == '.join(item['inputs'])} when {item.get('shown') or item['condition']}")
    names = sorted({c["name"] for c in document.get("dsl_calls", []) if c["category"] != "framework" and c.get("reached", True)})
    for name in names:
        found.append(f"call: {name}")
    if document.get("delegate"):
        found.append(f"helper: {document['delegate']['name']} ({document['delegate']['kind']})")
    for item in _external(document):
        found.append(f"helper: {item}")
    for name in (document.get("flow") or {}).get("unreached", ()):
        found.append(f"unreached: {name}")
    for guard in document.get("guards", []):
        found.append(f"guard: line {guard['line']} [{', '.join(guard['kinds'])}] {guard.get('shown') or guard['text']}")
    for fallback in document.get("aicpu_fallback_details", []):
        reason = f" ({fallback['reason']})" if fallback.get("reason") else ""
        found.append(f"fallback: line {fallback['line']} when {fallback.get('shown') or fallback['condition']}{reason}")
    found += runs_on(document.get("capability"))
    return [_rooted(line, root) for line in found]


def runs_on(capability: dict | None) -> list[str]:
    """One line per combination and group of SoCs with the same cell: `runs: <dtypes> | <socs>: <cell>`."""
    if not capability:
        return []
    lines = []
    for row in capability.get("combinations", []):
        dtypes = ", ".join(f"{port}={dtype or '-'}" for port, dtype in row["dtypes"].items())
        cells: dict[str, list[str]] = {}
        for soc, cell in row["cells"].items():
            text = cell["engine"] + (f" ({cell['library']})" if cell.get("library") else "")
            text += "".join(f"; {note}" for note in cell.get("notes", []))
            cells.setdefault(text, []).append(soc)
        for text, socs in cells.items():
            lines.append(f"runs: {dtypes} | {' '.join(socs)}: {text}")
    for port, dtypes in (capability.get("aicpu_beyond") or {}).items():
        lines.append(f"runs: AI CPU only {port}: {', '.join(dtypes)}")
    return lines


def cell_count(capability: dict | None) -> int:
    """Runs-on cells: every combination on every SoC, and every AI CPU-only dtype of a port."""
    if not capability:
        return 0
    combos = sum(len(row["cells"]) for row in capability.get("combinations", []))
    return combos + sum(len(d) for d in (capability.get("aicpu_beyond") or {}).values())


def _external(document: dict) -> list[str]:
    return list(external_helpers(document))


def _rooted(line: str, root: str) -> str:
    return line.replace(root, "<root>")
