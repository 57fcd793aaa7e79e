"""Golden JSON and Markdown for every TBE fixture under tests/functional/tbe (regenerate: pytest --update-goldens)."""

from __future__ import annotations

from pathlib import Path

import pytest

from op_migrate.analyzers.tbe import analyse_bytes
from op_migrate.analyzers.tbe.operator import file_matrix
from op_migrate.reports import tbe_report
from op_migrate.reports.render import to_json_text

CASES = Path(__file__).resolve().parents[3] / "functional" / "tbe"
FIXTURES = sorted(CASES.glob("*.py"))


def _document(fixture: Path) -> dict:
    # A repository-relative path keeps the goldens independent of the checkout location.
    document = analyse_bytes(fixture.read_bytes(), f"tests/functional/tbe/{fixture.name}").to_json()
    matrix = file_matrix(document, None, None)
    if matrix is not None:
        document["capability"] = matrix.to_json()
    return document


@pytest.mark.parametrize("fixture", FIXTURES, ids=lambda p: p.stem)
def test_fixture_json(fixture: Path, golden) -> None:
    golden.check(to_json_text(_document(fixture)), CASES / f"{fixture.stem}.json")


@pytest.mark.parametrize("fixture", FIXTURES, ids=lambda p: p.stem)
def test_fixture_markdown(fixture: Path, golden) -> None:
    golden.check(tbe_report.op_markdown(_document(fixture)), CASES / f"{fixture.stem}.md")


def test_there_is_a_fixture_per_kind() -> None:
    statuses = {_document(f)["status"] for f in FIXTURES}
    assert statuses == {"analysed", "tik", "ascendc", "hand_ir", "not_operator", "failed"}
