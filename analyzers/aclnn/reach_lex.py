"""Lexing for the reach index: blanking comments, literals and directives; the names and launches a text holds."""

from __future__ import annotations

import os
import re
from dataclasses import dataclass

from op_migrate.analyzers.route.macros import LAUNCH_MACROS

# Comments, string and character literals: blanked so their braces and names do not count.
LEXEMES = re.compile(rb'//[^\n]*|/\*.*?(?:\*/|\Z)|"(?:\\.|[^"\\\n])*"|\'(?:\\.|[^\'\\\n])*\'', re.S)
# A preprocessor directive with its continuation lines.
_DIRECTIVE = re.compile(rb"^[ \t]*#[ \t]*(\w*)(?:[^\n]*\\\r?\n)*[^\n]*", re.M)
_DEFINE = re.compile(rb"#[ \t]*define[ \t]+([A-Za-z_]\w*)")
_L0_NAME = re.compile(rb"\bl0op\s*::\s*([A-Za-z_]\w*)")
_LAUNCH = re.compile(rb"\b(" + b"|".join(name.encode() for name in LAUNCH_MACROS) + rb")\s*\(\s*([A-Za-z_]\w*)?")
_GENERATED = re.compile(rb"\b(aclnnInner\w*GetWorkspaceSize)\b")
_INCLUDED = re.compile(rb'#\s*include\s*["<]([^">\n]+)[">]')
_FREE_CALL = re.compile(rb"(\.|->|::)?\s*\b([A-Za-z_]\w*)\s*\(")
# Words before `(` that are not calls.
NOT_NAMES = frozenset({b"if", b"for", b"while", b"switch", b"catch", b"sizeof", b"decltype", b"alignas", b"return",
                       b"throw", b"noexcept", b"static_assert", b"__attribute__", b"__declspec", b"defined",
                       b"requires", b"alignof", b"typeid", b"new", b"delete"})
# Words no definition is named after; dropped from a body's names to keep the index small.
KEYWORDS = frozenset(b"""alignas alignof auto bool break case catch char class const constexpr const_cast continue
    decltype default delete do double dynamic_cast else enum explicit extern false float for friend goto if inline int
    long mutable namespace new noexcept nullptr operator private protected public register reinterpret_cast return
    short signed sizeof static static_assert static_cast struct switch template this throw true try typedef typeid
    typename union unsigned using virtual void volatile while int8_t int16_t int32_t int64_t uint8_t uint16_t
    uint32_t uint64_t size_t std op l0op const_iterator iterator string vector map""".split()) | {b""}
IDENT_BYTES = bytes(c if (48 <= c <= 57 or 65 <= c <= 90 or 97 <= c <= 122 or c == 95) else 32 for c in range(256))
_IDENT_OR_SCOPE = IDENT_BYTES[:1] + b"\x01" + IDENT_BYTES[2:]
BLANK = bytes(10 if c == 10 else 32 for c in range(256))


@dataclass(frozen=True)
class Site:
    """A launch written in a body: kind "AI_CORE"|"AI_CPU"|"DSA"|"l0op"|"generated", its name, its line."""

    kind: str
    name: str
    line: int


def mask(data: bytes) -> tuple[bytes, list[tuple[bytes, int, int]]]:
    """Blank comments, literals and directives; return the masked bytes and each `#define` (name, start, end)."""
    masked = LEXEMES.sub(lambda m: m.group().translate(BLANK), data) if (b"/" in data or b'"' in data
                                                                            or b"'" in data) else data
    defines: list[tuple[bytes, int, int]] = []
    if b"#" not in masked:
        return masked, defines
    pieces = []
    last = 0
    for match in _DIRECTIVE.finditer(masked):
        if match.group(1) == b"define":
            name = _DEFINE.match(match.group().lstrip())
            if name is not None:
                defines.append((name.group(1), match.start(), match.end()))
        pieces.append(masked[last:match.start()])
        pieces.append(match.group().translate(BLANK))
        last = match.end()
    pieces.append(masked[last:])
    return b"".join(pieces), defines


def identifiers(text: bytes) -> frozenset[bytes]:
    """The names `text` uses, identifiers in `X::` qualifier position left out (`a::b::c` lexes as one word whose
    last part is kept; `std::x` as none)."""
    if b"::" not in text:
        return frozenset(text.translate(IDENT_BYTES).split()) - KEYWORDS
    words = set(text.replace(b"::", b"\x01").translate(_IDENT_OR_SCOPE).split())
    # A name the standard library's namespace qualifies (`std::to_string`) is none of the repositories': a program may
    # not declare functions in `std` ([namespace.std]); only specialisations, which no written name calls.
    return frozenset(word.rpartition(b"\x01")[2] for word in words
                     if not word.lstrip(b"\x01").startswith(b"std\x01")) - KEYWORDS


def sites_in_text(text: bytes, line: int) -> tuple[Site, ...]:
    """The launches written in `text`, which starts on `line`: launcher macros, `l0op::` names, aclnnInner calls."""
    found: list[tuple[int, Site]] = []
    if b"Launch" in text or b"LAUNCH" in text:
        for match in _LAUNCH.finditer(text):
            name = (match.group(2) or match.group(1)).decode("ascii")
            found.append((match.start(), Site(LAUNCH_MACROS[match.group(1).decode("ascii")], name, 0)))
    if b"l0op" in text:
        for match in _L0_NAME.finditer(text):
            found.append((match.start(), Site("l0op", "l0op::" + match.group(1).decode("ascii"), 0)))
    if b"aclnnInner" in text:
        for match in _GENERATED.finditer(text):
            found.append((match.start(), Site("generated", match.group(1).decode("ascii"), 0)))
    found.sort(key=lambda item: item[0])
    return tuple(Site(site.kind, site.name, line + text.count(b"\n", 0, offset)) for offset, site in found)


def free_calls(text: bytes) -> frozenset[str]:
    """The names of the unqualified, non-member `Name(` calls in `text`."""
    names = {name for before, name in _FREE_CALL.findall(text) if not before} - NOT_NAMES - KEYWORDS
    return frozenset(name.decode("ascii") for name in names)


def free_call_lines(text: bytes, line: int, names) -> list[tuple[str, int]]:
    """(name, line) of every unqualified `Name(` call of one of `names` in `text`, which starts on `line`."""
    return [(match.group(2).decode("ascii"), line + text.count(b"\n", 0, match.start(2)))
            for match in _FREE_CALL.finditer(text)
            if match.group(1) is None and match.group(2).decode("ascii", "replace") in names]


def define_body(directive: bytes, name: bytes) -> bytes:
    """The body of `#define NAME(params) body`, line breaks kept (continuations become plain line breaks)."""
    index = directive.find(name) + len(name)
    if directive[index:index + 1] == b"(":
        close = directive.find(b")", index)
        index = close + 1 if close >= 0 else len(directive)
    return directive[index:].replace(b"\\\n", b" \n")


def included_names(data: bytes) -> tuple[str, ...]:
    """The file names (without folders) a file's `#include` lines name, quoted or angled."""
    return tuple(os.path.basename(m.decode("utf-8", "replace")) for m in _INCLUDED.findall(data))


def included_paths(data: bytes) -> tuple[str, ...]:
    """What a file's `#include` lines name, without leading `./` and `../` parts: every file the compiler may read
    for one of them has a path ending with it (`platform/platform_info.h`)."""
    found = []
    for match in _INCLUDED.findall(data):
        parts = [part for part in match.decode("utf-8", "replace").replace("\\", "/").split("/") if part]
        while parts and parts[0] in (".", ".."):
            parts.pop(0)
        if parts:
            found.append("/".join(parts))
    return tuple(found)
