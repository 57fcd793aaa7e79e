"""Reading the head of a `{` for the reach scan: a function's name and parameters, a class, a namespace, a variable."""

from __future__ import annotations

import re

from op_migrate.analyzers.aclnn.reach_lex import IDENT_BYTES, NOT_NAMES, identifiers

_PARENS = re.compile(rb"[()]")
ACCESS = re.compile(rb"^\s*(?:(?:public|private|protected)\s*:(?!:)\s*)+")
NAMESPACE = re.compile(rb"namespace\b([\w\s:]*)$")
EXTERN = re.compile(rb"extern\s*$")
_OPERATOR = re.compile(rb"operator\s*(\(\s*\)|[^\w\s()]+)$")
_NAME_END = re.compile(rb"(~\s*)?\b([A-Za-z_]\w*)\s*$")
_QUALIFIERS_END = re.compile(rb"(?:\b[A-Za-z_]\w*\s*(?:<[^<>;{}]*>\s*)?::\s*)+$")
_QUALIFIER_NAME = re.compile(rb"([A-Za-z_]\w*)\s*(?:<[^<>;{}]*>\s*)?::")
INIT_LIST = re.compile(rb"[^:]*?(?<!:):(?!:)")
KEYWORD_TAIL = re.compile(rb"\w+[^()\[\]<>;=]*$")
_CLASS_TAIL = re.compile(rb"\w+\b[^();=]*$")
_NESTING = re.compile(rb"[()\[\]{}]|(?<![=!<>+\-*/%&|^])=(?!=)")
DECLARED = re.compile(rb"((?:[A-Za-z_]\w*\s*::\s*)*)([A-Za-z_]\w*)\s*(?:\[[^\]]*\]\s*)*$")
# What may follow a function's parameter list before its body: cv/ref qualifiers, specifiers, macros in capitals,
# a trailing return type, or a constructor's member initializer list (anything after a single `:`).
_SUFFIX = re.compile(
    rb"^(?:(?:const|volatile|override|final|noexcept|mutable|constexpr|try|&&|&|[A-Z][A-Z0-9_]*\b"
    rb"|(?:throw|noexcept|__attribute__)\s*\((?:[^()]|\([^()]*\))*\)|\[\[[^\]]*\]\])\s*)*"
    rb"(?:->(?:[^{};:]|::)*?)?\s*(?::(?!:).*)?$",
    re.S,
)


def strip_template(head: bytes) -> bytes:
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


def unclosed(head: bytes) -> bool:
    """True when a `(` or `[` of the head is still open: the `{` is inside an argument or a default value."""
    return head.count(b"(") > head.count(b")") or head.count(b"[") > head.count(b"]")


def top_level_assign(text: bytes) -> int:
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


def function_head(head: bytes) -> tuple[str, tuple[str, ...], bytes, int] | None:
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
    tail = text[-300:]
    operator = _OPERATOR.search(tail)
    if operator is not None:
        name = b"operator" + re.sub(rb"\s", b"", operator.group(1))
        rest = tail[:operator.start()]
    else:
        if tail.endswith(b">"):
            tail = tail[:_skip_angles(tail, len(tail))]
        named = _NAME_END.search(tail)
        if named is None or named.group(2) in NOT_NAMES:
            return None
        name = named.group(2) if named.group(1) is None else b"~" + named.group(2)
        rest = tail[:named.start()]
    qualified = _QUALIFIERS_END.search(rest) if rest.rstrip().endswith(b"::") else None
    parts = _QUALIFIER_NAME.findall(qualified.group()) if qualified is not None else []
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


def keyword_tail(head: bytes, keyword: bytes, rest: re.Pattern):
    """The match of `rest` at the last whole-word `keyword` of the head, when it runs to the end."""
    at = head.rfind(keyword)
    while at > 0 and IDENT_BYTES[head[at - 1]] != 32:
        at = head.rfind(keyword, 0, at)
    end = at + len(keyword)
    if at < 0 or (end < len(head) and IDENT_BYTES[head[end]] != 32):
        return None
    return rest.match(head, at)


def class_keyword(head: bytes) -> int | None:
    """Where the `class`/`struct`/`union` this head opens begins: the last one, nothing but names, `:`, `,` and
    template arguments after it (`struct alignas(8) X` is left to the initializer rule)."""
    found = [m.start() for m in (keyword_tail(head, k, _CLASS_TAIL) for k in (b"class", b"struct", b"union")) if m]
    return max(found) if found else None


_STD_QUALIFIED = re.compile(rb"\bstd\s*::")


def class_head(head: bytes) -> tuple[str, list[bytes]]:
    """(name, base-class names) of `class ATTR Name final : public Base<T> {`; "" for an anonymous class."""
    body = head.split(None, 1)[1] if len(head.split(None, 1)) > 1 else b""
    colon = re.search(rb"(?<!:):(?!:)", body)
    declared, bases = (body[:colon.start()], body[colon.end():]) if colon else (body, b"")
    words = [w for w in re.sub(rb"\([^()]*\)", b" ", declared).replace(b"final", b" ").split()
             if IDENT_BYTES[w[0]] != 32 and not w[:1].isdigit()]
    name = words[-1].split(b"<", 1)[0].rsplit(b"::", 1)[-1] if words else b""
    names = list(identifiers(bases))
    if _STD_QUALIFIED.search(bases):
        names.append(b"std::")  # a standard base (identifiers() leaves its name out) is a base all the same
    return name.decode("ascii", "replace"), names
