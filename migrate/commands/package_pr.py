"""`migrate package-pr`: options -> PackageConfig -> gates, render, write -> exit code."""

from __future__ import annotations

from pathlib import Path

import click

from op_migrate.migrate import exit_codes, packaging
from op_migrate.migrate.errors import handle_errors
from op_migrate.migrate.output import emit


def _epilog() -> str:
    operators = ", ".join(packaging.shipped_operators(packaging.bundled_ops())) or "none in this build"
    return f"""\b
Operators it can ship (from the bundled ops/; --ops-dir names another folder):
  {operators}

\b
Examples:
  migrate package-pr floor_mod --target ~/ops-math --dry-run    # the gates, and the files it would write
  migrate package-pr floor_mod --target ~/ops-math --before ~/ops-math/math/floor_mod/op_api \\
      --tbe-source floor_mod.py -o out --mkdir                  # a branch, with memory model and flowcharts
  migrate package-pr gcd --target ~/ops-math --patch out/gcd.patch   # a git format-patch, no branch

\b
Each gate's start and result go to stderr as they run; the gate table goes to stdout before anything is written.
Into a folder the target already has, it writes an update: added, modified and deleted files are listed, and deleting
upstream files needs --force.

{exit_codes.HELP}"""


@click.command("package-pr", epilog=_epilog())
@click.argument("op")
@click.option("--target", required=True, type=click.Path(path_type=Path, file_okay=False), help="ops-math checkout.")
@click.option("--category", type=click.Choice(packaging.CATEGORIES), help="ops-math category (default: the op's).")
@click.option("--branch", help="Branch to create (default: op-migrate/<op>).")
@click.option("--lang", type=click.Choice(["zh", "en"]), default="zh", show_default=True, help="Design document language.")
@click.option("--dry-run", is_flag=True, help="Print the plan and the change; touch nothing.")
@click.option("--patch", type=click.Path(path_type=Path, dir_okay=False), help="Write a git format-patch here instead of a branch.")
@click.option("--allow-dirty", is_flag=True, help="Accept a target with uncommitted changes.")
@click.option("--force", is_flag=True, help="Write an update that deletes files of the existing destination folder.")
@click.option("--ops-dir", type=click.Path(path_type=Path, file_okay=False, exists=True), help="Folder holding the operator folders in the ops-math layout, each with op_api/ and docs/design_facts.toml (default: the bundled ops/).")
@click.option("--before", type=click.Path(path_type=Path, exists=True), help="The original op_api, for the before/after memory model.")
@click.option("--tbe-source", type=click.Path(path_type=Path, exists=True, dir_okay=False), help="The TBE operator, for the flowcharts.")
@click.option("--issue", default="待关联", show_default=True, help="The issue the PR resolves (e.g. Fixes #123).")
@click.option("--ascendc", type=click.Path(path_type=Path, file_okay=False, exists=True), help="Real Ascend C headers (asc-devkit, or a toolkit's ascendc/include): run the real-headers check and put it in the PR evidence.")
@click.option("--stubs", multiple=True, type=click.Path(path_type=Path, file_okay=False, exists=True), help="CPU-debug stub headers for --ascendc (tikicpulib/lib/include); repeatable, searched in order.")
@click.option("--host-headers", multiple=True, metavar="PACKAGE=DIR", help="Host headers for the op_host / op_api sources in the real-headers check: ascend-home=<CANN toolkit>, and/or opbase=, metadef=, runtime=, ge=, ops-math= checkouts (ops-math defaults to --target when it is one); repeatable.")
@click.option("-o", "--output-dir", type=click.Path(path_type=Path, file_okay=False), help="Also write the PR description and manifest here.")
@click.option("--mkdir", is_flag=True, help="Create the folder of --patch or -o when it is missing.")
@handle_errors
def package_pr(**options) -> None:
    """Gate, render and write an operator from ops/ into an ops-math checkout as one branch.

    OP is an operator folder name (listed below). The target's HEAD, index and work tree are never touched: one commit
    on a new branch (or a patch), written with git plumbing; a dirty target, an existing branch or a second run on the
    same branch is refused before any gate runs.
    """
    config = packaging.PackageConfig(**options)
    raise SystemExit(emit(packaging.run(config), None))
