"""Markdown section and terminal table of the memory model (values computed here, templates only loop)."""

from __future__ import annotations

from op_migrate.analyzers.memory.units import human_bytes
from op_migrate.reports.memory_terms import PEAK_DEFINITION, figures
from op_migrate.reports.render import render


def _gap_text(gap) -> str:
    return "n/a" if gap is None else f"{gap:.1%}"


def _time_text(seconds) -> str:
    return "n/a" if seconds is None else f"{seconds * 1e6:.1f} µs"


# (header, key, right-aligned); a column whose cells are all unknown is left out of the table.
CASE_COLUMNS = (
    ("case", "case", False),
    ("peak", "peak", True),
    ("extra beyond the entry's tensors", "extra", True),
    ("peak with undecided branches", "peak_may", True),
    ("peak without reuse", "upper", True),
    ("GPU reference", "gpu", True),
    ("gap", "gap", True),
    ("launches", "tasks", True),
    ("HBM traffic", "traffic", True),
    ("time (predicted)", "time", True),
)
_UNKNOWN = {"", "n/a", "-", "unknown"}


def case_rows(documents: list[dict]) -> list[dict]:
    """One row per evaluated case, in human units (the exact bytes are in JSON); an unevaluated case says so."""
    rows = []
    for doc in documents:
        case = doc.get("label") and f"{doc['label']}: {doc['case']}" or doc["case"]
        if not doc.get("evaluated"):
            rows.append({"case": case, "peak": "not evaluated", **{key: "" for _, key, _ in CASE_COLUMNS[2:]}})
            continue
        gpu = doc.get("gpu_reference") or {}
        shown, with_may = figures(doc), figures(doc, with_may=True)["npu_total_bytes"]
        rows.append({
            "case": case,
            "peak": human_bytes(shown["npu_total_bytes"]),
            "extra": human_bytes(shown["peak_bytes"]),
            "peak_may": human_bytes(with_may) if with_may != shown["npu_total_bytes"] else "same",
            "upper": human_bytes(shown["params_bytes"] + doc["upper_bound_bytes"]),
            "gpu": "n/a" if shown["gpu_reference_bytes"] is None else f"{human_bytes(shown['gpu_reference_bytes'])} ({gpu.get('label', '')})",
            "gap": _gap_text(shown["gap"]),
            "tasks": f"{doc['tasks']} (+{doc['may_tasks']} undecided)" if doc.get("may_tasks") else doc["tasks"],
            "traffic": human_bytes(doc["traffic_bytes"]),
            "time": _time_text(doc.get("predicted_time_s")),
        })
    return rows


def shown_columns(rows: list[dict], columns=CASE_COLUMNS) -> list[tuple[str, str, bool]]:
    """The columns with at least one known cell (a column of "n/a" only says nothing)."""
    return [column for column in columns if any(str(row.get(column[1], "")) not in _UNKNOWN | {"same"} for row in rows)]


def markdown_section(plan_json: dict, documents: list[dict], findings: list[dict], chart: str | None) -> str:
    """The Markdown memory section of one route evaluated at one or more cases."""
    first = next((d for d in documents if d.get("evaluated")), None)
    tensors = [
        {**t, "live": "" if t["start"] is None else f"{t['start']}–{t['end']}"}
        for t in plan_json["tensors"] if t["effect"] != "param"
    ]
    gpu = (first or {}).get("gpu_reference") or {}
    gpu_note = ""
    if gpu:
        gpu_note = f"`{gpu['torch']}`, {gpu['label']}: {gpu['rule']}." + (f" {gpu['note']}." if gpu.get("note") else "")
    profile = (first or {}).get("profile")
    profile_note = ""
    if profile:
        profile_note = (f"{profile['soc']}: Σ (launch overhead {profile['launch_overhead']} s + bytes / {profile['hbm_bandwidth']:.3g} B/s) "
                        f"over launches; assumed figures ({profile['source']}).")
    rows = case_rows(documents)
    columns = shown_columns(rows)
    live = [{**item, "size": human_bytes(item["bytes"])} for item in (first or {}).get("live_at_peak", [])]
    traffic = [{**t, "read": human_bytes(t["read_bytes"]), "written": human_bytes(t["write_bytes"])}
               for t in (first or {}).get("task_traffic", [])]
    return render(
        "reports/memory/section.md.j2",
        peak_definition=PEAK_DEFINITION["en"],
        columns=columns,
        cells=[[row[key] for _, key, _ in columns] for row in rows],
        entry=plan_json["entry"],
        rule=(first or documents[0])["allocation_rule"] if documents else "",
        formula=plan_json["formula"],
        formula_with_may=plan_json["formula_with_may"],
        upper_formula=plan_json["upper_bound_formula"],
        symbols=[tuple(s) for s in plan_json["symbols"]],
        first_case=(first or {}).get("case", ""),
        live=live,
        tensors=tensors,
        traffic=traffic,
        gpu_note=gpu_note,
        profile_note=profile_note,
        chart=chart,
        findings=findings,
    )


def text_table(title: str, documents: list[dict]) -> str:
    """A fixed-width terminal table (stable for goldens; no colour); all-unknown columns are left out."""
    rows = case_rows(documents)
    columns = shown_columns(rows)
    cells = [[str(row[key]) for _, key, _ in columns] for row in rows]
    widths = [max(len(header), *(len(r[i]) for r in cells)) if cells else len(header)
              for i, (header, _, _) in enumerate(columns)]
    line = "  ".join(header.ljust(w) for (header, _, _), w in zip(columns, widths)).rstrip()
    out = [title, line, "  ".join("-" * w for w in widths)]
    out += ["  ".join(c.ljust(w) for c, w in zip(r, widths)).rstrip() for r in cells]
    return "\n".join(out) + "\n"


def summary_rows(entries: list[tuple[int, str, str | None, list[dict]]]) -> list[dict]:
    """(route index, entry, soc, case documents) -> one row per evaluated case, for the cross-route table."""
    rows = []
    for index, entry, soc, documents in entries:
        for doc, row in zip(documents, case_rows(documents)):
            rows.append({"route": index, "entry": entry, "soc": soc or "?", "case": row["case"], "formula": doc["formula"],
                         "peak": row["peak"], "extra": row.get("extra", ""), "gpu": row.get("gpu", ""),
                         "gap": row.get("gap", "")})
    return rows


def summary_markdown(rows: list[dict]) -> str:
    """The cross-route table shown above the per-route sections when several routes were evaluated."""
    return render("reports/memory/summary.md.j2", rows=rows)
