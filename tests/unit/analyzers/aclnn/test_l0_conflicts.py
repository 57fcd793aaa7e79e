"""An op two roots define differently is a finding of the files whose chains or routes reach it, whichever files
the process analysed before (a directory run's workers each see their own share of the files)."""

from __future__ import annotations

import shutil
from pathlib import Path

from op_migrate.analyzers.aclnn import analyze_chains, evaluate, facts_matrix

REPOS = Path(__file__).resolve().parents[3] / "functional" / "aclnn" / "two_repos"
UPSTREAM, DOWNSTREAM = REPOS / "upstream", REPOS / "downstream"

PLAIN = """aclnnStatus aclnnPlainGetWorkspaceSize(const aclTensor* self, aclTensor* out, uint64_t* workspaceSize,
                                       aclOpExecutor** executor)
{
    auto uniqueExecutor = CREATE_EXECUTOR();
    auto result = l0op::Abs(self, uniqueExecutor.get());
    auto viewCopyResult = l0op::ViewCopy(result, out, uniqueExecutor.get());
    CHECK_RET(viewCopyResult != nullptr, ACLNN_ERR_INNER_NULLPTR);
    return ACLNN_SUCCESS;
}
"""


def _conflicts(report) -> list[str]:
    routed = evaluate(report, facts=facts_matrix(["Ascend910B"], ["float64"]))
    return [f.message for f in routed.findings if f.symbol == "l0-op-conflict"]


def test_a_conflict_is_said_by_the_files_that_reach_the_op_and_by_no_other(tmp_path: Path) -> None:
    downstream, fork = tmp_path / "downstream", tmp_path / "fork"
    shutil.copytree(DOWNSTREAM, downstream)
    shutil.copytree(UPSTREAM, fork)
    widget = fork / "math/widget/op_api/widget.cpp"
    widget.write_text(widget.read_text(encoding="utf-8").replace("ADD_TO_LAUNCHER_LIST_AICPU(Widget",
                                                                 "ADD_TO_LAUNCHER_LIST_AICPU(WidgetV2"),
                      encoding="utf-8")
    plain = downstream / "math/plain/op_api/aclnn_plain.cpp"
    plain.parent.mkdir(parents=True)
    plain.write_text(PLAIN, encoding="utf-8")
    roots = [downstream, UPSTREAM, fork]
    gadget = analyze_chains([downstream / "math/gadget/op_api/aclnn_gadget.cpp"], repo_roots=roots)
    alone = _conflicts(analyze_chains([plain], repo_roots=roots))
    (said,) = _conflicts(gadget)
    assert "l0op::Widget" in said and str(fork) in said
    assert alone == [] and _conflicts(analyze_chains([plain], repo_roots=roots)) == alone
    assert _conflicts(gadget) == [said]
