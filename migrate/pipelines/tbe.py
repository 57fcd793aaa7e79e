"""`migrate analyze` for TBE: files, directories (corpus mode) or operator names -> TBE report and exit code."""

from __future__ import annotations

import os
from pathlib import Path

from op_migrate.analyzers.proto.capability import merge
from op_migrate.analyzers.proto.opinfo import OpInfoError, read_ini, read_json
from op_migrate.analyzers.proto.regop import find_protos
from op_migrate.analyzers.tbe import SCHEMA, analyse_path_json, fingerprint
from op_migrate.analyzers.tbe.locate import find_opinfo_files, find_proto_files, locate
from op_migrate.migrate import console, exit_codes
from op_migrate.migrate.config import AnalyzeConfig
from op_migrate.migrate.corpus import CorpusJob, run_corpus
from op_migrate.migrate.errors import MigrateError
from op_migrate.migrate.output import Rendered
from op_migrate.reports import tbe_report
from op_migrate.reports.render import to_json_text

ROOT_VARIABLES = ("ASCEND_HOME_PATH", "ASCEND_INSTALL_PATH", "ASCEND_OPP_PATH")


def cann_roots(config: AnalyzeConfig) -> list[Path]:
    """--cann-root first, then the CANN environment variables, in that order."""
    roots = [config.cann_root] if config.cann_root else []
    roots += [Path(os.environ[name]) for name in ROOT_VARIABLES if os.environ.get(name)]
    return roots


def run(config: AnalyzeConfig) -> Rendered:
    files: list[Path] = []
    roots = cann_roots(config)
    directory_mode = len(config.inputs) > 1
    root_label = ", ".join(config.inputs)
    for item in config.inputs:
        path = Path(item)
        if path.is_dir():
            directory_mode = True
            files.extend(sorted(p for p in path.rglob("*.py") if not any(part.startswith(".") for part in p.parts)))
        elif path.is_file():
            files.append(path)
        else:
            found = _resolve_op(item, roots)
            files.extend(found)
            directory_mode = directory_mode or len(found) > 1
    if not files:
        raise MigrateError(f"no Python files under {root_label}", exit_codes.USAGE)
    job = CorpusJob(
        paths=tuple(files),
        worker=analyse_path_json,
        namespace=f"tbe@{fingerprint()}",
        jobs=config.jobs,
        cache_dir=config.cache_dir if config.use_cache else None,
        show_progress=config.show_progress and len(files) > 1,
    )
    result = run_corpus(job)
    documents = [_normalise(d) for d in result.documents]
    for document in documents:
        if document.get("status") == "analysed":
            capability = _capability(document, roots).to_json()
            document["capability"] = capability
            # Disagreements between the sources are findings of the op like any other.
            document["findings"] = document["findings"] + [
                {"symbol": f["symbol"], "message": f["message"], "line": None, "severity": f["severity"]}
                for f in capability["findings"]
            ]
        _diagnose(document)
    code = exit_codes.outcome(failed_inputs=any(d["status"] == "failed" for d in documents),
                              severities=(f.get("severity") for d in documents for f in d.get("findings", [])))
    if not directory_mode:
        return Rendered(_render_one(documents[0], config.fmt), code)
    corpus = {
        "schema": SCHEMA,
        "kind": "tbe",
        "root": root_label,
        "summary": tbe_report.corpus_summary(documents),
        "cached": result.cached,
        "files": documents,
    }
    return Rendered(_render_corpus(corpus, config.fmt), code)


def _render_one(document: dict, fmt: str) -> str:
    if fmt == "json":
        return to_json_text(document)
    if fmt == "md":
        return tbe_report.op_markdown(document)
    return tbe_report.op_text(document)


def _render_corpus(corpus: dict, fmt: str) -> str:
    if fmt == "json":
        return to_json_text(corpus)
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


def _resolve_op(name: str, roots: list[Path]) -> list[Path]:
    if not roots:
        raise MigrateError(
            f"{name!r} is not a file or directory, and no CANN root is known: "
            f"pass --cann-root or set ${', $'.join(ROOT_VARIABLES)}",
            exit_codes.USAGE,
        )
    located = locate(name, roots)
    for path in located.impl_files:
        console.diagnostic(f"found TBE source {path}")
    for path in located.missing_impl:
        console.diagnostic(f"not found: {path}")
    for path in located.proto_files:
        console.diagnostic(f"found REG_OP({located.op_type}) in {path}")
    console.diagnostic(f"found {len(located.opinfo_files)} op-info file(s)")
    if not located.proto_files:
        console.diagnostic(f"not found: REG_OP({located.op_type}) under the op_proto/op_graph include folders")
    if not located.impl_files:
        searched = "\n  ".join(located.searched)
        raise MigrateError(f"no TBE source for {name!r}; searched:\n  {searched}", exit_codes.USAGE)
    return list(located.impl_files)


def _capability(document: dict, roots: list[Path]):
    op_type = document.get("op_type") or ""
    inputs = [p["name"] for p in document.get("params", []) if p["role"] == "input"]
    tbe_dtypes = {name: [(e["dtype"], e["condition"]) for e in entries] for name, entries in document.get("dtypes", {}).items()}
    sources: list[dict] = [{"role": "TBE", "path": document["path"], "found": True}]
    proto, opinfos, problems = None, [], []
    if roots and op_type:
        proto_files = find_proto_files(op_type, roots)
        sources.append({"role": "REG_OP", "path": str(proto_files[0]) if proto_files else f"REG_OP({op_type})", "found": bool(proto_files)})
        for header in proto_files[:1]:
            found = find_protos(header.read_text(encoding="utf-8", errors="replace"), str(header), op_type)
            proto = found[0] if found else None
        infos = find_opinfo_files(roots)
        for path in infos:
            try:
                text = path.read_text(encoding="utf-8", errors="replace")
                info = read_json(text, str(path), op_type) if path.suffix == ".json" else read_ini(text, str(path), op_type)
            except (OpInfoError, OSError) as error:
                problems.append(f"{path}: {error}")
                continue
            if info is not None and all(existing.soc != info.soc for existing in opinfos):
                opinfos.append(info)
                sources.append({"role": f"op-info {info.soc}", "path": str(path), "found": True})
        if not opinfos:
            sources.append({"role": "op-info", "path": "aic-<soc>-ops-info*.json / .ini", "found": False})
    for problem in problems:
        console.diagnostic(f"op-info not read: {problem}")
    return merge(op_type, inputs, tbe_dtypes, proto, opinfos, tuple(sources))
