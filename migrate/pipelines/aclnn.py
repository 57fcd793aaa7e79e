"""`migrate analyze FILE.cpp|DIR` on ACLNN op_api sources: chains, routes per (SoC, dtype), directory summary."""

from __future__ import annotations

import functools
import hashlib
import importlib.util
import json
from pathlib import Path

from op_migrate.analyzers.aclnn import (
    FrontendOptions,
    analyze_chains,
    clear_caches,
    evaluate,
    input_sources,
    prepare_indexes,
)
from op_migrate.analyzers.aclnn.l0_index import find_repo_root
from op_migrate.analyzers.atlas import build_atlas, row_from_json
from op_migrate.analyzers.code_digest import code_digest
from op_migrate.analyzers.route.facts import FactsError, facts_matrix
from op_migrate.analyzers.route.model import Facts
from op_migrate.migrate import exit_codes, validate
from op_migrate.migrate.config import AnalyzeConfig
from op_migrate.migrate.corpus import CorpusJob, run_corpus
from op_migrate.migrate.errors import MigrateError
from op_migrate.migrate.output import Rendered
from op_migrate.migrate.pipelines import aclnn_files
from op_migrate.migrate.pipelines.aclnn_files import FileJob, analyze_file, relative as _relative, unique as _unique
from op_migrate.migrate.pipelines.tree_fingerprint import dependencies_not_covered, tree_fingerprint
from op_migrate.reports import aclnn_report, atlas_report
from op_migrate.reports.render import to_json_text

SCHEMA = "op-migrate/aclnn@2"
VERSION = "aclnn-walk@5"
# With the analyzers' digest, the code that makes a per-file document is in the cache namespace: a changed tool (an
# upgrade, a fix of the walk) never reuses a document an older one wrote.
_OWN_DIGEST = hashlib.sha256(Path(__file__).read_bytes() + Path(aclnn_files.__file__).read_bytes()).hexdigest()[:16]


def run(config: AnalyzeConfig) -> Rendered:
    paths = [Path(item) for item in config.inputs]
    missing = [str(p) for p in paths if not p.exists()]
    if missing:
        raise MigrateError(f"no such file or directory: {', '.join(missing)}")
    try:
        facts = tuple(facts_matrix(config.socs, config.dtypes, config.shapes, config.scalars, config.strides,
                                   config.offsets, config.absent, config.formats))
    except FactsError as error:
        raise MigrateError(str(error)) from error
    frontend = FrontendOptions(config.compile_commands, tuple(config.include_dirs))
    # Parsed sources and headers are cached per process for the files of one run; a new run reads them again.
    clear_caches()
    if config.cases or config.cases_file is not None:
        # The memory model needs whole routes walked at each case's shapes: file mode over the folder's sources.
        from op_migrate.migrate.pipelines.aclnn_memory import case_facts

        return _file_mode(config, input_sources(paths), tuple(case_facts(config)), frontend)
    if any(p.is_dir() for p in paths):
        return _directory_mode(config, paths, facts, frontend)
    return _file_mode(config, paths, facts, frontend)


def _file_mode(config: AnalyzeConfig, paths, facts, frontend) -> Rendered:
    report = analyze_chains(paths, repo_roots=config.repo_roots, catalogs=config.l0_catalogs,
                            frontend_options=frontend)
    chains = evaluate(report, facts=[Facts()])
    facts_given = facts != (Facts(),)
    routed = evaluate(report, facts=list(facts)) if facts_given else chains
    entries = []
    per_entry = len(facts) if facts_given else 0  # without facts the chain is the only route
    for index, (unit, function) in enumerate(report.entry_points()):
        entries.append({
            "name": function.short_name,
            "file": unit.path,
            "line": function.line,
            "params": [p.name for p in function.params],
            "chain": chains.routes[index].to_json(),
            "routes": [r.to_json() for r in routed.routes[index * per_entry:(index + 1) * per_entry]],
        })
    findings = list(report.findings) + [f for chain in report.files for f in chain.findings]
    # The facts-free chain's own findings speak of no facts; with facts given, the routes' findings are the answer
    # (a chain walk's "fails for these facts" next to a facts route that does not fail misled, hand check B9).
    findings += list(routed.findings) if facts_given else list(chains.findings)
    routed_routes = list(routed.routes)
    unresolved = _unique(list(chains.unresolved) + list(routed.unresolved))
    document = _document(config, report.repo_root, report.repo_roots, facts, entries,
                         [f.to_json() for f in report.files], _unique([f.to_json() for f in findings]), unresolved,
                         failed=[])
    validate.check_entry_facts(config, document)  # before the memory model and before anything is written
    document["findings"].extend(f.to_json() for f in validate.shape_warnings(config))
    memory = _memory(config, routed_routes, document)
    return _render(config, document, memory)


def _directory_mode(config: AnalyzeConfig, paths, facts, frontend) -> Rendered:
    sources = input_sources(paths)
    roots = list(config.repo_roots)
    if not roots:
        found = next((r for r in (find_repo_root(p) for p in paths) if r is not None), None)
        # Without an ops-math root, the first input directory is indexed for L0 definitions instead.
        fallback = found or next((p for p in paths if p.is_dir()), None)
        roots = [fallback] if fallback is not None else []
    job = FileJob(tuple(Path(r).resolve() if Path(r).is_dir() else Path(r) for r in roots),
                  tuple(config.l0_catalogs), frontend, facts)
    cache_dir = config.cache_dir if config.use_cache else None
    # The fingerprint stats every C/C++ file of the roots: only a cached run needs it.
    namespace = "|".join([VERSION, code_digest(), _OWN_DIGEST, repr(job.repo_roots),
                          tree_fingerprint(job.repo_roots, job.catalogs, cache_dir, tuple(sources)),
                          repr(frontend), repr([f.to_json() for f in facts])]) if cache_dir is not None else ""
    result = run_corpus(CorpusJob(
        paths=tuple(sources),
        worker=functools.partial(analyze_file, job),
        shares=aclnn_files.shares,
        share_worker=functools.partial(aclnn_files.analyze_share, job),
        join=functools.partial(aclnn_files.join_shares, job),
        namespace=namespace,
        jobs=config.jobs,
        cache_dir=cache_dir,
        show_progress=config.show_progress,
        dependencies=functools.partial(dependencies_not_covered, tuple(r for r in job.repo_roots if r.is_dir())),
        prepare=functools.partial(prepare_indexes, job.repo_roots, job.catalogs, job.frontend),
    ))
    entries, files, findings, unresolved, failed = [], [], [], [], []
    for doc in result.documents:
        if doc.get("status") != "ok":
            failed.append({"path": doc.get("path"), "reason": doc.get("reason", "failed")})
            continue
        entries.extend(doc["entries"])
        files.append(doc["file"])
        findings.extend(doc["findings"])
        unresolved.extend(doc["unresolved"])
    first = next((str(r) for r in job.repo_roots if r.is_dir()), None)
    if not config.repo_roots and first is not None and find_repo_root(Path(first)) is None and sources:
        findings.insert(0, {"symbol": "aclnn-repo-root-missing", "severity": "warning", "path": str(paths[0]),
                            "line": None, "message": f"no ops-math-like repository root above {paths[0]}; "
                                                    f"L0 ops resolve within {paths[0]} and l0_ops.toml only"})
    document = _document(config, first, [str(r) for r in job.repo_roots if r.is_dir()], facts, entries, files,
                         _unique(findings),
                         _unique(unresolved), failed, cached=result.cached, relative_done=True)
    validate.check_entry_facts(config, document)
    document["findings"].extend(f.to_json() for f in validate.shape_warnings(config))
    atlas = build_atlas(_atlas_rows(document), _facts_words(config))
    rendered = _render(config, document, None, compact=len(files) > 50)
    return _with_atlas(rendered, atlas.to_json(), config)


def _atlas_rows(document: dict) -> list:
    """The atlas rows the workers computed (taken out of the entries); a route whose facts do not broadcast
    (validate.check_entry_facts marked it) is no call, like one its checks reject."""
    rows = []
    for entry in document["entries"]:
        walked = entry["routes"] or ([entry["chain"]] if entry.get("chain") else [])
        for row, route in zip(entry.pop("atlas", ()), walked):
            if route.get("facts_not_broadcastable") and not row.get("rejected"):
                row = {**row, "rejected": route["facts_not_broadcastable"]}
            rows.append(row_from_json(row))
    return rows


def _facts_words(config: AnalyzeConfig) -> list[str]:
    return [f"soc={s}" for s in config.socs] + [f"dtype={d}" for d in config.dtypes] + list(config.shapes) + \
        list(config.scalars)


def _with_atlas(rendered: Rendered, atlas: dict, config: AnalyzeConfig) -> Rendered:
    """The atlas goes next to -o as atlas.md, atlas.json and atlas.svg; without -o stderr says how to get it."""
    count = len(atlas["answered"]) + len(atlas["unanswered"]) + len(atlas["rejected"])
    if config.output is None:
        line = f"atlas: {count} entry routes; give -o FILE to write atlas.md, atlas.json and atlas.svg beside it"
        return Rendered(rendered.text, rendered.exit_code, rendered.files, rendered.diagnostics + (line,))
    files = rendered.files + (("atlas.md", atlas_report.markdown(atlas).encode("utf-8")),
                              ("atlas.json", atlas_report.json_text(atlas).encode("utf-8")),
                              ("atlas.svg", atlas_report.svg(atlas).encode("utf-8")))
    where = config.output.parent
    line = (f"atlas: {count} entry routes ({len(atlas['unanswered'])} not answered, {len(atlas['rejected'])} no call "
            f"for these facts), written to {where / 'atlas.md'}, "
            f"{where / 'atlas.json'} and {where / 'atlas.svg'}")
    return Rendered(rendered.text, rendered.exit_code, files, rendered.diagnostics + (line,))


def _document(config, repo_root, repo_roots, facts, entries, files, findings, unresolved, failed, cached=None,
              relative_done=False) -> dict:
    document = {
        "schema": SCHEMA,
        "kind": "aclnn",
        "repo_root": repo_root,
        "repo_roots": list(repo_roots),
        "l0_catalogs": [str(path) for path in config.l0_catalogs],
        "inputs": list(config.inputs),
        "facts": [f.to_json() for f in facts],
        "entries": entries,
        "files": files,
        "unresolved": unresolved,
        "findings": findings,
        "failed": failed,
    }
    if not relative_done:
        document = _relative(document, repo_root or _input_base(config.inputs))
    document["summary"] = aclnn_report.summary(document)
    if cached is not None:
        document["summary"]["cached_files"] = cached
    return document


def _memory(config: AnalyzeConfig, routes, document: dict):
    """The memory engineer's attachment, when cases were given and their module is in this build."""
    if not (config.cases or config.cases_file):
        return None
    if importlib.util.find_spec("op_migrate.migrate.pipelines.aclnn_memory") is None:
        raise MigrateError("--case/--cases need the memory model, which is not in this build")
    from op_migrate.migrate.pipelines import aclnn_memory

    asked = [route for entry in document["entries"] for route in entry["routes"] or [entry["chain"]]]
    invalid = {i: r["facts_not_broadcastable"] for i, r in enumerate(asked) if r.get("facts_not_broadcastable")}
    attachment = aclnn_memory.attach(config, routes, invalid)
    index = 0
    for entry in document["entries"]:
        for route in entry["routes"] or [entry["chain"]]:
            if index in attachment.json_by_route:
                route["memory"] = attachment.json_by_route[index]
            index += 1
    base = document["repo_root"] or _input_base(config.inputs)
    document["findings"].extend(_unique([_relative(f.to_json(), base) for f in attachment.findings]))
    return attachment


def _render(config: AnalyzeConfig, document: dict, memory, compact: bool = False) -> Rendered:
    if config.fmt == "json":
        # Directory reports run to tens of MB: one line, written by the C encoder.
        body = json.dumps(document, ensure_ascii=False, separators=(",", ":")) + "\n" if compact else to_json_text(document)
    elif config.fmt == "md":
        body = aclnn_report.markdown(document) + (("\n" + memory.markdown) if memory and memory.markdown else "")
    else:
        body = aclnn_report.text(document) + (memory.text if memory else "")
    return Rendered(body, _exit_code(document), memory.files if memory else (),
                    diagnostics=tuple(aclnn_report.outcome_lines(document)))


def _exit_code(document: dict) -> int:
    """2 when a route for the given facts is incomplete, else 1 on findings or failed files, else 0 (exit_codes).

    Without facts the chain is the route; with facts the routes for them decide completeness (the fact-free
    chain may keep an unresolved call in a branch the facts prune without making the run incomplete).
    """
    return exit_codes.outcome(incomplete=any(not r["complete"] for r in aclnn_report.asked_routes(document)),
                              failed_inputs=bool(document["failed"]),
                              severities=(f.get("severity") for f in document["findings"]))


def _input_base(inputs) -> str | None:
    if not inputs:
        return None
    first = Path(inputs[0]).resolve()
    return str(first if first.is_dir() else first.parent)
