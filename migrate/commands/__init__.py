"""The explicit list of `migrate` subcommands, one module each."""

from op_migrate.migrate.commands.analyze import analyze
from op_migrate.migrate.commands.catalog import catalog
from op_migrate.migrate.commands.package_pr import package_pr
from op_migrate.migrate.commands.scaffold import scaffold
from op_migrate.migrate.commands.verify_route import verify_route

COMMANDS = (analyze, catalog, package_pr, scaffold, verify_route)
