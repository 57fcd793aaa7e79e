"""SARIF 2.1.0 for verify-route: one result per rule, location (the L2 call site) and launch, with every point of
the matrix where it holds, the call paths as codeFlows, a partialFingerprints key that survives line moves, and with a
baseline log the baselineState of each result (new, unchanged, or absent: in the baseline only)."""

from __future__ import annotations

import hashlib
from collections import OrderedDict
from pathlib import Path

from op_migrate.analyzers.policy.model import Policy
from op_migrate.analyzers.policy.verdict import Verdict, Violation
from op_migrate.analyzers.route.model import Site
from op_migrate.reports.verify_report import points_text

SARIF_SCHEMA = "https://json.schemastore.org/sarif-2.1.0.json"
SRCROOT = "SRCROOT"
FINGERPRINT = "opMigrateResult/v1"  # rule, file, calling function, op, launcher: not the line


def to_sarif(verdict: Verdict, policy: Policy, tool_version: str, source_root: Path | None = None,
             baseline: dict | None = None) -> dict:
    """The SARIF log of one verify-route run; incomplete points become tool execution notifications. `baseline`: an
    earlier log of this tool; each result then says whether it is new or unchanged, and the baseline's results that
    are gone are listed as absent."""
    rule_index = {rule.name: index for index, rule in enumerate(policy.rules)}
    rules = [
        {
            "id": rule.name,
            "name": rule.name,
            "shortDescription": {"text": rule.describe()},
            "fullDescription": {"text": rule.reason or rule.describe()},
            "defaultConfiguration": {"level": "error"},
            "properties": {"kind": rule.kind, "allow_may": rule.allow_may},
        }
        for rule in policy.rules
    ]
    grouped: OrderedDict[tuple, list[Violation]] = OrderedDict()
    for violation in verdict.violations:
        grouped.setdefault(_place(violation, source_root), []).append(violation)
    groups = list(grouped.values())  # in the verdict's order: points, then launches, as evaluated
    results = [_result(items, rule_index, source_root, key)
               for items, key in zip(groups, _fingerprints(groups, source_root))]
    if baseline is not None:
        results = _with_baseline(results, baseline)
    notifications = [
        {"level": "error", "message": {"text": f"{problem} [{_label(result.point)}]"}}
        for result in verdict.results
        for problem in result.problems
    ]
    notifications += [{"level": "warning", "message": {"text": note}} for note in verdict.notes]
    run = {
        "tool": {
            "driver": {
                "name": "op-migrate verify-route",
                "version": tool_version,
                "rules": rules,
            }
        },
        "invocations": [
            {
                "executionSuccessful": verdict.complete,
                "toolExecutionNotifications": notifications,
                "properties": {"policy": verdict.policy, "policy_source": verdict.policy_source, "target": verdict.target},
            }
        ],
        "results": results,
        "properties": {"passed": verdict.passed, "complete": verdict.complete},
    }
    if source_root is not None:
        run["originalUriBaseIds"] = {SRCROOT: {"uri": source_root.resolve().as_uri() + "/"}}
    return {"$schema": SARIF_SCHEMA, "version": "2.1.0", "runs": [run]}


def _anchor(violation: Violation, source_root: Path | None) -> dict | None:
    call_site = violation.call_path[0] if violation.call_path else None
    if call_site:
        return _location(call_site.file, call_site.line, source_root)
    return _location(violation.file, violation.line, source_root)


def _place(violation: Violation, source_root: Path | None) -> tuple:
    """What makes two violations one result: the rule, the location it is shown at, and what is launched there (a
    BroadcastTo on AI_CPU and a FloorMod on AI_CPU at one call site are two findings of one rule)."""
    anchor = _anchor(violation, source_root) or {}
    physical = anchor.get("physicalLocation", {})
    return (violation.rule, physical.get("artifactLocation", {}).get("uri"), physical.get("region", {}).get("startLine"),
            violation.op, violation.launcher)


def _fingerprints(groups: list[list[Violation]], source_root: Path | None) -> list[str]:
    """partialFingerprints keys that survive edits that move lines: rule, file, calling function, op, launcher, and
    the occurrence among results sharing those (in the verdict's order), so that no two results of a log share one."""
    keys, seen = [], {}
    for violations in groups:
        first = violations[0]
        anchor = _anchor(first, source_root) or {}
        uri = anchor.get("physicalLocation", {}).get("artifactLocation", {}).get("uri", "")
        caller = first.call_path[0].function if first.call_path else ""
        base = "\0".join([first.rule, uri, caller, first.op or "", first.launcher or ""])
        seen[base] = seen.get(base, 0) + 1
        keys.append(hashlib.sha256(f"{base}\0{seen[base]}".encode("utf-8")).hexdigest()[:32])
    return keys


def _result(violations: list[Violation], rule_index: dict[str, int], source_root: Path | None, key: str) -> dict:
    first = violations[0]
    anchor = _anchor(first, source_root)
    points = list(OrderedDict.fromkeys(v.point for v in violations))
    result = {
        "ruleId": first.rule,
        "level": "error",
        "message": {"text": f"{first.message} [on {points_text(points)}]"},
        "locations": [anchor] if anchor else [],
        "partialFingerprints": {FINGERPRINT: key},
        "properties": {
            "violations": len(violations),  # at this place, over every point (two broadcasts of one call count two)
            "entries": list(OrderedDict.fromkeys(v.point.entry for v in violations)),
            "points": [_label(point) for point in points],
            "facts": [point.facts_json() for point in points],
            "op": first.op,
            "launcher": first.launcher,
            "guards": list(OrderedDict.fromkeys(g for v in violations for g in v.guards)),
            "may": any(v.may for v in violations),
            "size": first.size,
            "symbol": first.symbol,
        },
    }
    if first.rule in rule_index:
        result["ruleIndex"] = rule_index[first.rule]
    flows = OrderedDict()
    for violation in violations:
        flow = _thread_flow(violation, source_root)
        if flow:
            flows.setdefault(repr(flow), flow)
    if flows:
        result["codeFlows"] = [{"message": {"text": "L2 call site -> helpers -> L0 -> launch"}, "threadFlows": [flow]}
                               for flow in flows.values()]
    return result


def _with_baseline(results: list[dict], baseline: dict) -> list[dict]:
    """Each result marked new or unchanged against the baseline's fingerprints; the baseline's results that are not
    found any more follow, marked absent."""
    old = OrderedDict()
    for run in baseline.get("runs", []):
        for result in run.get("results", []):
            key = (result.get("partialFingerprints") or {}).get(FINGERPRINT)
            if key and result.get("baselineState") != "absent":
                old.setdefault(key, result)
    marked = []
    for result in results:
        key = result["partialFingerprints"][FINGERPRINT]
        marked.append({**result, "baselineState": "unchanged" if key in old else "new"})
    current = {result["partialFingerprints"][FINGERPRINT] for result in results}
    gone = [{**result, "baselineState": "absent"} for key, result in old.items() if key not in current]
    for result in gone:
        result.pop("ruleIndex", None)  # an index into the baseline's rules, not this log's
    return marked + gone


def _thread_flow(violation: Violation, source_root: Path | None) -> dict | None:
    steps: list[tuple[Site | None, str]] = [(site, f"in {site.function}") for site in violation.call_path]
    launch = (violation.file, violation.line)
    if violation.file and (not violation.call_path or (violation.call_path[-1].file, violation.call_path[-1].line) != launch):
        what = f"launch of {violation.op} on {violation.launcher}" if violation.launcher else f"creation of {violation.tensor}"
        steps.append((Site(function=violation.op or "", file=violation.file, line=violation.line or 0), what))
    locations = []
    for depth, (site, text) in enumerate(steps):
        location = _location(site.file, site.line, source_root)
        if location is None:
            continue
        location["message"] = {"text": text}
        locations.append({"location": location, "nestingLevel": depth, "executionOrder": depth + 1})
    return {"locations": locations} if locations else None


def _location(file: str | None, line: int | None, source_root: Path | None) -> dict | None:
    if not file:
        return None
    physical = {"artifactLocation": _artifact(file, source_root)}
    if line and line > 0:
        physical["region"] = {"startLine": int(line)}
    return {"physicalLocation": physical}


def _artifact(file: str, source_root: Path | None) -> dict:
    path = Path(file)
    if source_root is not None and path.is_absolute():
        try:
            return {"uri": path.resolve().relative_to(source_root.resolve()).as_posix(), "uriBaseId": SRCROOT}
        except ValueError:
            pass
    if path.is_absolute():
        return {"uri": path.as_uri()}
    return {"uri": path.as_posix(), "uriBaseId": SRCROOT} if source_root is not None else {"uri": path.as_posix()}


def _label(point) -> str:
    parts = [point.entry, point.soc, point.dtype_label(), point.case]
    if point.scalars:
        parts.append(point.scalar_label())
    return " / ".join(parts)
