"""`migrate package-pr` flow: refuse unsafe requests, run the gates, render everything, then write once."""

from __future__ import annotations

import sys
from dataclasses import dataclass
from importlib import resources
from pathlib import Path

from op_migrate.analyzers.package import OperatorInfo, collect_files, operator_info
from op_migrate.analyzers.package.manifest import entry_for
from op_migrate.analyzers.package.operators import is_plain_name
from op_migrate.migrate import __version__, exit_codes, git_target, validate
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


def run(config: PackageConfig) -> Rendered:
    info, folder, category, branch = _validate(config)
    headers = package_headers.header_check(config.ascendc, config.stubs, folder, config.host_headers, config.target)
    gates = _run_gates(config, info, folder) + ((headers.gate,) if headers.gate else ())
    table = _gate_table(gates) + ("" if headers.gate else f"({design_doc.in_lang(headers.missing, 'en')})\n")
    if not all(gate.passed for gate in gates):
        return Rendered(table + "\nA gate failed: nothing was written.\n", exit_codes.FINDINGS)
    plan = _render(config, info, folder, category, branch, gates, headers)
    return Rendered(table + _write(config, plan), exit_codes.OK)


def _validate(config: PackageConfig):
    validate.check_output(config.patch, config.mkdir, "--patch")
    validate.check_output(config.output_dir, config.mkdir, "-o", is_folder=True)
    info = operator_info(config.op)
    category = config.category or info.category
    for what, name in (("operator", config.op), ("category", category)):
        if not is_plain_name(name):
            raise MigrateError(f"refusing: {what} {name!r} is not a plain folder name")
    if category not in CATEGORIES:
        raise MigrateError(f"refusing: category {category!r} is not one of {', '.join(CATEGORIES)}")
    folder = (config.ops_dir or Path(str(resources.files("op_migrate.ops")))) / config.op
    if not folder.is_dir():
        raise MigrateError(f"no operator folder {folder}")
    target = config.target
    if not git_target.is_ops_math_like(target):
        raise MigrateError(f"refusing: {target} is not an ops-math-like git checkout (needs .git, experimental/, cmake/, build.sh)")
    branch = config.branch or f"op-migrate/{config.op}"
    git_target.run_git(target, "check-ref-format", "--branch", branch)
    state = git_target.inspect(target)
    if state.dirty and not config.allow_dirty:
        raise MigrateError(f"refusing: {target} has uncommitted changes (use --allow-dirty)", exit_codes.USAGE)
    if branch in state.branches:
        raise MigrateError(f"refusing: branch {branch!r} already exists in {target}", exit_codes.USAGE)
    prefix = f"experimental/{category}/{config.op}"
    if git_target.path_exists_at_head(target, prefix) and not config.force:
        raise MigrateError(f"refusing: {prefix} already exists in {target} (use --force to replace it)", exit_codes.USAGE)
    return info, folder, category, branch


def _run_gates(config: PackageConfig, info: OperatorInfo, folder: Path):
    ops_root = folder.parent
    return (
        package_evidence.policy_gate(info, folder),
        package_gates.portable_tests_gate(folder, ops_root),
        package_gates.layout_gate(folder, info),
        package_gates.license_gate(folder),
        package_gates.hygiene_gate(folder),
        _design_input_gate(folder),
    )


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


def _render(config, info, folder, category, branch, gates, headers) -> Plan:
    prefix = f"experimental/{category}/{config.op}"
    evidence = package_evidence.gather(config, info, folder, category, gates, headers)
    design_name = "design.md" if config.lang == "zh" else "design_en.md"
    design_text = design_doc.design_document(evidence, config.lang, __version__)
    # The installer's byte-code in an installed copy passed the hygiene gate as the installation's own; never staged.
    skipped = frozenset({DESIGN_INPUT}) | package_gates.installer_bytecode(folder)
    staged = list(collect_files(folder, prefix, exclude=skipped))
    extra = [(f"docs/{design_name}", design_text.encode("utf-8"))] + [(f"docs/{n}", d) for n, d in evidence.files]
    staged += [(entry_for(f"{prefix}/{name}", data), data) for name, data in extra]
    title = design_doc.pr_title(config.op, info.summary_en)
    pr_text = design_doc.pr_description(evidence, design_file=design_name, file_count=len(staged), issue=config.issue)
    manifest = design_doc.manifest_text(tool_version=__version__, branch=branch, title=title,
                                        files=[entry for entry, _ in staged], gates=gates, memory=evidence.memory,
                                        header_check=evidence.headers, header_check_missing=evidence.headers_missing)
    executable = {str(p.relative_to(folder).as_posix()) for p in folder.rglob("*") if p.is_file() and p.stat().st_mode & 0o111}
    files = tuple((entry.path, data, entry.path[len(prefix) + 1:] in executable) for entry, data in staged)
    return Plan(info, prefix, branch, files, title, f"{title}\n\n{pr_text}", pr_text, manifest, gates)


def _write(config: PackageConfig, plan: Plan) -> str:
    lines = [f"\n{plan.title}", f"{len(plan.files)} files under {plan.prefix}/"]
    if config.output_dir is not None:
        if config.mkdir:
            config.output_dir.mkdir(parents=True, exist_ok=True)
        (config.output_dir / "pr_description.md").write_text(f"# {plan.title}\n\n{plan.pr_text}", encoding="utf-8")
        (config.output_dir / "manifest.json").write_text(plan.manifest, encoding="utf-8")
        lines.append(f"PR description and manifest written to {config.output_dir}")
    if config.dry_run:
        lines.append("dry run: the target was not touched; the change would be:")
        lines += [f"  A {path} ({len(data)} bytes)" for path, data, _ in plan.files]
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
