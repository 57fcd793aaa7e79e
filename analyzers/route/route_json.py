"""Routes to and from JSON: the writer behind Route.to_json() and the reader that inverts it."""

from __future__ import annotations

from op_migrate.analyzers.route.model import Audit, Event, Facts, Reason, Route, ShapeRule, Site, Step, Task, Tensor


def route_to_json(route: Route, *, call_paths: bool = True, steps: bool = True) -> dict:
    """The route as JSON; `call_paths`/`steps` False leave call paths, events and steps out (compact documents)."""
    tasks = []
    for t in route.tasks:
        task = {"index": t.index, "op": t.op, "launcher": t.launcher, "via": t.via, "l0": t.l0, "step": t.step,
                "file": t.file, "line": t.line, "may": t.may, "guards": list(t.guards), "reads": list(t.reads),
                "writes": list(t.writes)}
        if t.unnamed_reads:
            task["unnamed_reads"] = list(t.unnamed_reads)
        if t.unnamed_writes:
            task["unnamed_writes"] = list(t.unnamed_writes)
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
    document = {
        "entry": route.entry,
        "facts": route.facts.to_json(),
        "complete": route.complete,
        "decided": route.decided,
        "incomplete_reasons": [reason.to_json() for reason in route.incomplete_reasons],
        "undecided_guards": list(route.undecided_guards),
        "steps": [_step_json(s) for s in route.steps] if steps else [],
        "tasks": tasks,
        "tensors": tensors,
        "events": [{"kind": e.kind, "tensor": e.tensor, "task": e.task} for e in route.events] if steps else [],
    }
    if route.rejected is not None:
        document["rejected"] = route.rejected.to_json()
    if route.failures:
        document["fails_when"] = [reason.to_json() for reason in route.failures]
    if route.audit is not None:
        document["audit"] = route.audit.to_json()
    if route.open_checks:
        document["open_checks"] = [reason.to_json() for reason in route.open_checks]
    return document


def _step_json(step: Step) -> dict:
    return {"index": step.index, "op": step.op, "kind": step.kind, "function": step.function, "file": step.file,
            "line": step.line, "resolution": step.resolution, "definition": step.definition, "args": list(step.args),
            "inputs": list(step.inputs), "tasks": list(step.tasks), "tensors": list(step.tensors), "result": step.result, "effect": step.effect, "may": step.may,
            "guards": list(step.guards)}


def route_from_json(document: dict) -> Route:
    """The inverse of Route.to_json() (the "schema" key, if any, is ignored); KeyError/TypeError when malformed.

    Documents written before steps became the user's view (op-migrate/aclnn@1) kept the create/launch order
    under "steps" and the open guards under "unknown_guards"; both are read as such.
    """
    facts = document.get("facts") or {}
    raw_steps = list(document.get("steps", ()))
    legacy = bool(raw_steps) and all(s.get("kind") in ("create", "launch") for s in raw_steps)
    events = raw_steps if legacy else list(document.get("events", ()))
    return Route(
        entry=document["entry"],
        facts=Facts(
            soc=facts.get("soc"),
            arch=facts.get("arch"),
            dtypes=tuple((k, v) for k, v in (facts.get("dtypes") or {}).items()),
            shapes=tuple((k, tuple(v)) for k, v in (facts.get("shapes") or {}).items()),
            scalars=tuple((k, float(v)) for k, v in (facts.get("scalars") or {}).items()),
            strides=tuple((k, tuple(v)) for k, v in (facts.get("strides") or {}).items()),
            offsets=tuple((k, int(v)) for k, v in (facts.get("offsets") or {}).items()),
        ),
        tasks=tuple(
            Task(
                index=int(t["index"]), op=t["op"], launcher=t.get("launcher", "UNKNOWN"), file=t.get("file", ""),
                line=int(t.get("line", 0)), may=bool(t.get("may", False)), guards=tuple(t.get("guards", ())),
                reads=tuple(t.get("reads", ())), writes=tuple(t.get("writes", ())),
                call_path=tuple(Site(s["function"], s["file"], int(s["line"])) for s in t.get("call_path", ())),
                via=t.get("via"), l0=t.get("l0"), step=t.get("step"),
                unnamed_reads=tuple(t.get("unnamed_reads", ())),
                unnamed_writes=tuple(t.get("unnamed_writes", ())),
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
        events=tuple(Event(kind=e["kind"], tensor=e.get("tensor"), task=e.get("task")) for e in events),
        steps=() if legacy else tuple(
            Step(index=int(s["index"]), op=s["op"], kind=s.get("kind", "op"), function=s.get("function", ""),
                 file=s.get("file", ""), line=int(s.get("line", 0)), resolution=s.get("resolution", ""),
                 definition=s.get("definition"), args=tuple(s.get("args", ())), inputs=tuple(s.get("inputs", ())),
                 tasks=tuple(s.get("tasks", ())),
                 tensors=tuple(s.get("tensors", ())), result=s.get("result"), effect=s.get("effect", ""), may=bool(s.get("may", False)),
                 guards=tuple(s.get("guards", ())))
            for s in raw_steps
        ),
        undecided_guards=tuple(document.get("undecided_guards", document.get("unknown_guards", ()))),
        complete=bool(document.get("complete", True)),
        incomplete_reasons=tuple(_reason(item) for item in document.get("incomplete_reasons", ())),
        rejected=_reason(document.get("rejected")),
        failures=tuple(_reason(item) for item in document.get("fails_when", ())),
        audit=Audit(**document["audit"]) if document.get("audit") else None,
        open_checks=tuple(_reason(item) for item in document.get("open_checks", ())),
    )


def _reason(document: dict | None) -> Reason | None:
    if not document:
        return None
    return Reason(symbol=document["symbol"], message=document.get("message", ""), file=document.get("file"),
                  line=document.get("line"))
