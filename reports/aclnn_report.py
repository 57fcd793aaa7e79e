"""Renderers of the ACLNN chain document: Markdown (mermaid chain + route tables), a terminal tree, the summary."""

from __future__ import annotations

from collections import Counter
from pathlib import PurePath

from op_migrate.reports.render import mermaid_label, render


def summary(document: dict) -> dict:
    """Counts over the document: entry points, L0 calls by resolution, launches per launcher kind."""
    calls = [call for f in document["files"] for call in f["l0_calls"]]
    resolution = Counter(call["resolved"] for call in calls)
    launches = Counter(task["launcher"] for e in document["entries"] for task in e["chain"]["tasks"])
    executor = Counter()
    for f in document["files"]:
        executor.update(f["executor_calls"])
    unresolved = Counter(call["op"] for call in calls if call["resolved"] == "unresolved")
    return {
        "files": len(document["files"]),
        "failed_files": len(document["failed"]),
        "entry_points": len(document["entries"]),
        "l0_calls": len(calls),
        "l0_resolved_repo": resolution.get("repo", 0),
        "l0_resolved_catalog": resolution.get("catalog", 0),
        "l0_unresolved": resolution.get("unresolved", 0),
        "launches_per_kind": dict(sorted(launches.items())),
        "executor_calls": dict(sorted(executor.items())),
        "top_unresolved": [[name, count] for name, count in unresolved.most_common(10)],
        "incomplete_routes": sum(1 for e in document["entries"] for r in e["routes"] or [e["chain"]] if not r["complete"]),
    }


def markdown(document: dict) -> str:
    return render("reports/aclnn/report.md.j2", doc=document, entries=[_entry_view(e) for e in document["entries"]],
                  summary_rows=_summary_rows(document["summary"]), many=len(document["files"]) > 3)


def text(document: dict) -> str:
    """A terminal tree: entry -> facts -> tasks (launcher, where, may + guards)."""
    lines = []
    if len(document["files"]) > 3:
        lines.append("summary")
        lines.extend(f"  {label}: {value}" for label, value in _summary_rows(document["summary"]))
    for entry in document["entries"]:
        lines.append(f"{entry['name']}  ({entry['file']}:{entry['line']})")
        routes = entry["routes"] or [entry["chain"]]
        for r_index, route in enumerate(routes):
            last_route = r_index == len(routes) - 1
            branch, stem = ("└─ ", "   ") if last_route else ("├─ ", "│  ")
            state = "" if route["complete"] else "  [incomplete]"
            lines.append(f"{branch}{facts_label(route['facts'])}{state}")
            tasks = route["tasks"]
            if not tasks:
                lines.append(f"{stem}└─ (no kernel launches)")
            for t_index, task in enumerate(tasks):
                twig = "└─ " if t_index == len(tasks) - 1 else "├─ "
                may = "  may: " + " && ".join(task["guards"]) if task["may"] else ""
                lines.append(f"{stem}{twig}[{task['index']}] {task['op']}  {task['launcher']}  "
                             f"{_short(task['file'])}:{task['line']}{may}")
    for item in document["unresolved"]:
        lines.append(f"unresolved: l0op::{item['op']} ({item['arity']} args) at {item['file']}:{item['line']}")
    for finding in document["findings"]:
        where = ":".join(str(part) for part in (finding.get("path"), finding.get("line")) if part)
        lines.append(f"{finding['severity']}: {finding['symbol']}: " + (f"{where}: " if where else "") + finding["message"])
    for failed in document["failed"]:
        lines.append(f"failed: {failed['path']}: {failed['reason']}")
    return "\n".join(lines) + "\n"


def facts_label(facts: dict) -> str:
    parts = [f"soc={facts['soc'] or '?'}"]
    if facts.get("arch"):
        parts.append(f"arch={facts['arch']}")
    dtypes = facts.get("dtypes") or {}
    parts.append("dtype=" + (",".join(f"{k}:{v}" if k != "*" else v for k, v in dtypes.items()) or "?"))
    for name, dims in (facts.get("shapes") or {}).items():
        parts.append(f"{name}=[{','.join(str(d) for d in dims)}]")
    for name, value in (facts.get("scalars") or {}).items():
        parts.append(f"{name}={value:g}")
    return " ".join(parts)


def mermaid(route: dict) -> list[str]:
    """flowchart LR lines: entry tensors -> kernel launches -> the tensors they write, views folded into storage."""
    tensors = {t["id"]: t for t in route["tensors"]}
    writer = {}
    for task in route["tasks"]:
        for written in task["writes"]:
            writer[written] = task["index"]
            base = tensors.get(written, {}).get("base")
            if base:
                writer.setdefault(base, task["index"])
    lines = ["flowchart LR"]
    params = [t for t in route["tensors"] if t["effect"] == "param"]
    for param in params:
        lines.append(f'    P_{_node(param["id"])}["{mermaid_label(param["name"])}"]')
    for task in route["tasks"]:
        label = f"{task['op']}<br/>{task['launcher']}" + ("<br/>may" if task["may"] else "")
        lines.append(f'    T{task["index"]}["{mermaid_label(label)}"]')
    edges = []
    for task in route["tasks"]:
        arrow = "-.->" if task["may"] else "-->"
        for read in task["reads"]:
            source = _source(read, tensors, writer, task["index"])
            if source and (source, f"T{task['index']}") not in {(a, b) for a, _, b in edges}:
                edges.append((source, arrow, f"T{task['index']}"))
        for written in task["writes"]:
            base = tensors.get(written, {}).get("base")
            if base in tensors and tensors[base]["effect"] == "param":
                edges.append((f"T{task['index']}", arrow, f"P_{_node(base)}"))
    lines.extend(f"    {a} {arrow} {b}" for a, arrow, b in edges)
    return lines


def _source(tensor_id, tensors, writer, before):
    """The node that produced a tensor: a launch (following views to their storage) or an entry parameter."""
    seen = set()
    current = tensor_id
    while current and current not in seen:
        seen.add(current)
        if current in writer and writer[current] < before:
            return f"T{writer[current]}"
        tensor = tensors.get(current)
        if tensor is None:
            return None
        if tensor["effect"] == "param":
            return f"P_{_node(current)}"
        refs = tensor["shape"].get("refs") or []
        current = tensor.get("base") or (refs[0] if tensor["shape"]["rule"] == "same" and refs else None)
    return None


def _entry_view(entry: dict) -> dict:
    routes = []
    for route in entry["routes"] or [entry["chain"]]:
        routes.append({
            "label": facts_label(route["facts"]),
            "mermaid": mermaid(route),
            "complete": route["complete"],
            "unknown_guards": route["unknown_guards"],
            "tasks": [[t["index"], t["op"], t["launcher"], f"{_short(t['file'])}:{t['line']}",
                       "may" if t["may"] else "", " && ".join(t["guards"])] for t in route["tasks"]],
            "tensors": [[t["id"], t["name"], t["producer"], t["effect"], _shape_text(t), t["dtype"],
                         t.get("base") or "", "may" if t["may"] else ""] for t in route["tensors"]],
            "memory": route.get("memory"),
        })
    return {
        "name": entry["name"],
        "where": f"{entry['file']}:{entry['line']}",
        "chain_complete": entry["chain"]["complete"],
        "routes": routes,
    }


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
    rows = [
        ("files", str(summary_doc["files"])),
        ("failed files", str(summary_doc["failed_files"])),
        ("entry points", str(summary_doc["entry_points"])),
        ("l0op calls", str(summary_doc["l0_calls"])),
        ("resolved in the repository", str(summary_doc["l0_resolved_repo"])),
        ("resolved by l0_ops.toml", str(summary_doc["l0_resolved_catalog"])),
        ("unresolved", str(summary_doc["l0_unresolved"])),
        ("launches per kind (chains, facts unknown)", launches),
        ("most frequent unresolved", top),
        ("incomplete routes", str(summary_doc["incomplete_routes"])),
    ]
    if "cached_files" in summary_doc:
        rows.append(("files from the cache", str(summary_doc["cached_files"])))
    return rows


def _short(path: str) -> str:
    return PurePath(path).name if path else ""


def _node(name: str) -> str:
    return "".join(ch if ch.isalnum() else "_" for ch in name)
