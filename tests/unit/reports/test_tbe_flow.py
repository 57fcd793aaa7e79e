"""Mermaid flowcharts from flow trees: decisions get yes/no edges, loops a back edge, helpers a subroutine node."""

from __future__ import annotations

from op_migrate.reports.tbe_flow import build_chart, chart, compute_charts


def _edges(text: str) -> set[str]:
    return {line.strip() for line in text.splitlines() if "-->" in line}


def test_branch_and_join() -> None:
    items = [
        {"type": "branch", "guard": "dtype == 'int64'", "line": 3,
         "then": [{"type": "call", "id": 0, "line": 4, "label": "tbe.vmod(x, y)"}],
         "else": [{"type": "call", "id": 1, "line": 6, "label": "tbe.vdiv(x, y)"}]},
        {"type": "return", "line": 7, "label": "return res"},
    ]
    text = chart("op_compute", items)
    assert text.splitlines()[:3] == ["flowchart TD", '    N0(["op_compute"])', '    N1{"dtype == \'int64\'?"}']
    assert _edges(text) == {"N0 --> N1", "N1 -->|yes| N2", "N1 -->|no| N3", "N2 --> N4", "N3 --> N4"}


def test_loop_has_a_back_edge_and_a_done_exit() -> None:
    items = [
        {"type": "loop", "label": "for (a, b) in ins", "line": 2,
         "body": [{"type": "helper", "name": "op_compute", "line": 3, "label": "op_compute(a, b)"}]},
        {"type": "call", "id": 0, "line": 5, "label": "tbe.build(schedules, config)"},
    ]
    text = chart("entry", items)
    assert '    N2[["op_compute(a, b)"]]' in text
    assert _edges(text) == {"N0 --> N1", "N1 -->|each| N2", "N2 --> N1", "N1 -->|done| N3"}


def test_labels_are_quote_safe_and_shortened() -> None:
    label = 'tbe.vcmp(x, "eq", ' + "y" * 200 + ")"
    text = chart("f", [{"type": "call", "id": 0, "line": 1, "label": label}])
    line = text.splitlines()[2]
    assert "#quot;" in line and '"eq"' not in line and line.endswith('..."]')


def test_document_charts_pick_the_compute_first() -> None:
    document = {
        "entry": "op",
        "compute": ["op_compute"],
        "params": [{"name": "x"}],
        "registrations": [{"function": "op", "decorator": "register_operator", "op_name": "Op"}],
        "flow": {
            "roots": {"op": [{"type": "helper", "name": "op_compute", "line": 9, "label": "op_compute(x)"}]},
            "helpers": {"_inner": [], "op_compute": [{"type": "helper", "name": "_inner", "line": 4, "label": "_inner(x)"}]},
            "hooks": {},
        },
    }
    assert [c["name"] for c in compute_charts(document)] == ["op_compute", "_inner"]
    assert build_chart(document).splitlines()[1] == '    N0(["op(x) @register_operator(Op)"])'
