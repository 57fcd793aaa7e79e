"""The capability matrix as table rows: one column per group of SoCs with identical cells, notes as [n] marks."""

from __future__ import annotations

_NONE = "—"


def _cell_text(cell: dict, notes: list[str]) -> str:
    engine = cell["engine"]
    if engine == "AI CPU":
        text = f"AI CPU ({cell['library']})"
    elif engine == "none":
        text = _NONE
    elif engine == "unknown":
        text = "?"
    else:
        text = "AI Core"
        if cell["tbe"].startswith("as int8"):
            text += " (as int8)"
        elif cell["tbe"] == "no":
            text += ", TBE rejects"
    marks = []
    for note in cell.get("notes", []):
        if note not in notes:
            notes.append(note)
        marks.append(str(notes.index(note) + 1))
    return f"{text} [{','.join(marks)}]" if marks else text


def group_label(socs: list[str]) -> str:
    return ", ".join(socs)


def matrix_table(capability: dict) -> tuple[list[str], list[list[str]], list[str]]:
    """(headers, rows, notes): one column per group of SoCs with identical cells; notes are the [n] marks."""
    groups = capability["groups"]
    headers = ["port", "dtype", "REG_OP", *(group_label(g) for g in groups)]
    notes: list[str] = []
    rows = []
    for row in capability["rows"]:
        cells = [_cell_text(row["cells"][group[0]], notes) for group in groups]
        rows.append([row["port"], row["dtype"], row["proto"], *cells])
    return headers, rows, notes


def matrix_context(capability: dict | None) -> dict | None:
    if not capability:
        return None
    headers, rows, notes = matrix_table(capability)
    aicpu = [s for s in capability["sources"] if s["role"].startswith("AI CPU")]
    return {"headers": headers, "rows": rows, "notes": notes, "capability": capability, "aicpu_sources": aicpu,
            "socs_phrase": _socs_phrase(capability), "source_lines": source_lines(capability["sources"])}


def source_lines(sources: list[dict]) -> list[dict]:
    """The sources with the per-SoC AI Core op-info files folded into one line where they follow one pattern."""
    opinfo = [s for s in sources if s["role"].startswith("AI Core op-info ") and s["found"]]
    socs = [s["role"][len("AI Core op-info "):] for s in opinfo]
    patterns = sorted({s["path"].replace(soc, "<soc>") for s, soc in zip(opinfo, socs)})
    if len(patterns) != 1 or len(opinfo) < 2:
        return list(sources)
    lines = []
    for source in sources:
        if source is opinfo[0]:
            lines.append({"role": f"AI Core op-info of {len(opinfo)} SoCs ({', '.join(socs)})", "path": patterns[0],
                          "found": True})
        elif not any(source is s for s in opinfo):
            lines.append(source)
    return lines


def _socs_phrase(capability: dict) -> str:
    socs = capability["socs"]
    if capability["narrowed"]:
        return ", ".join(socs)
    return f"all {len(socs)} SoCs with an AI Core op-info under the root"
