"""Lexical scan of one C/C++ file for the reach index: its definitions, the names each body uses, its launch sites.

No parser: comments, literals and preprocessor lines are blanked (same length, same line breaks), then the braces
are matched and the text before each `{` at namespace or class scope (its head) says what opens: a namespace, a
class, an enum, an initializer or a function body. Everything inside a function body, lambdas and local classes
included, belongs to that function. Over-approximating is the intent: every identifier a body uses outside an
`X::` qualifier position is a name it may call, construct or take as a value.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterable
from dataclasses import dataclass, replace
from pathlib import Path

from op_migrate.analyzers.aclnn.reach_heads import (ACCESS, DECLARED, EXTERN, INIT_LIST, KEYWORD_TAIL, NAMESPACE,
                                                     class_head, class_keyword, function_head, keyword_tail,
                                                     strip_template, top_level_assign, unclosed)
from op_migrate.analyzers.aclnn.reach_lex import (BLANK, LEXEMES, Site, define_body, free_calls, identifiers, mask,
                                                  sites_in_text)
from op_migrate.analyzers.route.macros import LAUNCH_MACROS

_TOKEN = re.compile(rb"[{};]")
_BRACE = re.compile(rb"[{}]")
_STATIC = re.compile(rb"\bstatic\b")
Words = Callable[[Iterable[bytes]], frozenset[bytes]]
# A head longer than this (a run of macro invocations without `;`) is classified by its end only.
MAX_HEAD = 1 << 16


@dataclass(frozen=True)
class Definition:
    """One definition: a function, a class (its constructors share the name), a variable with an initializer, a macro.

    `refs` are the identifiers its body (or initializer, bases, member initializers) uses, bytes as lexed.
    `free_calls` (only inside `namespace l0op`) are the names of its unqualified `Name(` calls: those of an L0
    name launch.
    """

    name: str
    qualifier: tuple[str, ...]
    kind: str  # "function" | "class" | "variable" | "macro"
    line: int
    end_line: int
    refs: frozenset[bytes]
    sites: tuple[Site, ...] = ()
    free_calls: frozenset[str] = frozenset()
    span: tuple[int, int] = (0, 0)  # byte offsets of the text whose names count (a function: from its `)` on)
    linkage: str = "external"  # "internal" | "file" | "external": see _Scanner


@dataclass(frozen=True)
class FileScan:
    """The definitions of one file; `unbalanced` is the line of a `{` never closed (or a `}` never opened)."""

    definitions: tuple[Definition, ...]
    unbalanced: int | None = None


def scan(data: bytes, words: Words = frozenset, masked: tuple | None = None) -> FileScan:
    """The definitions of one file's bytes. `words` makes each definition's set of names (the reach index build
    shares one object per distinct name); `masked` is mask(data) when the caller has it already."""
    masked, defines = masked or mask(data)
    scanner = _Scanner(masked, words)
    for name, start, end in defines:
        scanner.macro(data, name, start, end)
    scanner.run()
    return FileScan(tuple(scanner.finish()), scanner.unbalanced)


@dataclass
class _Class:
    name: str
    qualifier: tuple[str, ...]
    line: int
    linkage: str
    bases: bool
    refs: set[bytes]
    closed: bool = True  # no base, or only bases this file defines that are closed: no other file can call through one


@dataclass
class _Scope:
    kind: str  # "ns" | "extern" | "class"
    qualifier: tuple[str, ...]
    anonymous: bool  # inside an unnamed namespace
    klass: _Class | None = None
    c_linkage: bool = False  # inside an `extern "C"` block


class _Scanner:
    """Walks the `{`, `}` and `;` of masked bytes at namespace and class scope; skips over function bodies.

    Linkage, for the index to keep calls inside a translation unit: "internal" (static, unnamed namespace), "file"
    (classes, their constructors and the methods of classes without bases, macros: visible where the file is),
    "c-unnamed" (a function of an unnamed namespace inside `extern "C"`: it is the global C function when a header
    declares it, which only the build can tell), "external" (the rest, and every method that may override).
    """

    def __init__(self, masked: bytes, words: Words = frozenset) -> None:
        self.text = masked
        self.words = words
        self.definitions: list[Definition] = []
        self.unbalanced: int | None = None
        self._line_pos = 0
        self._line = 1
        self._classes: dict[str, _Class] = {}

    def line_at(self, pos: int) -> int:
        if pos >= self._line_pos:
            self._line += self.text.count(b"\n", self._line_pos, pos)
        else:
            self._line -= self.text.count(b"\n", pos, self._line_pos)
        self._line_pos = pos
        return self._line

    def macro(self, data: bytes, name: bytes, start: int, end: int) -> None:
        if name.decode("ascii") in LAUNCH_MACROS:
            return  # the framework's own launcher macros are the launch sites themselves
        body = define_body(data[start:end], name)
        line = self.line_at(start)
        masked = LEXEMES.sub(lambda m: m.group().translate(BLANK), body)
        self.definitions.append(Definition(name.decode("ascii"), (), "macro", line, line + body.count(b"\n"),
                                           self.words(identifiers(masked)), sites_in_text(masked, line),
                                           linkage="file"))

    def run(self) -> None:
        text = self.text
        stack: list[_Scope] = []
        head_start = pos = 0
        while True:
            match = _TOKEN.search(text, pos)
            if match is None:
                break
            at = match.start()
            char = text[at]
            if char == 59:  # ;
                self.statement(text[head_start:at], head_start, stack)
                head_start = pos = at + 1
            elif char == 125:  # }
                if not stack:
                    self.unbalanced = self.unbalanced or self.line_at(at)
                else:
                    scope = stack.pop()
                    if scope.klass is not None:
                        self.close_class(scope.klass, at)
                head_start = pos = at + 1
            else:
                start = max(head_start, at - MAX_HEAD)
                end = self.open(text[start:at], start, at, stack)
                if end is None:  # an initializer: skipped, and the head goes on to the `;`
                    pos = self.skip(at) + 1
                elif end < 0:  # a scope opened
                    head_start = pos = at + 1
                else:  # a body or an enum, skipped up to its `}`
                    head_start = pos = end + 1
        if stack and self.unbalanced is None:
            self.unbalanced = self.line_at(len(text))

    def skip(self, at: int) -> int:
        """The `}` that closes the `{` at `at`; the end of the text when none does."""
        depth = 0
        text = self.text
        for match in _BRACE.finditer(text, at):
            if text[match.start()] == 123:
                depth += 1
            else:
                depth -= 1
                if depth == 0:
                    return match.start()
        self.unbalanced = self.unbalanced or self.line_at(at)
        return len(text) - 1

    def open(self, head: bytes, head_start: int, at: int, stack: list[_Scope]) -> int | None:
        """What the `{` at `at` opens: None for an initializer, -1 for a scope (pushed), else the index of the `}`
        that closes a function body (recorded) or an enum."""
        stripped = ACCESS.sub(b"", strip_template(head.strip()))
        if not stripped or unclosed(stripped) or (b"operator" not in stripped and top_level_assign(stripped) >= 0):
            return None
        scope = stack[-1] if stack else _Scope("ns", (), False)
        namespace = keyword_tail(stripped, b"namespace", NAMESPACE)
        if namespace is not None:
            parts = tuple(p.decode("ascii") for p in namespace.group(1).replace(b"::", b" ").split())
            stack.append(_Scope("ns", scope.qualifier + parts, scope.anonymous or not parts, c_linkage=scope.c_linkage))
            return -1
        if keyword_tail(stripped, b"extern", EXTERN) is not None:
            stack.append(_Scope("extern", scope.qualifier, False, c_linkage=True))
            return -1
        function = function_head(stripped)
        if function is None and keyword_tail(stripped, b"enum", KEYWORD_TAIL) is not None:
            return self.skip(at)
        at_class = None if function is not None else class_keyword(stripped)
        line = self.line_at(head_start + len(head) - len(head.lstrip()))
        if at_class is not None:
            name, bases = class_head(stripped[at_class:])
            klass = _Class(name, scope.qualifier, line, "internal" if scope.anonymous else "file", bool(bases),
                           set(bases), self.closed(bases, scope.qualifier)) if name else None
            if klass is not None:
                self._classes[name] = klass
            stack.append(_Scope("class", scope.qualifier + ((name,) if name else ()), scope.anonymous, klass,
                                scope.c_linkage))
            return -1
        if function is None:
            tail = stripped.rstrip()[-1:]
            if tail.isalnum() or tail in (b"_", b"]", b">"):
                return None  # `Type name{...}`: a brace initializer
            name, parts, extra, names_from, linkage = "", (), b"", at, "internal"  # a block nothing can call
        else:
            name, parts, extra, close_at = function
            tail = stripped[-1:]
            if (tail.isalnum() or tail in (b"_", b">")) and INIT_LIST.match(stripped, close_at + 1):
                return None  # `: out_{...}` a member's brace initializer; the body comes after the list
            names_from = head_start + len(head.rstrip()) - len(stripped) + close_at + 1
            linkage = self.linkage(scope, name, _STATIC.search(stripped, 0, close_at) is not None)
        end = self.skip(at)
        body = self.text[names_from:end + 1]  # a constructor's member initializers, then the body
        body_line = self.line_at(names_from)
        full = scope.qualifier + parts
        calls = free_calls(body) if "l0op" in full else frozenset()
        self.definitions.append(Definition(name, full, "function" if name else "block", line, self.line_at(end),
                                           self.words(identifiers(body) | identifiers(extra)),
                                           sites_in_text(body, body_line),
                                           calls, (names_from, end + 1), linkage))
        if name.startswith("operator") and scope.klass is not None:
            scope.klass.refs.add(name.encode("ascii"))
        return end

    def linkage(self, scope: _Scope, name: str, static: bool) -> str:
        klass = scope.klass
        if klass is None:  # namespace scope; out-of-line methods are settled in finish()
            if scope.anonymous and scope.c_linkage and not static:
                return "c-unnamed"
            return "internal" if static or scope.anonymous else "external"
        if name == klass.name or static or klass.closed:
            # Constructors and static methods never override; the methods of a class whose bases all come from this
            # file can only be called through types the file defines.
            return klass.linkage
        return "external"  # may override a virtual of a base: reached through the base from anywhere

    def closed(self, bases: list[bytes], qualifier: tuple[str, ...]) -> bool:
        """Whether every name of a base clause is a closed class this file defined before, in the scope the class is
        declared in or an enclosing one (a class of that name from elsewhere would be found only by another scope)."""
        for base in bases:
            klass = self._classes.get(base.decode("ascii", "replace"))
            if klass is None or not klass.closed or klass.qualifier != qualifier[:len(klass.qualifier)]:
                return False
        return True

    def statement(self, stmt: bytes, start: int, stack: list[_Scope]) -> None:
        """A namespace- or class-scope declaration with an initializer (`= ...` or `{...}`) defines a variable."""
        if b"=" not in stmt and b"{" not in stmt:
            return
        stripped = ACCESS.sub(b"", strip_template(stmt.strip()))
        if stripped.startswith((b"using", b"typedef", b"friend", b"static_assert")) or b"operator" in stripped:
            return
        cut = top_level_assign(stripped)
        if cut < 0:
            cut = stripped.find(b"{")
            if cut < 0 or b"(" in stripped[:cut]:
                return  # a call at namespace scope (`IMPL_OP_OPTILING(X).Tiling([](...) {...})`), not a variable
        declared = DECLARED.search(stripped[:cut].rstrip())
        if declared is None:
            return
        value = stripped[cut:]
        value_at = start + len(stmt.rstrip()) - len(value)
        line = self.line_at(value_at)
        refs, sites = identifiers(value), sites_in_text(value, line)
        if not sites and all(ref[0] < 65 for ref in refs):
            return  # `bool needPad = false;`, `const int64_t N = 8;`: uses no name, reaches nothing
        scope = stack[-1] if stack else _Scope("ns", (), False)
        name = declared.group(2).decode("ascii")
        parts = tuple(p.decode("ascii") for p in declared.group(1).replace(b"::", b" ").split())
        prefix = stripped[:cut]
        # A namespace-scope const is internal too, unless a header declares it `extern` (registry tables do): only
        # `static` is taken as internal, since that declaration is not in this file.
        internal = _STATIC.search(prefix) is not None
        linkage = "external" if parts else self.linkage(scope, name, internal)
        self.definitions.append(Definition(name, scope.qualifier + parts, "variable", line,
                                           line + value.count(b"\n"), self.words(refs), sites, frozenset(), (value_at,
                                                                                      value_at + len(value)), linkage))
        if scope.klass is not None:
            scope.klass.refs.add(name.encode("ascii"))

    def close_class(self, klass: _Class, at: int) -> None:
        klass.refs.add(b"~" + klass.name.encode("ascii"))
        self.definitions.append(Definition(klass.name, klass.qualifier, "class", klass.line, self.line_at(at),
                                           self.words(klass.refs), linkage=klass.linkage))

    def finish(self) -> list[Definition]:
        """Out-of-line methods of a class this file defines take the class's linkage rule."""
        settled = []
        for definition in self.definitions:
            klass = self._classes.get(definition.qualifier[-1]) if definition.qualifier else None
            if klass is not None and definition.linkage == "external" and definition.kind != "class":
                scope = _Scope("class", (), klass.linkage == "internal", klass)
                definition = replace(definition, linkage=self.linkage(scope, definition.name, False))
            settled.append(definition)
        return settled


def file_definitions(path: str, data: bytes, parse, words: Words = frozenset, masked: tuple | None = None) -> FileScan:
    """The scan of a file; when its braces do not balance, the definitions that end before that line as scanned and
    the functions from there on as `parse` (a C++ front end: path -> CxxUnit) reads them. `words` and `masked` as in
    scan()."""
    scanned = scan(data, words, masked)
    line = scanned.unbalanced
    if line is None:
        return scanned
    if parse is None:
        from op_migrate.analyzers.cxx import parse_file as parse  # imported late: most runs never need it
    unit = parse(Path(path))
    spans = [(f.name.split("::"), f.line, f.end_line) for f in unit.functions if f.end_line >= line]
    spans += [(g.name.split("::"), g.line, g.line) for g in unit.globals if g.line >= line]
    kept = tuple(d for d in scanned.definitions if d.kind == "macro" or d.end_line < line)
    return FileScan(kept + definitions_by_lines((masked or mask(data))[0], spans, words), line)


def definitions_by_lines(masked: bytes, spans, words: Words = frozenset) -> tuple[Definition, ...]:
    """Definitions for ((name parts), first line, last line) spans another reader found (the C++ front end)."""
    lines = masked.split(b"\n")
    offsets = [0]
    for line in lines:
        offsets.append(offsets[-1] + len(line) + 1)
    found = []
    for parts, first, last in spans:
        start, end = offsets[max(first, 1) - 1], offsets[min(last, len(lines))] - 1
        text = masked[start:end]
        qualifier = tuple(parts[:-1])
        calls = free_calls(text) if "l0op" in qualifier else frozenset()
        found.append(Definition(parts[-1], qualifier, "function", first, last, words(identifiers(text)),
                                sites_in_text(text, first), calls, (start, end)))
    return tuple(found)
