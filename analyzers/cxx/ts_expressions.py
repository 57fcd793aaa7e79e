"""tree-sitter expression nodes -> Expr: calls by callee text, operators, literals, init lists, ternaries."""

from __future__ import annotations

from op_migrate.analyzers.cxx.messages import MESSAGES
from op_migrate.analyzers.cxx.model import Expr
from op_migrate.analyzers.cxx.source import BARE_RETURN, VOID_CAST, PreparedSource
from op_migrate.analyzers.findings import Finding

# Deep enough for any real guard, shallow enough that Python's own stack (1000 frames) is never at risk.
MAX_EXPR_DEPTH = 120

_NAME_NODES = frozenset(
    {"identifier", "qualified_identifier", "field_identifier", "namespace_identifier", "type_identifier",
     "this", "destructor_name", "operator_name", "template_function", "scoped_identifier"}
)
_LITERAL_NODES = frozenset(
    {"number_literal", "string_literal", "raw_string_literal", "char_literal", "concatenated_string",
     "true", "false", "null", "nullptr", "user_defined_literal"}
)
_UNARY_NODES = frozenset({"unary_expression", "pointer_expression", "update_expression", "sizeof_expression",
                          "alignof_expression"})


def collapse(text: str) -> str:
    """One space for every run of whitespace: conditions compare equal across line breaks and front ends."""
    if "\n" in text or "  " in text or "\t" in text or "\r" in text:
        return " ".join(text.split())
    return text.strip()


class ExpressionBuilder:
    """Converts expression nodes of one file; collects findings about depth."""

    def __init__(self, source: PreparedSource, path: str, findings: list[Finding]) -> None:
        self.source = source
        self.path = path
        self.findings = findings
        self._depth_reported: set[int] = set()
        self._original = source.original
        self._has_masks = source.masked != source.original

    def text(self, node) -> str:
        # Inlined decode + collapse: this runs for every node of every expression (the hot path of the front end).
        text = self._original[node.start_byte:node.end_byte].decode("utf-8", "replace")
        if "\n" in text or "  " in text or "\t" in text or "\r" in text:
            return " ".join(text.split())
        return text

    def build(self, node, depth: int = 0) -> Expr:
        line = node.start_point[0] + 1
        if depth > MAX_EXPR_DEPTH:
            if line not in self._depth_reported:
                self._depth_reported.add(line)
                self.findings.append(MESSAGES.make("cxx-recursion-limit", line=line, path=self.path,
                                                   limit=MAX_EXPR_DEPTH))
            return Expr("other", self.text(node), line=line)
        kind = node.type
        if kind == "parenthesized_expression" or kind == "condition_clause":
            inner = [c for c in node.named_children if c.type != "comment"]
            if len(inner) == 1:
                return self.build(inner[0], depth + 1)
            return Expr("other", self.text(node), line=line)
        if kind == "call_expression":
            return self._call(node, depth, line)
        if kind in _NAME_NODES:
            if self._has_masks and kind == "identifier" and self._masked(node, BARE_RETURN):
                return Expr("other", "return", name="return", line=line)
            text = self.text(node)
            return Expr("name", text, name=text, line=line)
        if kind in _LITERAL_NODES:
            return Expr("literal", self.text(node), line=line)
        if kind == "field_expression":
            obj = node.child_by_field_name("argument")
            field = node.child_by_field_name("field")
            children = (self.build(obj, depth + 1),) if obj is not None else ()
            return Expr("member", self.text(node), name=self.text(field) if field else None,
                        children=children, line=line)
        if kind == "binary_expression" or kind == "assignment_expression" or kind == "comma_expression":
            return self._binary(node, depth, line)
        if kind in _UNARY_NODES:
            return self._unary(node, depth, line)
        if kind == "conditional_expression":
            parts = [node.child_by_field_name(f) for f in ("condition", "consequence", "alternative")]
            children = tuple(self.build(p, depth + 1) for p in parts if p is not None)
            return Expr("ternary", self.text(node), name="?:", children=children, line=line)
        if kind == "initializer_list":
            items = tuple(self.build(c, depth + 1) for c in node.named_children if c.type != "comment")
            return Expr("init_list", self.text(node), children=items, line=line)
        if kind == "lambda_expression":
            return Expr("lambda", self.text(node), children=self._calls_inside(node, depth), line=line)
        if kind == "cast_expression" and self._has_masks and self._masked(node, VOID_CAST):
            value = node.child_by_field_name("value")
            children = (self.build(value, depth + 1),) if value is not None else ()
            return Expr("other", self.text(node), name="return", children=children, line=line)
        # Casts, subscripts, new/delete, compound literals: keep the operands so calls inside stay visible.
        operands = tuple(self.build(c, depth + 1) for c in node.named_children if _is_operand(c))
        return Expr("other", self.text(node), name=kind, children=operands, line=line)

    def arguments(self, argument_list, depth: int = 0) -> tuple[Expr, ...]:
        return tuple(self.build(c, depth + 1) for c in argument_list.named_children if c.type != "comment")

    def _calls_inside(self, node, depth: int) -> tuple[Expr, ...]:
        """The outermost calls in a lambda body, so Expr.calls() sees an `l0op::` call made inside one."""
        body = node.child_by_field_name("body")
        found: list[Expr] = []
        stack = [body] if body is not None else []
        while stack:
            current = stack.pop()
            if current.type == "call_expression":
                found.append(self.build(current, depth + 1))
                continue
            stack.extend(reversed(current.named_children))
        return tuple(found)

    def _call(self, node, depth: int, line: int) -> Expr:
        callee = node.child_by_field_name("function")
        args = node.child_by_field_name("arguments")
        arguments = self.arguments(args, depth) if args is not None else ()
        name = self.text(callee) if callee is not None else ""
        # A call on a call (`uniqueExecutor.get()->ConvertToTensor(...)`) keeps the inner call as the
        # first child so Expr.calls() still finds it; the callee text stays the full chain.
        if callee is not None and callee.type == "field_expression":
            receiver = callee.child_by_field_name("argument")
            if receiver is not None and receiver.type == "call_expression":
                arguments = (self.build(receiver, depth + 1),) + arguments
                return Expr("call", self.text(node), name=name, children=arguments, line=line)
        if callee is not None and callee.type == "call_expression":
            # A call of what a call returns (`kTable.at(k)(x)`, `Pick(mode)(x)`): the callee call comes first too.
            arguments = (self.build(callee, depth + 1),) + arguments
        return Expr("call", self.text(node), name=name, children=arguments, line=line)

    def _binary(self, node, depth: int, line: int) -> Expr:
        left = node.child_by_field_name("left")
        right = node.child_by_field_name("right")
        operator = node.child_by_field_name("operator")
        op = operator.type if operator is not None else ","  # an anonymous node's type is its token text
        children = tuple(self.build(c, depth + 1) for c in (left, right) if c is not None)
        return Expr("binary", self.text(node), name=op, children=children, line=line)

    def _unary(self, node, depth: int, line: int) -> Expr:
        operator = node.child_by_field_name("operator")
        operand = node.child_by_field_name("argument") or node.child_by_field_name("value")
        if operator is None:
            operator = next((c for c in node.children if not c.is_named), None)
        op = operator.type if operator is not None else node.type
        children = (self.build(operand, depth + 1),) if operand is not None else ()
        return Expr("unary", self.text(node), name=op, children=children, line=line)

    def _masked(self, node, replacement: bytes) -> bool:
        start = node.start_byte
        return self.source.masked[start:start + len(replacement)] == replacement and \
            self.source.original[start:start + 6] == b"return"


def _is_operand(node) -> bool:
    return node.is_named and node.type not in ("comment", "type_descriptor", "primitive_type", "type_identifier",
                                               "template_argument_list")
