"""User-facing errors and the decorator that turns them into one stderr line and an exit code."""

from __future__ import annotations

import functools
import sys
import traceback

import click

from op_migrate.migrate import console, exit_codes


class MigrateError(Exception):
    """An error the user can act on; its message is printed as is."""

    def __init__(self, message: str, code: int = exit_codes.USAGE) -> None:
        super().__init__(message)
        self.code = code


def handle_errors(command):
    """Map MigrateError to its code and anything unexpected to one line; tracebacks only with --debug."""

    @functools.wraps(command)
    def wrapper(*args, **kwargs):
        debug = bool(click.get_current_context().find_root().params.get("debug"))
        try:
            return command(*args, **kwargs)
        except (click.exceptions.Exit, click.exceptions.Abort, click.ClickException):
            raise
        except MigrateError as error:
            if debug:
                traceback.print_exc(file=sys.stderr)
            console.diagnostic(f"error: {error}")
            sys.exit(error.code)
        except KeyboardInterrupt:
            console.diagnostic("interrupted")
            sys.exit(exit_codes.FINDINGS)
        except Exception as error:  # the last line of defence: no traceback unless asked
            if debug:
                traceback.print_exc(file=sys.stderr)
            console.diagnostic(f"internal error: {type(error).__name__}: {error} (rerun with --debug for the traceback)")
            sys.exit(exit_codes.USAGE)

    return wrapper
