"""The capability merge: a prototype dtype missing from op-info means AI CPU; TBE rejections and conditions show."""

from __future__ import annotations

from op_migrate.analyzers.proto.capability import NO_OPINFO, merge
from op_migrate.analyzers.proto.model import OpInfo, OpInfoParam, Proto, ProtoParam

TYPES = ("int32", "int64", "float32", "float16", "double", "bfloat16")
PROTO = Proto(
    op_type="FloorMod",
    path="ops.h",
    line=1,
    params=(ProtoParam("x1", "input", TYPES, None), ProtoParam("x2", "input", TYPES, None), ProtoParam("y", "output", TYPES, None)),
)
INFO_TYPES = ("float16", "float32", "int32", "int64", "bfloat16")
OPINFO = OpInfo(
    op_type="FloorMod",
    soc="ascend910b",
    path="aic-ascend910b-ops-info.json",
    params=(
        OpInfoParam("input0", "x1", "required", INFO_TYPES, ("ND",) * 5),
        OpInfoParam("input1", "x2", "required", INFO_TYPES, ("ND",) * 5),
    ),
    flags={},
)
VMOD = "tbe_platform.api_check_support('tbe.dsl.vmod', 'int64')"
TBE = {name: [("float16", None), ("float32", None), ("int32", None), ("bfloat16", None), ("int64", VMOD)] for name in ("x1", "x2")}


def test_double_runs_on_aicpu_and_int64_is_conditional() -> None:
    capability = merge("FloorMod", ["x1", "x2"], TBE, PROTO, [OPINFO])
    rows = {(r.param, r.dtype): r for r in capability.socs["ascend910b"]}
    assert rows[("x1", "double")].runs_on == "AI CPU"
    assert (rows[("x1", "int64")].tbe, rows[("x1", "int64")].runs_on) == (f"if {VMOD}", "AI Core (conditional)")
    assert rows[("x2", "float16")].formats == ("ND",)
    assert [f.symbol for f in capability.findings] == ["proto-dtype-not-in-opinfo"] * 2
    assert "double" in capability.findings[0].message


def test_rejected_and_unreachable_dtypes_are_findings() -> None:
    tbe = {"x1": [("float16", None)], "x2": [("float16", None), ("int8", None)]}
    capability = merge("FloorMod", ["x1", "x2"], tbe, PROTO, [OPINFO])
    symbols = {f.symbol for f in capability.findings}
    assert {"opinfo-dtype-rejected-by-tbe", "tbe-dtype-not-in-opinfo"} <= symbols


def test_without_prototype_or_opinfo_only_tbe_is_known() -> None:
    capability = merge("Gcd", ["x1"], {"x1": [("int16", None)]}, None, [])
    (row,) = capability.socs[NO_OPINFO]
    assert (row.tbe, row.proto, row.opinfo, row.runs_on) == ("yes", "unknown", "unknown", "unknown")
    assert capability.findings == ()
