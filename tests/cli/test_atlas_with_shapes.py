"""The atlas agrees with its own report when shapes are given (issue 33, point 1): before, the original remainder chain
was ranked last with "up to 0 × out … large intermediates: none" while the same run showed two output-sized
BroadcastTo allocations."""

from __future__ import annotations

import json
from pathlib import Path

from click.testing import CliRunner

from op_migrate.migrate.cli import main

ACLNN = Path(__file__).resolve().parents[1] / "functional" / "aclnn"
TREE = ACLNN / "ops_math"
OP_API = TREE / "math" / "floor_mod" / "op_api"
SHAPES = ["--shape", "self=[1024,1,64]", "--shape", "other=[1,4096,64]", "--shape", "out=[1024,4096,64]"]
CASE = "self=[1024,1,64]:float16,other=[1,4096,64]:float16,out=[1024,4096,64]:float16"


def _atlas(tmp_path: Path) -> dict:
    out = tmp_path / "r" / "r.md"
    result = CliRunner().invoke(main, ["analyze", str(OP_API), "--repo-root", str(TREE), "--soc", "Ascend910B",
                                       "--dtype", "float16", *SHAPES, "--format", "md", "-o", str(out), "--mkdir",
                                       "--no-cache"])
    assert "atlas: " in result.stderr, result.output
    return json.loads((out.parent / "atlas.json").read_text(encoding="utf-8"))


def test_at_the_given_shapes_the_two_broadcasts_are_counted_in_bytes_the_memory_model_gives(tmp_path: Path) -> None:
    atlas = _atlas(tmp_path)
    rows = {row["entry"]: row for row in atlas["answered"]}
    remainder = rows["aclnnRemainderTensorTensorGetWorkspaceSize"]
    assert remainder["given_shapes"] and remainder["extra_outputs"] == 2
    assert sorted(item["of"] for item in remainder["intermediates"] if item["op"] == "BroadcastTo") == ["other", "self"]
    assert atlas["answered"][0]["entry"] == "aclnnRemainderTensorTensorGetWorkspaceSize"  # the largest saving first
    # One source of truth: the same bytes as the memory model evaluated at that case by `migrate analyze --case`.
    result = CliRunner().invoke(main, ["analyze", str(OP_API / "aclnn_remainder.cpp"), "--repo-root", str(TREE),
                                       "--soc", "Ascend910B", "--case", CASE, "--format", "json"])
    document = json.loads(result.stdout)
    memory = next(route["memory"] for entry in document["entries"] for route in entry["routes"]
                  if entry["name"] == "aclnnRemainderTensorTensorGetWorkspaceSize")
    assert remainder["extra_bytes"] == memory["peak_bytes"] == 2 * (1024 * 4096 * 64 * 2 + 512)
    markdown = (tmp_path / "r" / "atlas.md").read_text(encoding="utf-8")
    assert "up to 2 × out (at least 2); 1024.0 MiB at the given shapes" in markdown


def test_an_entry_that_cannot_take_the_shapes_is_listed_apart_not_as_a_saving_of_0(tmp_path: Path) -> None:
    atlas = _atlas(tmp_path)
    rejected = {row["entry"]: row for row in atlas["rejected"]}
    assert "aclnnInplaceRemainderTensorTensorGetWorkspaceSize" in rejected
    assert "do not broadcast" in rejected["aclnnInplaceRemainderTensorTensorGetWorkspaceSize"]["rejected"]
    assert "aclnnInplaceRemainderTensorTensorGetWorkspaceSize" not in {row["entry"] for row in atlas["answered"]}
    markdown = (tmp_path / "r" / "atlas.md").read_text(encoding="utf-8")
    assert "## No call for these facts (1)" in markdown
