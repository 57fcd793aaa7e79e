"""What a command hands back before it exits: report text, side files (charts), and the exit code."""

from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path

from op_migrate.migrate import cache, console


@dataclass(frozen=True)
class Rendered:
    """A rendered report; `files` are written next to `-o PATH` (charts, SARIF companions)."""

    text: str
    exit_code: int
    files: tuple[tuple[str, bytes], ...] = field(default=())
    diagnostics: tuple[str, ...] = field(default=())  # lines for stderr (route outcomes), printed after the report


def emit(rendered: Rendered, output: Path | None, mkdir: bool = False) -> int:
    """Write the report to stdout or to `output` (plus side files beside it); return the exit code.

    The folder of `output` was checked up front (migrate/validate.py); it is created only with --mkdir.
    """
    if output is None:
        console.report(rendered.text)
        for line in rendered.diagnostics:
            console.diagnostic(line)
        return _settled(rendered.exit_code)
    if mkdir:
        output.parent.mkdir(parents=True, exist_ok=True)
    output.write_text(rendered.text if rendered.text.endswith("\n") else rendered.text + "\n", encoding="utf-8")
    for name, data in rendered.files:
        (output.parent / name).write_bytes(data)
    for line in rendered.diagnostics:
        console.diagnostic(line)
    console.diagnostic(f"wrote {output}" + (f" and {len(rendered.files)} side file(s)" if rendered.files else ""))
    return _settled(rendered.exit_code)


def _settled(code: int) -> int:
    """The report is out: the cache writes held back during the run are carried out now. A run refused with exit 2
    (a usage error, an unwritable -o) never gets here: migrate/errors.py discards them."""
    cache.commit()
    return code
