"""Host vectors of numbers change under their methods, and opbase's ToShape writes its shape argument: a check that
compares a shape built that way is decided on what the vector holds then (ops-math aclnn_logdet.cpp: `dims.pop_back()`
twice, `ToShape(dims, batchShape)`, `OP_CHECK(out->GetViewShape() == batchShape)`; the pops were dropped and a valid
call was rejected)."""

from __future__ import annotations

from pathlib import Path

import pytest

from op_migrate.analyzers.aclnn import analyze_chains, evaluate, facts_matrix
from op_migrate.analyzers.route.values import UNKNOWN, IntList, int_list_after

ENTRY = """static bool CheckShape(const aclTensor* self, const aclTensor* out)
{{
    auto dims = ToShapeVector(self->GetViewShape());
{change}
    op::Shape batchShape;
    ToShape({shape_args});
    OP_CHECK(out->GetViewShape() == batchShape, OP_LOGE(ACLNN_ERR_PARAM_INVALID, "bad out"), return false);
    return true;
}}

aclnnStatus aclnnDemoGetWorkspaceSize(const aclTensor* self, aclTensor* out, uint64_t* workspaceSize,
                                      aclOpExecutor** executor)
{{
    CHECK_RET(CheckShape(self, out), ACLNN_ERR_PARAM_INVALID);
    auto uniqueExecutor = CREATE_EXECUTOR();
    auto result = l0op::Abs(self, uniqueExecutor.get());
    *workspaceSize = 0;
    uniqueExecutor.ReleaseTo(executor);
    return ACLNN_SUCCESS;
}}
"""


def _route(tmp_path: Path, change: str, shape_args: str, out: str):
    source = tmp_path / "math" / "demo" / "op_api" / "aclnn_demo.cpp"
    source.parent.mkdir(parents=True, exist_ok=True)
    (tmp_path / "conversion").mkdir(exist_ok=True)
    source.write_text(ENTRY.format(change=change, shape_args=shape_args))
    report = analyze_chains([source], repo_root=tmp_path)
    facts = facts_matrix(["Ascend910B"], ["float16"], ("self=[2,3,3]", f"out={out}"), (), ())
    (route,) = evaluate(report, facts=facts).routes
    return route


@pytest.mark.parametrize("shape_args", ["dims, batchShape", "dims.data(), dims.size(), batchShape"])
def test_a_shape_built_from_a_vector_after_pop_back_is_the_batch_shape(tmp_path: Path, shape_args: str) -> None:
    change = "    dims.pop_back();\n    dims.pop_back();"
    assert _route(tmp_path, change, shape_args, "[2]").rejected is None
    assert _route(tmp_path, change, shape_args, "[3]").rejected is not None


def test_a_change_the_walk_does_not_model_leaves_the_check_open(tmp_path: Path) -> None:
    route = _route(tmp_path, "    dims.erase(dims.begin());", "dims, batchShape", "[3,3]")
    assert route.rejected is None and route.complete
    assert [check.message for check in route.open_checks] == ["OP_CHECK(out->GetViewShape() == batchShape)"]


def test_int_list_after_each_method() -> None:
    held = IntList((2, 3, 4))
    assert int_list_after(held, "pop_back", []) == IntList((2, 3))
    assert int_list_after(held, "push_back", [5]) == IntList((2, 3, 4, 5))
    assert int_list_after(held, "emplace_back", [UNKNOWN]) == IntList((2, 3, 4, None))
    assert int_list_after(held, "clear", []) == IntList(())
    assert int_list_after(held, "resize", [2]) == IntList((2, 3))
    assert int_list_after(held, "resize", [5, 1]) == IntList((2, 3, 4, 1, 1))
    assert int_list_after(IntList(()), "pop_back", []) is UNKNOWN
    assert int_list_after(held, "insert", [UNKNOWN, 7]) is UNKNOWN
