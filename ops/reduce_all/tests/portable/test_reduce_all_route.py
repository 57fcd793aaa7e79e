# ----------------------------------------------------------------------------------------------------------
# Copyright (c) 2026 op-migrate contributors.
# This program is free software, you can redistribute it and/or modify it under the terms and conditions of
# CANN Open Software License Agreement Version 2.0 (the "License").
# Please refer to the License for details. You may not use this file except in compliance with the License.
# THIS SOFTWARE IS PROVIDED ON AN "AS IS" BASIS, WITHOUT WARRANTIES OF ANY KIND, EITHER EXPRESS OR IMPLIED,
# INCLUDING BUT NOT LIMITED TO NON-INFRINGEMENT, MERCHANTABILITY, OR FITNESS FOR A PARTICULAR PURPOSE.
# See LICENSE in the root of the software repository for the full text of the License.
# ----------------------------------------------------------------------------------------------------------

"""The aclnnAll op_api routes as `migrate analyze` walks them: the Ascend C kernel on 910B/910_93, the replaced
chain (Cast to BOOL, the built-in ReduceAll, Cast to out, a Fill for an empty self) on every other SoC."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from click.testing import CliRunner
from op_migrate.migrate.cli import main

OP_API = Path(__file__).resolve().parents[2] / "op_api"


def _routes(*socs: str, self: str = "int8", out: str = "bool", shapes=("[64,3]", "[64]")) -> list[dict]:
    args = ["analyze", "--no-cache", "--no-progress", str(OP_API), "--format", "json"]
    args += [item for soc in socs for item in ("--soc", soc)]
    args += ["--dtype", f"self={self}", "--dtype", f"out={out}"]
    args += ["--shape", f"self={shapes[0]}", "--shape", f"out={shapes[1]}"]
    result = CliRunner().invoke(main, args)
    document = json.loads(result.stdout)
    (entry,) = document["entries"]
    assert entry["name"] == "aclnnAllGetWorkspaceSize"
    return entry["routes"]


def _tasks(route: dict) -> list[tuple[str, str]]:
    assert route["complete"], route["incomplete_reasons"]
    return [(t["op"], t["launcher"]) for t in route["tasks"]]


@pytest.mark.parametrize("self_dtype", ["int8", "bool", "uint8", "float32", "float16", "bfloat16"])
def test_910b_and_910_93_byte_and_float_dtypes_launch_reduce_all_only(self_dtype) -> None:
    routes = _routes("Ascend910B", "Ascend910_93", self=self_dtype)
    assert [r["facts"]["soc"] for r in routes] == ["Ascend910B", "Ascend910_93"]
    for route in routes:
        assert _tasks(route) == [("ReduceAll", "AI_CORE")]
        # The tail ViewCopy re-points ReduceAll's workspace result at the contiguous out: a step, no launch.
        assert (route["steps"][-1]["op"], route["steps"][-1]["tasks"]) == ("ViewCopy", [])


@pytest.mark.parametrize("self_dtype", ["int16", "int32", "int64", "float64"])
def test_910b_wider_dtypes_cast_to_bool_before_the_kernel(self_dtype) -> None:
    """The float types go straight into the kernel as in ops-math's chain on 910B (no input-sized Cast); the other
    wide types take the Cast to BOOL that chain takes for them."""
    (route,) = _routes("Ascend910B", self=self_dtype)
    assert _tasks(route) == [("Cast", "AI_CORE"), ("ReduceAll", "AI_CORE")]
    cast, reduce = route["tasks"]
    assert reduce["reads"] == cast["writes"]


def test_910b_uint8_out_casts_the_result_and_empty_reductions_use_the_kernel() -> None:
    (route,) = _routes("Ascend910B", out="uint8")
    assert _tasks(route) == [("ReduceAll", "AI_CORE"), ("Cast", "AI_CORE")]
    (route,) = _routes("Ascend910B", shapes=("[64,0]", "[64]"))
    assert _tasks(route) == [("ReduceAll", "AI_CORE")]


def test_other_socs_keep_the_replaced_chain() -> None:
    for route in _routes("Ascend910", "Ascend310P", "Ascend950", out="uint8"):
        assert _tasks(route) == [("Cast", "AI_CORE"), ("ReduceAll", "AI_CORE"), ("Cast", "AI_CORE")]
    # The RegBase arch takes the float types straight into its built-in ReduceAll.
    routes = _routes("Ascend910", "Ascend950", self="float32")
    assert [_tasks(r) for r in routes] == [[("Cast", "AI_CORE"), ("ReduceAll", "AI_CORE")], [("ReduceAll", "AI_CORE")]]
    (route,) = _routes("Ascend910", shapes=("[64,0]", "[64]"))
    assert _tasks(route) == [("Fill", "AI_CORE")]


def test_reduce_all_native_policy_passes() -> None:
    result = CliRunner().invoke(main, ["verify-route", str(OP_API), "--policy", "reduce_all-native"])
    assert result.exit_code == 0, result.output
    assert "PASS" in result.output and "0 fail, 0 incomplete" in result.output
