"""`migrate scaffold`: a TBE operator of a CANN install -> an Ascend C operator folder in the ops-math layout."""

from __future__ import annotations

import json
import os
import re
from dataclasses import dataclass
from pathlib import Path

from op_migrate.analyzers.proto.sources import CapabilitySources, UnknownSoc, select_socs
from op_migrate.analyzers.scaffold.plan import PlanError, ScaffoldPlan, build_plan
from op_migrate.analyzers.tbe import analyse_path
from op_migrate.analyzers.tbe.locate import install_version, locate, names_of
from op_migrate.analyzers.tbe.registration import snake_case
from op_migrate.migrate import exit_codes
from op_migrate.migrate.errors import MigrateError
from op_migrate.migrate.output import Rendered
from op_migrate.migrate.pipelines import scaffold_check
from op_migrate.reports import scaffold as report
from op_migrate.reports.render import to_json_text
from op_migrate.reports.tbe_flow import compute_charts

DYNAMIC_IMPL = "opp/built-in/op_impl/ai_core/tbe/impl/dynamic"

ROOT_VARIABLES = ("ASCEND_HOME_PATH", "ASCEND_INSTALL_PATH", "ASCEND_OPP_PATH")
DEFAULT_SOCS = ("Ascend910B", "Ascend910_93")


@dataclass(frozen=True)
class ScaffoldConfig:
    """Everything `migrate scaffold` was asked to do."""

    op: str
    output: Path
    cann_root: Path | None = None
    socs: tuple[str, ...] = ()
    name: str | None = None
    mkdir: bool = False
    force: bool = False
    check: bool = False
    compare: Path | None = None  # a hand-written operator folder to compare with (ops/floor_mod)
    fmt: str = "text"


@dataclass(frozen=True)
class Outcome:
    """What one scaffold run produced: the plan, the folder and (with --check) what ran on the CPU model."""

    plan: ScaffoldPlan
    folder: Path
    files: tuple[str, ...]
    checks: dict
    comparison: dict | None

    def to_json(self) -> dict:
        return {"schema": "op-migrate/scaffold-run@1", "folder": str(self.folder), "files": list(self.files),
                "plan": _plan_json(self.plan), "checks": self.checks, "comparison": self.comparison}


def run(config: ScaffoldConfig) -> Rendered:
    outcome = scaffold(config)
    failed_checks = any(not result["passed"] for result in outcome.checks.get("combos", {}).values())
    code = exit_codes.FINDINGS if outcome.plan.gaps or not outcome.plan.combos or failed_checks else exit_codes.OK
    text = to_json_text(outcome.to_json()) if config.fmt == "json" else _summary(outcome)
    return Rendered(text, code)


def scaffold(config: ScaffoldConfig) -> Outcome:
    roots = ([config.cann_root] if config.cann_root else []) + [Path(os.environ[v]) for v in ROOT_VARIABLES
                                                                 if os.environ.get(v)]
    if not roots:
        raise MigrateError(f"no CANN root: pass --cann-root or set ${', $'.join(ROOT_VARIABLES)}", exit_codes.USAGE)
    if not config.output.is_dir():
        if not config.mkdir:
            raise MigrateError(f"-o {config.output}: no such folder (use --mkdir)", exit_codes.USAGE)
        config.output.mkdir(parents=True, exist_ok=True)
    sources = CapabilitySources(roots)
    try:
        if config.socs:
            socs = select_socs(config.socs, sources.socs)
        else:  # the default SoCs the install has op-info for
            socs = select_socs(tuple(s for s in DEFAULT_SOCS if s.lower() in {k.lower() for k in sources.socs}),
                               sources.socs)
    except UnknownSoc as error:
        raise MigrateError(f"--soc {','.join(config.socs)}: {error}", exit_codes.USAGE) from error
    if not socs:
        raise MigrateError(f"the install has no op-info for {' or '.join(DEFAULT_SOCS)}: name the SoCs with --soc",
                           exit_codes.USAGE)
    tbe_file, op_type = _locate(config.op, roots, sources)
    document = analyse_path(str(tbe_file)).to_json()
    if document.get("status") != "analysed":
        raise MigrateError(f"{tbe_file}: not a TBE DSL operator ({document.get('status')}: {document.get('reason')}); "
                           "the scaffold translates DSL compute chains", exit_codes.USAGE)
    try:
        plan = build_plan(config.op, roots, socs, tbe_file, op_type, sources, new_type=config.name,
                          pattern=document.get("pattern"))
    except PlanError as error:
        raise MigrateError(f"{config.op}: {error}", exit_codes.USAGE) from error
    _op_type_for(config.name, op_type, sources, [*plan.inputs, *plan.outputs])
    plan = _with_install(plan, install_version(roots))
    folder = config.output / plan.op
    if folder.exists() and not config.force:
        raise MigrateError(f"{folder} exists (use --force to replace its files)", exit_codes.USAGE)
    extra = _extra(plan, document)
    files = report.render_folder(plan, extra)
    _write(folder, files)
    checks, comparison = {}, None
    if config.check:
        checks = scaffold_check.check(folder, plan, extra["chains"])
        if config.compare is not None:
            comparison = scaffold_check.compare(folder, plan, config.compare)
        extra = {**extra, **_check_extra(plan, checks), "comparison": comparison}
        files = report.render_folder(plan, extra)
        _write(folder, {path: text for path, text in files.items() if path.startswith("docs/")})
    return Outcome(plan=plan, folder=folder, files=tuple(sorted(files)), checks=checks, comparison=comparison)


def _locate(op: str, roots: list[Path], sources: CapabilitySources) -> tuple[Path, str]:
    stem, op_type = names_of(op)
    spelt = sources.canonical_op_type(op_type, stem)
    if spelt is not None:
        op_type = spelt[0]
    entries = sources.aicore(op_type)
    op_files = tuple(dict.fromkeys(str(i.flags["opFile.value"]) for i in entries.values() if i.flags.get("opFile.value")))
    located = locate(op, roots, op_files)
    dynamic = [path for path, role in zip(located.impl_files, located.roles) if role == "dynamic"]
    if not dynamic:
        dynamic = _registered_in(op_type, roots)
    if not dynamic:
        raise MigrateError(f"no dynamic TBE implementation of {op!r} under {', '.join(map(str, roots))} (the scaffold "
                           "starts from impl/dynamic)", exit_codes.USAGE)
    return dynamic[0], op_type


def _registered_in(op_type: str, roots: list[Path]) -> list[Path]:
    """The dynamic implementation whose file name follows no convention (apply_rms_prop_d.py for ApplyRMSPropD) and
    that the op-info names no opFile of: the file that says @register_operator("<op type>")."""
    needle = re.compile(rf"@register_operator\(\s*[\"']{re.escape(op_type)}[\"']")
    found = []
    for root in roots:
        for path in sorted((root / DYNAMIC_IMPL).glob("*.py")):
            if needle.search(path.read_text(encoding="utf-8", errors="replace")):
                found.append(path)
    return found[:1]


def _op_type_for(name: str | None, op_type: str, sources: CapabilitySources, plan_ports: list[str]) -> str:
    """The scaffolded op type: the install's own (the same operator, its ports from its op-info), or a new name
    that collides with no REG_OP of another prototype."""
    wanted = name or op_type
    proto = sources.proto(wanted)
    if proto is None or wanted == op_type:
        return wanted
    theirs = [p.name for p in proto.params if p.role in ("input", "optional_input", "output")]
    if theirs == plan_ports:
        return wanted
    raise MigrateError(f"--name {wanted}: the install already has REG_OP({wanted}) at {proto.path}:{proto.line} with "
                       f"ports {', '.join(theirs)}; choose another op type", exit_codes.USAGE)


def _with_install(plan: ScaffoldPlan, version: str | None) -> ScaffoldPlan:
    from dataclasses import replace

    return replace(plan, install=f"CANN {version}" if version else "a CANN install")


def _extra(plan: ScaffoldPlan, document: dict) -> dict:
    charts = compute_charts(document, "zh")
    one_element = sorted({p for c in plan.combos for p in c.chain.extra.get("one_element_inputs", [])})
    chains = {
        "op_type": plan.op_type,
        "source": plan.tbe_path,
        "pattern": plan.pattern,
        "inputs": list(plan.inputs),
        "outputs": list(plan.outputs),
        # every attribute the host reads: numbers feed the golden, strings only select the variant (VariantHolds)
        "attrs": [{"name": a.name, "kind": a.kind, "default": a.default} for a in plan.attrs if a.opdef],
        "one_element_inputs": one_element,
        "combos": {str(c.key): {"label": c.label, "translated": c.translated, "socs": list(c.socs),
                                "attr_values": c.attr_values, "formats": [list(f) for f in c.formats],
                                "chain": c.chain.to_json()} for c in plan.combos},
    }
    return {"chains": chains, "entry_name": document.get("entry") or "?",
            "compute_flow": charts[0]["text"] if charts else 'flowchart TD\n    N0["no compute function found"]'}


def _check_extra(plan: ScaffoldPlan, checks: dict) -> dict:
    rows, texts = [], {}
    for key, result in checks.get("combos", {}).items():
        texts[key] = result["summary"]
        for case in result.get("cases", []):
            rows.append({"key": key, "case": case["name"], "result": case["result"]})
    return {"checks": texts, "check_rows": rows}


def _write(folder: Path, files: dict[str, str]) -> None:
    for relative, text in files.items():
        path = folder / relative
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(text, encoding="utf-8")


def _plan_json(plan: ScaffoldPlan) -> dict:
    return {
        "op_type": plan.op_type, "op": plan.op, "source_op_type": plan.source_op_type, "tbe": plan.tbe_path,
        "socs": list(plan.socs), "inputs": list(plan.inputs), "outputs": list(plan.outputs),
        "attrs": [a.to_json() for a in plan.attrs], "pattern": plan.pattern,
        "combos": [{"key": c.key, "label": c.label, "socs": list(c.socs), "translated": c.translated,
                    "ops": len(c.chain.ops), "scalar_loops": c.scalar_loops, "bytes_per_8": c.bytes_per_8,
                    "apis": list(c.apis), "gaps": [g.to_json() for g in c.gaps]} for c in plan.combos],
        "refused": [{"soc": s, "combination": label, "why": why} for s, label, why in plan.refused],
    }


def _summary(outcome: Outcome) -> str:
    plan = outcome.plan
    lines = [f"{plan.op_type} from {Path(plan.tbe_path).name} ({plan.install}) -> {outcome.folder}",
             f"  {len(outcome.files)} files; {len(plan.combos)} dtype combination(s) on {', '.join(plan.socs)}"]
    for combo in plan.combos:
        state = "translated" if combo.translated else f"NOT translated ({len(combo.gaps)})"
        check = outcome.checks.get("combos", {}).get(str(combo.key))
        measured = f"; CPU model: {check['summary']}" if check else ""
        lines.append(f"  key {combo.key} {combo.label}: {state}, {len(combo.chain.ops)} DSL calls{measured}")
    for label, gap in plan.gaps:
        where = f"{Path(gap.path).name}:{gap.line}" if gap.path else "-"
        lines.append(f"  not translated [{label}] {gap.construct} at {where}: {gap.reason}")
    for soc, label, why in plan.refused:
        lines.append(f"  left out [{soc} {label}]: the TBE code cannot serve it: {why}")
    if outcome.checks.get("problem"):
        lines.append(f"  check: {outcome.checks['problem']}")
    if outcome.comparison:
        lines.append(f"  compared with {outcome.comparison['reference']}: docs/scaffold_report.md")
    return "\n".join(lines) + "\n"


def chains_document(folder: Path, op: str) -> dict:
    return json.loads((folder / "tests" / "portable" / f"{op}_chains.json").read_text(encoding="utf-8"))


__all__ = ["ScaffoldConfig", "run", "scaffold", "snake_case"]
