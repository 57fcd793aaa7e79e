"""op_select_format as the framework finds it: a dynamic module without one is given its static twin's
(te_fusion/fusion_manager.py get_func_of_op), except for a soft-sync op; the combinations it lists for ND."""

from __future__ import annotations

import textwrap
from pathlib import Path

import pytest

from op_migrate.analyzers.proto.model import OpInfo, OpInfoParam
from op_migrate.analyzers.scaffold.combos import CombinationError
from op_migrate.analyzers.scaffold.modules import ModuleLoader
from op_migrate.analyzers.scaffold.platform import Platform
from op_migrate.analyzers.scaffold.select_format import select_combinations
from op_migrate.analyzers.scaffold.trace import read_entry

IMPL = Path("opp/built-in/op_impl/ai_core/tbe/impl")
DYNAMIC = """
from impl.util.platform_adapter import tbe
from impl.util.platform_adapter import tvm
from impl.util.platform_adapter import para_check
from impl.util.platform_adapter import register_operator


@register_operator("Probe")
@para_check.check_op_params(para_check.REQUIRED_INPUT, para_check.REQUIRED_INPUT, para_check.REQUIRED_OUTPUT,
                            para_check.KERNEL_NAME)
def probe(x1, x2, y, kernel_name="probe"):
    pass
"""
STATIC = """
from impl.util.platform_adapter import tbe_platform
from impl.util.util_select_op_base import gen_param
from impl.util.util_select_op_base import get_dynamic_param_in_json


def op_select_format(x1, x2, y, kernel_name="probe"):
    dtypes = ["float16", "float32"]
    if tbe_platform.get_soc_spec("SHORT_SOC_VERSION") == "Ascend910B":
        dtypes = ["bfloat16"] + dtypes
    formats = ["ND", "NC1HWC0"]
    dtype_total = []
    for dtype in dtypes:
        dtype_total += [dtype] * len(formats)
    format_total = formats * len(dtypes)
    input0 = gen_param(classify="input0", name="x1", datatype=",".join(dtype_total), format=",".join(format_total))
    input1 = gen_param(classify="input1", name="x2", datatype=",".join(dtype_total), format=",".join(format_total))
    output0 = gen_param(classify="output0", name="y", datatype=",".join(dtype_total), format=",".join(format_total))
    return get_dynamic_param_in_json([input0, input1, output0])
"""


def platform() -> Platform:
    return Platform(short_soc="Ascend910B", soc_version="Ascend910B1", ini_path=None, dsl_util_path=None,
                    spec={"ubblock_size": "32"}, intrinsics={}, dsl_support={}, same_api={})


def _info(flags: dict | None = None) -> OpInfo:
    params = tuple(OpInfoParam(index=i, name=n, param_type="required", dtypes=(), formats=(), declared=False)
                   for i, n in (("input0", "x1"), ("input1", "x2"), ("output0", "y")))
    return OpInfo(op_type="Probe", soc="ascend910b", path="aic-ascend910b-ops-info.json", params=params,
                  flags={"dynamicShapeSupport.flag": "true", **(flags or {})})


def _install(tmp_path: Path, static: str | None) -> tuple:
    (tmp_path / IMPL / "dynamic").mkdir(parents=True)
    entry = tmp_path / IMPL / "dynamic" / "probe.py"
    entry.write_text(textwrap.dedent(DYNAMIC), encoding="utf-8")
    if static is not None:
        (tmp_path / IMPL / "probe.py").write_text(textwrap.dedent(static), encoding="utf-8")
    loader = ModuleLoader([tmp_path])
    return read_entry(loader, entry), loader


def test_a_dynamic_module_without_op_select_format_takes_the_static_modules(tmp_path: Path) -> None:
    facts, loader = _install(tmp_path, STATIC)
    found = select_combinations(facts, loader, platform(), _info())
    by_dtype = {}
    for combo in found.combinations:
        by_dtype.setdefault(combo.dtypes, []).append(dict(combo.formats)["input0"])
    assert {d[0][1]: f for d, f in by_dtype.items()} == {"bfloat16": ["ND", "NC1HWC0"], "float16": ["ND", "NC1HWC0"],
                                                         "float32": ["ND", "NC1HWC0"]}
    assert found.source == f"aic-ascend910b-ops-info.json (op_select_format of {tmp_path / IMPL / 'probe.py'})"


def test_a_soft_sync_op_or_a_missing_static_module_stays_named(tmp_path: Path) -> None:
    facts, loader = _install(tmp_path, STATIC)
    with pytest.raises(CombinationError, match="a soft-sync op is not given the static module's"):
        select_combinations(facts, loader, platform(), _info({"softsync.flag": "true"}))
    alone = tmp_path / "alone"
    facts, loader = _install(alone, None)
    with pytest.raises(CombinationError, match="has no op_select_format, nor has its static module"):
        select_combinations(facts, loader, platform(), _info())
