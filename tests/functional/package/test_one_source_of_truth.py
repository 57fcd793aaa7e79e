"""One source of truth for every memory figure (issue 33, point 6): the original remainder chain at the seed case,
rendered by analyze (JSON, text, Markdown), the atlas, verify-route, the lifetime chart, and package-pr's manifest,
design document and PR text, gives one peak (entry tensors included, `npu_total_bytes`) and one extra (`peak_bytes`).
Before, the manifest called the total `peak_bytes` while analyze's JSON calls the extra so."""

from __future__ import annotations

import json
import subprocess
from pathlib import Path

import pytest
from click.testing import CliRunner

from op_migrate.analyzers.memory.units import human_bytes
from op_migrate.migrate import package_gates
from op_migrate.migrate.cli import main
from op_migrate.reports.design_doc import GateRow

TESTS = Path(__file__).resolve().parents[2]
REPO = TESTS.parent
TREE = TESTS / "functional" / "aclnn" / "ops_math"
BEFORE = TREE / "math" / "floor_mod" / "op_api"
ENTRY = "aclnnRemainderTensorTensorGetWorkspaceSize"
CASE = "self=[1024,1,64]:float16,other=[1,4096,64]:float16,out=[1024,4096,64]:float16"
SHAPES = ["--shape", "self=[1024,1,64]", "--shape", "other=[1,4096,64]", "--shape", "out=[1024,4096,64]"]


def _run(*args: str):
    return CliRunner().invoke(main, [*args])


@pytest.fixture(scope="module")
def analyzed() -> dict:
    result = _run("analyze", str(BEFORE / "aclnn_remainder.cpp"), "--repo-root", str(TREE), "--soc", "Ascend910B",
                  "--case", CASE, "--format", "json")
    document = json.loads(result.stdout)
    return next(route["memory"] for entry in document["entries"] if entry["name"] == ENTRY for route in entry["routes"])


def test_analyze_text_and_markdown_print_the_json_figures(analyzed: dict) -> None:
    total, extra = analyzed["npu_total_bytes"], analyzed["peak_bytes"]
    assert total == analyzed["params_bytes"] + extra and extra > 0
    for fmt in ("text", "md"):
        shown = _run("analyze", str(BEFORE / "aclnn_remainder.cpp"), "--repo-root", str(TREE), "--soc", "Ascend910B",
                     "--case", CASE, "--format", fmt).stdout
        assert human_bytes(total) in shown and human_bytes(extra) in shown, fmt


def test_the_atlas_and_verify_route_give_the_same_bytes(analyzed: dict, tmp_path: Path) -> None:
    out = tmp_path / "r.md"
    _run("analyze", str(BEFORE), "--repo-root", str(TREE), "--soc", "Ascend910B", "--dtype", "float16", *SHAPES,
         "--no-cache", "-o", str(out))
    rows = {row["entry"]: row for row in json.loads((tmp_path / "atlas.json").read_text())["answered"]}
    assert rows[ENTRY]["extra_bytes"] == analyzed["peak_bytes"]
    verdict = json.loads(_run("verify-route", str(BEFORE), "--repo-root", str(TREE), "--policy", "floor_mod-native",
                              "--format", "json").stdout)
    point = next(p for p in verdict["matrix"] if p["entry"] == ENTRY and p["facts"]["soc"] == "Ascend910B"
                 and p["facts"]["dtype"] == "float16" and p["facts"]["case"] == "broadcast-both")
    assert point["memory"]["npu_total_bytes"] == analyzed["npu_total_bytes"]
    assert point["memory"]["gpu_reference_bytes"] == analyzed["gpu_reference_bytes"]
    assert human_bytes(analyzed["npu_total_bytes"]) in point["memory"]["detail"]


def _target(root: Path) -> Path:
    """An ops-math stand-in with one commit."""
    repo = root / "ops-math"
    for folder in ("experimental/math", "cmake"):
        (repo / folder).mkdir(parents=True)
    (repo / "build.sh").write_text("#!/bin/bash\n")
    (repo / "cmake" / "func.cmake").write_text("# functions\n")
    subprocess.run(["git", "init", "-q", str(repo)], check=True)
    subprocess.run(["git", "-C", str(repo), "add", "-A"], check=True)
    subprocess.run(["git", "-C", str(repo), "-c", "user.name=t", "-c", "user.email=t@t", "commit", "-q", "-m", "i"],
                   check=True)
    return repo


def test_package_manifest_design_document_and_pr_text_give_the_same_figures(analyzed: dict, tmp_path: Path,
                                                                           monkeypatch: pytest.MonkeyPatch) -> None:
    # The op's own portable suite runs in the main test run; here its gate is fixed to keep this test short.
    monkeypatch.setattr(package_gates, "portable_tests_gate", lambda folder, root: GateRow("portable-tests", True, "x"))
    for role in ("AUTHOR", "COMMITTER"):
        monkeypatch.setenv(f"GIT_{role}_NAME", "t")
        monkeypatch.setenv(f"GIT_{role}_EMAIL", "t@t")
    patch, out = tmp_path / "p.patch", tmp_path / "out"
    result = _run("package-pr", "floor_mod", "--target", str(_target(tmp_path)), "--ops-dir", str(REPO / "ops"),
                  "--before", str(BEFORE), "--lang", "en", "--patch", str(patch), "-o", str(out), "--mkdir")
    assert result.exit_code == 0, result.output
    manifest = json.loads((out / "manifest.json").read_text(encoding="utf-8"))
    before = next(row for row in manifest["memory"]["rows"] if row["stage"] == "before" and not row["may"])
    for key in ("npu_total_bytes", "peak_bytes", "params_bytes", "gpu_reference_bytes", "gap"):
        assert before[key] == analyzed[key], key
    design = patch.read_text(encoding="utf-8").split("docs/design_en.md", 1)[1]
    total, extra = human_bytes(analyzed["npu_total_bytes"]), human_bytes(analyzed["peak_bytes"])
    assert f"| before | `{analyzed['formula']}` | {extra} | {total} |" in design
    pr = (out / "pr_description.md").read_text(encoding="utf-8")
    assert f"峰值 {total}（入口张量之外的额外内存 {extra}）" in pr


def test_two_runs_render_the_same_design_document(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    # Before: the design document quoted pytest's duration, so two runs differed.
    assert package_gates.portable_tests_row(True, "228 passed in 12.34s (0:00:12)").detail == "228 passed"
    assert package_gates.portable_tests_row(False, "1 failed, 3 passed in 1.00s").detail == "1 failed, 3 passed"
