"""Every cell of the README's exit-code table, per command and input kind, run in process."""

from __future__ import annotations

import dataclasses
import importlib
import json
from pathlib import Path

import pytest
from click.testing import CliRunner

from op_migrate.analyzers.policy.adapters import EngineUnavailable
from op_migrate.analyzers.policy.route_json import RouteFileSource
from op_migrate.migrate import exit_codes, package_evidence
from op_migrate.migrate.cli import main
from op_migrate.reports.design_doc import GateRow

TESTS = Path(__file__).resolve().parents[1]
TBE = TESTS / "functional" / "tbe"
ACLNN = TESTS / "functional" / "aclnn"
PYPTO = TESTS / "functional" / "pypto"
ROUTES = TESTS / "functional" / "verify" / "routes"
BERNOULLI = ACLNN / "ops_math" / "random" / "dsa_gen_bit_mask" / "op_api" / "aclnn_bernoulli.cpp"
REMAINDER = ACLNN / "ops_math" / "math" / "floor_mod" / "op_api" / "aclnn_remainder.cpp"
BERNOULLI_FACTS = ("--soc", "Ascend910B", "--dtype", "bfloat16", "--shape", "self=[4,1000]", "--shape", "out=[4,1000]",
                   "--scalar", "prob=0.5")

# (column, code, why, arguments); each row is one cell of the table in the README.
CELLS = [
    ("analyze TBE", 0, "complete, no finding that counts", ["analyze", "--no-cache", str(TBE / "reduce_all.py")]),
    ("analyze TBE", 1, "a warning finding", ["analyze", "--no-cache", str(TBE / "floor_mod_dynamic.py")]),
    ("analyze TBE", 1, "an input that failed", ["analyze", "--no-cache", str(TBE / "bad_syntax.py")]),
    ("analyze TBE", 2, "an option that does not apply", ["analyze", str(TBE / "gcd.py"), "--shape", "x=[1]"]),
    ("analyze TBE", 2, "an unknown SoC", ["analyze", str(TBE / "gcd.py"), "--soc", "Ascend999"]),
    ("analyze ACLNN", 0, "complete, decided", ["analyze", str(BERNOULLI), *BERNOULLI_FACTS]),
    ("analyze ACLNN", 0, "complete, undecided", ["analyze", str(BERNOULLI)]),
    ("analyze ACLNN", 1, "a warning finding", ["analyze", str(ACLNN / "bad" / "truncated.cpp")]),
    ("analyze ACLNN", 2, "incomplete", ["analyze", str(ACLNN / "bad" / "unresolved.cpp")]),
    ("analyze ACLNN", 2, "a name that is no parameter", ["analyze", str(BERNOULLI), "--shape", "selff=[4]"]),
    ("analyze ACLNN", 2, "shapes that do not broadcast",
     ["analyze", str(ACLNN / "facts" / "aclnn_mod_pair.cpp"), "--shape", "self=[3,4]", "--shape", "other=[5,4]"]),
    ("analyze ACLNN", 1, "shapes one of two entries cannot take",
     ["analyze", str(REMAINDER), "--repo-root", str(ACLNN / "ops_math"), "--soc", "Ascend910B", "--dtype", "float16",
      "--shape", "self=[1024,1,64]", "--shape", "other=[1,4096,64]", "--shape", "out=[1024,4096,64]"]),
    ("analyze PyPTO", 0, "complete, no finding", ["analyze", str(PYPTO / "views_valid.py")]),
    ("analyze PyPTO", 1, "an invalid view", ["analyze", str(PYPTO / "views_invalid.py")]),
    ("analyze PyPTO", 2, "an option that does not apply", ["analyze", str(PYPTO / "views_valid.py"), "--dtype", "float16"]),
    ("verify-route", 0, "every point passes", ["verify-route", str(ROUTES / "floor_mod_after.json"), "--policy", "floor_mod-native"]),
    ("verify-route", 1, "a violation", ["verify-route", str(ROUTES / "floor_mod_before.json"), "--policy", "floor_mod-native"]),
    ("verify-route", 2, "incomplete (entry not found)", ["verify-route", str(ROUTES / "floor_mod_after.json"), "--policy", "gcd-native"]),
    ("verify-route", 2, "an unknown policy", ["verify-route", str(ROUTES / "floor_mod_after.json"), "--policy", "no-such"]),
]


@pytest.fixture(autouse=True)
def quiet(monkeypatch: pytest.MonkeyPatch) -> None:
    for name in ("ASCEND_HOME_PATH", "ASCEND_INSTALL_PATH", "ASCEND_OPP_PATH"):
        monkeypatch.delenv(name, raising=False)
    # The route fixtures are about routes; the memory model's own exit codes are tested with it.
    verify_route = importlib.import_module("op_migrate.migrate.commands.verify_route")

    def unavailable():
        raise EngineUnavailable("memory model disabled in this test")

    monkeypatch.setattr(verify_route, "memory_source", unavailable)


@pytest.mark.parametrize("column, code, why, args", CELLS, ids=[f"{c[0]}-{c[1]}-{c[2]}" for c in CELLS])
def test_cell(column: str, code: int, why: str, args: list[str]) -> None:
    result = CliRunner().invoke(main, [*args, *(["--no-progress"] if args[0] == "analyze" else [])])
    assert result.exit_code == code, result.output
    assert "Traceback" not in result.output
    if code == exit_codes.USAGE and not why.startswith("incomplete"):
        assert result.stdout == "" and len(result.stderr.splitlines()) == 1, result.output  # one line, nothing else
    if why == "shapes one of two entries cannot take":
        # The out-of-place entry takes them; the in-place one cannot write the broadcast result into selfRef.
        assert "math/floor_mod/op_api/aclnn_remainder.cpp:85: warning facts-not-broadcastable " \
               "aclnnInplaceRemainderTensorTensorGetWorkspaceSize: its BroadcastTo at math/floor_mod/op_api/" \
               "aclnn_remainder.cpp:85 broadcasts other=[1,4096,64] to [1024,1,64] (the shape of its output x), but " \
               "these shapes do not broadcast" in result.stdout
        # ... and on stderr at once, with the route of that entry not called decided (issue 33, point 2).
        assert "warning: --shape other=[1,4096,64]: aclnnInplaceRemainderTensorTensorGetWorkspaceSize: its " \
               "BroadcastTo" in result.stderr
        assert "route aclnnInplaceRemainderTensorTensorGetWorkspaceSize [soc=Ascend910B arch=DAV_2201 " \
               "dtype=float16 self=[1024,1,64] other=[1,4096,64] out=[1024,4096,64]]: no valid call: the given " \
               "shapes do not broadcast here (facts-not-broadcastable)" in result.stderr
    if why == "shapes that do not broadcast":
        assert result.stderr.startswith("error: --shape self=[3,4], other=[5,4]: aclnnModPairGetWorkspaceSize "
                                        "broadcasts self=[3,4], other=[5,4] together"), result.stderr
        assert result.stderr.rstrip().endswith("; give shapes that broadcast"), result.stderr


@pytest.mark.parametrize("command", [
    ["analyze", str(TBE / "reduce_all.py")],
    ["analyze", str(BERNOULLI)],
    ["verify-route", str(ROUTES / "floor_mod_after.json"), "--policy", "floor_mod-native"],
])
def test_output_into_a_missing_folder_is_refused_unless_mkdir(tmp_path: Path, command: list[str]) -> None:
    target = tmp_path / "no" / "such" / "report.txt"
    refused = CliRunner().invoke(main, [*command, "-o", str(target)])
    assert refused.exit_code == exit_codes.USAGE and not (tmp_path / "no").exists()
    assert refused.stderr == f"error: -o {target}: the folder {target.parent} does not exist (create it, or pass --mkdir)\n"
    made = CliRunner().invoke(main, [*command, "-o", str(target), "--mkdir"])
    assert made.exit_code in (exit_codes.OK, exit_codes.FINDINGS) and target.is_file()


@pytest.fixture
def package_setup(tmp_path: Path, monkeypatch: pytest.MonkeyPatch):
    # The fixture op and target of the package-pr tests, loaded from their module (tests are not a package).
    from importlib.util import module_from_spec, spec_from_file_location

    spec = spec_from_file_location("package_pr_fixtures", Path(__file__).with_name("test_package_pr.py"))
    fixtures = module_from_spec(spec)
    spec.loader.exec_module(fixtures)
    monkeypatch.setattr(package_evidence, "policy_gate", lambda info, folder: GateRow("route-policy", True, "stubbed"))
    for role in ("AUTHOR", "COMMITTER"):
        monkeypatch.setenv(f"GIT_{role}_NAME", "op-migrate tests")
        monkeypatch.setenv(f"GIT_{role}_EMAIL", "tests@op-migrate.invalid")
    ops = tmp_path / "ops"
    fixtures.make_op(ops)
    return ops, fixtures.make_target(tmp_path)


@pytest.mark.parametrize("code, why", [(0, "branch written"), (1, "a gate failed"), (2, "refused: dirty target"),
                                       (2, "refused: missing -o folder")])
def test_package_pr_cells(package_setup, tmp_path: Path, code: int, why: str) -> None:
    ops, target = package_setup
    extra: list[str] = []
    if why == "a gate failed":
        (ops / "sample_op" / "op_kernel" / "sample_op.o").write_bytes(b"\0")
    elif why == "refused: dirty target":
        (target / "build.sh").write_text("#!/bin/bash\necho changed\n")
    elif why == "refused: missing -o folder":
        extra = ["-o", str(tmp_path / "no" / "such")]
    result = CliRunner().invoke(main, ["package-pr", "sample_op", "--target", str(target), "--ops-dir", str(ops), *extra])
    assert result.exit_code == code, result.output


class _PartialBefore:
    """The floor_mod "before" routes with every route marked incomplete: violations and incompleteness at once."""

    label = "partial-before"

    def __init__(self) -> None:
        self._source = RouteFileSource(ROUTES / "floor_mod_before.json")

    def route(self, entry, facts):
        route = self._source.route(entry, facts)
        return None if route is None else dataclasses.replace(route, complete=False)


def test_verify_route_incomplete_with_violations_exits_2_as_outcome_says(monkeypatch: pytest.MonkeyPatch) -> None:
    verify_route = importlib.import_module("op_migrate.migrate.commands.verify_route")
    monkeypatch.setattr(verify_route, "route_source", lambda *args, **kwargs: _PartialBefore())
    result = CliRunner().invoke(main, ["verify-route", str(ROUTES / "floor_mod_before.json"), "--policy",
                                       "floor_mod-native", "--format", "json"])
    verdict = json.loads(result.output)
    assert verdict["complete"] is False and verdict["violations"], verdict["matrix"]
    assert result.exit_code == exit_codes.outcome(incomplete=True, violations=True) == exit_codes.INCOMPLETE
