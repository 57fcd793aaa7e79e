"""The mermaid diagram of a route's step view: entry tensors -> one node per L0 call (helpers dashed) -> outputs."""

from __future__ import annotations

from op_migrate.reports.render import mermaid_label

MAX_LAUNCHES_SHOWN = 4  # a node lists at most this many of its launches


def mermaid(route: dict) -> list[str]:
    """flowchart LR lines: each step is a node naming its launches (or what it did instead), edges follow data."""
    tensors = {t["id"]: t for t in route["tensors"]}
    tasks = {t["index"]: t for t in route["tasks"]}
    steps = route.get("steps") or []
    made_by = {}
    for step in steps:
        for tensor_id in step.get("tensors", ()):
            made_by[tensor_id] = step["index"]
    lines = ["flowchart LR"]
    for param in (t for t in route["tensors"] if t["effect"] == "param"):
        lines.append(f'    P_{_node(param["id"])}["{mermaid_label(param["name"])}"]')
    for step in steps:
        lines.append(f'    S{step["index"]}{_shape(step, tasks)}')
    edges: list[tuple[str, str, str]] = []
    # An output a ViewCopy re-points at is drawn as written by that ViewCopy, not by the op whose storage moved.
    repointed = {_root(s["result"], tensors) for s in steps if s.get("effect") == "re-point" and s.get("result")}
    for step in steps:
        target = f"S{step['index']}"
        arrow = "-.->" if step["may"] else "-->"
        for read in _inputs(step, tasks):
            source = _source(read, tensors, made_by, step["index"])
            if source and source != target:
                _add(edges, (source, arrow, target))
        for tensor_id in step.get("tensors", ()):
            root = _root(tensor_id, tensors)
            written = root in tensors and tensors[root]["effect"] == "param" and tensors[tensor_id]["effect"] == "write"
            if written and (root not in repointed or step.get("effect") == "re-point"):
                _add(edges, (target, arrow, f"P_{_node(root)}"))
        if step.get("effect") == "re-point" and step.get("result") in tensors:
            _add(edges, (target, arrow, f"P_{_node(_root(step['result'], tensors))}"))
    lines.extend(f"    {a} {arrow} {b}" for a, arrow, b in edges)
    helpers = [f"S{s['index']}" for s in steps if s["kind"] == "helper"]
    if helpers:
        lines.append("    classDef helper stroke-dasharray: 4 3")
        lines.append(f"    class {','.join(helpers)} helper")
    return lines


def _shape(step: dict, tasks: dict) -> str:
    launched = [tasks[i] for i in step["tasks"] if i in tasks]
    parts = [step["op"]]
    for task in launched[:MAX_LAUNCHES_SHOWN]:
        parts.append(f"{task['op']} {task['launcher']}" + (" may" if task["may"] else ""))
    if len(launched) > MAX_LAUNCHES_SHOWN:
        parts.append(f"+{len(launched) - MAX_LAUNCHES_SHOWN} more")
    if not launched:
        parts.append(_no_launch(step))
    label = mermaid_label("<br/>".join(parts))
    return f'["{label}"]' if step["kind"] != "helper" else f'(["{label}"])'


def _no_launch(step: dict) -> str:
    effect = step.get("effect", "")
    return {"returns-input": "no launch", "view": "no launch: view", "alias": "no launch: alias",
            "re-point": "no launch: writes out", "unknown": "unresolved"}.get(effect, f"no launch: {effect}")


def _inputs(step: dict, tasks: dict) -> list[str]:
    """The tensors a step reads: its launches' reads, or (without launches) the tensors among its arguments."""
    reads = [r for i in step["tasks"] if i in tasks for r in tasks[i]["reads"]]
    # The tensor a helper returns as its destination (ViewCopy's `out`) is not one of its sources.
    inputs = [i for i in step.get("inputs", ()) if i != step.get("result") or step.get("effect") == "returns-input"]
    return reads or inputs or _argument_inputs(step)


def _argument_inputs(step: dict) -> list[str]:
    result = step.get("result")
    return [result] if result and step.get("effect") in ("view", "alias", "returns-input", "re-point") else []


def _source(tensor_id: str, tensors: dict, made_by: dict, before: int) -> str | None:
    """The node a tensor comes from: the step that made it (following views to storage) or an entry parameter."""
    seen = set()
    current = tensor_id
    while current and current not in seen:
        seen.add(current)
        if current in made_by and made_by[current] < before:
            return f"S{made_by[current]}"
        tensor = tensors.get(current)
        if tensor is None:
            return None
        if tensor["effect"] == "param":
            return f"P_{_node(current)}"
        current = tensor.get("base")
    return None


def _root(tensor_id: str, tensors: dict) -> str:
    seen = set()
    while tensor_id in tensors and tensors[tensor_id].get("base") and tensor_id not in seen:
        seen.add(tensor_id)
        tensor_id = tensors[tensor_id]["base"]
    return tensor_id


def _add(edges: list, edge: tuple) -> None:
    if edge not in edges:
        edges.append(edge)


def _node(name: str) -> str:
    return "".join(ch if ch.isalnum() else "_" for ch in name)
