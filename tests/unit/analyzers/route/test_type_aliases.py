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
    method = "    int64_t mode = 0;\n    int64_t Mode() const { return mode; }\n"
    classes = _BASE.replace("    int64_t mode = 0;\n", method)
    prelude = "    Params params{self, 2};"
    assert _route(tmp_path, "using Params = ParamsBase<aclTensor>;\n", prelude, "params.mode == 2", classes) == MAY


_AB = "struct A {\n    int64_t mode = 1;\n};\nstruct B {\n    int64_t mode = 2;\n};\n"
_TWO_P = ("namespace n1 {\nstruct P {\n    int64_t mode = 1;\n};\n}\n"
          "namespace n2 {\nstruct P {\n    int64_t mode = 2;\n};\n}\n")


@pytest.mark.parametrize("classes, declared, launches", [
    # Probe set 58: each of the first four took the first class or alias of the name, a wrong one, on 6cc1076 or on
    # the first form of the alias lookup.
    (_TWO_P, "n2::P", CERTAIN),  # two classes of one name: the qualifier picks
    (_TWO_P, "n1::P", NONE),
    (_AB + "namespace n1 {\nstruct P {\n    int64_t mode = 1;\n};\n}\nnamespace n2 {\nusing P = B;\n}\n", "n2::P",
     CERTAIN),  # no class n2::P: the alias
    (_AB + "namespace n1 {\nusing P = A;\n}\nnamespace n2 {\nusing P = B;\n}\n", "n2::P", MAY),  # which alias: open
    (_AB + "#if 0\nusing P = A;\n#else\nusing P = B;\n#endif\n", "P", MAY),  # opposite branches: open
    (_TWO_P, "P", MAY),  # unqualified from the global namespace: neither
    (_AB + "using P = B;\nusing Q = P;\n", "Q", CERTAIN),  # an alias of an alias
])
def test_a_name_several_classes_or_aliases_have(tmp_path: Path, classes: str, declared: str, launches) -> None:
    prelude = f"    {declared} params{{}};"
    assert _route(tmp_path, "", prelude, "params.mode == 2", classes) == launches


def test_an_unqualified_name_is_looked_up_from_the_namespace_around(tmp_path: Path) -> None:
    helper = "namespace n2 {\nstatic bool Two()\n{\n    P params{};\n    return params.mode == 2;\n}\n}\n"
    assert _route(tmp_path, "", "", "n2::Two()", _TWO_P + helper) == CERTAIN


_SPECIALIZED = """template <typename T>
struct Traits {
    static int64_t Mode() { return 1; }
    int64_t mode = 1;
};
template <>
struct Traits<float> {
    static int64_t Mode() { return 2; }
    int64_t mode = 2;
};
template <typename T>
static int64_t ModeOf() { return 1; }
template <>
int64_t ModeOf<float>() { return 2; }

"""


@pytest.mark.parametrize("prelude, cond, launches", [
    # Probe set 60: the object of a specialization took the primary template's members, and a specialized function
    # template defined in a header was not found (the primary was taken): both stated a wrong branch decided.
    ("    Traits<float> t{};", "t.mode == 2", MAY),  # which of the classes: not read, the member is unknown
    ("", "Traits<float>::Mode() == 2", CERTAIN),
    ("", "ModeOf<float>() == 2", CERTAIN),
    ("", "ModeOf<int>() == 1", CERTAIN),
])
def test_explicit_specializations(tmp_path: Path, prelude: str, cond: str, launches) -> None:
    header = tmp_path / "math" / "demo" / "op_api" / "traits.h"
    header.parent.mkdir(parents=True, exist_ok=True)
    header.write_text(_SPECIALIZED)
    assert _route(tmp_path, '#include "traits.h"\n', prelude, cond, classes="") == launches
