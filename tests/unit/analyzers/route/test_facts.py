"""Facts: SoC -> arch from platforms.toml, dtype spellings, NAME=[dims] and NAME=value texts, the matrix."""

from __future__ import annotations

import pytest

from op_migrate.analyzers.route.facts import FactsError, facts_matrix, parse_dtype, parse_shape
from op_migrate.analyzers.route import platforms


@pytest.mark.parametrize(
    ("soc", "arch"),
    [("Ascend910B", "DAV_2201"), ("Ascend910_93", "DAV_2201"), ("Ascend910", "DAV_1001"),
     ("Ascend310P", "DAV_2002"), ("Ascend950", "DAV_3510"), ("ascend910b", "DAV_2201")],
)
def test_soc_maps_to_arch(soc, arch) -> None:
    assert facts_matrix([soc])[0].arch == arch


def test_only_dav_3510_is_regbase() -> None:
    assert [name for name, arch in platforms.arches().items() if arch.regbase] == ["DAV_3510"]


def test_dtype_spellings_are_one_name() -> None:
    for spelling in ("DT_DOUBLE", "op::DataType::DT_DOUBLE", "ACL_DOUBLE", "float64", "double"):
        assert platforms.dtype_name(spelling) == "float64"
    assert platforms.dtype_bytes("bfloat16") == 2
    assert parse_dtype("self=DT_FLOAT16") == ("self", "float16")


def test_matrix_is_soc_by_dtype_with_named_dtypes_on_every_row() -> None:
    rows = facts_matrix(["Ascend910B", "Ascend950"], ["float16", "float64", "out=float32"], ["self=[2,3]"],
                        ["prob=0.5"])
    assert [(r.soc, r.dtype_of("self"), r.dtype_of("out")) for r in rows] == [
        ("Ascend910B", "float16", "float32"), ("Ascend910B", "float64", "float32"),
        ("Ascend950", "float16", "float32"), ("Ascend950", "float64", "float32"),
    ]
    assert rows[0].shape_of("self") == (2, 3) and rows[0].scalar("prob") == 0.5


def test_unknowns_stay_unknown() -> None:
    (row,) = facts_matrix()
    assert (row.soc, row.arch, row.dtype_of("self"), row.shape_of("self")) == (None, None, None, None)


@pytest.mark.parametrize("bad", ["self=1,2", "=[1]", "self=[-1]"])
def test_bad_shapes_are_errors(bad) -> None:
    with pytest.raises(FactsError):
        parse_shape(bad)


def test_unknown_names_are_errors() -> None:
    with pytest.raises(FactsError):
        facts_matrix(["Ascend999"])
    with pytest.raises(FactsError):
        facts_matrix(dtypes=["float7"])
    assert parse_shape("x=[]") == ("x", ())
