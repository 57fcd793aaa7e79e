"""Named type sets: read from graph/types.h of the tree, else the built-in table; REG_OP expands them."""

from __future__ import annotations

import os
from pathlib import Path

import pytest

from op_migrate.analyzers.proto.regop import find_protos
from op_migrate.analyzers.proto.type_sets import builtin_type_sets, find_type_sets, read_type_sets, type_sets_toml
from op_migrate.analyzers.tbe.locate import install_version

DATA = Path(__file__).resolve().parents[4] / "analyzers" / "data" / "type_sets.toml"
INSTALL = Path(__file__).resolve().parents[3] / "functional" / "tbe" / "install"
_ROOT = os.environ.get("OP_MIGRATE_CANN_ROOT") or os.environ.get("ASCEND_HOME_PATH")


def test_the_header_of_the_tree_wins_over_the_table() -> None:
    sets = find_type_sets([INSTALL])
    assert sets.source.endswith("aarch64-linux/include/graph/types.h")
    assert sets.expand("IndexNumberType") == ("int32", "int64")
    assert sets.expand("RealNumberType") is None  # the fixture header does not define it


def test_without_a_header_the_builtin_table_is_used_and_names_its_source(tmp_path: Path) -> None:
    sets = find_type_sets([tmp_path])
    assert sets.source.startswith("built-in table analyzers/data/type_sets.toml (CANN 8.1.RC1")
    assert sets.expand("IndexNumberType") == ("int32", "int64")
    assert "bfloat16" in sets.expand("RealNumberType") and "bool" not in sets.expand("NumberType")


def test_datatype_symbols_named_sets_and_bare_types_are_expanded() -> None:
    header = (
        'REG_OP(Gcd)\n    .INPUT(x1, "T")\n    .OUTPUT(y, "T")\n    .DATATYPE(T, TensorType({DT_INT16, DT_INT32}))\n'
        "    .OP_END_FACTORY_REG(Gcd)\n"
        "REG_OP(Sum)\n    .INPUT(x, ge::TensorType::IndexNumberType())\n    .INPUT(n, DT_INT32)\n"
        "    .INPUT(odd, TensorType::REALNUMBERTYPE())\n    .INPUT(lost, \"U\")\n    .OP_END_FACTORY_REG(Sum)\n"
    )
    sets = builtin_type_sets()
    (gcd,) = find_protos(header, "ops.h", "Gcd", sets)
    assert [(p.name, p.dtypes, p.type_set) for p in gcd.params] == [("x1", ("int16", "int32"), None), ("y", ("int16", "int32"), None)]
    (summed,) = find_protos(header, "ops.h", "Sum", sets)
    assert [(p.name, p.dtypes, p.type_set) for p in summed.params] == [
        ("x", ("int32", "int64"), None),
        ("n", ("int32",), None),
        ("odd", (), "REALNUMBERTYPE"),
        ("lost", (), '"U" (no DATATYPE)'),
    ]


@pytest.mark.skipif(not (_ROOT and find_type_sets([Path(_ROOT)]).source.endswith("types.h")), reason="no CANN install")
def test_the_builtin_table_is_the_installs_header(golden) -> None:
    sets = find_type_sets([Path(_ROOT)])
    header = Path(sets.source)
    version = install_version([Path(_ROOT)]) or "unknown version"
    # The same header whether the install links include/ to <arch>-linux/include or not.
    name = header.relative_to(Path(_ROOT))
    if name.parts[0].endswith("-linux"):
        name = Path(*name.parts[1:])
    text = type_sets_toml(read_type_sets(header.read_text(encoding="utf-8")), f"CANN {version} {name}")
    golden.check(text, DATA)
