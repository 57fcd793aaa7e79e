"""Lifetime charts and the memory report renderers."""

from __future__ import annotations

import re

from hypothesis import given
from hypothesis import strategies as st

from op_migrate.reports.memory_chart import Bar, ChartData, _stack, lifetime_png, lifetime_svg
from op_migrate.reports.memory_report import case_rows, text_table

bars = st.lists(
    st.tuples(st.integers(0, 8), st.integers(0, 4), st.integers(0, 10_000), st.booleans()).map(
        lambda t: (t[0], t[0] + t[1], t[2], t[3])
    ),
    max_size=8,
)


def _data(items) -> ChartData:
    built = tuple(Bar(f"t{i}", start, end, size, may) for i, (start, end, size, may) in enumerate(items))
    return ChartData("chart", tuple(f"#{i}" for i in range(13)), built, ((0, 10), (1, 20)), 20, 1)


@given(bars)
def test_bars_live_at_the_same_time_never_overlap_vertically(items) -> None:
    placed = _stack(_data(items))
    for index, (bar, offset) in enumerate(placed):
        for other, other_offset in placed[index + 1:]:
            if bar.start <= other.end and other.start <= bar.end and bar.bytes and other.bytes:
                assert offset + bar.bytes <= other_offset or other_offset + other.bytes <= offset


def test_svg_names_each_storage_and_the_peak_and_dashes_the_undecided_one() -> None:
    svg = lifetime_svg(_data([(0, 2, 100, False), (1, 3, 50, True)]))
    assert "<svg" in svg and svg.rstrip().endswith("</svg>")
    assert ">t0, 100 B</text>" in svg and ">t1 (undecided guard), 50 B</text>" in svg
    assert "stroke-dasharray" in svg  # the may bar is dashed
    assert ">NPU peak 20 B (20 B)</text>" in svg
    assert lifetime_svg(_data([(0, 2, 100, False)])) == lifetime_svg(_data([(0, 2, 100, False)]))  # reproducible


def test_png_is_a_png() -> None:
    assert lifetime_png(_data([(0, 1, 10, False)])).startswith(b"\x89PNG\r\n\x1a\n")


def test_text_table_says_when_a_case_was_not_evaluated() -> None:
    documents = [{"case": "self=[1]:float16", "label": "", "evaluated": False}]
    assert case_rows(documents)[0]["peak"] == "not evaluated"
    lines = text_table("memory", documents).splitlines()
    assert lines[0] == "memory" and lines[3].startswith("self=[1]:float16  not evaluated")
