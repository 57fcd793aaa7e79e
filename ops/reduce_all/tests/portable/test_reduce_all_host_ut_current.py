# ----------------------------------------------------------------------------------------------------------
# Copyright (c) 2026 op-migrate contributors.
# This program is free software, you can redistribute it and/or modify it under the terms and conditions of
# CANN Open Software License Agreement Version 2.0 (the "License").
# Please refer to the License for details. You may not use this file except in compliance with the License.
# THIS SOFTWARE IS PROVIDED ON AN "AS IS" BASIS, WITHOUT WARRANTIES OF ANY KIND, EITHER EXPRESS OR IMPLIED,
# INCLUDING BUT NOT LIMITED TO NON-INFRINGEMENT, MERCHANTABILITY, OR FITNESS FOR A PARTICULAR PURPOSE.
# See LICENSE in the root of the software repository for the full text of the License.
# ----------------------------------------------------------------------------------------------------------

"""The op_host tiling UT (gtest, runs only where CANN exists) expects exactly what the portable core computes."""

from __future__ import annotations

import re
from pathlib import Path

import numpy as np
from reduce_all_cases import Case

UT = Path(__file__).resolve().parents[1] / "ut" / "op_host" / "test_reduce_all_tiling.cpp"
MODES = {"REDUCE_ALL_MODE_BATCH": 0, "REDUCE_ALL_MODE_BIG_REDUCE": 1, "REDUCE_ALL_MODE_FILL_TRUE": 2,
         "REDUCE_ALL_MODE_COLUMN": 3, "REDUCE_ALL_MODE_SPLIT": 4}


def _constant(text: str, name: str) -> int:
    return int(re.search(rf"constexpr \w+ {name} = (\d+);", text).group(1))


def _ut_cases() -> list[dict]:
    text = UT.read_text(encoding="utf-8")
    cores, ub = _constant(text, "DEFAULT_CORE_NUM"), _constant(text, "DEFAULT_UB_SIZE")
    cases = []
    for name, body in re.findall(r"TEST_F\(ReduceAllTilingTest, (\w+)\)\s*\{(.*?)\n\}", text, flags=re.S):
        axes = tuple(int(a) for a in re.search(r"axes = \{([^}]*)\}", body).group(1).replace(" ", "").split(",") if a)
        shape_text = re.search(r"(?:BuildTilingContext\(|TensorDescription\()\{\{([^}]*)\}", body).group(1)
        shape = tuple(int(d) for d in shape_text.replace(" ", "").split(",") if d)
        expected = {f"t.{k}": int(v) for k, v in re.findall(r"EXPECT_EQ\(t\.(\w+), (-?\d+)\)", body)}
        key = re.search(r"EXPECT_EQ\(tilingInfo\.tilingKey, (\w+)\)", body)
        if key:
            expected["key"] = MODES[key.group(1)]
        block = re.search(r"EXPECT_EQ\(tilingInfo\.blockNum, (\d+)\)", body)
        if block:
            expected["block_dim"] = int(block.group(1))
        fails = "EXPECT_FALSE(ExecuteTiling" in body
        cases.append({"name": name, "case": Case(shape, axes, False, cores, ub), "expected": expected, "fails": fails})
    return cases


def test_every_host_ut_expectation_matches_the_portable_core(plan_sim) -> None:
    cases = _ut_cases()
    assert len(cases) >= 7 and sum(c["fails"] for c in cases) == 2
    for item in cases:
        shape = item["case"].shape
        item["case"] = Case(shape, item["case"].axes, False, item["case"].core_num, item["case"].ub_size,
                            np.ones(shape, dtype=np.int8))
    results = plan_sim.run([c["case"] for c in cases])
    for item, result in zip(cases, results):
        if item["fails"]:
            assert result["status_name"] != "ok", item["name"]
            continue
        assert item["expected"], item["name"]
        actual = {name: result[name] for name in item["expected"]}
        assert actual == item["expected"], item["name"]
