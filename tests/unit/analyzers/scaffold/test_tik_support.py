"""api_check_support("tik.<api>") answered from the install's TIK tables as TIK does: ONLY_TIK_API_MAP per
"<SoC>AiCore" and dtype, else the SoC's Intrinsic_<instr> (renamed by TRANS_TIK_API_TO_INSTR_MAP, vec_x -> vx).
util_soc_common.after_v200() is api_check_support("tik.vcopy"): answered False, it traced Erf's, Erfc's and EluGrad's
pre-v200 chains for Ascend910B (golden and kernel agreeing on a chain TBE does not build there)."""

from __future__ import annotations

import dataclasses
import textwrap
from pathlib import Path

import pytest

from op_migrate.analyzers.scaffold.modules import ModuleLoader
from op_migrate.analyzers.scaffold.platform import Platform, PlatformError
from op_migrate.analyzers.scaffold.tik_support import TIK_API_MAP, TIK_PARAMS, load_tik_tables
from op_migrate.analyzers.scaffold.trace import read_entry, trace

from .probe_operator import bare_platform, probe_entry

OPERATOR = """
from impl.util.platform_adapter import tbe
from impl.util.platform_adapter import tbe_platform
from impl.util.platform_adapter import tvm
from impl.util.platform_adapter import shape_util
from impl.util.platform_adapter import para_check
from impl.util.platform_adapter import classify
from impl.util.platform_adapter import OpPatternMode
from impl.util.platform_adapter import register_operator


def after_v200():
    return tbe_platform.api_check_support("tik.vcopy")


def probe_compute(x1, x2, y):
    if after_v200():
        return tbe.vmul(x1, x2)
    return tbe.vadd(x1, x2)

""" + probe_entry(dtype='"float32"')


def platform() -> Platform:
    return bare_platform()

API_MAP = """
ASCEND_910 = "Ascend910"
ASCEND_910B = "Ascend910B"
_AIC_ENGINE = "AiCore"
_VEC_ENGINE = "VectorCore"
ASCEND_910AIC = ASCEND_910 + _AIC_ENGINE
ASCEND_910BAIC = ASCEND_910B + _AIC_ENGINE
ASCEND_910BVEC = ASCEND_910B + _VEC_ENGINE
DUP_V1 = {ASCEND_910AIC: ["float16"], ASCEND_910BVEC: ["int8"]}
DUP_V2 = {ASCEND_910BAIC: ["float16", "bfloat16"]}
ONLY_TIK_API_MAP = {
    "vector_dup": dict(DUP_V1, **DUP_V2),
    "scalar_conv": {ASCEND_910AIC: ["float32"]},
    "vec_trans_scatter": {**DUP_V2},
    "computed": make_map(),
}
"""
PARAMS = """
TRANS_TIK_API_TO_INSTR_MAP = {
    "vec_reduce_max": "vcmax",
}
"""


def tik_install(tmp_path: Path) -> Path:
    root = tmp_path / "install"
    for relative, text in ((TIK_API_MAP, API_MAP), (TIK_PARAMS, PARAMS)):
        (root / relative).parent.mkdir(parents=True, exist_ok=True)
        (root / relative).write_text(textwrap.dedent(text), encoding="utf-8")
    return root


def tik_platform(tmp_path: Path):
    intrinsics = {"Intrinsic_vcopy": frozenset({"float16", "float32"}), "Intrinsic_vcmax": frozenset({"float16"})}
    return dataclasses.replace(platform(), intrinsics=intrinsics, tik=load_tik_tables([tmp_path / "none",
                                                                                   tik_install(tmp_path)]))


def test_an_api_of_the_only_tik_map_is_answered_per_soc_with_the_ai_core_engine_and_dtype(tmp_path):
    plat = tik_platform(tmp_path)
    assert plat.api_check_support("tik.vector_dup", "") is True  # dict(DUP_V1, **DUP_V2) holds Ascend910BAiCore
    assert plat.api_check_support("tik.vector_dup", "bfloat16") is True
    assert plat.api_check_support("tik.vector_dup", "int8") is False  # listed for the vector core only
    assert plat.api_check_support("tik.scalar_conv", "") is False  # in the map, not for this SoC
    assert plat.api_check_support("tik.vec_trans_scatter", "float16") is True  # {**DUP_V2}


def test_other_apis_are_the_socs_intrinsics_renamed_as_tik_renames_them(tmp_path):
    plat = tik_platform(tmp_path)
    assert plat.api_check_support("tik.vcopy", "") is True
    assert plat.api_check_support("tik.vcopy", "int8") is False
    assert plat.api_check_support("tik.vec_reduce_max", "float16") is True  # TRANS map: vcmax
    assert plat.api_check_support("tik.vec_copy", "float32") is True  # vec_x -> vx
    assert plat.api_check_support("tik.vgather", "") is False  # no such intrinsic in the ini


def test_what_the_tables_do_not_say_is_an_error_never_false(tmp_path):
    plat = tik_platform(tmp_path)
    with pytest.raises(PlatformError, match="not a literal"):
        plat.api_check_support("tik.computed", "")
    with pytest.raises(PlatformError, match="h_"):
        plat.api_check_support("tik.h_sel", "float16")
    with pytest.raises(PlatformError, match="no TIK tables"):
        platform().api_check_support("tik.vcopy", "")
    assert load_tik_tables([tmp_path / "empty"]) is None


def traced(tmp_path: Path, plat: Platform):
    path = tmp_path / "probe.py"
    path.write_text(OPERATOR, encoding="utf-8")
    loader = ModuleLoader([tmp_path])
    return trace(read_entry(loader, path), loader, plat, [("x1", "float32"), ("x2", "float32")], [("y", "float32")])


def test_after_v200_takes_the_v200_branch_and_without_tables_stops_naming_the_query(tmp_path):
    chain = traced(tmp_path, tik_platform(tmp_path))
    assert not chain.gaps and [op.name for op in chain.ops] == ["vmul"]
    assert "api_check_support('tik.vcopy', '') = True" in [query for query, *_ in chain.queries]
    stopped = traced(tmp_path, platform())
    assert stopped.gaps and "tik.vcopy" in stopped.gaps[0].reason
