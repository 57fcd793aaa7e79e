# ----------------------------------------------------------------------------------------------------------------------
# Copyright (c) 2026 op-migrate contributors.
# This program is free software, you can redistribute it and/or modify it under the terms and conditions of
# CANN Open Software License Agreement Version 2.0 (the "License").
# Please refer to the License for details. You may not use this file except in compliance with the License.
# THIS SOFTWARE IS PROVIDED ON AN "AS IS" BASIS, WITHOUT WARRANTIES OF ANY KIND, EITHER EXPRESS OR IMPLIED,
# INCLUDING BUT NOT LIMITED TO NON-INFRINGEMENT, MERCHANTABILITY, OR FITNESS FOR A PARTICULAR PURPOSE.
# See LICENSE in the root of the software repository for the full text of the License.
# ----------------------------------------------------------------------------------------------------------------------
"""aclnnBernoulli's op_api against the built-in bernoulli-dav2201 policy, the old chain as a negative control, and
the committed memory report being current."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from click.testing import CliRunner

from op_migrate.migrate.cli import main

import bernoulli_memory_report

OP_API = Path(__file__).resolve().parents[2] / "op_api"


def verify(path: Path, *extra: str) -> tuple[int, dict]:
    result = CliRunner().invoke(main, ["verify-route", str(path), "--policy", "bernoulli-dav2201", "--format", "json",
                                       *extra])
    return result.exit_code, json.loads(result.output)


@pytest.fixture(scope="module")
def fixture_root(tmp_path_factory) -> Path:
    return bernoulli_memory_report.build_root(tmp_path_factory.mktemp("route") / "ops-math")


def test_policy_passes_with_the_dsa_l0_resolvable(fixture_root: Path) -> None:
    code, doc = verify(fixture_root / bernoulli_memory_report.AFTER_DIR, "--repo-root", str(fixture_root))
    assert code == 0 and doc["passed"] and doc["complete"], doc["violations"]
    assert len(doc["matrix"]) == 240 and all(point["status"] == "pass" for point in doc["matrix"])


def test_policy_passes_on_the_op_api_alone() -> None:
    """The built-in L0 catalog knows the out overload of l0op::DSAGenBitMask, so no ops-math root is needed."""
    code, doc = verify(OP_API)
    assert code == 0 and doc["passed"] and doc["complete"], doc["violations"]
    assert len(doc["matrix"]) == 240 and all(point["status"] == "pass" for point in doc["matrix"])


def test_the_old_chain_is_caught(fixture_root: Path) -> None:
    before = fixture_root / bernoulli_memory_report.DSA_DIR / "aclnn_bernoulli.cpp"
    code, doc = verify(before, "--repo-root", str(fixture_root))
    assert code == 2  # violations found, and some points incomplete: an incomplete run exits 2 (exit_codes.py)
    assert {"no-fill", "no-dropout-do-mask"} <= {v["rule"] for v in doc["violations"]}


@pytest.fixture(scope="module")
def rendered() -> str:
    return bernoulli_memory_report.render()


def test_memory_report_shows_the_intermediates_gone_and_the_mask_free(rendered: str) -> None:
    sections = rendered.split("\n## ")[2:]
    before = [s for s in sections if s.startswith("before")]
    after = [s for s in sections if s.startswith("after")]
    assert len(before) == len(after) == len(bernoulli_memory_report.CASES)
    for text in before:
        assert "| Fill | AI_CORE |" in text and "| DropoutDoMask | AI_CORE |" in text
    assert any("| Cast | AI_CORE |" in text for text in before)  # int64: the FP16 result is cast to the output
    for text in after:
        assert "Fill" not in text and "DropoutDoMask" not in text and "| Cast |" not in text
        # The UINT8 mask is a view of y_private, and ViewCopy re-points y_private at out: 0 extra bytes.
        assert "| t3 | alias | out | `0` |" in text
        assert "- Extra memory (the peak minus the entry's own tensors): `0`" in text


def test_memory_report_is_current(rendered: str) -> None:
    expected = rendered
    path = bernoulli_memory_report.REPORT_PATH
    actual = path.read_text(encoding="utf-8") if path.exists() else ""
    assert actual == expected, "regenerate with: python ops/bernoulli/tests/portable/bernoulli_memory_report.py"
