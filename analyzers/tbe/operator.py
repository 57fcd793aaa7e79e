"""One operator across its files and the install: which implementation each SoC compiles, and its capability matrix."""

from __future__ import annotations

import hashlib
from dataclasses import replace
from pathlib import PurePath

from op_migrate.analyzers.proto.capability import build_matrix
from op_migrate.analyzers.proto.model import CapabilityMatrix, KernelChecks, OpInfo, split_remap
from op_migrate.analyzers.proto.opinfo import soc_of
from op_migrate.analyzers.proto.select_facts import selection, soft_sync, static_twin
from op_migrate.analyzers.proto.sources import CapabilitySources

KIND_LABELS = {
    "analysed": "TBE DSL",
    "tik": "TIK",
    "ascendc": "Ascend C",
    "hand_ir": "hand IR",
    "not_operator": "helper",
    "failed": "failed",
}
OPERATOR_STATUSES = ("analysed", "tik", "ascendc", "hand_ir")


def role_of(path: str) -> str:
    """"dynamic" for a file under a dynamic/ folder, else "static"."""
    return "dynamic" if "dynamic" in PurePath(path).parts[:-1] else "static"


def kernel_checks(document: dict) -> KernelChecks | None:
    """What an implementation file checks, for the matrix; None for helpers and failed files."""
    if document.get("status") not in OPERATOR_STATUSES:
        return None
    params = document.get("params", [])
    return KernelChecks(
        path=document["path"],
        kind=KIND_LABELS[document["status"]],
        mode=document.get("mode"),
        # check_input_type says only "dict": its tensors come inputs first, as the op-info's ports do.
        inputs=tuple(p["name"] for p in params if p["role"] in ("input", "tensor")),
        outputs=tuple(p["name"] for p in params if p["role"] == "output"),
        # The conditions as printed (negations pushed in): the matrix quotes them in its notes.
        dtypes={name: tuple((e["dtype"], _shown(e)) for e in entries) for name, entries in document.get("dtypes", {}).items()},
        bool_as_int8=bool(document.get("bool_as_int8", True)),
        fallbacks=tuple((f.get("shown") or f["condition"], f.get("test")) for f in document.get("aicpu_fallback_details", ())),
        equalities=tuple(tuple(pair) for pair in document.get("dtype_equalities", ())),
        partial=tuple(document.get("dtypes_partial", ())),
        select_format=(document.get("select_format") or {}).get("line"),
    )


def _shown(entry: dict) -> str | None:
    """A dtype entry's condition as printed; a remapped dtype keeps its note (it is no condition)."""
    condition = entry["condition"]
    return condition if condition is None or split_remap(condition) else (entry.get("shown") or condition)


def capability_digest(implementations: list[tuple[str, dict]]) -> str:
    """A digest of everything of the implementation files the matrix reads (their checks, not their flow)."""
    digest = hashlib.sha256()
    for role, document in implementations:
        kernel = kernel_checks(document)
        digest.update(repr((role, document.get("status"), kernel, document.get("select_format"))).encode("utf-8"))
    return digest.hexdigest()


def kernels_per_soc(implementations: list[tuple[str, dict]], aicore: dict[str, OpInfo], socs: list[str]) -> dict:
    """SoC -> the implementation it compiles: the dynamic one where the op-info says dynamicShapeSupport, else the static one.

    implementations: (role, document) with role "dynamic" or "static", dynamic first.
    """
    dynamic = next((kernel_checks(d) for role, d in implementations if role == "dynamic" and kernel_checks(d)), None)
    static = next((kernel_checks(d) for role, d in implementations if role == "static" and kernel_checks(d)), None)
    chosen = {}
    for soc in socs:
        info = aicore.get(soc)
        supports_dynamic = info is not None and str(info.flags.get("dynamicShapeSupport.flag", "")).lower() == "true"
        chosen[soc] = (dynamic if supports_dynamic or static is None else static) or dynamic
    return chosen


def compiled_on(implementations: list[tuple[str, dict]], aicore: dict[str, OpInfo], socs: list[str]) -> dict[str, dict]:
    """Implementation path -> {"socs": SoCs (of `socs`, with an AI Core op-info entry) that compile it,
    "unflagged": those of them whose op-info does not set dynamicShapeSupport, taking the dynamic file because
    no static one exists (an inference, not a fact of the op-info)}."""
    chosen = kernels_per_soc(implementations, aicore, [soc for soc in socs if soc in aicore])
    found: dict[str, dict] = {d["path"]: {"socs": [], "unflagged": []} for _, d in implementations}
    for soc, kernel in chosen.items():
        if kernel is None:
            continue
        entry = found.setdefault(kernel.path, {"socs": [], "unflagged": []})
        entry["socs"].append(soc)
        flagged = str(aicore[soc].flags.get("dynamicShapeSupport.flag", "")).lower() == "true"
        if kernel.mode == "dynamic" and role_of(kernel.path) == "dynamic" and not flagged:
            entry["unflagged"].append(soc)
    return found


def operator_matrix(
    op_type: str,
    implementations: list[tuple[str, dict]],
    sources: CapabilitySources,
    socs: list[str],
    dtype_facts: dict[str, str] | None = None,
) -> CapabilityMatrix:
    """The capability matrix of one operator over `socs`, with every file it was read from."""
    aicore = sources.aicore(op_type)
    aicpu = sources.aicpu(op_type)
    proto = sources.proto(op_type)
    kernels = kernels_per_soc(implementations, aicore, socs)
    listed = [
        {"role": f"{KIND_LABELS.get(d.get('status'), '?')} ({role})", "path": d["path"], "found": True}
        for role, d in implementations
    ]
    listed.append({"role": "REG_OP", "path": proto.path if proto else f"REG_OP({op_type})", "found": proto is not None})
    if proto is not None:
        listed.append({"role": "named type sets", "path": sources.type_sets.source, "found": True})
    for soc in socs:
        if soc in aicore:
            listed.append({"role": f"AI Core op-info {soc}", "path": aicore[soc].path, "found": True})
    if socs and not aicore:
        listed.append({"role": "AI Core op-info", "path": f"no entry for {op_type} in the op-info of these SoCs", "found": False})
    for kernel in aicpu:
        listed.append({"role": f"AI CPU {kernel.library}", "path": kernel.path, "found": True})
    if not aicpu:
        listed.append({"role": "AI CPU", "path": f"no AI CPU kernel config declares {op_type}", "found": False})
    every = [k for _, d in implementations if (k := kernel_checks(d))]
    primary = every[0] if every else None
    matrix = build_matrix(
        op_type,
        proto=proto,
        aicore={soc: info for soc, info in aicore.items() if soc in socs},
        aicpu=aicpu,
        kernels=kernels,
        socs=socs,
        narrowed=list(socs) != list(sources.socs),
        sources=tuple(listed),
        dtype_facts=dtype_facts,
        fallback_kernel=primary,
        type_set_source=sources.type_sets.source,
        type_set_names=tuple(sorted(sources.type_sets.sets)),
        platform=sources.platform,
        selector=_selector(kernels, primary, sources.platform, every, aicore),
    )
    located = tuple(locate(f, op_type, sources, aicore, proto, implementations) for f in matrix.findings)
    return replace(matrix, findings=located)


def _selector(kernels: dict, primary, platform, every: list, aicore: dict | None = None):
    """SoC, ports -> what the op_select_format of the implementation that SoC compiles returns there (every: the
    op's implementations). A dynamic implementation without one is given its static twin's, as the framework does
    (te_fusion/fusion_manager.py get_func_of_op: a function missing from impl.dynamic.<op> is taken from impl.<op>,
    unless the op is soft-sync); any other implementation that defines one is named, not read."""

    def select(soc: str, ports: list) -> dict:
        kernel = kernels.get(soc) or primary
        if kernel is None:
            return {"reason": "no implementation file was found"}
        if kernel.select_format is not None:
            return selection(kernel.path, soc, platform, ports)
        static = _static_twin(kernel, every)
        kept_dynamic = soft_sync((aicore or {}).get(soc))
        if static is not None and static.select_format is not None and not kept_dynamic:
            found = selection(static.path, soc, platform, ports)
            return {**found, "module": static.path} if "combinations" in found else found
        others = [k.path for k in every if k.select_format is not None and k.path != kernel.path]
        if static is not None and static.select_format is not None:
            return {"reason": f"{kernel.path} defines no op_select_format and the op is soft-sync, which the framework "
                              f"does not give {static.path}'s"}
        where = f" (only {others[0]} does, which is not its static module)" if others else ""
        return {"reason": f"{kernel.path} defines no op_select_format{where}"}

    return select


def _static_twin(kernel, every: list):
    """The static implementation the framework falls back to for a dynamic one (select_facts.static_twin)."""
    twin = static_twin(kernel.path) if role_of(kernel.path) == "dynamic" else None
    return next((k for k in every if PurePath(k.path) == twin), None) if twin is not None else None


# Where each capability fact is read: the op-info entry of the first SoC it holds for, the REG_OP, or the kernel.
_AT_OPINFO = {"opinfo-dtype-rejected-by-tbe", "opinfo-dtype-not-in-proto", "opinfo-port-not-in-proto",
              "proto-dtype-not-in-opinfo", "tbe-bool-as-int8"}
_AT_PROTO = {"proto-dtype-unsupported", "proto-unknown-type-set"}


def locate(finding, op_type: str, sources: CapabilitySources, aicore: dict, proto, implementations) -> object:
    """The finding with the path and line of the file that states the fact (line 1 of a file that lacks the op)."""
    path, line = None, None
    soc = next((s for s in finding.socs if s in aicore), None)
    if finding.path is not None:  # a fact about one implementation's check: where that check is
        path, line = finding.path, _kernel_check_line(implementations, finding)[1]
    elif finding.symbol in _AT_OPINFO and soc is not None:
        path = aicore[soc].path
        line = sources.entry_line(path, op_type)
    elif finding.symbol in _AT_PROTO and proto is not None:
        path, line = proto.path, proto.line
    elif finding.symbol == "opinfo-op-not-on-soc" and finding.socs:
        path = next((str(p) for p in sources.opinfo_files if soc_of(str(p)) == finding.socs[0]), None)
        line = 1 if path else None
    if path is None and implementations:
        path, line = implementations[0][1]["path"], 1
    return replace(finding, path=path, line=line or 1)


def _kernel_check_line(implementations, finding) -> tuple[str | None, int | None]:
    """The dtype check of the implementation the finding names (or the first) that lists one of its dtypes."""
    ordered = sorted(implementations, key=lambda item: item[1]["path"] != finding.path)
    for _, document in ordered:
        for port in finding.ports:
            for entry in document.get("dtypes", {}).get(port, ()):
                if entry["dtype"] in finding.dtypes:
                    return document["path"], entry["line"]
    return None, None


def opinfo_mode_evidence(op_type: str, sources: CapabilitySources, socs: list[str]) -> str | None:
    """What the op-info says about dynamic shapes, as evidence for the implementation's mode."""
    aicore = sources.aicore(op_type)
    listed = [soc for soc in socs if soc in aicore]
    flagged = [soc for soc in listed if str(aicore[soc].flags.get("dynamicShapeSupport.flag", "")).lower() == "true"]
    if not listed:
        return None
    return f"op-info dynamicShapeSupport.flag=true on {len(flagged)} of the {len(listed)} SoCs that list {op_type}"


OPERATOR_SCHEMA = "op-migrate/tbe-operator@1"


def _title(op_type: str, name: str, status: str | None) -> str:
    """"FloorMod: TBE DSL operator (floor_mod)"; a helper or failed file is not called an operator."""
    if status == "not_operator":
        return f"{op_type}: not an operator ({name} is a helper module)"
    if status == "failed" or status is None:
        return f"{op_type}: {name} could not be analysed"
    return f"{op_type}: {KIND_LABELS[status]} operator ({name})"


def capability_findings(matrix: CapabilityMatrix) -> list[dict]:
    """The matrix findings as report findings: where each fact is read, with the SoCs and ports it holds for."""
    return [
        {"symbol": f.symbol, "message": f.message, "path": f.path, "line": f.line, "severity": f.severity,
         "dtypes": list(f.dtypes), "ports": list(f.ports), "socs": list(f.socs)}
        for f in matrix.findings
    ]


def operator_document(name: str, op_type: str, implementations: list[tuple[str, dict]], matrix: CapabilityMatrix,
                      facts: dict, install: str | None, compiled: dict[str, dict] | None = None) -> dict:
    """One operator by name: its implementations (dynamic first, each with the SoCs that compile it), one
    capability matrix, its findings."""
    primary = implementations[0][1] if implementations else {}
    compiled = compiled or {}
    return {
        "schema": OPERATOR_SCHEMA,
        "kind": "tbe-operator",
        "name": name,
        "op_type": op_type,
        "implementation": KIND_LABELS.get(primary.get("status"), "none"),
        "title": _title(op_type, name, primary.get("status")),
        "install": install,
        "facts": facts,
        "implementations": [{"role": role, **document, "compiled_on": (compiled.get(document["path"]) or {}).get("socs"),
                             "compiled_without_flag": (compiled.get(document["path"]) or {}).get("unflagged")}
                            for role, document in implementations],
        "capability": matrix.to_json(),
        "findings": [*primary.get("findings", []), *capability_findings(matrix)],
    }


def file_matrix(document: dict, sources: CapabilitySources | None, socs: list[str] | None,
                dtype_facts: dict[str, str] | None = None) -> CapabilityMatrix | None:
    """One file's matrix: against the roots' op-info when known, else its rows from the file's own checks only."""
    kernel = kernel_checks(document)
    if kernel is None or not document.get("op_type"):
        return None
    if sources is None:
        return build_matrix(document["op_type"], proto=None, aicore={}, aicpu=[], kernels={}, socs=[],
                            fallback_kernel=kernel, dtype_facts=dtype_facts)
    return operator_matrix(document["op_type"], [(role_of(document["path"]), document)], sources, socs if socs is not None else sources.socs,
                           dtype_facts)
