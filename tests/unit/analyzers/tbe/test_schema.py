"""Every TBE JSON document, per file or per corpus, validates against analyzers/data/tbe.schema.json."""

from __future__ import annotations

import json
from pathlib import Path

import jsonschema
import pytest

from op_migrate.analyzers.catalog import data_path

CASES = Path(__file__).resolve().parents[3] / "functional" / "tbe"
SCHEMA = json.loads(data_path("tbe.schema.json").read_text(encoding="utf-8"))


@pytest.mark.parametrize("golden", sorted(CASES.glob("*.json")), ids=lambda p: p.stem)
def test_fixture_golden_is_valid(golden: Path) -> None:
    jsonschema.validate(json.loads(golden.read_text(encoding="utf-8")), SCHEMA)


def test_corpus_document_is_valid_and_the_schema_rejects_a_missing_field() -> None:
    files = [json.loads(p.read_text(encoding="utf-8")) for p in sorted(CASES.glob("*.json"))]
    files.append({"path": "x.py", "status": "failed", "reason": "internal error: ValueError: boom"})
    summary = {"analysed": 0, "not_operator": 0, "tik": 0, "ascendc": 0, "hand_ir": 0, "failed": 0, "total": 0}
    corpus = {"schema": "op-migrate/tbe@1", "kind": "tbe", "summary": summary, "files": files}
    jsonschema.validate(corpus, SCHEMA)
    broken = dict(files[0])
    del broken["dsl_calls"]
    with pytest.raises(jsonschema.ValidationError):
        jsonschema.validate(broken, SCHEMA)


@pytest.mark.parametrize("golden", sorted((CASES / "operators").glob("*.json")), ids=lambda p: p.stem)
def test_operator_golden_is_valid(golden: Path) -> None:
    document = json.loads(golden.read_text(encoding="utf-8"))
    jsonschema.validate(document, SCHEMA)
    broken = dict(document, capability={k: v for k, v in document["capability"].items() if k != "rows"})
    with pytest.raises(jsonschema.ValidationError):
        jsonschema.validate(broken, SCHEMA)
