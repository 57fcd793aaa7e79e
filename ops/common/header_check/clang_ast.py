"""libclang views of a kernel TU: the Ascend C names its ops/ code uses, the declarations behind them, its own names."""

from __future__ import annotations

import os
import re
import subprocess
from dataclasses import dataclass
from functools import lru_cache
from pathlib import Path

from clang import cindex as ci

K = ci.CursorKind
FUNCTIONS = {K.FUNCTION_DECL, K.FUNCTION_TEMPLATE, K.CXX_METHOD, K.CONSTRUCTOR, K.CONVERSION_FUNCTION}
CLASSES = {K.CLASS_DECL, K.STRUCT_DECL, K.CLASS_TEMPLATE, K.UNION_DECL}
TYPES = {K.TYPEDEF_DECL, K.TYPE_ALIAS_DECL, K.TYPE_ALIAS_TEMPLATE_DECL, K.ENUM_DECL}
SCOPES = {K.NAMESPACE, K.LINKAGE_SPEC, K.CLASS_DECL, K.STRUCT_DECL, K.CLASS_TEMPLATE, K.ENUM_DECL, K.UNION_DECL}
REFERENCES = {K.DECL_REF_EXPR, K.MEMBER_REF_EXPR, K.TYPE_REF, K.TEMPLATE_REF, K.CALL_EXPR, K.MACRO_INSTANTIATION}


@lru_cache(maxsize=None)
def builtin_include() -> str:
    """g++'s own include folder (stddef.h, ...): the libclang wheel ships no resource headers."""
    return subprocess.run(["g++", "-print-file-name=include"], capture_output=True, text=True, check=False).stdout.strip()


def parse(source: Path, flags: list[str]) -> ci.TranslationUnit:
    """Parse with the compile's -D / -I / -isystem / -include / -std flags; other g++ flags are dropped."""
    kept: list[str] = ["-x", "c++", "-isystem", builtin_include()]
    skip_next = False
    for i, flag in enumerate(flags):
        if skip_next:
            skip_next = False
            continue
        if flag == "-include" and i + 1 < len(flags):
            kept += [flag, flags[i + 1]]
            skip_next = True
        elif flag.startswith(("-D", "-I", "-isystem", "-std=")):
            kept.append(flag)
    options = ci.TranslationUnit.PARSE_DETAILED_PROCESSING_RECORD
    return ci.Index.create().parse(str(source), args=kept, options=options)


def errors(tu: ci.TranslationUnit) -> list[str]:
    return [str(d) for d in tu.diagnostics if d.severity >= ci.Diagnostic.Error]


def file_of(cursor: ci.Cursor) -> str:
    # Headers reached through ../ (asc-devkit's impl/ and include/ include each other) are normalised first.
    return os.path.normpath(cursor.location.file.name) if cursor.location.file else ""


def under(path: str, roots: tuple[Path, ...]) -> bool:
    return any(path.startswith(str(r) + "/") for r in roots)


def qualified_name(cursor: ci.Cursor) -> str:
    parts: list[str] = []
    while cursor is not None and cursor.kind != K.TRANSLATION_UNIT:
        if cursor.kind != K.LINKAGE_SPEC and cursor.spelling:
            spelling = cursor.spelling
            if cursor.kind in (K.CONSTRUCTOR, K.DESTRUCTOR):
                spelling = re.sub(r"<.*>$", "", spelling)  # a class template's constructor is spelled Name<T>
            parts.append(spelling)
        cursor = cursor.semantic_parent
    return "::".join(reversed(parts))


def _type(spelling: str, aliases: dict[str, str]) -> str:
    spelling = re.sub(r"type-parameter-(\d+)-(\d+)", r"T\1_\2", spelling)
    # The real tensors spell their element type decltype(IsLite<T>(0)) (PrimT<T>): T itself for every element type
    # a vector kernel uses; read as the class's first template parameter.
    spelling = spelling.replace("decltype(IsLite<T>(0))", "T0_0")
    for canonical, alias in aliases.items():
        spelling = re.sub(rf"\b{re.escape(canonical)}\b", alias, spelling)
    if spelling.startswith("const ") and not spelling.endswith(("&", "*", "]")):
        spelling = spelling[len("const "):]  # top-level const of a by-value parameter is not part of the signature
    return spelling


def template_parameters(cursor: ci.Cursor, aliases: dict[str, str]) -> list[str]:
    result = []
    for child in cursor.get_children():
        if child.kind == K.TEMPLATE_TYPE_PARAMETER:
            result.append("typename")
        elif child.kind == K.TEMPLATE_NON_TYPE_PARAMETER:
            result.append(_type(child.type.get_canonical().spelling, aliases))
        elif child.kind == K.TEMPLATE_TEMPLATE_PARAMETER:
            result.append("template")
    return result


def signature(cursor: ci.Cursor, aliases: dict[str, str], name: str | None = None) -> str:
    """Qualified name, template parameters and argument types (canonical, positional template names); for a class
    template its parameters; for an enumerator its value; the name alone for other declarations."""
    name = name or qualified_name(cursor)
    params = template_parameters(cursor, aliases)
    head = name + (f"<{', '.join(params)}>" if params else "")
    if cursor.kind in FUNCTIONS:
        args = [_type(c.type.get_canonical().spelling, aliases) for c in cursor.get_children() if c.kind == K.PARM_DECL]
        const = " const" if cursor.kind == K.CXX_METHOD and cursor.is_const_method() else ""
        return f"{head}({', '.join(args)}){const}"
    if cursor.kind == K.ENUM_CONSTANT_DECL:
        return f"{name} = {cursor.enum_value}"
    return head


def kind_of(cursor: ci.Cursor) -> str:
    if cursor.kind in FUNCTIONS:
        return "function"
    if cursor.kind in CLASSES:
        return "class"
    if cursor.kind == K.ENUM_CONSTANT_DECL:
        return "enumerator"
    if cursor.kind in TYPES:
        return "type"
    return "variable"


def type_aliases(tu: ci.TranslationUnit) -> dict[str, str]:
    """Canonical spelling -> name of the API's scalar types, so `half` reads the same whatever class implements it."""
    aliases: dict[str, str] = {}
    for cursor in tu.cursor.get_children():
        if cursor.kind in (K.TYPEDEF_DECL, K.TYPE_ALIAS_DECL) and cursor.spelling in ("half", "bfloat16_t"):
            canonical = cursor.underlying_typedef_type.get_canonical().spelling
            if canonical != cursor.spelling:
                aliases[canonical] = cursor.spelling
    return aliases


def _overloads(cursor: ci.Cursor) -> list[ci.Cursor]:
    lib = ci.conf.lib
    count = lib.clang_getNumOverloadedDecls(cursor)
    return [lib.clang_getOverloadedDecl(cursor, i) for i in range(count)]


def _dependent_member(cursor: ci.Cursor) -> str | None:
    """`x.template Name<...>()` inside a template has no resolved member: read its name from the tokens."""
    tokens = [t.spelling for t in cursor.get_tokens()]
    for i, token in enumerate(tokens):
        if token in (".", "->"):
            rest = [t for t in tokens[i + 1:] if t != "template"]
            return rest[0] if rest and re.match(r"[A-Za-z_]\w*$", rest[0]) else None
    return None


@dataclass(frozen=True)
class Usage:
    """Declarations of the API headers that ops/ code refers to, by qualified name; macros by name."""

    declarations: dict[str, ci.Cursor]
    unresolved_members: frozenset[str]  # member names of dependent expressions, class unknown
    macros: frozenset[str]


def usage(tu: ci.TranslationUnit, code_roots: tuple[Path, ...], api_roots: tuple[Path, ...]) -> Usage:
    """What the code under `code_roots` (operator folders) refers to in files under `api_roots`."""
    found: dict[str, ci.Cursor] = {}
    members: set[str] = set()
    macros: set[str] = set()

    def note(decl: ci.Cursor | None) -> None:
        if decl is not None and decl.location.file is not None and under(file_of(decl), api_roots):
            if decl.kind == K.MACRO_DEFINITION:
                macros.add(decl.spelling)
            elif decl.kind not in (K.PARM_DECL, K.FIELD_DECL) and decl.spelling and not is_special_member(decl):
                found.setdefault(qualified_name(decl), decl)

    code = tuple(r.resolve() for r in code_roots)
    for cursor in tu.cursor.walk_preorder():
        if not under(file_of(cursor), code):
            continue
        if cursor.kind == K.OVERLOADED_DECL_REF:
            for decl in _overloads(cursor):
                note(decl)
        elif cursor.kind == K.MEMBER_REF_EXPR and not cursor.spelling and cursor.referenced is None:
            member = _dependent_member(cursor)
            if member:
                members.add(member)
        elif cursor.kind in REFERENCES:
            note(cursor.referenced)
    return Usage(found, frozenset(members), frozenset(macros))


def is_special_member(cursor: ci.Cursor) -> bool:
    """Default, copy and move constructors and assignments, destructors: a class's semantics, not its API."""
    if cursor.kind == K.DESTRUCTOR:
        return True
    if cursor.kind == K.CONSTRUCTOR:
        return cursor.is_default_constructor() or cursor.is_copy_constructor() or cursor.is_move_constructor()
    if cursor.kind == K.CXX_METHOD:
        return cursor.is_copy_assignment_operator_method() or cursor.is_move_assignment_operator_method()
    return False


def declarations(tu: ci.TranslationUnit, roots: tuple[Path, ...]) -> dict[str, list[ci.Cursor]]:
    """Every namespace- and class-scope declaration in files under `roots`, by qualified name; a class also lists
    the members it inherits and does not hide (TQue::AllocTensor is TQueBind's in the real headers)."""
    index: dict[str, list[ci.Cursor]] = {}
    bases: dict[str, set[str]] = {}

    def visit(parent: ci.Cursor) -> None:
        for cursor in parent.get_children():
            if cursor.location.file is None or not under(file_of(cursor), roots) or is_special_member(cursor):
                continue
            if cursor.kind in FUNCTIONS | CLASSES | TYPES | {K.ENUM_CONSTANT_DECL, K.VAR_DECL, K.USING_DECLARATION}:
                if cursor.spelling:
                    index.setdefault(qualified_name(cursor), []).append(cursor)
            if cursor.kind in CLASSES:
                bases.setdefault(qualified_name(cursor), set()).update(
                    qualified_name(b.referenced) for b in cursor.get_children()
                    if b.kind == K.CXX_BASE_SPECIFIER and b.referenced is not None)
            if cursor.kind in SCOPES:
                visit(cursor)

    def inherit(name: str, seen: set[str]) -> None:
        for base in bases.get(name, ()):
            if base in seen:
                continue
            inherit(base, seen | {base})
            prefix = base + "::"
            for member in [q for q in index if q.startswith(prefix) and "::" not in q[len(prefix):]]:
                index.setdefault(name + "::" + member[len(prefix):], index[member])

    visit(tu.cursor)
    for name in list(bases):
        inherit(name, {name})
    return index


def own_names(tu: ci.TranslationUnit, code_roots: tuple[Path, ...], base: Path) -> list[tuple[str, str, str]]:
    """(name, scope, where) of every declaration and macro the code under `code_roots` makes; scope is "global",
    "namespace" (a function at namespace scope) or "other"; `where` is relative to `base`."""
    code = tuple(r.resolve() for r in code_roots)
    result = []
    for cursor in tu.cursor.walk_preorder():
        if not cursor.spelling or cursor.location.file is None or not under(file_of(cursor), code):
            continue
        if cursor.kind not in FUNCTIONS | CLASSES | TYPES | {
                K.ENUM_CONSTANT_DECL, K.VAR_DECL, K.PARM_DECL, K.FIELD_DECL, K.MACRO_DEFINITION, K.NAMESPACE}:
            continue
        parent = cursor.semantic_parent
        if cursor.kind == K.ENUM_CONSTANT_DECL and parent is not None and not parent.is_scoped_enum():
            parent = parent.semantic_parent  # an unscoped enum's enumerators live in the enclosing scope
        if cursor.kind == K.MACRO_DEFINITION or parent is None or parent.kind == K.TRANSLATION_UNIT:
            scope = "global"
        elif cursor.kind in (K.FUNCTION_DECL, K.FUNCTION_TEMPLATE) and parent.kind == K.NAMESPACE:
            scope = "namespace"
        else:
            scope = "other"
        where = f"{Path(file_of(cursor)).resolve().relative_to(base.resolve())}:{cursor.location.line}"
        result.append((cursor.spelling, scope, where))
    return result
