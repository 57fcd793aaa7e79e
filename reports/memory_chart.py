"""Lifetime charts of a memory evaluation: tensors as bars over program order (SVG by hand, PNG via matplotlib Agg)."""

from __future__ import annotations

import io
from dataclasses import dataclass

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
LABEL_CHARS = 32  # an x label longer than this is cut (with "…"); the title and legend keep the whole names


def _wrapped(title: str, width: int) -> list[str]:
    import textwrap

    return textwrap.wrap(title, width=width, break_on_hyphens=False) or [""]


def x_labels(labels: tuple[str, ...]) -> list[str]:
    """Program positions as the x axis shows them: cut to LABEL_CHARS, and a repeated one numbered ("ReFormat: x"
    twice reads "ReFormat: x" and "ReFormat: x (2)")."""
    shown, seen = [], {}
    for label in labels:
        cut = label if len(label) <= LABEL_CHARS else label[:LABEL_CHARS - 1].rstrip() + "…"
        seen[cut] = seen.get(cut, 0) + 1
        shown.append(cut if seen[cut] == 1 else f"{cut} ({seen[cut]})")
    return shown


def lifetime_figure(data: ChartData):
    """The one figure both files show (matplotlib, Agg): tensors stacked over program positions on the band of the
    entry's own tensors, the NPU peak and the GPU reference as lines, every name in one legend, and the live memory
    over time below. Labels are vertical and the figure grows with the positions, so none overlaps another; y ticks
    come from matplotlib's locator on round steps (1, 2, 2.5, 5 × 10^k MiB)."""
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt
    from matplotlib.ticker import MaxNLocator

    positions = max(len(data.labels), max((b.end + 1 for b in data.bars), default=1))
    width = max(9.0, 0.32 * positions + 4.0)
    figure, (bars_ax, curve_ax) = plt.subplots(2, 1, figsize=(width, 7.5), sharex=True,
                                               gridspec_kw={"height_ratios": [2, 1]})
    base = data.base_bytes / _MIB
    if data.base_bytes:
        bars_ax.bar(-0.5, base, width=positions, bottom=0, align="edge", color="#bbbbbb", alpha=0.6, edgecolor="#666",
                    label=f"{data.base_label}, {human_bytes(data.base_bytes)}")
    for index, (bar, offset) in enumerate(_stack(data)):
        name = (bar.label or bar.id) + (" (undecided guard)" if bar.may else "")
        bars_ax.bar(bar.start - 0.4, bar.bytes / _MIB, width=bar.end - bar.start + 0.8, bottom=base + offset / _MIB,
                    align="edge", color=_COLOURS[index % len(_COLOURS)], alpha=0.4 if bar.may else 0.8,
                    edgecolor="black", linestyle="--" if bar.may else "-", label=f"{name}, {human_bytes(bar.bytes)}")
    bars_ax.axhline(data.peak_bytes / _MIB, color="#c00", linestyle="--",
                    label=f"NPU peak {human_bytes(data.peak_bytes)} ({data.peak_bytes} B)")
    if data.gpu_bytes is not None:
        bars_ax.axhline(data.gpu_bytes / _MIB, color="#06c", linestyle=":",
                        label=f"GPU reference ({data.gpu_label}) {human_bytes(data.gpu_bytes)} ({data.gpu_bytes} B)")
    for axis in (bars_ax, curve_ax):
        axis.yaxis.set_major_locator(MaxNLocator(nbins=6, steps=[1, 2, 2.5, 5, 10]))
    bars_ax.set_ylabel("MiB")
    bars_ax.set_ylim(bottom=0)
    bars_ax.set_title("\n".join(_wrapped(data.title, 90)), fontsize="medium")
    bars_ax.legend(fontsize="small", loc="upper left", bbox_to_anchor=(1.01, 1.0))
    if data.curve:
        curve_ax.step([p for p, _ in data.curve], [(data.base_bytes + v) / _MIB for _, v in data.curve], where="mid",
                      color="black")
    curve_ax.set_ylabel("live MiB")
    curve_ax.set_ylim(bottom=0)
    curve_ax.set_xlim(-0.5, positions - 0.5)
    curve_ax.set_xticks(range(len(data.labels)))
    curve_ax.set_xticklabels(x_labels(data.labels), rotation=90, fontsize="small")
    figure.tight_layout()
    return figure


def _saved(data: ChartData, fmt: str) -> bytes:
    import matplotlib
    import matplotlib.pyplot as plt

    # Text stays text in the SVG; no date and fixed ids, so that two runs write the same bytes.
    with matplotlib.rc_context({"svg.fonttype": "none", "svg.hashsalt": "op-migrate"}):
        figure = lifetime_figure(data)
        buffer = io.BytesIO()
        metadata = {"Date": None} if fmt == "svg" else {"Software": None}
        # bbox_inches="tight": the saved area holds every label and the legend, so nothing is cut at an edge.
        figure.savefig(buffer, format=fmt, dpi=80, metadata=metadata, bbox_inches="tight")
        plt.close(figure)
    return buffer.getvalue()


def lifetime_svg(data: ChartData) -> str:
    """The lifetime chart as SVG: the same figure as the PNG (legend, live-memory panel and all)."""
    return _saved(data, "svg").decode("utf-8")


def lifetime_png(data: ChartData) -> bytes:
    """The lifetime chart as PNG (80 dpi)."""
    return _saved(data, "png")
