"""The atlas's condition text: guards split at the top level only, empty-tensor early returns left out."""

from __future__ import annotations

from op_migrate.analyzers.atlas.rows import _conjuncts, _guard_text


def test_conjuncts_split_at_the_top_level_only() -> None:
    assert _conjuncts("a && (b && c) && f(x && y)") == ["a", "(b && c)", "f(x && y)"]
    assert _conjuncts("!(input != nullptr && !(r->GetDimNum() == 0))") == ["!(input != nullptr && !(r->GetDimNum() == 0))"]


def test_empty_tensor_early_returns_are_left_out_and_the_rest_kept_whole() -> None:
    guards = ("!(self->IsEmpty() || other->IsEmpty()) && x->GetViewShape() != out->GetViewShape()", "!(out->IsEmpty())")
    assert _guard_text(guards) == "x->GetViewShape() != out->GetViewShape()"
    assert _guard_text(("!(input != nullptr && !(r->IsEmpty()))",)) == "!(input != nullptr && !(r->IsEmpty()))"


def test_an_incomplete_route_is_no_answer_and_never_a_saving_of_zero() -> None:
    from pathlib import Path

    from op_migrate.analyzers.aclnn import analyze_chains, evaluate
    from op_migrate.analyzers.atlas import atlas_row, build_atlas
    from op_migrate.analyzers.route.facts import facts_matrix

    bad = Path(__file__).resolve().parents[3] / "functional" / "aclnn" / "bad" / "unresolved.cpp"
    report = analyze_chains([bad], repo_roots=[bad.parent])
    routes = evaluate(report, facts=facts_matrix(["Ascend910B"], ["float16"])).routes
    rows = [atlas_row(route, "unresolved.cpp", 1) for route in routes]
    atlas = build_atlas(rows, ["soc=Ascend910B"])
    assert atlas.answered == () and len(atlas.unanswered) == len(rows) >= 1
    (row, *_) = atlas.unanswered
    assert row.extra_outputs is None and row.reasons and row.reasons[0].startswith("l0-op-unresolved")
