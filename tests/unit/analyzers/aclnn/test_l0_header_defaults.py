"""An L0 op whose trailing parameters have defaults only in its header (ops-nn gather_v2.h / gather_v2.cpp): a call
that leaves them out reaches the definition (it was `l0-op-unresolved ... defined in no repository root`)."""

from __future__ import annotations

from pathlib import Path

import pytest

from op_migrate.analyzers.aclnn import analyze_chains, evaluate, facts_matrix

HEADER = """namespace l0op {
const aclTensor* Gather(const aclTensor* self, int64_t axis, aclOpExecutor* executor, int batchDims = 0,
                        bool negative = false);
}
"""
DEFINITION = """#include "op_api/gather.h"
namespace l0op {
OP_TYPE_REGISTER(Gather);
const aclTensor* Gather(const aclTensor* self, int64_t axis, aclOpExecutor* executor, int batchDims, bool negative)
{
    auto out = executor->AllocTensor(self->GetViewShape(), self->GetDataType());
    ADD_TO_LAUNCHER_LIST_AICORE(Gather, OP_INPUT(self), OP_OUTPUT(out), OP_ATTR(axis, batchDims, negative));
    return out;
}
}
"""
ENTRY = """aclnnStatus aclnnDemoGetWorkspaceSize(const aclTensor* self, aclTensor* out, uint64_t* workspaceSize,
                                      aclOpExecutor** executor)
{{
    auto uniqueExecutor = CREATE_EXECUTOR();
    auto result = l0op::Gather({args});
    *workspaceSize = 0;
    uniqueExecutor.ReleaseTo(executor);
    return ACLNN_SUCCESS;
}}
"""


@pytest.mark.parametrize("args, resolved", [
    ("self, 0, uniqueExecutor.get()", True),
    ("self, 0, uniqueExecutor.get(), 1", True),
    ("self, 0, uniqueExecutor.get(), 1, true", True),
    ("self, uniqueExecutor.get()", False),
])
def test_defaults_declared_in_the_header_reach_the_definition(tmp_path: Path, args: str, resolved: bool) -> None:
    (tmp_path / "conversion").mkdir()
    (tmp_path / "common" / "inc" / "op_api").mkdir(parents=True)
    (tmp_path / "common" / "inc" / "op_api" / "gather.h").write_text(HEADER)
    kernel = tmp_path / "index" / "gather" / "op_api"
    kernel.mkdir(parents=True)
    (kernel / "gather.cpp").write_text(DEFINITION)
    source = tmp_path / "index" / "demo" / "op_api" / "aclnn_demo.cpp"
    source.parent.mkdir(parents=True)
    source.write_text(ENTRY.format(args=args))
    report = analyze_chains([source], repo_root=tmp_path)
    (route,) = evaluate(report, facts=facts_matrix(["Ascend910B"], ["float16"])).routes
    if resolved:
        assert route.complete and [(task.op, task.launcher) for task in route.tasks] == [("Gather", "AI_CORE")]
    else:
        assert not route.complete
        assert "l0-op-unresolved" in {reason.symbol for reason in route.incomplete_reasons}
