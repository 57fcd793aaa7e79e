# ----------------------------------------------------------------------------------------------------------------------
# Copyright (c) 2026 op-migrate contributors.
# This program is free software, you can redistribute it and/or modify it under the terms and conditions of
# CANN Open Software License Agreement Version 2.0 (the "License").
# Please refer to the License for details. You may not use this file except in compliance with the License.
# THIS SOFTWARE IS PROVIDED ON AN "AS IS" BASIS, WITHOUT WARRANTIES OF ANY KIND, EITHER EXPRESS OR IMPLIED,
# INCLUDING BUT NOT LIMITED TO NON-INFRINGEMENT, MERCHANTABILITY, OR FITNESS FOR A PARTICULAR PURPOSE.
# See LICENSE in the root of the software repository for the full text of the License.
# ----------------------------------------------------------------------------------------------------------------------
"""API parity with the aclnn_bernoulli.h this operator replaces: the same entry points with the same parameter types,
the same self/out and prob dtype lists per SoC branch, and a native kernel for every dtype of the SoCs it serves.
CI compares with the committed snapshot of ops-math's facts; with OPS_MATH=<checkout> the snapshot is re-extracted."""

from __future__ import annotations

import json
import os
import re
from pathlib import Path

import pytest

import bernoulli_api_facts

HERE = Path(__file__).resolve().parent
OP = HERE.parents[1]
HEADER = OP / "op_api" / "aclnn_bernoulli.h"
SOURCE = OP / "op_api" / "aclnn_bernoulli.cpp"
A2_A3 = "socVersion >= SocVersion::ASCEND910B && socVersion <= SocVersion::ASCEND910_93"


@pytest.fixture(scope="module")
def snapshot() -> dict:
    return json.loads(bernoulli_api_facts.SNAPSHOT.read_text(encoding="utf-8"))


@pytest.fixture(scope="module")
def ours() -> dict:
    return bernoulli_api_facts.facts_of(HEADER, SOURCE)


def test_every_entry_point_of_ops_math_is_declared_with_its_parameter_types(snapshot: dict, ours: dict) -> None:
    theirs = snapshot["ops-math"]["entries"]
    assert {"aclnnBernoulliTensorGetWorkspaceSize", "aclnnInplaceBernoulliTensor"} <= set(theirs)
    assert ours["entries"] == theirs
    # The community's experimental bernoulli_mask declares the same API.
    assert snapshot["community"]["entries"] == theirs


def test_dtype_lists_per_soc_branch_equal_ops_math(snapshot: dict, ours: dict) -> None:
    assert ours["dtypes"] == snapshot["ops-math"]["dtypes"]
    assert snapshot["community"]["dtypes"] == snapshot["ops-math"]["dtypes"]


def _branch(facts: dict, role: str, when: str) -> list[str]:
    return next(b["dtypes"] for b in facts["dtypes"][role] if b["when"] == when)


def _ge_dtypes(text: str, name: str) -> list[str]:
    body = re.search(rf"{name}\s*=\s*\{{([^}}]*)\}}", text)
    assert body, name
    return sorted(set(re.findall(r"DT_\w+", body.group(1))))


def test_the_native_kernel_serves_every_dtype_of_the_socs_it_is_chosen_on(snapshot: dict) -> None:
    """op_api takes the native kernel on DAV_2201 (Ascend910B / Ascend910_93): its OpDef, its L0 check and its SoC
    configs must cover exactly that branch's self/out list, or a dtype ops-math accepts would fail there."""
    a2_a3 = _branch(snapshot["ops-math"], "self_out", A2_A3)
    opdef = (OP / "op_host" / "bernoulli_def.cpp").read_text(encoding="utf-8")
    assert _ge_dtypes(opdef, "BERNOULLI_DTYPES") == a2_a3
    assert sorted(re.findall(r'AddConfig\("(\w+)"', opdef)) == ["ascend910_93", "ascend910b"]
    l0 = (OP / "op_api" / "bernoulli.cpp").read_text(encoding="utf-8")
    assert _ge_dtypes(l0, "BERNOULLI_AICORE_DTYPES") == a2_a3
    # The kernel's own dtype codes (op_kernel/bernoulli_core.h) name the same ten types.
    core = (OP / "op_kernel" / "bernoulli_core.h").read_text(encoding="utf-8")
    assert len(re.findall(r"^\s+kDtype\w+ = \d+,", core, re.M)) == len(a2_a3)


def test_the_comparison_fails_on_a_dropped_entry_or_dtype(tmp_path: Path, snapshot: dict) -> None:
    header = tmp_path / "aclnn_bernoulli.h"
    header.write_text(re.sub(r"ACLNN_API aclnnStatus aclnnInplaceBernoulliTensor\(.*?\);", "",
                             HEADER.read_text(encoding="utf-8"), flags=re.S), encoding="utf-8")
    source = tmp_path / "aclnn_bernoulli.cpp"
    source.write_text(SOURCE.read_text(encoding="utf-8").replace("op::DataType::DT_BOOL,  op::DataType::DT_BF16}",
                                                                 "op::DataType::DT_BOOL}"), encoding="utf-8")
    broken = bernoulli_api_facts.facts_of(header, source)
    assert set(snapshot["ops-math"]["entries"]) - set(broken["entries"]) == {"aclnnInplaceBernoulliTensor"}
    assert "DT_BF16" not in _branch(broken, "self_out", A2_A3)
    assert broken["dtypes"] != snapshot["ops-math"]["dtypes"]


def test_a_source_without_the_list_getters_is_refused_with_its_path(tmp_path: Path) -> None:
    source = tmp_path / "aclnn_other.cpp"
    source.write_text("static bool IsA2() { return true; }\n", encoding="utf-8")
    with pytest.raises(bernoulli_api_facts.FactsError, match=r"aclnn_other\.cpp: no definition of GetOutDtype"):
        bernoulli_api_facts.dtype_lists(source)


@pytest.mark.requires_opsmath
@pytest.mark.skipif(not os.environ.get("OPS_MATH"), reason="OPS_MATH=<hicann/ops-math checkout> is not set")
def test_the_snapshot_is_what_ops_math_says(snapshot: dict) -> None:
    fresh = bernoulli_api_facts.opsmath_facts(Path(os.environ["OPS_MATH"]))
    assert fresh == snapshot, (
        "ops-math's aclnn_bernoulli API changed: regenerate with python ops/bernoulli/tests/portable/"
        "bernoulli_api_facts.py --ops-math $OPS_MATH and bring op_api/aclnn_bernoulli.* to it")
