# ----------------------------------------------------------------------------------------------------------------------
# Copyright (c) 2026 op-migrate contributors.
# This program is free software, you can redistribute it and/or modify it under the terms and conditions of
# CANN Open Software License Agreement Version 2.0 (the "License").
# Please refer to the License for details. You may not use this file except in compliance with the License.
# THIS SOFTWARE IS PROVIDED ON AN "AS IS" BASIS, WITHOUT WARRANTIES OF ANY KIND, EITHER EXPRESS OR IMPLIED,
# INCLUDING BUT NOT LIMITED TO NON-INFRINGEMENT, MERCHANTABILITY, OR FITNESS FOR A PARTICULAR PURPOSE.
# See LICENSE in the root of the software repository for the full text of the License.
# ----------------------------------------------------------------------------------------------------------------------
"""aclnnGcd keeps the whole API it replaces: the entry points and, per SoC, every dtype of ops-math's math/gcd (the
built-in) and experimental/math/gcd (the community version), compared through the committed snapshot of their facts
(opsmath_gcd_api.json); a requires_opsmath test re-extracts the snapshot from a checkout."""

from __future__ import annotations

import json
import os
from pathlib import Path

import pytest

import gcd_api_facts

OP_DIR = Path(__file__).resolve().parents[2]
SOCS = ("Ascend910", "Ascend910B", "Ascend910_93", "Ascend310P", "Ascend950")

# Which named list decides the promoted dtypes on each SoC, as each CheckDtypeValid selects it. math/gcd:
# IsRegBase() -> ASCEND950, ASCEND910 -> ASCEND910, every other SoC -> ASCEND910B. experimental/math/gcd has one
# list and a kernel for ascend910b / ascend910_93 only. Ours: GetDtypeSupportList (the native kernel's list on
# Ascend910B / Ascend910_93, math/gcd's lists elsewhere).
ACLNN_LISTS = {
    "math/gcd": {
        "Ascend910": "ASCEND910_DTYPE_SUPPORT_LIST",
        "Ascend910B": "ASCEND910B_DTYPE_SUPPORT_LIST",
        "Ascend910_93": "ASCEND910B_DTYPE_SUPPORT_LIST",
        "Ascend310P": "ASCEND910B_DTYPE_SUPPORT_LIST",
        "Ascend950": "ASCEND950_DTYPE_SUPPORT_LIST",
    },
    "experimental/math/gcd": {"Ascend910B": "GCD_DTYPE_SUPPORT_LIST", "Ascend910_93": "GCD_DTYPE_SUPPORT_LIST"},
    "ours": {
        "Ascend910": "ASCEND910_DTYPE_SUPPORT_LIST",
        "Ascend910B": "NATIVE_DTYPE_SUPPORT_LIST",
        "Ascend910_93": "NATIVE_DTYPE_SUPPORT_LIST",
        "Ascend310P": "ASCEND910B_DTYPE_SUPPORT_LIST",
        "Ascend950": "ASCEND950_DTYPE_SUPPORT_LIST",
    },
}
# The same for the L0 wrapper's AI Core lists (IsAiCoreSupport / AiCoreDtypes).
L0_LISTS = {
    "math/gcd": {
        "Ascend910": "ASCEND910B_AICORE_DTYPE_SUPPORT_LIST",
        "Ascend910B": "ASCEND910B_AICORE_DTYPE_SUPPORT_LIST",
        "Ascend910_93": "ASCEND910B_AICORE_DTYPE_SUPPORT_LIST",
        "Ascend310P": "ASCEND910B_AICORE_DTYPE_SUPPORT_LIST",
        "Ascend950": "ASCEND950_AICORE_DTYPE_SUPPORT_LIST",
    },
    "experimental/math/gcd": {
        "Ascend910B": "GCD_AICORE_DTYPE_SUPPORT_LIST",
        "Ascend910_93": "GCD_AICORE_DTYPE_SUPPORT_LIST",
    },
    "ours": {
        "Ascend910": "ASCEND910B_AICORE_DTYPE_SUPPORT_LIST",
        "Ascend910B": "NATIVE_AICORE_DTYPE_SUPPORT_LIST",
        "Ascend910_93": "NATIVE_AICORE_DTYPE_SUPPORT_LIST",
        "Ascend310P": "ASCEND910B_AICORE_DTYPE_SUPPORT_LIST",
        "Ascend950": "ASCEND950_AICORE_DTYPE_SUPPORT_LIST",
    },
}


@pytest.fixture(scope="module")
def theirs() -> dict:
    return json.loads(gcd_api_facts.SNAPSHOT.read_text(encoding="utf-8"))["operators"]


@pytest.fixture(scope="module")
def ours() -> dict:
    return gcd_api_facts.operator_facts(OP_DIR)


def _per_soc(facts: dict, key: str, mapping: dict[str, str]) -> dict[str, set[str]]:
    lists = facts[key]
    missing = sorted(set(mapping.values()) - set(lists))
    assert not missing, f"{key}: the sources no longer define {missing}; update the SoC mapping of this test"
    return {soc: set(lists[name]) for soc, name in mapping.items()}


@pytest.mark.parametrize("operator", gcd_api_facts.OPS_MATH_OPERATORS)
def test_entry_points_have_the_same_names_and_parameter_types(theirs, ours, operator):
    assert ours["entry_points"] == theirs[operator]["entry_points"]
    assert [e["name"] for e in ours["entry_points"]] == ["aclnnGcdGetWorkspaceSize", "aclnnGcd"]


@pytest.mark.parametrize(("key", "mappings"), [("aclnn_dtype_lists", ACLNN_LISTS), ("l0_dtype_lists", L0_LISTS)])
@pytest.mark.parametrize("operator", gcd_api_facts.OPS_MATH_OPERATORS)
def test_every_dtype_of_ops_math_is_kept_on_its_soc(theirs, ours, operator, key, mappings):
    mine = _per_soc(ours, key, mappings["ours"])
    for soc, dtypes in _per_soc(theirs[operator], key, mappings[operator]).items():
        assert dtypes <= mine[soc], f"{operator} {key} on {soc}: ours lacks {sorted(dtypes - mine[soc])}"


def test_native_dtypes_are_the_task_six_plus_the_built_in_ones(ours):
    native = _per_soc(ours, "aclnn_dtype_lists", ACLNN_LISTS["ours"])["Ascend910B"]
    assert native == {"FLOAT", "FLOAT16", "BF16", "INT8", "UINT8", "INT16", "INT32", "INT64"}
    assert _per_soc(ours, "l0_dtype_lists", L0_LISTS["ours"])["Ascend910B"] == native
    for param in ("x1", "x2", "y"):
        assert set(ours["opdef"]["params"][param]) == native


def test_opdef_covers_the_community_kernel_and_leaves_other_socs_to_the_built_in(theirs, ours):
    community = theirs["experimental/math/gcd"]["opdef"]
    assert ours["opdef"]["socs"] == community["socs"] == ["ascend910b", "ascend910_93"]
    for param, dtypes in community["params"].items():
        assert set(dtypes) <= set(ours["opdef"]["params"][param]), param
    # math/gcd's own Ascend C kernel (arch35) serves ascend950: this package does not register Gcd there.
    assert not set(theirs["math/gcd"]["opdef"]["socs"]) & set(ours["opdef"]["socs"])


def test_extraction_reports_a_missing_construct(tmp_path):
    (tmp_path / "aclnn_gcd.h").write_text("// no declarations\n", encoding="utf-8")
    with pytest.raises(gcd_api_facts.FactsError, match="no ACLNN_API declaration"):
        gcd_api_facts.entry_points(tmp_path / "aclnn_gcd.h")
    (tmp_path / "gcd_def.cpp").write_text('this->Input("x1").DataType(UNKNOWN_LIST); AddConfig("a");', encoding="utf-8")
    with pytest.raises(gcd_api_facts.FactsError, match="a list this file does not define"):
        gcd_api_facts.opdef(tmp_path / "gcd_def.cpp")


@pytest.mark.requires_opsmath
@pytest.mark.skipif(not os.environ.get("OPS_MATH"), reason="OPS_MATH=<hicann/ops-math checkout> is not set")
def test_snapshot_matches_a_fresh_extraction_from_ops_math():
    fresh = gcd_api_facts.ops_math_facts(Path(os.environ["OPS_MATH"]))
    committed = json.loads(gcd_api_facts.SNAPSHOT.read_text(encoding="utf-8"))
    assert fresh == committed, "regenerate with: " + committed["regenerate"]
