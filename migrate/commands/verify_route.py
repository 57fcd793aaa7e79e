"""`migrate verify-route`: options -> VerifyRouteConfig -> policy evaluation (and diff) -> report and exit code."""

from __future__ import annotations

import io
import json
import subprocess
import tarfile
import tempfile
from contextlib import ExitStack
from dataclasses import dataclass
from pathlib import Path

import click

from op_migrate.analyzers.policy import PolicyError, RouteSourceError, builtin_names, evaluate, load_policy
from op_migrate.analyzers.policy.route_json import RouteFileSource
from op_migrate.analyzers.policy.adapters import ChainRouteSource, EngineUnavailable, memory_source
from op_migrate.migrate import __version__, exit_codes, validate
from op_migrate.migrate.errors import MigrateError, handle_errors
from op_migrate.migrate.output import Rendered, emit
from op_migrate.reports.render import to_json_text
from op_migrate.reports.sarif import to_sarif
from op_migrate.reports.verify_report import render_markdown, render_text

VERIFY_FORMATS = ("text", "md", "json", "sarif")


@dataclass(frozen=True)
class VerifyRouteConfig:
    """Everything `migrate verify-route` was asked to do."""

    path: Path
    policy: str
    repo_roots: tuple[Path, ...] = ()  # searched in order for L0 definitions; the first that defines an op wins
    before: Path | None = None
    before_ref: str | None = None
    before_repo_roots: tuple[Path, ...] = ()  # L0 resolution for the before side; defaults to repo_roots
    l0_catalogs: tuple[Path, ...] = ()
    fmt: str = "text"
    output: Path | None = None
    mkdir: bool = False  # create the folder of -o when it is missing
    baseline: Path | None = None  # an earlier SARIF log: each result says new / unchanged, the gone ones absent

    @property
    def repo_root(self) -> Path | None:
        """The first root: report paths are shown relative to it."""
        return self.repo_roots[0] if self.repo_roots else None


EXAMPLES = """\b
Examples:
  migrate verify-route ops/floor_mod/op_api --repo-root ops --policy floor_mod-native
  migrate verify-route ops-math/math/floor_mod/op_api --policy my-policy.toml --format sarif -o out/verify.sarif
  migrate verify-route ops/floor_mod/op_api --repo-root ops --policy floor_mod-native \\
      --before ops-math/math/floor_mod/op_api --before-repo-root ops-math --format md   # + the diff
  migrate verify-route ops-math/math/floor_mod/op_api --policy floor_mod-native --format sarif \\
      --baseline last.sarif                                     # each result new, unchanged or absent

\b
verify-route keeps no cache: every run reads the sources afresh (there is no --no-cache to give)."""


@click.command("verify-route", epilog=f"{EXAMPLES}\n\n{exit_codes.HELP}")
@click.argument("path", type=click.Path(path_type=Path, exists=True))
@click.option("--policy", "policy", required=True,
              help=f"A built-in policy ({', '.join(builtin_names())}) or a policy TOML file.")
@click.option("--repo-root", "repo_roots", multiple=True, type=click.Path(path_type=Path),
              help="Repository searched for L0 definitions (repeatable; the first that defines an op wins).")
@click.option("--l0-catalog", "l0_catalogs", multiple=True, type=click.Path(path_type=Path),
              help="An L0 catalog written by `migrate catalog build` (repeatable), used after the roots.")
@click.option("--before", type=click.Path(path_type=Path, exists=True), help="The old version of PATH to diff against.")
@click.option("--before-ref", help="Diff against PATH at this git revision of its repository.")
@click.option("--before-repo-root", "before_repo_roots", multiple=True, type=click.Path(path_type=Path),
              help="Repository for the before side's L0 calls (repeatable; default: --repo-root).")
@click.option("--format", "fmt", type=click.Choice(VERIFY_FORMATS), default="text", show_default=True,
              help="text: the pass/FAIL matrix and each violation as path:line: error rule message; md: the same in "
                   "Markdown; json: the verdict (schema op-migrate/verify@1); sarif: SARIF 2.1.0 for code scanning.")
@click.option("-o", "--output", type=click.Path(path_type=Path, dir_okay=False), help="Write the report here instead of stdout.")
@click.option("--mkdir", is_flag=True, help="Create the folder of -o when it is missing.")
@click.option("--baseline", type=click.Path(path_type=Path, dir_okay=False, exists=True),
              help="An earlier SARIF log of verify-route (with --format sarif): each result gets its baselineState "
                   "(new, unchanged; absent for results the baseline has and this run does not).")
@handle_errors
def verify_route(path, policy, repo_roots, l0_catalogs, before, before_ref, before_repo_roots, fmt, output,
                 mkdir, baseline) -> None:
    """Check the routes of PATH's entry points against a policy (exit 0 pass, 1 violation, 2 incomplete).

    PATH is an op_api folder or source (or a saved route JSON); the policy is a built-in name or a TOML file. Every
    SoC x dtype x case point of the policy is walked; a point the analysis cannot decide is INCOMPLETE, never a pass.
    """
    if before is not None and before_ref is not None:
        raise click.UsageError("give --before or --before-ref, not both")
    config = VerifyRouteConfig(path=path, policy=policy, repo_roots=tuple(repo_roots), before=before,
                               before_ref=before_ref, before_repo_roots=tuple(before_repo_roots),
                               l0_catalogs=tuple(l0_catalogs), fmt=fmt, output=output, mkdir=mkdir,
                               baseline=baseline)
    if baseline is not None and fmt != "sarif":
        raise MigrateError(f"--baseline {baseline}: a baseline is compared in SARIF only; add --format sarif")
    validate.check_paths(repo_roots=config.repo_roots, l0_catalogs=config.l0_catalogs)
    validate.check_paths(repo_roots=config.before_repo_roots, option_roots="--before-repo-root")
    validate.check_output(config.output, config.mkdir)
    raise SystemExit(emit(run(config), config.output, config.mkdir))


def route_source(path: Path, repo_roots: tuple[Path, ...], label: str, catalogs: tuple[Path, ...] = ()):
    """A saved route set (.json) is read as is; C++ sources go through the chain analyzer."""
    if path.is_file() and path.suffix == ".json":
        try:
            return RouteFileSource(path)
        except RouteSourceError as error:
            raise MigrateError(str(error), exit_codes.USAGE) from error
    return ChainRouteSource((path,), label=label, repo_roots=repo_roots, catalogs=catalogs)


def run(config: VerifyRouteConfig) -> Rendered:
    """Evaluate the policy on PATH (and the before version when asked) and render the verdict."""
    try:
        policy = load_policy(config.policy)
    except PolicyError as error:
        if len(error.problems) == 1:
            raise MigrateError(f"--policy {config.policy}: {error.problems[0]}") from error
        raise MigrateError("policy " + "\n  ".join([f"{error.source} is not valid:", *error.problems])) from error
    before_roots = config.before_repo_roots or config.repo_roots
    with ExitStack() as stack:
        before = None
        if config.before is not None:
            before = route_source(config.before, before_roots, str(config.before), config.l0_catalogs)
        elif config.before_ref is not None:
            old_path = stack.enter_context(_checkout(config.path, config.before_ref))
            before = route_source(old_path, before_roots, f"{config.path}@{config.before_ref}", config.l0_catalogs)
        try:
            memory, unavailable = memory_source(), ""
        except EngineUnavailable as error:
            memory, unavailable = None, str(error)
        source = route_source(config.path, config.repo_roots, str(config.path), config.l0_catalogs)
        try:
            verdict = evaluate(policy, source, before=before, memory=memory, memory_unavailable=unavailable)
        except EngineUnavailable as error:
            raise MigrateError(f"cannot evaluate routes: {error}", exit_codes.USAGE) from error
    if config.fmt == "json":
        text = to_json_text(verdict.to_json())
    elif config.fmt == "sarif":
        text = to_json_text(to_sarif(verdict, policy, __version__, config.repo_root, _baseline(config.baseline)))
    elif config.fmt == "md":
        text = render_markdown(verdict, config.repo_root)
    else:
        text = render_text(verdict, config.repo_root)
    # The one exit-code rule: an incomplete point makes it 2 even when a rule is broken on another point.
    return Rendered(text=text, exit_code=exit_codes.outcome(incomplete=not verdict.complete, violations=verdict.violated))


def _baseline(path: Path | None) -> dict | None:
    if path is None:
        return None
    try:
        log = json.loads(path.read_text(encoding="utf-8"))
    except (UnicodeDecodeError, json.JSONDecodeError) as error:
        raise MigrateError(f"--baseline {path}: not a SARIF log: {error}") from error
    if not isinstance(log, dict) or log.get("version") != "2.1.0" or not isinstance(log.get("runs"), list):
        raise MigrateError(f"--baseline {path}: not a SARIF 2.1.0 log (no version 2.1.0 and runs)")
    return log


class _checkout:
    """PATH as it was at a git revision, extracted with `git archive` (argument lists, no shell) into a temp dir."""

    def __init__(self, path: Path, revision: str) -> None:
        self.path = path.resolve()
        self.revision = revision
        self._temp: tempfile.TemporaryDirectory | None = None

    def __enter__(self) -> Path:
        folder = self.path if self.path.is_dir() else self.path.parent
        top = Path(_git(folder, "rev-parse", "--show-toplevel").decode().strip())
        relative = self.path.relative_to(top.resolve()).as_posix()
        _git(top, "rev-parse", "--verify", "--quiet", f"{self.revision}^{{commit}}")
        archive = _git(top, "archive", "--format=tar", self.revision, "--", relative)
        self._temp = tempfile.TemporaryDirectory(prefix="verify-route-before-")
        root = Path(self._temp.name)
        with tarfile.open(fileobj=io.BytesIO(archive)) as tar:
            members = [m for m in tar.getmembers() if m.isfile() or m.isdir()]
            tar.extractall(root, members=members, filter="data") if hasattr(tarfile, "data_filter") else tar.extractall(
                root, members=members)
        return root / relative

    def __exit__(self, *exc) -> None:
        if self._temp is not None:
            self._temp.cleanup()


def _git(folder: Path, *args: str) -> bytes:
    completed = subprocess.run(["git", "-C", str(folder), *args], capture_output=True, check=False)
    if completed.returncode != 0:
        message = completed.stderr.decode("utf-8", "replace").strip() or f"git {args[0]} failed"
        raise MigrateError(f"--before-ref: {message}", exit_codes.USAGE)
    return completed.stdout
