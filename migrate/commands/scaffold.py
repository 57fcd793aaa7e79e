"""`migrate scaffold`: options -> ScaffoldConfig -> the scaffold pipeline -> summary and exit code."""

from __future__ import annotations

from pathlib import Path

import click

from op_migrate.migrate.errors import handle_errors
from op_migrate.migrate.output import emit
from op_migrate.migrate.pipelines import scaffold as pipeline


@click.command("scaffold")
@click.argument("op")
@click.option("--cann-root", type=click.Path(path_type=Path, file_okay=False, exists=True), help="The CANN install ($ASCEND_HOME_PATH).")
@click.option("-o", "--output", required=True, type=click.Path(path_type=Path, file_okay=False), help="Folder to write <op>/ into.")
@click.option("--mkdir", is_flag=True, help="Create the -o folder when it is missing.")
@click.option("--soc", "socs", multiple=True, help="SoC to scaffold for (repeatable; default Ascend910B and Ascend910_93).")
@click.option("--name", help="Op type of the new operator (default: the TBE operator's own).")
@click.option("--force", is_flag=True, help="Write into an existing <op>/ folder.")
@click.option("--check", is_flag=True, help="Build the kernel on the CPU model and run its generated tests (needs g++ and op-migrate[test]).")
@click.option("--compare", type=click.Path(path_type=Path, file_okay=False, exists=True), help="With --check: a hand-written operator folder (ops/floor_mod) to compare counters with.")
@click.option("--format", "fmt", type=click.Choice(["text", "json"]), default="text", show_default=True)
@handle_errors
def scaffold(**options) -> None:
    """Turn a TBE operator of a CANN install into an Ascend C operator folder in the ops-math layout."""
    config = pipeline.ScaffoldConfig(**options)
    raise SystemExit(emit(pipeline.run(config), None))
