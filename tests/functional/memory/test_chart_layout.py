"""The lifetime charts as a reader sees them (issue 33, point 8): no label overlaps another or is cut at an edge
(matplotlib's own text extents), y ticks on round values, the same legend and panels in the SVG as in the PNG.
Before: the NPU-peak and GPU-reference labels overlapped when equal, "#2 FloorMo" was cut at the right edge, x labels
repeated, y ticks read 384.2 / 768.3, and the SVG had neither the legend nor the live-memory panel."""

from __future__ import annotations

import json
import math
import re
from pathlib import Path

import pytest

from op_migrate.analyzers.route.route_json import route_from_json
from op_migrate.migrate.config import AnalyzeConfig
from op_migrate.migrate.pipelines.aclnn_memory import attach
from op_migrate.reports.memory_chart import Bar, ChartData, chart_data, lifetime_figure, lifetime_svg, x_labels

HERE = Path(__file__).resolve().parent
MIB = 1 << 20


def _seed_chart() -> ChartData:
    """The original remainder chain at the seed case, as `migrate analyze --case` draws it."""
    from op_migrate.analyzers.memory import evaluate, load_cases, plan

    route = route_from_json(json.loads((HERE / "routes" / "floor_mod_original.route.json").read_text()))
    case = load_cases(HERE / "cases" / "floor_mod.toml")[0]
    memory_plan = plan(route)
    return chart_data(memory_plan, evaluate(memory_plan, case, soc="Ascend910B"), f"{route.entry} — {case.text()}")


def _crowded() -> ChartData:
    """The hard cases at once: peak equal to the GPU reference, long and repeated labels, many positions."""
    labels = tuple(["ReFormat: x", "ReFormat: x", "#2 FloorModWithAVeryLongNameIndeedForTheAxis"]
                   + [f"#{i} Cast" for i in range(3, 40)])
    bars = tuple(Bar(f"t{i}", i, i + 3, (i + 1) * 3 * MIB + 12345, i % 3 == 0, f"tensor number {i}")
                 for i in range(0, 36, 4))
    curve = tuple((i, (i % 7) * 5 * MIB) for i in range(40))
    return ChartData("a chart " * 30, labels, bars, curve, 777 * MIB + 3, 12, base_bytes=100 * MIB + 7,
                     gpu_bytes=777 * MIB + 3)


CHARTS = {"seed": _seed_chart, "crowded": _crowded}


def _texts(figure):
    """(renderer, [(text, its extent in pixels)]) of every text the figure draws: titles, axis labels, legend entries
    and the tick labels of ticks inside the axes' view (matplotlib keeps, and does not draw, the others)."""
    from matplotlib.text import Text

    figure.canvas.draw()
    renderer = figure.canvas.get_renderer()
    ticks = set()
    drawn = []
    for axes in figure.axes:
        for axis, (low, high) in ((axes.xaxis, axes.get_xlim()), (axes.yaxis, axes.get_ylim())):
            for tick in axis.get_major_ticks():
                ticks.add(id(tick.label1))
                ticks.add(id(tick.label2))
                if min(low, high) - 1e-9 <= tick.get_loc() <= max(low, high) + 1e-9 and tick.label1.get_visible():
                    drawn.append(tick.label1)
    drawn += [t for t in figure.findobj(Text) if id(t) not in ticks and t.get_visible()]
    return renderer, [(t.get_text(), t.get_window_extent(renderer)) for t in drawn if t.get_text().strip()]


@pytest.mark.parametrize("name", sorted(CHARTS))
def test_no_label_overlaps_another_or_leaves_the_saved_area(name: str) -> None:
    import matplotlib.pyplot as plt

    figure = lifetime_figure(CHARTS[name]())
    renderer, texts = _texts(figure)
    saved = figure.get_tightbbox(renderer)  # what bbox_inches="tight" writes, in inches
    dpi = figure.dpi
    for label, box in texts:
        assert box.x0 >= saved.x0 * dpi - 1 and box.x1 <= saved.x1 * dpi + 1, f"{label!r} is cut"
        assert box.y0 >= saved.y0 * dpi - 1 and box.y1 <= saved.y1 * dpi + 1, f"{label!r} is cut"
    for index, (label, box) in enumerate(texts):
        for other, other_box in texts[index + 1:]:
            overlap = min(box.x1, other_box.x1) - max(box.x0, other_box.x0), \
                min(box.y1, other_box.y1) - max(box.y0, other_box.y0)
            assert min(overlap) <= 0.5, f"{label!r} overlaps {other!r}"
    plt.close(figure)


@pytest.mark.parametrize("name", sorted(CHARTS))
def test_y_ticks_are_round(name: str) -> None:
    import matplotlib.pyplot as plt

    figure = lifetime_figure(CHARTS[name]())
    figure.canvas.draw()
    for axis in figure.axes:
        low, high = axis.get_ylim()
        ticks = [t for t in axis.get_yticks() if low <= t <= high]
        assert len(ticks) >= 2
        step = ticks[1] - ticks[0]
        mantissa = step / 10 ** math.floor(math.log10(step))
        assert any(math.isclose(mantissa, m) for m in (1, 2, 2.5, 5)), ticks
        assert all(math.isclose(t / step, round(t / step), abs_tol=1e-9) for t in ticks), ticks
    plt.close(figure)


def test_x_labels_are_unique_and_cut_with_a_mark() -> None:
    shown = x_labels(_crowded().labels)
    assert len(set(shown)) == len(shown)
    assert shown[:2] == ["ReFormat: x", "ReFormat: x (2)"] and shown[2].endswith("…")


@pytest.mark.parametrize("name", sorted(CHARTS))
def test_the_svg_shows_the_pngs_legend_and_panels(name: str) -> None:
    import matplotlib.pyplot as plt

    data = CHARTS[name]()
    figure = lifetime_figure(data)  # what lifetime_png draws
    legend = [text.get_text() for text in figure.axes[0].get_legend().get_texts()]
    _, texts = _texts(figure)
    plt.close(figure)
    words = re.findall(r"<text\b[^>]*>(.*?)</text>", lifetime_svg(data), flags=re.S)
    from xml.sax.saxutils import unescape

    words = [unescape(word) for word in words]
    assert all(label in words for label in legend)
    assert "live MiB" in words and sorted(words) == sorted(line for label, _ in texts for line in label.split("\n"))


def test_no_chart_for_a_rejected_call_and_no_gap_in_the_numbers() -> None:
    from dataclasses import replace

    from op_migrate.analyzers.findings import Finding

    route = route_from_json(json.loads((HERE / "routes" / "floor_mod_original.route.json").read_text()))
    rejected = replace(route, rejected=Finding("route-facts-rejected", "fails for these facts"))
    config = AnalyzeConfig(inputs=("x.cpp",), cases_file=HERE / "cases" / "floor_mod.toml", socs=("Ascend910B",))
    attachment = attach(config, [route, rejected, route])
    assert sorted(name for name, _ in attachment.files) == ["memory_chart1.png", "memory_chart1.svg",
                                                            "memory_chart2.png", "memory_chart2.svg"]
    assert "memory: route 1 aclnnRemainderTensorTensorGetWorkspaceSize: not evaluated" in attachment.text
