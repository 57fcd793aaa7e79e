"""The migration backlog of a TBE corpus: Markdown rows, terminal lines and an SVG chart of what is left."""

from __future__ import annotations

from xml.sax.saxutils import escape

_KIND_COLOURS = {"hand IR": "#e15759", "TIK": "#f28e2b", "TBE DSL": "#4e79a7", "Ascend C": "#59a14f"}
_CELL_COLOURS = (("ai_core", "AI Core", "#59a14f"), ("ai_cpu", "AI CPU", "#f28e2b"), ("none", "nothing", "#e15759"),
                 ("unknown", "unknown", "#bab0ac"))
TEXT_ROWS = 20


def _coverage_text(coverage: dict) -> str:
    if not coverage.get("dtypes"):
        return "-"
    parts = [f"{coverage[key]} {label}" for key, label, _ in _CELL_COLOURS if coverage.get(key)]
    return f"{coverage['dtypes']} dtypes x {coverage['socs']} SoCs ({coverage.get('port', '-')}): " + ", ".join(parts)


def _row(row: dict) -> dict:
    left = [*row["dsl_no_direct"], *(f"{name} (not in the catalog)" for name in row["dsl_unknown"])]
    return {
        "op_type": row["op_type"],
        "kind": row["kind"],
        "mode": row["mode"] or "-",
        "coverage": _coverage_text(row["coverage"]),
        "left": ", ".join(left) or "-",
        "files": row["files"],
        "kernel": row["ascendc_kernel"] or "-",
    }


def backlog_context(backlog: dict | None) -> dict | None:
    if not backlog:
        return None
    summary = backlog["summary"]
    return {
        "summary": summary,
        "kinds": list(summary["kinds"].items()),
        "cells": [(label, summary["cells_left"][key]) for key, label, _ in _CELL_COLOURS],
        "rows": [_row(r) for r in backlog["rows"]],
    }


def backlog_text(backlog: dict) -> list[str]:
    summary = backlog["summary"]
    lines = [
        f"{summary['op_types']} op types: " + ", ".join(f"{n} {kind}" for kind, n in summary["kinds"].items())
        + f"; {summary['ops_with_calls_without_direct_api']} still in TBE use a DSL call with no direct Ascend C API",
        f"backlog (first {min(TEXT_ROWS, len(backlog['rows']))} of {len(backlog['rows'])}, most left first):",
    ]
    for row in backlog["rows"][:TEXT_ROWS]:
        shown = _row(row)
        lines.append(f"  {shown['op_type']:<32} {shown['kind']:<9} left: {shown['left']}; {shown['coverage']}")
    return lines


def chart_svg(backlog: dict) -> str:
    """Two bars: op types by kind, and the dtype x SoC cells of the ops still in TBE by where they run."""
    summary = backlog["summary"]
    width, left, bar, gap = 720, 170, 28, 22
    bars = [
        ("op types by kind", [(kind, n, _KIND_COLOURS[kind]) for kind, n in summary["kinds"].items()]),
        ("cells still in TBE", [(label, summary["cells_left"][key], colour) for key, label, colour in _CELL_COLOURS]),
    ]
    height = 60 + len(bars) * (bar + gap + 24)
    parts = [
        f'<svg xmlns="http://www.w3.org/2000/svg" width="{width}" height="{height}" font-family="sans-serif" font-size="12">',
        f'<text x="10" y="22" font-size="15">Migration backlog: {summary["op_types"]} op types</text>',
    ]
    y = 44
    for title, segments in bars:
        total = sum(n for _, n, _ in segments) or 1
        parts.append(f'<text x="10" y="{y + bar / 2 + 4}">{escape(title)}</text>')
        x = float(left)
        span = width - left - 20
        for label, count, colour in segments:
            w = span * count / total
            parts.append(f'<rect x="{x:.1f}" y="{y}" width="{w:.1f}" height="{bar}" fill="{colour}"><title>{escape(label)}: {count}</title></rect>')
            x += w
        legend_x = left
        for label, count, colour in segments:
            parts.append(f'<rect x="{legend_x}" y="{y + bar + 6}" width="10" height="10" fill="{colour}"/>')
            parts.append(f'<text x="{legend_x + 14}" y="{y + bar + 15}">{escape(label)} {count}</text>')
            legend_x += 130
        y += bar + gap + 24
    parts.append("</svg>")
    return "\n".join(parts) + "\n"
