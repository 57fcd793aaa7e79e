"""Lexical scan of one C/C++ file for the reach index: its definitions, the names each body uses, its launch sites.

No parser: comments, literals and preprocessor lines are blanked (same length, same line breaks), then the braces
are matched and the text before each `{` at namespace or class scope (its head) says what opens: a namespace, a
class, an enum, an initializer or a function body. Everything inside a function body, lambdas and local classes
included, belongs to that function. Over-approximating is the intent: every identifier a body uses outside an
`X::` qualifier position is a name it may call, construct or take as a value.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, replace

from op_migrate.analyzers.route.macros import LAUNCH_MACROS

# Comments, string and character literals: blanked so their braces and names do not count.
_LEXEMES = re.compile(rb'//[^\n]*|/\*.*?(?:\*/|\Z)|"(?:\\.|[^"\\\n])*"|\'(?:\\.|[^\'\\\n])*\'', re.S)
# A preprocessor directive with its continuation lines.
_DIRECTIVE = re.compile(rb"^[ \t]*#[ \t]*(\w*)(?:[^\n]*\\\r?\n)*[^\n]*", re.M)
_DEFINE = re.compile(rb"#[ \t]*define[ \t]+([A-Za-z_]\w*)")
_TOKEN = re.compile(rb"[{};]")
_BRACE = re.compile(rb"[{}]")
_PARENS = re.compile(rb"[()]")
_QUALIFIER = re.compile(rb"\b\w+\s*::")
_STATIC = re.compile(rb"\bstatic\b")
_CONST = re.compile(rb"\b(?:const|constexpr)\b")
_EXTERN_INLINE = re.compile(rb"\b(?:extern|inline)\b")
_L0_NAME = re.compile(rb"\bl0op\s*::\s*([A-Za-z_]\w*)")
_LAUNCH = re.compile(rb"\b(" + b"|".join(name.encode() for name in LAUNCH_MACROS) + rb")\s*\(\s*([A-Za-z_]\w*)?")
_GENERATED = re.compile(rb"\b(aclnnInner\w*GetWorkspaceSize)\b")
_FREE_CALL = re.compile(rb"(\.|->|::)?\s*\b([A-Za-z_]\w*)\s*\(")
_ACCESS = re.compile(rb"^\s*(?:(?:public|private|protected)\s*:(?!:)\s*)+")
_NAMESPACE = re.compile(rb"namespace\b([\w\s:]*)$")
_EXTERN = re.compile(rb"extern\s*$")
_INIT_LIST = re.compile(rb"[^:]*?(?<!:):(?!:)")
_KEYWORD_TAIL = re.compile(rb"\w+[^()\[\]<>;=]*$")
_CLASS_TAIL = re.compile(rb"\w+\b[^();=]*$")
_NESTING = re.compile(rb"[()\[\]{}]|(?<![=!<>+\-*/%&|^])=(?!=)")
# A head longer than this (a run of macro invocations without `;`) is classified by its end only.
MAX_HEAD = 1 << 16
_DECLARED = re.compile(rb"((?:[A-Za-z_]\w*\s*::\s*)*)([A-Za-z_]\w*)\s*(?:\[[^\]]*\]\s*)*$")
# What may follow a function's parameter list before its body: cv/ref qualifiers, specifiers, macros in capitals,
# a trailing return type, or a constructor's member initializer list (anything after a single `:`).
_SUFFIX = re.compile(
    rb"^(?:(?:const|volatile|override|final|noexcept|mutable|constexpr|try|&&|&|[A-Z][A-Z0-9_]*\b"
    rb"|(?:throw|noexcept|__attribute__)\s*\((?:[^()]|\([^()]*\))*\)|\[\[[^\]]*\]\])\s*)*"
    rb"(?:->(?:[^{};:]|::)*?)?\s*(?::(?!:).*)?$",
    re.S,
)
_NOT_NAMES = frozenset({b"if", b"for", b"while", b"switch", b"catch", b"sizeof", b"decltype", b"alignas", b"return",
                        b"throw", b"noexcept", b"static_assert", b"__attribute__", b"__declspec", b"defined",
                        b"requires", b"alignof", b"typeid", b"new", b"delete"})
# Words no definition is named after; dropped from a body's names to keep the index small.
KEYWORDS = frozenset(b"""alignas alignof auto bool break case catch char class const constexpr const_cast continue
    decltype default delete do double dynamic_cast else enum explicit extern false float for friend goto if inline int
    long mutable namespace new noexcept nullptr operator private protected public register reinterpret_cast return
    short signed sizeof static static_assert static_cast struct switch template this throw true try typedef typeid
    typename union unsigned using virtual void volatile while int8_t int16_t int32_t int64_t uint8_t uint16_t
    uint32_t uint64_t size_t std op l0op const_iterator iterator string vector map""".split())
_IDENT_BYTES = bytes(c if (48 <= c <= 57 or 65 <= c <= 90 or 97 <= c <= 122 or c == 95) else 32 for c in range(256))
_BLANK = bytes(10 if c == 10 else 32 for c in range(256))


@dataclass(frozen=True)
class Site:
    """A launch written in a body: kind "AI_CORE"|"AI_CPU"|"DSA"|"l0op"|"generated", its name, its line."""

    kind: str
    name: str
    line: int


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


def mask(data: bytes) -> tuple[bytes, list[tuple[bytes, int, int]]]:
    """Blank comments, literals and directives; return the masked bytes and each `#define` (name, start, end)."""
    masked = _LEXEMES.sub(lambda m: m.group().translate(_BLANK), data) if (b"/" in data or b'"' in data
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
        pieces.append(match.group().translate(_BLANK))
        last = match.end()
    pieces.append(masked[last:])
    return b"".join(pieces), defines


def identifiers(text: bytes) -> frozenset[bytes]:
    """The names `text` uses, identifiers in `X::` qualifier position left out."""
    if b"::" in text:
        text = _QUALIFIER.sub(b" ", text)
    return frozenset(text.translate(_IDENT_BYTES).split()) - KEYWORDS


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
    names = {name for before, name in _FREE_CALL.findall(text) if not before} - _NOT_NAMES - KEYWORDS
    return frozenset(name.decode("ascii") for name in names)


def free_call_lines(text: bytes, line: int, names) -> list[tuple[str, int]]:
    """(name, line) of every unqualified `Name(` call of one of `names` in `text`, which starts on `line`."""
    return [(match.group(2).decode("ascii"), line + text.count(b"\n", 0, match.start(2)))
            for match in _FREE_CALL.finditer(text)
            if match.group(1) is None and match.group(2).decode("ascii", "replace") in names]


def scan(data: bytes) -> FileScan:
    """The definitions of one file's bytes."""
    masked, defines = mask(data)
    scanner = _Scanner(masked)
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


@dataclass
class _Scope:
    kind: str  # "ns" | "extern" | "class"
    qualifier: tuple[str, ...]
    anonymous: bool  # inside an unnamed namespace
    klass: _Class | None = None


class _Scanner:
    """Walks the `{`, `}` and `;` of masked bytes at namespace and class scope; skips over function bodies.

    Linkage, for the index to keep calls inside a translation unit: "internal" (static, unnamed namespace,
    namespace-scope const variables), "file" (classes, their constructors and the methods of classes without
    bases, macros: visible where the file is), "external" (the rest, and every method that may override).
    """

    def __init__(self, masked: bytes) -> None:
        self.text = masked
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
        body = _define_body(data[start:end], name)
        line = self.line_at(start)
        masked = _LEXEMES.sub(lambda m: m.group().translate(_BLANK), body)
        self.definitions.append(Definition(name.decode("ascii"), (), "macro", line, line + body.count(b"\n"),
                                           identifiers(masked), sites_in_text(masked, line), linkage="file"))

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
        stripped = _ACCESS.sub(b"", _strip_template(head.strip()))
        if not stripped or _unclosed(stripped) or (b"operator" not in stripped and _top_level_assign(stripped) >= 0):
            return None
        scope = stack[-1] if stack else _Scope("ns", (), False)
        namespace = _keyword_tail(stripped, b"namespace", _NAMESPACE)
        if namespace is not None:
            parts = tuple(p.decode("ascii") for p in namespace.group(1).replace(b"::", b" ").split())
            stack.append(_Scope("ns", scope.qualifier + parts, scope.anonymous or not parts))
            return -1
        if _keyword_tail(stripped, b"extern", _EXTERN) is not None:
            stack.append(_Scope("extern", scope.qualifier, scope.anonymous))
            return -1
        function = _function_head(stripped)
        if function is None and _keyword_tail(stripped, b"enum", _KEYWORD_TAIL) is not None:
            return self.skip(at)
        at_class = None if function is not None else _class_keyword(stripped)
        line = self.line_at(head_start + len(head) - len(head.lstrip()))
        if at_class is not None:
            name, bases = _class_head(stripped[at_class:])
            klass = _Class(name, scope.qualifier, line, "internal" if scope.anonymous else "file", bool(bases),
                           set(bases)) if name else None
            if klass is not None:
                self._classes[name] = klass
            stack.append(_Scope("class", scope.qualifier + ((name,) if name else ()), scope.anonymous, klass))
            return -1
        if function is None:
            tail = stripped.rstrip()[-1:]
            if tail.isalnum() or tail in (b"_", b"]", b">"):
                return None  # `Type name{...}`: a brace initializer
            name, parts, extra, names_from, linkage = "", (), b"", at, "internal"  # a block nothing can call
        else:
            name, parts, extra, close_at = function
            tail = stripped[-1:]
            if (tail.isalnum() or tail in (b"_", b">")) and _INIT_LIST.match(stripped, close_at + 1):
                return None  # `: out_{...}` a member's brace initializer; the body comes after the list
            names_from = head_start + len(head.rstrip()) - len(stripped) + close_at + 1
            linkage = self.linkage(scope, name, _STATIC.search(stripped, 0, close_at) is not None)
        end = self.skip(at)
        body = self.text[names_from:end + 1]  # a constructor's member initializers, then the body
        body_line = self.line_at(names_from)
        full = scope.qualifier + parts
        calls = free_calls(body) if "l0op" in full else frozenset()
        self.definitions.append(Definition(name, full, "function" if name else "block", line, self.line_at(end),
                                           identifiers(body) | identifiers(extra), sites_in_text(body, body_line),
                                           calls, (names_from, end + 1), linkage))
        if name.startswith("operator") and scope.klass is not None:
            scope.klass.refs.add(name.encode("ascii"))
        return end

    def linkage(self, scope: _Scope, name: str, static: bool) -> str:
        klass = scope.klass
        if klass is None:  # namespace scope; out-of-line methods are settled in finish()
            return "internal" if static or scope.anonymous else "external"
        if name == klass.name or not klass.bases:
            return klass.linkage  # constructors never override; methods of a class without bases cannot
        return "external"  # may override a virtual of a base: reached through the base from anywhere

    def statement(self, stmt: bytes, start: int, stack: list[_Scope]) -> None:
        """A namespace- or class-scope declaration with an initializer (`= ...` or `{...}`) defines a variable."""
        if b"=" not in stmt and b"{" not in stmt:
            return
        stripped = _ACCESS.sub(b"", _strip_template(stmt.strip()))
        if stripped.startswith((b"using", b"typedef", b"friend", b"static_assert")) or b"operator" in stripped:
            return
        cut = _top_level_assign(stripped)
        if cut < 0:
            cut = stripped.find(b"{")
            if cut < 0 or b"(" in stripped[:cut]:
                return  # a call at namespace scope (`IMPL_OP_OPTILING(X).Tiling([](...) {...})`), not a variable
        declared = _DECLARED.search(stripped[:cut].rstrip())
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
        internal = _STATIC.search(prefix) is not None or (_CONST.search(prefix) is not None
                                                         and _EXTERN_INLINE.search(prefix) is None)
        linkage = "external" if parts else self.linkage(scope, name, internal)
        self.definitions.append(Definition(name, scope.qualifier + parts, "variable", line,
                                           line + value.count(b"\n"), refs, sites, frozenset(), (value_at,
                                                                                      value_at + len(value)), linkage))
        if scope.klass is not None:
            scope.klass.refs.add(name.encode("ascii"))

    def close_class(self, klass: _Class, at: int) -> None:
        klass.refs.add(b"~" + klass.name.encode("ascii"))
        self.definitions.append(Definition(klass.name, klass.qualifier, "class", klass.line, self.line_at(at),
                                           frozenset(klass.refs), linkage=klass.linkage))

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


def _define_body(directive: bytes, name: bytes) -> bytes:
    """The body of `#define NAME(params) body`, line breaks kept (continuations become plain line breaks)."""
    index = directive.find(name) + len(name)
    if directive[index:index + 1] == b"(":
        close = directive.find(b")", index)
        index = close + 1 if close >= 0 else len(directive)
    return directive[index:].replace(b"\\\n", b" \n")


def _strip_template(head: bytes) -> bytes:
    """`template <...> rest` -> `rest` (nested angle brackets counted), repeatedly."""
    while head.startswith(b"template"):
        open_at = head.find(b"<")
        if open_at < 0 or head[8:open_at].strip():
            return head
        depth = 0
        for index in range(open_at, len(head)):
            char = head[index]
            if char == 60:
                depth += 1
            elif char == 62 and head[index - 1] != 45:  # not `->`
                depth -= 1
                if depth == 0:
                    head = head[index + 1:].lstrip()
                    break
        else:
            return head
    return head


def _unclosed(head: bytes) -> bool:
    """True when a `(` or `[` of the head is still open: the `{` is inside an argument or a default value."""
    return head.count(b"(") > head.count(b")") or head.count(b"[") > head.count(b"]")


def _top_level_assign(text: bytes) -> int:
    """Index of the first `=` outside parentheses, brackets and braces (comparisons excluded), or -1."""
    if b"=" not in text:
        return -1
    depth = 0
    for match in _NESTING.finditer(text):
        char = text[match.start()]
        if char in b"([{":
            depth += 1
        elif char in b")]}":
            depth -= 1
        elif depth == 0:
            return match.start()
    return -1


def _groups(head: bytes) -> list[tuple[int, int]]:
    """(open, close) of each top-level parenthesis group."""
    groups = []
    depth = 0
    start = 0
    for match in _PARENS.finditer(head):
        if head[match.start()] == 40:
            if depth == 0:
                start = match.start()
            depth += 1
        elif depth > 0:
            depth -= 1
            if depth == 0:
                groups.append((start, match.start()))
    return groups


def _function_head(head: bytes) -> tuple[str, tuple[str, ...], bytes, int] | None:
    """(short name, qualifier parts, default arguments, index of the parameter list's `)`) when the head declares a
    function; what follows the `)` (a constructor's member initializers) is read with the body."""
    for open_at, close_at in _groups(head):
        suffix = head[close_at + 1:].strip()
        if not _SUFFIX.match(suffix):
            continue
        named = _name_before(head[:open_at].rstrip())
        if named is None:
            continue
        params = head[open_at:close_at + 1]
        extra = b" ".join(part.split(b",", 1)[0] for part in params.split(b"=")[1:])
        return named[0], named[1], extra, close_at
    return None


def _name_before(text: bytes) -> tuple[str, tuple[str, ...]] | None:
    """The (possibly qualified) function name that ends `text`, or None."""
    operator = re.search(rb"operator\s*(\(\s*\)|[^\w\s()]+)$", text[-40:])
    if operator is not None:
        name = b"operator" + re.sub(rb"\s", b"", operator.group(1))
        end = len(text) - len(operator.group())
    else:
        end = _skip_angles(text, len(text))
        start = end
        while start > 0 and _IDENT_BYTES[text[start - 1]] != 32:
            start -= 1
        name = text[start:end]
        if not name or name[:1].isdigit() or name in _NOT_NAMES:
            return None
        end = start
        if end > 0 and text[end - 1:end] == b"~":
            name, end = b"~" + name, end - 1
    parts: list[bytes] = []
    rest = text[:end].rstrip()
    while rest.endswith(b"::"):
        rest = rest[:-2].rstrip()
        stop = _skip_angles(rest, len(rest))
        start = stop
        while start > 0 and _IDENT_BYTES[rest[start - 1]] != 32:
            start -= 1
        if start == stop:
            break
        parts.insert(0, rest[start:stop])
        rest = rest[:start].rstrip()
    return name.decode("ascii", "replace"), tuple(p.decode("ascii", "replace") for p in parts)


def _skip_angles(text: bytes, end: int) -> int:
    """`end` moved back over one balanced `<...>` that ends there (template arguments), if any."""
    if end == 0 or text[end - 1] != 62:
        return end
    depth = 0
    for index in range(end - 1, max(-1, end - 400), -1):
        char = text[index]
        if char == 62:
            depth += 1
        elif char == 60:
            depth -= 1
            if depth == 0:
                return len(text[:index].rstrip())
    return end


def _keyword_tail(head: bytes, keyword: bytes, rest: re.Pattern):
    """The match of `rest` at the last whole-word `keyword` of the head, when it runs to the end."""
    at = head.rfind(keyword)
    while at > 0 and _IDENT_BYTES[head[at - 1]] != 32:
        at = head.rfind(keyword, 0, at)
    end = at + len(keyword)
    if at < 0 or (end < len(head) and _IDENT_BYTES[head[end]] != 32):
        return None
    return rest.match(head, at)


def _class_keyword(head: bytes) -> int | None:
    """Where the `class`/`struct`/`union` this head opens begins: the last one, nothing but names, `:`, `,` and
    template arguments after it (`struct alignas(8) X` is left to the initializer rule)."""
    found = [m.start() for m in (_keyword_tail(head, k, _CLASS_TAIL) for k in (b"class", b"struct", b"union")) if m]
    return max(found) if found else None


def _class_head(head: bytes) -> tuple[str, list[bytes]]:
    """(name, base-class names) of `class ATTR Name final : public Base<T> {`; "" for an anonymous class."""
    body = head.split(None, 1)[1] if len(head.split(None, 1)) > 1 else b""
    colon = re.search(rb"(?<!:):(?!:)", body)
    declared, bases = (body[:colon.start()], body[colon.end():]) if colon else (body, b"")
    words = [w for w in re.sub(rb"\([^()]*\)", b" ", declared).replace(b"final", b" ").split()
             if _IDENT_BYTES[w[0]] != 32 and not w[:1].isdigit()]
    name = words[-1].split(b"<", 1)[0].rsplit(b"::", 1)[-1] if words else b""
    return name.decode("ascii", "replace"), list(identifiers(bases))


def definitions_by_lines(masked: bytes, spans) -> tuple[Definition, ...]:
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
        found.append(Definition(parts[-1], qualifier, "function", first, last, identifiers(text),
                                sites_in_text(text, first), calls, (start, end)))
    return tuple(found)
