"""Routes saved as JSON (Route.to_json documents) read back, and a RouteSource over a route-set file.

A route-set file: {"schema": "op-migrate/route-set@1", "routes": [{"when": {...}, "route": {...}}, ...]}.
`when` (optional) selects the matrix points the route answers: "soc", "dtype" (lists), "shapes"
({parameter: [dims]}, all must equal), "scalars" ({name: [values]}). The first entry whose route has the asked entry point and whose `when`
admits the point wins.
"""

from __future__ import annotations

import json
from pathlib import Path

from analyzers.policy.evaluate import RouteSourceError
from analyzers.route.model import Facts, Route, ShapeRule, Site, Step, Task, Tensor

ROUTE_SET_SCHEMA = "op-migrate/route-set@1"


def route_from_json(document: dict) -> Route:
    """The inverse of Route.to_json(); raises KeyError/TypeError on a malformed document."""
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
        tasks=tuple(_task(item) for item in document.get("tasks", ())),
        tensors=tuple(_tensor(item) for item in document.get("tensors", ())),
        steps=tuple(Step(kind=s["kind"], tensor=s.get("tensor"), task=s.get("task")) for s in document.get("steps", ())),
        unknown_guards=tuple(document.get("unknown_guards", ())),
        complete=bool(document.get("complete", True)),
    )


def _task(item: dict) -> Task:
    return Task(
        index=int(item["index"]),
        op=item["op"],
        launcher=item["launcher"],
        file=item["file"],
        line=int(item["line"]),
        may=bool(item.get("may", False)),
        guards=tuple(item.get("guards", ())),
        reads=tuple(item.get("reads", ())),
        writes=tuple(item.get("writes", ())),
        call_path=tuple(Site(function=s["function"], file=s["file"], line=int(s["line"])) for s in item.get("call_path", ())),
    )


def _tensor(item: dict) -> Tensor:
    shape = item["shape"]
    return Tensor(
        id=item["id"],
        name=item["name"],
        producer=item["producer"],
        effect=item["effect"],
        shape=ShapeRule(rule=shape["rule"], refs=tuple(shape.get("refs", ())), dims=tuple(shape.get("dims", ())),
                        text=shape.get("text", "")),
        dtype=item["dtype"],
        file=item["file"],
        line=int(item["line"]),
        base=item.get("base"),
        may=bool(item.get("may", False)),
        guards=tuple(item.get("guards", ())),
    )


class RouteFileSource:
    """A RouteSource answering from a route-set JSON file."""

    def __init__(self, path: Path) -> None:
        self.label = str(path)
        try:
            document = json.loads(Path(path).read_text(encoding="utf-8"))
        except (OSError, ValueError) as error:
            raise RouteSourceError(f"{path}: cannot read a route set ({error})") from error
        if not isinstance(document, dict) or document.get("schema") != ROUTE_SET_SCHEMA:
            raise RouteSourceError(f"{path}: not a route set (schema {ROUTE_SET_SCHEMA} expected)")
        self.entries = []
        for index, item in enumerate(document.get("routes", ())):
            try:
                self.entries.append((item.get("when") or {}, route_from_json(item["route"])))
            except (KeyError, TypeError, ValueError, AttributeError) as error:
                raise RouteSourceError(f"{path}: routes[{index}] is malformed ({error!r})") from error

    def route(self, entry: str, facts: Facts) -> Route | None:
        for when, route in self.entries:
            if route.entry == entry and _admits(when, facts):
                return route
        return None


def _admits(when: dict, facts: Facts) -> bool:
    if "soc" in when and facts.soc not in when["soc"]:
        return False
    if "dtype" in when and not {dtype for _, dtype in facts.dtypes} & set(when["dtype"]):
        return False
    if any(facts.shape_of(name) != tuple(dims) for name, dims in (when.get("shapes") or {}).items()):
        return False
    scalars = dict(facts.scalars)
    return all(name in scalars and scalars[name] in [float(v) for v in values]
               for name, values in (when.get("scalars") or {}).items())
