"""`migrate analyze` for TBE: one file, a corpus (directories), or one operator by name -> report and exit code."""

from __future__ import annotations

import os
from dataclasses import dataclass
from pathlib import Path

from op_migrate.analyzers.proto import fingerprint as proto_fingerprint
from op_migrate.analyzers.proto.sources import CapabilitySources, UnknownSoc, select_socs
from op_migrate.analyzers.route import platforms
from op_migrate.analyzers.route.facts import FactsError, parse_dtype
from op_migrate.analyzers.tbe import SCHEMA, analyse_path_json, fingerprint
from op_migrate.analyzers.tbe.backlog import backlog_rows, backlog_summary, coverage, group_by_op
from op_migrate.analyzers.tbe.locate import install_version, locate, names_of
from op_migrate.analyzers.tbe.narrow import narrow_document
from op_migrate.analyzers.tbe.operator import (
    OPERATOR_STATUSES,
    capability_digest,
    capability_findings,
    compiled_on,
    file_matrix,
    operator_document,
    operator_matrix,
    opinfo_mode_evidence,
)
from op_migrate.migrate import console, exit_codes
from op_migrate.migrate.config import AnalyzeConfig
from op_migrate.migrate.corpus import CorpusJob, run_corpus
from op_migrate.migrate.errors import MigrateError
from op_migrate.migrate.output import Rendered
from op_migrate.migrate.pipelines import tbe_capability_cache
from op_migrate.reports import tbe_backlog, tbe_operator, tbe_report
from op_migrate.reports.render import to_json_text

ROOT_VARIABLES = ("ASCEND_HOME_PATH", "ASCEND_INSTALL_PATH", "ASCEND_OPP_PATH")


@dataclass(frozen=True)
class Facts:
    """What --soc and --dtype narrow the report to."""

    socs: list[str] | None  # op-info spellings; None: every SoC
    dtypes: dict  # port -> dtype; "*" for every port that can take it

    def to_json(self) -> dict:
        return {"socs": self.socs, "dtypes": self.dtypes}


def cann_roots(config: AnalyzeConfig) -> list[Path]:
    """--cann-root first, then the CANN environment variables, in that order."""
    roots = [config.cann_root] if config.cann_root else []
    roots += [Path(os.environ[name]) for name in ROOT_VARIABLES if os.environ.get(name)]
    return roots


def run(config: AnalyzeConfig) -> Rendered:
    roots = cann_roots(config)
    sources = CapabilitySources(roots) if roots else None
    facts = _facts(config, sources)
    names = [item for item in config.inputs if not Path(item).exists()]
    if names and len(config.inputs) == 1:
        return _operator(names[0], config, roots, sources, facts)
    if names:
        raise MigrateError(f"{names[0]!r} is not a file or directory (an operator name is analysed on its own)", exit_codes.USAGE)
    files, corpus_mode = _files(config)
    documents, cached = _documents(files, config)
    documents = [narrow_document(d, facts.socs, facts.dtypes, sources.platform if sources else None) for d in documents]
    _resolve_kernels(documents)
    for document in documents:
        _diagnose(document)
    if not corpus_mode:
        document = _with_capability(documents[0], sources, facts)
        return Rendered(_render_file(document, config.fmt), _exit_code([document]))
    return _corpus(documents, cached, config, sources, facts)


def _facts(config: AnalyzeConfig, sources: CapabilitySources | None) -> Facts:
    try:
        socs = select_socs(config.socs, _known_socs(sources)) if config.socs else None
    except UnknownSoc as error:
        where = "the op-info of the CANN root" if sources is not None and sources.socs else "analyzers/data/platforms.toml"
        raise MigrateError(f"--soc {','.join(config.socs)}: {error}; SoCs come from {where}", exit_codes.USAGE) from error
    try:
        dtypes = dict(parse_dtype(text) for text in config.dtypes)
    except FactsError as error:
        raise MigrateError(f"--dtype {','.join(config.dtypes)}: {error}", exit_codes.USAGE) from error
    return Facts(socs=socs, dtypes=dtypes)


def _known_socs(sources: CapabilitySources | None) -> list[str]:
    return sources.socs if sources is not None and sources.socs else sorted(platforms.socs())


def _files(config: AnalyzeConfig) -> tuple[list[Path], bool]:
    files: list[Path] = []
    corpus_mode = len(config.inputs) > 1
    for item in config.inputs:
        path = Path(item)
        if path.is_dir():
            corpus_mode = True
            files.extend(sorted(p for p in path.rglob("*.py") if not any(part.startswith(".") for part in p.parts)))
        else:
            files.append(path)
    if not files:
        raise MigrateError(f"no Python files under {', '.join(config.inputs)}", exit_codes.USAGE)
    return files, corpus_mode


def _documents(files: list[Path], config: AnalyzeConfig) -> tuple[list[dict], int]:
    """The per-file documents (from the cache where it has them) and how many came from it."""
    job = CorpusJob(
        paths=tuple(files),
        worker=analyse_path_json,
        namespace=f"tbe@{fingerprint()}",
        jobs=config.jobs,
        cache_dir=config.cache_dir if config.use_cache else None,
        show_progress=config.show_progress and len(files) > 1,
    )
    result = run_corpus(job)
    return [_normalise(d) for d in result.documents], result.cached


def _operator(name: str, config: AnalyzeConfig, roots: list[Path], sources, facts: Facts) -> Rendered:
    if sources is None:
        raise MigrateError(
            f"{name!r} is not a file or directory, and no CANN root is known: pass --cann-root or set ${', $'.join(ROOT_VARIABLES)}",
            exit_codes.USAGE,
        )
    stem, op_type = names_of(name)
    # The name derived from the file (upsample_bicubic2d_aa -> UpsampleBicubic2dAa) need not be the op type the
    # op-info and REG_OP use (UpsampleBicubic2dAA): the op-info's opFile and the file's registration decide.
    spelt = sources.canonical_op_type(op_type, stem)
    entries = {**sources.aicore(op_type), **(sources.aicore(spelt[0]) if spelt else {})}
    op_files = tuple(dict.fromkeys(str(i.flags["opFile.value"]) for i in entries.values() if i.flags.get("opFile.value")))
    located = locate(name, roots, op_files)
    for path, role in zip(located.impl_files, located.roles):
        console.diagnostic(f"found the {role} implementation {path}")
    if not located.impl_files:
        searched = "\n  ".join(located.searched)
        raise MigrateError(f"no implementation file for {name!r}; searched:\n  {searched}", exit_codes.USAGE)
    documents, _ = _documents(list(located.impl_files), config)
    op_type = _resolved_op_type(op_type, spelt, documents, sources)
    documents = [narrow_document(d, facts.socs, facts.dtypes, sources.platform if sources else None) for d in documents]
    _resolve_kernels(documents)
    socs = facts.socs if facts.socs is not None else sources.socs
    evidence = opinfo_mode_evidence(op_type, sources, socs)
    implementations = []
    for role, document in zip(located.roles, documents):
        _diagnose(document)
        # dynamicShapeSupport says which SoCs take the dynamic file: evidence for that file's mode only.
        if evidence and role == "dynamic" and document.get("status") != "failed":
            document = {**document, "mode_evidence": [*document.get("mode_evidence", []), evidence]}
        implementations.append((role, document))
    matrix = operator_matrix(op_type, implementations, sources, socs, facts.dtypes)
    _report_problems(sources)
    aicore = sources.aicore(op_type)
    compiled = compiled_on(implementations, aicore, socs) if aicore else {}
    report = operator_document(located.op_name, op_type, implementations, matrix, facts.to_json(), install_version(roots),
                               compiled)
    # The operator's findings are its primary file's and the capability merge's: all of them count.
    documents = [{**d, "findings": report["findings"] if i == 0 else d.get("findings", [])} for i, (_, d) in enumerate(implementations)]
    return Rendered(_render_operator(report, config.fmt), _exit_code(documents))


def _resolved_op_type(derived: str, spelt: tuple[str, str] | None, documents: list[dict], sources: CapabilitySources) -> str:
    """The op type the report is about: the derived name where the install knows it, else the op type the
    implementation registers, else the install's own spelling (opFile, or the name in another case)."""
    if sources.knows(derived):
        return derived
    registered = next((d.get("op_type") for d in documents if d.get("status") in OPERATOR_STATUSES and d.get("op_type")), None)
    if registered and registered != derived and sources.knows(registered):
        chosen, how = registered, "its registration"
    elif spelt is not None:
        chosen, how = spelt
    else:
        return derived
    console.diagnostic(f"op type {chosen} (from {how}; the name gives {derived}, which the install does not know)")
    return chosen


def _with_known_op_types(documents: list[dict], sources: CapabilitySources, config: AnalyzeConfig) -> list[dict]:
    """Corpus documents whose op type (derived from a static entry's name: Conv2d) the install spells otherwise
    (Conv2D) take the install's spelling, so that they meet their op-info and prototype. The answers are cached
    with the sources' fingerprint: a warm run reads no op-info for them."""
    path = tbe_capability_cache.cache_file(config.cache_dir if config.use_cache else None, "op-type-names",
                                           proto_fingerprint(), sources.fingerprint())
    known, _ = tbe_capability_cache.read(path)
    answers = dict(known)
    renamed = []
    for document in documents:
        op_type = document.get("op_type")
        if not op_type or document.get("status") not in OPERATOR_STATUSES:
            renamed.append(document)
            continue
        key = f"{op_type}\0{Path(document['path']).stem}"
        if key not in answers:
            found = sources.canonical_op_type(op_type, Path(document["path"]).stem)
            answers[key] = list(found) if found else []
        if answers[key]:
            name, how = answers[key]
            document = {**document, "op_type": name, "op_type_source": f"{document.get('op_type_source')}; {name}: {how}"}
        renamed.append(document)
    if answers != known:
        tbe_capability_cache.write(path, answers, [])
    return renamed


def _with_capability(document: dict, sources, facts: Facts) -> dict:
    matrix = file_matrix(document, sources, facts.socs, facts.dtypes)
    if matrix is None:
        return document
    if sources is not None:
        _report_problems(sources)
    return {**document, "capability": matrix.to_json(), "findings": document["findings"] + capability_findings(matrix)}


def _corpus(documents: list[dict], cached: int, config: AnalyzeConfig, sources, facts: Facts) -> Rendered:
    if sources is not None:
        documents = _with_known_op_types(documents, sources, config)
    groups = group_by_op(documents)
    summaries = _capability_summaries(groups, config, sources, facts) if sources is not None else {}
    rows = backlog_rows(groups, {op: summary["coverage"] for op, summary in summaries.items()})
    corpus = {
        "schema": SCHEMA,
        "kind": "tbe",
        "root": ", ".join(config.inputs),
        "facts": facts.to_json(),
        "summary": tbe_report.corpus_summary(documents),
        "cached": cached,
        "backlog": {"summary": backlog_summary(rows), "rows": rows},
        "capability_findings": {op: summary["findings"] for op, summary in summaries.items() if summary["findings"]},
        "files": documents,
    }
    files = ()
    if config.output is not None and config.fmt != "json":
        files = ((f"{config.output.stem}.backlog.svg", tbe_backlog.chart_svg(corpus["backlog"]).encode("utf-8")),)
    return Rendered(_render_corpus(corpus, config.fmt), _exit_code(documents), files)


def _capability_summaries(groups: dict, config: AnalyzeConfig, sources: CapabilitySources, facts: Facts) -> dict:
    """Op type -> {coverage, findings}: reused from the capability cache where the op's checks did not change."""
    socs = facts.socs if facts.socs is not None else sources.socs
    path = tbe_capability_cache.cache_file(config.cache_dir if config.use_cache else None, fingerprint(),
                                           proto_fingerprint(), sources.fingerprint(), repr(facts.to_json()))
    known, known_problems = tbe_capability_cache.read(path)
    summaries, changed = {}, False
    for op, files in groups.items():
        digest = capability_digest(files)
        entry = known.get(op)
        if entry is None or entry.get("digest") != digest:
            matrix = operator_matrix(op, files, sources, socs, facts.dtypes)
            entry = {"digest": digest, "coverage": coverage(matrix), "findings": capability_findings(matrix)}
            changed = True
        summaries[op] = entry
    # The same source files (the key holds their stats) give the same problems, whichever ops were rebuilt.
    problems = list(dict.fromkeys([*known_problems, *((p.path, p.reason) for p in sources.problems)]))
    sources.problems.clear()
    for where, reason in problems:
        console.diagnostic(f"not read: {where}: {reason}")
    if changed or set(known) != set(summaries) or problems != known_problems:
        tbe_capability_cache.write(path, summaries, problems)
    return summaries


def _resolve_kernels(documents: list[dict]) -> None:
    """The Ascend C kernel source each wrapper compiles, checked against the tree it lives in."""
    for document in documents:
        wrapper = document.get("ascendc")
        if not wrapper:
            continue
        here = Path(document["path"]).parent
        found = None
        for candidate in wrapper.get("candidates", []):
            path = here / candidate[2:] if candidate.startswith("./") else here.parent / candidate
            if path.is_file():
                found = str(path)
                break
        wrapper["kernel_source"] = found


def _exit_code(documents: list[dict]) -> int:
    return exit_codes.outcome(failed_inputs=any(d["status"] == "failed" for d in documents),
                              severities=(f.get("severity") for d in documents for f in d.get("findings", [])))


def _render_file(document: dict, fmt: str) -> str:
    if fmt == "json":
        return to_json_text(document)
    if fmt == "md":
        return tbe_report.op_markdown(document)
    return tbe_report.op_text(document)


def _render_operator(report: dict, fmt: str) -> str:
    if fmt == "json":
        return to_json_text(report)
    if fmt == "md":
        return tbe_operator.operator_markdown(report)
    return tbe_operator.operator_text(report)


def _render_corpus(corpus: dict, fmt: str) -> str:
    if fmt == "json":
        return tbe_report.corpus_json_text(corpus)
    if fmt == "md":
        return tbe_report.corpus_markdown(corpus)
    return tbe_report.corpus_text(corpus)


def _normalise(document: dict) -> dict:
    # The corpus runner's own failure entries ({path, status, reason}) get the fields every entry has.
    document = dict(document)
    document.setdefault("schema", SCHEMA)
    document.setdefault("kind", "tbe")
    document.setdefault("findings", [])
    document.setdefault("op_type", None)
    return document


def _diagnose(document: dict) -> None:
    if document["status"] != "failed":
        return
    line = next((f.get("line") for f in document["findings"] if f.get("line")), None)
    where = f"{document['path']}:{line}" if line else document["path"]
    console.diagnostic(f"{where}: {document.get('reason')}")


def _report_problems(sources: CapabilitySources) -> None:
    for problem in sources.problems:
        console.diagnostic(f"not read: {problem.path}: {problem.reason}")
    sources.problems.clear()
