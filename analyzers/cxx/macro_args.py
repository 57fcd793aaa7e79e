"""Parameters replaced by their arguments in a function-like macro's replacement list (replace_args of GNU cpp):
pre-expanded, stringified or pasted as the operators around them ask, `__VA_OPT__` and the GNU comma included."""

from __future__ import annotations

from op_migrate.analyzers.cxx.macro_defs import MacroDef
from op_migrate.analyzers.cxx.macro_lex import (
    AVOID_PASTE, IDENT, PADDING, PASTE_LEFT, PUNCT, STRINGIFY, Tok, padding, stringify)

_INCLUDE, _DROP, _BEGIN, _END = "include", "drop", "begin", "end"


class Arg:
    """One argument of an invocation: its tokens as written, whether it was left out (GNU comma swallowing), and
    its expanded and stringified forms once asked for."""

    __slots__ = ("tokens", "omitted", "expanded", "stringified")

    def __init__(self, tokens: list[Tok]) -> None:
        self.tokens, self.omitted, self.expanded, self.stringified = tokens, False, None, None


def replace_args(engine, definition: MacroDef, body: tuple[Tok, ...], args: list[Arg]) -> list[Tok]:
    """The replacement list with each parameter replaced (replace_args of GNU cpp, __VA_OPT__ included)."""
    for i, src in enumerate(body):  # as GNU cpp: every argument used plainly is expanded first, kept or not
        if src.arg >= 0 and not src.flags & (STRINGIFY | PASTE_LEFT) and not (i and body[i - 1].flags & PASTE_LEFT):
            engine.expanded(args[src.arg])
    out: list[Tok] = []
    last = len(definition.params) - 1
    vaopt = _VaOpt(engine, args[last]) if definition.variadic else None
    start = -2  # index of the token before __VA_OPT__'s content (-1: the content starts the list; -2: none)
    for i, src in enumerate(body):
        after_paste = i > 0 and bool(body[i - 1].flags & PASTE_LEFT)
        state = vaopt.update(src) if vaopt is not None else _INCLUDE
        if state == _BEGIN:
            if i and not after_paste:
                out.append(padding(src))
            start = len(out) - 1
        elif state == _END:
            begin, start = start, -2
            if vaopt.stringify:
                content = out[begin + 1:]
                del out[begin + 1:]
                out.append(stringify(content, engine.paste, va_opt=True).with_flags(src.flags & PASTE_LEFT))
            elif src.flags & PASTE_LEFT:
                while out and len(out) - 1 != begin and out[-1] is AVOID_PASTE:
                    out.pop()
                if out and out[-1].kind != PADDING:
                    out[-1] = out[-1].with_flags(out[-1].flags | PASTE_LEFT)
            else:
                out.append(AVOID_PASTE)
        if state != _INCLUDE:
            continue
        if src.arg < 0:
            out.append(src)
            continue
        arg, paste_at = args[src.arg], None
        at_vaopt_start = start >= 0 and len(out) - 1 == start
        if src.flags & STRINGIFY:
            if arg.stringified is None:
                arg.stringified = stringify(arg.tokens, engine.paste)
            tokens = [arg.stringified]
        elif src.flags & PASTE_LEFT:
            tokens = arg.tokens
        elif after_paste:
            tokens = arg.tokens
            if out:
                if out[-1].kind == PUNCT and out[-1].text == "," and definition.variadic and src.arg == last:
                    if arg.omitted:
                        out.pop()
                    else:
                        paste_at = len(out) - 1
                elif not tokens:
                    paste_at = len(out) - 1
        else:
            tokens = engine.expanded(arg)
            if at_vaopt_start:
                tokens = tokens[next((k for k, t in enumerate(tokens) if t.kind != PADDING), len(tokens)):]
        if i and not after_paste and not at_vaopt_start:
            out.append(padding(src))
        if tokens:
            out.extend(tokens)
            if src.flags & PASTE_LEFT:
                paste_at = len(out) - 1
        if not src.flags & PASTE_LEFT:
            out.append(AVOID_PASTE)
        if paste_at is not None:
            flags = out[paste_at].flags
            out[paste_at] = out[paste_at].with_flags(flags | PASTE_LEFT if src.flags & PASTE_LEFT
                                                     else flags & ~PASTE_LEFT)
        engine.count(len(tokens))
    return out


class _VaOpt:
    """Where a replacement list is inside `__VA_OPT__( ... )` and whether that content is kept (vaopt_state)."""

    def __init__(self, engine, arg: Arg) -> None:
        self.engine, self.arg = engine, arg
        self.state, self.keep, self.stringify = 0, None, False

    def update(self, token: Tok) -> str:
        if token.kind == IDENT and token.text == "__VA_OPT__":
            self.state, self.stringify = 1, bool(token.flags & STRINGIFY)
            return _BEGIN
        if self.state == 1:
            self.state = 2
            if self.keep is None:  # kept when __VA_ARGS__ expands to at least one token
                expanded = self.engine.expanded(self.arg)
                self.keep = _INCLUDE if any(t.kind != PADDING for t in expanded) else _DROP
            return _DROP
        if self.state >= 2:
            if self.state == 2:
                self.state = 3
            if token.kind == PUNCT and token.text == "(":
                self.state += 1
            elif token.kind == PUNCT and token.text == ")":
                self.state -= 1
                if self.state == 2:
                    self.state = 0
                    return _END
            return self.keep
        return _INCLUDE

