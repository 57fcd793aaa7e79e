"""Golden memory reports (Markdown, JSON, the words of the SVG) for the hand-built fixture routes."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest

from op_migrate.analyzers.route.route_json import route_from_json
from op_migrate.migrate.config import AnalyzeConfig
from op_migrate.migrate.pipelines.aclnn_memory import attach

HERE = Path(__file__).resolve().parent
FIXTURES = [
    ("floor_mod_original", "floor_mod.toml"),
    ("floor_mod_native", "floor_mod.toml"),
    ("bernoulli_original", "bernoulli.toml"),
    ("bernoulli_mask", "bernoulli.toml"),
]


def svg_words(svg: str) -> str:
    """Every text of an SVG, one per line, in document order (XML escapes resolved)."""
    from xml.sax.saxutils import unescape

    return "".join(unescape(re.sub(r"<[^>]+>", "", text)) + "\n"
                   for text in re.findall(r"<text\b[^>]*>(.*?)</text>", svg, flags=re.S))


def _attach(name: str, cases: str):
    route = route_from_json(json.loads((HERE / "routes" / f"{name}.route.json").read_text(encoding="utf-8")))
    config = AnalyzeConfig(inputs=(f"{name}.cpp",), cases_file=HERE / "cases" / cases, socs=("Ascend910B",))
    return attach(config, [route])


@pytest.mark.parametrize(("name", "cases"), FIXTURES)
def test_memory_report_matches_golden(name: str, cases: str, golden) -> None:
    attachment = _attach(name, cases)
    golden.check(attachment.markdown, HERE / "golden" / f"{name}.md")
    golden.check(attachment.text, HERE / "golden" / f"{name}.txt")
    golden.check(json.dumps(attachment.json_by_route, indent=2, ensure_ascii=False) + "\n", HERE / "golden" / f"{name}.json")
    files = dict(attachment.files)
    # The SVG is matplotlib's drawing, whose coordinates move with its version: its words are the golden.
    golden.check(svg_words(files["memory_chart1.svg"].decode("utf-8")), HERE / "golden" / f"{name}.svg.txt")
    assert files["memory_chart1.png"].startswith(b"\x89PNG\r\n\x1a\n")


def test_seed_expectations_hold_in_the_reports() -> None:
    original = _attach("floor_mod_original", "floor_mod.toml").json_by_route[0]
    native = _attach("floor_mod_native", "floor_mod.toml").json_by_route[0]
    n, s = 1024 * 4096 * 64, 2
    assert original["logical_peak_bytes"] == 3 * n * s  # two broadcasts + FloorMod's private result
    assert original["gap"] > 0.05 and native["gap"] < 0.05
    mask = _attach("bernoulli_mask", "bernoulli.toml").json_by_route[0]
    assert next(t for t in mask["tensors"] if t["id"] == "maskView")["counted_bytes"] == 0
