"""SARIF 2.1.0 for verify-route: a result per violation at the L2 call site, the call path as a codeFlow."""

from __future__ import annotations

from pathlib import Path

from op_migrate.analyzers.policy.model import Policy
from op_migrate.analyzers.policy.verdict import Verdict, Violation
from op_migrate.analyzers.route.model import Site

SARIF_SCHEMA = "https://json.schemastore.org/sarif-2.1.0.json"
SRCROOT = "SRCROOT"


def to_sarif(verdict: Verdict, policy: Policy, tool_version: str, source_root: Path | None = None) -> dict:
    """The SARIF log of one verify-route run; incomplete points become tool execution notifications."""
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
    results = [_result(v, rule_index, source_root) for v in verdict.violations]
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


def _result(violation: Violation, rule_index: dict[str, int], source_root: Path | None) -> dict:
    call_site = violation.call_path[0] if violation.call_path else None
    anchor = _location(call_site.file, call_site.line, source_root) if call_site else _location(
        violation.file, violation.line, source_root)
    result = {
        "ruleId": violation.rule,
        "level": "error",
        "message": {"text": f"{violation.message} [{_label(violation.point)}]"},
        "locations": [anchor] if anchor else [],
        "properties": {
            "entry": violation.point.entry,
            "facts": violation.point.facts_json(),
            "op": violation.op,
            "launcher": violation.launcher,
            "guards": list(violation.guards),
            "may": violation.may,
            "size": violation.size,
            "symbol": violation.symbol,
        },
    }
    if violation.rule in rule_index:
        result["ruleIndex"] = rule_index[violation.rule]
    flow = _thread_flow(violation, source_root)
    if flow:
        result["codeFlows"] = [{"message": {"text": "L2 call site -> helpers -> L0 -> launch"}, "threadFlows": [flow]}]
    return result


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
