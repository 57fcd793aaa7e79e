"""Markdown section and terminal table of the memory model (values computed here, templates only loop)."""

from __future__ import annotations

from op_migrate.reports.render import render


def _gap_text(gap) -> str:
    return "n/a" if gap is None else f"{gap:.1%}"


def _time_text(seconds) -> str:
    return "n/a" if seconds is None else f"{seconds * 1e6:.1f} µs"


def case_rows(documents: list[dict]) -> list[dict]:
    """One row per evaluated case; an unevaluated case says so."""
    rows = []
    for doc in documents:
        case = doc.get("label") and f"{doc['label']}: {doc['case']}" or doc["case"]
        if not doc.get("evaluated"):
            rows.append({"case": case, "peak": "not evaluated", "peak_may": "", "upper": "", "npu_total": "", "gpu": "",
                         "gap": "", "tasks": "", "traffic": "", "time": ""})
            continue
        gpu = doc.get("gpu_reference") or {}
        rows.append({
            "case": case,
            "peak": doc["peak_bytes"],
            "peak_may": doc["peak_with_may_bytes"],
            "upper": doc["upper_bound_bytes"],
            "npu_total": doc["npu_total_bytes"],
            "gpu": "n/a" if doc["gpu_reference_bytes"] is None else f"{doc['gpu_reference_bytes']} ({gpu.get('label', '')})",
            "gap": _gap_text(doc["gap"]),
            "tasks": f"{doc['tasks']} (+{doc['may_tasks']} may)" if doc.get("may_tasks") else doc["tasks"],
            "traffic": doc["traffic_bytes"],
            "time": _time_text(doc.get("predicted_time_s")),
        })
    return rows


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
    return render(
        "reports/memory/section.md.j2",
        entry=plan_json["entry"],
        rule=(first or documents[0])["allocation_rule"] if documents else "",
        formula=plan_json["formula"],
        formula_with_may=plan_json["formula_with_may"],
        upper_formula=plan_json["upper_bound_formula"],
        symbols=[tuple(s) for s in plan_json["symbols"]],
        rows=case_rows(documents),
        first_case=(first or {}).get("case", ""),
        live=(first or {}).get("live_at_peak", []),
        tensors=tensors,
        traffic=(first or {}).get("task_traffic", []),
        gpu_note=gpu_note,
        profile_note=profile_note,
        chart=chart,
        findings=findings,
    )


def text_table(title: str, documents: list[dict]) -> str:
    """A fixed-width terminal table (stable for goldens; no colour)."""
    headers = ("case", "peak B", "upper B", "NPU total B", "GPU ref B", "gap", "tasks", "traffic B", "time")
    keys = ("case", "peak", "upper", "npu_total", "gpu", "gap", "tasks", "traffic", "time")
    rows = [[str(row[k]) for k in keys] for row in case_rows(documents)]
    widths = [max(len(h), *(len(r[i]) for r in rows)) if rows else len(h) for i, h in enumerate(headers)]
    line = "  ".join(h.ljust(w) for h, w in zip(headers, widths)).rstrip()
    out = [title, line, "  ".join("-" * w for w in widths)]
    out += ["  ".join(c.ljust(w) for c, w in zip(r, widths)).rstrip() for r in rows]
    return "\n".join(out) + "\n"


def summary_rows(entries: list[tuple[int, str, str | None, list[dict]]]) -> list[dict]:
    """(route index, entry, soc, case documents) -> one row per evaluated case, for the cross-route table."""
    rows = []
    for index, entry, soc, documents in entries:
        for doc, row in zip(documents, case_rows(documents)):
            rows.append({"route": index, "entry": entry, "soc": soc or "?", "case": row["case"], "formula": doc["formula"],
                         "peak": row["peak"], "npu_total": row["npu_total"], "gpu": row["gpu"], "gap": row["gap"]})
    return rows


def summary_markdown(rows: list[dict]) -> str:
    """The cross-route table shown above the per-route sections when several routes were evaluated."""
    return render("reports/memory/summary.md.j2", rows=rows)
