"""ACLNN chain analysis: entry points, helpers inlined, l0op calls resolved to launchers; routes under Facts."""

from __future__ import annotations

import functools
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path

from op_migrate.analyzers.aclnn.chain import (
    ChainReport,
    EntryPoint,
    FileChains,
    L0Call,
    RouteSet,
    clear_reach_indexes,
    evaluate,
    file_chains,
    reach_index_apart,
)
from op_migrate.analyzers.aclnn.generated_catalog import CatalogFileError, load_catalog
from op_migrate.analyzers.aclnn.includes import resolver_for
from op_migrate.analyzers.aclnn.l0_index import L0Index, find_repo_root, root_sources
from op_migrate.analyzers.aclnn.messages import MESSAGES
from op_migrate.analyzers.cxx import parse_file
from op_migrate.analyzers.cxx.macro_index import index_for
from op_migrate.analyzers.cxx.model import CxxUnit
from op_migrate.analyzers.route.facts import facts_matrix
from op_migrate.analyzers.route.model import Facts, Route

__all__ = [
    "MESSAGES",
    "ChainReport",
    "EntryPoint",
    "FileChains",
    "FrontendOptions",
    "L0Call",
    "RouteSet",
    "analyze_chains",
    "clear_caches",
    "prepare_indexes",
    "evaluate",
    "evaluate_routes",
    "facts_matrix",
    "input_sources",
    "repo_index",
]

_CXX = (".cpp", ".cc", ".cxx")


@dataclass(frozen=True)
class FrontendOptions:
    """How C++ is read: tree-sitter unless a compile database or include dirs select libclang."""

    compile_commands: Path | None = None
    include_dirs: tuple[Path, ...] = ()

    def parse(self, path: Path) -> CxxUnit:
        return parse_file(path, compile_commands=self.compile_commands, include_dirs=self.include_dirs)


def input_sources(paths: Sequence[Path]) -> list[Path]:
    """Files as given; directories expand to their op_api sources (all C++ sources when there is no op_api)."""
    found: list[Path] = []
    for path in paths:
        if path.is_dir():
            found.extend(root_sources(path))
        else:
            found.append(path)
    return list(dict.fromkeys(found))


@functools.lru_cache(maxsize=4)
def repo_index(roots: tuple[Path, ...], frontend: FrontendOptions = FrontendOptions(), extra: tuple[Path, ...] = (),
               catalogs: tuple[Path, ...] = ()) -> L0Index:
    """The L0 index of repository roots (first wins) and catalogs, cached per process for directory mode.

    Raises CatalogFileError for a catalog that cannot be used; analyze_chains turns it into a finding.
    """
    entries = [(root, root_sources(root)) for root in roots]
    if extra:
        entries.append((None, list(extra)))
    return L0Index(entries, frontend.parse, tuple(load_catalog(path) for path in catalogs))


def clear_caches() -> None:
    """Forget what this process parsed and indexed (a new run reads the files again: they may have changed)."""
    repo_index.cache_clear()
    resolver_for.cache_clear()
    clear_reach_indexes()
    index_for.cache_clear()


def prepare_indexes(repo_roots: Sequence[Path], catalogs: Sequence[Path] = (),
                    frontend_options: FrontendOptions = FrontendOptions()) -> None:
    """Build what every file of a directory run shares (the L0 index, the reachability index, the include and macro
    search paths) once, in this process: worker processes forked afterwards inherit them instead of each building
    its own. The reachability index is built in a child process meanwhile and handed back (chain.reach_index_apart),
    so that neither this process nor its workers hold the build's peak. Nothing changes in what a route says."""
    roots, _ = usable_roots(repo_roots)
    good_catalogs, _ = usable_catalogs(catalogs)
    if not roots:
        return
    with reach_index_apart(tuple(roots)):  # in a child, beside the rest: no process here keeps the build's peak
        index = repo_index(tuple(roots), frontend_options, (), good_catalogs)
        index.scope.resolver.search_path()
        index.opdefs.find("")
        index_for(tuple(roots)).name_index()


def usable_roots(repo_roots: Sequence[Path]) -> tuple[list[Path], list]:
    """The roots that are directories (resolved, duplicates dropped), and a finding for each one that is not."""
    roots, findings = [], []
    for root in repo_roots:
        if not Path(root).is_dir():
            findings.append(MESSAGES.make("aclnn-repo-root-unusable", path=str(root), line=None, root=str(root)))
        elif Path(root).resolve() not in roots:
            roots.append(Path(root).resolve())
    return roots, findings


def usable_catalogs(catalogs: Sequence[Path]) -> tuple[tuple[Path, ...], list]:
    """The catalogs that load, and a finding for each one that does not (truncated, other schema, unreadable)."""
    good, findings = [], []
    for path in catalogs:
        try:
            load_catalog(path)
        except CatalogFileError as error:
            findings.append(MESSAGES.make("l0-catalog-unusable", path=str(path), line=None, reason=str(error)))
            continue
        good.append(Path(path).resolve())
    return tuple(good), findings


def analyze_chains(
    paths: Sequence[Path],
    *,
    repo_root: Path | None = None,
    repo_roots: Sequence[Path] = (),
    catalogs: Sequence[Path] = (),
    frontend_options: FrontendOptions = FrontendOptions(),
    units: dict[str, CxxUnit] | None = None,
) -> ChainReport:
    """Parse `paths` (files or directories) and model their chains; L0 calls resolve in the roots, then catalogs.

    `repo_roots` (or the single `repo_root`) are searched in order, the first that defines an op wins. Without
    any, the nearest ops-math-like directory above the first input is used; when there is none, the inputs' own
    directories are indexed and a finding says so. `units` supplies already parsed files by path.
    """
    sources = [source.absolute() for source in input_sources([Path(p) for p in paths])]
    given = list(repo_roots) or ([repo_root] if repo_root is not None else [])
    roots, findings = usable_roots(given)
    good_catalogs, catalog_findings = usable_catalogs(catalogs)
    findings.extend(catalog_findings)
    if not given and sources:
        found = find_repo_root(sources[0].parent)
        if found is not None:
            roots = [found]
        else:
            findings.append(MESSAGES.make("aclnn-repo-root-missing", path=str(sources[0]), directory=str(sources[0].parent)))
    extra = () if roots else tuple(sorted({s for src in sources for s in _siblings(src)}))
    index = repo_index(tuple(roots), frontend_options, extra, good_catalogs)
    parsed: dict[str, CxxUnit] = {}
    chains = []
    for source in sources:
        unit = (units or {}).get(str(source)) or _reusable(index.cached(source.resolve()), source)
        unit = unit or frontend_options.parse(source)
        parsed[unit.path] = unit
        if any(f.name.startswith("l0op::") for f in unit.functions):
            index.add_unit(source.resolve(), unit)  # only L0 files are looked up again
        chains.append(file_chains(unit, index))
    return ChainReport(
        repo_root=str(roots[0]) if roots else None,
        repo_roots=tuple(str(root) for root in roots),
        files=tuple(chains),
        findings=tuple(findings),
        units=parsed,
        index=index,
    )


def evaluate_routes(report: ChainReport, *, entries: Sequence[str] | None = None, facts: Sequence[Facts]) -> list[Route]:
    """One Route per (entry point, facts); use `evaluate` to also get the walks' findings and unresolved calls."""
    return list(evaluate(report, facts=facts, entries=entries).routes)


def _reusable(unit: CxxUnit | None, source: Path) -> CxxUnit | None:
    """An L0 unit the index parsed under the same path spelling can stand for the input itself."""
    return unit if unit is not None and unit.path == str(source) else None


def _siblings(source: Path) -> list[Path]:
    try:
        return [p for p in source.parent.iterdir() if p.suffix in _CXX and p.is_file()]
    except OSError:
        return []
