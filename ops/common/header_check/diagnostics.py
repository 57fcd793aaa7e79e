"""Reads g++'s plain-text diagnostics into errors that say whose they are: ops/ sources, a header, a missing include."""

from __future__ import annotations

import re
from dataclasses import dataclass
from pathlib import Path

_LOCATION = r"(?P<file>[^:\n]+):(?P<line>\d+)(?::(?P<col>\d+))?"
_ERROR = re.compile(rf"^{_LOCATION}: (?:fatal )?error: (?P<msg>.*)$")
_REQUIRED = re.compile(rf"^{_LOCATION}:\s+required (?:from|by) (?P<what>.*)$")
_INCLUDED = re.compile(rf"^(?:In file included|\s+) from {_LOCATION}[,:]$")
_NEW_CONTEXT = re.compile(r": (In instantiation of|In function|In member function|In constructor|In lambda|At global scope)")
_MISSING = re.compile(r"^(?P<header>.+): No such file or directory$")


@dataclass(frozen=True)
class CompileError:
    file: Path
    line: int
    message: str
    ops_site: tuple[Path, int] | None  # the ops/ location it belongs to (its own, or where it was instantiated)
    included_by: tuple[Path, int] | None  # for a missing header: the file and line that includes it

    @property
    def missing_header(self) -> str | None:
        match = _MISSING.match(self.message)
        return match.group("header") if match else None


def _within(path: Path, root: Path) -> bool:
    try:
        path.resolve().relative_to(root.resolve())
        return True
    except ValueError:
        return False


def parse(stderr: str, ops_root: Path, cwd: Path) -> list[CompileError]:
    """Every error with the ops/ location that caused it, read through g++'s context lines.

    g++ prints an instantiation context ("In instantiation of ...", "required from here") once before the errors it
    applies to and does not repeat it for the next error in the same context, so a context lasts until the next one.
    """
    errors: list[CompileError] = []
    required: list[tuple[Path, int]] = []
    for raw in stderr.splitlines():
        line = raw.rstrip()
        if _NEW_CONTEXT.search(line) or _INCLUDED.match(line):
            required = []
            continue
        if (m := _REQUIRED.match(line)) is not None:
            required.append((cwd / m.group("file"), int(m.group("line"))))
            continue
        if (m := _ERROR.match(line)) is not None:
            path, number = cwd / m.group("file"), int(m.group("line"))
            site = (path, number) if _within(path, ops_root) else next(
                ((p, n) for p, n in reversed(required) if _within(p, ops_root)), None)
            errors.append(CompileError(path, number, m.group("msg"), site, (path, number)))
    return errors
