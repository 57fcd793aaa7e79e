"""The explicit list of `migrate` subcommands, one module each."""

from migrate.commands.analyze import analyze
from migrate.commands.package_pr import package_pr
from migrate.commands.verify_route import verify_route

COMMANDS = (analyze, package_pr, verify_route)
