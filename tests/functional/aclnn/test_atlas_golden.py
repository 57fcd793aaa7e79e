"""The atlas of the fixture ops-math tree (directory mode with -o): Markdown and JSON goldens, and what they must say."""

from __future__ import annotations

import json
from pathlib import Path

from op_migrate.migrate.config import AnalyzeConfig
from op_migrate.migrate.pipelines import aclnn

HERE = Path(__file__).resolve().parent
TREE = HERE / "ops_math"
GOLDEN = HERE / "golden"


def _atlas(tmp_path: Path) -> dict[str, str]:
    config = AnalyzeConfig(inputs=(str(TREE),), fmt="json", use_cache=False, show_progress=False,
                           socs=("Ascend910B",), dtypes=("float16",), repo_roots=(TREE,),
                           output=tmp_path / "report.json")
    rendered = aclnn.run(config)
    return {name: data.decode("utf-8").replace(str(HERE), "<fixtures>") for name, data in rendered.files}


def test_atlas_goldens(golden, tmp_path: Path) -> None:
    files = _atlas(tmp_path)
    golden.check(files["atlas.md"], GOLDEN / "atlas.md")
    golden.check(files["atlas.json"], GOLDEN / "atlas.json")
    assert files["atlas.svg"].startswith("<svg") and "aclnnRemainderTensorTensorGetWorkspaceSize" in files["atlas.svg"]


def test_the_remainder_chain_costs_two_broadcasts_of_out_when_shapes_differ(tmp_path: Path) -> None:
    atlas = json.loads(_atlas(tmp_path)["atlas.json"])
    rows = {row["entry"]: row for row in atlas["answered"]}
    remainder = rows["aclnnRemainderTensorTensorGetWorkspaceSize"]
    broadcasts = [item for item in remainder["intermediates"] if item["op"] == "BroadcastTo"]
    assert sorted(item["of"] for item in broadcasts) == ["other", "self"]
    assert all(item["share"] == 1 for item in broadcasts)
    assert remainder["extra_outputs"] == 2
    # Answered rows come sorted by what a migration saves: no row below saves more memory than one above.
    extras = [row["extra_outputs"] or 0 for row in atlas["answered"]]
    assert extras == sorted(extras, reverse=True)
