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
    """Routes computed from C++ sources (an op_api folder or files) by analyzers.aclnn + analyzers.route."""

    def __init__(self, paths: tuple[Path, ...], repo_root: Path | None = None, label: str | None = None) -> None:
        self.paths = paths
        self.repo_root = repo_root
        self.label = label or ", ".join(str(path) for path in paths)
        self._chain = None

    def route(self, entry: str, facts: Facts) -> Route | None:
        raise EngineUnavailable("route evaluation from C++ (analyzers.aclnn) is not available in this build")


def memory_source():
    """The memory model as a MemorySource; raises EngineUnavailable with the reason when it cannot be used."""
    raise EngineUnavailable("the memory model (analyzers.memory) does not expose a route-level API in this build")
