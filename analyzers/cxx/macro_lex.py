"""Preprocessing tokens of C++ text, and macro replacement lists compiled to tokens with `#`/`##` marked."""

from __future__ import annotations

import functools
import re

# Token kinds. `arg` stands for a parameter in a compiled replacement list; `padding` carries only spacing
# (its `source` is the token whose leading white space it stands for, None for "avoid a paste here").
IDENT, NUMBER, STRING, CHAR, PUNCT, OTHER, PADDING, EOF, ARG = (
    "ident", "number", "string", "char", "punct", "other", "padding", "eof", "arg")
WHITE, NO_EXPAND, PASTE_LEFT, STRINGIFY = 1, 2, 4, 8

_TOKEN = re.compile(r"""
  (?P<ws>(?:[ \t\f\v\r\n]|//[^\n]*|/\*.*?(?:\*/|\Z))+)
| (?P<raw>(?:u8|[uUL])?R"(?P<delim>[^()\\\s"]{0,16})\(.*?\)(?P=delim)")
| (?P<string>(?:u8|[uUL])?"(?:[^"\\\n]|\\.)*"(?P<ssuffix>(?:[^\W\d]|\$)[\w$]*)?)
| (?P<char>(?:u8|[uUL])?'(?:[^'\\\n]|\\.)*'(?P<csuffix>(?:[^\W\d]|\$)[\w$]*)?)
| (?P<unterminated>(?:u8|[uUL])?["'][^\n]*)
| (?P<number>\.?\d(?:[eEpP][+-]|[\w$]|'(?=[\w$])|(?<!')\.)*)
| (?P<ident>(?:[^\W\d]|\$)[\w$]*)
| (?P<punct>\.\.\.|<<=|>>=|->\*|\#\#|->|\+\+|--|<<|>>|<=|>=|==|!=|&&|\|\||[*/%+\-&^|]=|::|\.\*
    |[{}\[\]\#();:?.+\-*/%^&|~!=<>,])
| (?P<other>.)
""", re.X | re.S)
_KINDS = {"raw": STRING, "string": STRING, "char": CHAR, "unterminated": OTHER, "number": NUMBER, "ident": IDENT,
          "punct": PUNCT, "other": OTHER}
_ALONE = frozenset("()[]{},;?~")  # characters that start or end no longer token
_SPLICE = re.compile(r"\\[ \t]*\r?\n")
# Literal suffixes of the standard library (`"abc"s`, `"abc"sv`): taken as part of the literal by default.
_STD_SUFFIXES = frozenset({"s", "sv", "h", "min", "ms", "us", "ns", "y", "d", "i", "il", "if"})


class Tok:
    """One preprocessing token: kind, spelling, flags (WHITE, NO_EXPAND, PASTE_LEFT, STRINGIFY)."""

    __slots__ = ("kind", "text", "flags", "arg", "source")

    def __init__(self, kind: str, text: str, flags: int = 0, arg: int = -1, source: "Tok | None" = None) -> None:
        self.kind, self.text, self.flags, self.arg, self.source = kind, text, flags, arg, source

    def with_flags(self, flags: int) -> "Tok":
        return Tok(self.kind, self.text, flags, self.arg, self.source)

    def __repr__(self) -> str:  # pragma: no cover - debugging aid
        return f"Tok({self.kind}, {self.text!r}, {self.flags})"


AVOID_PASTE = Tok(PADDING, "")


def padding(source: Tok | None) -> Tok:
    return Tok(PADDING, "", 0, -1, source)


def lex(text: str, is_macro=None) -> list[Tok]:
    """The preprocessing tokens of `text` (line splices joined, comments as white space), in order. An identifier
    glued to a literal (`"x"SUFFIX`) is its C++11 suffix unless, as GNU cpp decides, it does not start with one `_`
    and `is_macro(SUFFIX)` is true; without `is_macro`, only the standard library's suffixes are taken as such."""
    tokens: list[Tok] = []
    white = 0
    for match in _TOKEN.finditer(_SPLICE.sub("", text)):
        group = match.lastgroup
        if group == "ws":
            white = WHITE
            continue
        suffix = match.group("ssuffix") or match.group("csuffix") if group in ("string", "char") else None
        if suffix and not _literal_suffix(suffix, is_macro):
            tokens.append(Tok(_KINDS[group], match.group()[:-len(suffix)], white))
            tokens.append(Tok(IDENT, suffix))
        else:
            tokens.append(Tok(_KINDS[group], match.group(), white))
        white = 0
    return tokens


def _literal_suffix(suffix: str, is_macro) -> bool:
    if suffix.startswith("_") and not suffix.startswith("__"):
        return True
    return not is_macro(suffix) if is_macro is not None else suffix in _STD_SUFFIXES


def spell(tokens: list[Tok]) -> str:
    """Tokens as text: one space where white space preceded a token (the first one never gets it)."""
    parts = []
    for token in tokens:
        if token.flags & WHITE and parts:
            parts.append(" ")
        parts.append(token.text)
    return "".join(parts)


def single_token(text: str, is_macro=None) -> Tok | None:
    """The one token `text` spells, or None when it lexes to nothing, to several tokens or to a comment."""
    tokens = lex(text, is_macro)
    if len(tokens) != 1 or tokens[0].flags & WHITE or tokens[0].text != text:
        return None
    return tokens[0]


@functools.lru_cache(maxsize=8192)
def would_merge(left: str, right: str) -> bool:
    """True when `left` written right before `right` would lex differently (a space must separate them)."""
    if left[-1:] in _ALONE or right[:1] in _ALONE:
        return False
    tokens = lex(left + right)
    return len(tokens) != 2 or tokens[0].text != left or bool(tokens[1].flags & WHITE)


def compile_body(params: tuple[str, ...] | None, variadic: bool, body: str) -> tuple[list[Tok], str | None]:
    """A replacement list as the expander reads it: parameters become ARG tokens, `#` marks STRINGIFY on the next
    token, `##` marks PASTE_LEFT on the previous one. The error (as a C++ compiler would give it) or None."""
    tokens = lex(body)
    if tokens:
        tokens[0] = tokens[0].with_flags(tokens[0].flags & ~WHITE)
    if params is None:
        return _pastes(tokens, "a macro expansion")
    index = {name: i for i, name in enumerate(params)}
    out: list[Tok] = []
    i = 0
    while i < len(tokens):
        token = tokens[i]
        if token.kind == IDENT and token.text in index:
            token = Tok(ARG, token.text, token.flags, index[token.text])
        if token.kind == PUNCT and token.text == "#":
            nxt = tokens[i + 1] if i + 1 < len(tokens) else None
            if nxt is not None and nxt.kind == IDENT and nxt.text in index:
                out.append(Tok(ARG, nxt.text, STRINGIFY | (token.flags & WHITE), index[nxt.text]))
            elif nxt is not None and variadic and nxt.text == "__VA_OPT__":
                out.append(Tok(IDENT, nxt.text, STRINGIFY | (token.flags & WHITE)))
            else:
                return [], "'#' is not followed by a macro parameter"
            i += 2
            continue
        out.append(token)
        i += 1
    out, error = _pastes(out, "a macro expansion")
    return out, error or (_vaopt_error(out) if variadic else None)


def stringify(tokens, paste, va_opt: bool = False) -> Tok:
    """The string literal `#` makes of tokens (stringify_arg of GNU cpp): spacing from the padding tokens and white
    space flags, `\\` and `"` escaped inside string and character literals. `paste(lhs, rhs) -> (ok, token)` joins
    the `##` runs inside `#__VA_OPT__(...)`."""
    parts: list[str] = []
    source = None
    backslashes = i = 0
    while i < len(tokens):
        token = tokens[i]
        if va_opt and token.flags & PASTE_LEFT:
            while i + 1 < len(tokens):
                i += 1
                pasted, token = paste(token, tokens[i])
                if not pasted:
                    i -= 1
                    break
                if not tokens[i].flags & PASTE_LEFT:
                    break
        i += 1
        if token.kind == PADDING:
            if source is None or (not source.flags & WHITE and token.source is None):
                source = token.source
            continue
        if parts and (source or token).flags & WHITE:
            parts.append(" ")
        source = None
        text = token.text
        if token.kind in (STRING, CHAR):
            text = text.replace("\\", "\\\\").replace('"', '\\"').replace("\n", "\\n")
        parts.append(text)
        backslashes = backslashes + 1 if token.kind == OTHER and text.startswith("\\") else 0
    spelled = "".join(parts)
    if backslashes % 2:  # GNU cpp drops the final backslash of an invalid string literal
        spelled = spelled[:-1]
    return Tok(STRING, f'"{spelled}"')


def _vaopt_error(tokens: list[Tok]) -> str | None:
    """What makes the `__VA_OPT__` uses of a variadic replacement list invalid, or None."""
    i = 0
    while i < len(tokens):
        if tokens[i].kind != IDENT or tokens[i].text != "__VA_OPT__":
            i += 1
            continue
        if i + 1 >= len(tokens) or tokens[i + 1].text != "(":
            return "__VA_OPT__ must be followed by an open parenthesis"
        depth, j = 1, i + 2
        while j < len(tokens) and depth:
            if tokens[j].kind == IDENT and tokens[j].text == "__VA_OPT__":
                return "__VA_OPT__ may not appear in a __VA_OPT__"
            if tokens[j].kind == PUNCT and tokens[j].text in ("(", ")"):
                depth += 1 if tokens[j].text == "(" else -1
            j += 1
        if depth:
            return "unterminated __VA_OPT__"
        if tokens[i + 1].flags & PASTE_LEFT or (j - 2 > i + 1 and tokens[j - 2].flags & PASTE_LEFT):
            return "'##' cannot appear at either end of __VA_OPT__"
        i = j
    return None


def _pastes(tokens: list[Tok], where: str) -> tuple[list[Tok], str | None]:
    out: list[Tok] = []
    for token in tokens:
        if token.kind == PUNCT and token.text == "##":
            if not out:
                return [], f"'##' cannot appear at either end of {where}"
            out[-1] = out[-1].with_flags(out[-1].flags | PASTE_LEFT)
            continue
        out.append(token)
    if tokens and tokens[-1].kind == PUNCT and tokens[-1].text == "##":
        return [], f"'##' cannot appear at either end of {where}"
    return out, None
