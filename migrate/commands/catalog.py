"""`migrate catalog build ROOT -o FILE`: the L0 ops of a checkout, for `--l0-catalog` in other repositories."""

from __future__ import annotations

from pathlib import Path

import click

from op_migrate.migrate import exit_codes
from op_migrate.migrate.config import CatalogBuildConfig
from op_migrate.migrate.errors import handle_errors
from op_migrate.migrate.output import emit
from op_migrate.migrate.pipelines import catalog as pipeline


@click.group()
def catalog() -> None:
    """L0 catalogs: what the l0op definitions of a checkout launch, for chains that call them from elsewhere."""


@catalog.command(epilog=f"""\b
Examples:
  migrate catalog build ~/ops-math -o ops-math.l0.json
  migrate analyze other-repo/op_api --repo-root other-repo --l0-catalog ops-math.l0.json

{exit_codes.HELP}""")
@click.argument("root", type=click.Path(path_type=Path))
@click.option("-o", "--output", type=click.Path(path_type=Path, dir_okay=False), required=True,
              help="The catalog JSON to write (schema op-migrate/l0-catalog@1).")
@click.option("--mkdir", is_flag=True, help="Create the folder of -o when it is missing.")
@click.option("--no-progress", is_flag=True, help="No progress bar on stderr.")
@handle_errors
def build(root, output, mkdir, no_progress) -> None:
    """Walk every l0op definition of ROOT (stand-ins skipped, with the reason) and write its catalog."""
    config = CatalogBuildConfig(root=root, output=output, mkdir=mkdir, show_progress=not no_progress)
    raise SystemExit(emit(pipeline.run(config), config.output, config.mkdir))
