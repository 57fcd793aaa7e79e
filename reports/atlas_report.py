"""The atlas as a team lead reads it: a Markdown table sorted by saving, its JSON, and an SVG bar chart."""

from __future__ import annotations

from xml.sax.saxutils import escape

from op_migrate.analyzers.memory.units import human_bytes
from op_migrate.reports.render import render, to_json_text

TOP = 40  # rows in the Markdown table and bars in the chart; the JSON keeps every row
CONDITION_CHARS = 160  # a condition longer than this is cut in the table (atlas.json has it whole)


def markdown(atlas: dict) -> str:
    answered = atlas["answered"]
    rows = [_row(row) for row in answered[:TOP]]
    unanswered = [{"entry": r["entry"], "file": r["file"], "line": r["line"], "reasons": "; ".join(r["reasons"])}
                  for r in atlas["unanswered"]]
    rejected = [{"entry": r["entry"], "file": r["file"], "line": r["line"], "why": r["rejected"]}
                for r in atlas.get("rejected", ())]
    costly = [r for r in answered if (r["extra_outputs"] or 0) > 0 or r["aicpu"] or r["intermediates"]]
    return render("reports/atlas/atlas.md.j2", facts=", ".join(atlas["facts"]) or "no facts", rows=rows,
                  shown=len(rows), answered=len(answered), costly=len(costly), unanswered=unanswered,
                  rejected=rejected, given=any(r.get("given_shapes") for r in answered),
                  listed_share=atlas["listed_share"], n_elements=atlas["n_elements"])


def json_text(atlas: dict) -> str:
    return to_json_text(atlas)


def _row(row: dict) -> dict:
    launches = ", ".join(f"{launcher} {decided}" + (f" (+{may} may)" if may else "")
                         for launcher, decided, may in row["launches"]) or "none"
    items = [_item_text(item) for item in row["intermediates"]]
    aicpu = [_item_text(item) for item in row["aicpu"]]
    bound = "up to" if row.get("exclusive_searched", True) else "at most (arms added up)"
    extra = "?" if row["extra_outputs"] is None else f"{bound} {row['extra_outputs']:g} × out"
    if row.get("extra_decided_outputs"):
        extra += f" (at least {row['extra_decided_outputs']:g})"
    if row.get("given_shapes") and row.get("extra_bytes") is not None:
        extra += f"; {human_bytes(row['extra_bytes'])} at the given shapes"
    if row.get("unnamed_tensors"):
        extra += f"; may be more: {row['unnamed_tensors']} launch(es) use a tensor the route cannot name"
    return {"entry": row["entry"], "where": f"{row['file']}:{row['line']}", "launches": launches,
            "intermediates": "<br>".join(items) or "none", "aicpu": "<br>".join(aicpu) or "none",
            "extra": ("≈ " if row.get("estimated") else "") + extra, "formula": row["extra_formula"] or "0"}


def _item_text(item: dict) -> str:
    of = f" of {item['of']}" if item["of"] else ""
    share = f" ({item['share']:g} × out)" if item.get("share") is not None else ""
    condition = item["condition"]
    if len(condition) > CONDITION_CHARS:
        condition = condition[:CONDITION_CHARS].rstrip() + " …"
    when = "" if condition == "always" else f" when {condition}"
    what = f"{item['op']}@{item['launcher']}" if item["launcher"] else item["op"]
    return f"{what}{of}{share}{when}"


def svg(atlas: dict) -> str:
    """Horizontal bars: predicted extra memory in outputs per entry (top rows), AI CPU launches marked."""
    rows = [r for r in atlas["answered"][:TOP] if (r["extra_outputs"] or 0) > 0 or r["aicpu"]]
    width, left, bar_h, gap, top = 980, 420, 16, 6, 40
    scale_max = max([r["extra_outputs"] or 0 for r in rows] + [1])
    usable = width - left - 140
    height = top + len(rows) * (bar_h + gap) + 40
    parts = [f'<svg xmlns="http://www.w3.org/2000/svg" width="{width}" height="{height}" font-family="sans-serif" '
             f'font-size="12">',
             f'<text x="10" y="22" font-size="14">Predicted extra device memory beyond the entry\'s own tensors, in '
             f'outputs ({escape(", ".join(atlas["facts"]))}); red: AI CPU launches</text>']
    for index, row in enumerate(rows):
        y = top + index * (bar_h + gap)
        value = row["extra_outputs"] or 0
        length = int(usable * value / scale_max)
        colour = "#e15759" if row["aicpu"] else "#4e79a7"
        parts.append(f'<text x="{left - 6}" y="{y + bar_h - 4}" text-anchor="end">{escape(row["entry"])}</text>')
        parts.append(f'<rect x="{left}" y="{y}" width="{max(length, 1)}" height="{bar_h}" fill="{colour}"/>')
        label = f"{value:g} × out" + (f", {len(row['aicpu'])} AI CPU" if row["aicpu"] else "")
        parts.append(f'<text x="{left + max(length, 1) + 6}" y="{y + bar_h - 4}">{escape(label)}</text>')
    parts.append("</svg>")
    return "\n".join(parts) + "\n"
