"""Routes saved as JSON (Route.to_json documents) read back, and a RouteSource over a route-set file.

A route-set file: {"schema": "op-migrate/route-set@1", "routes": [{"when": {...}, "route": {...}}, ...]}.
`when` (optional) selects the matrix points the route answers: "soc", "dtype" (lists), "shapes"
({parameter: [dims]}, all must equal), "scalars" ({name: [values]}). The first entry whose route has the asked entry point and whose `when`
admits the point wins.
"""

from __future__ import annotations

import json
from pathlib import Path

from op_migrate.analyzers.policy.evaluate import RouteSourceError
from op_migrate.analyzers.route.model import Facts, Route
from op_migrate.analyzers.route.route_json import route_from_json

ROUTE_SET_SCHEMA = "op-migrate/route-set@1"


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
