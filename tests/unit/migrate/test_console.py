"""The directory-run progress bar shows the count, the rate in files/s and the time left."""

from __future__ import annotations

import io

from rich.console import Console

from op_migrate.migrate.console import progress_bar


def test_progress_line_has_count_rate_and_time_left() -> None:
    ticks = iter(float(t) for t in range(0, 100))
    stream = io.StringIO()
    console = Console(file=stream, width=120, force_terminal=True, color_system=None)
    bar, advance = progress_bar("analysing", 10, console=console, clock=lambda: next(ticks))
    for _ in range(4):
        advance()
    (row,) = [line for line in _rendered(bar, console).splitlines() if line.strip()]
    assert row.startswith("analysing ")
    assert " 4/10 " in row and " files/s " in row and " left " in row
    rate = float(row.split(" files/s")[0].split()[-1])
    assert 0.5 <= rate <= 2.0  # four files over the ticks of a one-second clock


def _rendered(bar, console: Console) -> str:
    with console.capture() as capture:
        console.print(bar.make_tasks_table(bar.tasks))
    return capture.get()
