"""Rebuild a Route from its JSON form (route files saved by `migrate analyze --format json`, test fixtures)."""

from __future__ import annotations

from analyzers.route.model import Facts, Route, ShapeRule, Site, Step, Task, Tensor


def route_from_json(document: dict) -> Route:
    """The inverse of Route.to_json() (the "schema" key, if any, is ignored)."""
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
