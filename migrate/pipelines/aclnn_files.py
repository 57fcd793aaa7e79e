"""The per-file worker of `migrate analyze DIR`: a source's chains and routes as one document, or in shares of its
entries walked apart and joined (a file whose entries walk long is spread over the workers)."""

from __future__ import annotations

import re
from dataclasses import dataclass
from pathlib import Path

from op_migrate.analyzers.aclnn import FrontendOptions, analyze_chains, evaluate
from op_migrate.analyzers.atlas import atlas_row
from op_migrate.analyzers.route.model import Facts
from op_migrate.analyzers.route.route_json import route_to_json

# A file smaller than this is walked whole: its entries are cheap, and each share parses it and resolves its chains
# again. Which files are shared out changes when the work runs, never what it finds.
SHARE_FROM_BYTES = 40_000
_ENTRY_DEFINITION = re.compile(rb"\bacl\w+GetWorkspaceSize\s*\([^;{]*\)\s*\{")  # chain.is_entry's names


@dataclass(frozen=True)
class FileJob:
    """What every per-file analysis needs; picklable so directory mode can fan it out to worker processes."""

    repo_roots: tuple[Path, ...]
    catalogs: tuple[Path, ...]
    frontend: FrontendOptions
    facts: tuple[Facts, ...]


def analyze_file(job: FileJob, path: str) -> dict:
    """The per-file worker of directory mode: the file's chains, its entries' routes, findings, unresolved calls.

    With facts, only the routes for those facts are walked (the fact-free chain is left out: it is the costly
    walk that keeps every branch, and the directory summary counts the routes asked for).
    """
    return join_shares(job, path, documents=[analyze_share(job, path, share=0, count=1)])


def shares(path: Path, jobs: int) -> int:
    """Into how many shares of its entries a file is walked with `jobs` workers: one per worker for a large file
    defining several entries (counted from its text; a share past the real count is empty), else 1."""
    try:
        if jobs < 2 or path.stat().st_size < SHARE_FROM_BYTES:
            return 1
        return max(1, min(jobs, len(_ENTRY_DEFINITION.findall(path.read_bytes()))))
    except OSError:
        return 1  # the worker reports the unreadable file


def analyze_share(job: FileJob, path: str, *, share: int, count: int) -> dict:
    """Share `share` of `count` of the file's entries (contiguous, in file order): its entries and the route findings
    and unresolved calls of their walks, with paths as the walk gave them (join_shares makes them relative)."""
    report = analyze_chains([Path(path)], repo_roots=job.repo_roots, catalogs=job.catalogs,
                            frontend_options=job.frontend)
    every = list(report.entry_points())
    positions = range(share * len(every) // count, (share + 1) * len(every) // count)
    facts_given = job.facts != (Facts(),)
    routed = evaluate(report, facts=list(job.facts) if facts_given else [Facts()], positions=positions)
    per_entry = len(job.facts) if facts_given else 1
    entries = []
    for index, (unit, function) in enumerate(every[positions.start:positions.stop]):
        walked = routed.routes[index * per_entry:(index + 1) * per_entry]
        routes = [_compact(r) for r in walked]
        entries.append({
            "name": function.short_name, "file": unit.path, "line": function.line,
            "params": [p.name for p in function.params],
            "chain": None if facts_given else routes[0],
            "routes": routes if facts_given else [],
            # Computed here, from the walked routes, so the directory's atlas needs no second walk (and is cached).
            "atlas": [atlas_row(route, unit.path, function.line).to_json() for route in walked],
        })
    return {
        "path": path,
        "status": "ok",
        "file": report.files[0].to_json(),
        "entries": entries,
        "file_findings": [f.to_json() for f in list(report.findings) + list(report.files[0].findings)],
        "route_findings": [f.to_json() for f in routed.findings],
        "unresolved": list(routed.unresolved),
    }


def join_shares(job: FileJob, path: str, *, documents: list[dict]) -> dict:
    """The file's document from its shares in order: what one walk of every entry gives (route findings once each,
    in evaluate's order; unresolved calls in first-seen order), paths relative to the first root."""
    seen, route_findings = set(), []
    for finding in (f for part in documents for f in part["route_findings"]):
        key = (finding["symbol"], finding["path"], finding["line"], finding["message"])
        if key not in seen:
            seen.add(key)
            route_findings.append(finding)
    route_findings.sort(key=lambda f: (f["path"] or "", f["line"] or 0, f["symbol"], f["message"]))
    document = {
        "path": path,
        "status": "ok",
        "file": documents[0]["file"],
        "entries": [entry for part in documents for entry in part["entries"]],
        "findings": unique(documents[0]["file_findings"] + route_findings),
        "unresolved": unique([item for part in documents for item in part["unresolved"]]),
    }
    # Made relative here, once per file, so cached documents need no pass over the whole report.
    base = next((str(r) for r in job.repo_roots if r.is_dir()), None)
    return relative(document, base or str(Path(path).resolve().parent))


def _compact(route) -> dict:
    """Directory mode keeps each route's outcome, steps, tasks and tensors, not its events and call paths."""
    document = route_to_json(route, call_paths=False, steps=True)
    document["events"] = []
    document["compact"] = True
    return document


def relative(value, root: str | None):
    """Paths under the repository root are shown relative to it (stable across checkouts)."""
    if root is None:
        return value
    return _strip_prefix(value, str(Path(root).resolve()) + "/")


def _strip_prefix(value, prefix: str):
    if isinstance(value, dict):
        return {k: _strip_prefix(v, prefix) for k, v in value.items()}
    if isinstance(value, list):
        return [_strip_prefix(v, prefix) for v in value]
    if isinstance(value, str) and value.startswith(prefix):
        return value[len(prefix):]
    return value


def unique(items: list) -> list:
    seen, out = set(), []
    for item in items:
        key = repr(sorted(item.items())) if isinstance(item, dict) else repr(item)
        if key not in seen:
            seen.add(key)
            out.append(item)
    return out
