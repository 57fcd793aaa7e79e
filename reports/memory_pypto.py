"""Text and Markdown listings of PyPTO make_tensor views (from analyzers.memory.pypto reports)."""

from __future__ import annotations

from op_migrate.reports.findings_text import finding_lines
from op_migrate.reports.render import render


def _row(view: dict) -> dict:
    return {
        **view,
        "shape": "[" + ", ".join(view["shape"]) + "]",
        "stride": "row-major" if view["stride"] is None else "[" + ", ".join(view["stride"]) + "]",
        "view_bytes": "?" if view["view_bytes"] is None else view["view_bytes"],
    }


def _prepared(documents: list[dict]) -> list[dict]:
    return [{**doc, "views": [_row(v) for v in doc["views"]]} for doc in documents]


def markdown(documents: list[dict]) -> str:
    """The Markdown listing of every file's views and findings."""
    return render("reports/memory/pypto.md.j2", reports=_prepared(documents))


def text(documents: list[dict]) -> str:
    """A fixed-width terminal listing (stable for goldens)."""
    headers = ("view", "kernel", "line", "source", "shape", "stride", "dtype", "bytes", "status")
    keys = ("name", "kernel", "line", "source", "shape", "stride", "dtype", "view_bytes", "status")
    out = []
    for doc in _prepared(documents):
        out.append(doc["path"])
        rows = [[str(v[k]) for k in keys] for v in doc["views"]]
        if rows:
            widths = [max(len(h), *(len(r[i]) for r in rows)) for i, h in enumerate(headers)]
            out.append("  " + "  ".join(h.ljust(w) for h, w in zip(headers, widths)).rstrip())
            out += ["  " + "  ".join(c.ljust(w) for c, w in zip(r, widths)).rstrip() for r in rows]
        else:
            out.append("  no make_tensor views")
    out += finding_lines([{**f, "path": f.get("path") or doc["path"]} for doc in documents for f in doc["findings"]])
    return "\n".join(out) + "\n"
