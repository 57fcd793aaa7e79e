"""The `migrate` click group: global options and one command per module in migrate/commands."""

from __future__ import annotations

import click

from op_migrate.migrate import __version__
from op_migrate.migrate.commands import COMMANDS


@click.group(context_settings={"help_option_names": ["-h", "--help"]})
@click.version_option(__version__, prog_name="migrate")
@click.option("--debug", is_flag=True, help="Show tracebacks of internal errors.")
def main(debug: bool) -> None:
    """Move CANN operators from TBE to Ascend C and into ops-math."""


for _command in COMMANDS:
    main.add_command(_command)
