"""Walks clang cursors of one file into the shared model, reading each statement through tree-sitter's node."""

from __future__ import annotations

from dataclasses import replace

from op_migrate.analyzers.cxx.messages import MESSAGES
from op_migrate.analyzers.cxx.model import Case, Expr, Function, GlobalDecl, Param, Stmt
from op_migrate.analyzers.cxx.ts_unit import ParsedTree

MAX_DIAGNOSTICS = 50
_FUNCTION_KINDS = ("FUNCTION_DECL", "CXX_METHOD", "CONSTRUCTOR", "DESTRUCTOR", "FUNCTION_TEMPLATE",
                   "CONVERSION_FUNCTION")
_SCOPE_KINDS = ("NAMESPACE", "CLASS_DECL", "STRUCT_DECL", "UNION_DECL", "CLASS_TEMPLATE", "LINKAGE_SPEC",
                "UNEXPOSED_DECL")
_STRUCTURED = ("IF_STMT", "SWITCH_STMT", "FOR_STMT", "WHILE_STMT", "DO_STMT", "CXX_FOR_RANGE_STMT", "COMPOUND_STMT")
_TS_STATEMENTS = frozenset({"expression_statement", "declaration", "if_statement", "switch_statement",
                            "return_statement", "compound_statement", "break_statement", "continue_statement",
                            "for_statement", "for_range_loop", "while_statement", "do_statement", "try_statement",
                            "labeled_statement", "function_definition"})


class ClangWalker:
    """Walks clang cursors of the main file; looks up the tree-sitter node at each cursor's start byte."""

    def __init__(self, parsed: ParsedTree, path: str, main_file: str) -> None:
        self.parsed = parsed
        self.path = path
        self.main_file = main_file
        self.stmts = parsed.walker.stmts
        self.ts_walker = parsed.walker
        self.nodes = _index(parsed.tree.root_node)
        self.macros: dict[int, int] = {}
        self.functions: list[Function] = []
        self.globals: list[GlobalDecl] = []
        self.includes: list[str] = []
        self.toplevel_calls: list[Expr] = []
        self.used_lines: set[int] = set()
        self.dropped = 0
        self._macro_items: set[int] = set()

    # --- namespace scope -------------------------------------------------------------------------------
    def walk(self, unit_cursor) -> None:
        # Macro instantiations and inclusion directives are file-level preprocessing records; reading them
        # first lets a declaration produced by a macro be recognised whatever order clang lists them in.
        for child in unit_cursor.get_children():
            if child.location.file is None or child.location.file.name != self.main_file:
                continue
            if child.kind.name == "MACRO_INSTANTIATION":
                self.macros[child.extent.start.offset] = child.extent.end.offset
            elif child.kind.name == "INCLUSION_DIRECTIVE":
                self.includes.append(child.spelling)
        self.scope(unit_cursor)

    def scope(self, cursor) -> None:
        for child in cursor.get_children():
            location = child.location
            if location.file is None or location.file.name != self.main_file:
                continue
            kind = child.kind.name
            if kind in ("MACRO_INSTANTIATION", "INCLUSION_DIRECTIVE", "MACRO_DEFINITION"):
                continue
            start = child.extent.start.offset
            if self._from_macro(start, child.extent.end.offset):
                self.macro_item(start)  # `OP_TYPE_REGISTER(X);`, whatever declarations it expands to
            elif kind in _FUNCTION_KINDS:
                if child.is_definition():
                    self.function(child)
            elif kind == "VAR_DECL":
                self.variable(child)
            elif kind in _SCOPE_KINDS:
                self.scope(child)

    def macro_item(self, start: int) -> None:
        if start in self._macro_items:
            return
        self._macro_items.add(start)
        node = self._ts("expression_statement", start)
        inner = next((c for c in node.named_children if c.type != "comment"), None) if node is not None else None
        if inner is not None:
            self.toplevel_calls.append(self.stmts.exprs.build(inner))

    def function(self, cursor) -> None:
        node = self._ts("function_definition", cursor.extent.start.offset)
        body_cursor = next((c for c in cursor.get_children() if c.kind.name == "COMPOUND_STMT"), None)
        signature = self.ts_walker.signature(node) if node is not None else None
        if signature is not None:
            _, params, return_type, is_static = signature
        else:
            params = tuple(Param(a.spelling, a.type.spelling) for a in cursor.get_arguments())
            return_type = cursor.result_type.spelling
            is_static = cursor.storage_class is not None and cursor.storage_class.name == "STATIC"
        self.functions.append(
            Function(
                name=_qualified(cursor),
                params=params,
                return_type=return_type,
                body=self.children(body_cursor) if body_cursor is not None else (),
                line=cursor.extent.start.line,
                end_line=cursor.extent.end.line,
                is_static=is_static,
            )
        )
        self.used_lines.update(range(cursor.extent.start.line, cursor.extent.end.line + 1))

    def variable(self, cursor) -> None:
        node = self._ts("declaration", cursor.extent.start.offset)
        if node is None:
            return
        scope = _qualified(cursor).rsplit("::", 1)[0] if "::" in _qualified(cursor) else ""
        for stmt in self.stmts.declaration(node, node.start_point[0] + 1):
            if stmt.target == cursor.spelling and stmt.value is not None:
                name = f"{scope}::{stmt.target}" if scope else stmt.target
                self.globals.append(GlobalDecl(name=name, type_text=stmt.type_text or "", value=stmt.value,
                                               line=stmt.line))

    # --- statements ------------------------------------------------------------------------------------
    def children(self, compound) -> tuple[Stmt, ...]:
        placed: list[tuple[int, list[Stmt]]] = []
        covered: list[tuple[int, int]] = []
        consumed_macro_end = -1
        for child in compound.get_children():
            start, end = child.extent.start.offset, child.extent.end.offset
            if child.kind.name == "NULL_STMT" or start < consumed_macro_end:
                continue  # `;`, or a second statement from the same macro expansion
            if self._from_macro(start, end):
                consumed_macro_end = end = self.macros[start]
            covered.append((start, end))
            placed.append((start, self.statement(child)))
        placed.extend(self._dropped(compound, covered))
        placed.sort(key=lambda item: item[0])
        return tuple(stmt for _, stmts in placed for stmt in stmts)

    def _dropped(self, compound, covered: list[tuple[int, int]]) -> list[tuple[int, list[Stmt]]]:
        """Statements tree-sitter sees in this block that clang left out of its AST (invalid code, e.g. a
        missing header): kept as tree-sitter reads them, each with a finding, never lost silently. Code in an
        inactive `#if` is not a direct child of the block in tree-sitter, so it is never reported here."""
        block = self._ts("compound_statement", compound.extent.start.offset)
        if block is None:
            return []
        out = []
        for node in block.named_children:
            if node.type not in _TS_STATEMENTS or any(s <= node.start_byte < e for s, e in covered):
                continue
            if node.start_byte in self.macros:  # a macro that expands to nothing (`OP_LOGD(...)` in release)
                out.append((node.start_byte, self.stmts.statement(node, 1)))
                continue
            line = node.start_point[0] + 1
            text = " ".join(self.parsed.source.text(node.start_byte, node.end_byte).split())
            self.dropped += 1
            if self.dropped <= MAX_DIAGNOSTICS:
                self.parsed.findings.append(MESSAGES.make("libclang-dropped-statement", line=line, path=self.path,
                                                          text=text if len(text) <= 80 else text[:77] + "..."))
            out.append((node.start_byte, self.stmts.statement(node, 1)))
        return out

    def statement(self, cursor) -> list[Stmt]:
        """The statements of one cursor, each with the last line it spans (as the tree-sitter builder gives)."""
        end = cursor.extent.end.line
        return [stmt if stmt.end_line else replace(stmt, end_line=end) for stmt in self._statement(cursor)]

    def _statement(self, cursor) -> list[Stmt]:
        kind = cursor.kind.name
        if kind == "NULL_STMT":
            return []
        start, end = cursor.extent.start.offset, cursor.extent.end.offset
        if kind in _STRUCTURED and not self._from_macro(start, end):
            return [self._structured(cursor, kind, start)]
        node = self._ts_statement(start)
        if node is None:
            line = cursor.extent.start.line
            text = self.parsed.source.text(start, max(end, self.macros.get(start, end)))
            self.parsed.findings.append(MESSAGES.make("cxx-unknown-construct", line=line, path=self.path,
                                                      node=f"clang {kind}"))
            return [Stmt("unparsed", line, " ".join(text.split()))]
        return self.stmts.statement(node, 1)

    def _structured(self, cursor, kind: str, start: int) -> Stmt:
        line = cursor.extent.start.line
        children = list(cursor.get_children())
        if kind == "COMPOUND_STMT":
            return Stmt("block", line, "{...}", then=self.children(cursor))
        node = self._ts_statement(start)
        if kind == "IF_STMT":
            condition = self.stmts.condition(node.child_by_field_name("condition")) if node is not None else None
            branches = [c for c in children if c.kind.is_statement()]
            then = self._body(branches[0]) if branches else ()
            orelse = self._body(branches[1]) if len(branches) > 1 else ()
            header = f"if ({condition.text})" if condition is not None else "if"
            made = Stmt("if", line, header, value=condition, then=then, orelse=orelse,
                        end_line=node.end_point[0] + 1 if node is not None else 0)
            return self.stmts.with_initializer(node, made, 1) if node is not None else made
        if kind == "SWITCH_STMT":
            condition = self.stmts.condition(node.child_by_field_name("condition")) if node is not None else None
            body = next((c for c in children if c.kind.name == "COMPOUND_STMT"), None)
            header = f"switch ({condition.text})" if condition is not None else "switch"
            made = Stmt("switch", line, header, value=condition, cases=self._cases(body) if body else ())
            return self.stmts.with_initializer(node, made, 1) if node is not None else made
        # Loops: the condition as tree-sitter reads it, the body as clang compiled it.
        read = self.stmts.statement(node, 1) if node is not None else []
        # A `for` with an init clause reads as a block: the init's statements, then the loop.
        scope = read[0] if read and read[0].kind == "block" and read[0].then and read[0].then[-1].kind == "loop" \
            else None
        loop = scope.then[-1] if scope is not None else read[0] if read and read[0].kind == "loop" else None
        body = next((c for c in reversed(children) if c.kind.is_statement()), None)
        if kind == "DO_STMT":
            body = next((c for c in children if c.kind.is_statement()), None)
        made = Stmt("loop", line, loop.text if loop else kind, value=loop.value if loop else None,
                    then=self._body(body) if body is not None else (), orelse=loop.orelse if loop else ())
        return replace(scope, then=scope.then[:-1] + (made,)) if scope is not None else made

    def _body(self, cursor) -> tuple[Stmt, ...]:
        if cursor.kind.name == "COMPOUND_STMT":
            return self.children(cursor)
        return tuple(self.statement(cursor))

    def _cases(self, compound) -> tuple[Case, ...]:
        """clang nests `case A: case B: stmt` and leaves the following statements as siblings; flatten both."""
        cases: list[tuple[str | None, list[Stmt]]] = []
        for child in compound.get_children():
            current = child
            while current.kind.name in ("CASE_STMT", "DEFAULT_STMT"):
                parts = list(current.get_children())
                if current.kind.name == "CASE_STMT":
                    label_cursor = parts[0]
                    label = " ".join(self.parsed.source.text(label_cursor.extent.start.offset,
                                                             label_cursor.extent.end.offset).split())
                    cases.append((label, []))
                else:
                    cases.append((None, []))
                current = parts[-1] if parts else None
                if current is None:
                    break
            if current is None:
                continue
            if cases:
                cases[-1][1].extend(self._body(current) if current.kind.name == "COMPOUND_STMT" and current is not child
                                    else self.statement(current))
        return tuple(Case(label=label, body=tuple(body)) for label, body in cases)

    # --- lookups ---------------------------------------------------------------------------------------
    def _from_macro(self, start: int, end: int) -> bool:
        return start in self.macros and end <= self.macros[start]

    def _ts(self, node_type: str, start: int):
        return next((n for n in self.nodes.get(start, ()) if n.type == node_type), None)

    def _ts_statement(self, start: int):
        return next((n for n in self.nodes.get(start, ()) if n.type in _TS_STATEMENTS), None)


def _index(root) -> dict[int, list]:
    """Start byte -> statement-level tree-sitter nodes starting there (outermost first); iterative walk."""
    index: dict[int, list] = {}
    stack = [root]
    while stack:
        node = stack.pop()
        if node.type in _TS_STATEMENTS:
            index.setdefault(node.start_byte, []).append(node)
        if node.type.endswith("expression") or node.type in ("argument_list", "initializer_list"):
            continue  # statements never start inside expressions (lambdas aside, which clang also nests)
        stack.extend(reversed(node.children))
    return index


def _qualified(cursor) -> str:
    parts = [cursor.spelling]
    parent = cursor.semantic_parent
    while parent is not None and parent.kind.name != "TRANSLATION_UNIT":
        if parent.kind.name not in ("LINKAGE_SPEC", "UNEXPOSED_DECL") and parent.spelling:
            parts.append(parent.spelling)
        parent = parent.semantic_parent
    return "::".join(reversed(parts))
