"""The join of a helper's returns under undecided guards is left out where it would change nothing
(JumpWalk.returns_changed_nothing): routes are the same with the join always made, and it is left out only there."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from op_migrate.analyzers.aclnn import evaluate, facts_matrix
from op_migrate.analyzers.route import jumps
from op_migrate.analyzers.route.route_json import route_to_json

from .branch_probe import ENTRY, demo_report

_RANK = "    int64_t d = self->GetViewShape().GetDimNum();\n    int64_t k = 0;\n"
# Helpers returning early under `d == 2` (undecided: no shape given), then writing a caller's variable or not.
HELPERS = """static aclnnStatus Written(int64_t d, int64_t& out)
{
    if (d == 2) {
        return ACLNN_SUCCESS;
    }
    out = 3;
    return ACLNN_SUCCESS;
}
static aclnnStatus ReadOnly(int64_t d, int64_t& out)
{
    if (d == 2) {
        return ACLNN_SUCCESS;
    }
    if (out > 4) {
        return ACLNN_SUCCESS;
    }
    return ACLNN_SUCCESS;
}
static aclnnStatus SameValue(int64_t d, int64_t& out)
{
    if (d == 2) {
        return ACLNN_SUCCESS;
    }
    out = 0;
    return ACLNN_SUCCESS;
}
static void Half(int64_t d, float& g)
{
    if (d == 2) {
        return;
    }
    g = g * 1.0f;
}
"""
CALLS = {
    "written": ("    Written(d, k);", "k == 3"),
    "read-only": ("    ReadOnly(d, k);", "k == 0"),
    "same-value": ("    SameValue(d, k);", "k == 0"),
    "float": ("    float f = 0.5f;\n    Half(d, f);", "f > 0.25f"),
    "twice": ("    ReadOnly(d, k);\n    Written(d, k);\n    ReadOnly(d, k);", "k != 0"),
}


class _Joins:
    """Counts the joins made and left out."""

    def __init__(self, monkeypatch, forced: bool) -> None:
        self.left_out = 0
        original = jumps.JumpWalk.returns_changed_nothing

        def counted(walk, frame):
            nothing = False if forced else original(walk, frame)
            self.left_out += nothing
            return nothing

        monkeypatch.setattr(jumps.JumpWalk, "returns_changed_nothing", counted)


def _route(tmp_path: Path, name: str) -> str:
    prelude, cond = CALLS[name]
    report = demo_report(tmp_path, HELPERS + ENTRY.format(prelude=_RANK + prelude, cond=cond))
    (route,) = evaluate(report, facts=facts_matrix(["Ascend910B"], ["float16"])).routes
    return json.dumps(route_to_json(route), sort_keys=True)


@pytest.mark.parametrize("name", sorted(CALLS))
def test_routes_are_the_same_with_the_join_always_made(tmp_path: Path, monkeypatch, name: str) -> None:
    joins = _Joins(monkeypatch, forced=True)
    always = _route(tmp_path, name)
    assert joins.left_out == 0
    joins = _Joins(monkeypatch, forced=False)
    assert _route(tmp_path, name) == always


@pytest.mark.parametrize(("name", "left_out"), [("written", 0), ("read-only", 1), ("same-value", 1), ("float", 0),
                                                ("twice", 2)])
def test_the_join_is_left_out_only_where_nothing_was_written(tmp_path: Path, monkeypatch, name: str,
                                                             left_out: int) -> None:
    # A caller's variable written after a return is joined, unless with a value equal to the one it held at each
    # return (`out = 0` on a 0: the merge would keep it); a float is always joined (NaN), a single-precision one too;
    # a helper that only read is not.
    joins = _Joins(monkeypatch, forced=False)
    _route(tmp_path, name)
    assert joins.left_out == left_out
