"""Static local variables a function may write (`static bool inited = false; ... inited = true;`): what a call reads
is what earlier calls left, so the walk of one call knows nothing of it; its initializer only holds on the first call.
A static local only read (`static bool useV2 = GetSocVersion() == ...;`) keeps its initializer's value. An initializer
that may launch or make tensors runs on the first call only: its effects are `may` (first_call_assignment)."""

from __future__ import annotations

import re

from op_migrate.analyzers.cxx.model import Function, Stmt, statements_in
from op_migrate.analyzers.route.callee_text import bare_name, split_callee
from op_migrate.analyzers.route.effect_scan import is_effect_call
from op_migrate.analyzers.route.objects import class_spelling
from op_migrate.analyzers.route.values import Unknown
from op_migrate.analyzers.route.written_names import statement_texts, writes_pattern

_STATIC = re.compile(r"^\s*static\b(?!.*\b(?:const|constexpr)\b[^=]*=)")
# The callees a lambda's text calls (`l0op::X(`, `executor->AllocTensor(`, `ADD_TO_LAUNCHER_LIST_AICORE(`).
_CALLED = re.compile(r"([A-Za-z_][\w:]*(?:\s*(?:\.|->)\s*[A-Za-z_]\w*)*)\s*\(")
_ONCE = re.compile(r"^\s*(?:static|thread_local)\b")
_MEMO: dict[int, tuple[Function, frozenset[str]]] = {}
_FIRST: dict[int, tuple[Stmt, Stmt]] = {}  # a declaration's id -> (it, its first call's assignment)
_HANDS_OUT = re.compile(r"^(?!.*\bconst\b).*[&*]\s*$")  # a non-const reference or pointer return type


def carried_over(function: Function, stmt: Stmt) -> bool:
    """Whether `stmt` declares a non-const static local that `function` may write: assigned (plainly, compound, an
    element), incremented, its address taken, or given to a call (a reference parameter may write it)."""
    if not _static_declaration(stmt):
        return False
    held = _MEMO.get(id(function))
    if held is None or held[0] is not function:  # kept with the function: its id is not reused meanwhile
        if len(_MEMO) > 4096:
            _MEMO.clear()
        held = _MEMO[id(function)] = (function, _written_statics(function))
    return stmt.target.strip() in held[1]


def _written_statics(function: Function) -> frozenset[str]:
    statics = [stmt.target.strip() for stmt in statements_in(function.body) if _static_declaration(stmt)]
    if not statics:
        return frozenset()
    text = statement_texts(function.body, skip=_static_declaration)  # a declaration's initializer is no write
    if _HANDS_OUT.search(function.return_type or ""):
        # `int64_t& Slot() { static int64_t s = 0; return s; }`: a caller may write it through what is returned.
        returned = " ".join(stmt.text for stmt in statements_in(function.body) if stmt.kind == "return")
        return frozenset(name for name in statics if writes_pattern(name).search(text) or
                         re.search(rf"\b{re.escape(name)}\b", returned))
    return frozenset(name for name in statics if writes_pattern(name).search(text))


def _static_declaration(stmt: Stmt) -> bool:
    return stmt.kind == "decl" and bool(stmt.target) and _STATIC.match(stmt.text) is not None


def once_per_process(stmt: Stmt) -> bool:
    """Whether a declaration's initializer runs once per process (or thread): `static` or `thread_local`."""
    return stmt.kind == "decl" and bool(stmt.target) and stmt.value is not None and _ONCE.match(stmt.text) is not None


def first_call_assignment(stmt: Stmt) -> Stmt:
    """`static auto y = Make(x);` as the first call runs it: `y = Make(x);` (kept with the declaration)."""
    held = _FIRST.get(id(stmt))
    if held is None or held[0] is not stmt:
        if len(_FIRST) > 4096:
            _FIRST.clear()
        name = stmt.target.strip()
        held = _FIRST[id(stmt)] = (stmt, Stmt("assign", stmt.line, f"{name} = {stmt.value.text};", target=name,
                                              value=stmt.value, end_line=stmt.end_line))
    return held[1]


class StaticLocals:
    """Methods of RouteWalk: a static local whose initializer may launch or make tensors."""

    def initializer_acts(self, stmt: Stmt) -> bool:
        """Whether a once-per-process initializer may launch or make tensors: a call that may (effect_scan.may_launch;
        a call the route cannot find is reported where it is walked), a method of an object or one given the
        executor, a lambda called in place that launches, or an object of a repository class whose constructor or
        member initializers may. Making a lambda does nothing."""
        value = stmt.value
        if value.kind == "lambda":
            return False
        for call in value.calls():
            callee = (call.name or "").strip()
            if callee.startswith("["):  # a lambda called in place
                if any(is_effect_call(name) for name in _CALLED.findall(callee)):
                    return True
                continue
            receiver, _ = split_callee(callee)
            if is_effect_call(callee) or receiver is not None and self._method_may_launch(receiver, call):
                return True
            found = self._local_function(bare_name(callee).rsplit("::", 1)[-1], len(call.children),
                                         written=bare_name(callee)) if receiver is None else None
            if found is not None and self.may_launch(*found):
                return True
        found = self.class_decl(class_spelling(stmt.type_text)) if stmt.type_text and "*" not in stmt.type_text \
            else None
        if found is None:
            return False
        for unit, decl in self.lineage(found):
            if any(self.may_launch(owner, ctor) for owner, ctor in self._methods_of(unit, decl, decl.short_name)) or \
                    any(is_effect_call((call.name or "").strip())
                        for member in decl.fields if member.value is not None for call in member.value.calls()):
                return True
        return False

    def walk_first_call_initializer(self, stmt: Stmt) -> None:
        """`static auto y = l0op::Make(x, executor);`: the initializer runs on the first call only, so what it
        launches or makes is `may`; later calls read what the first one left (unknown here)."""
        name = stmt.target.strip()
        self._assign_stmt(stmt, Unknown(name))
        self.walk_undecided(f"first call: static {name} initialized", (first_call_assignment(stmt),), ())
        if carried_over(self.frame.function, stmt):
            self._store(self.frame, name, Unknown(name))  # earlier calls' value
