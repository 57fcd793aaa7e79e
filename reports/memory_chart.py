"""Lifetime charts of a memory evaluation: tensors as bars over program order (SVG by hand, PNG via matplotlib Agg)."""

from __future__ import annotations

import io
from dataclasses import dataclass
from xml.sax.saxutils import escape

from op_migrate.analyzers.memory.units import human_bytes
from op_migrate.reports.memory_terms import figures

_COLOURS = ("#4e79a7", "#f28e2b", "#e15759", "#76b7b2", "#59a14f", "#edc948", "#b07aa1", "#ff9da7", "#9c755f")


@dataclass(frozen=True)
class Bar:
    """One allocated storage: live from `start` to `end` (program positions, inclusive), `bytes` counted."""

    id: str
    start: int
    end: int
    bytes: int
    may: bool
    label: str = ""  # what a reviewer calls it: the variable, or "broadcast of self"


@dataclass(frozen=True)
class ChartData:
    """Everything a lifetime chart shows; built from a plan and an evaluation by chart_data()."""

    title: str
    labels: tuple[str, ...]  # one label per program position (a launch or a creation), named by its L0 op
    bars: tuple[Bar, ...]
    curve: tuple[tuple[int, int], ...]
    peak_bytes: int  # the peak as memory_terms defines it: entry tensors included
    peak_position: int | None
    base_bytes: int = 0  # the entry's own tensors, live through the whole call: the band under the bars
    base_label: str = "the entry's own tensors"
    gpu_bytes: int | None = None  # the GPU reference, counted like the peak
    gpu_label: str = "predicted"


def chart_data(plan, evaluation, title: str) -> ChartData:
    """Bars named for a reviewer over positions named by their L0 op, on the band of the entry's own tensors."""
    route = plan.route
    tensors = {t.id: t for t in route.tensors}
    labels = []
    for event in route.events:
        if event.kind == "launch":
            task = next((t for t in route.tasks if t.index == event.task), None)
            labels.append(f"#{event.task} {task.op}" if task else f"#{event.task}")
        else:
            tensor = tensors.get(event.tensor)
            labels.append(f"{tensor.producer}: {tensor.name}" if tensor else str(event.tensor))
    writers = {written: task for task in route.tasks for written in task.writes}
    bars = tuple(Bar(i.storage, i.start, i.end, evaluation.blocks.get(i.storage, 0), i.may,
                     _bar_label(i.storage, tensors, writers)) for i in plan.intervals)
    peak_position = None
    best = -1
    for position, value in evaluation.curve:
        if value > best:
            best, peak_position = value, position
    document = evaluation.document
    params = [t.name for t in route.tensors if t.effect == "param"]
    gpu = document.get("gpu_reference") or {}
    shown = figures(document)
    return ChartData(title, tuple(labels), bars, evaluation.curve, shown["npu_total_bytes"], peak_position,
                     base_bytes=shown["params_bytes"],
                     base_label=f"{', '.join(params)} (the entry's own tensors)" if params else "the entry's own tensors",
                     gpu_bytes=shown["gpu_reference_bytes"], gpu_label=gpu.get("label", "predicted"))


def _bar_label(storage: str, tensors: dict, writers: dict) -> str:
    tensor = tensors.get(storage)
    if tensor is None:
        return storage
    if tensor.producer == "BroadcastTo":
        task = writers.get(tensor.id)
        source = _param_root(task.reads[0], tensors) if task is not None and task.reads else None
        return f"broadcast of {source}" if source else f"{tensor.name} (BroadcastTo)"
    return f"{tensor.name} ({tensor.producer})"


def _param_root(tensor_id: str, tensors: dict, depth: int = 0) -> str | None:
    """The entry parameter a tensor is a view of (its base or its `same` shape reference, followed back)."""
    tensor = tensors.get(tensor_id)
    if tensor is None or depth > 32:
        return None
    if tensor.effect == "param":
        return tensor.name
    refs = [tensor.base] if tensor.base else list(tensor.shape.refs if tensor.shape.rule == "same" else ())
    for ref in refs:
        root = _param_root(ref, tensors, depth + 1)
        if root:
            return root
    return None


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


_MIB = float(1 << 20)


def _wrapped(title: str, width: int) -> list[str]:
    import textwrap

    return textwrap.wrap(title, width=width, break_on_hyphens=False) or [""]


def lifetime_svg(data: ChartData, width: int = 760, height: int = 400) -> str:
    """Tensors stacked over program positions on the band of the entry's own tensors; axis in MiB; the NPU peak
    and the GPU reference as two labelled lines."""
    stacked = _stack(data)
    positions = max(len(data.labels), max((b.end + 1 for b in data.bars), default=1))
    top = max([data.base_bytes + offset + bar.bytes for bar, offset in stacked] + [data.peak_bytes, data.gpu_bytes or 0, 1])
    title_lines = _wrapped(data.title, 100)
    left, right, upper, lower = 80, 20, 22 + 15 * len(title_lines), 110
    plot_w, plot_h = width - left - right, height - upper - lower
    step = plot_w / positions

    def y(value: float) -> float:
        return upper + plot_h - plot_h * value / top

    parts = [
        f'<svg xmlns="http://www.w3.org/2000/svg" width="{width}" height="{height}" viewBox="0 0 {width} {height}" font-family="sans-serif" font-size="11">',
        *(f'<text x="{left}" y="{16 + 15 * i}" font-size="13">{escape(line)}</text>' for i, line in enumerate(title_lines)),
        f'<line x1="{left}" y1="{upper + plot_h}" x2="{left + plot_w}" y2="{upper + plot_h}" stroke="#333"/>',
        f'<line x1="{left}" y1="{upper}" x2="{left}" y2="{upper + plot_h}" stroke="#333"/>',
        f'<text x="6" y="{upper - 6}">MiB</text>',
    ]
    for tick in range(5):
        value = top * tick / 4
        parts.append(f'<text x="{left - 6}" y="{y(value) + 4:.1f}" text-anchor="end">{value / _MIB:.1f}</text>')
    if data.base_bytes:
        parts.append(f'<rect x="{left}" y="{y(data.base_bytes):.1f}" width="{plot_w}" height="{max(y(0) - y(data.base_bytes), 1):.1f}" '
                     f'fill="#bbbbbb" fill-opacity="0.6" stroke="#666"><title>{escape(data.base_label)}: {data.base_bytes} B</title></rect>')
        parts.append(f'<text x="{left + 4}" y="{y(data.base_bytes) + 12:.1f}">{escape(data.base_label)}</text>')
    for index, (bar, offset) in enumerate(stacked):
        colour = _COLOURS[index % len(_COLOURS)]
        x0 = left + bar.start * step + 2
        w = (bar.end - bar.start + 1) * step - 4
        y1, y0 = y(data.base_bytes + offset + bar.bytes), y(data.base_bytes + offset)
        dash = ' stroke-dasharray="4 2"' if bar.may else ""
        name = (bar.label or bar.id) + (" (under an undecided guard)" if bar.may else "")
        parts.append(
            f'<rect x="{x0:.1f}" y="{y1:.1f}" width="{w:.1f}" height="{max(y0 - y1, 1):.1f}" fill="{colour}" fill-opacity="{0.4 if bar.may else 0.8}" stroke="#222"{dash}>'
            f"<title>{escape(name)}: {bar.bytes} B</title></rect>"
        )
        parts.append(f'<text x="{x0 + 3:.1f}" y="{y1 + 12:.1f}" fill="#000">{escape(name)}, {escape(human_bytes(bar.bytes))}</text>')
    lines = [("NPU peak", data.peak_bytes, "#c00", "6 3")]
    if data.gpu_bytes is not None:
        lines.append((f"GPU reference ({data.gpu_label})", data.gpu_bytes, "#06c", "2 3"))
    for name, value, colour, dash in lines:
        line_y = y(value)
        parts.append(f'<line x1="{left}" y1="{line_y:.1f}" x2="{left + plot_w}" y2="{line_y:.1f}" stroke="{colour}" stroke-dasharray="{dash}"/>')
        parts.append(f'<text x="{left + plot_w - 4}" y="{line_y - 4:.1f}" fill="{colour}" text-anchor="end">'
                     f'{escape(name)} {escape(human_bytes(value))} ({value} B)</text>')
    for index, label in enumerate(data.labels):
        x = left + (index + 0.5) * step
        parts.append(f'<text x="{x:.1f}" y="{upper + plot_h + 12}" transform="rotate(35 {x:.1f} {upper + plot_h + 12})">{escape(label)}</text>')
    parts.append("</svg>")
    return "\n".join(parts) + "\n"


def lifetime_png(data: ChartData) -> bytes:
    """The same chart rendered by matplotlib (Agg backend), with the live memory over time below it."""
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    figure, (bars_ax, curve_ax) = plt.subplots(2, 1, figsize=(9, 7), sharex=True, gridspec_kw={"height_ratios": [2, 1]})
    positions = max(len(data.labels), max((b.end + 1 for b in data.bars), default=1))
    base = data.base_bytes / _MIB
    if data.base_bytes:
        bars_ax.bar(-0.5, base, width=positions, bottom=0, align="edge", color="#bbbbbb", alpha=0.6, edgecolor="#666",
                    label=data.base_label)
    for index, (bar, offset) in enumerate(_stack(data)):
        name = (bar.label or bar.id) + (" (undecided guard)" if bar.may else "")
        bars_ax.bar(bar.start - 0.4, bar.bytes / _MIB, width=bar.end - bar.start + 0.8, bottom=base + offset / _MIB,
                    align="edge", color=_COLOURS[index % len(_COLOURS)], alpha=0.4 if bar.may else 0.8,
                    edgecolor="black", linestyle="--" if bar.may else "-", label=f"{name}, {human_bytes(bar.bytes)}")
    bars_ax.axhline(data.peak_bytes / _MIB, color="#c00", linestyle="--", label=f"NPU peak {human_bytes(data.peak_bytes)}")
    if data.gpu_bytes is not None:
        bars_ax.axhline(data.gpu_bytes / _MIB, color="#06c", linestyle=":",
                        label=f"GPU reference ({data.gpu_label}) {human_bytes(data.gpu_bytes)}")
    bars_ax.set_ylabel("MiB")
    bars_ax.set_title("\n".join(_wrapped(data.title, 80)), fontsize="medium")
    bars_ax.legend(fontsize="small", loc="upper left", bbox_to_anchor=(1.01, 1.0))
    if data.curve:
        curve_ax.step([p for p, _ in data.curve], [(data.base_bytes + v) / _MIB for _, v in data.curve], where="mid",
                      color="black")
    curve_ax.set_ylabel("live MiB")
    curve_ax.set_ylim(bottom=0)
    curve_ax.set_xticks(range(len(data.labels)))
    curve_ax.set_xticklabels(data.labels, rotation=35, ha="right", fontsize="small")
    figure.tight_layout()
    buffer = io.BytesIO()
    figure.savefig(buffer, format="png", dpi=80, metadata={"Software": None}, bbox_inches="tight")
    plt.close(figure)
    return buffer.getvalue()
