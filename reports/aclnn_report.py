"""Renderers of the ACLNN chain document: Markdown (step diagrams and tables), a terminal tree, the summary, and the
one-line route outcomes for stderr."""

from __future__ import annotations

from collections import Counter
from pathlib import PurePath

from op_migrate.reports.aclnn_mermaid import mermaid
from op_migrate.reports.findings_text import finding_lines
from op_migrate.reports.render import render

RESOLUTIONS = ("repo", "catalog", "generated-catalog", "unresolved")
MAX_OUTCOME_LINES = 40  # stderr lines for incomplete routes in a directory run; the rest are counted


def asked_routes(document: dict) -> list[dict]:
    """The routes the run was asked for: the routes per facts, or the fact-free chain when no facts were given."""
    return [r for e in document["entries"] for r in (e["routes"] or ([e["chain"]] if e.get("chain") else []))]


def summary(document: dict) -> dict:
    """Counts over the document: routes complete / decided / incomplete by reason, L0 calls by resolution."""
    calls = [call for f in document["files"] for call in f["l0_calls"]]
    resolution = Counter(call["resolved"] for call in calls)
    routes = asked_routes(document)
    launches = Counter(task["launcher"] for route in routes for task in route["tasks"])
    executor = Counter()
    for f in document["files"]:
        executor.update(f["executor_calls"])
    unresolved = Counter(call["op"] for call in calls if call["resolved"] == "unresolved")
    complete = [r for r in routes if r["complete"]]
    # A route counts once under each reason it has (a route with three unparsed lines is one such route).
    reasons = Counter(symbol for r in routes if not r["complete"]
                      for symbol in {reason["symbol"] for reason in _route_reasons(r)})
    return {
        "files": len(document["files"]),
        "failed_files": len(document["failed"]),
        "entry_points": len(document["entries"]),
        "routes": len(routes),
        "complete_routes": len(complete),
        "decided_routes": sum(1 for r in complete if r.get("decided", True) and not r.get("rejected")),
        # Routes a check rejects: the call fails for the facts given (a true answer, and no route).
        "rejected_routes": sum(1 for r in routes if r.get("rejected")),
        "routes_failing_on_some_paths": sum(1 for r in routes if r.get("fails_when")),
        "incomplete_routes": len(routes) - len(complete),
        "incomplete_by_reason": dict(reasons.most_common()),
        "l0_calls": len(calls),
        "l0_by_resolution": {kind: resolution.get(kind, 0) for kind in RESOLUTIONS},
        "l0_resolved_repo": resolution.get("repo", 0),
        "l0_resolved_catalog": resolution.get("catalog", 0) + resolution.get("generated-catalog", 0),
        "l0_unresolved": resolution.get("unresolved", 0),
        "l0_stand_ins_passed_over": sum(1 for call in calls if call.get("rejected")),
        "launches_per_kind": dict(sorted(launches.items())),
        "executor_calls": dict(sorted(executor.items())),
        "top_unresolved": [[name, count] for name, count in unresolved.most_common(10)],
    }


def _route_reasons(route: dict) -> list[dict]:
    return route.get("incomplete_reasons") or [{"symbol": "route-incomplete", "message": "no reason recorded"}]


def outcome(route: dict) -> str:
    """"complete, decided" / "complete, not decided (2 may launches)" / "incomplete (l0-op-unresolved)" /
    "rejected: the call fails for these facts"."""
    if route.get("rejected"):
        return "rejected: the call fails for these facts" + ("" if route["complete"] else ", incomplete")
    if route.get("facts_not_broadcastable"):
        return "no valid call: the given shapes do not broadcast here (facts-not-broadcastable)"
    fails = "; fails for these facts on some paths" if route.get("fails_when") else ""
    if not route["complete"]:
        symbols = sorted({reason["symbol"] for reason in _route_reasons(route)})
        return f"incomplete ({', '.join(symbols)})" + fails
    may = sum(1 for task in route["tasks"] if task["may"])
    return ("complete, decided" if not may else f"complete, not decided ({may} may launch{'es' * (may != 1)})") + fails


def outcome_lines(document: dict) -> list[str]:
    """What stderr says about the routes: each route's outcome and why (in a directory run, a count and the
    incomplete routes only)."""
    routes = [(e, r) for e in document["entries"] for r in (e["routes"] or ([e["chain"]] if e.get("chain") else []))]
    many = len(document["files"]) > 3
    lines = []
    if many:
        s = document["summary"]
        share = f"{100 * s['complete_routes'] / s['routes']:.0f}%" if s["routes"] else "-"
        reasons = ", ".join(f"{symbol} {count}" for symbol, count in s["incomplete_by_reason"].items()) or "none"
        lines.append(f"routes: {s['routes']}, complete {s['complete_routes']} ({share}), of them decided "
                     f"{s['decided_routes']}; rejected by their checks for these facts {s['rejected_routes']} "
                     f"(and failing on some paths {s['routes_failing_on_some_paths']}); "
                     f"incomplete {s['incomplete_routes']} (by reason: {reasons})")
    shown = 0
    for entry, route in routes:
        if many and route["complete"]:
            continue
        if shown == MAX_OUTCOME_LINES:
            lines.append(f"... and {sum(1 for _, r in routes if not r['complete']) - shown} more incomplete routes")
            break
        shown += 1
        lines.append(f"route {entry['name']} [{facts_label(route['facts'])}]: {outcome(route)}")
        if route.get("rejected"):
            lines.append(f"  {route['rejected']['symbol']}: {route['rejected']['message']}")
        for failure in route.get("fails_when", ())[:3]:
            lines.append(f"  {failure['symbol']}: {failure['message']}")
        if not route["complete"]:
            for reason in _route_reasons(route)[:3]:
                where = ":".join(str(p) for p in (reason.get("file"), reason.get("line")) if p)
                lines.append(f"  {reason['symbol']}: " + (f"{where}: " if where else "") + reason["message"])
        elif any(task["may"] for task in route["tasks"]) and not route.get("rejected"):
            lines.append("  undecided: " + "; ".join(route["undecided_guards"][:3])
                         + (" ..." if len(route["undecided_guards"]) > 3 else ""))
    return lines


def markdown(document: dict) -> str:
    return render("reports/aclnn/report.md.j2", doc=document, entries=[_entry_view(e) for e in document["entries"]],
                  summary_rows=_summary_rows(document["summary"]), many=len(document["files"]) > 3)


def text(document: dict) -> str:
    """A terminal tree: entry -> facts and outcome -> steps (L0 calls) -> the launches each made."""
    lines = []
    if len(document["files"]) > 3:
        lines.append("summary")
        lines.extend(f"  {label}: {value}" for label, value in _summary_rows(document["summary"]))
    for entry in document["entries"]:
        lines.append(f"{entry['name']}  ({entry['file']}:{entry['line']})")
        routes = entry["routes"] or ([entry["chain"]] if entry.get("chain") else [])
        for r_index, route in enumerate(routes):
            last_route = r_index == len(routes) - 1
            branch, stem = ("└─ ", "   ") if last_route else ("├─ ", "│  ")
            lines.append(f"{branch}{facts_label(route['facts'])}  [{outcome(route)}]")
            lines.extend(stem + line for line in _route_tree(route))
    for item in document["unresolved"]:
        lines.append(f"unresolved: l0op::{item['op']} ({item['arity']} args) at {item['file']}:{item['line']}"
                     + (f": {item['reason']}" if item.get("reason") else ""))
    lines += finding_lines(document["findings"])
    for failed in document["failed"]:
        lines.append(f"failed: {failed['path']}: {failed['reason']}")
    return "\n".join(lines) + "\n"


def _route_tree(route: dict) -> list[str]:
    if route.get("rejected"):
        return [f"└─ no route: {route['rejected']['message']}"]
    tasks = {t["index"]: t for t in route["tasks"]}
    steps = route.get("steps") or []
    fails = [f"├─ fails: {failure['message']}" for failure in route.get("fails_when", ())]
    fails += open_checks_lines(route)
    if not steps:
        return fails + ([f"└─ {_task_line(t)}" for t in route["tasks"]] or [f"└─ {no_launch_text(route)}"])
    lines = list(fails)
    for s_index, step in enumerate(steps):
        last = s_index == len(steps) - 1
        twig, stem = ("└─ ", "   ") if last else ("├─ ", "│  ")
        head = f"{step['op']}({', '.join(shown_args(step['args']))})"
        if not step["tasks"]:
            note = "helper, " if step["kind"] == "helper" else ""
            head += f"  {note}no launch: {_effect_text(step)}"
        if step["may"]:
            head += "  may: " + " && ".join(step["guards"])
        lines.append(twig + head)
        launched = [tasks[i] for i in step["tasks"] if i in tasks]
        for t_index, task in enumerate(launched):
            leaf = "└─ " if t_index == len(launched) - 1 else "├─ "
            lines.append(stem + leaf + _task_line(task))
    return lines


def open_checks_lines(route: dict, shown: int = 3) -> list[str]:
    """The checks the facts leave open: the route is what runs when they pass."""
    checks = route.get("open_checks") or []
    if not checks:
        return []
    listed = "; ".join(check["message"] for check in checks[:shown])
    more = f" (+{len(checks) - shown} more)" if len(checks) > shown else ""
    return [f"├─ holds if {len(checks)} check{'s' * (len(checks) != 1)} the facts leave open pass: {listed}{more}"]


def no_launch_text(route: dict) -> str:
    """A route without launches, with what its reachability audit found."""
    audit = route.get("audit")
    if not audit:
        return "(no kernel launches)"
    if not audit["sites"]:
        return "(no kernel launches; audit: no launch site is reachable from the entry)"
    return (f"(no kernel launches; audit: {audit['sites']} launch site{'s' * (audit['sites'] != 1)} reachable: "
            f"{audit['walked']} walked, {audit['excluded']} excluded by the facts, {audit['unwalked']} not walked)")


def _task_line(task: dict) -> str:
    may = "  may: " + " && ".join(task["guards"]) if task["may"] else ""
    unnamed = "".join(f"  {verb} unnamed: " + ", ".join(task[key]) for verb, key in
                      (("reads", "unnamed_reads"), ("writes", "unnamed_writes")) if task.get(key))
    return f"[{task['index']}] {task['op']}  {task['launcher']}  {_short(task['file'])}:{task['line']}{unnamed}{may}"


def _effect_text(step: dict) -> str:
    return {"returns-input": "returns its input", "view": "a view", "alias": "an alias", "alloc": "allocates",
            "write": "writes its output", "re-point": "the result's storage becomes the output's",
            "unknown": "unresolved", "none": "nothing"}.get(step.get("effect", ""), step.get("effect", ""))


def shown_args(args) -> list[str]:
    """Call arguments as a reader wants them: the executor left out."""
    return [a for a in args if "xecutor" not in a]


def facts_label(facts: dict) -> str:
    parts = [f"soc={facts['soc'] or '?'}"]
    if facts.get("arch"):
        parts.append(f"arch={facts['arch']}")
    dtypes = facts.get("dtypes") or {}
    parts.append("dtype=" + (",".join(f"{k}:{v}" if k != "*" else v for k, v in dtypes.items()) or "?"))
    for name, dims in (facts.get("shapes") or {}).items():
        parts.append(f"{name}=[{','.join(str(d) for d in dims)}]")
    for name, dims in (facts.get("strides") or {}).items():
        parts.append(f"{name}.strides=[{','.join(str(d) for d in dims)}]")
    for name, value in (facts.get("offsets") or {}).items():
        parts.append(f"{name}.offset={value}")
    for name, value in (facts.get("scalars") or {}).items():
        parts.append(f"{name}={value:g}")
    return " ".join(parts)


def _entry_view(entry: dict) -> dict:
    routes = []
    for route in entry["routes"] or ([entry["chain"]] if entry.get("chain") else []):
        tasks = {t["index"]: t for t in route["tasks"]}
        routes.append({
            "label": facts_label(route["facts"]),
            "outcome": outcome(route),
            "reasons": [[r["symbol"], ":".join(str(p) for p in (r.get("file"), r.get("line")) if p), r["message"]]
                        for r in route.get("incomplete_reasons", ())],
            "rejected": route.get("rejected"),
            "fails_when": route.get("fails_when", []),
            "mermaid": mermaid(route),
            "complete": route["complete"],
            "undecided_guards": route["undecided_guards"],
            "steps": [[s["index"], f"{s['op']}({', '.join(shown_args(s['args']))})", s["kind"],
                       ", ".join(f"{tasks[i]['op']} {tasks[i]['launcher']}" for i in s["tasks"] if i in tasks)
                       or _effect_text(s), f"{_short(s['file'])}:{s['line']}", _resolution_text(s),
                       " && ".join(s["guards"]) if s["may"] else ""] for s in route.get("steps") or ()],
            "tasks": [[t["index"], t["op"], t["launcher"], t.get("via") or "", f"{_short(t['file'])}:{t['line']}",
                       "may" if t["may"] else "", " && ".join(t["guards"])] for t in route["tasks"]],
            "tensors": [[t["id"], t["name"], t["producer"], t["effect"], _shape_text(t), t["dtype"],
                         t.get("base") or "", "may" if t["may"] else ""] for t in route["tensors"]],
            "memory": route.get("memory"),
        })
    chain = entry.get("chain")
    return {
        "name": entry["name"],
        "where": f"{entry['file']}:{entry['line']}",
        "chain_complete": chain["complete"] if chain else True,
        "routes": routes,
    }


def _resolution_text(step: dict) -> str:
    if not step.get("resolution"):
        return "launched by the entry"
    where = step.get("definition") or ""
    return f"{step['resolution']}: {where}" if where else step["resolution"]


def _shape_text(tensor: dict) -> str:
    if tensor.get("dims") is not None:
        return "[" + ", ".join(str(d) for d in tensor["dims"]) + "]"
    shape = tensor["shape"]
    if shape["rule"] == "literal":
        return "[" + ", ".join(shape["dims"]) + "]"
    if shape["rule"] in ("same", "param"):
        return f"{shape['rule']}({', '.join(shape['refs'])})" + (f" {shape['text']}" if shape["text"] else "")
    if shape["rule"] in ("broadcast", "reduce", "packed_bits"):
        return f"{shape['rule']}({', '.join(shape['refs'])})"
    return f"unknown: {shape['text']}"


def _summary_rows(summary_doc: dict) -> list[tuple[str, str]]:
    launches = ", ".join(f"{k} {v}" for k, v in summary_doc["launches_per_kind"].items()) or "none"
    top = ", ".join(f"{name} ({count})" for name, count in summary_doc["top_unresolved"]) or "none"
    reasons = ", ".join(f"{symbol} ({count})" for symbol, count in summary_doc["incomplete_by_reason"].items())
    by = summary_doc["l0_by_resolution"]
    rows = [
        ("files", str(summary_doc["files"])),
        ("failed files", str(summary_doc["failed_files"])),
        ("entry points", str(summary_doc["entry_points"])),
        ("routes", str(summary_doc["routes"])),
        ("complete routes", f"{summary_doc['complete_routes']} (decided {summary_doc['decided_routes']})"),
        ("rejected by their checks (the call fails for the facts)", str(summary_doc.get("rejected_routes", 0))
         + f", failing on some paths {summary_doc.get('routes_failing_on_some_paths', 0)}"),
        ("incomplete routes", str(summary_doc["incomplete_routes"]) + (f": {reasons}" if reasons else "")),
        ("l0op calls", str(summary_doc["l0_calls"])),
        ("resolved in a repository root", str(by["repo"])),
        ("resolved by l0_ops.toml", str(by["catalog"])),
        ("resolved by a generated catalog", str(by["generated-catalog"])),
        ("unresolved", str(by["unresolved"])),
        ("stand-ins passed over", str(summary_doc["l0_stand_ins_passed_over"])),
        ("launches per kind (the routes asked for)", launches),
        ("most frequent unresolved", top),
    ]
    if "cached_files" in summary_doc:
        rows.append(("files from the cache", str(summary_doc["cached_files"])))
    return rows


def _short(path: str) -> str:
    return PurePath(path).name if path else ""
