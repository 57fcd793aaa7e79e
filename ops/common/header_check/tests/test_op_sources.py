"""Reading operator folders as the op build does: the OpDef's SoCs and dtype columns, the tiling-key selections."""

from __future__ import annotations

from pathlib import Path

import pytest

from op_migrate.migrate import exit_codes
from op_migrate.ops.common.header_check import check
from op_migrate.ops.common.header_check.diagnostics import parse
from op_migrate.ops.common.header_check.op_sources import DefError, operator_folders, read_def, template_instances

OPS = Path(__file__).resolve().parents[3]


def test_the_four_operators_claim_dav_2201_through_both_socs() -> None:
    folders = {f.name: f for f in operator_folders(OPS)}
    assert set(folders) == {"bernoulli", "floor_mod", "gcd", "reduce_all"}
    for folder in folders.values():
        assert read_def(folder.definition).archs() == {"dav-2201": ("ascend910b", "ascend910_93")}


def test_dtype_columns_become_the_op_builds_defines() -> None:
    floor_mod = read_def(OPS / "floor_mod" / "op_host" / "floor_mod_def.cpp")  # FORMATS(DTYPES.size(), FORMAT_ND)
    columns = floor_mod.columns()
    assert [label for label, _ in columns][:2] == ["x1=bf16,x2=bf16,y=bf16", "x1=float16,x2=float16,y=float16"]
    assert columns[0][1][:3] == ("DTYPE_X1=bfloat16_t", "ORIG_DTYPE_X1=DT_BF16", "FORMAT_X1=FORMAT_ND")
    reduce_all = read_def(OPS / "reduce_all" / "op_host" / "reduce_all_def.cpp")
    assert [label for label, _ in reduce_all.columns()] == [
        "x=bool,axes=int32,y=bool", "x=bool,axes=int64,y=bool", "x=int8,axes=int32,y=bool", "x=int8,axes=int64,y=bool",
        "x=uint8,axes=int32,y=bool", "x=uint8,axes=int64,y=bool", "x=float16,axes=int32,y=bool",
        "x=float16,axes=int64,y=bool", "x=float,axes=int32,y=bool", "x=float,axes=int64,y=bool",
        "x=bf16,axes=int32,y=bool", "x=bf16,axes=int64,y=bool"]
    assert len(read_def(OPS / "bernoulli" / "op_host" / "bernoulli_def.cpp").columns()) == 10


def test_an_output_named_like_an_input_gets_the_ref_suffix(tmp_path: Path) -> None:
    source = tmp_path / "inplace_def.cpp"
    source.write_text("""
        this->Input("x").DataType({ge::DT_FLOAT}).Format({ge::FORMAT_ND});
        this->Output("x").DataType({ge::DT_FLOAT}).Format({ge::FORMAT_ND});
        this->AICore().AddConfig("ascend910b", config);
        """)
    (_, defines), = read_def(source).columns()
    assert "DTYPE_X=float" in defines and "DTYPE_X_REF=float" in defines


@pytest.mark.parametrize(
    ("text", "reason"),
    [
        ('this->Input("x").DataType(MISSING).Format({ge::FORMAT_ND}); AddConfig("ascend910b")', "cannot resolve"),
        ('this->Input("x").DataType({ge::DT_FLOAT}); AddConfig("ascend910b")', "no .Format"),
        ('this->Input("x").DataType({ge::DT_COMPLEX128}).Format({ge::FORMAT_ND}); AddConfig("a")', "no C type"),
        ('this->Input("x").DataType({ge::DT_FLOAT}).Format({ge::FORMAT_ND});', "AddConfig"),
        ('this->Input("x").DataType({ge::DT_FLOAT, ge::DT_INT8}).Format({ge::FORMAT_ND}); AddConfig("a")',
         "different lengths"),
    ],
)
def test_an_unreadable_def_says_why(tmp_path: Path, text: str, reason: str) -> None:
    source = tmp_path / "bad_def.cpp"
    source.write_text(text)
    with pytest.raises(DefError) as raised:
        read_def(source)
    assert raised.value.finding.symbol == "def-unreadable"
    assert reason in raised.value.finding.message


def test_tiling_key_selections_expand_lists_ranges_and_mixes() -> None:
    pre = (
        "int a; @@ASCENDC_TPL_ARGS_DECL_Op@@ = {@@ASCENDC_TPL_UINT_DECL_D_T@@ = {3, 1, 0, 1, 2}, "
        "@@ASCENDC_TPL_BOOL_DECL_SPLIT@@ = {0, 1}};\n"
        "@@ASCENDC_TPL_LISTS@@ = {@@{@@ASCENDC_TPL_KERNEL_TYPE_SEL@@ = {2}, @@ASCENDC_TPL_UINT_SEL_D_T@@ = {0, 1, 4, 5}, "
        "@@ASCENDC_TPL_BOOL_SEL_SPLIT@@ = {0}}, @@{@@ASCENDC_TPL_UINT_SEL_D_T@@ = {2, 1, 0, 0, 7}, "
        "@@ASCENDC_TPL_BOOL_SEL_SPLIT@@ = {0, 1}}};\n"
    )
    assert template_instances(pre, Path("k.cpp")) == [(4, 0), (5, 0), (0, 0), (0, 1), (7, 0), (7, 1)]


def test_a_tiling_key_kind_the_check_does_not_handle_is_said(tmp_path: Path) -> None:
    pre = "@@ASCENDC_TPL_ARGS_DECL_Op@@ = {@@ASCENDC_TPL_FORMAT_DECL_F@@ = {2}};\n@@ASCENDC_TPL_LISTS@@ = {};"
    with pytest.raises(DefError) as raised:
        template_instances(pre, Path("k.cpp"))
    assert raised.value.finding.symbol == "tiling-key-unsupported"


def test_a_context_reaches_every_error_it_precedes(tmp_path: Path) -> None:
    ops = tmp_path / "ops"
    stderr = (
        "In file included from ops/x/op_kernel/x.cpp:1:\n"
        "sdk/impl.h: In instantiation of 'void AscendC::Div(T) [with T = signed char]':\n"
        "ops/x/op_kernel/x.h:12:5:   required from here\n"
        "sdk/impl.h:30:5: error: static assertion failed: no int8\n"
        "sdk/impl.h:31:9: error: no matching function for call to 'vdiv(signed char*&)'\n"
        "sdk/other.h: In function 'void g()':\n"
        "sdk/other.h:7:1: error: 'x' was not declared in this scope\n"
        "ops/x/op_kernel/x.cpp:3:10: fatal error: missing.h: No such file or directory\n"
    )
    errors = parse(stderr, ops, tmp_path)
    assert [e.ops_site[1] if e.ops_site else None for e in errors] == [12, 12, None, 3]
    assert errors[3].missing_header == "missing.h"


def test_exit_codes_are_the_projects() -> None:
    assert (check.EXIT_OK, check.EXIT_FAIL, check.EXIT_INCOMPLETE) == (
        exit_codes.OK, exit_codes.FINDINGS, exit_codes.USAGE)
