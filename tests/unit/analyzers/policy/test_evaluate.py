"""Evaluation over the matrix: exact violations of the "before" route set, a clean "after", incomplete points."""

from __future__ import annotations

import dataclasses
import json
from collections import Counter
from pathlib import Path

import jsonschema

from op_migrate.analyzers.policy import evaluate, load_policy, parse_policy
from op_migrate.analyzers.policy.route_json import RouteFileSource, route_from_json

ROUTES = Path(__file__).resolve().parents[4] / "tests" / "functional" / "verify" / "routes"
SIX = ("float16", "bfloat16", "float32", "int32", "int64")
L2 = "aclnnRemainderTensorTensorGetWorkspaceSize"
INPLACE = "aclnnInplaceRemainderTensorTensorGetWorkspaceSize"
# The scalar entries, with their cases and the mixed-dtype point each policy route adds (it computes on AI Core).
SCALAR_ENTRIES = (
    ("aclnnRemainderTensorScalarGetWorkspaceSize", ("tensor-scalar", "rank0-tensor-scalar"),
     "self=float16,other=float64,out=float16"),
    ("aclnnInplaceRemainderTensorScalarGetWorkspaceSize", ("inplace-tensor-scalar", "rank0-inplace-tensor-scalar"),
     "selfRef=float32,other=float64"),
    ("aclnnRemainderScalarTensorGetWorkspaceSize", ("scalar-tensor", "rank0-scalar-tensor"),
     "self=float64,other=int32,out=float32"),
)


def _expected_before() -> Counter:
    expected = Counter()
    rows = [(L2, 2, ("broadcast-both", "rank0-self"), (*SIX, "float64")),
            (INPLACE, 1, ("broadcast-other", "rank0-other"), (*SIX, "float64"))]
    rows += [(entry, 1, cases, (*SIX, "float64", mixed)) for entry, cases, mixed in SCALAR_ENTRIES]
    for entry, broadcasts, cases, dtypes in rows:
        for soc in ("Ascend910B", "Ascend910_93"):
            for dtype in dtypes:
                for case in cases:
                    # A scalar broadcast to a rank-0 tensor is one element: constant-sized, not output-sized.
                    if "Scalar" not in entry or not case.startswith("rank0"):
                        expected[(entry, soc, dtype, case, "no-output-sized-broadcast", "BroadcastTo", "AI_CORE")] += broadcasts
                    if dtype == "float64":
                        expected[(entry, soc, dtype, case, "no-aicpu-fallback", "FloorMod", "AI_CPU")] += 1
                        expected[(entry, soc, dtype, case, "floor_mod-on-aicore", "FloorMod", "AI_CORE")] += 1
    return expected


def test_before_routes_fail_with_exactly_the_expected_violations() -> None:
    verdict = evaluate(load_policy("floor_mod-native"), RouteFileSource(ROUTES / "floor_mod_before.json"))
    found = Counter((v.point.entry, v.point.soc, v.point.dtype_label(), v.point.case, v.rule, v.op, v.launcher)
                    for v in verdict.violations)
    assert found == _expected_before()
    assert verdict.violated and not verdict.passed and verdict.complete


def test_after_routes_pass_and_say_the_memory_check_did_not_run() -> None:
    verdict = evaluate(load_policy("floor_mod-native"), RouteFileSource(ROUTES / "floor_mod_after.json"),
                       memory_unavailable="no memory model here")
    assert verdict.passed and not verdict.violated
    assert {r.memory.status for r in verdict.results if r.memory} == {"not-run"}
    assert {r.point.case for r in verdict.results if r.memory is None} == {
        "rank0-self", "rank0-other", *(case for _, cases, _ in SCALAR_ENTRIES for case in cases)}
    assert verdict.notes == ("memory check not run: no memory model here",)


class FakeMemory:
    def __init__(self, gap):
        self._gap = gap

    def gap(self, route, point):
        return self._gap, "fake model"

    def figures(self, route, point):
        return None


def test_memory_gap_over_the_limit_fails_the_point() -> None:
    source = RouteFileSource(ROUTES / "floor_mod_after.json")
    over = evaluate(load_policy("floor_mod-native"), source, memory=FakeMemory(0.2))
    assert over.violated and over.complete
    assert {r.point.case for r in over.results if r.status == "fail"} == {"broadcast-both", "broadcast-other"}
    assert over.results[0].memory.detail == "predicted peak differs from the GPU reference by 20.0% (limit 5.0%) (fake model)"
    under = evaluate(load_policy("floor_mod-native"), source, memory=FakeMemory(0.01))
    assert under.passed and not under.violated


class Missing:
    label = "nothing"

    def route(self, entry, facts):
        return None


def test_missing_entry_is_incomplete_never_a_pass() -> None:
    verdict = evaluate(load_policy("gcd-native"), Missing())
    assert {r.status for r in verdict.results} == {"incomplete"}
    assert not verdict.complete and not verdict.violated and not verdict.passed
    assert verdict.results[0].problems == ("entry point aclnnGcdGetWorkspaceSize not found in nothing, so its routes "
                                           "cannot be checked; point the command at the sources that define it",)


class Partial:
    label = "partial"

    def __init__(self, route):
        self._route = route

    def route(self, entry, facts):
        return dataclasses.replace(self._route, entry=entry, complete=False)


def test_unparsed_construct_on_a_route_makes_it_incomplete_but_violations_still_count() -> None:
    after = RouteFileSource(ROUTES / "floor_mod_after.json").entries[1][1]
    before = RouteFileSource(ROUTES / "floor_mod_before.json").entries[1][1]
    clean = evaluate(load_policy("floor_mod-native"), Partial(after))
    assert not clean.complete and not clean.violated
    broken = evaluate(load_policy("floor_mod-native"), Partial(before))
    assert not broken.complete and broken.violated


def test_verdict_json_has_the_documented_shape() -> None:
    verdict = evaluate(load_policy("floor_mod-native"), RouteFileSource(ROUTES / "floor_mod_before.json"))
    document = json.loads(json.dumps(verdict.to_json()))
    assert document["schema"] == "op-migrate/verify@1" and document["passed"] is False and document["diff"] is None
    required = {"rule", "entry", "facts", "op", "launcher", "file", "line", "guards"}
    assert all(required <= set(v) for v in document["violations"])
    first = document["violations"][0]
    assert first["facts"]["soc"] == "Ascend910B" and first["guards"] == ["!IsNativeBroadcastFloorModType(promoteType)"]
    jsonschema.validate(document["violations"], {"type": "array", "items": {"type": "object", "required": sorted(required)}})


def test_route_json_round_trips() -> None:
    for _, route in RouteFileSource(ROUTES / "floor_mod_before.json").entries:
        assert route_from_json(json.loads(json.dumps(route.to_json()))) == route


def test_scoped_rules_only_fire_on_their_scalars() -> None:
    text = """
[policy]
name = "b"
entries = ["aclnnRemainderTensorTensorGetWorkspaceSize"]
[[policy.routes]]
soc = ["Ascend910B"]
dtype = ["float16"]
cases = [{ self = [1024, 1, 64], other = [1, 4096, 64], out = [1024, 4096, 64] }]
scalars = { prob = [0.5, 1.0] }
[[policy.forbid]]
op = "BroadcastTo"
when = { scalars = { prob = [1.0] } }
"""
    verdict = evaluate(parse_policy(text), RouteFileSource(ROUTES / "floor_mod_before.json"))
    assert [r.status for r in verdict.results] == ["pass", "fail"]
