"""The chain model: entry points, l0op call sites and executor calls of parsed op_api files, plus route evaluation."""

from __future__ import annotations

import contextlib
import multiprocessing
import re
from collections.abc import Iterator, Sequence
from concurrent.futures import ProcessPoolExecutor
from concurrent.futures.process import BrokenProcessPool
from dataclasses import dataclass, field
from pathlib import Path

from op_migrate.analyzers.aclnn.l0_index import L0Index
from op_migrate.analyzers.aclnn.messages import MESSAGES
from op_migrate.analyzers.aclnn.reach_index import ReachIndex
from op_migrate.analyzers.cxx.macro_index import index_for
from op_migrate.analyzers.cxx.model import CxxUnit, Function, calls_in
from op_migrate.analyzers.findings import Finding
from op_migrate.analyzers.model import JsonModel
from op_migrate.analyzers.route.callee_text import split_callee
from op_migrate.analyzers.route.resolution import Resolution
from op_migrate.analyzers.route.macros import LAUNCH_MACROS
from op_migrate.analyzers.route.model import Facts, Route
from op_migrate.analyzers.route.walk import RouteWalk

ENTRY = re.compile(r"^aclnn\w*GetWorkspaceSize$")
# Phase one of a two-phase API named without the aclnn prefix (ops-math's aclStftGetWorkspaceSize and
# aclRfft1DGetWorkspaceSize, documented and exported as aclnn APIs are): an entry when its signature is phase one's.
_ACL_PHASE_ONE = re.compile(r"^acl[A-Z]\w*GetWorkspaceSize$")
_WORKSPACE_SIZE = re.compile(r"^(?:const\s+)?uint64_t\s*\*$")
_EXECUTOR_OUT = re.compile(r"^(?:op::)?aclOpExecutor\s*\*\s*\*$")


def is_entry(function: Function) -> bool:
    """Whether a function is an entry point: `aclnnXxxGetWorkspaceSize`, or any `aclXxxGetWorkspaceSize` whose last
    two parameters are phase one's (`uint64_t* workspaceSize, aclOpExecutor** executor`)."""
    name = function.short_name
    if ENTRY.match(name):
        return True
    if not _ACL_PHASE_ONE.match(name) or len(function.params) < 2:
        return False
    size, executor = (" ".join(p.declared_type.split()) for p in function.params[-2:])
    return bool(_WORKSPACE_SIZE.match(size) and _EXECUTOR_OUT.match(executor))
EXECUTOR_METHODS = ("AllocTensor", "CreateView", "SetDataType", "ConvertToTensor", "AllocScalar", "AllocIntArray")


@dataclass(frozen=True)
class L0Call(JsonModel):
    """One `l0op::X(...)` call site: where, into which variable, with which arguments, resolved how."""

    op: str
    function: str
    line: int
    result: str | None
    args: tuple[str, ...]
    resolved: str  # "repo" | "catalog" | "generated-catalog" | "unresolved"
    definition: str | None = None  # "path:line" of the repository definition, or the catalog file
    rejected: tuple[str, ...] = ()  # stand-ins passed over: "path:line: why"


@dataclass(frozen=True)
class EntryPoint(JsonModel):
    """An `aclnnXxxGetWorkspaceSize` function (Inplace variants included), or an `aclXxxGetWorkspaceSize` of the
    two-phase signature (is_entry)."""

    name: str
    file: str
    line: int
    params: tuple[str, ...]


@dataclass(frozen=True)
class FileChains(JsonModel):
    """What one file holds for the chain analysis."""

    path: str
    frontend: str
    entries: tuple[EntryPoint, ...]
    l0_calls: tuple[L0Call, ...]
    executor_calls: tuple[tuple[str, int], ...]
    launch_macros: tuple[tuple[str, int], ...]
    l0_definitions: tuple[str, ...]
    findings: tuple[Finding, ...] = ()

    def to_json(self) -> dict:
        document = super().to_json()
        document["executor_calls"] = dict(self.executor_calls)
        document["launch_macros"] = dict(self.launch_macros)
        return document


@dataclass(frozen=True)
class ChainReport(JsonModel):
    """Parsed inputs with their chains; `units` and `index` stay in memory for route evaluation."""

    SCHEMA = "op-migrate/aclnn-chains@1"

    repo_root: str | None
    files: tuple[FileChains, ...]
    repo_roots: tuple[str, ...] = ()
    findings: tuple[Finding, ...] = ()
    units: dict = field(default_factory=dict, repr=False, compare=False)
    index: L0Index | None = field(default=None, repr=False, compare=False)

    def entry_points(self) -> Iterator[tuple[CxxUnit, Function]]:
        for chains in self.files:
            unit = self.units[chains.path]
            for entry in chains.entries:
                function = next(f for f in unit.functions if f.name.endswith(entry.name) and f.line == entry.line)
                yield unit, function


@dataclass(frozen=True)
class RouteSet:
    """Routes in (entry, facts) order, plus what the walks found on the way."""

    routes: tuple[Route, ...]
    findings: tuple[Finding, ...]
    unresolved: tuple[dict, ...]


class ChainProgram:
    """The Program a RouteWalk resolves L0 calls through, finds macros in and audits its routes against."""

    def __init__(self, index: L0Index, reach: ReachIndex | None = None) -> None:
        self.index = index
        self.scope = index.scope
        self.reach = reach
        self._macros = index_for(tuple(root for root in index.roots if root is not None))
        self._macro_lookups: dict = {}
        # (op, arity, used, other) of each op the walks resolved that two roots define differently, first met first.
        self.conflicts: dict[tuple, None] = {}
        if reach is not None:
            self.scope.sources_named = lambda stem: reach.sources_by_stem.get(stem, ())
            self.scope.defined_in = lambda name, path: tuple(dict.fromkeys(
                d.file for d in reach.definitions(name, path) if not d.internal))

    def reaches(self, name: str, qualifier: str | None = None, file: str | None = None):
        """The chain of names from `name` to a launch site in the repositories' call graph, or None."""
        return self.reach.reaches(name, qualifier, file) if self.reach is not None else None

    def launch_sites(self, path: str, function_name: str, line: int):
        """The launch-relevant places of one function definition (None when the index does not know it)."""
        return self.reach.sites_in(path, function_name, line) if self.reach is not None else None

    def macro_lookup(self, path: str):
        """What a macro name means in `path`: its own #defines, its headers', the roots' by name, the framework's."""
        found = self._macro_lookups.get(path)
        if found is None:
            headers = self.scope.resolver.closure(Path(path))[0]
            found = self._macro_lookups[path] = self._macros.resolver(path, headers)
        return found

    def opdef(self, op: str):
        """The OpDef of `op` in the roots (what a generated aclnnInner API launches), or None."""
        return self.index.opdefs.find(op)

    def resolve_l0(self, name: str, arity: int, near: str, kinds=None) -> Resolution:
        resolution = self.index.resolve(name, arity, near, kinds)
        if resolution.conflict is not None:
            self.conflicts.setdefault((name, arity, *resolution.conflict), None)
        return resolution


def audit_roots(report: ChainReport) -> tuple[Path, ...]:
    """The trees a route's reachability audit reads: the repository roots, else the folders of the inputs."""
    if report.repo_roots:
        return tuple(Path(root) for root in report.repo_roots)
    return tuple(sorted({Path(chains.path).parent for chains in report.files}))


_REACH_INDEXES: dict[tuple[Path, ...], ReachIndex | None] = {}
_KEPT_INDEXES = 4


def reach_index(roots: tuple[Path, ...]) -> ReachIndex | None:
    """One reachability index per set of roots in a process (every entry of a directory run shares it)."""
    if roots not in _REACH_INDEXES:
        _keep(roots, ReachIndex.build(list(roots)) if roots else None)
    index = _REACH_INDEXES[roots] = _REACH_INDEXES.pop(roots)  # the most recently used is kept longest
    return index


@contextlib.contextmanager
def reach_index_apart(roots: tuple[Path, ...]) -> Iterator[None]:
    """Build the roots' reachability index in a child process while the body runs, and keep it for
    reach_index(roots) when the body ends.

    The build reads every file of the roots into identifier sets and scanned definitions (ops-nn's roots: ~290 MiB at
    its peak) to keep ~3 MB. Built here, this process would stay at that peak (the allocator keeps the freed memory),
    and so would every worker forked from it; the child returns only what is kept. Where a child cannot be started
    (no fork), or it fails, the index is built here as before."""
    if not roots or roots in _REACH_INDEXES:
        yield
        return
    try:
        pool = ProcessPoolExecutor(max_workers=1, mp_context=multiprocessing.get_context("fork"))
    except (ValueError, OSError):
        pool = None
    with pool or contextlib.nullcontext():
        pending = pool.submit(_build_reach_index, roots) if pool is not None else None
        yield  # the caller's own work runs beside the build
        try:
            built = pending.result() if pending is not None else None
        except (OSError, BrokenProcessPool):
            built = None
    _keep(roots, built if built is not None else ReachIndex.build(list(roots)))


def _build_reach_index(roots: tuple[Path, ...]) -> ReachIndex:
    return ReachIndex.build(list(roots))


def clear_reach_indexes() -> None:
    _REACH_INDEXES.clear()


def _keep(roots: tuple[Path, ...], index: ReachIndex | None) -> None:
    if len(_REACH_INDEXES) >= _KEPT_INDEXES:
        del _REACH_INDEXES[next(iter(_REACH_INDEXES))]  # the least recently used
    _REACH_INDEXES[roots] = index


def file_chains(unit: CxxUnit, index: L0Index) -> FileChains:
    """Entry points, l0op call sites (resolved against the index), executor calls and launch macros of a unit."""
    entries = tuple(
        EntryPoint(f.short_name, unit.path, f.line, tuple(p.name for p in f.params))
        for f in unit.functions
        if is_entry(f)
    )
    calls, executor, launches, unresolved = [], {}, {}, []
    for function in unit.functions:
        for stmt, expr in calls_in(function.body):
            callee = (expr.name or "").strip()
            short = callee.rsplit("::", 1)[-1]
            if callee.startswith("l0op::"):
                resolved = index.resolve(short, len(expr.children), unit.path)
                result = stmt.target if stmt.kind in ("decl", "assign") and stmt.value is expr else None
                calls.append(L0Call(short, function.short_name, expr.line, result,
                                    tuple(" ".join(a.text.split()) for a in expr.children), resolved.kind,
                                    resolved.where, resolved.rejected))
                if not resolved.resolved:
                    # Said once per call site, whether or not the facts put it on a route.
                    unresolved.append(MESSAGES.make("l0-op-unresolved", path=unit.path, line=expr.line, op=short,
                                                    arity=len(expr.children), reason=resolved.reason))
            elif short in LAUNCH_MACROS:
                launches[LAUNCH_MACROS[short]] = launches.get(LAUNCH_MACROS[short], 0) + 1
            else:
                receiver, method = split_callee(callee)
                if receiver is not None and method in EXECUTOR_METHODS:
                    executor[method] = executor.get(method, 0) + 1
    findings = list(unit.findings) + unresolved
    if not entries and not any(f.name.startswith("l0op::") for f in unit.functions):
        findings.append(MESSAGES.make("aclnn-no-entry-point", path=unit.path, line=None))
    return FileChains(
        path=unit.path,
        frontend=unit.frontend,
        entries=entries,
        l0_calls=tuple(calls),
        executor_calls=tuple(sorted(executor.items())),
        launch_macros=tuple(sorted(launches.items())),
        l0_definitions=tuple(f.short_name for f in unit.functions if f.name.startswith("l0op::")),
        findings=tuple(findings),
    )


def evaluate(report: ChainReport, *, facts: Sequence[Facts], entries: Sequence[str] | None = None,
             positions: range | None = None) -> RouteSet:
    """One Route per (entry point, facts), entries in file order; `entries` filters by entry name, `positions` by
    place in that order (a share of a file's entries, walked apart). Routes are audited against the reachability
    index of the roots (or of the inputs' folders when no root is given)."""
    program = ChainProgram(report.index, reach_index(audit_roots(report)))
    routes, findings, unresolved = [], [], []
    seen = set()
    for position, (unit, function) in enumerate(report.entry_points()):
        if entries is not None and function.short_name not in entries or \
                positions is not None and position not in positions:
            continue
        for one in facts:
            walk = RouteWalk(program, one, MESSAGES)
            routes.append(walk.run(unit, function))
            for finding in walk.findings:
                key = (finding.symbol, finding.path, finding.line, finding.message)
                if key not in seen:
                    seen.add(key)
                    findings.append(finding)
            for item in walk.unresolved:
                if item not in unresolved:
                    unresolved.append(item)
    # The ops two roots define differently that these entries' chains and routes reach (not every one the process
    # has met: a file's findings never depend on the files analysed before it).
    for chains in report.files if report.index is not None else ():
        for call in chains.l0_calls:
            program.resolve_l0(call.op, len(call.args), chains.path)
    for op, arity, used, other in program.conflicts:
        finding = MESSAGES.make("l0-op-conflict", path=used.rsplit(":", 1)[0], line=None, op=op, arity=arity,
                                used=used, other=other)
        if (finding.symbol, finding.message) not in {(f.symbol, f.message) for f in findings}:
            findings.append(finding)
    return RouteSet(tuple(routes), tuple(sorted(findings, key=Finding.sort_key)), tuple(unresolved))

