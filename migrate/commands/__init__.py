"""The explicit list of `migrate` subcommands, one module each."""

from migrate.commands.analyze import analyze
from migrate.commands.package_pr import package_pr

COMMANDS = (analyze, package_pr)
