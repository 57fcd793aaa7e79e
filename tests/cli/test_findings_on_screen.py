"""Findings are shown, not counted; problems with the user's own arguments reach stderr at once (issue 33, point 2)."""

from __future__ import annotations

from pathlib import Path

from click.testing import CliRunner

from op_migrate.migrate import exit_codes
from op_migrate.migrate.cli import main

TESTS = Path(__file__).resolve().parents[1]
TBE = TESTS / "functional" / "tbe"
ACLNN = TESTS / "functional" / "aclnn"
REMAINDER = ACLNN / "ops_math" / "math" / "floor_mod" / "op_api" / "aclnn_remainder.cpp"


def test_tbe_text_lists_each_finding_with_place_severity_and_symbol() -> None:
    path = TBE / "floor_mod_dynamic.py"
    result = CliRunner().invoke(main, ["analyze", "--no-cache", str(path)])
    assert result.exit_code == exit_codes.FINDINGS
    lines = result.stdout.splitlines()
    at = lines.index("findings: 2 (0 error, 1 warning, 1 info)")
    assert lines[at + 1].startswith(f"{path}:65: warning tbe-no-direct-ascend-c-api vsignbit has no direct Ascend C API")
    assert lines[at + 2] == (f"{path}:27: info tbe-aicpu-fallback check_supported hands the op to AI CPU when "
                             "input_dtype == 'float32' and mode == 'high_precision'")


def test_a_tbe_corpus_lists_the_findings_of_every_file() -> None:
    result = CliRunner().invoke(main, ["analyze", "--no-cache", "--no-progress", str(TBE / "floor_mod_dynamic.py"),
                                       str(TBE / "bad_syntax.py")])
    assert f"{TBE / 'floor_mod_dynamic.py'}:65: warning tbe-no-direct-ascend-c-api " in result.stdout
    assert f"{TBE / 'bad_syntax.py'}:" in result.stdout.split("findings:", 1)[1]


def test_shapes_one_entry_cannot_take_are_said_on_stderr_before_the_report(tmp_path: Path) -> None:
    out = tmp_path / "r.md"
    result = CliRunner().invoke(main, ["analyze", str(REMAINDER), "--repo-root", str(ACLNN / "ops_math"), "--soc",
                                       "Ascend910B", "--dtype", "float16", "--shape", "self=[1024,1,64]", "--shape",
                                       "other=[1,4096,64]", "--shape", "out=[1024,4096,64]", "-o", str(out)])
    assert result.exit_code == exit_codes.FINDINGS
    stderr = result.stderr.splitlines()
    warned = next(i for i, line in enumerate(stderr) if line.startswith("warning: --shape other=[1,4096,64]: "
                                                                         "aclnnInplaceRemainderTensorTensor"))
    assert warned < next(i for i, line in enumerate(stderr) if line.startswith("wrote "))
    assert not any("InplaceRemainderTensorTensor" in line and "complete, decided" in line for line in stderr)


def test_a_missing_l0_catalog_and_cann_root_are_refused_at_once(tmp_path: Path) -> None:
    result = CliRunner().invoke(main, ["analyze", str(REMAINDER), "--l0-catalog", str(tmp_path / "none.json")])
    assert result.exit_code == exit_codes.USAGE
    assert result.stderr.startswith(f"error: --l0-catalog {tmp_path / 'none.json'}: no such file")
    result = CliRunner().invoke(main, ["analyze", "floor_mod", "--cann-root", str(tmp_path / "cann")])
    assert result.exit_code == exit_codes.USAGE
    assert result.stderr.startswith(f"error: --cann-root {tmp_path / 'cann'}: no such folder")


def test_verify_route_refuses_a_repo_root_that_is_a_file() -> None:
    result = CliRunner().invoke(main, ["verify-route", str(REMAINDER), "--policy", "floor_mod-native", "--repo-root",
                                       str(REMAINDER)])
    assert result.exit_code == exit_codes.USAGE
    assert result.stderr == f"error: --repo-root {REMAINDER}: is a file, not a folder; give the folder of a " \
                            "repository (an ops-math checkout)\n"
