"""TBE reports: Markdown (one op or a corpus), a short terminal summary, and JSON, all from the JSON documents."""

from __future__ import annotations

from collections import Counter

from op_migrate.reports.render import render, to_json_text
from op_migrate.reports.tbe_flow import build_chart, compute_charts

STATUSES = ("analysed", "not_operator", "tik", "hand_ir", "failed")


def _dtype_text(entries: list) -> str:
    parts = []
    for entry in entries:
        parts.append(entry["dtype"] if entry["condition"] is None else f"{entry['dtype']} (if {entry['condition']})")
    return ", ".join(parts)


def _guard_counts(document: dict) -> Counter:
    counts: Counter = Counter()
    for guard in document.get("guards", []):
        for kind in guard["kinds"]:
            counts[kind] += 1
    return counts


def _severity_counts(document: dict) -> Counter:
    return Counter(f.get("severity", "warning") for f in document.get("findings", []))


def op_context(document: dict) -> dict:
    """Every value the op template shows, computed here so that the template only loops."""
    calls = document.get("dsl_calls", [])
    compute_calls = [c for c in calls if c["category"] != "framework"]
    capability = document.get("capability") or {"socs": {}, "sources": [], "findings": []}
    return {
        "doc": document,
        "dtype_rows": [{"param": name, "dtypes": entries} for name, entries in document.get("dtypes", {}).items()],
        "equalities": [f"{a} == {b}" for a, b in document.get("dtype_equalities", [])],
        "build_chart": build_chart(document) if document.get("flow") else None,
        "compute_charts": compute_charts(document) if document.get("flow") else [],
        "capability": capability,
        "mappings": document.get("mappings", []),
        "compute_call_count": len(compute_calls),
        "framework_call_count": len(calls) - len(compute_calls),
        "guard_counts": sorted(_guard_counts(document).items()),
        "calls": compute_calls,
    }


def op_markdown(document: dict) -> str:
    return render("reports/tbe/op.md.j2", **op_context(document))


# Above this many analysed files the corpus report keeps to the tables; per-op sections would run to megabytes.
DETAIL_LIMIT = 50


def corpus_markdown(corpus: dict) -> str:
    analysed = [d for d in corpus["files"] if d.get("status") == "analysed"]
    return render(
        "reports/tbe/corpus.md.j2",
        corpus=corpus,
        summary=corpus["summary"],
        ops=[op_context(d) for d in analysed] if len(analysed) <= DETAIL_LIMIT else [],
        detail_limit=DETAIL_LIMIT if len(analysed) > DETAIL_LIMIT else None,
    )


def op_text(document: dict) -> str:
    """A few lines for the terminal: what the op is, its dtypes, its calls, its fallbacks, its findings."""
    if document.get("status") != "analysed":
        return f"{document['path']}: {document.get('status')}: {document.get('reason')}\n"
    lines = [f"{document['op_type']} ({document['mode']}, {document['pattern'] or 'pattern not declared'})  {document['path']}"]
    for name, entries in document.get("dtypes", {}).items():
        lines.append(f"  dtype {name}: {_dtype_text(entries)}")
    calls = [c for c in document.get("dsl_calls", []) if c["category"] != "framework"]
    distinct = sorted({c["name"] for c in calls})
    lines.append(f"  DSL compute calls: {len(calls)} on all paths, {len(distinct)} distinct: {', '.join(distinct)}")
    missing = [m["name"] for m in document.get("mappings", []) if m["category"] == "compute" and not m["ascend_c"]]
    if missing:
        lines.append(f"  no direct Ascend C API: {', '.join(missing)}")
    counts = _guard_counts(document)
    if counts:
        lines.append("  branch guards: " + ", ".join(f"{kind} {count}" for kind, count in sorted(counts.items())))
    for condition in document.get("aicpu_fallbacks", []):
        lines.append(f"  AI CPU fallback: {condition}")
    for soc, rows in (document.get("capability") or {}).get("socs", {}).items():
        aicpu = sorted({r["dtype"] for r in rows if r["runs_on"] == "AI CPU"})
        rejected = sorted({r["dtype"] for r in rows if r["runs_on"] == "rejected"})
        if aicpu or rejected:
            parts = ([f"AI CPU for {', '.join(aicpu)}"] if aicpu else []) + (
                [f"rejected by TBE: {', '.join(rejected)}"] if rejected else []
            )
            lines.append(f"  op-info {soc}: {'; '.join(parts)}")
    severities = _severity_counts(document)
    lines.append(
        f"  findings: {sum(severities.values())} ("
        + ", ".join(f"{severities.get(s, 0)} {s}" for s in ("error", "warning", "info"))
        + ")"
    )
    return "\n".join(lines) + "\n"


def corpus_text(corpus: dict) -> str:
    """The summary line and a per-file status table (plain text, fixed columns)."""
    summary = corpus["summary"]
    lines = [
        f"{summary['total']} files: "
        + ", ".join(f"{summary[s]} {s.replace('_', ' ')}" for s in STATUSES)
        + f" ({corpus.get('cached', 0)} from cache)"
    ]
    width = max([len(d["path"]) for d in corpus["files"]] + [4])
    lines.append(f"{'path':<{width}}  {'status':<12}  {'op_type':<24}  reason")
    for document in corpus["files"]:
        reason = document.get("reason") or ""
        lines.append(f"{document['path']:<{width}}  {document['status']:<12}  {str(document.get('op_type') or '-'):<24}  {reason}")
    return "\n".join(lines) + "\n"


def corpus_summary(documents: list[dict]) -> dict:
    counts = Counter(d.get("status", "failed") for d in documents)
    summary = {status: counts.get(status, 0) for status in STATUSES}
    summary["total"] = len(documents)
    reasons = Counter(d.get("reason") for d in documents if d.get("status") == "failed")
    summary["failure_reasons"] = [{"reason": r, "count": n} for r, n in sorted(reasons.items(), key=lambda i: (-i[1], str(i[0])))]
    return summary


__all__ = ["corpus_markdown", "corpus_summary", "corpus_text", "op_markdown", "op_text", "to_json_text"]
