"""tree-sitter statement nodes -> Stmt, in source order, with if/else-if chains, switch arms and loops."""

from __future__ import annotations

import re
from dataclasses import replace

from op_migrate.analyzers.cxx.messages import MESSAGES
from op_migrate.analyzers.cxx.model import Case, Expr, Stmt
from op_migrate.analyzers.cxx.ts_declarations import declarator_name, type_text
from op_migrate.analyzers.cxx.ts_expressions import ExpressionBuilder, collapse

# Types of the C++ library and the framework's containers: `std::vector<int64_t> dims(rank)` keeps its own reading.
_LIBRARY_TYPE = re.compile(r"^(?:const\s+)?(?:std::|op::|FVector|SmallVector|auto\b|[a-z_][a-z0-9_]*\b(?!::))")
# Nested blocks deeper than this are kept as text; like MAX_EXPR_DEPTH it protects Python's stack.
MAX_STMT_DEPTH = 60

_LOOPS = frozenset({"for_statement", "for_range_loop", "while_statement", "do_statement"})
_PREPROC_CONDITIONALS = frozenset({"preproc_if", "preproc_ifdef"})
_SKIPPED = frozenset({"comment", "{", "}", ";", "preproc_call", "preproc_def", "preproc_function_def",
                      "preproc_include", "type_definition", "alias_declaration", "using_declaration",
                      "static_assert_declaration", "namespace_alias_definition", "empty_statement",
                      # A local type (`struct OutputCheck { ... };` in a body, ops-nn AdaLayerNormBackward) runs nothing.
                      "struct_specifier", "class_specifier", "union_specifier", "enum_specifier"})


class StatementBuilder:
    """Converts the statements of function bodies; shares the expression builder and its findings."""

    def __init__(self, exprs: ExpressionBuilder) -> None:
        self.exprs = exprs
        self.findings = exprs.findings
        self.path = exprs.path

    def block(self, node, depth: int = 0) -> tuple[Stmt, ...]:
        """The statements directly inside a compound statement (or any node holding statements)."""
        out: list[Stmt] = []
        for child in node.children:
            out.extend(self.statement(child, depth))
        return tuple(out)

    def body(self, node, depth: int) -> tuple[Stmt, ...]:
        """A branch or loop body: a compound statement is unwrapped, a single statement stays single."""
        if node is None:
            return ()
        if node.type == "compound_statement":
            return self.block(node, depth + 1)
        return tuple(self.statement(node, depth + 1))

    def statement(self, node, depth: int) -> list[Stmt]:
        """The statements of one node, each with the last line it spans (what a route audit excludes when the
        facts skip it)."""
        end = node.end_point[0] + 1
        return [stmt if stmt.end_line else replace(stmt, end_line=end) for stmt in self._statement(node, depth)]

    def _statement(self, node, depth: int) -> list[Stmt]:
        kind = node.type
        if kind in _SKIPPED or not node.is_named and kind not in ("ERROR",):
            return []
        line = node.start_point[0] + 1
        if depth > MAX_STMT_DEPTH:
            self.findings.append(MESSAGES.make("cxx-recursion-limit", line=line, path=self.path, limit=MAX_STMT_DEPTH))
            return [Stmt("unparsed", line, self.exprs.text(node))]
        if kind == "expression_statement":
            return self._expression_statement(node, line)
        if kind == "declaration":
            return self.declaration(node, line)
        if kind == "if_statement":
            return [self.with_initializer(node, self._if(node, depth, line), depth)]
        if kind == "switch_statement":
            return [self.with_initializer(node, self._switch(node, depth, line), depth)]
        if kind == "return_statement":
            value = next((c for c in node.named_children if c.type != "comment"), None)
            return [Stmt("return", line, self.exprs.text(node), value=self.exprs.build(value) if value else None)]
        if kind in _LOOPS:
            return [self._loop(node, depth, line)]
        if kind == "compound_statement":
            return [Stmt("block", line, "{...}", then=self.block(node, depth + 1))]
        if kind == "break_statement" or kind == "continue_statement":
            return [Stmt(kind.split("_")[0], line, self.exprs.text(node))]
        if kind == "labeled_statement" or kind == "attributed_statement":
            return [s for c in node.named_children[1:] for s in self.statement(c, depth)]
        if kind == "try_statement":
            handlers = [c.child_by_field_name("body") for c in node.named_children if c.type == "catch_clause"]
            return [Stmt("block", line, "try {...}", then=self.body(node.child_by_field_name("body"), depth),
                         orelse=tuple(s for h in handlers for s in self.body(h, depth)))]
        if kind in _PREPROC_CONDITIONALS or kind in ("preproc_elif", "preproc_elifdef"):
            return [self._preproc_if(node, depth, line)]
        if kind == "ERROR":
            return self._error(node, depth, line)
        self.findings.append(MESSAGES.make("cxx-unknown-construct", line=line, path=self.path, node=kind))
        return [Stmt("unparsed", line, self.exprs.text(node))]

    def declaration(self, node, line: int, in_body: bool = True) -> list[Stmt]:
        """One Stmt per declarator: `auto a = f(), b;` gives two decls."""
        base_type = type_text(self.exprs, node)
        out = []
        for declarator in node.children_by_field_name("declarator"):
            name, pointer = declarator_name(self.exprs, declarator)
            value = self._initializer(declarator, base_type)
            if in_body and declarator.type == "function_declarator" and not _LIBRARY_TYPE.match(base_type):
                # `DemoMatmulOp op(self, other);` inside a body is an object built by its constructor (tree-sitter
                # reads identifiers in parentheses as a function declaration, which a body never holds in practice).
                value = self._constructed(declarator, base_type)
            out.append(Stmt("decl", line, self.exprs.text(node), target=name, value=value,
                            type_text=base_type + pointer))
        return out

    def _constructed(self, declarator, base_type: str) -> Expr:
        params = declarator.child_by_field_name("parameters")
        args = []
        for param in params.named_children if params is not None else ():
            if param.type == "comment":
                continue
            text = self.exprs.text(param)
            kind = "name" if text.replace("::", "").replace("_", "a").isalnum() else "other"
            args.append(Expr(kind, text, name=text if kind == "name" else None, line=param.start_point[0] + 1))
        return Expr("call", self.exprs.text(declarator), name=base_type, children=tuple(args),
                    line=declarator.start_point[0] + 1)

    def _initializer(self, declarator, base_type: str) -> Expr | None:
        if declarator.type != "init_declarator":
            return None
        value = declarator.child_by_field_name("value")
        if value is None:
            return None
        if value.type == "argument_list":  # `static AicpuTaskSpace space("FloorMod", ...)`: a constructor call
            return Expr("call", self.exprs.text(declarator), name=base_type,
                        children=self.exprs.arguments(value), line=value.start_point[0] + 1)
        return self.exprs.build(value)

    def _expression_statement(self, node, line: int) -> list[Stmt]:
        inner = next((c for c in node.named_children if c.type != "comment"), None)
        if inner is None:
            return []
        text = self.exprs.text(node)
        if inner.type == "assignment_expression":
            left = inner.child_by_field_name("left")
            right = inner.child_by_field_name("right")
            return [Stmt("assign", line, text, target=self.exprs.text(left) if left else None,
                         value=self.exprs.build(right) if right else None)]
        return [Stmt("expr", line, text, value=self.exprs.build(inner))]

    def _if(self, node, depth: int, line: int) -> Stmt:
        # An else-if chain is walked as a loop, not by recursion: a 500-branch dtype dispatch must not
        # reach the depth limit, and each branch body is only one level below the chain.
        links: list[tuple[int, Expr | None, tuple[Stmt, ...]]] = []
        orelse: tuple[Stmt, ...] = ()
        current = node
        while current is not None:
            value = self.condition(current.child_by_field_name("condition"))
            then = self.body(current.child_by_field_name("consequence"), depth)
            links.append((current.start_point[0] + 1, value, then, current.end_point[0] + 1))
            alternative = current.child_by_field_name("alternative")
            branch = None
            if alternative is not None:
                branch = next((c for c in alternative.named_children if c.type != "comment"), None)
            if branch is not None and branch.type == "if_statement" and _initializer_of(branch) is None:
                current = branch
                continue
            if branch is not None and branch.type == "if_statement":
                orelse = (self.with_initializer(branch, self._if(branch, depth, branch.start_point[0] + 1), depth),)
                break
            orelse = self.body(branch, depth)
            current = None
        for link_line, value, then, end in reversed(links):
            header = f"if ({value.text})" if value is not None else "if"
            orelse = (Stmt("if", link_line, header, value=value, then=then, orelse=orelse, end_line=end),)
        return orelse[0]

    def condition(self, condition) -> Expr | None:
        if condition is None:
            return None
        parts = [c for c in condition.named_children if c.type != "comment"]
        # `if (auto x = f(); x != nullptr)` and `if (auto x = f())`: the tested expression is the last part.
        if parts and parts[-1].type == "declaration":
            declarators = parts[-1].children_by_field_name("declarator")
            if declarators:
                value = declarators[-1].child_by_field_name("value")
                if value is not None:
                    return self.exprs.build(value)
        if parts and parts[-1].type != "declaration":
            return self.exprs.build(parts[-1])
        return Expr("other", self.exprs.text(condition), line=condition.start_point[0] + 1)

    def _switch(self, node, depth: int, line: int) -> Stmt:
        value = self.condition(node.child_by_field_name("condition"))
        body = node.child_by_field_name("body")
        cases: list[Case] = []
        for arm in (body.named_children if body is not None else ()):
            if arm.type != "case_statement":
                continue
            label_node = arm.child_by_field_name("value")
            label = self.exprs.text(label_node) if label_node is not None else None
            statements = [c for c in arm.named_children if c != label_node and c.type != "comment"]
            if len(statements) == 1 and statements[0].type == "compound_statement":
                arm_body = self.block(statements[0], depth + 1)
            else:
                arm_body = tuple(s for c in statements for s in self.statement(c, depth + 1))
            cases.append(Case(label=label, body=arm_body))
        header = f"switch ({value.text})" if value is not None else "switch"
        return Stmt("switch", line, header, value=value, cases=tuple(cases))

    def _loop(self, node, depth: int, line: int) -> Stmt:
        condition = node.child_by_field_name("condition")
        value = None
        if condition is not None:
            value = self.condition(condition) if condition.type == "condition_clause" else self.exprs.build(condition)
        body = self.body(node.child_by_field_name("body"), depth)
        header = self.exprs.text(node).split("{", 1)[0].strip() if node.type != "do_statement" else "do"
        update = node.child_by_field_name("update") if node.type == "for_statement" else None
        loop = Stmt("loop", line, collapse(header)[:200], value=value, then=body,
                    orelse=tuple(self.clause(update)) if update is not None else ())
        initializer = node.child_by_field_name("initializer") if node.type == "for_statement" else None
        if initializer is None:
            return loop
        # `for (init; cond; update)`: the init runs once, in a scope of the loop's own.
        return Stmt("block", line, "{...}", then=(*self.clause(initializer), loop))

    def clause(self, node) -> list[Stmt]:
        """The statements of a header clause: a `for`'s or an `if`'s init (a declaration or an expression), a
        `for`'s update (an expression, often a comma expression)."""
        line = node.start_point[0] + 1
        if node.type == "init_statement":
            inner = next((c for c in node.named_children if c.type != "comment"), None)
            return self.clause(inner) if inner is not None else []
        if node.type == "declaration":
            return self.declaration(node, line)
        if node.type == "expression_statement":
            return self._expression_statement(node, line)
        if node.type == "assignment_expression":
            left, right = node.child_by_field_name("left"), node.child_by_field_name("right")
            return [Stmt("assign", line, self.exprs.text(node), target=self.exprs.text(left) if left else None,
                         value=self.exprs.build(right) if right else None)]
        return [Stmt("expr", line, self.exprs.text(node), value=self.exprs.build(node))]

    def with_initializer(self, node, stmt: Stmt, depth: int) -> Stmt:
        """`if (init; cond)` / `switch (init; cond)`: the init runs first, in a scope of the statement's own."""
        initializer = _initializer_of(node)
        if initializer is None:
            return stmt
        return Stmt("block", stmt.line, "{...}", then=(*self.clause(initializer), stmt))

    def _preproc_if(self, node, depth: int, line: int) -> Stmt:
        """`#if` inside a body: the condition is not evaluated here; both branches are kept."""
        directive = node.children[0].type if node.children else "#if"
        condition = node.child_by_field_name("condition") or node.child_by_field_name("name")
        cond_text = collapse(f"{directive} {self.exprs.text(condition) if condition else ''}")
        alternative = node.child_by_field_name("alternative")
        then = []
        for child in node.named_children:
            if child == condition or child == alternative:
                continue
            then.extend(self.statement(child, depth + 1))
        orelse: tuple[Stmt, ...] = ()
        if alternative is not None and alternative.type == "preproc_else":
            orelse = tuple(s for c in alternative.named_children for s in self.statement(c, depth + 1))
        elif alternative is not None:
            orelse = tuple(self.statement(alternative, depth + 1))
        value = Expr("other", cond_text, name=directive, line=line)
        return Stmt("if", line, cond_text, value=value, then=tuple(then), orelse=orelse)

    def _error(self, node, depth: int, line: int) -> list[Stmt]:
        """Recover the statements tree-sitter still recognised inside an ERROR node; keep the rest as text."""
        out: list[Stmt] = []
        pending: list = []

        def flush() -> None:
            if pending:
                start, end = pending[0], pending[-1]
                text = collapse(self.exprs.source.text(start.start_byte, end.end_byte))
                if text and text != ";":
                    out.append(Stmt("unparsed", start.start_point[0] + 1, text))
                pending.clear()

        for child in node.children:
            if child.type in _STATEMENT_NODES:
                flush()
                out.extend(self.statement(child, depth + 1))
            elif child.type != "comment":
                pending.append(child)
        flush()
        return out


_STATEMENT_NODES = frozenset({"expression_statement", "declaration", "if_statement", "switch_statement",
                              "return_statement", "compound_statement", "break_statement", "continue_statement",
                              "try_statement"}) | _LOOPS


def _initializer_of(node):
    """The init statement of an `if` or `switch` condition (`if (auto y = f(); y != nullptr)`), or None."""
    condition = node.child_by_field_name("condition")
    return condition.child_by_field_name("initializer") if condition is not None else None
