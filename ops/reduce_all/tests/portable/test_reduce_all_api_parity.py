# ----------------------------------------------------------------------------------------------------------
# Copyright (c) 2026 op-migrate contributors.
# This program is free software, you can redistribute it and/or modify it under the terms and conditions of
# CANN Open Software License Agreement Version 2.0 (the "License").
# Please refer to the License for details. You may not use this file except in compliance with the License.
# THIS SOFTWARE IS PROVIDED ON AN "AS IS" BASIS, WITHOUT WARRANTIES OF ANY KIND, EITHER EXPRESS OR IMPLIED,
# INCLUDING BUT NOT LIMITED TO NON-INFRINGEMENT, MERCHANTABILITY, OR FITNESS FOR A PARTICULAR PURPOSE.
# See LICENSE in the root of the software repository for the full text of the License.
# ----------------------------------------------------------------------------------------------------------

"""aclnnAll keeps the API it replaces: entry points, parameter types, public macros and dtype lists equal ops-math's
(a committed snapshot in CI; re-extracted from $OPS_MATH by the requires_opsmath tests, which also compare the routes
on every SoC but 910B/910_93 with ops-math's own aclnn_all.cpp)."""

from __future__ import annotations

import json
import os
import re
from pathlib import Path

import pytest
import reduce_all_api_facts as facts
from click.testing import CliRunner
from op_migrate.migrate.cli import main

OPS_MATH = Path(os.environ["OPS_MATH"]) if os.environ.get("OPS_MATH") else None
NO_OPS_MATH = "OPS_MATH is not set: point it at a checkout of hicann/ops-math"
OPS_ROOT = facts.OP_API.parents[1]


def _snapshot() -> dict:
    document = json.loads(facts.SNAPSHOT.read_text(encoding="utf-8"))
    document.pop("source")
    return document


def test_entry_points_and_public_macros_match_ops_math() -> None:
    ours, theirs = facts.our_facts(), _snapshot()
    assert ours["entry_points"] == theirs["entry_points"]
    assert [e["name"] for e in ours["entry_points"]] == ["aclnnAllGetWorkspaceSize", "aclnnAll"]
    assert ours["public_macros"] == theirs["public_macros"]


def test_dtype_lists_and_their_socs_match_ops_math() -> None:
    ours, theirs = facts.our_facts(), _snapshot()
    assert ours["self_dtypes_and_out_dtypes"] == theirs["self_dtypes_and_out_dtypes"]
    assert ours["ascend910b_list_chosen_on"] == theirs["ascend910b_list_chosen_on"]


def test_the_dtypes_sent_straight_to_the_kernel_are_the_opdef_x_dtypes() -> None:
    """op_api skips the Cast to BOOL for SELF_DTYPES_KERNEL: exactly the x dtypes the OpDef registers."""
    kernel = facts.dtype_lists(facts.OP_API / "aclnn_all.cpp", {"SELF_DTYPES_KERNEL": "kernel"})["kernel"]
    opdef = (facts.OP_API.parent / "op_host" / "reduce_all_def.cpp").read_text(encoding="utf-8")
    x_list = re.search(r"xDataType\s*=\s*\{([^}]*)\}", opdef)
    assert x_list is not None
    assert sorted(set(re.findall(r"ge::(DT_\w+)", x_list.group(1)))) == kernel == [
        "DT_BF16", "DT_BOOL", "DT_FLOAT", "DT_FLOAT16", "DT_INT8", "DT_UINT8"]
    # Every kernel dtype is one the replaced API accepts.
    assert set(kernel) <= set(_snapshot()["self_dtypes_and_out_dtypes"]["self.ascend910b"])


def test_extraction_reports_a_renamed_list(tmp_path: Path) -> None:
    for name in ("aclnn_all.h", "aclnn_all.cpp"):
        (tmp_path / name).write_text((facts.OP_API / name).read_text(encoding="utf-8"), encoding="utf-8")
    source = tmp_path / "aclnn_all.cpp"
    source.write_text(source.read_text(encoding="utf-8").replace("OUT_DTYPES", "OUT_LIST"), encoding="utf-8")
    with pytest.raises(facts.FactsError, match="no dtype list for out"):
        facts.facts(tmp_path, facts.OUR_ROLES)


@pytest.mark.requires_opsmath
@pytest.mark.skipif(OPS_MATH is None, reason=NO_OPS_MATH)
def test_snapshot_is_current() -> None:
    current = json.loads(facts.snapshot_text(OPS_MATH))
    assert current == json.loads(facts.SNAPSHOT.read_text(encoding="utf-8")), (
        "opsmath_reduce_all_api.json is stale; regenerate: "
        "python ops/reduce_all/tests/portable/reduce_all_api_facts.py $OPS_MATH"
    )


SELF_DTYPES = ("bool", "int8", "uint8", "int16", "int32", "int64", "float32", "float16", "bfloat16", "float64")
OTHER_SOCS = ("Ascend910", "Ascend310P", "Ascend950")


def _tasks(op_api: Path, self_dtype: str, out_dtype: str, shapes: tuple[str, str]) -> list:
    """Per SoC route, its launches; or the symbol of the check that rejects the facts (the call fails there)."""
    # Both sides resolve L0 calls in ops-math (Cast, Fill, ...); ours finds its own ReduceAll first.
    args = ["analyze", "--no-cache", "--no-progress", str(op_api), "--format", "json"]
    args += ["--repo-root", str(OPS_ROOT), "--repo-root", str(OPS_MATH)]
    args += [item for soc in OTHER_SOCS for item in ("--soc", soc)]
    args += ["--dtype", f"self={self_dtype}", "--dtype", f"out={out_dtype}"]
    args += ["--shape", f"self={shapes[0]}", "--shape", f"out={shapes[1]}"]
    document = json.loads(CliRunner().invoke(main, args).stdout)
    (entry,) = document["entries"]
    assert all(route["complete"] for route in entry["routes"]), entry["routes"]
    return [
        route["rejected"]["symbol"] if route.get("rejected") else [(t["op"], t["launcher"]) for t in route["tasks"]]
        for route in entry["routes"]
    ]


@pytest.mark.requires_opsmath
@pytest.mark.skipif(OPS_MATH is None, reason=NO_OPS_MATH)
@pytest.mark.parametrize("self_dtype", SELF_DTYPES)
def test_other_socs_launch_what_ops_math_launches(self_dtype: str) -> None:
    """On Ascend910, Ascend310P and Ascend950 every dtype, out dtype and an empty self give the launches of
    ops-math's own aclnn_all.cpp, op by op and launcher by launcher."""
    theirs_api = OPS_MATH / facts.OPSMATH_OP_API
    for out_dtype in ("bool", "uint8"):
        for shapes in (("[64,3]", "[64]"), ("[64,0]", "[64]")):
            ours = _tasks(facts.OP_API, self_dtype, out_dtype, shapes)
            theirs = _tasks(theirs_api, self_dtype, out_dtype, shapes)
            assert ours == theirs, (self_dtype, out_dtype, shapes)
            # A SoC whose dtype list lacks self's dtype rejects the call (bfloat16 on Ascend910/310P) on both sides.
            assert all(isinstance(tasks, str) or any(op in ("ReduceAll", "Fill") for op, _ in tasks) for tasks in ours)
            assert any(not isinstance(tasks, str) for tasks in ours), (self_dtype, ours)
