"""Compiler arguments for libclang: from a compile_commands.json entry, include directories and defines."""

from __future__ import annotations

import json
import shlex
from pathlib import Path

DEFAULT_ARGS = ("-x", "c++", "-std=c++17")
# Arguments that make sense to a build but not to a parse (they name outputs or the input itself).
_DROP_WITH_VALUE = frozenset({"-o", "-MF", "-MT", "-MQ"})
_DROP = frozenset({"-c", "-MD", "-MMD", "-MP"})


class CompileDatabaseError(ValueError):
    """The compile database cannot be read or has no usable entries."""


def load_entry(database: Path, source: Path) -> tuple[list[str], str] | None:
    """(arguments without compiler/input/output, working directory) of `source`, or None if it has no entry.

    `database` may also be the build directory that holds compile_commands.json (as clang's `-p` takes it).
    """
    if database.is_dir():
        database = database / "compile_commands.json"
    try:
        entries = json.loads(database.read_text(encoding="utf-8"))
    except (OSError, ValueError) as error:
        raise CompileDatabaseError(f"{database}: {error}") from error
    if not isinstance(entries, list):
        raise CompileDatabaseError(f"{database}: expected a JSON list of entries")
    wanted = source.resolve()
    for entry in entries:
        if not isinstance(entry, dict) or "file" not in entry:
            continue
        directory = Path(entry.get("directory", database.parent))
        if (directory / entry["file"]).resolve() != wanted:
            continue
        if "arguments" in entry:
            argv = [str(a) for a in entry["arguments"]]
        else:
            argv = shlex.split(str(entry.get("command", "")))
        return _parse_arguments(argv[1:], entry["file"], directory), str(directory)
    return None


def _parse_arguments(argv: list[str], file: str, directory: Path) -> list[str]:
    out: list[str] = []
    skip = False
    for arg in argv:
        if skip:
            skip = False
            continue
        if arg in _DROP_WITH_VALUE:
            skip = True
            continue
        if arg in _DROP or arg == file or (directory / arg).resolve() == (directory / file).resolve():
            continue
        out.append(arg)
    return out


def build_arguments(
    compile_args: list[str] | None, directory: str | None, include_dirs: tuple[str, ...], defines: tuple[str, ...]
) -> list[str]:
    """Defaults first (a database entry may override the standard), then the entry, then -I/-D given directly."""
    args = list(DEFAULT_ARGS)
    if directory:
        args.append(f"-working-directory={directory}")
    args.extend(compile_args or ())
    args.extend(f"-I{Path(d).resolve()}" for d in include_dirs)
    args.extend(f"-D{d}" for d in defines)
    return args
