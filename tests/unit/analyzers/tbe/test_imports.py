"""Alias resolution: every import spelling of the DSL seen in the operator tree, and the lookalikes that are not."""

from __future__ import annotations

import pytest
from astroid import nodes

from op_migrate.analyzers.tbe.imports import collect_imports, dsl_name_of, parse_source


def _resolved(source: str) -> list[str | None]:
    tree = parse_source(source, "case.py")
    scope = collect_imports(tree)
    names = []
    for call in tree.nodes_of_class(nodes.Call):
        found = scope.dsl_name(call.func)
        names.append(found[0] if found else None)
    return names


@pytest.mark.parametrize(
    "source",
    [
        "from impl.util.platform_adapter import tbe\ntbe.vmul(a, b)",
        "import te.lang.cce as tbe\ntbe.vmul(a, b)",
        "import te.lang.cce\nte.lang.cce.vmul(a, b)",
        "from te.lang import cce as tbe\ntbe.vmul(a, b)",
        "import tbe.dsl as dsl\ndsl.vmul(a, b)",
        "import tbe as mytbe\nmytbe.dsl.vmul(a, b)",
        "from te.lang.cce import vmul\nvmul(a, b)",
        "from tbe.dsl import vmul as multiply\nmultiply(a, b)",
        "from ..util.platform_adapter import tbe\ntbe.vmul(a, b)",
        "def f():\n    from tbe.dsl import vmul\n    vmul(a, b)",
    ],
)
def test_dsl_spellings_resolve(source: str) -> None:
    assert _resolved(source) == ["vmul"]


@pytest.mark.parametrize(
    "source",
    [
        "import te.platform as tbe_platform\ntbe_platform.vmul(a, b)",
        "from te import platform as cce\ncce.vmul(a, b)",
        "from impl.util.platform_adapter import tbe_platform as cce\ncce.api_check_support('x', 'y')",
        "vmul(a, b)",
        "import te.lang.cce as tbe\ntbe = None\ntbe.vmul(a, b)",
        "from te import tvm\ntvm.compute(shape, f)",
    ],
)
def test_lookalikes_are_not_dsl(source: str) -> None:
    assert _resolved(source) == [None]


def test_nested_dsl_paths_are_not_functions() -> None:
    assert dsl_name_of("tbe.dsl.api.build") == ("build", "tbe.dsl.api.build")
    assert dsl_name_of("tbe.dsl.base.shape_classifier.classify") is None
    assert dsl_name_of("impl.util.platform_adapter.classify") == ("classify", "impl.util.platform_adapter.classify")
    assert dsl_name_of("impl.util.platform_adapter.shape_util") is None
