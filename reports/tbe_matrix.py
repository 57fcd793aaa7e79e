"""The capability matrix as tables a reader takes in at a glance: dtype combinations as rows, one column per group
of SoCs whose cells are all the same (named by its first SoC, "+N" for the others, with a legend), at most 120
characters wide (dtype names shortened, then the SoC columns split over several tables, when they would not fit).
"""

from __future__ import annotations

WIDTH = 120
_NONE = "—"
_GAP = "  "
_SHORT = {"float16": "fp16", "bfloat16": "bf16", "float32": "fp32", "float64": "fp64"}


def _engine_text(cell: dict) -> str:
    engine = cell["engine"]
    if engine == "AI CPU":
        return "AI CPU"
    if engine == "none":
        return _NONE
    if engine == "unknown":
        return "?"
    if cell["tbe"] == "no":
        return "TBE rejects"
    return "AI Core (int8)" if cell["tbe"].startswith("as int8") else "AI Core"


def _cell_text(cell: dict, notes: list[str], libraries: int = 1) -> str:
    text = _engine_text(cell)
    marks = []
    named = [f"AI CPU library: {cell['library']}"] if cell.get("library") and libraries > 1 else []
    for note in [*cell.get("notes", []), *named]:
        if note not in notes:
            notes.append(note)
        marks.append(str(notes.index(note) + 1))
    return f"{text} [{','.join(marks)}]" if marks else text


def group_label(socs: list[str]) -> str:
    """"ascend910b" for one SoC, "ascend910_93 +1" for a group (the legend lists them)."""
    return socs[0] if len(socs) == 1 else f"{socs[0]} +{len(socs) - 1}"


def _port_columns(combinations: list[dict]) -> list[tuple[str, list[str]]]:
    """(header, ports): ports whose dtype is the same in every row share one column."""
    labels = list(combinations[0]["dtypes"]) if combinations else []
    columns: dict[tuple, list[str]] = {}
    for label in labels:
        columns.setdefault(tuple(row["dtypes"][label] for row in combinations), []).append(label)
    return [(", ".join(ports), ports) for ports in columns.values()]


def combination_table(capability: dict, short: bool = False) -> tuple[list[str], list[list[str]], list[str], list[str]]:
    """(headers, rows, notes, legend) of the combination table."""
    combinations = capability.get("combinations") or []
    groups = [list(g) for g in capability.get("combination_groups") or []]
    columns = _port_columns(combinations)
    headers = [header for header, _ in columns] + [group_label(g) for g in groups]
    notes: list[str] = []
    rows = []
    libraries = {c["library"] for row in combinations for c in row["cells"].values() if c.get("library")}
    for row in combinations:
        dtypes = [row["dtypes"][ports[0]] or "-" for _, ports in columns]
        if short:
            dtypes = [_SHORT.get(d, d) for d in dtypes]
        rows.append(dtypes + [_cell_text(row["cells"][g[0]], notes, len(libraries)) for g in groups])
    legend = [f"{group_label(g)} = {', '.join(g)}" for g in groups if len(g) > 1]
    if len(libraries) == 1:
        legend.append(f"AI CPU = the {libraries.pop()} kernel")
    return headers, rows, notes, legend


def _widths(headers: list[str], rows: list[list[str]]) -> list[int]:
    return [max(len(x) for x in [header, *(row[i] for row in rows)]) for i, header in enumerate(headers)]


def _render(headers: list[str], rows: list[list[str]], keep: int) -> list[str]:
    """Plain aligned columns; `keep` port columns, then the SoC columns after a bar."""
    widths = _widths(headers, rows)

    def line(values: list[str]) -> str:
        left = _GAP.join(v.ljust(w) for v, w in zip(values[:keep], widths[:keep]))
        right = _GAP.join(v.ljust(w) for v, w in zip(values[keep:], widths[keep:]))
        return f"{left} | {right}".rstrip()

    rule = _GAP.join("-" * w for w in widths[:keep]) + " | " + _GAP.join("-" * w for w in widths[keep:])
    return [line(headers), rule, *(line(row) for row in rows)]


def matrix_text(capability: dict | None, width: int = WIDTH) -> str:
    """The combination table (split over several when too wide), its legend, notes and the AI CPU extras."""
    if not capability or not capability.get("socs") or not capability.get("combinations"):
        return ""
    headers, rows, notes, legend = combination_table(capability)
    keep = len(_port_columns(capability["combinations"]))
    if _total(headers, rows) > width:
        headers, rows, notes, legend = combination_table(capability, short=True)
    groups = len(headers) - keep
    title = (f"{capability['op_type']}: where each dtype combination runs ({len(capability['socs'])} SoCs, "
             f"{groups} column{'s' if groups != 1 else ''}: SoCs with identical cells share one)")
    lines = [title]
    for start, stop in _chunks(headers, rows, keep, width):
        chosen = list(range(keep)) + list(range(start, stop))
        lines += _render([headers[i] for i in chosen], [[row[i] for i in chosen] for row in rows], keep)
        lines.append("")
    lines += [f"  {entry}" for entry in legend]
    lines += [f"  [{index}] {note}" for index, note in enumerate(notes, 1)]
    lines += [f"  {line}" for line in aicpu_beyond_lines(capability)]
    return "\n".join(lines).rstrip("\n") + "\n"


def aicpu_beyond_lines(capability: dict) -> list[str]:
    """What AI CPU kernels declare beyond the combination rows, ports with the same list together."""
    merged: dict[tuple, list[str]] = {}
    for port, dtypes in (capability.get("aicpu_beyond") or {}).items():
        merged.setdefault(tuple(dtypes), []).append(port)
    return [f"AI CPU only (its kernels declare dtypes per port, not combinations), {', '.join(ports)}: {', '.join(dtypes)}"
            for dtypes, ports in merged.items()]


def _total(headers: list[str], rows: list[list[str]]) -> int:
    return sum(_widths(headers, rows)) + len(_GAP) * max(len(headers) - 2, 0) + 3


def _chunks(headers: list[str], rows: list[list[str]], keep: int, width: int) -> list[tuple[int, int]]:
    """Ranges of SoC columns, each fitting `width` next to the port columns (at least one column each)."""
    widths = _widths(headers, rows)
    base = sum(widths[:keep]) + len(_GAP) * max(keep - 1, 0) + 3
    chunks, start, used = [], keep, base
    for index in range(keep, len(headers)):
        extra = widths[index] + (len(_GAP) if index > start else 0)
        if index > start and used + extra > width:
            chunks.append((start, index))
            start, used = index, base + widths[index]
        else:
            used += extra
    chunks.append((start, len(headers)))
    return chunks


def matrix_context(capability: dict | None) -> dict | None:
    if not capability:
        return None
    headers, rows, notes, legend = combination_table(capability)
    aicpu = [s for s in capability["sources"] if s["role"].startswith("AI CPU")]
    return {"headers": headers, "rows": rows, "notes": notes, "legend": legend, "capability": capability,
            "aicpu_sources": aicpu, "aicpu_beyond": aicpu_beyond_lines(capability),
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
