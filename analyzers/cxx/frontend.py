"""The one entry point for reading C++: tree-sitter by default, libclang when include paths or a database are given."""

from __future__ import annotations

from pathlib import Path

from op_migrate.analyzers.cxx.messages import MESSAGES
from op_migrate.analyzers.cxx.model import CxxUnit
from op_migrate.analyzers.cxx.source import MAX_SOURCE_BYTES
from op_migrate.analyzers.cxx.ts_unit import parse_source

__all__ = ["parse_file", "parse_source"]


def parse_file(
    path: str | Path,
    *,
    compile_commands: str | Path | None = None,
    include_dirs: tuple[str | Path, ...] = (),
    defines: tuple[str, ...] = (),
    max_bytes: int = MAX_SOURCE_BYTES,
) -> CxxUnit:
    """Read and parse one file. Precise mode (libclang) when `compile_commands` or `include_dirs` is given."""
    name = str(path)
    try:
        data = Path(path).read_bytes()
    except OSError as error:
        finding = MESSAGES.make("cxx-unreadable", path=name, line=None, reason=error.strerror or str(error))
        return CxxUnit(path=name, frontend="tree-sitter", functions=(), findings=(finding,))
    if compile_commands is None and not include_dirs:
        return parse_source(data, name, max_bytes=max_bytes)
    from op_migrate.analyzers.cxx.clang_unit import parse_with_clang  # imported lazily: loading libclang costs ~50 ms

    return parse_with_clang(
        data,
        name,
        compile_commands=Path(compile_commands) if compile_commands is not None else None,
        include_dirs=tuple(str(d) for d in include_dirs),
        defines=defines,
        max_bytes=max_bytes,
    )
