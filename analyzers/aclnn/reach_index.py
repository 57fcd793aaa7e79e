"""The launch sites each name reaches through the repositories' call graph, by name: built once per tree, cacheable.

An over-approximation for the route audit. Nodes are names: every definition of a name (free function, method of
any class, constructor and class, variable with an initializer such as a function table, macro) is one node, so a
call `obj.Run()` reaches every `Run`, virtual overrides included. A body uses a name when the identifier appears in
it outside an `X::` qualifier position: calls, constructions (`Foo x(...)`, `new Foo`, `make_unique<Foo>`),
functions taken as values (`&Class::Method`, `{0, RunA}`), lambdas written inside it. Launch sites are the launcher
macros (analyzers/route/macros.py LAUNCH_MACROS), every `l0op::X` use, unqualified calls inside `namespace l0op` of a
name an L0 definition has, and `aclnnInner<Op>GetWorkspaceSize` calls no repository defines (opbuild generates them).

Universe: the C/C++ sources and headers under the roots, without device code (op_kernel*), tests, examples, docs,
build outputs and stand-in folders. A file at the same path relative to its root is taken from the first root; a
name defined in several roots or files is one node with every definition. Cost: every file is lexed once into its
identifier set; only files holding launch sites, then files that use a name known to reach one, are scanned
(analyzers/aclnn/reach_scan.py), to a fixpoint; the rounds are the breadth-first layers, so chains are shortest.

Linkage narrows by name where C++ does: a definition inside `namespace l0op` is the node "l0op::X", seen unqualified
only from that namespace or under `using namespace l0op`; a static function, anything in an unnamed namespace, a
namespace-scope const variable, and the constructors and (base-less) methods of a class a source file defines are
seen only from that file (unless another file #includes it). A method of a class with bases stays global: it may
override a virtual called through the base from anywhere.

API (stable):
    index = ReachIndex.build([Path("ops-transformer"), Path("ops-math")])   # parse=None: see build()
    chain = index.reaches("ProcessL0", qualifier="MmOp", file="/x/aclnn_mm.cpp")   # ReachChain | None
    chain.names   # ("ProcessL0",): from the name asked about to the function that holds the site
    chain.site    # LaunchSite(kind="l0op", name="l0op::MatMulV3Nd", file="/x/aclnn_mm.cpp", line=21)
    chain.where   # ("/x/aclnn_mm.cpp:15",): "path:line" of each name's definition
    for call in index.sites_in("/x/aclnn_mm.cpp", "aclnnMmGetWorkspaceSize", 48) or ():   # None: no such function
        call.line, call.callee, call.name, call.chain   # e.g. 58, "aclnnOp.ProcessL0", "ProcessL0", <chain above>
    index.reachable_sites("aclnnMmGetWorkspaceSize", file="/x/aclnn_mm.cpp")   # every site, one chain each
    index.findings   # tuple[Finding, ...]: unreadable or oversized files, braces that do not balance
    document = index.to_json()   # JSON-ready; ReachIndex.from_json(document, roots) is None once any file changed
`qualifier` (the class or namespace a call names) narrows the first hop to the definitions it encloses, when any
does; "l0op" asks for the "l0op::X" node. `file` (the caller's path) leaves out what is internal to other files.
A launch written in the function itself comes back from sites_in with `chain.names == ()`.
"""

from __future__ import annotations

import functools
import os
import time
from collections import deque
from collections.abc import Callable, Sequence
from pathlib import Path

from op_migrate.analyzers.aclnn.reach_build import Built, propagate
from op_migrate.analyzers.aclnn.reach_calls import CallCache, calls_of
from op_migrate.analyzers.aclnn.reach_files import FileSet, framework_sources, universe
from op_migrate.analyzers.aclnn.reach_model import LAUNCH_KINDS, LaunchSite, ReachCall, ReachChain, ReachDef
from op_migrate.analyzers.aclnn.reach_tiling import NAMESPACE as TILING_NAMESPACE
from op_migrate.analyzers.aclnn.reach_tiling import TilingSight
from op_migrate.analyzers.cxx.model import CxxUnit
from op_migrate.analyzers.findings import Finding, Severity

SCHEMA = "op-migrate/reach-index@2"
Parse = Callable[[Path], CxxUnit]
__all__ = ["LAUNCH_KINDS", "SCHEMA", "LaunchSite", "ReachCall", "ReachChain", "ReachIndex"]


class ReachIndex:
    """Reachability of launch sites by name; see the module docstring."""

    def __init__(self, built: Built, files: FileSet, parse: Parse | None = None) -> None:
        self._defs = built.defs
        self.l0_names = built.l0_names  # names of `namespace l0op` functions that launch
        self.l0_helpers = built.l0_helpers  # names of `namespace l0op` functions that do not
        self.generated = built.generated  # aclnnInner…GetWorkspaceSize names called and defined nowhere
        self.files = files
        self.findings = tuple(built.findings)
        self.stats = built.stats
        self._calls = CallCache(parse)
        self.tiling = TilingSight(files.paths)
        self._framework_paths = frozenset(files.paths[index] for index in framework_sources(files))
        self._sites: dict[tuple[str, str, int], tuple[ReachCall, ...] | None] = {}

    @functools.cached_property
    def reaching(self) -> frozenset[str]:
        """Every name with a definition that reaches a launch site."""
        return frozenset(name for name, defs in self._defs.items() if any(d.layer is not None for d in defs))

    @functools.cached_property
    def sources_by_stem(self) -> dict[str, tuple[str, ...]]:
        """file stem -> the roots' C++ sources of that stem (`matmul_util` -> every matmul_util.cpp)."""
        by_stem: dict[str, list[str]] = {}
        for path in self.files.paths:
            if path.endswith((".cpp", ".cc", ".cxx")):
                by_stem.setdefault(os.path.splitext(os.path.basename(path))[0], []).append(path)
        return {stem: tuple(paths) for stem, paths in by_stem.items()}

    @functools.cached_property
    def reaching_bytes(self) -> frozenset[bytes]:
        return frozenset(name.encode("ascii", "replace") for name in self.reaching)

    @classmethod
    def build(cls, roots: Sequence[Path], parse: Parse | None = None) -> "ReachIndex":
        """Index the roots (first wins for a file at the same relative path). `parse` reads the files whose braces
        do not balance (default: the tree-sitter front end, analyzers.cxx.parse_file)."""
        started = time.perf_counter()
        files = universe(roots)
        built = propagate(files, parse)
        built.stats["seconds"] = round(time.perf_counter() - started, 3)
        return cls(built, files, parse)

    def reaches(self, name: str, qualifier: str | None = None, file: str | None = None) -> ReachChain | None:
        """The shortest chain from `name` (a short name) to a launch site, or None when nothing is reachable.

        `qualifier` (a class or namespace the call names) narrows the first hop to the definitions it encloses, when
        any does; "l0op" asks for the node of `namespace l0op` definitions, "l0op::X". `file` (the caller's path)
        leaves out definitions internal to other files (static functions, unnamed namespaces)."""
        last = qualifier.rsplit("::", 1)[-1] if qualifier else None
        if last == "l0op" and not name.startswith("l0op::"):
            name = "l0op::" + name
        defs = self._visible(name, file)
        if not defs:
            if name in self.generated:
                return ReachChain((), LaunchSite("generated", name, "", 0))
            return None
        if last and last != "l0op":
            defs = _qualified(defs, last)
        best = _best(defs)
        if best is None:
            return None
        names, where = [name], [f"{best.file}:{best.line}"]
        while best.site is None:
            best = _best(self._visible(best.next, best.file))
            names.append(best.name)
            where.append(f"{best.file}:{best.line}")
        return ReachChain(tuple(names), best.site, tuple(where))

    def reachable_sites(self, name: str, qualifier: str | None = None, file: str | None = None,
                        limit: int = 10000) -> tuple[ReachChain, ...]:
        """Every launch site reachable from `name`, each once with a shortest chain, nearest first (breadth first
        over the reaching definitions; `qualifier` and `file` as in reaches()). `limit` bounds the answer."""
        last = qualifier.rsplit("::", 1)[-1] if qualifier else None
        if last == "l0op" and not name.startswith("l0op::"):
            name = "l0op::" + name
        start = [d for d in self._visible(name, file) if d.layer is not None]
        if last and last != "l0op":
            start = _qualified(start, last)
        if not start and name in self.generated:
            return (ReachChain((), LaunchSite("generated", name, "", 0)),)
        queue = deque((d, (d.name,), (f"{d.file}:{d.line}",)) for d in start)
        seen_defs = {(d.file, d.line, d.name) for d in start}
        found: dict[tuple[str, int, str], ReachChain] = {}
        while queue and len(found) < limit:
            definition, names, where = queue.popleft()
            for site in definition.sites:
                found.setdefault((site.file, site.line, site.name), ReachChain(names, site, where))
            for call in definition.calls:
                for nxt in self._visible(call, definition.file):
                    key = (nxt.file, nxt.line, nxt.name)
                    if nxt.layer is not None and key not in seen_defs:
                        seen_defs.add(key)
                        queue.append((nxt, names + (nxt.name,), where + (f"{nxt.file}:{nxt.line}",)))
        return tuple(found.values())

    def definitions(self, name: str, file: str | None = None) -> tuple[ReachDef, ...]:
        """The definitions of a name that reaches a launch, as a caller in `file` sees them (static ones of other
        files left out): where a route finds a function its headers declare and another source defines."""
        return tuple(self._visible(name, file))

    def _visible(self, name: str, file: str | None) -> list[ReachDef]:
        defs = list(self._defs.get(name, ()))
        if not name.startswith(("l0op::", TILING_NAMESPACE + "::")) and \
                (file is None or self.tiling.sees_name(file, name.encode("ascii", "replace"))):
            defs += self._defs.get(f"{TILING_NAMESPACE}::{name}", ())  # reach_tiling.py: which of its names a file sees
        return [d for d in defs if not d.internal or file is None or d.file == file]

    def sites_in(self, path: str, function_name: str, line: int) -> tuple[ReachCall, ...] | None:
        """The launch-relevant places of the definition of `function_name` (short or qualified) around `line` in
        `path`, in source order; None when the file has no such definition."""
        key = (path, function_name, line)
        if key not in self._sites:  # every walk of a function asks again: scanned once per process
            # A framework source's calls bind to the framework's own functions (reach_files.framework_sources).
            framework = path in self._framework_paths
            self._sites[key] = () if framework else calls_of(self, self._calls, path, function_name, line)
        return self._sites[key]

    def to_json(self) -> dict:
        defs = [d.to_row() for name in sorted(self._defs) for d in self._defs[name]]
        return {"schema": SCHEMA, "files": self.files.to_json(), "defs": defs, "l0_names": sorted(self.l0_names),
                "l0_helpers": sorted(self.l0_helpers), "generated": sorted(self.generated),
                "findings": [f.to_json() for f in self.findings], "stats": self.stats}

    @classmethod
    def from_json(cls, document: dict, roots: Sequence[Path], parse: Parse | None = None) -> "ReachIndex | None":
        """The index saved by to_json(), or None when it is of another schema or any file of the roots changed
        (added, removed, other size or mtime): then build again."""
        if not isinstance(document, dict) or document.get("schema") != SCHEMA:
            return None
        files = universe(roots)
        if files.to_json() != document.get("files"):
            return None
        defs: dict[str, list[ReachDef]] = {}
        for row in document["defs"]:
            definition = ReachDef.from_row(row)
            defs.setdefault(definition.name, []).append(definition)
        findings = [Finding(**{**f, "severity": Severity(f["severity"])}) for f in document["findings"]]
        built = Built(defs, frozenset(document["l0_names"]), frozenset(document["l0_helpers"]),
                      frozenset(document["generated"]), findings, {**document["stats"], "cached": True})
        return cls(built, files, parse)


# Namespaces of the standard library and the framework: a call qualified by one (`std::to_string`, `op::ToString`)
# binds to a definition inside it, or to none of the repository's; a class or alias name could stand for any class.
FOREIGN_NAMESPACES = frozenset({"std", "op"})


def _qualified(defs: Sequence[ReachDef], last: str) -> list[ReachDef]:
    """The definitions a call qualified by `last` may reach: those it encloses, when any does; else none for a
    foreign namespace and, for any other qualifier (a type alias, a template parameter), every one."""
    inside = [d for d in defs if last in d.qualifier]
    return inside if inside or last in FOREIGN_NAMESPACES else list(defs)


def _best(defs: Sequence[ReachDef]) -> ReachDef | None:
    """The definition closest to a launch (fewest layers; the first in root, file and line order on a tie)."""
    reaching = [d for d in defs if d.layer is not None]
    return min(reaching, key=lambda d: d.layer) if reaching else None
