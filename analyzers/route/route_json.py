"""Routes to and from JSON: a fast writer (same document as Route.to_json()) and the reader that inverts it."""

from __future__ import annotations

from op_migrate.analyzers.route.model import Facts, Route, ShapeRule, Site, Step, Task, Tensor


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


def route_from_json(document: dict) -> Route:
    """The inverse of Route.to_json() (the "schema" key, if any, is ignored); KeyError/TypeError when malformed."""
    facts = document.get("facts") or {}
    return Route(
        entry=document["entry"],
        facts=Facts(
            soc=facts.get("soc"),
            arch=facts.get("arch"),
            dtypes=tuple((k, v) for k, v in (facts.get("dtypes") or {}).items()),
            shapes=tuple((k, tuple(v)) for k, v in (facts.get("shapes") or {}).items()),
            scalars=tuple((k, float(v)) for k, v in (facts.get("scalars") or {}).items()),
        ),
        tasks=tuple(
            Task(
                index=int(t["index"]), op=t["op"], launcher=t.get("launcher", "UNKNOWN"), file=t.get("file", ""),
                line=int(t.get("line", 0)), may=bool(t.get("may", False)), guards=tuple(t.get("guards", ())),
                reads=tuple(t.get("reads", ())), writes=tuple(t.get("writes", ())),
                call_path=tuple(Site(s["function"], s["file"], int(s["line"])) for s in t.get("call_path", ())),
            )
            for t in document.get("tasks", ())
        ),
        tensors=tuple(
            Tensor(
                id=t["id"], name=t.get("name", t["id"]), producer=t.get("producer", ""), effect=t["effect"],
                shape=ShapeRule(rule=t["shape"]["rule"], refs=tuple(t["shape"].get("refs", ())),
                                dims=tuple(t["shape"].get("dims", ())), text=t["shape"].get("text", "")),
                dtype=t.get("dtype", ""), file=t.get("file", ""), line=int(t.get("line", 0)), base=t.get("base"),
                may=bool(t.get("may", False)), guards=tuple(t.get("guards", ())),
                dims=tuple(t["dims"]) if t.get("dims") is not None else None,
            )
            for t in document.get("tensors", ())
        ),
        steps=tuple(Step(kind=s["kind"], tensor=s.get("tensor"), task=s.get("task")) for s in document.get("steps", ())),
        unknown_guards=tuple(document.get("unknown_guards", ())),
        complete=bool(document.get("complete", True)),
    )
