# ----------------------------------------------------------------------------------------------------------------------
# Copyright (c) 2026 op-migrate contributors.
# This program is free software, you can redistribute it and/or modify it under the terms and conditions of
# CANN Open Software License Agreement Version 2.0 (the "License").
# Please refer to the License for details. You may not use this file except in compliance with the License.
# THIS SOFTWARE IS PROVIDED ON AN "AS IS" BASIS, WITHOUT WARRANTIES OF ANY KIND, EITHER EXPRESS OR IMPLIED,
# INCLUDING BUT NOT LIMITED TO NON-INFRINGEMENT, MERCHANTABILITY, OR FITNESS FOR A PARTICULAR PURPOSE.
# See LICENSE in the root of the software repository for the full text of the License.
# ----------------------------------------------------------------------------------------------------------------------
"""API parity with ops-math's math/floor_mod: the same entry points and dtype lists; OpDef only where the kernel is."""

from __future__ import annotations

import json
import os
import re
from pathlib import Path

import pytest

import remainder_api_facts as facts

OP = Path(__file__).resolve().parents[2]
SNAPSHOT = json.loads(facts.SNAPSHOT.read_text(encoding="utf-8"))
OURS = facts.operator_facts(OP)
OPS_MATH = os.environ.get("OPS_MATH")
# The kernel's dtype template codes (op_kernel/floor_mod_tiling_key.h) as OpDef dtypes.
TEMPLATE_DTYPES = {"FP16": "DT_FLOAT16", "BF16": "DT_BF16", "FP32": "DT_FLOAT", "INT32": "DT_INT32",
                   "INT64": "DT_INT64", "DOUBLE": "DT_DOUBLE"}


def test_the_snapshot_has_the_five_remainder_apis_in_both_phases() -> None:
    names = {entry["name"] for entry in SNAPSHOT["entry_points"]}
    forms = ("RemainderTensorTensor", "RemainderTensorScalar", "RemainderScalarTensor", "InplaceRemainderTensorTensor",
             "InplaceRemainderTensorScalar")
    assert names == {f"aclnn{form}{phase}" for form in forms for phase in ("", "GetWorkspaceSize")}


def test_entry_points_and_parameter_types_match_ops_math() -> None:
    assert OURS["entry_points"] == SNAPSHOT["entry_points"]


def test_every_declared_entry_point_is_defined_with_the_declared_parameters() -> None:
    assert facts.definitions(OP / "op_api" / "aclnn_remainder.cpp") == OURS["entry_points"]


def test_dtype_support_per_npu_arch_matches_ops_math() -> None:
    assert OURS["dtype_support_by_arch"] == SNAPSHOT["dtype_support_by_arch"]


def test_opdef_registers_the_kernel_only_where_it_exists_with_exactly_its_dtypes() -> None:
    key = (OP / "op_kernel" / "floor_mod_tiling_key.h").read_text(encoding="utf-8")
    selected = re.search(r"ASCENDC_TPL_SEL\((.*?)\);", key, re.S).group(1)
    kernel = sorted(TEMPLATE_DTYPES[code] for code in re.findall(r"FLOOR_MOD_TPL_(\w+)", selected))
    native = facts.dtype_lists(facts._code(OP / "op_api" / "aclnn_remainder.cpp"))["NATIVE_KERNEL_DTYPES"]
    assert set(OURS["opdef"]["params"]) == set(SNAPSHOT["opdef"]["params"])
    for dtypes in OURS["opdef"]["params"].values():
        assert dtypes == kernel == sorted(native)
    # DAV_2201 (Ascend910B / Ascend910_93) is where this kernel runs; ops-math's own FloorMod keeps its SoCs.
    assert OURS["opdef"]["aicore_socs"] == ["ascend910_93", "ascend910b"]
    assert not set(OURS["opdef"]["aicore_socs"]) & set(SNAPSHOT["opdef"]["aicore_socs"])
    assert set(kernel) == set(SNAPSHOT["dtype_support_by_arch"]["DAV_2201"])


def test_the_tiling_key_is_a_dtype_parameter_the_host_sets_from_the_opdef_dtype() -> None:
    """ASCENDC_TPL_DTYPE (not UINT), one selection per OpDef dtype; the host maps each ge dtype to the core DType whose
    value is that dtype's FLOOR_MOD_TPL_* (the key it passes to GET_TPL_TILING_KEY)."""
    key = (OP / "op_kernel" / "floor_mod_tiling_key.h").read_text(encoding="utf-8")
    assert "ASCENDC_TPL_UINT" not in key
    assert re.search(r"ASCENDC_TPL_DTYPE_DECL\(D_T,", key)
    tpl = {name: int(value) for name, value in re.findall(r"#define FLOOR_MOD_TPL_(\w+) (\d+)", key)}
    selected = re.findall(r"ASCENDC_TPL_ARGS_SEL\(ASCENDC_TPL_DTYPE_SEL\(D_T, FLOOR_MOD_TPL_(\w+)\)\)", key)
    assert sorted(selected) == sorted(tpl)
    core = (OP / "op_host" / "floor_mod_tiling_core.h").read_text(encoding="utf-8")
    enum = re.search(r"enum class DType : uint32_t \{([^}]*)\}", core).group(1)
    values = {name: int(value) for name, value in re.findall(r"(\w+) = (\d+)", enum)}
    adapter = (OP / "op_host" / "floor_mod_tiling.cpp").read_text(encoding="utf-8")
    mapping = dict(re.findall(r"case ge::(DT_\w+):\s*out = FloorModTiling::DType::(\w+);", adapter))
    assert "GET_TPL_TILING_KEY(static_cast<uint32_t>(coreDType))" in adapter
    by_value = {value: name for name, value in tpl.items()}
    assert {ge: TEMPLATE_DTYPES[by_value[values[core_name]]] for ge, core_name in mapping.items()} == {
        ge: ge for ge in mapping}
    assert sorted(mapping) == sorted(OURS["opdef"]["params"]["input:x1"])


def test_the_extractor_refuses_what_it_cannot_read(tmp_path: Path) -> None:
    header = tmp_path / "aclnn_remainder.h"
    header.write_text("// ACLNN_API aclnnStatus aclnnGone(void* x);\nint unrelated(void);\n", encoding="utf-8")
    with pytest.raises(facts.FactsError, match="declares no ACLNN_API"):
        facts.entry_points(header)
    source = tmp_path / "floor_mod_def.cpp"
    source.write_text('this->Input("x1").DataType(MISSING_LIST); AddConfig("ascend910b");', encoding="utf-8")
    with pytest.raises(facts.FactsError, match="MISSING_LIST"):
        facts.opdef(source)


@pytest.mark.requires_opsmath
@pytest.mark.skipif(not OPS_MATH, reason="set OPS_MATH=<checkout of hicann/ops-math> to re-extract the snapshot")
def test_the_committed_snapshot_is_what_ops_math_says_now() -> None:
    assert facts.snapshot(Path(OPS_MATH)) == SNAPSHOT, (
        "regenerate with: python ops/floor_mod/tests/portable/remainder_api_facts.py $OPS_MATH")
