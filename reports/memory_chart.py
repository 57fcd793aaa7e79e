"""Lifetime charts of a memory evaluation: tensors as bars over program order (SVG by hand, PNG via matplotlib Agg)."""

from __future__ import annotations

import io
from dataclasses import dataclass
from xml.sax.saxutils import escape

_COLOURS = ("#4e79a7", "#f28e2b", "#e15759", "#76b7b2", "#59a14f", "#edc948", "#b07aa1", "#ff9da7", "#9c755f")


@dataclass(frozen=True)
class Bar:
    """One allocated storage: live from `start` to `end` (program positions, inclusive), `bytes` counted."""

    id: str
    start: int
    end: int
    bytes: int
    may: bool


@dataclass(frozen=True)
class ChartData:
    """Everything a lifetime chart shows; built from a plan and an evaluation by chart_data()."""

    title: str
    labels: tuple[str, ...]  # one label per program position (a launch or a creation)
    bars: tuple[Bar, ...]
    curve: tuple[tuple[int, int], ...]
    peak_bytes: int
    peak_position: int | None


def chart_data(plan, evaluation, title: str) -> ChartData:
    """Collect bars (stacked by live set order), the memory curve and the peak from a plan and its evaluation."""
    route = plan.route
    labels = []
    for event in route.events:
        if event.kind == "launch":
            task = next((t for t in route.tasks if t.index == event.task), None)
            labels.append(f"#{event.task} {task.op}" if task else f"#{event.task}")
        else:
            labels.append(f"+{event.tensor}")
    bars = tuple(Bar(i.storage, i.start, i.end, evaluation.blocks.get(i.storage, 0), i.may) for i in plan.intervals)
    peak_position = None
    best = -1
    for position, value in evaluation.curve:
        if value > best:
            best, peak_position = value, position
    return ChartData(title, tuple(labels), bars, evaluation.curve, evaluation.document.get("peak_bytes", 0), peak_position)


def _human(value: int) -> str:
    for unit, size in (("GiB", 1 << 30), ("MiB", 1 << 20), ("KiB", 1 << 10)):
        if value >= size:
            return f"{value / size:.1f} {unit}"
    return f"{value} B"


def _stack(data: ChartData) -> list[tuple[Bar, int]]:
    """Each bar with its vertical offset: the lowest place free over its whole lifetime (first fit, like a heap)."""
    placed: list[tuple[Bar, int]] = []
    for bar in sorted(data.bars, key=lambda b: (b.start, b.id)):
        overlapping = [(o, off) for o, off in placed if o.start <= bar.end and bar.start <= o.end]
        candidates = sorted({0} | {off + o.bytes for o, off in overlapping})
        offset = next(
            c for c in candidates
            if all(c + bar.bytes <= off or c >= off + o.bytes for o, off in overlapping)
        )
        placed.append((bar, offset))
    return placed


def lifetime_svg(data: ChartData, width: int = 720, height: int = 360) -> str:
    """An SVG with tensors as bars over program positions (height = bytes), the peak marked by a dashed line."""
    stacked = _stack(data)
    positions = max(len(data.labels), max((b.end + 1 for b in data.bars), default=1))
    top = max([offset + bar.bytes for bar, offset in stacked] + [data.peak_bytes, 1])
    left, right, upper, lower = 70, 20, 30, 90
    plot_w, plot_h = width - left - right, height - upper - lower
    step = plot_w / positions

    def y(value: float) -> float:
        return upper + plot_h - plot_h * value / top

    parts = [
        f'<svg xmlns="http://www.w3.org/2000/svg" width="{width}" height="{height}" viewBox="0 0 {width} {height}" font-family="sans-serif" font-size="11">',
        f'<text x="{left}" y="18" font-size="13">{escape(data.title)}</text>',
        f'<line x1="{left}" y1="{upper + plot_h}" x2="{left + plot_w}" y2="{upper + plot_h}" stroke="#333"/>',
        f'<line x1="{left}" y1="{upper}" x2="{left}" y2="{upper + plot_h}" stroke="#333"/>',
        f'<text x="4" y="{upper + 10}">{escape(_human(top))}</text>',
    ]
    for index, (bar, offset) in enumerate(stacked):
        colour = _COLOURS[index % len(_COLOURS)]
        x0 = left + bar.start * step + 2
        w = (bar.end - bar.start + 1) * step - 4
        y1, y0 = y(offset + bar.bytes), y(offset)
        dash = ' stroke-dasharray="4 2"' if bar.may else ""
        parts.append(
            f'<rect x="{x0:.1f}" y="{y1:.1f}" width="{w:.1f}" height="{max(y0 - y1, 1):.1f}" fill="{colour}" fill-opacity="{0.4 if bar.may else 0.8}" stroke="#222"{dash}>'
            f"<title>{escape(bar.id)}: {bar.bytes} B{' (may)' if bar.may else ''}</title></rect>"
        )
        parts.append(f'<text x="{x0 + 3:.1f}" y="{y1 + 12:.1f}" fill="#000">{escape(bar.id)}</text>')
    peak_y = y(data.peak_bytes)
    parts.append(f'<line x1="{left}" y1="{peak_y:.1f}" x2="{left + plot_w}" y2="{peak_y:.1f}" stroke="#c00" stroke-dasharray="6 3"/>')
    parts.append(f'<text x="{left + plot_w - 4}" y="{peak_y - 4:.1f}" fill="#c00" text-anchor="end">peak {escape(_human(data.peak_bytes))} ({data.peak_bytes} B)</text>')
    if data.curve:
        points = " ".join(f"{left + (p + 0.5) * step:.1f},{y(v):.1f}" for p, v in data.curve)
        parts.append(f'<polyline points="{points}" fill="none" stroke="#000" stroke-width="1.5"/>')
    for index, label in enumerate(data.labels):
        x = left + (index + 0.5) * step
        parts.append(f'<text x="{x:.1f}" y="{upper + plot_h + 12}" transform="rotate(40 {x:.1f} {upper + plot_h + 12})">{escape(label)}</text>')
    parts.append("</svg>")
    return "\n".join(parts) + "\n"


def lifetime_png(data: ChartData) -> bytes:
    """The same chart rendered by matplotlib (Agg backend), with the memory-over-time curve below."""
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    figure, (bars_ax, curve_ax) = plt.subplots(2, 1, figsize=(8, 6), sharex=True, gridspec_kw={"height_ratios": [2, 1]})
    for index, (bar, offset) in enumerate(_stack(data)):
        bars_ax.bar(bar.start - 0.4, bar.bytes, width=bar.end - bar.start + 0.8, bottom=offset, align="edge",
                    color=_COLOURS[index % len(_COLOURS)], alpha=0.4 if bar.may else 0.8, edgecolor="black",
                    linestyle="--" if bar.may else "-", label=bar.id + (" (may)" if bar.may else ""))
    bars_ax.axhline(data.peak_bytes, color="red", linestyle="--", label=f"peak {data.peak_bytes} B")
    bars_ax.set_ylabel("bytes")
    bars_ax.set_title(data.title)
    bars_ax.legend(fontsize="small")
    if data.curve:
        curve_ax.step([p for p, _ in data.curve], [v for _, v in data.curve], where="mid", color="black")
    curve_ax.set_ylabel("live bytes")
    curve_ax.set_xticks(range(len(data.labels)))
    curve_ax.set_xticklabels(data.labels, rotation=40, ha="right", fontsize="small")
    figure.tight_layout()
    buffer = io.BytesIO()
    figure.savefig(buffer, format="png", dpi=80, metadata={"Software": None})
    plt.close(figure)
    return buffer.getvalue()
