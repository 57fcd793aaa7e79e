"""Text and Markdown verify-route reports against golden files (regenerate with --update-goldens)."""

from __future__ import annotations

from pathlib import Path

import pytest

from op_migrate.analyzers.policy import evaluate, load_policy
from op_migrate.analyzers.policy.route_json import RouteFileSource
from op_migrate.reports.verify_report import render_markdown, render_text

VERIFY = Path(__file__).resolve().parents[2] / "functional" / "verify"


def _verdict(with_before: bool):
    after = RouteFileSource(VERIFY / "routes" / "floor_mod_after.json")
    after.label = "routes/floor_mod_after.json"
    before = RouteFileSource(VERIFY / "routes" / "floor_mod_before.json")
    before.label = "routes/floor_mod_before.json"
    if with_before:
        return evaluate(load_policy("floor_mod-native"), after, before=before, memory_unavailable="no memory model")
    return evaluate(load_policy("floor_mod-native"), before, memory_unavailable="no memory model")


@pytest.mark.parametrize(("name", "with_before"), [("floor_mod_before", False), ("floor_mod_after_diff", True)])
def test_text_report(golden, name: str, with_before: bool) -> None:
    golden.check(render_text(_verdict(with_before)), VERIFY / "golden" / f"{name}.txt")


@pytest.mark.parametrize(("name", "with_before"), [("floor_mod_before", False), ("floor_mod_after_diff", True)])
def test_markdown_report(golden, name: str, with_before: bool) -> None:
    golden.check(render_markdown(_verdict(with_before)), VERIFY / "golden" / f"{name}.md")


def test_the_text_report_names_task_place_and_guards() -> None:
    text = render_text(_verdict(False))
    assert "FAIL (4)" in text and "\nmath/floor_mod/op_api/floor_mod.cpp:66: error no-aicpu-fallback " in text
    assert "guards: !IsAiCoreSupport(self)" in text
