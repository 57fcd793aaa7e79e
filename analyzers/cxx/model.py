"""CxxUnit: the front-end-neutral model of a C++ file: functions, ordered statements, parsed expressions."""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass, field

from op_migrate.analyzers.findings import Finding
from op_migrate.analyzers.model import JsonModel

# Expression kinds. `name` holds the callee text for calls ("l0op::Cast", "executor->AllocTensor"),
# the identifier for names ("self", "op::DataType::DT_DOUBLE"), the operator for unary/binary ("&&", "!", "==").
EXPR_KINDS = ("call", "name", "member", "literal", "unary", "binary", "ternary", "init_list", "lambda", "other")

# Statement kinds. `unparsed` carries text the front end could not structure (an ERROR node); it is
# never dropped: the front end also emits a finding for it.
STMT_KINDS = ("decl", "assign", "expr", "if", "switch", "return", "loop", "block", "break", "continue", "unparsed")


@dataclass(frozen=True)
class Expr(JsonModel):
    """An expression: its source text plus enough structure to evaluate guards and follow calls."""

    kind: str
    text: str
    name: str | None = None
    children: tuple["Expr", ...] = ()  # call arguments; operands; (cond, then, else) for ternary; list items
    line: int = 0

    def calls(self):
        """Every call expression in this tree, outermost first."""
        if self.kind == "call":
            yield self
        for child in self.children:
            yield from child.calls()


@dataclass(frozen=True)
class Case(JsonModel):
    """One `case X:` / `default:` arm of a switch; label None means default."""

    label: str | None
    body: tuple["Stmt", ...]


@dataclass(frozen=True)
class Stmt(JsonModel):
    """One statement in source order.

    decl/assign: `target` is the variable, `value` the initializer or right-hand side (None if absent).
    expr/return: `value` is the expression. if: `value` is the condition, `then`/`orelse` the branches.
    switch: `value` the scrutinee, `cases` its arms. loop: `value` the condition (None for range-for), `then` the body,
    `orelse` a `for`'s update clause (run after each round's body, and after a `continue`). A `for`'s init clause,
    and an `if`'s or `switch`'s, comes first in a block of its own that holds the statement.
    block: `then` holds the nested statements. unparsed: only `text`.
    """

    kind: str
    line: int
    text: str
    target: str | None = None
    value: Expr | None = None
    then: tuple["Stmt", ...] = ()
    orelse: tuple["Stmt", ...] = ()
    cases: tuple[Case, ...] = ()
    type_text: str | None = None  # declared type of a decl ("const aclTensor*", "auto")
    end_line: int = 0  # the last line the statement spans (0 when the front end does not say)


def statements_in(stmts) -> Iterator[Stmt]:
    """Every statement of `stmts` and of their nested blocks (arms, loop bodies, switch cases), depth first."""
    pending = list(stmts)
    while pending:
        stmt = pending.pop()
        yield stmt
        pending.extend(stmt.then)
        pending.extend(stmt.orelse)
        pending.extend(s for case in stmt.cases for s in case.body)


def calls_in(stmts) -> Iterator[tuple[Stmt, Expr]]:
    """Every call in `stmts` and their nested blocks, in source order, with the statement that holds it."""
    for stmt in stmts:
        if stmt.value is not None:
            for call in stmt.value.calls():
                yield stmt, call
        yield from calls_in(stmt.then)
        yield from calls_in(stmt.orelse)
        for case in stmt.cases:
            yield from calls_in(case.body)


@dataclass(frozen=True)
class Param(JsonModel):
    """A function parameter; `type_text` ends in ` = <default>` when the parameter has a default value."""

    name: str
    type_text: str

    @property
    def declared_type(self) -> str:
        """The parameter's type without its default value."""
        return self.type_text.split(" = ", 1)[0]

    @property
    def has_default(self) -> bool:
        return " = " in self.type_text


@dataclass(frozen=True)
class Function(JsonModel):
    """A function definition; `name` is qualified by its enclosing namespaces and class ("l0op::FloorMod")."""

    name: str
    params: tuple[Param, ...]
    return_type: str
    body: tuple[Stmt, ...]
    line: int
    end_line: int
    is_static: bool = False
    # The `#if` conditions around the definition, outermost first ("#if defined(X)", "not (#ifdef Y)");
    # tree-sitter keeps every branch, so two definitions of one name can appear under opposite conditions.
    preproc: tuple[str, ...] = ()
    # A constructor's member initializers in order (`: a_(a), b_{b}`): (member or base name, its argument list).
    initializers: tuple[tuple[str, tuple["Expr", ...]], ...] = ()

    @property
    def short_name(self) -> str:
        return self.name.rsplit("::", 1)[-1]

    @property
    def owner(self) -> str | None:
        """The qualified name of the class or namespace a definition sits in (`ns::MatmulOp` for its methods)."""
        return self.name.rsplit("::", 1)[0] if "::" in self.name else None


@dataclass(frozen=True)
class Prototype(JsonModel):
    """A function declared without a body (in a header, or a method inside its class): where a caller may find
    default values the out-of-line definition does not repeat."""

    name: str  # qualified like Function.name
    params: tuple[Param, ...]
    line: int


@dataclass(frozen=True)
class FieldDecl(JsonModel):
    """A data member: its type and default member initializer (`bool keep_ = false;`, `int n_{0};`)."""

    name: str
    type_text: str
    value: Expr | None
    line: int
    is_static: bool = False


@dataclass(frozen=True)
class ClassDecl(JsonModel):
    """A class or struct definition: its bases (as written, access dropped) and data members; its methods are
    Functions named `Class::Method`."""

    name: str  # qualified like Function.name
    bases: tuple[str, ...]
    fields: tuple[FieldDecl, ...]
    line: int
    end_line: int

    @property
    def short_name(self) -> str:
        return self.name.rsplit("::", 1)[-1]

    def owns(self, function: Function) -> bool:
        """Whether `function` is one of this class's methods (defined in the class or out of line as `Cls::M`)."""
        owner = function.owner or ""
        return owner == self.name or owner.rsplit("::", 1)[-1] == self.short_name


@dataclass(frozen=True)
class GlobalDecl(JsonModel):
    """A namespace-scope declaration with an initializer (constants, `static const std::initializer_list<...>`)."""

    name: str  # qualified like Function.name
    type_text: str
    value: Expr | None
    line: int
    preproc: tuple[str, ...] = ()  # as Function.preproc


@dataclass(frozen=True)
class CxxUnit(JsonModel):
    """One parsed C++ file."""

    SCHEMA = "op-migrate/cxx-unit@1"

    path: str
    frontend: str  # "tree-sitter" | "libclang"
    functions: tuple[Function, ...]
    globals: tuple[GlobalDecl, ...] = ()
    includes: tuple[str, ...] = ()
    findings: tuple[Finding, ...] = field(default=())
    # Namespace-scope expression statements, in practice macro invocations such as `OP_TYPE_REGISTER(FloorMod)`.
    toplevel_calls: tuple[Expr, ...] = ()
    classes: tuple[ClassDecl, ...] = ()
    prototypes: tuple[Prototype, ...] = ()

    def function(self, name: str) -> Function | None:
        """The first function whose qualified or short name is `name`."""
        for function in self.functions:
            if function.name == name or function.short_name == name:
                return function
        return None
