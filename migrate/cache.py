"""Where the analysis cache lives (the user's cache folder, never the checkout being analysed) and its writes, held
back until the run has succeeded: a run that exits 2 writes nothing, the cache included."""

from __future__ import annotations

import os
import sys
import tempfile
from collections.abc import Callable
from pathlib import Path

APP = "op-migrate"

_pending: list[Callable[[], None]] = []


def default_dir(environ: dict | None = None, platform: str | None = None) -> Path:
    """The user cache folder of op-migrate: $XDG_CACHE_HOME/op-migrate, else ~/.cache/op-migrate (the XDG base
    directory rules; an XDG_CACHE_HOME that is not absolute is ignored, as they say); on macOS
    ~/Library/Caches/op-migrate and on Windows %LOCALAPPDATA%\\op-migrate\\Cache."""
    environ = os.environ if environ is None else environ
    platform = platform or sys.platform
    home = Path(environ.get("HOME") or Path.home())
    if platform == "win32":
        base = environ.get("LOCALAPPDATA")
        return (Path(base) if base else home / "AppData" / "Local") / APP / "Cache"
    if platform == "darwin":
        return home / "Library" / "Caches" / APP
    xdg = environ.get("XDG_CACHE_HOME", "")
    return (Path(xdg) if xdg and os.path.isabs(xdg) else home / ".cache") / APP


def defer_write(path: Path, data: bytes) -> None:
    """Hold a cache write until commit() (called once the report is out and the run did not exit 2)."""
    _pending.append(lambda: _write_now(path, data))


def _write_now(path: Path, data: bytes) -> None:
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
        # Write then rename so that concurrent runs never read half a file.
        handle, temp = tempfile.mkstemp(dir=path.parent, suffix=".tmp")
        with os.fdopen(handle, "wb") as stream:
            stream.write(data)
        os.replace(temp, path)
    except OSError:
        pass  # a read-only cache directory only costs speed


def commit() -> None:
    """Carry out the held writes."""
    writes = list(_pending)
    _pending.clear()
    for write in writes:
        write()


def discard() -> None:
    """Forget the held writes: the run exits 2 or failed."""
    _pending.clear()
