"""The atlas's condition text: guards split at the top level only, empty-tensor early returns left out."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

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


def _brute_peak(sets, guards, blocks) -> int:
    """The peak by its definition: every choice of the split guards, a storage kept when its guards agree."""
    from op_migrate.analyzers.atlas.rows import _literal

    literals = {m: dict(_literal(g) for g in gs) for m, gs in guards.items()}
    seen: dict[str, set[bool]] = {}
    for found in literals.values():
        for core, positive in found.items():
            seen.setdefault(core, set()).add(positive)
    split = sorted(core for core, values in seen.items() if len(values) == 2)
    best = 0
    for mask in range(1 << len(split)):
        chosen = {core: bool(mask >> i & 1) for i, core in enumerate(split)}
        for members in sets:
            best = max(best, sum(blocks.get(m, 0) for m in members
                                 if all(literals.get(m, {}).get(c, v) == v for c, v in chosen.items())))
    return best


@given(st.data())
@settings(max_examples=150, deadline=None)
def test_the_reachable_peak_is_the_peak_over_every_choice_of_the_split_guards(data) -> None:
    from types import SimpleNamespace

    from op_migrate.analyzers.atlas.rows import _reachable_peak

    cores = ["a", "b", "c", "x > 0", "self->IsEmpty()"]
    names = [f"t{i}" for i in range(data.draw(st.integers(1, 8)))]
    guards = {m: data.draw(st.lists(st.sampled_from(cores + [f"!({c})" for c in cores]), max_size=3)) for m in names}
    blocks = {m: data.draw(st.integers(0, 1 << 20)) for m in names}
    sets = data.draw(st.lists(st.lists(st.sampled_from(names), max_size=6), min_size=1, max_size=5))
    tensors = {m: SimpleNamespace(may=bool(guards[m]), guards=tuple(guards[m])) for m in names}
    memory = SimpleNamespace(table=SimpleNamespace(tensor_by_id=tensors),
                             sets_with_may=tuple((None, tuple(members)) for members in sets))
    peak, exact = _reachable_peak(memory, blocks)
    assert exact
    assert peak == _brute_peak(sets, {m: g for m, g in guards.items() if g}, blocks)


def test_a_row_survives_its_json_round_trip_whole() -> None:
    """Directory mode keeps rows as JSON in the cached per-file documents: every field comes back (the count of
    launches reading unnamed tensors was once dropped on the way, and the "may be more" went with it)."""
    from dataclasses import fields

    from op_migrate.analyzers.atlas import row_from_json
    from op_migrate.analyzers.atlas.rows import AtlasItem, AtlasRow

    item = AtlasItem("Cast", "AI_CORE", "Cast", "a.cpp:3", "self", 2.0, "always")
    row = AtlasRow("aclnnX", "a.cpp", 1, True, False, ("r",), (("AI_CORE", 1, 1),), (item,), (item,), "4·N", 2.0,
                   1.0, True, False, True, 4096, "", 3)
    assert all(getattr(row, f.name) != f.default for f in fields(row) if f.name != "rejected")  # nothing left default
    assert row_from_json(row.to_json()) == row
