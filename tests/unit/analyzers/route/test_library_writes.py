"""Calls the walk does not follow may write what they are given: `aclGetViewShape(t, &dims, &num)` writes num,
`std::swap`, `std::tie(a, b) = ...`, `std::sort` / `std::reverse` and `memset_s` change their arguments, and
`aclGetDataType(t, &d)` writes the tensor's dtype (ops-nn aclnn_elu.cpp). Each was read as the value before the call,
which decided a branch and dropped a launch from a route stated complete."""

from __future__ import annotations

from pathlib import Path

import pytest

from op_migrate.analyzers.aclnn import analyze_chains, evaluate, facts_matrix

ENTRY = """aclnnStatus aclnnDemoGetWorkspaceSize(const aclTensor* self, const aclTensor* other, aclTensor* out,
                                      uint64_t* workspaceSize, aclOpExecutor** executor)
{{
    auto uniqueExecutor = CREATE_EXECUTOR();
    const aclTensor* result = self;
{body}
    *workspaceSize = 0;
    uniqueExecutor.ReleaseTo(executor);
    return ACLNN_SUCCESS;
}}
"""
HELPERS = """static std::tuple<int64_t, int64_t> Pick(int64_t x)
{
    return std::make_tuple(x + 1, x + 2);
}

static void ViewDims(const aclTensor* self, uint64_t* num)
{
    int64_t* dims = nullptr;
    aclGetViewShape(self, &dims, num);
}

"""


def _route(tmp_path: Path, body: str, dtype: str = "float16"):
    source = tmp_path / "math" / "demo" / "op_api" / "aclnn_demo.cpp"
    source.parent.mkdir(parents=True, exist_ok=True)
    (tmp_path / "conversion").mkdir(exist_ok=True)
    source.write_text(HELPERS + ENTRY.format(body=body))
    report = analyze_chains([source], repo_root=tmp_path)
    facts = facts_matrix(["Ascend910B"], [dtype], (), (), ())
    (route,) = evaluate(report, facts=facts).routes
    assert route.complete and route.rejected is None
    return route


def _launches(route) -> list[tuple[str, bool]]:
    return [(task.op, task.may) for task in route.tasks]


BRANCH = """    if ({cond}) {{
        result = l0op::Abs(result, uniqueExecutor.get());
    }}"""


@pytest.mark.parametrize("prelude, cond", [
    ("    int64_t* dims = nullptr;\n    uint64_t num = 0;\n    aclGetViewShape(self, &dims, &num);", "num == 0"),
    ("    uint64_t num = 0;\n    ViewDims(self, &num);", "num == 0"),
    ("    int64_t c[2] = {5, 6};\n    memset_s(c, sizeof(c), 0, sizeof(c));", "c[0] == 5"),
    ("    std::vector<int64_t> dims = {3, 1};\n    std::fill(dims.begin(), dims.end(), 0);", "dims[0] == 3"),
    ("    std::vector<int64_t> dims = {3, 1};\n    std::transform(dims.begin(), dims.end(), dims.begin(), Twice);",
     "dims[0] == 3"),
])
def test_what_an_unfollowed_call_may_write_is_unknown_after_it(tmp_path: Path, prelude: str, cond: str) -> None:
    route = _route(tmp_path, prelude + "\n" + BRANCH.format(cond=cond))
    assert _launches(route) == [("Abs", True)]


@pytest.mark.parametrize("prelude, cond, launched", [
    ("    int64_t a = 0;\n    int64_t b = 1;\n    std::swap(a, b);", "a == 0", False),
    ("    int64_t a = 0;\n    int64_t b = 1;\n    std::swap(a, b);", "b == 0", True),
    ("    int64_t a = 0;\n    int64_t b = 0;\n    std::tie(a, b) = Pick(5);", "a == 6 && b == 7", True),
    ("    int64_t a = 0;\n    int64_t b = 0;\n    std::tie(a, std::ignore) = Pick(5);", "a == 0 || b != 0", False),
    ("    std::vector<int64_t> dims = {3, 1, 2};\n    std::reverse(dims.begin(), dims.end());", "dims[0] == 2", True),
    ("    std::vector<int64_t> dims = {3, 1, 2};\n    std::sort(dims.begin(), dims.end());", "dims[0] == 3", False),
    ("    std::vector<int64_t> dims = {3, 1, 2};\n    std::move(dims);", "dims[0] == 3", True),
    ("    int64_t a = 4;\n    int64_t b = std::max(a, int64_t(2));", "a == 4", True),
])
def test_library_calls_the_walk_models_decide(tmp_path: Path, prelude: str, cond: str, launched: bool) -> None:
    route = _route(tmp_path, prelude + "\n" + BRANCH.format(cond=cond))
    assert _launches(route) == ([("Abs", False)] if launched else [])


def test_swapped_tensors_feed_the_launch_that_reads_them(tmp_path: Path) -> None:
    body = """    const aclTensor* x = self;
    const aclTensor* y = l0op::Abs(other, uniqueExecutor.get());
    std::swap(x, y);
    result = l0op::Abs(x, uniqueExecutor.get());"""
    first, second = _route(tmp_path, body).tasks
    assert second.reads == first.writes


@pytest.mark.parametrize("dtype, launched", [("float16", True), ("float32", False)])
def test_acl_get_data_type_writes_the_tensors_dtype(tmp_path: Path, dtype: str, launched: bool) -> None:
    prelude = """    aclDataType dataType = aclDataType::ACL_FLOAT;
    aclGetDataType(self, &dataType);"""
    route = _route(tmp_path, prelude + "\n" + BRANCH.format(cond="dataType == aclDataType::ACL_FLOAT16"), dtype)
    assert _launches(route) == ([("Abs", False)] if launched else [])
