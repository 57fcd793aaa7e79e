"""The project's own operators in ops/ pass their verify-route policies (for each op folder that has an op_api)."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from click.testing import CliRunner

from op_migrate.migrate.cli import main

OPS = Path(__file__).resolve().parents[2] / "ops"
POLICIES = {
    "floor_mod": "floor_mod-native",
    "bernoulli": "bernoulli-dav2201",
    "gcd": "gcd-native",
    "reduce_all": "reduce_all-native",
}
PRESENT = [op for op in POLICIES if any((OPS / op / "op_api").glob("*.cpp"))]


def test_at_least_one_operator_is_checked() -> None:
    assert PRESENT, "no ops/<op>/op_api found: the own-operator policy check would check nothing"


@pytest.mark.parametrize("op", PRESENT)
def test_own_operator_passes_its_policy(op: str) -> None:
    result = CliRunner().invoke(
        main, ["verify-route", str(OPS / op / "op_api"), "--repo-root", str(OPS), "--policy", POLICIES[op], "--format", "json"]
    )
    document = json.loads(result.output)
    problems = [r["problems"] for r in document["matrix"] if r["problems"]]
    assert (result.exit_code, document["violations"], problems) == (0, [], [])
    assert document["passed"] is True


def test_memory_lines_of_the_report_are_in_mib_and_the_json_keeps_bytes() -> None:
    args = ["verify-route", str(OPS / "floor_mod" / "op_api"), "--repo-root", str(OPS), "--policy", "floor_mod-native"]
    text = CliRunner().invoke(main, args).output
    memory = [line for line in text.splitlines() if "vs GPU reference" in line and "NPU peak" in line]
    assert memory and all(" MiB predicted vs GPU reference " in line for line in memory), memory
    document = json.loads(CliRunner().invoke(main, [*args, "--format", "json"]).output)
    rows = [row for row in document["matrix"] if (row.get("memory") or {}).get("status") == "pass"]
    assert rows and all(" MiB " in row["memory"]["detail"] for row in rows), rows[:1]
    seed = next(row["memory"] for row in rows if row["facts"]["case"] == "broadcast-both")
    assert seed["npu_total_bytes"] == seed["gpu_reference_bytes"] > 512 * 2**20
