"""Names the walk resolved wrong and stated complete (probe set 39): functions and constants of one name in two
namespaces (an unqualified call reaches the innermost namespace around the caller that defines one, else the walk
cannot tell which a using-directive brought in), and a file's own function named like one the walk models."""

from __future__ import annotations

from pathlib import Path

import pytest

from .branch_probe import CERTAIN, MAY, NONE, branch_launches

_TWO = "namespace a {\nstatic int64_t Pick() { return 1; }\n}\nnamespace b {\nstatic int64_t Pick() { return 2; }\n}\n\n"


@pytest.mark.parametrize("prelude, cond, expected", [
    ("    int64_t k = b::Pick();", "k == 2", CERTAIN),
    ("    using namespace b;\n    int64_t k = Pick();", "k == 2", MAY),  # the walk does not read using-directives
    ("    auto& f = b::Pick;\n    int64_t k = f();", "k == 2", CERTAIN),
])
def test_namesake_functions_in_two_namespaces(tmp_path: Path, prelude: str, cond: str, expected) -> None:
    assert branch_launches(tmp_path, prelude, cond, _TWO) == expected


def test_the_callers_own_namespace_comes_first(tmp_path: Path) -> None:
    helpers = _TWO + "namespace b {\nstatic int64_t Twice() { return Pick() * 2; }\n}\n\n"
    assert branch_launches(tmp_path, "    int64_t k = b::Twice();", "k == 4", helpers) == CERTAIN


@pytest.mark.parametrize("prelude, cond, expected", [
    ("    int64_t k = cfg2::kWidth;", "k == 4", CERTAIN),
    ("    int64_t k = cfg::kWidth;", "k == 8", CERTAIN),
])
def test_namesake_constants_in_two_namespaces(tmp_path: Path, prelude: str, cond: str, expected) -> None:
    helpers = "namespace cfg {\nconstexpr int64_t kWidth = 8;\n}\nnamespace cfg2 {\nconstexpr int64_t kWidth = 4;\n}\n\n"
    assert branch_launches(tmp_path, prelude, cond, helpers) == expected


@pytest.mark.parametrize("helpers, cond", [
    ("static bool IsContiguous(const aclTensor* t) { return t == nullptr; }\n\n", "IsContiguous(self)"),
    ("static op::DataType PromoteType(op::DataType a, op::DataType b) { return op::DataType::DT_INT8; }\n\n",
     "PromoteType(op::DataType::DT_FLOAT16, op::DataType::DT_FLOAT16) == op::DataType::DT_FLOAT16"),
])
def test_a_files_own_function_named_like_a_modelled_one(tmp_path: Path, helpers: str, cond: str) -> None:
    assert branch_launches(tmp_path, "", cond, helpers) == NONE
