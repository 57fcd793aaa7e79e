"""`migrate analyze` on ACLNN C++ sources, in process: exact terminal output, exit codes, JSON fields, cache."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from click.testing import CliRunner

from op_migrate.migrate import exit_codes
from op_migrate.migrate.cli import main
from op_migrate.migrate.pipelines import aclnn_files

FIXTURES = Path(__file__).resolve().parents[1] / "functional" / "aclnn"
TREE = FIXTURES / "ops_math"
REMAINDER = TREE / "math/floor_mod/op_api/aclnn_remainder.cpp"
BERNOULLI = TREE / "random/dsa_gen_bit_mask/op_api/aclnn_bernoulli.cpp"


def invoke(*args: str):
    return CliRunner().invoke(main, ["analyze", *args])


def test_terminal_tree_for_one_route() -> None:
    result = invoke(str(BERNOULLI), "--soc", "Ascend910B", "--dtype", "bfloat16", "--shape", "self=[4,1000]",
                    "--shape", "out=[4,1000]", "--scalar", "prob=0.5")
    assert result.exit_code == exit_codes.OK, result.output
    first_entry = result.stdout.split("aclnnInplaceBernoulliGetWorkspaceSize")[0]
    assert first_entry == (
        "aclnnBernoulliGetWorkspaceSize  (random/dsa_gen_bit_mask/op_api/aclnn_bernoulli.cpp:56)\n"
        "└─ soc=Ascend910B arch=DAV_2201 dtype=bfloat16 self=[4,1000] out=[4,1000] prob=0.5  [complete, decided]\n"
        "   ├─ Contiguous(self)  helper, no launch: a view\n"
        "   ├─ DSAGenBitMask(bytes * BITS_PER_BYTE, seed, offset, keep)\n"
        "   │  └─ [0] DSAGenBitMask  DSA  aclnn_bernoulli.cpp:47\n"
        "   ├─ Fill(dimsTensor, one, dims)\n"
        "   │  └─ [1] Fill  AI_CORE  aclnn_bernoulli.cpp:50\n"
        "   ├─ DropoutDoMask(ones, mask, one)\n"
        "   │  └─ [2] DropoutDoMask  AI_CORE  aclnn_bernoulli.cpp:52\n"
        "   ├─ Cast(masked, out->GetDataType())\n"
        "   │  └─ [3] Cast  AI_CORE  aclnn_bernoulli.cpp:80\n"
        "   └─ ViewCopy(result, out)  helper, no launch: the result's storage becomes the output's\n"
    )
    # stderr says each route's outcome.
    assert result.stderr.splitlines()[0] == (
        "route aclnnBernoulliGetWorkspaceSize [soc=Ascend910B arch=DAV_2201 dtype=bfloat16 self=[4,1000] "
        "out=[4,1000] prob=0.5]: complete, decided")


def test_json_carries_the_fields_others_rely_on() -> None:
    result = invoke(str(REMAINDER), "--repo-root", str(TREE), "--soc", "Ascend910B", "--dtype", "float64",
                    "--format", "json")
    assert result.exit_code == exit_codes.OK, result.output
    document = json.loads(result.stdout)
    assert (document["schema"], document["kind"]) == ("op-migrate/aclnn@2", "aclnn")
    entry = document["entries"][0]
    route = entry["routes"][0]
    assert set(route) >= {"complete", "decided", "incomplete_reasons", "undecided_guards", "steps", "tasks",
                          "tensors", "events"}
    assert set(route["facts"]) >= {"soc", "arch", "dtypes", "shapes", "scalars"}
    assert set(route["tasks"][0]) >= {"op", "launcher", "via", "l0", "step", "file", "line", "may", "guards"}
    assert set(route["steps"][0]) >= {"op", "kind", "args", "tasks", "effect", "resolution", "definition"}
    assert set(route["tensors"][0]) >= {"id", "producer", "effect", "shape", "dtype"}
    assert {t["effect"] for t in route["tensors"]} <= {"param", "alloc", "view", "alias", "write"}
    assert document["unresolved"] == [] and isinstance(document["findings"], list)


def test_unresolved_calls_make_the_analysis_incomplete() -> None:
    result = invoke(str(FIXTURES / "bad" / "unresolved.cpp"))
    assert result.exit_code == exit_codes.USAGE
    assert "unresolved: l0op::MysteryKernel (3 args) at unresolved.cpp:7" in result.output


def test_parse_errors_are_findings_with_exit_1() -> None:
    result = invoke(str(FIXTURES / "bad" / "truncated.cpp"))
    assert result.exit_code == exit_codes.FINDINGS
    assert "truncated.cpp:2: warning cxx-parse-error " in result.output


def test_usage_errors_exit_2_without_traceback() -> None:
    for args, message in [
        (["--soc", "Ascend999"], "error: --soc Ascend999: unknown SoC (known: Ascend310P, "),
        (["--shape", "self=1,2"], "error: --shape self=1,2: shape 'self=1,2' is not NAME=[d0,d1,...]"),
        (["--dtype", "float7"], "error: --dtype float7: unknown dtype 'float7'"),
        (["--strided", "self=[1,x]"], "error: --strided self=[1,x]: strides 'self=[1,x]' are not NAME=[s0,s1,...]"),
        (["--offset", "self=-2"], "error: --offset self=-2: offset 'self=-2' is not NAME=a non-negative integer"),
        (["--strided", "selff=[1]"], "error: --strided selff=[1]: 'selff' is no parameter of any analysed entry point"),
        (["--storage-format", "self=NHCW"], "error: --storage-format self=NHCW: format 'self=NHCW' is not NAME=a ge::Format"),
        (["--absent", "self[0]"], "error: --absent self[0]: absent tensor 'self[0]' is not a parameter name"),
        (["--absent", "bias"], "error: --absent bias: 'bias' is no parameter of any analysed entry point"),
    ]:
        result = invoke(str(REMAINDER), *args)
        assert result.exit_code == exit_codes.USAGE, args
        assert message in result.output and "Traceback" not in result.output


@pytest.mark.parametrize("root", ["nowhere", "bad/truncated.cpp"])
def test_a_repo_root_that_is_not_a_folder_is_refused_at_once(root: str, tmp_path: Path) -> None:
    # Before: the run went on for seconds and said aclnn-repo-root-unusable only inside the report (issue 33, 2).
    out = tmp_path / "r.md"
    result = invoke(str(REMAINDER), "--repo-root", str(FIXTURES / root), "--repo-root", str(TREE),
                    "--soc", "Ascend910B", "--dtype", "float16", "-o", str(out))
    assert result.exit_code == exit_codes.USAGE, result.output
    assert result.stderr.startswith(f"error: --repo-root {FIXTURES / root}: ")
    assert result.stdout == "" and not out.exists()


def test_directory_mode_runs_in_parallel_and_reuses_its_cache(tmp_path: Path) -> None:
    args = [str(TREE), "-j", "2", "--no-progress", "--cache-dir", str(tmp_path / "cache"), "--format", "json"]
    cold = invoke(*args)
    assert cold.exit_code == exit_codes.OK, cold.output
    warm = invoke(*args)
    cold_doc, warm_doc = json.loads(cold.stdout), json.loads(warm.stdout)
    assert cold_doc["summary"]["cached_files"] == 0
    assert warm_doc["summary"]["cached_files"] == cold_doc["summary"]["files"] == 12
    cold_doc["summary"].pop("cached_files")
    warm_doc["summary"].pop("cached_files")
    assert cold_doc == warm_doc
    assert cold_doc["summary"]["entry_points"] == 8
    assert cold_doc["summary"]["l0_unresolved"] == 0
    assert cold_doc["summary"]["launches_per_kind"]["DSA"] >= 2


def test_a_directory_walked_in_shares_of_its_files_entries_says_what_one_worker_says(monkeypatch) -> None:
    # Every file defining several entries is shared out over the two workers (pipelines/aclnn_files.py): the
    # document is the one a single process gives, findings and unresolved calls included.
    monkeypatch.setattr(aclnn_files, "SHARE_FROM_BYTES", 0)
    assert aclnn_files.shares(REMAINDER, 2) == aclnn_files.shares(BERNOULLI, 2) == 2
    args = [str(TREE), "--no-progress", "--no-cache", "--format", "json", "--soc", "Ascend910B", "--dtype", "float16"]
    alone, shared = invoke(*args, "-j", "1"), invoke(*args, "-j", "2")
    assert alone.exit_code == shared.exit_code, shared.output
    assert json.loads(alone.stdout) == json.loads(shared.stdout)
    assert len(json.loads(shared.stdout)["entries"]) == 8


PRUNED_UNRESOLVED = """aclnnStatus aclnnPartGetWorkspaceSize(const aclTensor* self, aclTensor* out, uint64_t* workspaceSize,
                                       aclOpExecutor** executor)
{
    auto uniqueExecutor = CREATE_EXECUTOR();
    auto x = l0op::Contiguous(self, uniqueExecutor.get());
    if (self->GetDataType() == op::DataType::DT_COMPLEX64) {
        x = l0op::MysteryComplexKernel(x, uniqueExecutor.get());
    }
    l0op::ViewCopy(x, out, uniqueExecutor.get());
    return ACLNN_SUCCESS;
}
"""


@pytest.mark.parametrize("mode", ["file", "directory"])
def test_with_facts_only_the_requested_routes_decide_completeness(tmp_path: Path, mode) -> None:
    source = tmp_path / "op_api" / "aclnn_part.cpp"
    source.parent.mkdir()
    source.write_text(PRUNED_UNRESOLVED)
    target = str(source if mode == "file" else source.parent)
    pruned = invoke(target, "--repo-root", str(tmp_path), "--dtype", "float16", "--no-cache", "--no-progress",
                    "--format", "json")
    (entry,) = json.loads(pruned.stdout)["entries"]
    assert [r["complete"] for r in entry["routes"]] == [True]
    if mode == "file":  # directory mode walks only the routes asked for, not the fact-free chain
        assert not entry["chain"]["complete"]
    # The chain's unresolved call stays a reported warning (exit 1), but the run is not incomplete (exit 2).
    assert pruned.exit_code == exit_codes.FINDINGS, pruned.output
    kept = invoke(target, "--repo-root", str(tmp_path), "--dtype", "complex64", "--no-cache", "--no-progress")
    assert kept.exit_code == exit_codes.USAGE, kept.output
    assert invoke(target, "--repo-root", str(tmp_path), "--no-cache", "--no-progress").exit_code == exit_codes.USAGE


def test_directory_summary_in_markdown(tmp_path: Path) -> None:
    result = invoke(str(TREE), "--no-cache", "--no-progress", "--format", "md")
    assert result.exit_code == exit_codes.OK, result.output
    assert "| entry points | 8 |" in result.output
    assert "| unresolved | 0 |" in result.output


def _libclang_missing() -> str | None:
    try:
        from op_migrate.analyzers.cxx import clang_unit

        clang_unit.load_cindex()
    except Exception as error:  # any load failure means: skip, and say why
        return f"libclang cannot be loaded: {error}"
    return None


@pytest.mark.requires_libclang
@pytest.mark.skipif(_libclang_missing() is not None, reason=_libclang_missing() or "")
def test_precise_mode_decides_what_tree_sitter_keeps_as_may() -> None:
    project = Path(__file__).resolve().parents[1] / "functional" / "cxx" / "precise_project"
    common = [str(project / "src" / "aclnn_gadget.cpp"), "--repo-root", str(project), "--soc", "Ascend910B",
              "--dtype", "float16", "--shape", "self=[4,1]", "--shape", "other=[1,5]", "--shape", "out=[4,5]"]
    loose = invoke(*common)
    precise = invoke(*common, "-I", str(project / "include"))
    assert "[0] BroadcastTo  AI_CORE  aclnn_gadget.cpp:38  may: #if GADGET_BROADCAST_IN_HOST" in loose.output
    assert "BroadcastTo" not in precise.output
    assert "Gadget  AI_CORE  aclnn_gadget.cpp:41" in precise.output and loose.exit_code == precise.exit_code == 0


def test_directory_mode_writes_the_atlas_next_to_the_report(tmp_path: Path) -> None:
    report = tmp_path / "report.md"
    result = invoke(str(TREE), "--soc", "Ascend910B", "--dtype", "float16", "--no-cache", "--no-progress",
                    "--format", "md", "-o", str(report))
    assert result.exit_code == exit_codes.OK, result.output
    assert {p.name for p in tmp_path.iterdir()} == {"report.md", "atlas.md", "atlas.json", "atlas.svg"}
    assert (f"atlas: 8 entry routes (0 not answered, 0 no call for these facts), written to {tmp_path / 'atlas.md'}, "
            f"{tmp_path / 'atlas.json'} and {tmp_path / 'atlas.svg'}") in result.stderr
    without = invoke(str(TREE), "--soc", "Ascend910B", "--no-cache", "--no-progress")
    assert "atlas: 8 entry routes; give -o FILE to write atlas.md, atlas.json and atlas.svg beside it" in without.stderr


HEADER_HELPER = """static const aclTensor* Prepare(const aclTensor* x, aclOpExecutor* executor)
{{
    return l0op::{op}(x, executor);
}}
"""
HEADER_USER = """#include "demo_common.h"
aclnnStatus aclnnDemoGetWorkspaceSize(const aclTensor* self, aclTensor* out, uint64_t* workspaceSize,
                                      aclOpExecutor** executor)
{
    auto uniqueExecutor = CREATE_EXECUTOR();
    auto result = Prepare(self, uniqueExecutor.get());
    l0op::ViewCopy(result, out, uniqueExecutor.get());
    return ACLNN_SUCCESS;
}
"""


def test_a_changed_tool_reuses_no_cached_document(tmp_path: Path, monkeypatch) -> None:
    # Before: the cache namespace named a hand-bumped "aclnn-walk@5", so documents an older walk wrote (before a fix of
    # the route rules) were served as the answer of the new one.
    from op_migrate.migrate.pipelines import aclnn as pipeline

    args = [str(TREE), "--no-progress", "--cache-dir", str(tmp_path / "cache"), "--format", "json"]
    assert invoke(*args).exit_code == exit_codes.OK
    assert json.loads(invoke(*args).stdout)["summary"]["cached_files"] == 12
    monkeypatch.setattr(pipeline, "code_digest", lambda: "another-build")
    assert json.loads(invoke(*args).stdout)["summary"]["cached_files"] == 0


def test_a_cached_file_is_walked_again_when_a_header_it_includes_changes(tmp_path: Path) -> None:
    root = tmp_path / "repo"
    folder = root / "math" / "demo" / "op_api"
    folder.mkdir(parents=True)
    (root / "conversion").mkdir()
    (folder / "aclnn_demo.cpp").write_text(HEADER_USER)
    header = folder / "demo_common.h"
    args = [str(folder), str(folder), "--repo-root", str(root), "--soc", "Ascend910B", "--dtype", "float16",
            "--no-progress", "--cache-dir", str(tmp_path / "cache"), "--format", "json"]

    def launches():
        result = invoke(*args)
        assert result.exit_code == exit_codes.OK, result.output
        document = json.loads(result.stdout)
        (route,) = document["entries"][0]["routes"]
        return [task["op"] for task in route["tasks"]], document["summary"]["cached_files"]

    header.write_text(HEADER_HELPER.format(op="Abs"))
    assert launches() == (["Abs"], 0)
    assert launches() == (["Abs"], 1)
    header.write_text(HEADER_HELPER.format(op="ZerosLike"))  # the source file itself is unchanged
    assert launches() == (["ZerosLike"], 0)
