"""Options and facts checked before anything is written: one line naming the option and its value, exit 2."""

from __future__ import annotations

from pathlib import Path

from op_migrate.analyzers.facts_check import GivenFact, GivenShape, broadcast_conflicts, implausible_shapes, unknown_names
from op_migrate.analyzers.memory.case import dtype_bytes
from op_migrate.analyzers.memory import CaseError, load_cases, parse_case
from op_migrate.analyzers.route import platforms
from op_migrate.analyzers.route.facts import (
    FactsError,
    parse_absent,
    parse_dtype,
    parse_format,
    parse_offset,
    parse_scalar,
    parse_shape,
    parse_strides,
)
from op_migrate.migrate import console, exit_codes
from op_migrate.migrate.config import AnalyzeConfig
from op_migrate.migrate.errors import MigrateError

KIND_NAMES = {"tbe": "TBE operators", "aclnn": "ACLNN chains", "pypto": "PyPTO kernels"}

# Which input kinds each analyze option means something for; given for any other kind it is refused.
OPTION_KINDS: dict[str, frozenset[str]] = {
    "--soc": frozenset({"tbe", "aclnn"}),
    "--dtype": frozenset({"tbe", "aclnn"}),  # TBE: narrows paths and capability rows
    "--shape": frozenset({"aclnn"}),
    "--scalar": frozenset({"aclnn"}),
    "--strided": frozenset({"aclnn"}),
    "--offset": frozenset({"aclnn"}),
    "--absent": frozenset({"aclnn"}),
    "--storage-format": frozenset({"aclnn"}),
    "--l0-catalog": frozenset({"aclnn"}),
    "--case": frozenset({"aclnn"}),
    "--cases": frozenset({"aclnn"}),
    "--repo-root": frozenset({"aclnn"}),
    "--compile-commands": frozenset({"aclnn"}),
    "-I": frozenset({"aclnn"}),
    "--measure-gpu": frozenset({"aclnn"}),
    "--cann-root": frozenset({"tbe"}),
}


def _given_options(config: AnalyzeConfig) -> dict[str, tuple[str, ...]]:
    """Each analyze option the user gave, with its values as texts."""
    values = {
        "--soc": config.socs,
        "--dtype": config.dtypes,
        "--shape": config.shapes,
        "--scalar": config.scalars,
        "--strided": config.strides,
        "--offset": config.offsets,
        "--absent": config.absent,
        "--storage-format": config.formats,
        "--l0-catalog": tuple(str(p) for p in config.l0_catalogs),
        "--case": config.cases,
        "--cases": (str(config.cases_file),) if config.cases_file else (),
        "--repo-root": tuple(str(p) for p in config.repo_roots),
        "--compile-commands": (str(config.compile_commands),) if config.compile_commands else (),
        "-I": tuple(str(p) for p in config.include_dirs),
        "--measure-gpu": ("",) if config.measure_gpu else (),
        "--cann-root": (str(config.cann_root),) if config.cann_root else (),
    }
    return {option: texts for option, texts in values.items() if texts}


def check_analyze(config: AnalyzeConfig, kind: str) -> None:
    """Refuse options that do not apply to the input kind, malformed facts, unknown SoCs, a missing -o folder."""
    for option, texts in _given_options(config).items():
        if kind not in OPTION_KINDS[option]:
            shown = f"{option} {texts[0]}".rstrip()
            applies = " and ".join(KIND_NAMES[k] for k in sorted(OPTION_KINDS[option]))
            raise MigrateError(f"{shown}: does not apply to {KIND_NAMES[kind]} (only to {applies}); leave it out")
    # TBE SoCs are the op-info folders of the CANN root when one is given (sd3403 ... are in no platform table):
    # the TBE pipeline checks them against those, before it writes anything.
    for soc in config.socs if kind != "tbe" else ():
        if platforms.soc_named(soc) is None:
            raise MigrateError(f"--soc {soc}: unknown SoC (known: {', '.join(sorted(platforms.socs()))})")
    for option, texts, parse in (("--dtype", config.dtypes, parse_dtype), ("--shape", config.shapes, parse_shape),
                                 ("--scalar", config.scalars, parse_scalar), ("--strided", config.strides, parse_strides),
                                 ("--offset", config.offsets, parse_offset), ("--absent", config.absent, parse_absent),
                                 ("--storage-format", config.formats, parse_format)):
        for text in texts:
            try:
                parse(text)
            except FactsError as error:
                raise MigrateError(f"{option} {text}: {error}") from error
    for text in config.cases:
        try:
            parse_case(text)
        except CaseError as error:
            raise MigrateError(f"--case {text}: {error}") from error
    if config.cases_file is not None:
        try:
            load_cases(config.cases_file)
        except (CaseError, OSError) as error:
            raise MigrateError(f"--cases {config.cases_file}: {error}") from error
    check_paths(repo_roots=config.repo_roots, l0_catalogs=config.l0_catalogs, cann_root=config.cann_root)
    check_output(config.output, config.mkdir)
    for finding in shape_warnings(config):
        console.diagnostic(f"{finding.severity.value}: {finding.message}")


def check_paths(repo_roots=(), l0_catalogs=(), cann_root=None, option_roots: str = "--repo-root") -> None:
    """Folders and files the user named must be there: a --repo-root that is a file or missing would otherwise
    be left out silently, and the run would answer without it."""
    for root in repo_roots:
        if not Path(root).is_dir():
            what = "is a file, not a folder" if Path(root).exists() else "does not exist"
            raise MigrateError(f"{option_roots} {root}: {what}; give the folder of a repository (an ops-math checkout)")
    for catalog in l0_catalogs:
        if not Path(catalog).is_file():
            raise MigrateError(f"--l0-catalog {catalog}: no such file; write one with `migrate catalog build ROOT -o FILE`")
    if cann_root is not None and not Path(cann_root).is_dir():
        raise MigrateError(f"--cann-root {cann_root}: no such folder; give a CANN install or the open operator tree")


def shape_warnings(config: AnalyzeConfig):
    """Findings for given shapes that are legal but rarely meant (analyzers/facts_check.py): said on stderr when
    the options are checked, and added to the report by the pipeline."""
    dtypes = dict(parse_dtype(text) for text in config.dtypes)
    shapes = []
    for text in config.shapes:
        name, dims = parse_shape(text)
        shapes.append(GivenShape("--shape", text, name, dims, _width(dtypes.get(name) or dtypes.get("*"))))
    cases = [(f"--case", case) for case in map(parse_case, config.cases)]
    if config.cases_file is not None:
        cases += [(f"--cases {config.cases_file}:", case) for case in load_cases(config.cases_file)]
    for option, case in cases:
        shapes += [GivenShape(option, case.text(), t.name, t.shape, _width(t.dtype)) for t in case.tensors]
    return implausible_shapes(shapes)


def _width(dtype: str | None) -> int | None:
    return dtype_bytes(dtype) if dtype else None


def check_output(path: Path | None, mkdir: bool, option: str = "-o", is_folder: bool = False) -> None:
    """The folder a report, patch or output folder goes into must exist, unless --mkdir was given."""
    if path is None:
        return
    folder = path if is_folder else path.parent
    if folder.exists() and not folder.is_dir():
        raise MigrateError(f"{option} {path}: {folder} is not a folder")
    if is_folder and path.exists():
        return
    if not folder.is_dir() and not mkdir:
        raise MigrateError(f"{option} {path}: the folder {folder} does not exist (create it, or pass --mkdir)")


def given_facts(config: AnalyzeConfig) -> tuple[GivenFact, ...]:
    """Every named fact of the config (already checked to parse): shapes, named dtypes, scalars, case tensors."""
    facts = [GivenFact("--shape", text, parse_shape(text)[0]) for text in config.shapes]
    facts += [GivenFact("--dtype", text, name) for text in config.dtypes if (name := parse_dtype(text)[0]) != "*"]
    facts += [GivenFact("--scalar", text, parse_scalar(text)[0]) for text in config.scalars]
    facts += [GivenFact("--strided", text, parse_strides(text)[0]) for text in config.strides]
    facts += [GivenFact("--offset", text, parse_offset(text)[0]) for text in config.offsets]
    facts += [GivenFact("--absent", text, parse_absent(text)) for text in config.absent]
    facts += [GivenFact("--storage-format", text, parse_format(text)[0]) for text in config.formats]
    for text in config.cases:
        facts += [GivenFact("--case", text, tensor.name) for tensor in parse_case(text).tensors]
    if config.cases_file is not None:
        for case in load_cases(config.cases_file):
            facts += [GivenFact(f"--cases {config.cases_file}:", case.text(), t.name) for t in case.tensors]
    return tuple(facts)


def check_entry_facts(config: AnalyzeConfig, document: dict) -> None:
    """Named facts must be parameters of an analysed entry; shapes a chain broadcasts must broadcast."""
    params = {entry["name"]: entry["params"] for entry in document["entries"]}
    unknown = unknown_names(given_facts(config), params)
    if unknown:
        fact = unknown[0]
        known = sorted({name for names in params.values() for name in names})
        shown = ", ".join(known[:12]) + (f" and {len(known) - 12} more" if len(known) > 12 else "")
        where = f"parameters: {shown}" if known else "no entry point was analysed"
        raise MigrateError(f"{fact.option} {fact.text}: {fact.name!r} is no parameter of any analysed entry point ({where})")
    conflicts, accepted, marked = [], 0, []
    for entry in document["entries"]:
        found = []
        for route in entry["routes"]:
            here = broadcast_conflicts(route, _route_shapes(route))
            marked += [(route, here[0].finding().message)] if here else []
            found += here
        conflicts += found
        accepted += bool(entry["routes"]) and not found
    if not conflicts:
        return
    option = "--case" if config.cases or config.cases_file else "--shape"
    if not accepted:
        first = conflicts[0]
        raise MigrateError(f"{option} {first.shapes_text()}: {first.entry} broadcasts {first.operands()} "
                           f"({first.producer} at {first.file}:{first.line}), but these shapes do not broadcast; "
                           "give shapes that broadcast", exit_codes.USAGE)
    # Another entry takes these facts: the run goes on, and the entries that cannot take them say so, on stderr now
    # (the user's own arguments) and in the report; their routes are marked, so no outcome line calls them decided.
    for conflict in dict.fromkeys(conflicts):
        finding = conflict.finding()
        console.diagnostic(f"{finding.severity.value}: {option} {conflict.shapes_text()}: {finding.message}")
        document["findings"].append(finding.to_json())
    for route, message in marked:
        route["facts_not_broadcastable"] = message


def _route_shapes(route: dict) -> dict[str, tuple[int, ...]]:
    return {name: tuple(dims) for name, dims in (route.get("facts") or {}).get("shapes", {}).items()}
