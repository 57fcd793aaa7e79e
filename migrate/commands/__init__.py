"""The explicit list of `migrate` subcommands, one module each."""

from migrate.commands.analyze import analyze

COMMANDS = (analyze,)
