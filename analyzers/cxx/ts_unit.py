"""The tree-sitter front end: one C++ file -> CxxUnit, without headers, tolerant of macros and ERROR nodes."""

from __future__ import annotations

import functools
import re
from dataclasses import dataclass

import tree_sitter_cpp
from tree_sitter import Language, Parser, Tree

from op_migrate.analyzers.cxx.messages import MESSAGES
from op_migrate.analyzers.cxx.model import ClassDecl, CxxUnit, Expr, FieldDecl, Function, GlobalDecl, Param, Prototype
from op_migrate.analyzers.cxx.source import MAX_SOURCE_BYTES, PreparedSource, prepare
from op_migrate.analyzers.cxx.ts_declarations import declarator_name, function_declarator, parameters, type_text
from op_migrate.analyzers.cxx.ts_expressions import ExpressionBuilder, collapse
from op_migrate.analyzers.cxx.ts_statements import StatementBuilder
from op_migrate.analyzers.findings import Finding

FRONTEND = "tree-sitter"
MAX_SYNTAX_FINDINGS = 50
# Nodes whose children are namespace-scope items (walked, not modelled themselves).
_CONTAINERS = frozenset({"translation_unit", "declaration_list", "template_declaration", "ERROR"})
_CONDITIONALS = frozenset({"preproc_if", "preproc_ifdef", "preproc_elif", "preproc_elifdef"})
_CLASSES = frozenset({"class_specifier", "struct_specifier", "union_specifier"})


@functools.lru_cache(maxsize=1)
def language() -> Language:
    return Language(tree_sitter_cpp.language())


@functools.lru_cache(maxsize=1)
def _parser() -> Parser:
    # One parser per process: the corpus runner uses processes, never threads, so sharing is safe.
    return Parser(language())


def parse_source(data: bytes, path: str, *, max_bytes: int = MAX_SOURCE_BYTES) -> CxxUnit:
    """Parse C++ source bytes with tree-sitter; problems become findings on the unit, never exceptions."""
    parsed = parse_tree(data, path, max_bytes=max_bytes)
    if parsed.tree is None:
        return CxxUnit(path=path, frontend=FRONTEND, functions=(), findings=tuple(parsed.findings))
    walker = parsed.walker
    try:
        walker.items(parsed.tree.root_node, ())
    except RecursionError:  # the depth limits should make this unreachable; if not, degrade, never crash
        parsed.findings.append(MESSAGES.make("cxx-recursion-limit", path=path, line=None, limit="Python's stack"))
    findings = parsed.findings + syntax_findings(parsed.tree.root_node, parsed.source, path)
    findings.sort(key=Finding.sort_key)
    return collected_unit(path, FRONTEND, walker, findings)


def collected_unit(path: str, frontend: str, walker, findings: list[Finding]) -> CxxUnit:
    """The unit a walker collected; the tree-sitter and libclang walkers gather the same four lists."""
    return CxxUnit(
        path=path,
        frontend=frontend,
        functions=tuple(walker.functions),
        globals=tuple(walker.globals),
        includes=tuple(walker.includes),
        findings=tuple(findings),
        toplevel_calls=tuple(walker.toplevel_calls),
        classes=tuple(getattr(walker, "classes", ())),
        prototypes=tuple(getattr(walker, "prototypes", ())),
    )


@dataclass
class ParsedTree:
    """A tree-sitter tree with the builders that turn its nodes into the model (shared with libclang mode)."""

    source: PreparedSource
    tree: Tree | None  # None when the file was refused (empty, too large)
    findings: list[Finding]
    walker: "_UnitWalker"


def parse_tree(data: bytes, path: str, *, max_bytes: int = MAX_SOURCE_BYTES) -> ParsedTree:
    source = prepare(data, path, max_bytes)
    findings: list[Finding] = list(source.findings)
    walker = _UnitWalker(source, path, findings)
    if not source.parse:
        return ParsedTree(source, None, findings, walker)
    return ParsedTree(source, _parser().parse(source.masked), findings, walker)


class _UnitWalker:
    """Walks namespace-scope items, qualifying names by the enclosing namespaces and classes."""

    def __init__(self, source: PreparedSource, path: str, findings: list[Finding]) -> None:
        self.exprs = ExpressionBuilder(source, path, findings)
        self.stmts = StatementBuilder(self.exprs)
        self.functions: list[Function] = []
        self.globals: list[GlobalDecl] = []
        self.includes: list[str] = []
        self.toplevel_calls: list[Expr] = []
        self.classes: list[ClassDecl] = []
        self.prototypes: list[Prototype] = []
        self._preproc: list[str] = []  # the `#if` conditions around the item being walked

    def items(self, node, scope: tuple[str, ...]) -> None:
        for child in node.children:
            self.item(child, scope)

    def item(self, node, scope: tuple[str, ...]) -> None:
        kind = node.type
        if kind in _CONDITIONALS:
            self.conditional(node, scope)
        elif kind in _CONTAINERS:
            self.items(node, scope)
        elif kind == "function_definition":
            self.function(node, scope)
        elif kind == "namespace_definition":
            name = node.child_by_field_name("name")
            inner = scope + tuple(self.exprs.text(name).split("::")) if name is not None else scope
            body = node.child_by_field_name("body")
            if body is not None:
                self.items(body, inner)
        elif kind == "linkage_specification":
            body = node.child_by_field_name("body")
            if body is not None:
                self.item(body, scope)
        elif kind in _CLASSES:
            self.klass(node, scope)
        elif kind == "declaration":
            self.declaration(node, scope)
        elif kind == "preproc_include":
            target = node.child_by_field_name("path")
            if target is not None:
                self.includes.append(self.exprs.text(target).strip('"<>'))
        elif kind == "expression_statement":
            inner = next((c for c in node.named_children if c.type != "comment"), None)
            if inner is not None:
                self.toplevel_calls.append(self.exprs.build(inner))

    def conditional(self, node, scope: tuple[str, ...]) -> None:
        """Both branches of a namespace-scope `#if` are walked; what they hold records the condition."""
        directive = node.children[0].type if node.children else "#if"
        condition = node.child_by_field_name("condition") or node.child_by_field_name("name")
        alternative = node.child_by_field_name("alternative")
        text = collapse(f"{directive} {self.exprs.text(condition) if condition is not None else ''}")
        body = [c for c in node.children[1:] if c != condition and c != alternative]
        if directive == "#ifndef" and _is_include_guard(body, condition, self.exprs):
            for child in body:
                self.item(child, scope)
            return
        self._preproc.append(text)
        for child in body:
            self.item(child, scope)
        self._preproc[-1] = f"not ({text})"
        if alternative is not None and alternative.type == "preproc_else":
            for child in alternative.children[1:]:
                self.item(child, scope)
        elif alternative is not None:
            self.conditional(alternative, scope)
        self._preproc.pop()

    def klass(self, node, scope: tuple[str, ...]) -> None:
        name = node.child_by_field_name("name")
        body = node.child_by_field_name("body")
        if body is None:
            return
        inner = scope + ((self.exprs.text(name),) if name is not None else ())
        fields: list[FieldDecl] = []
        for member in body.children:
            if member.type == "field_declaration":
                self.member(member, inner, fields)
            elif member.type in ("function_definition", "template_declaration", "declaration") or \
                    member.type in _CLASSES:
                self.item(member, inner)
        if name is not None:
            self.classes.append(ClassDecl(name="::".join(inner), bases=_bases(node, self.exprs), fields=tuple(fields),
                                          line=node.start_point[0] + 1, end_line=node.end_point[0] + 1))

    def member(self, node, scope: tuple[str, ...], fields: list[FieldDecl]) -> None:
        """A `field_declaration` of a class body: a data member (with its default) or a method declared there."""
        line = node.start_point[0] + 1
        declarator = node.child_by_field_name("declarator")
        fdecl, _ = function_declarator(declarator)
        if fdecl is not None:
            name, _ = declarator_name(self.exprs, fdecl.child_by_field_name("declarator"))
            if name:
                self.prototypes.append(Prototype("::".join(scope + (name,)), parameters(self.exprs, fdecl), line))
            return
        is_static = any(c.type == "storage_class_specifier" and self.exprs.text(c) == "static" for c in node.children)
        base = type_text(self.exprs, node)
        default = node.child_by_field_name("default_value")
        if default is None:
            default = next((c for c in node.named_children if c.type == "initializer_list"), None)
        for each in node.children_by_field_name("declarator"):
            name, pointer = declarator_name(self.exprs, each)
            if name:
                value = self.exprs.build(default) if default is not None else None
                fields.append(FieldDecl(name, base + pointer, value, line, is_static))

    def function(self, node, scope: tuple[str, ...]) -> None:
        signature = self.signature(node)
        if signature is None:
            return
        name, params, return_type, is_static = signature
        body = node.child_by_field_name("body")
        self.functions.append(
            Function(
                name="::".join(scope + (name,)),
                params=params,
                return_type=return_type,
                body=self.stmts.block(body) if body is not None else (),
                line=node.start_point[0] + 1,
                end_line=node.end_point[0] + 1,
                is_static=is_static,
                preproc=tuple(self._preproc),
                initializers=self.initializers(node),
            )
        )

    def initializers(self, node) -> tuple[tuple[str, tuple[Expr, ...]], ...]:
        """A constructor's `: a_(a), Base(x), b_{b}` list, in order."""
        found = next((c for c in node.children if c.type == "field_initializer_list"), None)
        if found is None:
            return ()
        out = []
        for item in found.named_children:
            if item.type != "field_initializer":
                continue
            target = next((c for c in item.named_children if c.type not in ("argument_list", "initializer_list")),
                          None)
            args = next((c for c in item.named_children if c.type in ("argument_list", "initializer_list")), None)
            if target is None:
                continue
            values = tuple(self.exprs.build(c) for c in args.named_children if c.type != "comment") if args else ()
            out.append((self.exprs.text(target), values))
        return tuple(out)

    def signature(self, node) -> tuple[str, tuple[Param, ...], str, bool] | None:
        """(declared name, parameters, return type, is static) of a function_definition node."""
        fdecl, suffix = function_declarator(node.child_by_field_name("declarator"))
        if fdecl is None:
            return None
        name, _ = declarator_name(self.exprs, fdecl.child_by_field_name("declarator"))
        is_static = any(c.type == "storage_class_specifier" and self.exprs.text(c) == "static" for c in node.children)
        return name, parameters(self.exprs, fdecl), (type_text(self.exprs, node) + suffix).strip(), is_static

    def declaration(self, node, scope: tuple[str, ...]) -> None:
        type_node = node.child_by_field_name("type")
        if type_node is not None and type_node.type in _CLASSES:
            self.klass(type_node, scope)
        line = node.start_point[0] + 1
        for declarator in node.children_by_field_name("declarator"):
            fdecl, _ = function_declarator(declarator)
            if fdecl is not None:  # `const aclTensor *Helper(const aclTensor *x, int y = 2);`
                name, _ = declarator_name(self.exprs, fdecl.child_by_field_name("declarator"))
                if name:
                    self.prototypes.append(Prototype("::".join(scope + (name,)), parameters(self.exprs, fdecl), line))
        for stmt in self.stmts.declaration(node, line, in_body=False):
            if stmt.value is None or not stmt.target:
                continue
            self.globals.append(
                GlobalDecl(name="::".join(scope + (stmt.target,)), type_text=stmt.type_text or "", value=stmt.value,
                           line=line, preproc=tuple(self._preproc))
            )


def _bases(node, exprs) -> tuple[str, ...]:
    """The base classes of a class_specifier as written (`Base`, `Other<int>`), access specifiers dropped."""
    clause = next((c for c in node.children if c.type == "base_class_clause"), None)
    if clause is None:
        return ()
    return tuple(exprs.text(c) for c in clause.named_children if c.type not in ("access_specifier", "comment",
                                                                                 "virtual"))


def _is_include_guard(body, name, exprs) -> bool:
    """`#ifndef X` whose first item is `#define X`: transparent, not a condition worth reporting."""
    first = next((c for c in body if c.type != "comment"), None)
    if first is None or first.type != "preproc_def" or name is None:
        return False
    defined = first.child_by_field_name("name")
    return defined is not None and exprs.text(defined) == exprs.text(name)


def syntax_findings(root, source: PreparedSource, path: str) -> list[Finding]:
    """One finding per ERROR node (outermost) and per MISSING token, capped per file; iterative walk."""
    if not root.has_error:
        return []
    found: list[Finding] = []
    extra = 0
    stack = [root]
    while stack:
        node = stack.pop()
        if node.type == "ERROR" or node.is_missing:
            if len(found) >= MAX_SYNTAX_FINDINGS:
                extra += 1
                continue
            line = node.start_point[0] + 1
            if node.is_missing and _statement_macro(node, source):
                continue  # `L0_DFX(Op, x)` without `;`: the macro expands to a whole statement
            if node.is_missing:
                found.append(MESSAGES.make("cxx-missing-token", line=line, path=path, token=repr(node.type)))
            else:
                text = collapse(source.text(node.start_byte, node.end_byte))
                if text == ";":
                    continue  # a stray semicolon (`OP_CHECK(c, OP_LOGE(...);, return false)`): nothing left unread
                found.append(MESSAGES.make("cxx-parse-error", line=line, path=path,
                                           text=text if len(text) <= 80 else text[:77] + "..."))
            continue
        stack.extend(child for child in reversed(node.children) if child.has_error)
    if extra:
        found.append(MESSAGES.make("cxx-too-many-errors", line=None, path=path, count=extra))
    return found


_MACRO_NAME = re.compile(r"^[A-Z][A-Z0-9_]*$")


def _statement_macro(node, source: PreparedSource) -> bool:
    """A `;` missing after an ALL-CAPS macro invocation that forms a whole statement (`OP_LOGD(...)`)."""
    if node.type != ";" or node.parent is None or node.parent.type != "expression_statement":
        return False
    call = node.parent.children[0] if node.parent.children else None
    if call is None or call.type != "call_expression":
        return False
    function = call.child_by_field_name("function")
    return function is not None and bool(_MACRO_NAME.match(source.text(function.start_byte, function.end_byte)))
