"""`migrate package-pr` flow: refuse unsafe requests, run the gates, render everything, then write once."""

from __future__ import annotations

import sys
from dataclasses import dataclass
from importlib import resources
from pathlib import Path

from op_migrate.analyzers.package import OperatorInfo, collect_files, operator_info
from op_migrate.analyzers.package.manifest import entry_for
from op_migrate.analyzers.package import update
from op_migrate.analyzers.package.operators import folder_operator_info, is_plain_name
from op_migrate.migrate import __version__, console, exit_codes, git_target, validate
from op_migrate.migrate.errors import MigrateError
from op_migrate.migrate.output import Rendered
from op_migrate.migrate import package_evidence, package_gates, package_headers
from op_migrate.reports import design_doc

if sys.version_info >= (3, 11):
    import tomllib
else:  # pragma: no cover
    import tomli as tomllib

CATEGORIES = ("math", "random", "conversion")
DESIGN_INPUT = "docs/design_facts.toml"  # the prose of the design document; rendered, not shipped


@dataclass(frozen=True)
class PackageConfig:
    """Everything `migrate package-pr` was asked to do."""

    op: str
    target: Path
    category: str | None = None
    branch: str | None = None
    lang: str = "zh"
    dry_run: bool = False
    patch: Path | None = None
    allow_dirty: bool = False
    force: bool = False
    ops_dir: Path | None = None
    before: Path | None = None
    tbe_source: Path | None = None
    issue: str = "待关联"
    output_dir: Path | None = None
    mkdir: bool = False  # create the folder of --patch / -o when it is missing
    ascendc: Path | None = None  # real Ascend C headers: package-pr runs the real-headers check against them
    stubs: tuple[Path, ...] = ()
    host_headers: tuple[str, ...] = ()  # PACKAGE=DIR host-header folders for the op_host / op_api part of the check


@dataclass(frozen=True)
class Plan:
    """The rendered package, ready to write."""

    info: OperatorInfo
    prefix: str
    branch: str
    files: tuple[tuple[str, bytes, bool], ...]
    title: str
    message: str
    pr_text: str
    manifest: str
    gates: tuple[design_doc.GateRow, ...]
    changes: tuple[update.FileChange, ...]  # against the destination folder at the target's HEAD


@dataclass(frozen=True)
class Destination:
    """Where the package goes and what is there already (an existing folder makes the package an update)."""

    info: OperatorInfo
    folder: Path
    category: str
    branch: str
    prefix: str
    upstream: dict  # path -> (mode, blob id) at HEAD
    authors: tuple[tuple[str, int], ...]  # who wrote the existing folder (git log), most commits first


def run(config: PackageConfig) -> Rendered:
    """Refuse what is unsafe, run the gates (each said on stderr as it happens), print the gate table, then render
    and write. The table is on stdout before anything is written, so a failing write never hides it."""
    where = _validate(config)
    with git_target.branch_lock(config.target, where.branch):
        _refuse_taken(config, where)
        gates, headers = _run_gates(config, where.info, where.folder)
        console.report(_gate_table(gates) + ("" if headers.gate else f"({design_doc.in_lang(headers.missing, 'en')})\n"))
        if not all(gate.passed for gate in gates):
            return Rendered("\nA gate failed: nothing was written.\n", exit_codes.FINDINGS)
        plan = _render(config, where, gates, headers)
        return Rendered(_write(config, plan), exit_codes.OK)


def _validate(config: PackageConfig) -> Destination:
    validate.check_output(config.patch, config.mkdir, "--patch")
    validate.check_output(config.output_dir, config.mkdir, "-o", is_folder=True)
    info = operator_info(config.op)
    described = (config.ops_dir or bundled_ops()) / config.op / "docs" / "operator.toml"
    if is_plain_name(config.op) and described.is_file():  # a scaffolded folder says who it is and names its policy
        info = folder_operator_info(config.op, described)
    category = config.category or info.category
    for what, name in (("operator", config.op), ("category", category)):
        if not is_plain_name(name):
            raise MigrateError(f"refusing: {what} {name!r} is not a plain folder name")
    if category not in CATEGORIES:
        raise MigrateError(f"refusing: category {category!r} is not one of {', '.join(CATEGORIES)}")
    folder = (config.ops_dir or bundled_ops()) / config.op
    if not folder.is_dir():
        known = ", ".join(shipped_operators(config.ops_dir or bundled_ops())) or "none"
        raise MigrateError(f"no operator folder {folder} (operators there: {known})")
    target = config.target
    if not git_target.is_ops_math_like(target):
        raise MigrateError(f"refusing: {target} is not an ops-math-like git checkout (needs .git, experimental/, cmake/, build.sh)")
    branch = config.branch or f"op-migrate/{config.op}"
    git_target.run_git(target, "check-ref-format", "--branch", branch)
    if not _checks_headers(config):  # --stubs / --host-headers without the kernel headers: refused up front
        package_headers.header_check(None, config.stubs, Path("."), config.host_headers, config.target)
    else:
        package_headers.host_folders(config.host_headers, config.target)  # a bad --host-headers too
    prefix = f"experimental/{category}/{config.op}"
    upstream = {path: (entry.mode, entry.blob) for path, entry in git_target.upstream_files(target, prefix).items()}
    authors = git_target.folder_authors(target, prefix) if upstream else ()
    return Destination(info, folder, category, branch, prefix, upstream, authors)


def _refuse_taken(config: PackageConfig, where: Destination) -> None:
    """Under the branch lock: a dirty target, an existing branch, and an update that would delete the existing
    folder's files without --force are refused before any gate runs."""
    target = config.target
    state = git_target.inspect(target)
    if state.dirty and not config.allow_dirty:
        raise MigrateError(f"refusing: {target} has uncommitted changes (use --allow-dirty)", exit_codes.USAGE)
    if where.branch in state.branches:
        raise MigrateError(f"refusing: branch {where.branch!r} already exists in {target}", exit_codes.USAGE)
    if not where.upstream and (target / where.prefix).exists():
        raise MigrateError(f"refusing: {where.prefix} exists in the work tree of {target} but not at HEAD; commit or "
                           "remove it first", exit_codes.USAGE)
    # The op folder's own files are known now; the design document and charts rendered later only add files.
    shipped = {f"{where.prefix}/{p.relative_to(where.folder).as_posix()}" for p in where.folder.rglob("*") if p.is_file()}
    deleted = sorted(path for path in where.upstream if path not in shipped and not _rendered_later(where.prefix, path))
    if deleted and not config.force and not config.dry_run:
        shown = ", ".join(path[len(where.prefix) + 1:] for path in deleted[:5]) + (" ..." if len(deleted) > 5 else "")
        raise MigrateError(f"refusing: {where.prefix} exists in {target} and this update would delete {len(deleted)} of "
                           f"its files ({shown}); see them with --dry-run, and pass --force to write the update",
                           exit_codes.USAGE)


def _rendered_later(prefix: str, path: str) -> bool:
    return path.startswith(f"{prefix}/docs/") and (path.endswith((".svg", ".png")) or "/design" in path)


def bundled_ops() -> Path:
    return Path(str(resources.files("op_migrate.ops")))


def shipped_operators(ops_dir: Path) -> list[str]:
    """The operator folders package-pr can ship from `ops_dir` (a folder with op_api/ and a design input)."""
    return sorted(p.name for p in ops_dir.iterdir() if (p / "op_api").is_dir() and (p / DESIGN_INPUT).is_file()) \
        if ops_dir.is_dir() else []


def _run_gates(config: PackageConfig, info: OperatorInfo, folder: Path):
    ops_root = folder.parent
    steps = [
        ("route-policy", lambda: package_evidence.policy_gate(info, folder)),
        ("portable-tests", lambda: package_gates.portable_tests_gate(folder, ops_root)),
        ("layout", lambda: package_gates.layout_gate(folder, info)),
        ("license", lambda: package_gates.license_gate(folder)),
        ("hygiene", lambda: package_gates.hygiene_gate(folder)),
        ("design-input", lambda: _design_input_gate(folder)),
    ]
    headers = [package_headers.HeaderEvidence(None, None, package_headers.NOT_RUN)]
    if _checks_headers(config):
        def real_headers():
            headers[0] = package_headers.header_check(config.ascendc, config.stubs, folder, config.host_headers,
                                                      config.target)
            return headers[0].gate
        steps.append((package_headers.GATE, real_headers))
    with console.steps(len(steps), lambda row: (row.passed, row.detail) if row else (True, "not run")) as step:
        rows = tuple(step(name, thunk) for name, thunk in steps)
    return tuple(row for row in rows if row is not None), headers[0]


def _checks_headers(config: PackageConfig) -> bool:
    """The real-headers check runs with --ascendc, or with a CANN toolkit given as --host-headers ascend-home=."""
    return config.ascendc is not None or any(entry.startswith("ascend-home=") for entry in config.host_headers)


def _design_input_gate(folder: Path) -> design_doc.GateRow:
    path = folder / DESIGN_INPUT
    if not path.is_file():
        return design_doc.GateRow("design-input", False, f"{DESIGN_INPUT} is missing (the prose of the design document)",
                                     f"缺少 {DESIGN_INPUT}（设计文档的正文）")
    try:
        facts = tomllib.loads(path.read_text(encoding="utf-8"))
        missing = [f"{lang}.{key}" for lang in ("zh", "en") for key in package_evidence.NARRATIVE_KEYS if key not in facts.get(lang, {})]
    except (tomllib.TOMLDecodeError, UnicodeDecodeError) as error:
        return design_doc.GateRow("design-input", False, f"{DESIGN_INPUT}: {error}",
                                     f"{DESIGN_INPUT} 无法读取：{error}")
    if missing:
        return design_doc.GateRow("design-input", False, f"{DESIGN_INPUT} lacks {', '.join(missing)}",
                                     f"{DESIGN_INPUT} 缺少 {'、'.join(missing)}")
    return design_doc.GateRow("design-input", True, f"{DESIGN_INPUT} complete", f"{DESIGN_INPUT} 内容齐全")


def _render(config: PackageConfig, where: Destination, gates, headers) -> Plan:
    prefix, folder, info = where.prefix, where.folder, where.info
    evidence = package_evidence.gather(config, info, folder, where.category, gates, headers)
    design_name = "design.md" if config.lang == "zh" else "design_en.md"
    design_text = design_doc.design_document(evidence, config.lang, __version__)
    # The installer's byte-code in an installed copy passed the hygiene gate as the installation's own; never staged.
    skipped = frozenset({DESIGN_INPUT}) | package_gates.installer_bytecode(folder)
    staged = list(collect_files(folder, prefix, exclude=skipped))
    extra = [(f"docs/{design_name}", design_text.encode("utf-8"))] + [(f"docs/{n}", d) for n, d in evidence.files]
    staged += [(entry_for(f"{prefix}/{name}", data), data) for name, data in extra]
    executable = {str(p.relative_to(folder).as_posix()) for p in folder.rglob("*") if p.is_file() and p.stat().st_mode & 0o111}
    files = tuple((entry.path, data, entry.path[len(prefix) + 1:] in executable) for entry, data in staged)
    changes = update.file_changes(files, where.upstream)
    title = design_doc.pr_title(config.op, info.summary_en)
    pr_text = design_doc.pr_description(evidence, design_file=design_name, issue=config.issue,
                                        files=[path[len(prefix) + 1:] for path, _, _ in files],
                                        changes=_shown_changes(changes, prefix), authors=where.authors)
    manifest = design_doc.manifest_text(tool_version=__version__, branch=where.branch, title=title,
                                        files=[entry for entry, _ in staged], gates=gates, memory=evidence.memory,
                                        header_check=evidence.headers, header_check_missing=evidence.headers_missing,
                                        changes=[c.to_json() for c in changes], authors=where.authors)
    credit = ""
    if where.authors:
        credit = "\n\nUpdates the existing folder; its authors (git log): " + ", ".join(n for n, _ in where.authors)
    return Plan(info, prefix, where.branch, files, title, f"{title}\n\n{pr_text}{credit}", pr_text, manifest, gates,
                changes)


def _shown_changes(changes, prefix: str) -> list[dict]:
    return [{"status": c.status, "path": c.path[len(prefix) + 1:]} for c in changes if c.status != update.UNCHANGED]


def _write(config: PackageConfig, plan: Plan) -> str:
    counted = update.counts(plan.changes)
    kind = "an update of the existing folder" if counted["M"] or counted["D"] or counted["="] else "a new folder"
    lines = [f"\n{plan.title}",
             f"{len(plan.files)} files under {plan.prefix}/, {kind}: {counted['A']} added, {counted['M']} modified, "
             f"{counted['D']} deleted, {counted['=']} unchanged"]
    if config.output_dir is not None:
        if config.mkdir:
            config.output_dir.mkdir(parents=True, exist_ok=True)
        (config.output_dir / "pr_description.md").write_text(f"# {plan.title}\n\n{plan.pr_text}", encoding="utf-8")
        (config.output_dir / "manifest.json").write_text(plan.manifest, encoding="utf-8")
        lines.append(f"PR description and manifest written to {config.output_dir}")
    if config.dry_run:
        lines.append("dry run: the target was not touched; the change would be:")
        lines += [f"  {c.status} {c.path}" + (f" ({c.size} bytes)" if c.size is not None else "")
                  for c in plan.changes if c.status != update.UNCHANGED]
        if counted["D"] and not config.force:
            lines.append(f"writing it deletes {counted['D']} file(s) of the existing folder: pass --force to do so")
        return "\n".join(lines) + "\n"
    commit = git_target.build_commit(config.target, list(plan.files), plan.prefix, plan.message)
    if config.patch is not None:
        if config.mkdir:
            config.patch.parent.mkdir(parents=True, exist_ok=True)
        config.patch.write_bytes(git_target.format_patch(config.target, commit))
        lines.append(f"patch written to {config.patch}; no branch was created")
        return "\n".join(lines) + "\n"
    git_target.create_branch(config.target, plan.branch, commit)
    lines.append(f"branch {plan.branch} created at {commit[:12]} (check it out with: git -C {config.target} switch {plan.branch})")
    lines.append(git_target.diff_stat(config.target, commit).rstrip())
    return "\n".join(lines) + "\n"


def _gate_table(gates) -> str:
    width = max(len(gate.name) for gate in gates)
    rows = [f"{'gate'.ljust(width)}  result  detail"]
    rows += [f"{gate.name.ljust(width)}  {'pass  ' if gate.passed else 'FAIL  '}  {gate.detail}" for gate in gates]
    return "\n".join(rows) + "\n"
