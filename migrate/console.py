"""The one owner of rich: reports go to stdout, diagnostics to stderr, markup off for user text."""

from __future__ import annotations

import io
import sys

from rich.console import Console
from rich.table import Table

# Width is capped so that piped output and golden tests stay stable.
_WIDTH = 160


def _stdout() -> Console:
    # Built per call so that click's CliRunner, which swaps sys.stdout, captures the output.
    return Console(file=sys.stdout, markup=False, highlight=False, width=_WIDTH, soft_wrap=True)


def _stderr() -> Console:
    return Console(file=sys.stderr, markup=False, highlight=False, width=_WIDTH, soft_wrap=True)


def report(text: str) -> None:
    """Write report text to stdout exactly as given."""
    sys.stdout.write(text)
    if text and not text.endswith("\n"):
        sys.stdout.write("\n")


def print_table(table: Table) -> None:
    """Render a rich table on stdout."""
    _stdout().print(table)


def diagnostic(message: str) -> None:
    """One diagnostic line on stderr (never markup-interpreted)."""
    _stderr().print(message)


def table_text(headers: list[str], rows: list[list[str]], title: str | None = None) -> str:
    """A rich table rendered to plain text (no colour), for reports that go to stdout or a file."""
    table = Table(title=title, show_lines=False)
    for header in headers:
        # Fold, never cut: SoC names in a header are what the reader looks for.
        table.add_column(header, overflow="fold")
    for row in rows:
        table.add_row(*row)
    capture = Console(file=io.StringIO(), markup=False, highlight=False, width=_WIDTH, color_system=None)
    capture.print(table)
    return capture.file.getvalue()


def new_table(*columns: str, title: str | None = None) -> Table:
    """A plain table with the given column headers."""
    table = Table(title=title, show_lines=False)
    for column in columns:
        table.add_column(column)
    return table


def progress_bar(description: str, total: int, unit: str = "files", console: Console | None = None, clock=None):
    """The bar of directory runs: count, rate in `unit`/s and time left; returns (rich Progress, advance)."""
    from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn, TimeElapsedColumn, TimeRemainingColumn

    bar = Progress(
        TextColumn("{task.description}"),
        BarColumn(bar_width=30),
        MofNCompleteColumn(),
        TextColumn("{task.fields[rate]}"),
        TimeElapsedColumn(),
        TextColumn("left"),
        TimeRemainingColumn(),
        console=console or _stderr(),
        transient=True,
        **({"get_time": clock} if clock is not None else {}),
    )
    task = bar.add_task(description, total=total, rate=f"- {unit}/s")

    def advance(n: int = 1) -> None:
        bar.advance(task, n)
        speed = bar.tasks[0].speed  # rich's moving estimate, the one its time-left column uses too
        bar.update(task, rate=f"{speed:.1f} {unit}/s" if speed else f"- {unit}/s")

    return bar, advance


def progress(total: int, description: str, enabled: bool, unit: str = "files"):
    """A progress bar on stderr (a context manager yielding an advance() callable); nothing when disabled, idle or
    when stderr is no terminal (rich would draw nothing there, yet its refresh thread takes CPU from the workers)."""
    from contextlib import contextmanager

    @contextmanager
    def _bar():
        if not enabled or total == 0 or not _stderr().is_terminal:
            yield lambda n=1: None
            return
        bar, advance = progress_bar(description, total, unit)
        with bar:
            yield advance

    return _bar()


def steps(total: int, describe):
    """Long steps one after another, each said on stderr as it happens: its start, then its result and how long it
    took (`describe(result)` -> (passed, detail)). A rich spinner line on a terminal, plain lines otherwise (a log, a
    CI job). A context manager yielding run(name, thunk) -> the thunk's result."""
    import time
    from contextlib import contextmanager

    @contextmanager
    def _steps():
        err = _stderr()
        done = [0]

        def run(name: str, thunk):
            done[0] += 1
            label = f"[{done[0]}/{total}] {name}"
            started = time.monotonic()
            if err.is_terminal:
                with err.status(f"{label} ...", spinner="dots"):
                    result = thunk()
            else:
                sys.stderr.write(f"{label} ...\n")
                sys.stderr.flush()
                result = thunk()
            passed, detail = describe(result)
            line = f"{label} {'pass' if passed else 'FAIL'} ({time.monotonic() - started:.1f} s): {detail}"
            if err.is_terminal:
                err.print(line, style="green" if passed else "bold red")
            else:
                sys.stderr.write(line + "\n")
                sys.stderr.flush()
            return result

        yield run

    return _steps()
