"""`migrate catalog build` and `--l0-catalog`/several `--repo-root` on two fixture repositories, one with a stub."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from click.testing import CliRunner

from op_migrate.migrate import exit_codes
from op_migrate.migrate.cli import main

REPOS = Path(__file__).resolve().parents[1] / "functional" / "aclnn" / "two_repos"
UPSTREAM, DOWNSTREAM = REPOS / "upstream", REPOS / "downstream"
CHAIN = DOWNSTREAM / "math/gadget/op_api/aclnn_gadget.cpp"


def _build(tmp_path: Path) -> Path:
    target = tmp_path / "upstream.l0.json"
    result = CliRunner().invoke(main, ["catalog", "build", str(UPSTREAM), "-o", str(target), "--no-progress"])
    assert result.exit_code == exit_codes.OK, result.output
    return target


def _tasks(*args: str) -> tuple[int, list[tuple[str, str, bool]], dict]:
    result = CliRunner().invoke(main, ["analyze", str(CHAIN), "--soc", "Ascend910B", "--format", "json", "--no-cache",
                                       "--no-progress", *args])
    document = json.loads(result.stdout)
    (route,) = document["entries"][0]["routes"]
    return result.exit_code, [(t["op"], t["launcher"], t["may"]) for t in route["tasks"]], route


def test_the_catalog_says_what_the_definition_launches_per_arch_and_dtype(tmp_path: Path) -> None:
    document = json.loads(_build(tmp_path).read_text(encoding="utf-8"))
    assert document["schema"] == "op-migrate/l0-catalog@1"
    (widget,) = document["ops"]  # the static IsAiCoreSupport helper is no op
    assert (widget["name"], widget["arity"], widget["effect"], widget["shape"], widget["dtype"], widget["reads"]) == (
        "Widget", 3, "alloc", "broadcast:0,1", "same:0", [0, 1])
    assert widget["definition"] == "math/widget/op_api/widget.cpp:20"
    assert [(launch["op"], launch["launcher"], launch["guards"]) for launch in widget["launches"]] == [
        ("Widget", "AI_CORE", ["IsAiCoreSupport(self)"]), ("Widget", "AI_CPU", ["!(IsAiCoreSupport(self))"])]
    rows = {(row["arch"], row["dtype"]): row["launches"] for row in widget["table"]}
    assert rows[("DAV_2201", "float16")] == ["0"] and rows[("DAV_2201", "float64")] == ["1"]


def test_a_stub_alone_leaves_the_route_incomplete() -> None:
    code, tasks, route = _tasks("--repo-root", str(DOWNSTREAM), "--dtype", "float16")
    assert code == exit_codes.INCOMPLETE
    assert not route["complete"] and tasks[0] == ("Widget", "UNKNOWN", False)
    (reason,) = route["incomplete_reasons"]
    assert reason["symbol"] == "l0-op-unresolved" and "only stand-ins define it" in reason["message"]
    assert "common/stub/op_api/widget_stub.cpp:3: under a stub/ folder" in reason["message"]


@pytest.mark.parametrize(("dtype", "launcher"), [("float16", "AI_CORE"), ("float64", "AI_CPU")])
def test_the_generated_catalog_resolves_what_the_stub_cannot(tmp_path: Path, dtype: str, launcher: str) -> None:
    code, tasks, route = _tasks("--repo-root", str(DOWNSTREAM), "--l0-catalog", str(_build(tmp_path)), "--dtype", dtype)
    assert code == exit_codes.OK and route["complete"] and route["decided"]
    assert tasks == [("Widget", launcher, False), ("Gadget", "AI_CORE", False)]
    assert route["steps"][0]["resolution"] == "generated-catalog"


def test_a_second_root_resolves_in_order_and_agrees_with_the_catalog(tmp_path: Path) -> None:
    code, tasks, route = _tasks("--repo-root", str(DOWNSTREAM), "--repo-root", str(UPSTREAM), "--dtype", "float64")
    assert code == exit_codes.OK and tasks == [("Widget", "AI_CPU", False), ("Gadget", "AI_CORE", False)]
    assert route["steps"][0]["resolution"] == "repo"
    assert route["steps"][0]["definition"].endswith("math/widget/op_api/widget.cpp:20")


@pytest.mark.parametrize("content", ['{"schema": "op-migrate/l0-catalog@1", "ops": [', '{"schema": "other@9", "ops": []}'])
def test_an_unusable_catalog_is_a_finding_and_the_run_goes_on(tmp_path: Path, content: str) -> None:
    broken = tmp_path / "broken.json"
    broken.write_text(content, encoding="utf-8")
    result = CliRunner().invoke(main, ["analyze", str(CHAIN), "--repo-root", str(DOWNSTREAM), "--repo-root",
                                       str(UPSTREAM), "--l0-catalog", str(broken), "--soc", "Ascend910B",
                                       "--dtype", "float16", "--no-cache", "--no-progress"])
    assert result.exit_code == exit_codes.FINDINGS, result.output
    assert "l0-catalog-unusable" in result.stdout and "[complete, decided]" in result.stdout
    assert "Traceback" not in result.output


def test_catalog_build_refuses_what_is_no_directory(tmp_path: Path) -> None:
    result = CliRunner().invoke(main, ["catalog", "build", str(tmp_path / "nowhere"), "-o", str(tmp_path / "c.json")])
    assert result.exit_code == exit_codes.USAGE
    assert "nowhere: not a directory" in result.output and not (tmp_path / "c.json").exists()


def test_two_roots_defining_one_op_differently_say_which_is_used(tmp_path: Path) -> None:
    import shutil

    other = tmp_path / "fork"
    shutil.copytree(UPSTREAM, other)
    source = other / "math/widget/op_api/widget.cpp"
    source.write_text(source.read_text(encoding="utf-8").replace("ADD_TO_LAUNCHER_LIST_AICPU(Widget",
                                                                 "ADD_TO_LAUNCHER_LIST_AICPU(WidgetV2"), encoding="utf-8")
    result = CliRunner().invoke(main, ["analyze", str(CHAIN), "--repo-root", str(DOWNSTREAM), "--repo-root",
                                       str(UPSTREAM), "--repo-root", str(other), "--soc", "Ascend910B", "--dtype",
                                       "float64", "--no-cache", "--no-progress"])
    assert result.exit_code == exit_codes.OK, result.output  # a note (info): the answer is whole
    assert ": info l0-op-conflict " in result.stdout and "[0] Widget  AI_CPU" in result.stdout  # the first root's body
