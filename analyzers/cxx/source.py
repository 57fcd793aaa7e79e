"""Source bytes as the tree-sitter front end sees them: checks, and byte-preserving masks for macro idioms."""

from __future__ import annotations

import re
from dataclasses import dataclass

from op_migrate.analyzers.cxx.messages import MESSAGES
from op_migrate.analyzers.findings import Finding

MAX_SOURCE_BYTES = 8 * 1024 * 1024

# `OP_CHECK(cond, LOG(...), return nullptr)` puts a return statement where an expression must be.
# Rewriting the keyword to `(void)` (same length) turns the argument into a cast expression, so the
# macro parses as an ordinary call; the original bytes still give the text "return nullptr".
# A `return` right after `(` or `,` cannot be a statement in valid C++, so nothing else is touched.
_RETURN = re.compile(rb"\breturn\b")
_SPACE = b" \t\r\n"
VOID_CAST = b"(void)"
BARE_RETURN = b"RETURN"

# `#ifdef __cplusplus / extern "C" { / #endif` ... `#ifdef __cplusplus / } / #endif` splits one brace pair
# over two conditional blocks; tree-sitter then loses everything in between. Blanking both halves keeps
# the functions at file scope, which is where a C++ compiler puts them anyway.
_CPLUSPLUS_GUARD = re.compile(
    rb"^[ \t]*#[ \t]*(?:ifdef[ \t]+__cplusplus|if[ \t]+defined[ \t]*\(?[ \t]*__cplusplus[ \t]*\)?)[ \t]*$"
)
_GUARDED_HALF = re.compile(rb"^[ \t]*(?:extern[ \t]+\"C\"[ \t]*\{|\})[ \t]*(?://.*)?$")
_ENDIF = re.compile(rb"^[ \t]*#[ \t]*endif\b")

# `ACLNN_API aclnnStatus aclnnXxx(...)`: an export macro before the return type reads as a second type to
# tree-sitter, which then "repairs" the declaration. Blanking the macro (the headers define it as a visibility
# attribute) leaves the declaration a compiler sees. Only a macro at the start of a line (or after `extern "C"`),
# followed by a type.
_EXPORT_MACRO = re.compile(rb"^((?:extern[ \t]+\"C\"[ \t]+)?)(ACLNN_API|ACL_FUNC_VISIBILITY)(?=[ \t]+[A-Za-z_])", re.MULTILINE)


@dataclass(frozen=True)
class PreparedSource:
    """The original bytes (for every text in the model) and the masked bytes given to the parser."""

    original: bytes
    masked: bytes
    findings: tuple[Finding, ...]
    parse: bool  # False when the file is empty or too large

    def text(self, start: int, end: int) -> str:
        return self.original[start:end].decode("utf-8", "replace")


def line_of(data: bytes, offset: int) -> int:
    return data.count(b"\n", 0, offset) + 1


def prepare(data: bytes, path: str, max_bytes: int = MAX_SOURCE_BYTES) -> PreparedSource:
    """Check the bytes (size, emptiness, encoding) and mask the macro idioms that derail tree-sitter."""
    findings: list[Finding] = []
    if isinstance(data, str):  # callers holding text rather than file bytes
        data = data.encode("utf-8", "surrogateescape")
    if len(data) > max_bytes:
        findings.append(MESSAGES.make("cxx-too-large", path=path, line=1, size=len(data), limit=max_bytes))
        return PreparedSource(data, data, tuple(findings), parse=False)
    if not data.strip():
        findings.append(MESSAGES.make("cxx-empty-file", path=path, line=1))
        return PreparedSource(data, data, tuple(findings), parse=False)
    try:
        data.decode("utf-8")
    except UnicodeDecodeError as error:
        findings.append(
            MESSAGES.make("cxx-not-utf8", path=path, line=line_of(data, error.start), offset=error.start)
        )
    return PreparedSource(data, mask_macro_idioms(data), tuple(findings), parse=True)


def mask_macro_idioms(data: bytes) -> bytes:
    """Same length, same line breaks: only the idioms described above are rewritten."""
    masked = data
    if b"return" in masked:
        masked = _mask_returns_in_arguments(masked)
    if b"__cplusplus" in masked:
        masked = _blank_extern_c_guards(masked)
    if b"_API" in masked or b"ACL_FUNC_VISIBILITY" in masked:
        masked = _EXPORT_MACRO.sub(lambda match: match.group(1) + b" " * len(match.group(2)), masked)
    if b"operator[](" in masked:
        # `dims->operator[](i)` is not in tree-sitter-cpp's grammar; an ordinary method name of the same length
        # is. The model keeps the original text, so the callee still reads `dims->operator[]`.
        masked = masked.replace(b"->operator[](", b"->operatorAt(").replace(b".operator[](", b".operatorAt(")
    assert len(masked) == len(data)
    return masked


def _mask_returns_in_arguments(data: bytes) -> bytes:
    # A literal search plus a look at the neighbours is several times faster than a look-behind regex.
    pieces = []
    last = 0
    for match in _RETURN.finditer(data):
        start, end = match.span()
        index = _previous_token_end(data, start - 1)
        before = data[index:index + 1] if index >= 0 else b""
        if before not in (b"(", b","):
            continue
        after = data[end:end + 64].lstrip()[:1]
        pieces.append(data[last:start])
        pieces.append(BARE_RETURN if after in (b")", b",") else VOID_CAST)
        last = end
    if not pieces:
        return data
    pieces.append(data[last:])
    return b"".join(pieces)


def _previous_token_end(data: bytes, index: int) -> int:
    """Index of the last byte before `index` (inclusive) that is neither blank nor inside a comment."""
    for _ in range(16):  # a handful of stacked comments at most; the bound keeps pathological input linear
        while index >= 0 and data[index] in _SPACE:
            index -= 1
        if index >= 1 and data[index - 1:index + 1] == b"*/":
            opening = data.rfind(b"/*", 0, index - 1)
            if opening == -1:
                return index
            index = opening - 1
            continue
        line_start = data.rfind(b"\n", 0, index + 1) + 1
        comment = data.find(b"//", line_start, index + 1)
        while comment != -1 and data.count(b'"', line_start, comment) % 2:  # `//` inside a string literal
            comment = data.find(b"//", comment + 2, index + 1)
        if comment == -1:
            return index
        index = comment - 1
    return index


def _blank_extern_c_guards(data: bytes) -> bytes:
    """Blank the `extern "C" {` / `}` line between `#ifdef __cplusplus` and `#endif` (a few literal searches).

    Blank lines may sit around the guarded line (`}` then an empty line then `#endif` is common in ops-math).
    """
    out = bytearray(data)
    position = data.find(b"__cplusplus")
    while position != -1:
        line_start = data.rfind(b"\n", 0, position) + 1
        first_end = _line_end(data, position)
        if _CPLUSPLUS_GUARD.match(data[line_start:first_end].rstrip(b"\r")):
            half_start, half_end = _next_nonblank_line(data, first_end + 1)
            guarded = data[half_start:half_end].rstrip(b"\r")
            endif_start, endif_end = _next_nonblank_line(data, half_end + 1)
            if _GUARDED_HALF.match(guarded) and _ENDIF.match(data[endif_start:endif_end]):
                out[half_start:half_start + len(guarded)] = b" " * len(guarded)
        position = data.find(b"__cplusplus", first_end)
    return bytes(out)


def _next_nonblank_line(data: bytes, start: int) -> tuple[int, int]:
    """(start, end) of the first line at or after `start` holding more than whitespace; past the end if none."""
    while start < len(data):
        end = _line_end(data, start)
        if data[start:end].strip():
            return start, end
        start = end + 1
    return len(data), len(data)


def _line_end(data: bytes, start: int) -> int:
    end = data.find(b"\n", start)
    return len(data) if end == -1 else end
