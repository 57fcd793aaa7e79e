"""The `migrate` click group: global options and one command per module in migrate/commands."""

from __future__ import annotations

import click

from op_migrate.migrate import __version__, exit_codes
from op_migrate.migrate.commands import COMMANDS


EPILOG = f"""\b
Examples:
  migrate analyze path/to/floor_mod.py                      # what a TBE operator does
  migrate analyze ops-math/math/floor_mod/op_api --soc Ascend910B --dtype float16   # an ACLNN chain's routes
  migrate verify-route ops/floor_mod/op_api --repo-root ops --policy floor_mod-native
  migrate package-pr floor_mod --target ~/ops-math --dry-run
  migrate COMMAND --help                                    # options and examples of one command

{exit_codes.HELP}"""


@click.group(context_settings={"help_option_names": ["-h", "--help"]}, epilog=EPILOG)
@click.version_option(__version__, prog_name="migrate")
@click.option("--debug", is_flag=True, help="Show tracebacks of internal errors.")
def main(debug: bool) -> None:
    """Move CANN operators from TBE to Ascend C and into ops-math."""


for _command in COMMANDS:
    main.add_command(_command)
