"""CxxUnit JSON of the fixture sources, compared with goldens (regenerate: pytest --update-goldens)."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from op_migrate.analyzers.cxx import parse_file

HERE = Path(__file__).resolve().parent
# The fixture inputs, and the precise-mode project's sources as tree-sitter reads them (both `#if` branches).
INPUTS = sorted((HERE / "inputs").glob("*.cpp")) + sorted((HERE / "precise_project" / "src").glob("*.cpp"))


@pytest.mark.parametrize("source", INPUTS, ids=[p.name for p in INPUTS])
def test_tree_sitter_unit_matches_golden(source: Path, golden) -> None:
    unit = parse_file(source)
    document = unit.to_json()
    document["path"] = source.name  # the checkout location must not leak into the golden
    text = json.dumps(document, indent=1, ensure_ascii=False) + "\n"
    golden.check(text, HERE / "golden" / f"{source.stem}.tree-sitter.json")


def test_fixtures_parse_without_findings() -> None:
    assert INPUTS
    for source in INPUTS:
        assert parse_file(source).findings == (), source.name
