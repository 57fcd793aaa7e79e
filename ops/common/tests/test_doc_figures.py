"""The operators' README.md and design facts state the memory report's own figures (ops/common/doc_figures.py)."""

from __future__ import annotations

import importlib.util
import sys
from pathlib import Path

import pytest

from op_migrate.ops.common import doc_figures

OPS = Path(__file__).resolve().parents[2]
# The operators whose documents mark figures, and the generator that computes them from the committed report.
GENERATORS = {
    "bernoulli": ("bernoulli_memory_report.py", "REPORT_PATH"),
    "gcd": ("gcd_memory_report.py", "REPORT_PATH"),
    "reduce_all": ("reduce_all_memory_report.py", "REPORT"),
}


def _generator(op: str):
    script, _ = GENERATORS[op]
    folder = OPS / op / "tests" / "portable"
    sys.path.insert(0, str(folder))  # the generator imports its neighbours by name
    try:
        spec = importlib.util.spec_from_file_location(f"doc_figures_{op}_generator", folder / script)
        module = importlib.util.module_from_spec(spec)
        spec.loader.exec_module(module)
    finally:
        sys.path.remove(str(folder))
    return module


@pytest.mark.parametrize("op", sorted(GENERATORS))
def test_readme_and_design_facts_state_the_memory_reports_figures(op: str) -> None:
    """The report is held to the code by the operator's own 'memory report is current' test; this holds the prose."""
    generator = _generator(op)
    report = getattr(generator, GENERATORS[op][1]).read_text(encoding="utf-8")
    figures = generator.figures(report)
    stale = doc_figures.fill_files(generator.documents(), figures, write=False)
    script = f"ops/{op}/tests/portable/{GENERATORS[op][0]}"
    assert stale == [], f"{', '.join(map(str, stale))} state other figures than the report; regenerate: python {script}"


def test_bernoulli_states_one_extra_memory_everywhere() -> None:
    """The review point: README said 0, the design facts N·S; both now carry the report's seed-case figure."""
    generator = _generator("bernoulli")
    extra = generator.figures(generator.REPORT_PATH.read_text(encoding="utf-8"))["bernoulli.extra-after"]
    for path in generator.documents():
        text = path.read_text(encoding="utf-8")
        assert f"<!-- fig:bernoulli.extra-after -->{extra}<!-- /fig -->" in text, path


def test_fill_rewrites_a_stale_span_and_names_an_unknown_one() -> None:
    text = "peak <!-- fig:a.peak -->1 MiB<!-- /fig --> and <!-- fig:a.extra -->N·S<!-- /fig -->"
    filled = doc_figures.fill(text, {"a.peak": "2 MiB", "a.extra": "0"}, "README.md")
    assert filled == "peak <!-- fig:a.peak -->2 MiB<!-- /fig --> and <!-- fig:a.extra -->0<!-- /fig -->"
    with pytest.raises(doc_figures.FigureError, match="README.md: no figure named a.extra"):
        doc_figures.fill(text, {"a.peak": "2 MiB"}, "README.md")


def test_fill_files_reports_a_stale_document_and_a_figure_stated_nowhere(tmp_path: Path) -> None:
    readme = tmp_path / "README.md"
    readme.write_text("extra <!-- fig:a.extra -->N·S<!-- /fig -->\n", encoding="utf-8")
    assert doc_figures.fill_files([readme], {"a.extra": "0"}, write=False) == [readme]
    assert "N·S" in readme.read_text(encoding="utf-8")
    assert doc_figures.fill_files([readme], {"a.extra": "0"}, write=True) == [readme]
    assert doc_figures.fill_files([readme], {"a.extra": "0"}, write=False) == []
    with pytest.raises(doc_figures.FigureError, match="stated in no document: a.peak"):
        doc_figures.fill_files([readme], {"a.extra": "0", "a.peak": "1 MiB"}, write=False)


def test_table_rows_reads_the_table_under_a_heading() -> None:
    report = "# R\n\n## Summary\n\nintro\n\n| a | b |\n|---|---|\n| 1 | `x` |\n| 2 | y |\n\n| c |\n|---|\n| 3 |\n"
    assert doc_figures.table_rows(report, "## Summary") == [["1", "`x`"], ["2", "y"]]
