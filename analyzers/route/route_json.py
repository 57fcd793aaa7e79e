"""A fast Route -> JSON writer (the same document as Route.to_json(), built by hand for directory runs)."""

from __future__ import annotations

from analyzers.route.model import Route


def route_to_json(route: Route, *, call_paths: bool = True, steps: bool = True) -> dict:
    """Route.to_json() field for field; `call_paths`/`steps` False leaves those out (compact documents)."""
    tasks = []
    for t in route.tasks:
        task = {"index": t.index, "op": t.op, "launcher": t.launcher, "file": t.file, "line": t.line, "may": t.may,
                "guards": list(t.guards), "reads": list(t.reads), "writes": list(t.writes)}
        if call_paths:
            task["call_path"] = [{"function": s.function, "file": s.file, "line": s.line} for s in t.call_path]
        tasks.append(task)
    tensors = [
        {"id": t.id, "name": t.name, "producer": t.producer, "effect": t.effect,
         "shape": {"rule": t.shape.rule, "refs": list(t.shape.refs), "dims": list(t.shape.dims), "text": t.shape.text},
         "dtype": t.dtype, "file": t.file, "line": t.line, "base": t.base, "may": t.may, "guards": list(t.guards),
         "dims": list(t.dims) if t.dims is not None else None}
        for t in route.tensors
    ]
    return {
        "entry": route.entry,
        "facts": route.facts.to_json(),
        "tasks": tasks,
        "tensors": tensors,
        "steps": [{"kind": s.kind, "tensor": s.tensor, "task": s.task} for s in route.steps] if steps else [],
        "unknown_guards": list(route.unknown_guards),
        "complete": route.complete,
    }
