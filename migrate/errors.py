"""User-facing errors and the decorator that turns them into one stderr line and an exit code."""

from __future__ import annotations

import functools
import os
import signal
import sys
import threading
import traceback

import click

from op_migrate.migrate import cache, console, exit_codes


class MigrateError(Exception):
    """An error the user can act on; its message is printed as is."""

    def __init__(self, message: str, code: int = exit_codes.USAGE) -> None:
        super().__init__(message)
        self.code = code


class Terminated(BaseException):
    """SIGTERM arrived: raised in the main thread so that every `finally` and context manager runs (temporary
    folders removed, gate children ended) before the process exits 143. A BaseException, like KeyboardInterrupt,
    so that no `except Exception` swallows it."""


def _raise_terminated(signum, frame) -> None:
    raise Terminated()


def environment_message(error: OSError) -> str:
    """An OSError as the user's environment problem: what, where, and for a permission what to do."""
    where = f"{error.filename}: " if error.filename else ""
    what = error.strerror or str(error)
    hint = "; choose a place you can write to" if isinstance(error, PermissionError) else ""
    return f"{where}{what}{hint}"


def handle_errors(command):
    """Map MigrateError to its code, the environment's errors (OSError) to one line and exit 2, SIGINT to 130 and
    SIGTERM to 143, anything unexpected to one line; tracebacks only with --debug."""

    @functools.wraps(command)
    def wrapper(*args, **kwargs):
        debug = bool(click.get_current_context().find_root().params.get("debug"))
        previous = None
        if threading.current_thread() is threading.main_thread():
            previous = signal.signal(signal.SIGTERM, _raise_terminated)
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
            sys.exit(exit_codes.INTERRUPTED)
        except Terminated:
            console.diagnostic("terminated")
            sys.exit(exit_codes.TERMINATED)
        except BrokenPipeError:
            # The reader of stdout went away (`| head`): nothing more can be said there; stay quiet.
            try:
                os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())
            except (OSError, ValueError):
                pass
            sys.exit(exit_codes.FINDINGS)
        except OSError as error:  # permissions, a full disk, a folder that vanished: the environment, not a bug
            if debug:
                traceback.print_exc(file=sys.stderr)
            console.diagnostic(f"error: {environment_message(error)}")
            sys.exit(exit_codes.USAGE)
        except Exception as error:  # the last line of defence: no traceback unless asked
            if debug:
                traceback.print_exc(file=sys.stderr)
            console.diagnostic(f"internal error: {type(error).__name__}: {error} (rerun with --debug for the traceback)")
            sys.exit(exit_codes.USAGE)
        finally:
            cache.discard()  # held-back cache writes of a run that did not finish (emit() commits the others)
            if previous is not None:
                signal.signal(signal.SIGTERM, previous)

    return wrapper
