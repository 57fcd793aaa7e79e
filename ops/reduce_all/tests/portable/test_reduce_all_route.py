# ----------------------------------------------------------------------------------------------------------
# Copyright (c) 2026 op-migrate contributors.
# This program is free software, you can redistribute it and/or modify it under the terms and conditions of
# CANN Open Software License Agreement Version 2.0 (the "License").
# Please refer to the License for details. You may not use this file except in compliance with the License.
# THIS SOFTWARE IS PROVIDED ON AN "AS IS" BASIS, WITHOUT WARRANTIES OF ANY KIND, EITHER EXPRESS OR IMPLIED,
# INCLUDING BUT NOT LIMITED TO NON-INFRINGEMENT, MERCHANTABILITY, OR FITNESS FOR A PARTICULAR PURPOSE.
# See LICENSE in the root of the software repository for the full text of the License.
# ----------------------------------------------------------------------------------------------------------

"""The aclnnAll op_api routes as `migrate analyze` walks them: AI Core only on 910B/910_93, nothing elsewhere."""

from __future__ import annotations

import json
from pathlib import Path

from click.testing import CliRunner
from op_migrate.migrate.cli import main

OP_API = Path(__file__).resolve().parents[2] / "op_api"


def _routes(*socs: str) -> list[dict]:
    args = ["analyze", "--no-cache", "--no-progress", str(OP_API), "--format", "json"]
    args += [item for soc in socs for item in ("--soc", soc)]
    args += ["--dtype", "self=int8", "--dtype", "out=bool"]
    result = CliRunner().invoke(main, args)
    document = json.loads(result.stdout)
    (entry,) = document["entries"]
    assert entry["name"] == "aclnnAllGetWorkspaceSize"
    return entry["routes"]


def test_910b_and_910_93_launch_reduce_all_on_ai_core_then_view_copy_only() -> None:
    routes = _routes("Ascend910B", "Ascend910_93")
    assert [r["facts"]["soc"] for r in routes] == ["Ascend910B", "Ascend910_93"]
    for route in routes:
        assert route["complete"]
        # The tail ViewCopy re-points ReduceAll's workspace result at the contiguous out: a step, no launch.
        assert [(t["op"], t["launcher"]) for t in route["tasks"]] == [("ReduceAll", "AI_CORE")]
        assert (route["steps"][-1]["op"], route["steps"][-1]["tasks"]) == ("ViewCopy", [])
        ops = {t["op"] for t in route["tasks"]}
        assert not ops & {"BroadcastTo", "Fill", "Cast"}


def test_other_socs_are_refused_before_any_launch() -> None:
    (route,) = _routes("Ascend910")
    assert route["tasks"] == []


def test_reduce_all_native_policy_passes() -> None:
    result = CliRunner().invoke(main, ["verify-route", str(OP_API), "--policy", "reduce_all-native"])
    assert result.exit_code == 0, result.output
    assert "PASS" in result.output and "0 fail, 0 incomplete" in result.output
