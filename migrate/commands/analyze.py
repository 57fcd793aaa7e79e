"""`migrate analyze`: options -> AnalyzeConfig -> the pipeline for the input's kind -> report and exit code."""

from __future__ import annotations

import importlib
from pathlib import Path

import click

from op_migrate.migrate import cache, exit_codes, validate
from op_migrate.migrate.config import FORMATS, AnalyzeConfig
from op_migrate.migrate.errors import MigrateError, handle_errors
from op_migrate.migrate.output import emit

KINDS = ("auto", "tbe", "aclnn", "pypto")
_CXX_SUFFIXES = {".cpp", ".cc", ".cxx", ".h", ".hpp"}


def detect_kind(config: AnalyzeConfig) -> str:
    """Pick the analyzer from the inputs: C++ -> aclnn, PyPTO kernels -> pypto, other Python or an op name -> tbe."""
    if config.kind != "auto":
        return config.kind
    paths = [Path(item) for item in config.inputs]
    if any(not path.exists() for path in paths):
        return "tbe"  # an operator name, resolved in a CANN install
    if any(path.is_file() and path.suffix in _CXX_SUFFIXES for path in paths):
        return "aclnn"
    if any(path.is_dir() and _has_op_api_sources(path) for path in paths):
        return "aclnn"
    if all(path.is_file() and _is_pypto(path) for path in paths):
        return "pypto"
    return "tbe"


def _has_op_api_sources(directory: Path) -> bool:
    # `**/aclnn_*.cpp`: repositories of the older layout keep their aclnn sources in op_host, beside Python scripts.
    for pattern in ("**/op_api/*.cpp", "op_api/*.cpp", "*.cpp", "**/aclnn_*.cpp"):
        if next(directory.glob(pattern), None) is not None:
            return True
    return False


def _is_pypto(path: Path) -> bool:
    if path.suffix != ".py":
        return False
    try:
        head = path.read_bytes()[:65536].decode("utf-8", errors="replace")
    except OSError:
        return False
    return "pypto_pro.language" in head


EXAMPLES = """\b
Examples:
  migrate analyze path/to/floor_mod.py                         # a TBE operator: dtypes, DSL calls, findings
  migrate analyze floor_mod --cann-root $ASCEND_HOME_PATH      # by name, with its capability matrix
  migrate analyze ops-math/math/floor_mod/op_api --soc Ascend910B --dtype float16 \\
      --shape "self=[1024,1,64]" --shape "other=[1,4096,64]" --shape "out=[1024,4096,64]"
  migrate analyze ops-math/math/floor_mod/op_api --soc Ascend910B \\
      --case "self=[1024,1,64]:float16,other=[1,4096,64]:float16,out=[1024,4096,64]:float16"   # + memory
  migrate analyze ops-math -j 2 -o out/report.md               # every chain of a tree, and atlas.md beside it
  migrate analyze kernel.py                                    # a PyPTO kernel's make_tensor views"""


@click.command(epilog=f"{EXAMPLES}\n\n{exit_codes.HELP}")
@click.argument("inputs", nargs=-1, required=True)
@click.option("--kind", type=click.Choice(KINDS), default="auto", show_default=True, help="Force the analyzer.")
@click.option("--format", "fmt", type=click.Choice(FORMATS), default="text", show_default=True,
              help="text: for the terminal (findings as path:line: severity symbol message); md: Markdown with mermaid "
                   "charts; json: every field (schemas op-migrate/tbe@1, aclnn@2, pypto-analysis@1).")
@click.option("-o", "--output", type=click.Path(path_type=Path, dir_okay=False), help="Write the report here instead of stdout.")
@click.option("--mkdir", is_flag=True, help="Create the folder of -o when it is missing.")
@click.option("-j", "--jobs", type=click.IntRange(1, 64), default=1, show_default=True, help="Parallel workers.")
@click.option("--no-cache", is_flag=True, help="Do not read or write the analysis cache.")
@click.option("--cache-dir", type=click.Path(path_type=Path, file_okay=False),
              help="Cache folder (default: the user cache folder, $XDG_CACHE_HOME/op-migrate or ~/.cache/op-migrate).")
@click.option("--no-progress", is_flag=True, help="No progress bar on stderr.")
@click.option("--cann-root", type=click.Path(path_type=Path), envvar=None, help="CANN install or open operator tree.")
@click.option("--repo-root", "repo_roots", multiple=True, type=click.Path(path_type=Path),
              help="Repository searched for L0 definitions (repeatable; the first that defines an op wins).")
@click.option("--l0-catalog", "l0_catalogs", multiple=True, type=click.Path(path_type=Path),
              help="An L0 catalog written by `migrate catalog build` (repeatable), used after the roots.")
@click.option("--soc", "socs", multiple=True, help="SoC to evaluate routes on (repeatable).")
@click.option("--dtype", "dtypes", multiple=True, help="dtype for every tensor, or NAME=dtype (repeatable).")
@click.option("--shape", "shapes", multiple=True, help="NAME=[d0,d1,...] (repeatable).")
@click.option("--scalar", "scalars", multiple=True, help="NAME=value (repeatable).")
@click.option("--strided", "strides", multiple=True,
              help="NAME=[s0,s1,...]: that entry tensor is a view with these strides (repeatable).")
@click.option("--offset", "offsets", multiple=True, help="NAME=n: that entry tensor's view offset (repeatable).")
@click.option("--absent", "absent", multiple=True, help="NAME: that tensor argument is nullptr (repeatable).")
@click.option("--storage-format", "formats", multiple=True,
              help="NAME=FMT: that entry tensor's storage format, e.g. self=NCHW (repeatable; ND otherwise).")
@click.option("--case", "cases", multiple=True, help="NAME=[dims]:dtype,... for the memory model (repeatable).")
@click.option("--cases", "cases_file", type=click.Path(path_type=Path, exists=True), help="TOML or JSON list of cases.")
@click.option("--compile-commands", type=click.Path(path_type=Path, exists=True), help="Use libclang with this database.")
@click.option("-I", "include_dirs", multiple=True, type=click.Path(path_type=Path), help="Use libclang with this include dir.")
@click.option("--measure-gpu", is_flag=True, help="Measure the PyTorch reference on CUDA when available.")
@handle_errors
def analyze(inputs, kind, fmt, output, mkdir, jobs, no_cache, cache_dir, no_progress, **options) -> None:
    """Report what a TBE operator, an ACLNN chain or a PyPTO kernel does.

    The input decides the analyzer (--kind forces one): C++ sources or an op_api folder are ACLNN chains, a Python
    file importing pypto_pro.language a PyPTO kernel, other Python files, folders of them, or an operator name TBE.
    The report goes to stdout or -o FILE (charts beside it); diagnostics and route outcomes go to stderr. Directory
    runs are cached in the user cache folder ($XDG_CACHE_HOME/op-migrate or ~/.cache/op-migrate).
    """
    config = AnalyzeConfig(
        inputs=tuple(inputs),
        kind=kind,
        fmt=fmt,
        output=output,
        mkdir=mkdir,
        jobs=jobs,
        use_cache=not no_cache,
        cache_dir=cache_dir or cache.default_dir(),
        show_progress=not no_progress,
        cann_root=options["cann_root"],
        repo_roots=tuple(options["repo_roots"]),
        l0_catalogs=tuple(options["l0_catalogs"]),
        socs=tuple(options["socs"]),
        dtypes=tuple(options["dtypes"]),
        shapes=tuple(options["shapes"]),
        scalars=tuple(options["scalars"]),
        strides=tuple(options["strides"]),
        offsets=tuple(options["offsets"]),
        absent=tuple(options["absent"]),
        formats=tuple(options["formats"]),
        cases=tuple(options["cases"]),
        cases_file=options["cases_file"],
        compile_commands=options["compile_commands"],
        include_dirs=tuple(options["include_dirs"]),
        measure_gpu=options["measure_gpu"],
    )
    chosen = detect_kind(config)
    validate.check_analyze(config, chosen)
    try:
        pipeline = importlib.import_module(f"op_migrate.migrate.pipelines.{chosen}")
    except ModuleNotFoundError as error:
        raise MigrateError(f"no analyzer for inputs of kind {chosen!r} in this build") from error
    raise SystemExit(emit(pipeline.run(config), config.output, config.mkdir))
