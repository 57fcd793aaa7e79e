"""`#define`s of a C/C++ file as data: MacroDef records with their `#if` conditions, `#undef`s, and findings."""

from __future__ import annotations

import re
from dataclasses import dataclass

from op_migrate.analyzers.cxx.macro_lex import IDENT, PUNCT, WHITE, compile_body, lex, spell
from op_migrate.analyzers.cxx.messages import MESSAGES
from op_migrate.analyzers.cxx.source import MAX_SOURCE_BYTES
from op_migrate.analyzers.cxx.ts_expressions import collapse
from op_migrate.analyzers.findings import Finding
from op_migrate.analyzers.model import JsonModel

MAX_FINDINGS = 50
_BACKSLASH_AT_END = "a backslash continues the last line past the end of the file"
_PIECE = re.compile(r'\\[ \t]*\r?\n|\n|//|/\*|(?<![\w$])(?:u8|[uUL])?R"|"|\'')
_LINE_COMMENT = re.compile(r"(?:\\[ \t]*\r?\n|[^\n\\]|\\(?![ \t]*\r?\n))*")
_STRING_END = {'"': re.compile(r'(?:[^"\\\n]|\\.|\\\n)*"', re.S), "'": re.compile(r"(?:[^'\\\n]|\\.|\\\n)*'", re.S)}
_RAW = re.compile(r'([^()\\\s"]{0,16})\(')
_DIRECTIVE = re.compile(r"[ \t\f\v\r]*#[ \t\f\v\r]*([A-Za-z_]\w*)?(.*)", re.S)
_CONDITIONALS = ("if", "ifdef", "ifndef")
_ALTERNATIVES = ("elif", "elifdef", "elifndef")
# Names a #define may not take: `defined`, the variadic identifiers, and C++'s alternative operator spellings.
_RESERVED = frozenset({"defined", "__VA_ARGS__", "__VA_OPT__", "and", "and_eq", "bitand", "bitor", "compl", "not",
                       "not_eq", "or", "or_eq", "xor", "xor_eq"})


@dataclass(frozen=True)
class MacroDef(JsonModel):
    """One `#define`: params None for an object-like macro; a variadic macro's last param is its variadic one
    (`__VA_ARGS__` for `...`, `args` for GNU `args...`); body with comments removed and white space runs as one
    space; preproc as Function.preproc; origin says how a lookup found it ("" when scanned directly)."""

    name: str
    params: tuple[str, ...] | None
    variadic: bool
    body: str
    path: str
    line: int
    preproc: tuple[str, ...] = ()
    origin: str = ""  # "unit" | "include" | "by-name" | "framework"

    @property
    def function_like(self) -> bool:
        return self.params is not None

    @property
    def by_name_only(self) -> bool:
        """Found by its name somewhere in the roots, not through the including file's headers."""
        return self.origin == "by-name"

    @property
    def signature(self) -> str:
        if self.params is None:
            return self.name
        shown = list(self.params)
        if self.variadic:
            shown[-1] = "..." if shown[-1] == "__VA_ARGS__" else shown[-1] + "..."
        return f"{self.name}({', '.join(shown)})"


@dataclass(frozen=True)
class MacroUndef(JsonModel):
    """One `#undef NAME`."""

    name: str
    path: str
    line: int
    preproc: tuple[str, ...] = ()


@dataclass(frozen=True)
class MacroScan(JsonModel):
    """Everything scan_macros read from one file."""

    path: str
    defines: tuple[MacroDef, ...]
    undefs: tuple[MacroUndef, ...] = ()
    findings: tuple[Finding, ...] = ()
    guards: tuple[str, ...] = ()  # include-guard names (`#ifndef X` then `#define X`): not conditions, not macros


def scan_defines(data: bytes, path: str) -> list[MacroDef]:
    """Every well-formed `#define` of a file, in order (scan_macros gives the undefs and findings too)."""
    return list(scan_macros(data, path).defines)


def scan_macros(data: bytes, path: str) -> MacroScan:
    """The `#define`s and `#undef`s of C/C++ bytes; never raises: what cannot be read is a finding."""
    if isinstance(data, str):
        data = data.encode("utf-8", "surrogateescape")
    if len(data) > MAX_SOURCE_BYTES:
        return MacroScan(path, (), (), (MESSAGES.make("cxx-too-large", path=path, line=1, size=len(data),
                                                      limit=MAX_SOURCE_BYTES),))
    scanner = _Scanner(path)
    try:
        text = data.decode("utf-8")
    except UnicodeDecodeError as error:
        scanner.report("cxx-not-utf8", 1, offset=error.start)
        text = data.decode("utf-8", "replace")
    lines = _logical_lines(text)
    for index, (line, content, problem) in enumerate(lines):
        scanner.directive(line, content, problem, lines, index)
    scanner.finish(len(text.splitlines()) or 1)
    return MacroScan(path, tuple(scanner.defines), tuple(scanner.undefs), tuple(scanner.findings),
                     tuple(scanner.guards))


def split_macro_args(text: str) -> list[str] | None:
    """The argument texts of an invocation `NAME(...)` (or `(...)`) split as the preprocessor splits them: only
    parentheses nest; commas in braces or brackets split; commas in literals do not. `NAME()` gives []. None when
    the text holds no complete parenthesised list."""
    tokens = lex(text)
    start = 1 if tokens and tokens[0].kind == IDENT else 0
    if len(tokens) <= start or tokens[start].text != "(":
        return None
    args: list[list] = [[]]
    depth = 0
    for token in tokens[start + 1:]:
        if token.kind == PUNCT and token.text == ")" and depth == 0:
            return [] if args == [[]] else [spell(arg) for arg in args]
        if token.kind == PUNCT and token.text == "," and depth == 0:
            args.append([])
            continue
        if token.kind == PUNCT and token.text in "()":
            depth += 1 if token.text == "(" else -1
        args[-1].append(token.with_flags(token.flags if args[-1] else token.flags & ~WHITE))
    return None


def _logical_lines(text: str) -> list[tuple[int, str, str | None]]:
    """(first physical line, text, problem) per logical line: splices joined, each comment one space. `problem`
    names what ran into the end of the file (a backslash, a comment) on the line it happened."""
    lines: list[tuple[int, str, str | None]] = []
    parts: list[str] = []
    start = line = 1
    pos = 0
    problem = None
    while True:
        match = _PIECE.search(text, pos)
        if match is None:
            tail = text[pos:]
            if tail.rstrip(" \t\r").endswith("\\"):
                tail, problem = tail.rstrip(" \t\r")[:-1], _BACKSLASH_AT_END
            parts.append(tail)
            break
        parts.append(text[pos:match.start()])
        piece = match.group()
        end = match.end()
        if piece == "\n":
            lines.append((start, "".join(parts), problem))
            parts, problem = [], None
            line += 1
            start = line
        elif piece.startswith("\\"):
            line += 1
            if end >= len(text):
                problem = _BACKSLASH_AT_END
        elif piece == "//":
            comment = _LINE_COMMENT.match(text, end)
            end = comment.end()
            line += text.count("\n", match.start(), end)
            parts.append(" ")
        elif piece == "/*":
            close = text.find("*/", end)
            if close < 0:
                problem, close = "a comment is not closed before the end of the file", len(text) - 2
            line += text.count("\n", end, close)
            end = close + 2
            parts.append(" ")
        elif piece.endswith('R"'):
            delim = _RAW.match(text, end)
            close = text.find(f"){delim.group(1)}\"", delim.end()) if delim else -1
            end = close + len(delim.group(1)) + 2 if close >= 0 else end
            line += text.count("\n", match.start(), end)
            parts.append(text[match.start():end])
        elif piece == "'" and _digit_separator(parts):
            parts.append(piece)
        else:
            literal = _STRING_END[piece].match(text, end)
            end = literal.end() if literal else end
            line += text.count("\n", match.start(), end)
            parts.append(text[match.start():end])
        pos = end
    lines.append((start, "".join(parts), problem))
    return lines


def _digit_separator(parts: list[str]) -> bool:
    """A `'` right after a digit sequence (1'000) separates digits; after u8/u/U/L or anything else it opens a char."""
    before = "".join(parts[-4:])[-48:]
    word = re.search(r"\.?[\w$'.]*[\w$]$", before)
    return word is not None and (word.group()[0].isdigit() or word.group()[:2].lstrip(".").isdigit())


class _Scanner:
    """Reads directives one logical line at a time, keeping the stack of open `#if` groups."""

    def __init__(self, path: str) -> None:
        self.path = path
        self.defines: list[MacroDef] = []
        self.undefs: list[MacroUndef] = []
        self.findings: list[Finding] = []
        self.extra = 0
        self.groups: list[list] = []  # [conditions, include guard?] per open #if
        self.guards: list[str] = []

    def report(self, symbol: str, line: int, **fields) -> None:
        if len(self.findings) >= MAX_FINDINGS:
            self.extra += 1
        else:
            self.findings.append(MESSAGES.make(symbol, path=self.path, line=line, **fields))

    def preproc(self) -> tuple[str, ...]:
        return tuple(c for conditions, guard in self.groups if not guard for c in conditions)

    def directive(self, line: int, content: str, problem: str | None, lines, index: int) -> None:
        match = _DIRECTIVE.match(content)
        if match is None or match.group(1) is None:
            return
        name, raw = match.group(1), match.group(2)
        rest = collapse(raw)
        if name == "define":
            self.define(line, raw, problem)
        elif name == "undef":
            words = rest.split()
            if words and re.fullmatch(r"[A-Za-z_]\w*", words[0]):
                self.undefs.append(MacroUndef(words[0], self.path, line, self.preproc()))
        elif name in _CONDITIONALS:
            guard = name == "ifndef" and _guarded(rest, lines, index)
            self.groups.append([[collapse(f"#{name} {rest}")], guard])
            if guard:
                self.guards.append(rest)
        elif name in _ALTERNATIVES or name == "else":
            if not self.groups:
                self.report("macro-unbalanced-conditional", line, directive=f"#{name}")
                return
            group = self.groups[-1]
            group[0][-1] = f"not ({group[0][-1]})"
            group[1] = False
            if name != "else":
                group[0].append(collapse(f"#{name} {rest}"))
        elif name == "endif":
            if self.groups:
                self.groups.pop()
            else:
                self.report("macro-unbalanced-conditional", line, directive="#endif")

    def define(self, line: int, rest: str, problem: str | None) -> None:
        tokens = lex(rest)
        if not tokens or tokens[0].kind != IDENT or tokens[0].text in _RESERVED:
            reason = "no macro name" if not tokens else f"`{tokens[0].text}` cannot be a macro name"
            self.report("macro-malformed-define", line, name=tokens[0].text if tokens else "", reason=reason)
            return
        name = tokens[0].text
        params, variadic, body, reason = None, False, tokens[1:], None
        if len(tokens) > 1 and tokens[1].text == "(" and not tokens[1].flags & WHITE:
            params, variadic, body, reason = _parameters(tokens)
        if reason is None:
            reason = compile_body(params, variadic, spell(body))[1]
        if reason is not None:
            self.report("macro-malformed-define", line, name=name, reason=reason)
            return
        if problem is not None:
            self.report("macro-unterminated-define", line, name=name, reason=problem)
        self.defines.append(MacroDef(name, params, variadic, spell(body), self.path, line, self.preproc()))

    def finish(self, last_line: int) -> None:
        if self.groups:
            self.report("macro-unbalanced-conditional", last_line, directive=f"{len(self.groups)} unclosed #if")
        if self.extra:
            self.findings.append(MESSAGES.make("cxx-too-many-errors", path=self.path, line=last_line,
                                               count=self.extra))


def _parameters(tokens) -> tuple[tuple[str, ...] | None, bool, list, str | None]:
    """(params, variadic, body tokens, error) of `NAME ( ... ) body`."""
    params: list[str] = []
    i = 2
    if i < len(tokens) and tokens[i].text == ")":
        return (), False, tokens[i + 1:], None
    while i < len(tokens):
        token = tokens[i]
        if token.text == "...":
            params.append("__VA_ARGS__")
            i += 1
            variadic = True
        elif token.kind == IDENT and (token.text not in _RESERVED or token.text == "defined"):
            if token.text in params:
                return None, False, [], f"duplicate macro parameter `{token.text}`"
            params.append(token.text)
            variadic = i + 1 < len(tokens) and tokens[i + 1].text == "..."
            i += 2 if variadic else 1
        else:
            return None, False, [], f"expected a parameter name, found `{token.text}`"
        if i < len(tokens) and tokens[i].text == ")":
            return tuple(params), variadic, tokens[i + 1:], None
        if variadic or i >= len(tokens) or tokens[i].text != ",":
            break
        i += 1
    return None, False, [], "missing `)` in the macro parameter list"


def _guarded(name: str, lines, index: int) -> bool:
    """`#ifndef X` whose next non-blank line is `#define X`: an include guard, not a condition (as ts_unit)."""
    for _, content, _ in lines[index + 1:]:
        if content.strip():
            match = _DIRECTIVE.match(content)
            defined = re.match(r"\s*([A-Za-z_]\w*)", match.group(2)) if match and match.group(1) == "define" else None
            return defined is not None and defined.group(1) == name.strip()
    return False
