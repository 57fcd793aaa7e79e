"""Entry points are phase one of a two-phase API: `aclnnXxxGetWorkspaceSize`, and an `aclXxxGetWorkspaceSize` of
phase one's signature (ops-math's aclStftGetWorkspaceSize, aclRfft1DGetWorkspaceSize), not another acl function."""

from __future__ import annotations

from pathlib import Path

from op_migrate.analyzers.aclnn import analyze_chains

SOURCE = """
aclnnStatus aclStftGetWorkspaceSize(const aclTensor* self, aclTensor* out, int64_t nFft, uint64_t* workspaceSize,
                                    aclOpExecutor** executor)
{
    auto uniqueExecutor = CREATE_EXECUTOR();
    *workspaceSize = uniqueExecutor->GetWorkspaceSize();
    uniqueExecutor.ReleaseTo(executor);
    return ACLNN_SUCCESS;
}
aclnnStatus aclStft(void* workspace, uint64_t workspaceSize, aclOpExecutor* executor, aclrtStream stream)
{
    return ACLNN_SUCCESS;
}
uint64_t aclDemoGetWorkspaceSize(const aclTensor* self) { return 0; }
aclnnStatus aclnnAbsGetWorkspaceSize(const aclTensor* self, aclTensor* out, uint64_t* workspaceSize,
                                     aclOpExecutor** executor)
{
    return ACLNN_SUCCESS;
}
"""


def test_a_two_phase_acl_entry_is_an_entry_by_its_signature(tmp_path: Path) -> None:
    source = tmp_path / "acl_stft.cpp"
    source.write_text(SOURCE)
    report = analyze_chains([source], repo_root=tmp_path)
    assert [entry.name for entry in report.files[0].entries] == ["aclStftGetWorkspaceSize",
                                                                 "aclnnAbsGetWorkspaceSize"]
