"""Macro expansion as g++ performs it: argument pre-expansion, `#`, `##`, `__VA_ARGS__`, GNU `, ##__VA_ARGS__`,
`__VA_OPT__`, rescanning with disabled ("painted blue") names, spacing and stringification as GNU cpp spells them.

The engine follows the token-context model of GNU cpp (a stack of replacement lists, a macro disabled while its
list is read, padding tokens standing for white space), so that what it prints compares equal with `g++ -E -P`
(tests/unit/analyzers/cxx/test_macro_expand.py checks it against the real preprocessor). Builtins such as
`__LINE__`/`__FILE__` are not macros here: they stay as written unless `lookup` gives a definition.
"""

from __future__ import annotations

import functools
from collections.abc import Callable
from dataclasses import dataclass

from op_migrate.analyzers.cxx.macro_args import Arg, replace_args
from op_migrate.analyzers.cxx.macro_defs import MacroDef
from op_migrate.analyzers.cxx.macro_lex import (
    AVOID_PASTE, EOF, IDENT, NO_EXPAND, PADDING, PASTE_LEFT, PUNCT, WHITE, Tok, compile_body, lex, padding,
    single_token, would_merge)
from op_migrate.analyzers.model import JsonModel

MAX_EXPANSIONS = 20_000  # macro invocations expanded for one input
MAX_TOKENS = 200_000  # tokens produced (replacement lists, arguments, output)
MAX_DEPTH = 48  # arguments pre-expanded inside the pre-expansion of arguments
MAX_INPUT = 1_000_000  # characters of input text

_BASE_EOF, _END_ARG = Tok(EOF, ""), Tok(EOF, "")

Lookup = Callable[[str], "MacroDef | None"]


@dataclass(frozen=True)
class Expansion(JsonModel):
    """The text an invocation expands to, the definitions it used (in the order they were expanded: a macro's
    arguments before the macro), and why the text is not to be trusted (a preprocessor error, a bound) or None."""

    text: str
    used: tuple[MacroDef, ...] = ()
    error: str | None = None

    @property
    def used_names(self) -> tuple[str, ...]:
        return tuple(definition.name for definition in self.used)


def expand(name: str, args: list[str] | None, lookup: Lookup) -> Expansion:
    """Expand `name` (args None) or `name(arg, ...)`; args are joined with ", " (expand_text keeps source spelling)."""
    return expand_text(name if args is None else f"{name}({', '.join(args)})", lookup)


def expand_text(text: str, lookup: Lookup) -> Expansion:
    """Expand every macro in `text` (a statement, an invocation) as g++ would; never raises for any input."""
    if len(text) > MAX_INPUT:
        return Expansion(text[:200], (), f"input of {len(text)} characters exceeds the {MAX_INPUT}-character bound")
    engine = _Engine(lookup)
    try:
        engine.run(lex(text, engine.is_macro))
    except _Stop as stop:
        engine.error = str(stop)
    except RecursionError:
        engine.error = "macro arguments nest too deeply to expand"
    return Expansion(render(engine.output), tuple(engine.used.values()), engine.error)


def render(tokens: list[Tok]) -> str:
    """Tokens as GNU cpp prints them: a space where the source had one or where two tokens would otherwise merge."""
    parts: list[str] = []
    source = prev = None
    avoid = False
    for token in tokens:
        if token.kind == PADDING:
            avoid = True
            if source is None or (not source.flags & WHITE and token.source is None):
                source = token.source
            continue
        if prev is not None:
            white = (source or token).flags & WHITE if avoid else token.flags & WHITE
            if white or would_merge(prev.text, token.text):
                parts.append(" ")
        avoid, source, prev = False, None, token
        parts.append(token.text)
    return "".join(parts)


@functools.lru_cache(maxsize=4096)
def _compiled(params: tuple[str, ...] | None, variadic: bool, body: str) -> tuple[tuple[Tok, ...], str | None]:
    tokens, error = compile_body(params, variadic, body)
    return tuple(tokens), error


class _Stop(Exception):
    """A bound was reached: the expansion stops where it is."""


class _Context:
    __slots__ = ("macro", "tokens", "pos")

    def __init__(self, macro: str | None, tokens, pos: int = 0) -> None:
        self.macro, self.tokens, self.pos = macro, tokens, pos


class _Engine:
    """One expansion: the context stack, the disabled macros, the bounds, what was used."""

    def __init__(self, lookup: Lookup) -> None:
        self.lookup = lookup
        self.macros: dict[str, tuple[MacroDef, tuple[Tok, ...]] | None] = {}
        self.contexts: list[_Context] = []
        self.disabled: set[str] = set()
        self.prevent = self.depth = self.expansions = self.produced = 0
        self.used: dict[str, MacroDef] = {}
        self.output: list[Tok] = []
        self.error: str | None = None

    def note(self, error: str) -> None:
        if self.error is None:
            self.error = error

    def count(self, n: int) -> None:
        self.produced += n
        if self.produced > MAX_TOKENS:
            raise _Stop(f"the expansion grows past {MAX_TOKENS} tokens")

    def run(self, tokens: list[Tok]) -> None:
        self.contexts.append(_Context(None, tokens + [_BASE_EOF]))
        while (token := self.get()).kind != EOF:
            self.output.append(token)
            self.count(1)

    def push(self, macro: str | None, tokens) -> None:
        self.count(len(tokens))
        self.contexts.append(_Context(macro, tokens))

    def pop(self) -> None:
        context = self.contexts.pop()
        if context.macro is not None and self.contexts[-1].macro != context.macro:
            self.disabled.discard(context.macro)

    def get(self) -> Tok:
        """The next token after macro expansion (padding tokens included), as cpp_get_token."""
        while True:
            context = self.contexts[-1]
            if context.pos >= len(context.tokens):
                self.pop()
                return AVOID_PASTE
            token = context.tokens[context.pos]
            if token.kind == EOF:
                return token  # never consumed: the argument or the input ends here
            context.pos += 1
            if token.flags & PASTE_LEFT:
                self.paste_all(token)
                return padding(token)
            if token.kind != IDENT or token.flags & NO_EXPAND:
                return token
            macro = self.macro(token.text)
            if macro is None:
                return token
            if token.text in self.disabled:
                return token.with_flags(token.flags | NO_EXPAND)
            if self.prevent or not self.enter(token.text, *macro):
                return token
            return padding(token)

    def is_macro(self, name: str) -> bool:
        return self.macro(name) is not None

    def macro(self, name: str):
        if name not in self.macros:
            definition, entry = self.lookup(name), None
            if definition is not None:
                tokens, error = _compiled(definition.params, definition.variadic, definition.body)
                if error is None:
                    entry = (definition, tokens)
                else:
                    self.note(f"macro {name} ({definition.path}:{definition.line}) is invalid: {error}")
            self.macros[name] = entry
        return self.macros[name]

    def enter(self, name: str, definition: MacroDef, tokens: tuple[Tok, ...]) -> bool:
        if definition.params is not None:
            self.prevent += 1
            args = self.invocation(name, definition)
            self.prevent -= 1
            if args is None:
                return False
            if definition.params:
                tokens = replace_args(self, definition, tokens, args)
        self.expansions += 1
        if self.expansions > MAX_EXPANSIONS:
            raise _Stop(f"more than {MAX_EXPANSIONS} macro expansions")
        self.disabled.add(name)
        self.push(name, tokens)
        self.used.setdefault(name, definition)
        return True

    def invocation(self, name: str, definition: MacroDef) -> list[Arg] | None:
        """The arguments when `(` follows the name (padding skipped), else None with the look-ahead put back."""
        pad = None
        while (token := self.get()).kind == PADDING:
            if pad is None or token.source is None:
                pad = token
        if token.kind == PUNCT and token.text == "(":
            return self.collect(name, definition)
        if token.kind != EOF:
            self.contexts[-1].pos -= 1
        if pad is not None and token is not _BASE_EOF:
            self.push(self.contexts[-1].macro, (pad,))
        return None

    def collect(self, name: str, definition: MacroDef) -> list[Arg] | None:
        params, variadic = definition.params, definition.variadic
        args: list[Arg] = []
        while True:
            depth, tokens = 0, []
            while True:
                token = self.get()
                if token.kind == PADDING and not tokens:
                    continue
                if token.kind == EOF:
                    break
                if token.kind == PUNCT and token.text in ("(", ")", ","):
                    if token.text == "(":
                        depth += 1
                    elif token.text == ")" and depth == 0:
                        break
                    elif token.text == ")":
                        depth -= 1
                    elif depth == 0 and not (variadic and len(args) + 1 == len(params)):
                        break
                tokens.append(token)
                self.count(1)
            while tokens and tokens[-1].kind == PADDING:
                tokens.pop()
            args.append(Arg(tokens))
            if token.kind == EOF or token.text == ")":
                break
        if token.kind == EOF:
            self.note(f"unterminated argument list invoking macro {name}")
            return None
        if len(args) == 1 and not params and not args[0].tokens:
            args = []
        if not (len(args) == len(params) or (variadic and len(args) + 1 == len(params))):
            self.note(f"macro {name} takes {len(params)} arguments, {len(args)} given")
            return None
        if variadic and (len(args) < len(params) or (len(args) == 1 and not args[0].tokens)):
            args += [Arg([]) for _ in range(len(params) - len(args))]
            args[-1].omitted = True  # GNU: `, ## __VA_ARGS__` swallows the comma
        return args

    def expanded(self, arg: Arg) -> list[Tok]:
        """The argument fully macro-expanded on its own (expand_arg)."""
        if arg.expanded is None:
            arg.expanded = []
            if arg.tokens:
                self.depth += 1
                if self.depth > MAX_DEPTH:
                    raise _Stop(f"macro arguments nest deeper than {MAX_DEPTH} levels")
                self.contexts.append(_Context(None, arg.tokens + [_END_ARG]))
                while (token := self.get()).kind != EOF:
                    arg.expanded.append(token)
                    self.count(1)
                self.contexts.pop()
                self.depth -= 1
        return arg.expanded

    def paste(self, lhs: Tok, rhs: Tok) -> tuple[bool, Tok]:
        """`lhs ## rhs` as one new token, or (False, lhs without its paste mark) when they do not make one."""
        right = "" if rhs.kind == PADDING else rhs.text
        gap = " " if lhs.kind == PUNCT and lhs.text == "/" and not (rhs.kind == PUNCT and rhs.text == "=") else ""
        token = single_token(lhs.text + gap + right, self.is_macro)
        if token is None:
            self.note(f'pasting "{lhs.text}" and "{right}" does not give a valid preprocessing token')
            return False, lhs.with_flags(lhs.flags & ~PASTE_LEFT)
        return True, token

    def paste_all(self, lhs: Tok) -> None:
        context = self.contexts[-1]
        while context.pos < len(context.tokens):
            rhs = context.tokens[context.pos]
            context.pos += 1
            pasted, lhs = self.paste(lhs, rhs)
            if not pasted:
                context.pos -= 1
                break
            if not rhs.flags & PASTE_LEFT:
                break
        self.push(context.macro, (lhs.with_flags(lhs.flags & ~PASTE_LEFT),))
