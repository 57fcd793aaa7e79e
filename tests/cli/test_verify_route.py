"""`migrate verify-route` in process: exit codes 0/1/2, formats, -o, --before and --before-ref."""

from __future__ import annotations

import importlib
import json
import shutil
import subprocess
from pathlib import Path

import pytest
from click.testing import CliRunner

from op_migrate.analyzers.policy.adapters import EngineUnavailable
from op_migrate.migrate import exit_codes
from op_migrate.migrate.cli import main

verify_route = importlib.import_module("op_migrate.migrate.commands.verify_route")

ROUTES = Path(__file__).resolve().parents[1] / "functional" / "verify" / "routes"
BEFORE = str(ROUTES / "floor_mod_before.json")
AFTER = str(ROUTES / "floor_mod_after.json")


@pytest.fixture(autouse=True)
def no_memory_model(request, monkeypatch):
    """The route fixtures are about routes; the memory model's own numbers are tested by its engineer."""
    if request.node.name == "test_the_memory_model_runs_when_available":
        return

    def unavailable():
        raise EngineUnavailable("memory model disabled in this test")

    monkeypatch.setattr(verify_route, "memory_source", unavailable)


def invoke(*args: str):
    return CliRunner().invoke(main, ["verify-route", *args])


def test_passing_routes_exit_0() -> None:
    result = invoke(AFTER, "--policy", "floor_mod-native")
    assert result.exit_code == exit_codes.OK, result.output
    assert result.output.splitlines()[1] == "points: 132 pass, 0 fail, 0 incomplete"


def test_violations_exit_1_with_task_place_and_guards() -> None:
    result = invoke(BEFORE, "--policy", "floor_mod-native")
    assert result.exit_code == exit_codes.FINDINGS
    assert "math/floor_mod/op_api/floor_mod.cpp:66: error no-aicpu-fallback FloorMod on AI_CPU is reachable" in result.output


def test_missing_entry_exits_2_never_a_silent_pass() -> None:
    result = invoke(AFTER, "--policy", "gcd-native")
    assert result.exit_code == exit_codes.USAGE
    # Said first and briefly: no matrix of 32 incomplete cells, the reason on the second line.
    assert result.output.splitlines()[1:] == [
        f"nothing was checked: none of the policy's entry points is in {AFTER} (aclnnGcdGetWorkspaceSize)",
        "points: 0 pass, 0 fail, 32 incomplete",
    ]


@pytest.mark.parametrize(
    "args",
    [
        ("--policy", "no-such-policy"),
        ("--policy", "floor_mod-native", "--format", "pdf"),
        ("--policy", "floor_mod-native", "--before", BEFORE, "--before-ref", "HEAD"),
        (),
    ],
)
def test_usage_errors_exit_2(args) -> None:
    assert invoke(AFTER, *args).exit_code == exit_codes.USAGE


def test_missing_path_is_a_usage_error() -> None:
    assert invoke("/no/such/op_api", "--policy", "floor_mod-native").exit_code == exit_codes.USAGE


def test_invalid_policy_file_lists_every_problem(tmp_path: Path) -> None:
    policy = tmp_path / "bad.toml"
    policy.write_text('[policy]\nname = "x"\nentries = ["e"]\ncolour = 1\n', encoding="utf-8")
    result = invoke(AFTER, "--policy", str(policy))
    assert result.exit_code == exit_codes.USAGE
    assert "policy.colour: unknown key" in result.output and "policy.routes: at least one" in result.output


def test_json_format_is_the_verify_document() -> None:
    result = invoke(BEFORE, "--policy", "floor_mod-native", "--format", "json")
    document = json.loads(result.output)
    assert result.exit_code == 1 and document["schema"] == "op-migrate/verify@1" and document["passed"] is False
    assert len(document["violations"]) == 154


def test_sarif_to_a_file(tmp_path: Path) -> None:
    target = tmp_path / "out" / "verify.sarif"
    result = invoke(BEFORE, "--policy", "floor_mod-native", "--format", "sarif", "-o", str(target), "--mkdir")
    assert result.exit_code == 1
    log = json.loads(target.read_text(encoding="utf-8"))
    # Before: the same result 36 times at one line and no partialFingerprints (issue 33, point 6).
    results = log["runs"][0]["results"]
    assert log["version"] == "2.1.0" and len(results) == 15
    assert all(result["partialFingerprints"]["opMigrateResult/v1"] for result in results)


def test_sarif_with_a_baseline_says_new_unchanged_and_absent(tmp_path: Path) -> None:
    baseline = tmp_path / "before.sarif"
    assert invoke(BEFORE, "--policy", "floor_mod-native", "--format", "sarif", "-o", str(baseline)).exit_code == 1
    log = json.loads(baseline.read_text(encoding="utf-8"))
    gone = log["runs"][0]["results"].pop(0)  # a result the baseline did not have: new now
    log["runs"][0]["results"].append({**gone, "partialFingerprints": {"opMigrateResult/v1": "0" * 32}})  # fixed since
    baseline.write_text(json.dumps(log), encoding="utf-8")
    result = invoke(BEFORE, "--policy", "floor_mod-native", "--format", "sarif", "--baseline", str(baseline))
    states = [r["baselineState"] for r in json.loads(result.stdout)["runs"][0]["results"]]
    assert states.count("new") == 1 and states.count("unchanged") == 14 and states[-1] == "absent"
    assert len(states) == 16
    refused = invoke(BEFORE, "--policy", "floor_mod-native", "--baseline", str(baseline))
    assert refused.exit_code == 2 and "add --format sarif" in refused.stderr


def test_before_diff_in_markdown() -> None:
    result = invoke(AFTER, "--policy", "floor_mod-native", "--before", BEFORE, "--format", "md")
    assert result.exit_code == 0
    assert "## Diff against before" in result.output
    assert "  - tasks removed: BroadcastTo@AI_CORE[output] x2" in result.output


@pytest.mark.skipif(shutil.which("git") is None, reason="git is not installed")
def test_before_ref_reads_the_path_at_a_git_revision(tmp_path: Path) -> None:
    repo = tmp_path / "repo"
    repo.mkdir()
    routes = repo / "routes.json"

    def git(*args: str) -> None:
        subprocess.run(["git", "-C", str(repo), *args], check=True, capture_output=True)

    git("init", "-q")
    routes.write_text(Path(BEFORE).read_text(encoding="utf-8"), encoding="utf-8")
    git("add", "routes.json")
    git("-c", "user.name=t", "-c", "user.email=t@example.com", "commit", "-q", "-m", "before")
    routes.write_text(Path(AFTER).read_text(encoding="utf-8"), encoding="utf-8")
    result = invoke(str(routes), "--policy", "floor_mod-native", "--before-ref", "HEAD", "--format", "json")
    assert result.exit_code == 0, result.output
    diff = json.loads(result.output)["diff"]
    assert len(diff) == 132 and diff[0]["launches"] == {"before": 4, "after": 2, "delta": -2}
    bad = invoke(str(routes), "--policy", "floor_mod-native", "--before-ref", "no-such-rev")
    assert bad.exit_code == exit_codes.USAGE and "--before-ref" in bad.output


def test_the_memory_model_runs_when_available() -> None:
    result = invoke(AFTER, "--policy", "floor_mod-native", "--format", "json")
    checks = [point["memory"] for point in json.loads(result.output)["matrix"]]
    judged = [check for check in checks if check is not None]
    assert len(judged) == 24 and checks.count(None) == 108  # rank-0 and scalar cases: not in [policy.memory]
    assert all(check["status"] in ("pass", "fail") and check["gap"] is not None for check in judged)
    assert all("predicted" in check["detail"] for check in judged)


def test_before_repo_root_is_used_for_the_before_side(monkeypatch, tmp_path: Path) -> None:
    seen = []

    def record(path, repo_roots, label, catalogs=()):
        seen.append((Path(path).name, repo_roots))
        return verify_route.RouteFileSource(Path(path))

    monkeypatch.setattr(verify_route, "route_source", record)
    result = invoke(AFTER, "--policy", "floor_mod-native", "--repo-root", str(tmp_path), "--before", BEFORE,
                    "--before-repo-root", str(ROUTES))
    assert result.exit_code == 0
    assert seen == [("floor_mod_before.json", (ROUTES,)), ("floor_mod_after.json", (tmp_path,))]


def test_a_point_whose_route_its_checks_reject_is_never_a_pass(tmp_path: Path) -> None:
    # A rejected route launches nothing (the call fails for its facts): no forbidden launch, and still no pass.
    document = json.loads(Path(AFTER).read_text())
    for item in document["routes"]:
        route = item["route"]
        route["tasks"], route["steps"], route["events"] = [], [], []
        route["rejected"] = {"symbol": "route-facts-rejected", "file": "aclnn_remainder.cpp", "line": 60,
                             "message": "aclnnRemainderTensorTensorGetWorkspaceSize fails for these facts: "
                                        "OP_CHECK_DTYPE_NOT_SUPPORT(out, LIST) (CheckDtypeValid, aclnn_remainder.cpp:60)"}
    rejected = tmp_path / "rejected.json"
    rejected.write_text(json.dumps(document))
    result = invoke(str(rejected), "--policy", "floor_mod-native")
    assert result.exit_code == exit_codes.USAGE, result.output
    assert result.output.splitlines()[1] == "points: 0 pass, 0 fail, 132 incomplete"
    assert "fails for these facts" in result.output
