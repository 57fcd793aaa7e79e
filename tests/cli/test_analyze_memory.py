"""The memory attachment of `migrate analyze CHAIN.cpp --case/--cases`: case options, route/case matching, output."""

from __future__ import annotations

import importlib.util
import json
from pathlib import Path

import pytest
from click.testing import CliRunner

from op_migrate.analyzers.memory import compare
from op_migrate.analyzers.route.route_json import route_from_json
from op_migrate.migrate import exit_codes
from op_migrate.migrate.cli import main
from op_migrate.migrate.config import AnalyzeConfig
from op_migrate.migrate.errors import MigrateError
from op_migrate.migrate.pipelines.aclnn_memory import attach, cases_for, cases_from_config

ROUTES = Path(__file__).resolve().parents[1] / "functional" / "memory" / "routes"
SEED = "self=[1024,1,64]:float16,other=[1,4096,64]:float16,out=[1024,4096,64]:float16"
SMALL = "self=[16,1,8]:float16,other=[1,32,8]:float16,out=[16,32,8]:float16"


def _route(name: str):
    return route_from_json(json.loads((ROUTES / f"{name}.route.json").read_text(encoding="utf-8")))


def test_bad_case_text_is_a_usage_error() -> None:
    with pytest.raises(MigrateError) as caught:
        cases_from_config(AnalyzeConfig(inputs=("x.cpp",), cases=("self=[1,2:float16",)))
    assert caught.value.code == exit_codes.USAGE
    assert "--case/--cases" in str(caught.value)


def test_cases_file_and_case_texts_are_combined(tmp_path: Path) -> None:
    listing = tmp_path / "cases.json"
    listing.write_text(json.dumps([{"label": "small", "case": SMALL}]), encoding="utf-8")
    cases = cases_from_config(AnalyzeConfig(inputs=("x.cpp",), cases=(SEED,), cases_file=listing))
    assert [c.label for c in cases] == ["", "small"]


def test_a_route_walked_for_one_case_is_evaluated_at_that_case_only() -> None:
    cases = cases_from_config(AnalyzeConfig(inputs=("x.cpp",), cases=(SEED, SMALL)))
    assert [c.text() for c in cases_for(_route("floor_mod_walked_concrete"), cases)] == [SMALL]
    assert len(cases_for(_route("floor_mod_original"), cases)) == 2
    attachment = attach(AnalyzeConfig(inputs=("x.cpp",), cases=(SEED, SMALL)), [_route("floor_mod_walked_concrete")])
    skipped = [f for f in attachment.findings if f.symbol == "memory-cases-skipped"]
    assert len(skipped) == 1 and SEED in skipped[0].message


def test_a_case_the_route_was_not_walked_for_is_flagged() -> None:
    attachment = attach(AnalyzeConfig(inputs=("x.cpp",), cases=(SEED,)), [_route("floor_mod_walked_concrete")])
    assert "memory-case-differs-from-facts" in [f.symbol for f in attachment.findings]
    assert len(attachment.json_by_route[0]["cases"]) == 1


def test_attachment_holds_json_per_route_charts_and_a_summary() -> None:
    config = AnalyzeConfig(inputs=("x.cpp",), cases=(SEED, SMALL), socs=("Ascend910B",))
    attachment = attach(config, [_route("floor_mod_original"), _route("floor_mod_native")])
    assert attachment.markdown.startswith("## Memory summary")
    original, native = attachment.json_by_route[0], attachment.json_by_route[1]
    for key in ("formula", "peak_bytes", "upper_bound_bytes", "live_at_peak", "gpu_reference_bytes", "gap", "tasks", "traffic_bytes"):
        assert key in original
    assert [len(doc["cases"]) for doc in (original, native)] == [2, 2]
    assert sorted(name for name, _ in attachment.files) == ["memory_chart1.png", "memory_chart1.svg", "memory_chart2.png", "memory_chart2.svg"]
    assert "memory-gap-above-threshold" in [f.symbol for f in attachment.findings]
    diff = compare(original, native)
    assert diff["peak_bytes"]["after"] == 0 and diff["peak_bytes"]["ratio"] == 0.0
    assert diff["tasks"] == {"before": 4, "after": 1, "ratio": 0.25}
    assert diff["live_at_peak_removed"] == ["floorModOut", "otherBroadcast", "selfBroadcast"]


# The chain engineer's ops-math-like fixture tree (C++ written for the tests, in the idioms of ops-math).
CHAINS = Path(__file__).resolve().parents[1] / "functional" / "aclnn" / "ops_math"
FLOOR_MOD_SHAPES = ["--dtype", "float16", "--shape", "self=[1024,1,64]", "--shape", "other=[1,4096,64]", "--shape", "out=[1024,4096,64]"]


def _memory_documents(output: str) -> dict[str, dict]:
    found: dict[str, dict] = {}

    def walk(node, entry=None):
        if isinstance(node, dict):
            entry = node.get("entry", entry) if isinstance(node.get("entry"), str) else entry
            if isinstance(node.get("memory"), dict):
                found.setdefault(entry, node["memory"])
            for value in node.values():
                walk(value, entry)
        elif isinstance(node, list):
            for value in node:
                walk(value, entry)

    walk(json.loads(output))
    return found


def test_original_floor_mod_chain_has_two_output_sized_broadcasts() -> None:
    result = CliRunner().invoke(main, ["analyze", str(CHAINS / "math/floor_mod/op_api/aclnn_remainder.cpp"), "--soc", "Ascend910B",
                                       *FLOOR_MOD_SHAPES, "--case", SEED, "--format", "json", "--no-cache", "--no-progress"])
    assert result.exit_code in (exit_codes.OK, exit_codes.FINDINGS), result.output
    memory = _memory_documents(result.stdout)["aclnnRemainderTensorTensorGetWorkspaceSize"]
    # ViewCopy re-points FloorMod's result at `out` (contiguous, 910B): the broadcasts are the only extra storage.
    assert memory["formula"] == "I(N1≠N)·N·S + I(N2≠N)·N·S"
    broadcasts = [item for item in memory["live_at_peak"] if item["producer"] == "BroadcastTo"]
    assert len(broadcasts) == 2 and all(item["bytes"] >= 1024 * 4096 * 64 * 2 for item in broadcasts)
    assert memory["gap"] > 0.05


def test_bernoulli_mask_alias_costs_nothing() -> None:
    result = CliRunner().invoke(main, ["analyze", str(CHAINS / "experimental/random/bernoulli_mask/op_api/aclnn_bernoulli.cpp"),
                                       "--soc", "Ascend910B", "--dtype", "float16", "--shape", "self=[4096,4096]",
                                       "--shape", "out=[4096,4096]", "--scalar", "prob=0.5",
                                       "--case", "self=[4096,4096]:float16,out=[4096,4096]:float16",
                                       "--format", "json", "--no-cache", "--no-progress"])
    memory = _memory_documents(result.stdout)["aclnnBernoulliGetWorkspaceSize"]
    aliases = [t for t in memory["tensors"] if t["effect"] == "alias"]
    assert aliases and all(t["counted_bytes"] == 0 for t in aliases)
    assert memory["peak_bytes"] == 0


def test_a_case_alone_walks_the_routes_at_its_shapes() -> None:
    # Without --shape the case's own shapes and dtypes are the facts, so the shape guards are decided.
    result = CliRunner().invoke(main, ["analyze", str(CHAINS / "math/floor_mod/op_api"), "--soc", "Ascend910B",
                                       "--case", SEED, "--no-cache", "--no-progress"])
    assert "memory-guards-undecided-for-case" not in result.stdout
    assert "peak = entry tensors + I(N1≠N)·N·S + I(N2≠N)·N·S" in result.stdout


def test_routes_walked_per_case_give_each_case_its_own_decided_peak(tmp_path: Path) -> None:
    from op_migrate.analyzers.aclnn import analyze_chains, evaluate_routes
    from op_migrate.migrate.pipelines.aclnn_memory import case_facts

    listing = tmp_path / "cases.toml"
    listing.write_text(f'[[case]]\nlabel = "seed"\ntext = "{SEED}"\n\n[[case]]\nlabel = "no-broadcast"\n'
                       'text = "self=[64,64]:float16,other=[64,64]:float16,out=[64,64]:float16"\n', encoding="utf-8")
    config = AnalyzeConfig(inputs=("x.cpp",), cases_file=listing, socs=("Ascend910B",), scalars=("prob=0.5",))
    facts = case_facts(config)
    assert [dict(f.shapes)["self"] for f in facts] == [(1024, 1, 64), (64, 64)]
    report = analyze_chains([CHAINS / "math/floor_mod/op_api/aclnn_remainder.cpp"])
    routes = [r for r in evaluate_routes(report, facts=facts) if r.entry == "aclnnRemainderTensorTensorGetWorkspaceSize"]
    attachment = attach(config, routes)
    by_case = {doc["cases"][0]["label"]: doc["cases"][0] for doc in attachment.json_by_route.values() if doc["cases"]}
    n = 1024 * 4096 * 64
    assert by_case["seed"]["logical_peak_bytes"] == 2 * n * 2  # the two broadcasts; FloorMod writes into out
    assert by_case["no-broadcast"]["logical_peak_bytes"] == 0  # no BroadcastTo, and FloorMod writes into out
    assert "memory-guards-undecided-for-case" not in [f.symbol for f in attachment.findings]


OPS = Path(__file__).resolve().parents[2] / "ops"


def test_our_bernoulli_counts_like_with_like_in_both_entries() -> None:
    # The seed's case: both sides count the entry's own tensors; y_private is re-pointed at the output by ViewCopy
    # (said in the tensor's note), and the in-place entry reads the case written for self as selfRef's.
    result = CliRunner().invoke(main, ["analyze", str(OPS / "bernoulli/op_api/aclnn_bernoulli.cpp"), "--repo-root",
                                       str(OPS), "--soc", "Ascend910B", "--scalar", "prob=0.5",
                                       "--case", "self=[4096,1024]:float32,out=[4096,1024]:float32,"
                                       "prob=[4096,1024]:float32",
                                       "--format", "json", "--no-cache", "--no-progress"])
    assert result.exit_code == exit_codes.OK, result.output
    documents = _memory_documents(result.stdout)
    out_of_place, in_place = documents["aclnnBernoulliGetWorkspaceSize"], documents["aclnnInplaceBernoulliGetWorkspaceSize"]
    tensor = 4096 * 1024 * 4
    assert (out_of_place["npu_total_bytes"], out_of_place["gpu_reference_bytes"]) == (2 * tensor, 2 * tensor)
    assert (in_place["npu_total_bytes"], in_place["gpu_reference_bytes"]) == (tensor, tensor)
    # The Tensor-prob entries (ops-math's StatelessBernoulli chain) count the prob tensor on both sides.
    for entry, own in (("aclnnBernoulliTensorGetWorkspaceSize", 3 * tensor),
                       ("aclnnInplaceBernoulliTensorGetWorkspaceSize", 2 * tensor)):
        memory = documents[entry]
        assert (memory["npu_total_bytes"], memory["gpu_reference_bytes"], memory["peak_bytes"]) == (own, own, 0)
    assert abs(out_of_place["gap"]) < 0.05 and abs(in_place["gap"]) < 0.05
    notes = {t["name"]: t["note"] for t in out_of_place["plan"]["tensors"]}
    assert "ViewCopy(opOut, out)" in notes["opOut"] and "no memory beyond out" in notes["opOut"]
    # The mask is op::Shape({maskBytes}): sized from the walked facts, 1 bit per element in 128-bit blocks.
    assert "memory-unknown-size" not in result.stdout
