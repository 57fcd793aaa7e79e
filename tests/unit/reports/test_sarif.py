"""SARIF 2.1.0 output: valid against the official schema, results at the L2 call site, call paths as codeFlows."""

from __future__ import annotations

import json
from pathlib import Path

import jsonschema
import pytest

from op_migrate.analyzers.policy import evaluate, load_policy
from op_migrate.analyzers.policy.route_json import RouteFileSource
from op_migrate.reports.sarif import to_sarif

HERE = Path(__file__).resolve()
SCHEMA = json.loads((HERE.parents[2] / "data" / "sarif-schema-2.1.0.json").read_text(encoding="utf-8"))
ROUTES = HERE.parents[2] / "functional" / "verify" / "routes"


def _sarif(name: str, source_root: Path | None = None) -> dict:
    policy = load_policy("floor_mod-native")
    verdict = evaluate(policy, RouteFileSource(ROUTES / name), memory_unavailable="no model")
    return json.loads(json.dumps(to_sarif(verdict, policy, "0.1.0", source_root)))


@pytest.mark.parametrize("name", ["floor_mod_before.json", "floor_mod_after.json"])
def test_output_is_valid_sarif_2_1_0(name: str, tmp_path: Path) -> None:
    jsonschema.Draft7Validator.check_schema(SCHEMA)
    jsonschema.Draft7Validator(SCHEMA).validate(_sarif(name))
    jsonschema.Draft7Validator(SCHEMA).validate(_sarif(name, source_root=tmp_path))


def test_the_schema_rejects_a_broken_log() -> None:
    broken = _sarif("floor_mod_before.json")
    broken["runs"][0]["results"][0]["level"] = "fatal"
    with pytest.raises(jsonschema.ValidationError):
        jsonschema.Draft7Validator(SCHEMA).validate(broken)


def test_one_result_per_rule_and_location_at_the_l2_call_site_with_a_code_flow() -> None:
    run = _sarif("floor_mod_before.json")["runs"][0]
    assert [rule["id"] for rule in run["tool"]["driver"]["rules"]] == [
        "no-output-sized-broadcast", "no-aicpu-fallback", "floor_mod-on-aicore"]
    # 154 violations (88 on the Tensor-Tensor entries, 22 on each of the three scalar ones) at 15 places.
    places = [(r["ruleId"], r["locations"][0]["physicalLocation"]["artifactLocation"]["uri"],
               r["locations"][0]["physicalLocation"]["region"]["startLine"]) for r in run["results"]]
    assert len(places) == len(set(places)) == 15
    assert sum(r["properties"]["violations"] for r in run["results"]) == 154
    fingerprints = [r["partialFingerprints"]["opMigrateResult/v1"] for r in run["results"]]
    assert len(set(fingerprints)) == 15
    first = run["results"][0]
    assert first["message"]["text"].startswith("BroadcastTo on AI_CORE is reachable") and " point(s): " in \
        first["message"]["text"]
    location = first["locations"][0]["physicalLocation"]
    assert (location["artifactLocation"]["uri"], location["region"]["startLine"]) == (
        "math/floor_mod/op_api/aclnn_remainder.cpp", 300)
    steps = first["codeFlows"][0]["threadFlows"][0]["locations"]
    assert [s["location"]["message"]["text"] for s in steps] == [
        "in aclnnRemainderTensorTensorGetWorkspaceSize", "in BroadcastTensor", "in l0op::BroadcastTo",
        "launch of BroadcastTo on AI_CORE"]
    assert steps[-1]["location"]["physicalLocation"]["region"]["startLine"] == 33
    assert first["properties"]["guards"] == ["!IsNativeBroadcastFloorModType(promoteType)"]
    assert run["invocations"][0]["executionSuccessful"] is True


def test_a_passing_run_has_no_results_and_notes_the_memory_check() -> None:
    run = _sarif("floor_mod_after.json")["runs"][0]
    assert run["results"] == []
    assert run["invocations"][0]["toolExecutionNotifications"] == [
        {"level": "warning", "message": {"text": "memory check not run: no model"}}]
