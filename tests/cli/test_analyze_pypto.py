"""`migrate analyze` on PyPTO kernels: exact listings and exit codes, in process."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from click.testing import CliRunner

from op_migrate.migrate import exit_codes
from op_migrate.migrate.cli import main

FIXTURES = Path(__file__).resolve().parents[1] / "functional" / "pypto"


@pytest.fixture
def in_fixtures(monkeypatch: pytest.MonkeyPatch) -> Path:
    # Relative paths keep the goldens machine-independent.
    monkeypatch.chdir(FIXTURES)
    return FIXTURES


@pytest.mark.parametrize(
    ("name", "code"),
    [("views_valid", exit_codes.OK), ("views_invalid", exit_codes.FINDINGS), ("views_runtime", exit_codes.FINDINGS),
     ("views_syntax_error", exit_codes.FINDINGS)],
)
def test_listing_matches_golden(name: str, code: int, in_fixtures: Path, golden) -> None:
    result = CliRunner().invoke(main, ["analyze", f"{name}.py"])
    assert result.exit_code == code, result.output
    golden.check(result.output, in_fixtures / "golden" / f"{name}.txt")


def test_markdown_and_json(in_fixtures: Path, golden) -> None:
    result = CliRunner().invoke(main, ["analyze", "--format", "md", "views_valid.py", "views_invalid.py"])
    assert result.exit_code == exit_codes.FINDINGS
    golden.check(result.output, in_fixtures / "golden" / "views.md")
    result = CliRunner().invoke(main, ["analyze", "--format", "json", "views_invalid.py"])
    document = json.loads(result.output)
    assert document["schema"] == "op-migrate/pypto-analysis@1"
    statuses = {v["name"]: (v["status"], v["problems"]) for v in document["files"][0]["views"]}
    assert statuses == {
        "rank_mismatch": ("invalid", ["pypto-stride-rank-mismatch"]),
        "too_big": ("invalid", ["pypto-view-exceeds-source"]),
        "subbyte": ("invalid", ["pypto-subbyte-inner-stride"]),
        "pitched": ("ok", []),
        "bad_merge": ("invalid", ["pypto-merged-dims-not-contiguous"]),
        "wrong_stride": ("invalid", ["pypto-view-stride-mismatch"]),
    }


def test_a_broken_file_does_not_stop_the_others(in_fixtures: Path) -> None:
    result = CliRunner().invoke(main, ["analyze", "--format", "json", "views_syntax_error.py", "views_valid.py"])
    files = json.loads(result.output)["files"]
    assert [f["findings"][0]["symbol"] for f in files[:1]] == ["pypto-unparsable"]
    assert len(files[1]["views"]) == 5
    assert result.exit_code == exit_codes.FINDINGS
