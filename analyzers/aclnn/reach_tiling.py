"""Which files may name the tiling library's `namespace optiling`: the reach index keeps its definitions apart.

CANN operators put their tiling (op_host `*_tiling*.cpp`, registered with IMPL_OP_OPTILING) in `namespace optiling`,
built into the tiling library, not the op_api one. Its names (`GetTiling`, `CheckParams`, `ToString`, `operator=`)
are the names of op_api helpers too: joined by name alone, nearly every route of hicann/ops-nn reached a launch through
tiling code. C++ finds a name of a namespace only from code inside it, qualified by it, under a using-directive or a
namespace alias, or by argument-dependent lookup on one of its types: each needs the word `optiling` in the file or in
a header it includes. So a file sees the namespace when it, or a header it includes (transitively, matched by file
name: more headers than the compiler would read), has the word outside comments and literals; in the other files a
name does not reach the namespace's definitions. A virtual call through a base class declared elsewhere would: the
tiling library's registry makes tiling objects, op_api code does not.
"""

from __future__ import annotations

import os
import re
from collections.abc import Sequence

from op_migrate.analyzers.aclnn.reach_lex import included_names, mask

NAMESPACE = "optiling"
PREFIX = b"optiling::"
_WORD = re.compile(rb"\boptiling\b")
# A macro body naming it (blanked by mask() with the other preprocessor lines) names it wherever the macro is used.
_DIRECTIVE = re.compile(rb"^[ \t]*#[^\n]*\boptiling\b", re.M)


class TilingSight:
    """Answers, per file of the universe (or any path), whether it may name `namespace optiling`."""

    def __init__(self, paths: Sequence[str]) -> None:
        self._paths = paths
        self._by_name: dict[str, list[str]] | None = None
        self._scanned: dict[str, tuple[bool, tuple[str, ...]]] = {}
        self._sees: dict[str, bool] = {}

    def sees(self, path: str, data: bytes | None = None) -> bool:
        if path not in self._sees:
            self._sees[path] = self._search(path, data)
        return self._sees[path]

    def _search(self, path: str, data: bytes | None) -> bool:
        pending, seen = [path], {path}
        while pending:
            current = pending.pop()
            mentions, included = self._scan(current, data if current == path else None)
            if mentions:
                return True
            for name in included:
                for header in self._named(name):
                    if header not in seen:
                        seen.add(header)
                        pending.append(header)
        return False

    def _scan(self, path: str, data: bytes | None) -> tuple[bool, tuple[str, ...]]:
        if path not in self._scanned:
            if data is None:
                try:
                    with open(path, "rb") as handle:
                        data = handle.read()
                except OSError:
                    data = b""  # unreadable: the reach index reports it; it names nothing
            mentions = b"optiling" in data and (_WORD.search(mask(data)[0]) is not None or
                                                _DIRECTIVE.search(data.replace(b"\\\n", b" ")) is not None)
            included = included_names(data)
            self._scanned[path] = (mentions, included)
        return self._scanned[path]

    def _named(self, name: str) -> list[str]:
        if self._by_name is None:
            self._by_name = {}
            for path in self._paths:
                self._by_name.setdefault(os.path.basename(path), []).append(path)
        return self._by_name.get(name, [])
