"""The one place that calls the chain engineer's route evaluation and the memory engineer's model.

Everything else in analyzers.policy sees only RouteSource / MemorySource (analyzers.policy.evaluate), so a
change in those APIs is absorbed here.
"""

from __future__ import annotations

import importlib
from pathlib import Path

from analyzers.route.model import Facts, Route


class EngineUnavailable(Exception):
    """A sibling analyzer this build does not (yet) provide; the message says which and what is missing."""


def _optional(module: str, *names: str):
    try:
        loaded = importlib.import_module(module)
    except ImportError as error:
        raise EngineUnavailable(f"{module} is not available in this build ({error})") from error
    missing = [name for name in names if not hasattr(loaded, name)]
    if missing:
        raise EngineUnavailable(f"{module} does not provide {', '.join(missing)} in this build")
    return loaded


class ChainRouteSource:
    """Routes computed from C++ sources (an op_api folder or files) by analyzers.aclnn's chain and route walk."""

    def __init__(self, paths: tuple[Path, ...], repo_root: Path | None = None, label: str | None = None) -> None:
        self.paths = paths
        self.repo_root = repo_root
        self.label = label or ", ".join(str(path) for path in paths)
        self._report = None
        self._unresolved: dict[tuple[str, Facts], tuple[dict, ...]] = {}

    def _chains(self):
        if self._report is None:
            aclnn = _optional("analyzers.aclnn", "analyze_chains", "evaluate")
            self._report = aclnn.analyze_chains(list(self.paths), repo_root=self.repo_root)
        return self._report

    def route(self, entry: str, facts: Facts) -> Route | None:
        aclnn = _optional("analyzers.aclnn", "analyze_chains", "evaluate")
        routes = aclnn.evaluate(self._chains(), facts=[facts], entries=[entry])
        if not routes.routes:
            return None
        self._unresolved[(entry, facts)] = routes.unresolved
        return routes.routes[0]

    def incomplete_reason(self, entry: str, facts: Facts) -> str | None:
        """What the walk could not resolve on this route (unresolved calls), when it said so."""
        items = self._unresolved.get((entry, facts), ())
        if not items:
            return None
        names = sorted({str(item.get("name") or item.get("callee") or item) for item in items})
        return "unresolved: " + ", ".join(names[:8]) + (" ..." if len(names) > 8 else "")


def memory_source():
    """The memory model as a MemorySource; raises EngineUnavailable with the reason when it cannot be used."""
    raise EngineUnavailable("the memory model (analyzers.memory) does not expose a route-level API in this build")
