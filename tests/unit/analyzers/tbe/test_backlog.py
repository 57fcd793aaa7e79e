"""The migration backlog: op types grouped from their files, sorted by what is left to do."""

from __future__ import annotations

from op_migrate.analyzers.tbe.backlog import backlog_rows, backlog_summary, group_by_op


def _doc(path: str, op_type: str, status: str, mappings=()) -> dict:
    return {"path": path, "op_type": op_type, "status": status, "mode": "dynamic", "findings": [], "mappings": list(mappings)}


def _mapping(name: str, direct: bool, ascend_c=("X",), category="compute") -> dict:
    return {"name": name, "category": category, "direct": direct, "ascend_c": list(ascend_c)}


def test_the_backlog_puts_hand_work_first_and_ascend_c_last() -> None:
    documents = [
        _doc("impl/dynamic/a.py", "A", "analysed", [_mapping("vadd", True)]),
        _doc("impl/a.py", "A", "analysed", [_mapping("vmod", False)]),
        _doc("impl/dynamic/b.py", "B", "analysed", [_mapping("vgcd", False, ()), _mapping("vsel", True)]),
        _doc("impl/dynamic/c.py", "C", "ascendc"),
        _doc("impl/dynamic/d.py", "D", "tik"),
        _doc("impl/util/e.py", None, "not_operator"),
    ]
    groups = group_by_op(documents)
    assert [role for role, _ in groups["A"]] == ["dynamic", "static"]
    rows = backlog_rows(groups, {})
    assert [r["op_type"] for r in rows] == ["D", "B", "A", "C"]
    assert rows[1]["dsl_no_direct"] == ["vgcd"]
    assert rows[2]["dsl_no_direct"] == []  # the dynamic file is the one reported
    summary = backlog_summary(rows)
    assert summary["kinds"] == {"hand IR": 0, "TIK": 1, "TBE DSL": 2, "Ascend C": 1}
    assert summary["ops_with_calls_without_direct_api"] == 1
