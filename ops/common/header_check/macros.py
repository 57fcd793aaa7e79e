"""The macros a set of headers defines (g++ -E -dD, by the file that defines them), without include guards."""

from __future__ import annotations

import os
import re
import subprocess
from pathlib import Path

_LINE_MARKER = re.compile(r'^# \d+ "([^"]+)"')
_DEFINE = re.compile(r"^#define (\w+)(\([^)]*\))?(?: (.*))?$")
_UNDEF = re.compile(r"^#undef (\w+)")
_GUARD = re.compile(r"(_H|_HPP|_INC|_H_|_HPP_|_H__|_IMPL_H_?)$")


def is_reserved(name: str) -> bool:
    """Names the language reserves for the implementation: a kernel never declares one, so it cannot collide."""
    return name.startswith("__") or re.match(r"_[A-Z]", name) is not None


def is_guard(name: str, value: str | None) -> bool:
    return not value and (_GUARD.search(name) is not None or name.startswith("__UNDEF"))


def integer_value(value: str) -> int | None:
    """The value of an object-like macro that is an integer literal (DT_FLOAT16 1, FORMAT_MAX 0xff), else None."""
    match = re.fullmatch(r"\(?\s*(-?(?:0[xX][0-9a-fA-F]+|\d+))[uUlL]*\s*\)?", value.strip())
    return int(match.group(1), 0) if match else None


def defined_macros(source: Path, flags: list[str], roots: tuple[Path, ...],
                   compiler: str = "g++") -> dict[str, tuple[int | None, int | None]]:
    """name -> (parameter count or None for an object-like macro, integer value or None) of every macro alive at
    the end of `source` that a file under `roots` defines; include guards are left out, and so are bodies."""
    command = [compiler, "-E", "-dD", *[f for f in flags if f not in ("-fsyntax-only",)], str(source)]
    done = subprocess.run(command, capture_output=True, text=True, check=False, env={**os.environ, "LC_ALL": "C"})
    if done.returncode != 0:
        raise RuntimeError(f"preprocessing {source} failed: {done.stderr.strip().splitlines()[-1:]}")
    current = ""
    macros: dict[str, tuple[int | None, int | None]] = {}
    prefixes = tuple(str(r) + "/" for r in roots)
    for line in done.stdout.splitlines():
        if (marker := _LINE_MARKER.match(line)) is not None:
            current = marker.group(1)
            continue
        if (undef := _UNDEF.match(line)) is not None:
            macros.pop(undef.group(1), None)
            continue
        define = _DEFINE.match(line)
        if define is None:
            continue
        name, params, value = define.group(1), define.group(2), (define.group(3) or "").strip()
        if not current.startswith(prefixes) or (params is None and is_guard(name, value)):
            macros.pop(name, None)  # a system header redefining it: not the API's
            continue
        if params is None:
            macros[name] = (None, integer_value(value))
        else:
            inner = params[1:-1].strip()
            macros[name] = (0 if not inner else len(inner.split(",")), None)
    return macros
