"""unit_from_json is the exact inverse of CxxUnit.to_json (so a JSON cache loses nothing)."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from op_migrate.analyzers.cxx import parse_file, parse_source
from op_migrate.analyzers.cxx.unit_json import unit_from_json

INPUTS = sorted((Path(__file__).resolve().parents[3] / "functional" / "cxx" / "inputs").glob("*.cpp"))

SNIPPET = (
    b"#if defined(A)\nstatic const int X = 1;\n#endif\nOP_TYPE_REGISTER(W);\n"
    b"int F(int a) { switch (a) { case 1: return g(a ? 1 : 2); default: break; }\n"
    b"  try { h(); } catch (...) { k(); }\n  ) broken ;\n  return 0; }\n\xff"
)


@pytest.mark.parametrize("source", INPUTS, ids=[p.name for p in INPUTS])
def test_fixture_units_round_trip(source: Path) -> None:
    unit = parse_file(source)
    assert unit_from_json(json.loads(json.dumps(unit.to_json()))) == unit


def test_findings_preproc_and_toplevel_calls_round_trip() -> None:
    unit = parse_source(SNIPPET, "snippet.cpp")
    assert unit.findings and unit.globals[0].preproc and unit.toplevel_calls
    assert unit_from_json(json.loads(json.dumps(unit.to_json()))) == unit


def test_other_documents_are_refused() -> None:
    with pytest.raises(ValueError):
        unit_from_json({"schema": "op-migrate/aclnn@1"})


@settings(max_examples=60, deadline=None)
@given(st.integers(min_value=0, max_value=len(SNIPPET)))
def test_truncated_sources_round_trip(cut: int) -> None:
    unit = parse_source(SNIPPET[:cut], "cut.cpp")
    assert unit_from_json(json.loads(json.dumps(unit.to_json()))) == unit
