"""The one place that calls the chain engineer's route evaluation and the memory engineer's model.

Everything else in analyzers.policy sees only RouteSource / MemorySource (analyzers.policy.evaluate), so a
change in those APIs is absorbed here.
"""

from __future__ import annotations

import importlib
from pathlib import Path

from op_migrate.analyzers.memory.units import human_bytes
from op_migrate.analyzers.policy.diff import MemoryFigures
from op_migrate.analyzers.policy.evaluate import RouteSourceError
from op_migrate.analyzers.policy.model import MatrixPoint
from op_migrate.analyzers.route.model import Facts, Route


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

    def __init__(self, paths: tuple[Path, ...], repo_root: Path | None = None, label: str | None = None,
                 repo_roots: tuple[Path, ...] = (), catalogs: tuple[Path, ...] = ()) -> None:
        self.paths = paths
        self.repo_roots = tuple(repo_roots) or ((repo_root,) if repo_root is not None else ())
        self.catalogs = tuple(catalogs)
        self.label = label or ", ".join(str(path) for path in paths)
        self._report = None
        self._reasons: dict[tuple[str, Facts], str] = {}

    def _chains(self):
        if self._report is None:
            aclnn = _optional("op_migrate.analyzers.aclnn", "analyze_chains", "evaluate")
            self._report = aclnn.analyze_chains(list(self.paths), repo_roots=self.repo_roots, catalogs=self.catalogs)
        return self._report

    def route(self, entry: str, facts: Facts) -> Route | None:
        aclnn = _optional("op_migrate.analyzers.aclnn", "analyze_chains", "evaluate")
        try:
            routes = aclnn.evaluate(self._chains(), facts=[facts], entries=[entry])
        except Exception as error:  # a defect in route evaluation costs this point, not the run
            raise RouteSourceError(f"route evaluation failed: {type(error).__name__}: {error}") from error
        if not routes.routes:
            return None
        route = routes.routes[0]
        self._reasons[(entry, facts)] = "; ".join(
            reason.message + (f" ({reason.file}:{reason.line})" if reason.file else "")
            for reason in route.incomplete_reasons[:3])
        return route

    def missing_reason(self, entry: str) -> str | None:
        """Why an entry may be missing: the findings of reading the roots and files (first three)."""
        report = self._chains()
        findings = list(report.findings) + [f for unit in report.units.values() for f in getattr(unit, "findings", ())]
        if not findings:
            return None
        shown = "; ".join(f"{f.path}:{f.line}: {f.message}" for f in findings[:3])
        return f"{len(findings)} finding(s) while reading the sources: {shown}" + (" ..." if len(findings) > 3 else "")

    def incomplete_reason(self, entry: str, facts: Facts) -> str | None:
        """Why the walk calls this route incomplete (its first three reasons), when it said so."""
        return self._reasons.get((entry, facts)) or None


class MemoryModelSource:
    """analyzers.memory seen as a MemorySource: plan the route, evaluate it at the point's case (predicted)."""

    def __init__(self) -> None:
        self._memory = _optional("op_migrate.analyzers.memory", "plan", "evaluate", "Case")
        self._case_module = _optional("op_migrate.analyzers.memory.case", "TensorCase")
        self._cache: dict[tuple[int, MatrixPoint], dict] = {}

    def _document(self, route: Route, point: MatrixPoint) -> dict:
        key = (id(route), point)
        if key not in self._cache:
            facts = point.facts()
            case = self._memory.Case(
                tensors=tuple(self._case_module.TensorCase(name, dims, facts.dtype_of(name)) for name, dims in point.shapes),
                label=point.case,
            )
            evaluation = self._memory.evaluate(self._memory.plan(route), case, soc=point.soc)
            self._cache[key] = evaluation.document
        return self._cache[key]

    def gap(self, route: Route, point: MatrixPoint) -> tuple[float | None, str]:
        try:
            document = self._document(route, point)
        except Exception as error:  # the memory check is reported as not run, never silently passed
            return None, f"the memory model failed: {type(error).__name__}: {error}"
        if not document.get("evaluated") or document.get("gap") is None:
            return None, "the memory model could not evaluate this case or has no GPU reference for the entry"
        reference = document.get("gpu_reference") or {}
        return float(document["gap"]), (
            f"NPU peak {human_bytes(document['npu_total_bytes'])} {document.get('label_kind', 'predicted')} vs GPU "
            f"reference {human_bytes(document['gpu_reference_bytes'])} {reference.get('label', 'predicted')}")

    def figures(self, route: Route, point: MatrixPoint) -> MemoryFigures | None:
        try:
            document = self._document(route, point)
        except Exception:  # the diff then says the figures are unknown
            return None
        if not document.get("evaluated"):
            return None
        return MemoryFigures(peak_bytes=document["npu_total_bytes"], traffic_bytes=document["traffic_bytes"],
                             basis=f"{document.get('label_kind', 'predicted')} by the memory model",
                             gpu_reference_bytes=document.get("gpu_reference_bytes"))


def memory_source() -> MemoryModelSource:
    """The memory model as a MemorySource; raises EngineUnavailable with the reason when it cannot be used."""
    return MemoryModelSource()
