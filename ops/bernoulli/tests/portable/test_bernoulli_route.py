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
import os
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
    assert len(doc["matrix"]) == 360 and all(point["status"] == "pass" for point in doc["matrix"])


def test_policy_passes_on_the_op_api_alone() -> None:
    """The built-in L0 catalog knows the out overload of l0op::DSAGenBitMask, so no ops-math root is needed."""
    code, doc = verify(OP_API)
    assert code == 0 and doc["passed"] and doc["complete"], doc["violations"]
    assert len(doc["matrix"]) == 360 and all(point["status"] == "pass" for point in doc["matrix"])


def test_the_old_chain_is_caught(fixture_root: Path) -> None:
    before = fixture_root / bernoulli_memory_report.DSA_DIR / "aclnn_bernoulli.cpp"
    code, doc = verify(before, "--repo-root", str(fixture_root))
    assert code == 1 and doc["complete"] and not doc["passed"]  # complete with violations (exit_codes.py)
    assert {"no-fill", "no-dropout-do-mask", "no-separate-uint8-mask"} <= {v["rule"] for v in doc["violations"]}
    # Both entries are caught on the random path only: the endpoints never built Fill / DropoutDoMask.
    failing = {(p["entry"], p["facts"]["scalars"]["prob"]) for p in doc["matrix"] if p["status"] != "pass"}
    assert failing == {("aclnnBernoulliGetWorkspaceSize", 0.5), ("aclnnInplaceBernoulliGetWorkspaceSize", 0.5)}


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
        if text.startswith("after: case n-3,"):
            # 3 float16 outputs are 6 bytes: the 16 bytes DSAGenBitMask writes get a tensor of their own.
            assert "| t3 | bernoullirandom | BernoulliRandom | alloc | [16] | uint8 |" in text
            assert "- Extra memory (the peak minus the entry's own tensors): `16·⌈N/128⌉`" in text
            continue
        # The UINT8 mask is a view of y_private, and ViewCopy re-points y_private at out: 0 extra bytes.
        assert "| t3 | alias | out | `0` |" in text
        assert "- Extra memory (the peak minus the entry's own tensors): `0`" in text


def test_memory_report_is_current(rendered: str) -> None:
    expected = rendered
    path = bernoulli_memory_report.REPORT_PATH
    actual = path.read_text(encoding="utf-8") if path.exists() else ""
    assert actual == expected, "regenerate with: python ops/bernoulli/tests/portable/bernoulli_memory_report.py"


def test_every_entry_point_counts_like_with_like_at_the_seeds_case(fixture_root: Path) -> None:
    """self = out = [4096, 1024] float32, prob = 0.5 on Ascend910B: the scalar entries peak at exactly the GPU
    reference (32 MiB out of place, 16 MiB in place) where the old chain needed 16.5 MiB more; the Tensor-prob entries
    keep the old chain and its figures."""
    before = bernoulli_memory_report._entry_routes(fixture_root, fixture_root / bernoulli_memory_report.DSA_DIR /
                                                   "aclnn_bernoulli.cpp")
    after = bernoulli_memory_report._entry_routes(fixture_root, fixture_root / bernoulli_memory_report.AFTER_DIR /
                                                  "aclnn_bernoulli.cpp")
    tensor = 4096 * 1024 * 4
    scalar_entries = (("aclnnBernoulliGetWorkspaceSize", 2 * tensor), ("aclnnInplaceBernoulliGetWorkspaceSize", tensor))
    for entry, own in scalar_entries:
        new, old = after[entry]["memory"], before[entry]["memory"]
        assert (new["npu_total_bytes"], new["gpu_reference_bytes"], new["peak_bytes"]) == (own, own, 0), entry
        assert old["peak_bytes"] > tensor, entry  # the old Fill tensor and the separate mask
        assert [t["op"] for t in after[entry]["tasks"]] == ["DSAGenBitMask", "BernoulliExpand"]
    for entry in ("aclnnBernoulliTensorGetWorkspaceSize", "aclnnInplaceBernoulliTensorGetWorkspaceSize"):
        new, old = after[entry]["memory"], before[entry]["memory"]
        assert (new["npu_total_bytes"], new["peak_bytes"]) == (old["npu_total_bytes"], old["peak_bytes"]), entry
        ops = [(t["op"], t["launcher"]) for t in after[entry]["tasks"]]
        assert ops == [(t["op"], t["launcher"]) for t in before[entry]["tasks"]] == [("StatelessBernoulli", "AI_CPU")]


def _routes(source: Path, socs: tuple[str, ...], dtype: str, *roots: Path) -> dict[tuple[str, str], list]:
    args = ["analyze", str(source), "--kind", "aclnn", "--format", "json", "--no-cache", "--no-progress",
            "--dtype", dtype, "--scalar", "prob=0.5", "--shape", "self=[64,64]", "--shape", "out=[64,64]",
            "--shape", "prob=[64,64]"]
    for root in roots:
        args += ["--repo-root", str(root)]
    for soc in socs:
        args += ["--soc", soc]
    result = CliRunner().invoke(main, args)
    assert result.exit_code in (0, 1), result.output
    return {(e["name"], r["facts"]["soc"]): [(t["op"], t["launcher"]) for t in r["tasks"]]
            for e in json.loads(result.stdout)["entries"] for r in e["routes"]}


def test_the_native_kernel_runs_only_for_a_scalar_prob_on_dav_2201() -> None:
    """Everything else keeps StatelessBernoulli (its launcher from the L0 catalog here)."""
    routes = _routes(OP_API / "aclnn_bernoulli.cpp", ("Ascend910B", "Ascend910_93", "Ascend950", "Ascend910"),
                     "float32", OP_API.parents[1])
    assert len(routes) == 16
    for (entry, soc), tasks in routes.items():
        native = "Tensor" not in entry and soc in ("Ascend910B", "Ascend910_93")
        ops = [op for op, _ in tasks]
        assert ops == (["DSAGenBitMask", "BernoulliExpand"] if native else ["StatelessBernoulli"]), (entry, soc, tasks)


@pytest.mark.requires_opsmath
@pytest.mark.skipif(not os.environ.get("OPS_MATH"), reason="OPS_MATH=<hicann/ops-math checkout> is not set")
@pytest.mark.parametrize("dtype", ["float32", "bfloat16", "int8", "float64"])
def test_routes_equal_ops_math_wherever_the_native_kernel_is_not_chosen(dtype: str) -> None:
    """Both files against the real ops-math L0s: every route but the scalar-prob one on DAV_2201 is ops-math's."""
    opsmath = Path(os.environ["OPS_MATH"])
    socs = ("Ascend910B", "Ascend910_93", "Ascend950", "Ascend910")
    theirs = _routes(opsmath / "random/dsa_gen_bit_mask/op_host/op_api/aclnn_bernoulli.cpp", socs, dtype, opsmath)
    ours = _routes(OP_API / "aclnn_bernoulli.cpp", socs, dtype, OP_API.parents[1], opsmath)
    assert set(ours) == set(theirs) and len(ours) == 16
    for key, tasks in ours.items():
        if "Tensor" not in key[0] and key[1] in ("Ascend910B", "Ascend910_93"):
            assert [op for op, _ in tasks] == ["DSAGenBitMask", "BernoulliExpand"], key
            assert "DropOutDoMask" in [op for op, _ in theirs[key]] or "DropoutDoMask" in [op for op, _ in theirs[key]]
        else:
            assert tasks == theirs[key], key
