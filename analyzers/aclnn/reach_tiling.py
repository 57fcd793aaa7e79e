"""Which files may name the tiling library's `namespace optiling`: the reach index keeps its definitions apart.

CANN operators put their tiling (op_host `*_tiling*.cpp`, registered with IMPL_OP_OPTILING) in `namespace optiling`,
built into the tiling library, not the op_api one. Its names (`GetTiling`, `CheckParams`, `ToString`, `operator=`)
are the names of op_api helpers too: joined by name alone, nearly every route of hicann/ops-nn reached a launch through
tiling code. C++ finds a name of a namespace only from code inside it, qualified by it, under a using-directive or a
namespace alias, or by argument-dependent lookup on one of its types: each needs the word `optiling` in the file or in
a header it includes. So a file sees the namespace when it, or a header it includes (transitively, matched by the
included path's tail: every file whose path ends with it, more headers than the compiler would read), has the word
outside comments and literals; in the other files a
name does not reach the namespace's definitions. A virtual call through a base class declared elsewhere would: the
tiling library's registry makes tiling objects, op_api code does not.

Narrower still, by name: a translation unit can call `optiling::X` only when a declaration of X is in it, that is in
the file or a header it includes. So a file sees, of the namespace, the names written inside `namespace optiling { }`
blocks, after `optiling::`, and in directives naming it, in itself and the headers it includes (every identifier of
those places: a superset of what they declare). A repository that keeps its tiling sources beside its aclnn ones
(hicann/cann-ops' op_host) makes every aclnn file reach some header with the word, and without this every name of
every tiling source was taken as callable from it.
"""

from __future__ import annotations

import os
import re
from collections.abc import Sequence

from op_migrate.analyzers.aclnn.reach_lex import IDENT_BYTES, included_paths, mask

NAMESPACE = "optiling"
PREFIX = b"optiling::"
_WORD = re.compile(rb"\boptiling\b")
# A macro body naming it (blanked by mask() with the other preprocessor lines) names it wherever the macro is used.
_DIRECTIVE = re.compile(rb"^[ \t]*#[^\n]*\boptiling\b", re.M)
_BLOCK = re.compile(rb"\bnamespace\s+(?:[\w:]*::\s*)?optiling\b[\w:\s]*\{")
_QUALIFIED = re.compile(rb"\boptiling\s*::\s*((?:\w+\s*::\s*)*\w+)")
_ALIAS = re.compile(rb"\bnamespace\s+\w+\s*=[^;]*\boptiling\b")
_BRACES = re.compile(rb"[{}]")


class TilingSight:
    """Answers, per file of the universe (or any path), whether it may name `namespace optiling`, and which of its
    names."""

    def __init__(self, paths: Sequence[str]) -> None:
        self._paths = paths
        self._by_name: dict[str, list[str]] | None = None
        self._tails: dict[str, list[str]] = {}
        self._scanned: dict[str, tuple[frozenset[bytes], tuple[str, ...]]] = {}
        # Per path, the name sets of the files it reaches that declare any (shared with _scanned, not copied: a union
        # per file of ops-nn's universe cost ~60 MB).
        self._names: dict[str, tuple[frozenset[bytes], ...]] = {}

    def sees(self, path: str, data: bytes | None = None) -> bool:
        return bool(self.names(path, data))

    def sees_name(self, path: str, name: bytes) -> bool:
        """Whether code in `path` may call `optiling::name`: its own text or a header it includes declares it."""
        return any(name in names for names in self.names(path))

    def names(self, path: str, data: bytes | None = None, masked: bytes | None = None) -> tuple[frozenset[bytes], ...]:
        """The sets of names of `namespace optiling` that `path` and the headers it includes declare (`data`, and
        `masked` = mask(data)[0], when the caller has read it)."""
        if path not in self._names:
            self._names[path] = self._search(path, data, masked)
        return self._names[path]

    def _search(self, path: str, data: bytes | None, masked: bytes | None) -> tuple[frozenset[bytes], ...]:
        found: list[frozenset[bytes]] = []
        pending, seen = [path], {path}
        while pending:
            current = pending.pop()
            names, included = self._scan(current, *((data, masked) if current == path else (None, None)))
            if names:
                found.append(names)
            for name in included:
                for header in self._named(name):
                    if header not in seen:
                        seen.add(header)
                        pending.append(header)
        return tuple(found)

    def _scan(self, path: str, data: bytes | None,
              masked: bytes | None = None) -> tuple[frozenset[bytes], tuple[str, ...]]:
        if path not in self._scanned:
            if data is None:
                try:
                    with open(path, "rb") as handle:
                        data = handle.read()
                except OSError:
                    data = b""  # unreadable: the reach index reports it; it names nothing
            self._scanned[path] = (_declared(data, masked) if b"optiling" in data else frozenset(),
                                   included_paths(data))
        return self._scanned[path]

    def _named(self, included: str) -> list[str]:
        """The files of the universe an `#include` of `included` may read: their paths end with it (remembered per
        include text: every source of a folder names the same headers)."""
        found = self._tails.get(included)
        if found is None:
            if self._by_name is None:
                self._by_name = {}
                for path in self._paths:
                    self._by_name.setdefault(os.path.basename(path), []).append(path)
            tail = "/" + included
            found = self._tails[included] = [path for path in self._by_name.get(os.path.basename(included), [])
                                              if path.replace(os.sep, "/").endswith(tail)]
        return found


def _declared(data: bytes, masked: bytes | None = None) -> frozenset[bytes]:
    """The names a file may declare in `namespace optiling`: every identifier of its `namespace optiling { }` blocks,
    of what follows `optiling::`, and of the directives naming the namespace; an alias of it: every identifier.
    `masked` is mask(data)[0] when the caller has it."""
    masked = mask(data)[0] if masked is None else masked
    if _ALIAS.search(masked):
        return frozenset(masked.translate(IDENT_BYTES).split())
    found: set[bytes] = set()
    for block in _BLOCK.finditer(masked):
        found.update(masked[block.end():_block_end(masked, block.end() - 1)].translate(IDENT_BYTES).split())
    for qualified in _QUALIFIED.finditer(masked):
        found.update(qualified.group(1).translate(IDENT_BYTES).split())
    for directive in _DIRECTIVE.finditer(data.replace(b"\\\n", b" ")):
        found.update(directive.group().translate(IDENT_BYTES).split())
    found.discard(b"optiling")
    return frozenset(found) | ({b"optiling"} if _WORD.search(masked) or _DIRECTIVE.search(data) else frozenset())


def _block_end(text: bytes, opening: int) -> int:
    """The index of the `}` that closes the `{` at `opening` (the end of the text when none does)."""
    depth = 0
    for brace in _BRACES.finditer(text, opening):
        depth += 1 if text[brace.start()] == 123 else -1
        if depth == 0:
            return brace.start()
    return len(text)
