"""Case texts and case files."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from op_migrate.analyzers.memory.case import CaseError, broadcast_shape, dtype_bytes, load_cases, parse_case


def test_parse_case_reads_shapes_and_dtypes() -> None:
    case = parse_case("self=[1024,1,64]:float16,other=[1,4096,64]:fp16,out=[1024,4096,64]:DT_FLOAT16")
    assert [(t.name, t.shape, t.dtype) for t in case.tensors] == [
        ("self", (1024, 1, 64), "float16"),
        ("other", (1, 4096, 64), "float16"),
        ("out", (1024, 4096, 64), "float16"),
    ]
    assert case.get("other").count == 4096 * 64
    assert parse_case("x=[]:int32").get("x").count == 1


@pytest.mark.parametrize(
    ("text", "fragment"),
    [
        ("self=[1,2", r"expected NAME=\[dims\]"),
        ("self=[1,a]:float16", "not a non-negative integer"),
        ("self=[1]:float17", "unknown dtype"),
        ("self=[1]:float16;other=[1]", "expected ','"),
        ("self=[1],self=[2]", "given twice"),
        ("", "empty case"),
    ],
)
def test_bad_case_texts_say_why(text: str, fragment: str) -> None:
    with pytest.raises(CaseError, match=fragment):
        parse_case(text)


def test_load_cases_from_toml_and_json(tmp_path: Path) -> None:
    toml = tmp_path / "cases.toml"
    toml.write_text('[[case]]\nlabel = "big"\ntext = "self=[4,1]:float32,other=[1,4]:float32"\n', encoding="utf-8")
    assert [c.label for c in load_cases(toml)] == ["big"]
    listing = tmp_path / "cases.json"
    listing.write_text(json.dumps(["self=[2]:int32", {"label": "t", "tensors": {"self": {"shape": [3], "dtype": "int64"}}}]))
    loaded = load_cases(listing)
    assert loaded[0].get("self").dtype == "int32"
    assert loaded[1].label == "t" and loaded[1].get("self").shape == (3,)
    broken = tmp_path / "broken.json"
    broken.write_text("{not json")
    with pytest.raises(CaseError):
        load_cases(broken)


def test_broadcast_and_dtype_helpers() -> None:
    assert broadcast_shape((1024, 1, 64), (1, 4096, 64)) == (1024, 4096, 64)
    assert broadcast_shape((3,), (4,)) is None
    assert broadcast_shape((), (2, 3)) == (2, 3)
    assert dtype_bytes("bfloat16") == 2 and dtype_bytes("int4") is None and dtype_bytes("nonsense") is None
