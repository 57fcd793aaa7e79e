"""A pure helper's remembered walk (route/pure_memo.py): a route says the same whichever routes the process walked
before it (a directory run shares a file's entries out over its workers; each worker remembers its own)."""

from __future__ import annotations

from pathlib import Path

from op_migrate.analyzers.aclnn import analyze_chains, evaluate, facts_matrix
from op_migrate.analyzers.route import pure_memo, walk

HELPER = """static bool Ready(int64_t n)
{
    int64_t cores = static_cast<int64_t>(GetCurrentPlatformInfo().GetCubeCoreNum());
    CHECK_RET(cores > n, false);
    return true;
}
"""


SMALL = """static bool Small(int64_t n)
{
    int64_t k = 0;
    for (int64_t i = 0; i < 4; i++) {
        k += n;
    }
    return k < 6;
}
"""


def _entry(name: str, body: str) -> str:
    return (f"aclnnStatus aclnn{name}GetWorkspaceSize(const aclTensor* self, aclTensor* out, uint64_t* workspaceSize, "
            f"aclOpExecutor** executor)\n{{\n    auto uniqueExecutor = CREATE_EXECUTOR();\n{body}"
            "    return ACLNN_SUCCESS;\n}\n")


def _routes(tmp_path: Path, source: str, positions=None):
    path = tmp_path / "demo.cpp"
    path.write_text(source)
    report = analyze_chains([path], repo_root=tmp_path)
    return evaluate(report, facts=facts_matrix(["Ascend910B"], ["float16"]), positions=positions).routes


def _said(route) -> tuple:
    return route.open_checks, route.incomplete_reasons, route.audit, route.complete


def test_a_check_the_route_had_met_already_is_met_again_by_a_later_route(tmp_path: Path) -> None:
    # The first entry calls Ready(1) twice: the second walk meets an open check the route holds already. Remembered
    # without it, the second entry's Ready(1) would replay a walk that says nothing: its route would leave the check
    # out when walked after the first entry, and list it when walked alone (or in another worker).
    twice = """    if (Ready(1)) {
        l0op::Abs(self, uniqueExecutor.get());
    }
    if (Ready(1)) {
        l0op::Neg(self, uniqueExecutor.get());
    }
"""
    once = """    if (Ready(1)) {
        l0op::Abs(self, uniqueExecutor.get());
    }
"""
    source = HELPER + _entry("Twice", twice) + _entry("Once", once)
    pure_memo._MEMORY.clear()
    together = _routes(tmp_path, source)
    pure_memo._MEMORY.clear()
    (alone,) = _routes(tmp_path, source, positions=range(1, 2))
    assert [c.message for c in alone.open_checks] == ["CHECK_RET(cores > 1)"]
    assert _said(together[1]) == _said(alone)


def test_a_remembered_walk_spends_the_steps_it_took(tmp_path: Path, monkeypatch) -> None:
    # The step budget is the route's, whether a helper is walked or replayed: with a budget the second entry just
    # runs out of when walked alone (Small walked for 0, 1 and 2, then remembered), it runs out alike after the first
    # entry (every call remembered).
    body = "".join(f"    if (Small({n % 3})) {{\n        l0op::Abs(self, uniqueExecutor.get());\n    }}\n"
                   for n in range(12))
    source = SMALL + _entry("First", body) + _entry("Second", body)
    pure_memo._MEMORY.clear()
    (probe,) = _routes(tmp_path, source, positions=range(1, 2))
    assert probe.complete
    spent = walk.MAX_STEPS - _spent_left(tmp_path, source)
    monkeypatch.setattr(walk, "MAX_STEPS", spent - 5)
    pure_memo._MEMORY.clear()
    together = _routes(tmp_path, source)
    pure_memo._MEMORY.clear()
    (alone,) = _routes(tmp_path, source, positions=range(1, 2))
    assert not alone.complete
    assert "route-walk-budget" in [r.symbol for r in alone.incomplete_reasons]
    assert _said(together[1]) == _said(alone)


def _spent_left(tmp_path: Path, source: str) -> int:
    """The budget left after the second entry walked alone."""
    left = []
    original = walk.RouteWalk.run

    def run(self, unit, function):
        result = original(self, unit, function)
        left.append(self._budget)
        return result

    walk.RouteWalk.run = run
    try:
        pure_memo._MEMORY.clear()
        _routes(tmp_path, source, positions=range(1, 2))
    finally:
        walk.RouteWalk.run = original
    return left[-1]
