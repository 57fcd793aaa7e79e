"""A type alias of a repository struct names that struct (ops-transformer's `using GroupedMatmulParams =
GroupedMatmulParamsBase<aclTensorList>;`): an object declared through the alias holds what it was given, so checks
and branches on its members are decided by the facts instead of left open."""

from __future__ import annotations

from pathlib import Path

import pytest

from op_migrate.analyzers.aclnn import evaluate, facts_matrix

from .branch_probe import CERTAIN, ENTRY, MAY, NONE, demo_report

_BASE = """template <typename T>
struct ParamsBase {
    const T* x = nullptr;
    int64_t mode = 0;
};

"""


def _route(tmp_path: Path, alias: str, prelude: str, cond: str, classes: str = _BASE):
    report = demo_report(tmp_path, classes + alias + ENTRY.format(prelude=prelude, cond=cond))
    (route,) = evaluate(report, facts=facts_matrix(["Ascend910B"], ["float16"])).routes
    assert route.complete and route.rejected is None
    return [(task.op, task.may) for task in route.tasks]


@pytest.mark.parametrize("alias", [
    "using Params = ParamsBase<aclTensor>;\n",
    "typedef ParamsBase<aclTensor> Params;\n",
    "using Params = ::ParamsBase<aclTensor>;\n",
])
@pytest.mark.parametrize("cond, launches", [
    ("params.x != nullptr", CERTAIN),  # self is a required tensor
    ("params.mode == 2", CERTAIN),
    ("params.mode == 3", NONE),
])
def test_an_alias_of_a_struct_is_the_struct(tmp_path: Path, alias: str, cond: str, launches) -> None:
    prelude = "    Params params{self, 2};"
    assert _route(tmp_path, alias, prelude, cond) == launches


def test_an_alias_of_a_class_with_methods_is_not_followed(tmp_path: Path) -> None:
    # A template class with methods (a container like the framework's SmallVector): its members stay unknown.
    classes = _BASE.replace("    int64_t mode = 0;\n", "    int64_t mode = 0;\n    int64_t Mode() const { return mode; }\n")
    prelude = "    Params params{self, 2};"
    assert _route(tmp_path, "using Params = ParamsBase<aclTensor>;\n", prelude, "params.mode == 2", classes) == MAY
