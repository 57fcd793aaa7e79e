"""Facts narrow a TBE document: branches a SoC or dtype decides are pruned from the calls, the flow and the mappings.

Works on the JSON document (what the cache holds), so narrowing never re-parses a file.
"""

from __future__ import annotations

from op_migrate.analyzers.fact_tests import decide
from op_migrate.analyzers.proto.condition_tests import decide_on
from op_migrate.analyzers.tbe.mappings import mapping_finding

_MAPPING_SYMBOLS = {"tbe-unknown-dsl-call", "tbe-no-direct-ascend-c-api"}


def dtype_fact(facts: dict[str, str], accepted: dict):
    """dtype_of(param): NAME=dtype facts by name; a bare dtype for every input that accepts it (or is unknown)."""

    def dtype_of(param: str | None) -> str | None:
        if param is not None and param in facts:
            return facts[param]
        wanted = facts.get("*")
        if wanted is None:
            return None
        if param is None or param not in accepted or wanted in {e["dtype"] for e in accepted[param]}:
            return wanted
        return None

    return dtype_of


def decide_all(test: dict | None, socs: list[str] | None, dtype_of, platform=None) -> bool | None:
    """decide() over the SoCs, with the install's platform facts answering api_check_support, intrinsic and
    get_soc_spec leaves SoC by SoC (the same answer on every SoC, or undecided)."""
    if platform is None or not socs:
        return decide(test, socs, dtype_of)
    outcomes = {decide_on(test, soc, platform, dtype_of) for soc in socs}
    return outcomes.pop() if len(outcomes) == 1 else None


def narrow_document(document: dict, socs: list[str] | None, dtype_facts: dict[str, str], platform=None) -> dict:
    """A copy of `document` with the guards the facts decide marked and the branches they rule out removed."""
    if document.get("status") not in ("analysed", "tik") or not (socs or dtype_facts):
        return document
    dtype_of = dtype_fact(dtype_facts, document.get("dtypes", {}))
    decisions: dict[str, bool | None] = {}
    guards = []
    for guard in document.get("guards", []):
        decision = decide_all(guard.get("test"), socs, dtype_of, platform)
        previous = decisions.get(guard["text"], decision)
        decisions[guard["text"]] = decision if previous == decision else None
        entry = {**guard, "decided": decision}
        if decision is None and socs:
            entry["soc_decided"] = _soc_part(guard.get("test"), socs)
        guards.append(entry)
    for text, decision in list(decisions.items()):
        if decision is not None:
            decisions[f"not ({text})"] = not decision
    calls = [c for c in document.get("dsl_calls", []) if not any(decisions.get(g) is False for g in c["guards"])]
    narrowed = dict(document)
    narrowed["guards"] = guards
    narrowed["dsl_calls"] = calls
    flow = document.get("flow") or {}
    if flow:
        narrowed["flow"] = {
            "roots": {name: _prune(items, decisions) for name, items in flow.get("roots", {}).items()},
            "helpers": {name: _prune(items, decisions) for name, items in flow.get("helpers", {}).items()},
            "hooks": flow.get("hooks", {}),
        }
    kept = {c["id"] for c in calls}
    mappings = []
    for mapping in document.get("mappings", []):
        lines = sorted({c["line"] for c in calls if c["name"] == mapping["name"]})
        if lines:
            mappings.append({**mapping, "lines": lines})
    narrowed["mappings"] = mappings
    findings = [f for f in document.get("findings", []) if f["symbol"] not in _MAPPING_SYMBOLS]
    for mapping in mappings:
        finding = mapping_finding(mapping, document["path"])
        if finding is not None:
            findings.append({"symbol": finding.symbol, "message": finding.message, "line": finding.line,
                             "severity": finding.severity.value})
    narrowed["findings"] = sorted(findings, key=lambda f: (f.get("line") or 0, f["symbol"], f["message"]))
    narrowed["pruned_calls"] = len(document.get("dsl_calls", [])) - len(kept)
    return narrowed


def _soc_part(test: dict | None, socs: list[str]) -> bool | None:
    """What the SoC facts make of the SoC tests inside an undecided guard (True: they hold, the rest decides)."""
    leaves = list(_soc_leaves(test))
    outcomes = {decide(leaf, socs, lambda param: None) for leaf in leaves}
    return outcomes.pop() if len(outcomes) == 1 else None


def _soc_leaves(test: dict | None):
    if not test:
        return
    if "soc" in test:
        yield test
    for part in test.get("all", test.get("any", ())):
        yield from _soc_leaves(part)
    if "not" in test:
        # not(SoC test) is one part with its own value; deeper negations are left to decide() as a whole.
        if "soc" in test["not"]:
            yield test


def _prune(items: list, decisions: dict) -> list:
    kept = []
    for item in items:
        if item.get("type") == "branch":
            decision = decisions.get(item["guard"])
            if decision is True:
                kept += _prune(item["then"], decisions)
                continue
            if decision is False:
                kept += _prune(item["else"], decisions)
                continue
            kept.append({**item, "then": _prune(item["then"], decisions), "else": _prune(item["else"], decisions)})
        elif item.get("type") == "loop":
            kept.append({**item, "body": _prune(item["body"], decisions)})
        else:
            kept.append(item)
    return kept
