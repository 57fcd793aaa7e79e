"""One entry point whose only launch sits under a condition: which launches a route keeps says how the walk read the
variables the condition tests (the writes tests of this package share it)."""

from __future__ import annotations

from pathlib import Path

from op_migrate.analyzers.aclnn import analyze_chains, evaluate, facts_matrix

ENTRY = """aclnnStatus aclnnDemoGetWorkspaceSize(const aclTensor* self, aclTensor* out, uint64_t* workspaceSize,
                                      aclOpExecutor** executor)
{{
    auto uniqueExecutor = CREATE_EXECUTOR();
    const aclTensor* result = self;
{prelude}
    if ({cond}) {{
        result = l0op::Abs(result, uniqueExecutor.get());
    }}
    *workspaceSize = 0;
    uniqueExecutor.ReleaseTo(executor);
    return ACLNN_SUCCESS;
}}
"""
CERTAIN, NONE, MAY = [("Abs", False)], [], [("Abs", True)]


def demo_report(tmp_path: Path, text: str):
    """The chains of `text` written as an op_api source of a repository at `tmp_path` (ops-math's layout)."""
    source = tmp_path / "math" / "demo" / "op_api" / "aclnn_demo.cpp"
    source.parent.mkdir(parents=True, exist_ok=True)
    (tmp_path / "conversion").mkdir(exist_ok=True)
    source.write_text(text)
    return analyze_chains([source], repo_root=tmp_path)


def branch_launches(tmp_path: Path, prelude: str, cond: str, helpers: str = "") -> list[tuple[str, bool]]:
    """(op, may) of each launch of the route on Ascend910B float16; the route must be complete and not rejected."""
    report = demo_report(tmp_path, helpers + ENTRY.format(prelude=prelude, cond=cond))
    (route,) = evaluate(report, facts=facts_matrix(["Ascend910B"], ["float16"])).routes
    assert route.complete and route.rejected is None
    return [(task.op, task.may) for task in route.tasks]
