"""TBE reports: Markdown (one op or a corpus), a short terminal summary, and JSON, all from the JSON documents."""

from __future__ import annotations

import json
import textwrap
from collections import Counter

from op_migrate.analyzers.proto.model import split_remap
from op_migrate.analyzers.tbe.conditions import simplify
from op_migrate.reports.findings_text import finding_lines, findings_text
from op_migrate.reports.render import render, to_json_text
from op_migrate.reports.tbe_backlog import backlog_context, backlog_text
from op_migrate.reports.tbe_flow import build_chart, compute_charts
from op_migrate.reports.tbe_matrix import matrix_context, matrix_text

STATUSES = ("analysed", "tik", "ascendc", "hand_ir", "not_operator", "failed")
# What each status means to a migration team.
KIND_NAMES = {
    "analysed": "TBE DSL",
    "tik": "TIK",
    "ascendc": "Ascend C wrapper",
    "hand_ir": "hand-written IR",
    "not_operator": "helper (not an operator)",
    "failed": "failed",
}


def dtype_entry_text(entry: dict) -> str:
    """"int64 (if api_check_support(...))"; a remapped dtype says so first: "bool (remapped to int8 before the check:
    dtype_x == 'bool')", its test of itself being no condition."""
    condition = entry["condition"]
    if condition is None:
        return entry["dtype"]
    remapped = split_remap(condition)
    if remapped:
        return f"{entry['dtype']} (remapped to {remapped[1]} before the check: {simplify(remapped[0])})"
    return f"{entry['dtype']} (if {entry.get('shown') or simplify(condition)})"


PARTIAL = " (no single check runs on every path: a dtype outside this list is not called refused)"


def _dtype_text(entries: list) -> str:
    return ", ".join(dtype_entry_text(entry) for entry in entries)


def _guard_counts(document: dict) -> Counter:
    counts: Counter = Counter()
    for guard in document.get("guards", []):
        for kind in guard["kinds"]:
            counts[kind] += 1
    return counts


def op_context(document: dict, show_capability: bool = True) -> dict:
    """Every value the op template shows, computed here so that the template only loops."""
    calls = document.get("dsl_calls", [])
    compute_calls = [c for c in calls if c["category"] != "framework" and c.get("reached", True)]
    capability = document.get("capability")
    return {
        "doc": document,
        "kind_name": KIND_NAMES.get(document.get("status"), document.get("status")),
        "matrix": matrix_context(capability) if show_capability else None,
        "show_capability": show_capability,
        "dtype_rows": [{"param": name, "dtypes": entries} for name, entries in document.get("dtypes", {}).items()],
        "equalities": [f"{a} == {b}" for a, b in document.get("dtype_equalities", [])],
        "build_chart": build_chart(document) if document.get("flow") else None,
        "compute_charts": compute_charts(document) if document.get("flow") else [],
        "mappings": document.get("mappings", []),
        "compute_call_count": len(compute_calls),
        "framework_call_count": len(calls) - len(compute_calls),
        "guard_counts": sorted(_guard_counts(document).items()),
        "calls": compute_calls,
        "external_helpers": external_helpers(document),
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
        kinds=[(KIND_NAMES[s], corpus["summary"][s]) for s in STATUSES],
        backlog=backlog_context(corpus.get("backlog")),
        findings=finding_summary(corpus),
        ops=[op_context(d) for d in analysed] if len(analysed) <= DETAIL_LIMIT else [],
        detail_limit=DETAIL_LIMIT if len(analysed) > DETAIL_LIMIT else None,
    )


def finding_summary(corpus: dict) -> list[dict]:
    """Findings by symbol over the corpus: how many, in how many files; capability facts count once per op."""
    per_symbol: dict[str, dict] = {}
    for document in corpus["files"]:
        for finding in document.get("findings", []):
            entry = per_symbol.setdefault(finding["symbol"], {"symbol": finding["symbol"], "count": 0, "where": set()})
            entry["count"] += 1
            entry["where"].add(document["path"])
    for op_type, findings in corpus.get("capability_findings", {}).items():
        for finding in findings:
            entry = per_symbol.setdefault(finding["symbol"], {"symbol": finding["symbol"], "count": 0, "where": set()})
            entry["count"] += 1
            entry["where"].add(op_type)
    return [{"symbol": e["symbol"], "count": e["count"], "where": len(e["where"])}
            for e in sorted(per_symbol.values(), key=lambda e: (-e["count"], e["symbol"]))]


def op_text(document: dict) -> str:
    """What the file is, its dtypes, calls, guards and fallbacks, where it runs, then every finding (path:line)."""
    lines = op_summary_lines(document)
    matrix = matrix_text(document.get("capability"))
    return "\n".join(lines) + "\n" + matrix + findings_text(document.get("findings", []), default_path=document["path"])


def op_summary_lines(document: dict, indent: str = "  ") -> list[str]:
    """The summary lines of one implementation file (no matrix, no findings), each at most 120 columns."""
    if document.get("status") in ("not_operator", "failed"):
        return wrap(f"{document['path']}: {document.get('status')}: {document.get('reason')}", "")
    kind = KIND_NAMES[document["status"]]
    if document["status"] == "analysed":
        head = f"{document['op_type']} ({document['mode']}, {document['pattern'] or 'pattern not declared'})  {document['path']}"
    else:
        head = f"{document['op_type']} ({kind}, {document['mode']})  {document['path']}"
    lines = wrap(head, "")
    add = lambda text: lines.extend(wrap(indent + text, indent + "    "))  # noqa: E731 - one line per fact
    if document.get("reason") and document["status"] != "analysed":
        add(f"{kind}: {document['reason']}")
    wrapper = document.get("ascendc")
    if wrapper:
        add(f"Ascend C kernel: {wrapper.get('kernel_source') or wrapper.get('kernel_file') or 'not named'}")
    for name, entries in document.get("dtypes", {}).items():
        add(f"dtype {name}: {_dtype_text(entries)}{PARTIAL if name in document.get('dtypes_partial', ()) else ''}")
    for a, b in document.get("dtype_equalities", []):
        add(f"same dtype: {a} == {b}")
    for item in document.get("conditional_equalities", []):
        add(f"same dtype: {' == '.join(item['inputs'])} when {item.get('shown') or item['condition']} (line {item['line']})")
    if document["status"] == "analysed":
        calls = [c for c in document.get("dsl_calls", [])
                 if c["category"] not in ("framework", "raw_compute") and c.get("reached", True)]
        distinct = sorted({c["name"] for c in calls})
        add(f"DSL compute calls: {len(calls)} on all paths, {len(distinct)} distinct: {', '.join(distinct) or 'none'}")
        raw = sorted({c["line"] for c in document.get("dsl_calls", []) if c["category"] == "raw_compute" and c.get("reached", True)})
        if raw:
            add(f"raw tvm.compute bodies (no DSL call to map): lines {', '.join(map(str, raw))}")
        unreached = (document.get("flow") or {}).get("unreached") or []
        if unreached:
            add(f"not reached from the entry or a registered compute (left out above): {', '.join(unreached)}")
    missing = [m["name"] for m in document.get("mappings", []) if m["category"] == "compute" and not m["ascend_c"]]
    if missing:
        add(f"no direct Ascend C API: {', '.join(missing)}")
    helpers = external_helpers(document)
    if helpers:
        add("helpers of other modules (not analysed): " + ", ".join(f"{name} (line {', '.join(map(str, lines_))})"
                                                                    for name, lines_ in helpers.items()))
    counts = _guard_counts(document)
    if counts:
        add("branch guards: " + ", ".join(f"{kind} {count}" for kind, count in sorted(counts.items())))
    for guard in document.get("guards", []):
        if set(guard["kinds"]) & _DECISIVE:
            add(f"guard line {guard['line']} ({', '.join(guard['kinds'])}): {guard.get('shown') or guard['text']}")
    for fallback in document.get("aicpu_fallback_details", []):
        reason = f' ("{fallback["reason"]}")' if fallback.get("reason") else ""
        add(f"AI CPU fallback (check_supported, line {fallback['line']}): when {fallback.get('shown') or fallback['condition']}{reason}")
    return lines


# Guards a migrator has to carry over: what the SoC, the installed APIs and impl_mode decide.
_DECISIVE = {"soc", "api_check_support", "impl_mode"}


def external_helpers(document: dict) -> dict[str, list[int]]:
    """Helpers of other modules the compute hands tensors or inputs to (from the flow), by name, with their lines."""
    found: dict[str, list[int]] = {}

    def walk(items):
        for item in items:
            if item.get("type") == "external":
                lines = found.setdefault(item["qualified"], [])
                if item["line"] not in lines:
                    lines.append(item["line"])
            for key in ("then", "else", "body"):
                walk(item.get(key, ()))

    flow = document.get("flow") or {}
    unreached = set(flow.get("unreached", ()))
    for items in [*(v for k, v in flow.get("roots", {}).items() if k not in unreached), *flow.get("helpers", {}).values()]:
        walk(items)
    return found


def wrap(text: str, indent: str, width: int = 120) -> list[str]:
    """One fact on as many lines as it needs, none wider than `width` (paths are not broken)."""
    if len(text) <= width:
        return [text]
    return textwrap.wrap(text, width=width, subsequent_indent=indent, break_long_words=False, break_on_hyphens=False)


def corpus_text(corpus: dict) -> str:
    """The summary line, the backlog head and a per-file status table (plain text, fixed columns)."""
    summary = corpus["summary"]
    lines = [
        f"{summary['total']} files: "
        + ", ".join(f"{summary[s]} {KIND_NAMES[s]}" for s in STATUSES)
        + f" ({corpus.get('cached', 0)} from cache)"
    ]
    backlog = corpus.get("backlog")
    if backlog and backlog["rows"]:
        lines += backlog_text(backlog)
    width = max([len(d["path"]) for d in corpus["files"]] + [4])
    lines.append(f"{'path':<{width}}  {'kind':<16}  {'op_type':<24}  reason")
    for document in corpus["files"]:
        reason = document.get("reason") or ""
        kind = KIND_NAMES.get(document["status"], document["status"])
        lines.append(f"{document['path']:<{width}}  {kind:<16}  {str(document.get('op_type') or '-'):<24}  {reason}")
    placed = [{**f, "path": f.get("path") or d["path"]} for d in corpus["files"] for f in d.get("findings", [])]
    placed += [{**f, "path": f.get("path") or op} for op, found in corpus.get("capability_findings", {}).items()
               for f in found]
    lines += finding_lines(placed)
    return "\n".join(lines) + "\n"


def corpus_json_text(corpus: dict) -> str:
    """A corpus document without indentation: a 1,800-file corpus is tens of megabytes, and indenting makes
    json use its pure-Python encoder (seconds per run, most of a warm run)."""
    return json.dumps(corpus, ensure_ascii=False) + "\n"


def corpus_summary(documents: list[dict]) -> dict:
    counts = Counter(d.get("status", "failed") for d in documents)
    summary = {status: counts.get(status, 0) for status in STATUSES}
    summary["total"] = len(documents)
    reasons = Counter(d.get("reason") for d in documents if d.get("status") == "failed")
    summary["failure_reasons"] = [{"reason": r, "count": n} for r, n in sorted(reasons.items(), key=lambda i: (-i[1], str(i[0])))]
    return summary


__all__ = ["corpus_markdown", "corpus_summary", "corpus_text", "op_markdown", "op_text", "to_json_text"]
