"""--scalar facts decide guards in helpers: by-value numeric parameters and aclScalar values passed on as doubles."""

from __future__ import annotations

from pathlib import Path

import pytest

from op_migrate.analyzers.aclnn import analyze_chains, evaluate, facts_matrix

HELPERS = """static bool NearlyEqual(double f1, double f2) {
  return std::abs(f1 - f2) <= std::numeric_limits<double>::epsilon();
}

static inline const aclTensor* DoMask(const aclTensor* input, double prob, aclOpExecutor* executor) {
  if (NearlyEqual(prob, 0.0)) {
    return input;
  } else if (NearlyEqual(prob, 1.0)) {
    return l0op::ZerosLike(input, executor);
  }
  return l0op::Muls(input, static_cast<float>(1 - prob), executor);
}

"""
BY_VALUE = """aclnnStatus aclnnMaskGetWorkspaceSize(const aclTensor* self, double prob, aclTensor* out,
                                       uint64_t* workspaceSize, aclOpExecutor** executor) {
  auto uniqueExecutor = CREATE_EXECUTOR();
  auto masked = DoMask(self, prob, uniqueExecutor.get());
  l0op::ViewCopy(masked, out, uniqueExecutor.get());
  return ACLNN_SUCCESS;
}
"""
AS_SCALAR = BY_VALUE.replace("double prob", "const aclScalar* prob").replace(
    "DoMask(self, prob,", "DoMask(self, prob->ToDouble(),")


def ops(tmp_path: Path, entry: str, scalars=()) -> list[tuple[str, bool]]:
    source = tmp_path / "aclnn_mask.cpp"
    source.write_text(HELPERS + entry)
    report = analyze_chains([source], repo_root=tmp_path)
    (result,) = evaluate(report, facts=facts_matrix((), (), (), scalars)).routes
    return [(t.op, t.may) for t in result.tasks]


@pytest.mark.parametrize("entry", [BY_VALUE, AS_SCALAR], ids=["double-param", "aclScalar-ToDouble"])
def test_scalar_facts_decide_helper_guards(tmp_path: Path, entry) -> None:
    # prob=0 copies the user's own tensor into out (a TensorMove); otherwise ViewCopy re-points the L0 result.
    assert ops(tmp_path, entry, ["prob=0"]) == [("TensorMove", False)]
    assert ops(tmp_path, entry, ["prob=1"]) == [("ZerosLike", False)]
    assert ops(tmp_path, entry, ["prob=0.1"]) == [("Muls", False)]
    assert ops(tmp_path, entry) == [("ZerosLike", True), ("Muls", True), ("TensorMove", True)]


def test_integer_and_bool_parameters_take_the_fact_in_their_type(tmp_path: Path) -> None:
    entry = """aclnnStatus aclnnPickGetWorkspaceSize(const aclTensor* self, int64_t dim, bool keep, aclTensor* out,
                                       uint64_t* workspaceSize, aclOpExecutor** executor) {
  auto uniqueExecutor = CREATE_EXECUTOR();
  if (dim / 2 == 1 && keep) {
    auto a = l0op::Abs(self, uniqueExecutor.get());
  }
  return ACLNN_SUCCESS;
}
"""
    assert ops(tmp_path, entry, ["dim=3", "keep=1"]) == [("Abs", False)]
    assert ops(tmp_path, entry, ["dim=3", "keep=0"]) == []
    assert ops(tmp_path, entry, ["dim=4", "keep=1"]) == []


@pytest.mark.parametrize(("condition", "scalars", "launches"), [
    ("alpha->ToFloat() == 0.1f", ["alpha=0.1"], True),  # both the float nearest 0.1
    ("alpha->ToDouble() == 0.1", ["alpha=0.1"], True),
    ("alpha->ToFloat() == 0.1", ["alpha=0.1"], False),  # a float promoted to double is not the double 0.1
    ("alpha->ToInt64() == 2", ["alpha=2.7"], True),  # truncated toward zero
    ("alpha->ToInt32() == -2", ["alpha=-2.7"], True),
    ("alpha->ToBool()", ["alpha=0.5"], True),
])
def test_an_acl_scalar_is_read_in_the_type_of_its_method(tmp_path: Path, condition: str, scalars, launches) -> None:
    entry = f"""aclnnStatus aclnnPickGetWorkspaceSize(const aclTensor* self, const aclScalar* alpha, aclTensor* out,
                                       uint64_t* workspaceSize, aclOpExecutor** executor) {{
  auto uniqueExecutor = CREATE_EXECUTOR();
  if ({condition}) {{
    auto a = l0op::Abs(self, uniqueExecutor.get());
  }}
  return ACLNN_SUCCESS;
}}
"""
    assert ops(tmp_path, entry, scalars) == ([("Abs", False)] if launches else [])


@pytest.mark.parametrize(("dtype", "launches"), [
    ("alpha=float32", False),  # a float32 scalar holds the float nearest 0.1: ToDouble() is 0.100000001...
    ("alpha=float16", False),
    ("alpha=bfloat16", False),
    ("alpha=float64", True),
    (None, True),  # no dtype: the number as given (a double)
    ("float16", True),  # the tensors' dtype (`*`) is not the scalar's
])
def test_an_acl_scalar_holds_its_value_at_its_dtype(tmp_path: Path, dtype, launches) -> None:
    entry = """aclnnStatus aclnnPickGetWorkspaceSize(const aclTensor* self, const aclScalar* alpha, aclTensor* out,
                                       uint64_t* workspaceSize, aclOpExecutor** executor) {
  auto uniqueExecutor = CREATE_EXECUTOR();
  if (alpha->ToDouble() == 0.1) {
    auto a = l0op::Abs(self, uniqueExecutor.get());
  }
  return ACLNN_SUCCESS;
}
"""
    source = tmp_path / "aclnn_pick.cpp"
    source.write_text(entry)
    report = analyze_chains([source], repo_root=tmp_path)
    (result,) = evaluate(report, facts=facts_matrix((), [dtype] if dtype else (), (), ["alpha=0.1"])).routes
    assert [(t.op, t.may) for t in result.tasks] == ([("Abs", False)] if launches else [])
