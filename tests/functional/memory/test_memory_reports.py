"""Golden memory reports (Markdown, JSON, SVG) for the hand-built fixture routes."""

from __future__ import annotations

import json
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
    golden.check(files["memory_chart1.svg"].decode("utf-8"), HERE / "golden" / f"{name}.svg")
    assert files["memory_chart1.png"].startswith(b"\x89PNG\r\n\x1a\n")


def test_seed_expectations_hold_in_the_reports() -> None:
    original = _attach("floor_mod_original", "floor_mod.toml").json_by_route[0]
    native = _attach("floor_mod_native", "floor_mod.toml").json_by_route[0]
    n, s = 1024 * 4096 * 64, 2
    assert original["logical_peak_bytes"] == 3 * n * s  # two broadcasts + FloorMod's private result
    assert original["gap"] > 0.05 and native["gap"] < 0.05
    mask = _attach("bernoulli_mask", "bernoulli.toml").json_by_route[0]
    assert next(t for t in mask["tensors"] if t["id"] == "maskView")["counted_bytes"] == 0
