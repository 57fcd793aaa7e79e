"""`migrate package-pr`: options -> PackageConfig -> gates, render, write -> exit code."""

from __future__ import annotations

from pathlib import Path

import click

from op_migrate.migrate import packaging
from op_migrate.migrate.errors import handle_errors
from op_migrate.migrate.output import emit


@click.command("package-pr")
@click.argument("op")
@click.option("--target", required=True, type=click.Path(path_type=Path, file_okay=False), help="ops-math checkout.")
@click.option("--category", type=click.Choice(packaging.CATEGORIES), help="ops-math category (default: the op's).")
@click.option("--branch", help="Branch to create (default: op-migrate/<op>).")
@click.option("--lang", type=click.Choice(["zh", "en"]), default="zh", show_default=True, help="Design document language.")
@click.option("--dry-run", is_flag=True, help="Print the plan and the change; touch nothing.")
@click.option("--patch", type=click.Path(path_type=Path, dir_okay=False), help="Write a git format-patch here instead of a branch.")
@click.option("--allow-dirty", is_flag=True, help="Accept a target with uncommitted changes.")
@click.option("--force", is_flag=True, help="Replace an existing destination folder.")
@click.option("--ops-dir", type=click.Path(path_type=Path, file_okay=False, exists=True), help="Folder holding the operator folders (default: the bundled ops/).")
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
    """Gate, render and write an operator from ops/ into an ops-math checkout as one branch."""
    config = packaging.PackageConfig(**options)
    raise SystemExit(emit(packaging.run(config), None))
