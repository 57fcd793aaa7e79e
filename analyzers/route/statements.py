"""The statement half of the route walk: blocks, declarations, assignments, if / switch / loop under Facts."""

from __future__ import annotations

import contextlib
import functools
import re
from collections.abc import Iterator

from op_migrate.analyzers.cxx.model import Expr, Stmt
from op_migrate.analyzers.route.callee_text import bare_name
from op_migrate.analyzers.route.checks import logs_and_fails, returns_error
from op_migrate.analyzers.route.containers import is_container_type, join_tensors, join_values, with_item
from op_migrate.analyzers.route.integers import scalar_declarations, stored
from op_migrate.analyzers.route.macros import CHECK_MACROS, IGNORED_PREFIXES
from op_migrate.analyzers.route.maps import MAP_TYPE
from op_migrate.analyzers.route.objects import MAX_OBJECTS
from op_migrate.analyzers.route.recovery import (
    recovers_from_result,
    recovers_in_condition,
    recovers_in_switch,
    stored_results,
)
from op_migrate.analyzers.route.model import ShapeRule
from op_migrate.analyzers.route.scopes import Shadows, declared_name, loop_variable
from op_migrate.analyzers.route.static_locals import carried_over, once_per_process
from op_migrate.analyzers.route.value_ops import arithmetic
from op_migrate.analyzers.route.values import (
    UNKNOWN,
    DType,
    DtypeList,
    HostValue,
    IntList,
    Null,
    ObjectList,
    ObjectValue,
    PairValue,
    ShapeValue,
    TensorList,
    TensorRef,
    TensorTuple,
    Unknown,
    is_int,
    is_number,
)
from op_migrate.analyzers.route.written_names import assigns_pattern, writes_in

_NUMBER_VECTOR = re.compile(r"\b(?:std::)?vector\s*<\s*(?:const\s+)?(?:u?int\d*_t|int|long|size_t|float|double|bool)\s*>")
_AGGREGATE_RETURN = re.compile(r"\b(?:tuple|pair|array)\s*<")
_MACRO_CALL = re.compile(r"^\s*([A-Z_][A-Z0-9_]*)\s*\(")
_MAX_HOST_LIST = 64  # longest host array modelled item by item (shapes have at most 8 dims)
_MAX_UNROLL = 64
_VECTOR_SIZE = re.compile(r"\w+\s*\(\s*([\w:.\->()]+?)\s*\)\s*;\s*$")
_ARRAY_SIZE = re.compile(r"\[\s*(\d+)\s*\]")
_RESULTS = ("call", "ternary", "binary")  # values whose failure a caller may go on after (recovery.py)
# An assignment (not ==, <=, >=, !=), a compound assignment or a step in an expression's text.
_WRITES_IN_TEXT = re.compile(r"(?<![=!<>])=(?!=)|\+\+|--")
_ELEMENT = re.compile(r"^(\w+)\s*\[(.+)\]$")
_STEPPED_INDEX = re.compile(r"(\+\+|--)?\s*(?:(\w+)\s*(?:\+\+|--)|(?<=\+\+|--)\s*(\w+))")
# `int64_t& alias = source;` (not const, not `&&`): a local name for a variable or member.
_LOCAL_REFERENCE = re.compile(r"^\s*(?!const\b[^*&]*&)[\w:<>\s*]*?[\w>*]\s*&\s*(\w+)\s*=\s*([A-Za-z_]\w*(?:\s*(?:\.|->)\s*\w+)*)\s*;")
# `for (auto& d : dims)` / `for (int64_t &d : v)`, not const: the body may write the range's elements through d.
_PLAIN_TARGET = re.compile(r"[A-Za-z_]\w*")
_ELEMENT_REFERENCE = re.compile(r"^\s*for\s*\(\s*(?!const\b)[^:;()]*?&\s*\w+\s*:\s*(.+?)\s*\)\s*$")
_COUNTED_FOR = re.compile(
    r"^\s*for\s*\(\s*(?:[\w:]+\s+)?(\w+)\s*=\s*([^;]+?)\s*;\s*\1\s*(<|<=|!=)\s*([^;]+?)\s*;"
    r"\s*(?:\+\+\1|\1\+\+|\1\s*\+=\s*1)\s*\)"
)

# How a statement or block ended: fell through, returned, returned on some arms only, left by break, or by continue.
NORMAL, RETURNED, MAYBE, BREAK, CONTINUE = "normal", "returned", "maybe", "break", "continue"
JUMPS = (BREAK, CONTINUE)


class StatementWalker:
    """Methods of RouteWalk that walk statements; it supplies frame, value(), truth(), _store() and findings."""

    def walk_block(self, stmts) -> str:
        flow = NORMAL
        shadows = None
        try:
            for index, stmt in enumerate(stmts):
                name = declared_name(stmt) if stmt.kind == "decl" else None
                if name is not None and (name in self.frame.env or name in self.frame.refs):
                    shadows = shadows or Shadows(self.frame)
                    shadows.declare(name)
                result = self.walk_stmt(stmt)
                if result in (RETURNED, BREAK, CONTINUE):
                    self.skipped(stmts[index + 1:])  # never reached for these facts
                    return result
                if result == MAYBE:
                    flow = MAYBE
            return flow
        finally:
            if shadows is not None and self.frame is shadows.frame:
                shadows.restore()

    def walk_stmt(self, stmt: Stmt) -> str:
        if not self._spend_step(stmt.line):
            return RETURNED
        if self.loop_records:
            self.note_walked(stmt)  # a loop's first pass: what it read (loop_skip.py)
        kind = stmt.kind
        if kind == "decl" and once_per_process(stmt) and self.initializer_acts(stmt):
            self.walk_first_call_initializer(stmt)
            return NORMAL
        if kind in ("decl", "assign", "expr", "return") and stmt.value is not None and \
                not self.frame.errors_are_paths and stmt.value.children:
            stored = stored_results(stmt, self.frame.function.body)
            if stored:
                # `v.push_back(l0op::X(...))`, `{x, c ? nullptr : y}`, `ctx.SetOut(l0op::X(...))`: the holder is
                # tested and the caller goes on, or a helper may test it (recovery.py), so their failures and null
                # arms are paths; a ternary's calls are too.
                arms = [arm for expr in stored if expr.kind == "ternary" for arm in expr.children[1:]
                        if arm.kind == "call"]
                with self._recovering(*stored, *arms):
                    return self._walk_kind(stmt, kind)
        return self._walk_kind(stmt, kind)

    def _walk_kind(self, stmt: Stmt, kind: str) -> str:
        if kind in ("decl", "assign"):
            if kind == "decl" and MAP_TYPE.search(stmt.type_text or "") and stmt.value is not None:
                value = self.map_value(stmt.value, stmt.type_text or "")
            elif kind == "decl" and stmt.value is not None and stmt.value.kind == "init_list" and \
                    (made := self.braced_object(stmt)) is not None:
                value = made  # `QuantContext ctx{weight, ...};`: an object of a repository class
            elif kind == "decl" and is_container_type(stmt.type_text, stmt.text):
                value = self.container_decl(stmt)
            elif kind == "decl" and stmt.value is not None and stmt.value.kind == "init_list" and \
                    "tuple<" in (stmt.type_text or ""):
                value = self.braced_tuple(stmt.value)
            elif kind == "decl" and stmt.value is not None and stmt.value.kind == "init_list" and \
                    "pair<" in (stmt.type_text or "") and len(stmt.value.children) == 2:
                value = PairValue(self.braced_tuple(stmt.value).items)  # `std::pair<A, B> p = {a, b};`
            elif stmt.value is not None and stmt.value.kind in _RESULTS and _may_fail(stmt.value) and \
                    self._recovered_result(stmt):
                value = self._value_going_on(stmt.value)  # the caller goes on after it fails (recovery.py)
            else:
                value = self.value(stmt.value) if stmt.value is not None else self._declared(stmt)
            if kind == "decl":
                # `int64_t t = 2.7` holds 2, `size_t n = x` is unsigned
                value = stored(stmt.type_text, value, (stmt.target or "").strip())
                if isinstance(value, TensorList) and self.points_into_array(stmt):
                    value = Unknown((stmt.target or "").strip())
                self.declared_pointer(stmt)
                if isinstance(value, ObjectValue) and self.copies_object(stmt):
                    value = self.copied_object(value, self.frame.born)  # `Box b = a;`: b is a copy of a
            if stmt.target:
                self._assign_stmt(stmt, value)
                if kind == "decl" and carried_over(self.frame.function, stmt):
                    self._store(self.frame, stmt.target.strip(), Unknown(stmt.target.strip()))  # earlier calls' value
            return NORMAL
        if kind == "expr":
            if stmt.value is not None and stmt.value.kind == "call":
                expanded = self.walk_macro_statement(stmt.value)  # a macro of the repository or the framework
                if expanded is not None:
                    return expanded
                checked = self.check_statement(stmt.value)  # CHECK_RET / dtype checks the facts may fail
                if checked is not None:
                    return checked
            if stmt.value is not None:
                self.discarded_result = stmt.value
                try:
                    self.value(stmt.value)
                finally:
                    self.discarded_result = None
            return NORMAL
        if kind == "return":
            if stmt.value is not None and stmt.value.kind == "init_list" and \
                    _AGGREGATE_RETURN.search(self.frame.function.return_type):
                # `return {values, indices};` from a function returning std::tuple, std::pair or std::array.
                value = self.braced_tuple(stmt.value)
            elif stmt.value is not None and stmt.value.kind == "init_list" and \
                    (made := self.braced_return(self.frame.function.return_type, stmt.value)) is not None:
                value = made  # `return {y, mask};` from a function returning a repository struct
            else:
                value = self.value(stmt.value) if stmt.value is not None else UNKNOWN
            self.return_value(value)
            return RETURNED
        if kind == "if":
            return self._walk_if(stmt)
        if kind == "switch":
            return self._walk_switch(stmt)
        if kind == "loop":
            name = loop_variable(stmt.text) if stmt.text.startswith("for") else None
            if name is not None:
                self.loop_pointer(stmt.text)
            if name is None or (name not in self.frame.env and name not in self.frame.refs):
                return self._walk_loop(stmt)
            shadows = Shadows(self.frame)
            shadows.declare(name)
            try:
                return self._walk_loop(stmt)
            finally:
                if self.frame is shadows.frame:
                    shadows.restore()
        if kind == "block":
            return self.walk_block(stmt.then)
        if kind == "break":
            return self.jump(BREAK)
        if kind == "continue":
            return self.jump(CONTINUE)
        if kind == "unparsed":
            invoked = _MACRO_CALL.match(stmt.text)
            if invoked is not None:
                expanded = self.walk_macro_statement(Expr("call", stmt.text.rstrip().rstrip(";"),
                                                          name=invoked.group(1), line=stmt.line))
                if expanded is not None:
                    return expanded
            if not stmt.text.lstrip().startswith(IGNORED_PREFIXES + CHECK_MACROS):
                self._incomplete("route-unparsed-construct", stmt.line, text=clip(stmt.text))
            return NORMAL
        return NORMAL

    def _declared(self, stmt: Stmt):
        type_text = stmt.type_text or ""
        if self.object_container(type_text):
            return ObjectList()  # `std::vector<std::shared_ptr<Node>> nodes;`
        made = self.default_constructed(type_text, stmt.line)  # `MatmulOp op;`: its default constructor runs
        if made is not None:
            return made
        if "Shape" in type_text and "*" not in type_text and "&" not in type_text:
            if re.search(r"\w\s*;\s*$", stmt.text) and "(" not in stmt.text:
                return ShapeValue((), ShapeRule("literal"))  # `op::Shape s;` is rank 0 until AppendDim
            return ShapeValue(None, ShapeRule("unknown", text=stmt.text.strip()))
        sized = _VECTOR_SIZE.search(stmt.text) if "vector" in type_text else None
        if sized:
            count = self.receiver_value(sized.group(1))
            if isinstance(count, int) and 0 <= count <= _MAX_HOST_LIST:
                return IntList((0,) * count)
        return Unknown(stmt.target or "")

    def _assign_stmt(self, stmt: Stmt, value) -> None:
        """Plain, compound (`size *= x`) and element (`dims[i] = x`) assignments; arrays of known size."""
        target = stmt.target.strip()
        if stmt.kind == "decl" and self.structured_binding(stmt, value) or \
                stmt.kind == "assign" and self.tie_assignment(target, value):
            return
        compound = _compound_operator(target, stmt.text) if stmt.kind == "assign" else None
        member = self.own_member(target) if stmt.kind == "assign" else None
        if compound:
            value = arithmetic(compound, self.place_value(target, member), value, stmt.text)
        element = _ELEMENT.match(target)
        if element:
            self._assign_element(target, element.group(1), self._index_value(element.group(2)), value)
            return
        if member is not None:  # `count_ = 1;`, `count_ += k;` inside a method: its object's member
            self.store_member(self.frame, member[0], member[1], value)
            return
        if stmt.kind == "assign":
            value = self.as_declared(target, value)
        if stmt.kind == "decl" and isinstance(value, HostValue) and value.kind == "ints" and \
                ("[" in stmt.text or _NUMBER_VECTOR.search(stmt.type_text or "")):
            value = IntList(value.dims)  # `int64_t perm[] = {1, 0}`, `vector<float> scales{}`
        # `int64_t perm[2] = {...}`: the size is in the declarator, not in an initializer's `r[1]`.
        array = _declared_size(stmt.text) if stmt.kind == "decl" else None
        empty = isinstance(value, DtypeList) and not value.names  # `= {}`
        if stmt.kind == "decl" and empty and _NUMBER_VECTOR.search(stmt.type_text or ""):
            value = IntList(())  # `vector<float> scales{}`: an empty host vector that push_back fills
        if array is not None and (isinstance(value, (IntList, Unknown)) or empty):
            size = array
            given = value.items if isinstance(value, IntList) else ()
            if size <= _MAX_HOST_LIST:
                value = IntList(tuple(given) + (0,) * (size - len(given)))
        if stmt.kind == "decl":
            self.frame.env.setdefault(target, UNKNOWN)  # a new local, even where a global has its name
        self._store(self.frame, target, value)
        alias = _local_reference(stmt.text) if stmt.kind == "decl" else None
        if stmt.kind == "decl":
            self.declared_reference(stmt, alias is not None)
        if alias is not None:
            # `int64_t& count = shape.count;`: a write through the reference is a write to what it names.
            self.frame.refs[alias[0]] = (self.frame, alias[1])

    def _assign_element(self, target: str, name: str, index, value) -> None:
        """`dims[i] = x` (`target`; `index` evaluated): the element of a host list or an L0 op's tuple, a tensor
        list's item; anything else the walk does not follow."""
        member = self.own_member(name)
        if member is not None:  # `dims_[0] = 5` inside a method: an element of its object's member
            self.store_member(self.frame, *member, _with_element(self.member_value(*member), index, value))
            return
        current = self.frame.env.get(name)
        if isinstance(current, TensorList):
            self.container_element_assign(name, current, value)
            return
        if current is not None and not isinstance(current, (IntList, TensorTuple, Unknown)):
            self._store(self.frame, name, Unknown(name))  # `m[2] = 5` on a map or set the walk does not follow
            return
        if isinstance(current, TensorTuple):
            # `fagOut[0] = l0op::Reshape(fagOut[0], ...)` on the std::array an L0 op returned: that position only.
            items = list(current.items)
            if isinstance(index, int) and 0 <= index < len(items):
                items[index] = value
            else:
                items = [UNKNOWN] * len(items)
            self._store(self.frame, name, TensorTuple(tuple(items)))
            return
        if isinstance(current, IntList) and isinstance(index, int) and 0 <= index < len(current.items):
            items = list(current.items)
            items[index] = value if is_number(value) else None
            self._store(self.frame, name, IntList(tuple(items)))
        elif isinstance(current, IntList):
            self._store(self.frame, name, IntList((None,) * len(current.items)))
        if name in self.frame.pointers or not isinstance(current, IntList):
            self.write_through_unknown(self.frame, target)  # `p[0] = 9`: p may reach an array of the frame

    def place_value(self, target: str, member=None):
        """What a compound assignment's target holds before it (`n += 1`, `dims[1] *= 2`, `p.a -= 1`, a member inside
        a method); None when the walk cannot read it."""
        if member is not None:
            return self.member_value(*member)
        if _PLAIN_TARGET.fullmatch(target):
            return self.frame.env.get(target)
        if "++" in target or "--" in target or "(" in target:
            return None
        return self.receiver_value(target)

    def step_place(self, text: str, value) -> None:
        """`v[1]++`, `p.a--`, `(*p)++`: the stepped value stored where the operand is (a plain name is `assign`)."""
        target = text.strip()
        target = target[1:-1].strip() if target.startswith("(") and target.endswith(")") else target
        if _PLAIN_TARGET.fullmatch(target):
            self.assign(target, value)
            return
        element = _ELEMENT.match(target)
        if element and "++" not in element.group(2) and "--" not in element.group(2):
            self._assign_element(target, element.group(1), self.receiver_value(element.group(2)), value)
        elif element:
            self.write_through_unknown(self.frame, target, named=True)  # `v[k++]++`: the index steps too
        else:
            self._store(self.frame, target, value)

    def as_declared(self, name: str, value):
        """A number stored into a variable declared of an arithmetic type, as C++ converts it (`n = dimNum - 3` on a
        `size_t n` holds the unsigned value, `a++` on a `uint8_t a = 255` 0; `big = big + 1` on an int32_t may
        overflow); anything else as it is."""
        declared = scalar_declarations(self.frame.function).get(name) if is_number(value) else None
        return value if declared is None else stored(declared, value, name)

    def _index_value(self, text: str):
        """An element's index, with the change an increment in it makes (`perm[k++] = i`: k moves on)."""
        stepped = _STEPPED_INDEX.fullmatch(text.strip())
        if stepped is None:
            return self.receiver_value(text)
        name = stepped.group(2) or stepped.group(3)
        before = self.lookup(name)
        step = 1 if "++" in text else -1
        after = before + step if is_int(before) else Unknown(name)
        self._store(self.frame, name, after)
        return after if stepped.group(1) else before

    def ternary_arms(self, expr):
        """`c ? l0op::Cast(x, t) : x` with c undecided: a launch in an arm happens only when its arm is taken, and
        what an arm writes (`c ? (a = 1) : (b = 2)`, `c ? Set(k) : false`) is written only then: the arms start from
        the same variables and join where the expression ends."""
        cond, then, orelse = expr.children
        if not (self._may_change(then) or self._may_change(orelse)):
            return self.value(then), self.value(orelse)
        text = self.caller_text(clip(cond.text))
        self._note_unknown(text)
        values, start, ends = [], self.snapshot(), []
        for index, (guard, arm) in enumerate(((guard_term(text), then), (f"!({text})", orelse))):
            if index:
                ends.append(self.snapshot())
                self.restore(start)
            saved = self.frame.guards, self.frame.may
            self.frame.guards, self.frame.may = self.frame.guards + (guard,), True
            try:
                values.append(self.value(arm))
            finally:
                self.frame.guards, self.frame.may = saved
        self.join_jumps(ends, NORMAL)
        return tuple(values)

    def operand_under(self, left_expr: Expr, op: str, right_expr: Expr):
        """`c && l0op::Abs(x) != nullptr` with c undecided: the right operand runs only when c lets it, and what it
        writes (`c && Get(x, k)`, `c || (k = 2) > 0`) is joined with the variables of the path that skipped it."""
        if not self._may_change(right_expr):
            return self.truth(right_expr)
        text = self.caller_text(clip(left_expr.text))
        self._note_unknown(text)
        skipped = self.snapshot()
        saved = self.frame.guards, self.frame.may
        guard = guard_term(text) if op == "&&" else f"!({text})"
        self.frame.guards, self.frame.may = self.frame.guards + (guard,), True
        try:
            return self.truth(right_expr)
        finally:
            self.frame.guards, self.frame.may = saved
            self.join_jumps([skipped], NORMAL)

    def _may_change(self, expr) -> bool:
        """Whether evaluating `expr` may launch, make a tensor or write a variable: an assignment or a step in it, an
        address given to a call, or a call of a repository function (which may write through a reference)."""
        if self._has_effects(expr) or _WRITES_IN_TEXT.search(expr.text):
            return True
        for call in expr.calls():
            callee = bare_name((call.name or "").strip())
            if any(arg.text.lstrip().startswith("&") for arg in call.children) or \
                    self._local_function(callee.rsplit("::", 1)[-1], len(call.children), written=callee) is not None:
                return True
        return False

    def _recovered_result(self, stmt: Stmt) -> bool:
        """Whether the caller goes on when the call `stmt` assigns fails (recovery.py); inside a call whose failures are
        paths already, the question does not arise."""
        return not self.frame.errors_are_paths and recovers_from_result(stmt, self.frame.function.body)

    @contextlib.contextmanager
    def _recovering(self, *calls: Expr) -> Iterator[None]:
        """While the body runs, `calls` are ones whose failure their caller goes on after (walk.failure_goes_on)."""
        before, self.recovered_calls = self.recovered_calls, (*self.recovered_calls, *calls)
        try:
            yield
        finally:
            self.recovered_calls = before

    def _value_going_on(self, expr: Expr):
        """The value of `expr`, whose failure its caller goes on after (walk.py: its error arms are paths); for a
        ternary, of the calls its arms are too (`c ? l0op::A(x) : nullptr`: a null arm is no error handling then)."""
        # a ternary's arms, a flag's operand (`ok = Run(x) == ACLNN_SUCCESS`)
        operands = expr.children[1:] if expr.kind == "ternary" else expr.children if expr.kind == "binary" else ()
        with self._recovering(expr, *(arm for arm in operands if arm.kind == "call")):
            return self.value(expr)

    def _condition_truth(self, stmt: Stmt):
        """The truth of an `if` condition; a call it tests for failure with an arm that goes on is walked with its
        error arms as paths (`if (Prepare(x) != ACLNN_SUCCESS) { ... }`, recovery.py)."""
        condition = stmt.value
        if condition is not None and condition.kind != "call" and not self.frame.errors_are_paths:
            for child in condition.children:
                tested = child.children[0] if child.kind == "unary" and child.children else child
                # `(y = l0op::Demo(...)) == nullptr`: the assignment is tested, the call in it recovered from
                inner = tested.children[1] if tested.kind == "binary" and tested.name == "=" and \
                    len(tested.children) == 2 else tested
                if inner.kind == "call" and recovers_in_condition(stmt, tested):
                    with self._recovering(inner):
                        return self.truth(condition)
        return self.truth(condition)

    def _walk_if(self, stmt: Stmt) -> str:
        before = self.failure
        reads = self.inferred_shape_reads
        truth = self._condition_truth(stmt)
        if truth is not None and self.loop_records:
            self.note_decided(stmt)  # a loop's first pass decided it (loop_skip.py)
        if truth is not None and self.inferred_shape_reads != reads and \
                _fails_or_logs(stmt.then if truth else stmt.orelse):
            truth = None  # an error arm chosen by a shape the walk inferred: error handling passes (checks.py)
        if truth is not None:
            self.failing_arm(stmt, truth, before)  # the facts take an arm that fails: say which check
            self.skipped(stmt.orelse if truth else stmt.then)
            return self.walk_block(stmt.then if truth else stmt.orelse)
        # Error handling is not a route: an arm that only logs and fails (nullptr, an error code) is not taken
        # (unless the status is dropped: the caller goes on after a failure too).
        then_fails, else_fails = _fails(stmt.then), _fails(stmt.orelse)
        if self.frame.errors_are_paths:
            then_fails = else_fails = False
        if then_fails != else_fails:
            # The route holds where the check passes; the facts leave it open, and the route says so.
            condition = self.caller_text(clip(stmt.value.text if stmt.value is not None else stmt.text))
            self.open_check(negated(condition) if then_fails else condition, stmt.line)
        if then_fails and not else_fails:
            self.skipped(stmt.then)
            return self.walk_block(stmt.orelse)
        if else_fails and not then_fails:
            self.skipped(stmt.orelse)
            return self.walk_block(stmt.then)
        return self.walk_undecided(self.caller_text(clip(stmt.value.text if stmt.value is not None else stmt.text)),
                                   stmt.then, stmt.orelse)

    def walk_undecided(self, text: str, then, orelse) -> str:
        """Both arms of a condition the facts leave open, each under its guard text (`text` as the caller reads it)."""
        self._note_unknown(text)
        return self._branches([(guard_term(text), then), (f"!({text})", orelse)])

    def _branches(self, arms, starts=None, cases: bool = False, loop: Stmt | None = None) -> str:
        """Walk every arm under its guard text with `may` set; merge variables; say whether the frame returned.
        `starts` gives an arm its own variables to start from (a loop body: the loop's fixpoint); `cases`: the arms
        are a switch's cases, where `break` ends the case; `loop`: the loop statement whose round (walk_round) and
        not entering are the arms, where `break` and `continue` end the round."""
        frame = self.frame
        before_env, before_guards, before_may = dict(frame.env), frame.guards, frame.may
        before_members = self.member_state()
        # A write through a reference or pointer parameter, or to a member of an object a caller holds, lands in a
        # caller's variables: those are per arm and merged too (else one arm's write would read as certain).
        outer = outer_frames(frame)
        outer_held = [other.env for other in outer]
        outer_before = [dict(held) for held in outer_held]
        paths, flows = [], []
        exits_before = len(frame.exits)
        for index, (guard, body) in enumerate(arms):
            start = starts[index] if starts is not None else None  # a loop round's (variables, members, moved)
            frame.env = dict(start[0] if start is not None else before_env)
            self.set_member_state(before_members)
            logged = len(self.member_log)
            if start is not None:
                self.start_round(start[1], start[2], before_members[0])
            for other, saved in zip(outer, outer_before):
                other.env = ArmEnv(saved)  # most arms write no caller's variable: the merge then skips its scan
            frame.guards, frame.may = before_guards + (guard,), True
            exits = len(frame.exits)
            flows.append(self.walk_round(loop) if loop is not None and index == 0 else self.walk_block(body))
            if loop is not None and index == 0:
                flows[-1] = self.round_end(flows[-1], before_guards + (guard,), exits)
            paths.append((frame.env, [other.env for other in outer], self.members, self.shadows, logged))
        alternatives = self.merge_paths(frame, outer, (before_env, outer_before, *before_members), paths)
        for index, held in enumerate(outer_held):
            if type(held) is ArmEnv and not held.written and \
                    all(type(path[1][index]) is ArmEnv and not path[1][index].written for path in paths) and \
                    not any(isinstance(value, float) for value in held.values()):
                # No arm wrote this caller's variables, so the merge gave back what it held: it keeps the enclosing
                # arm's unwritten copy, whose merge can then skip it too (a float would have been merged anew).
                outer[index].env = held
        for chosen, others in alternatives:
            self.alternatives.setdefault(chosen, []).extend(o for o in others if o not in self.alternatives[chosen])
        if cases or loop is not None:
            # A case's `break` ends the case; a round's `break` / `continue` ends the round (their variables went
            # to the switch or loop, jumps.py).
            flows = [NORMAL if flow == BREAK or loop is not None and flow == CONTINUE else flow for flow in flows]
        # A jumping arm is taken like a returning one by the statements after it: its variables left with it.
        open_arms = [guard for (guard, _), flow in zip(arms, flows) if flow not in (RETURNED, *JUMPS)]
        if not open_arms:
            jumps = [flow for flow in flows if flow in JUMPS]
            # Every arm returned or jumped; where some returned, what follows the loop is `may`.
            frame.guards, frame.may = before_guards, before_may or bool(jumps and RETURNED in flows)
            return RETURNED if not jumps else BREAK if BREAK in jumps else CONTINUE
        if len(open_arms) < len(arms) or MAYBE in flows:
            # Later statements run only on the arms that did not return, and in them only where no return was taken.
            returned = [guard for (guard, _), flow in zip(arms, flows) if flow in (RETURNED, *JUMPS)]
            exits = [guards[len(before_guards):] for guards in frame.exits[exits_before:]
                     if guards[:len(before_guards)] == before_guards and guards[len(before_guards):][:1] and
                     guards[len(before_guards)] in open_arms]
            frame.guards = before_guards + _continuing(open_arms, returned, exits)
            frame.may = True
            return MAYBE
        frame.guards, frame.may = before_guards, before_may
        return NORMAL

    def _walk_switch(self, stmt: Stmt) -> str:
        if stmt.value is not None and stmt.value.kind == "call" and not self.frame.errors_are_paths and \
                recovers_in_switch(stmt):
            scrutinee = self._value_going_on(stmt.value)  # `switch (Run(x)) { ... default: fallback }` (recovery.py)
        else:
            scrutinee = self.value(stmt.value) if stmt.value is not None else UNKNOWN
        decided = []
        for case in stmt.cases:
            if case.label is None:
                decided.append(None)
                continue
            decided.append(self.truthy(self.compare("==", scrutinee, self.receiver_value(case.label))))
        start = None
        if True in decided:
            start = decided.index(True)
        elif all(d is False or d is None and c.label is None for d, c in zip(decided, stmt.cases)):
            start = next((i for i, c in enumerate(stmt.cases) if c.label is None), None)
        if start is not None:
            self.skipped(_cases(stmt, 0, start))
            return self._fall_through(_cases(stmt, start))
        text = self.caller_text(clip(stmt.value.text if stmt.value is not None else "switch"))
        self._note_unknown(f"switch ({text})")
        arms = []
        for index, (case, verdict) in enumerate(zip(stmt.cases, decided)):
            if verdict is False:
                self.skipped(case.body)
                continue
            if not case.body and index + 1 < len(stmt.cases):
                continue
            label = "default" if case.label is None else f"{guard_term(text)} == {case.label}"
            arms.append((label, _cases(stmt, index)))
        if all(case.label is not None for case in stmt.cases):
            arms.append((f"no case of {guard_term(text)}", ()))  # without a default, no case may match
        with self.jump_target("switch") as target:
            flow = self._branches(arms, cases=True) if arms else NORMAL
        flow = self.leave_target(target, flow, flow)
        return NORMAL if flow == BREAK else flow  # `continue` goes on to the enclosing loop

    def _fall_through(self, stmts) -> str:
        with self.jump_target("switch") as target:
            flow = self.walk_block(stmts)
        flow = self.leave_target(target, flow, flow)
        return NORMAL if flow == BREAK else flow

    def _unrolled(self, name: str, values, stmt: Stmt, after=None) -> str:
        """The body once per value of the loop variable, in order: a counted loop over known bounds (dims of a
        known shape) or `for (auto &node : nodes)` over a known list of objects, not as `may`. `after`: what the
        counted loop's variable holds once its condition fails (`for (i = 0; i < 3; i++)` leaves i at 3)."""
        if not values:
            self.skipped(stmt.then + stmt.orelse)
        result = flow = NORMAL
        frame = self.frame
        with self.jump_target("loop") as target:
            for value in values:
                frame.env[name] = value
                start = (frame.guards, frame.may, len(frame.exits))
                flow = self.next_round(target, start, self.walk_round(stmt))
                if flow == RETURNED:
                    if not target.breaks:
                        return flow
                    break
                if flow == BREAK:
                    break
                if flow == MAYBE:
                    result = MAYBE  # an early return or jump under an undecided guard; later iterations may run
            else:
                if after is not None:
                    frame.env[name] = after
        return self.leave_target(target, flow, result)

    def _walk_loop(self, stmt: Stmt) -> str:
        if stmt.text == "do":
            # `do { ... } while (cond)`: the body runs once before the condition is read (the check macros'
            # `do { if (...) { return ...; } } while (0)`); a `continue` goes on to the condition, a `break` leaves.
            flow, target = self._body_to_continues(stmt, "loop")
            if flow == RETURNED and not target.breaks:
                return flow
            if flow in JUMPS or stmt.value is None or self.truth(stmt.value) is False:
                return self.leave_target(target, flow, NORMAL if flow in JUMPS else flow)
            # The paths that went on loop as a `while` does; those that broke out join them where it ends.
            rest = self._walk_while(stmt)
            return self.leave_target(target, rest, rest)
        return self._walk_while(stmt)

    def _walk_while(self, stmt: Stmt) -> str:
        ranged = self.range_element(stmt.text) if stmt.value is None else None
        if ranged is not None and isinstance(ranged[1], ObjectList) and len(ranged[1].items) <= MAX_OBJECTS:
            return self._unrolled(ranged[0], ranged[1].items, stmt)
        if ranged is not None:
            self.frame.env[ranged[0]] = ranged[1]  # `for (auto t : v)`: t is any element of v
            written = _ELEMENT_REFERENCE.match(stmt.text)
            listed = self.receiver_value(written.group(1)) if written is not None else None
            if isinstance(listed, TensorList) and writes_in(stmt.then, ranged[0]) and \
                    _PLAIN_TARGET.fullmatch(written.group(1)):
                # `for (auto& t : tensors) { t = l0op::Contiguous(t, ex); }`: the elements may be what t became.
                flow = self._general_loop(stmt)
                self.store_through(written.group(1), with_item(listed, self.frame.env.get(ranged[0])))
                return flow
            if written is not None and not isinstance(self.receiver_value(written.group(1)), TensorList) and \
                    writes_in(stmt.then, ranged[0]):
                # `for (auto& d : dims) { d = 0; }`: the body writes the container's elements.
                flow = self._general_loop(stmt)
                self.write_through_unknown(self.frame, written.group(1), named=True)
                return flow
        counted = _COUNTED_FOR.match(stmt.text)
        if counted and not writes_in(stmt.then, counted.group(1)):  # a body moving the counter is not unrolled
            start, bound = self.receiver_value(counted.group(2)), self.receiver_value(counted.group(4))
            if is_int(start) and is_int(bound):
                stop = bound + 1 if counted.group(3) == "<=" else bound
                if 0 <= stop - start <= _MAX_UNROLL:
                    return self._unrolled(counted.group(1), range(start, stop), stmt, after=max(stop, start))
        return self._general_loop(stmt)

    def walk_round(self, stmt: Stmt) -> str:
        """One round of a loop: its body, then a `for`'s update clause (`orelse`), where the paths that continued
        meet the body's end; a `break` or a return leaves before it."""
        if not stmt.orelse:
            return self.walk_block(stmt.then)
        flow, _ = self._body_to_continues(stmt, "round")
        if flow in (RETURNED, BREAK):
            return flow
        self.walk_block(stmt.orelse)  # an expression: it neither returns nor jumps
        return flow

    def _body_to_continues(self, stmt: Stmt, kind: str):
        """(flow, jump target) of a loop's body walked under a `kind` target, the paths that continued joined at its
        end: where a `for`'s update or a `do`-`while`'s condition runs next."""
        frame = self.frame
        start = (frame.guards, frame.may, len(frame.exits))
        with self.jump_target(kind) as target:
            flow = self.next_round(target, start, self.walk_block(stmt.then))
        return flow, target

    def _general_loop(self, stmt: Stmt) -> str:
        """A loop whose rounds the facts do not count: any round may be the one walked."""
        text = self.caller_text(clip(stmt.value.text if stmt.value is not None else stmt.text.split("{", 1)[0]))
        if stmt.value is not None:
            # A condition that writes (`while (i++ < 3)`) runs once per round and once more: what it writes is
            # unknown in the rounds and after them (the walk reads the condition, it does not count its runs).
            for name in [name for name in self.frame.env if assigns_pattern(name).search(stmt.value.text)]:
                self._store(self.frame, name, Unknown(name))
        if stmt.value is not None and self.truth(stmt.value) is False:
            self.skipped(stmt.then + stmt.orelse)
            return NORMAL
        counter = loop_variable(stmt.text) if ";" in stmt.text.split("{", 1)[0] else None  # not a range's element
        if counter is not None and counter in self.frame.env:
            # The variable the header declares is any round's: unknown from the first pass on, as the fixpoint
            # leaves it (a first pass reading its initial value would name what it made after round 0).
            self.frame.env[counter] = Unknown(counter)
        guard = f"loop: {text}"
        # Any round may be the one walked: the body starts from what the rounds before it may have left (loops.py).
        start, ids = self.loop_start_state(stmt, guard)
        marks = (len(self.tasks), len(self.steps))
        try:
            with self.jump_target("loop"):
                flow = self._branches([(guard, stmt.then), ("loop not entered", ())], starts=[start, None], loop=stmt)
        finally:
            self.loop_done(ids, marks, guard)
        return NORMAL if flow in JUMPS else flow


def outer_frames(frame) -> list:
    """The callers' frames a frame can write into (its reference and pointer parameters, the members of the objects
    its caller holds, transitively)."""
    if not (frame.refs or frame.pointer_refs or frame.member_ref):
        return []  # most frames (an entry point, a helper taking values) write into none
    found: list = []
    seen = {id(frame)}  # frames by identity
    pending = [frame]
    while pending:
        current = pending.pop()
        for caller in written_frames(current):
            if id(caller) not in seen:
                seen.add(id(caller))
                found.append(caller)
                pending.append(caller)
    return found


def written_frames(frame) -> list:
    """The frames `frame` writes into directly, in the order its references name them: its reference parameters'
    and aliases' frames, its caller when the caller holds objects (their members are shared, members.py), its pointer
    parameters' frames."""
    if not (frame.refs or frame.pointer_refs or frame.member_ref):
        return []
    return [*(caller for caller, _ in frame.refs.values()), *((frame.caller,) if frame.member_ref else ()),
            *(caller for caller, _ in frame.pointer_refs.values())]


def _continuing(open_arms: list[str], returned: list[str], exits: list[tuple[str, ...]]) -> tuple[str, ...]:
    """The guards under which statements after a branch run: the one arm left open (or none of those that returned),
    and not where an arm left open returned early (`!(size == 1 && empty)`)."""
    added = [open_arms[0]] if len(open_arms) == 1 and returned else [f"!({guard})" for guard in returned]
    for path in dict.fromkeys(exits):
        rest = path[1:] if len(open_arms) == 1 and returned and path[0] == open_arms[0] else path
        if rest:
            added.append(f"!({' && '.join(rest)})")
    return tuple(added)


def merge_envs(before: dict, envs: list[dict], names=None) -> tuple[dict, list]:
    """After undecided branches: a variable keeps the value every arm agrees on, else the merge of the arms.

    Arms holding different tensors give the first one that changed, carrying the others (`TensorRef.others`, so
    its dtype and shape are known only where they all agree) and returned as alternatives, so a later launch
    reading the variable reads every tensor it may be. A null arm is error handling and leaves the tensor.
    Any other disagreement (a flag set in one arm only, two dtypes) is unknown: later guards on it stay undecided.
    `names`: the names to merge (by default those some arm touched; a test gives every name).
    """
    merged, alternatives = merge_scopes([(before, envs)], names)
    return merged[0], alternatives


def merge_scopes(scopes: list[tuple], names=None) -> tuple[list[dict], list]:
    """merge_envs of several scopes at once, each (before, arms) or (before, arms, the names to merge), whose names
    are disjoint (a frame's variables and the object members it sees, members.py): the alternatives come in the order
    one merge of their union gives."""
    merged = [dict(scope[0]) for scope in scopes]
    alternatives = []
    order = sorted((name, index) for index, scope in enumerate(scopes)
                   for name in (scope[2] if len(scope) > 2 else _touched(*scope) if names is None else names))
    for name, index in order:
        before, envs = scopes[index][:2]
        values = [env.get(name, before.get(name)) for env in envs]
        if all(value == values[0] for value in values):
            merged[index][name] = values[0]
            continue
        value = merged[index][name] = merged_value(name, before.get(name), values)
        if isinstance(value, TensorRef):
            # Direct alternatives only: the launch side follows them transitively.
            others = tuple(v.id for v in values if isinstance(v, TensorRef) and v.id != value.id)
            if others:
                alternatives.append((value.id, others))
    return merged, alternatives


def _touched(before: dict, envs: list[dict]) -> set:
    """The names some arm may have changed: a name every arm holds as the very object it held before (or left out)
    merges to that object, so it is skipped; most of a frame's variables are untouched by a branch. A float is
    never skipped: NaN is not equal to itself, and the merge decides it as it always did."""
    touched = set()
    held = before.get
    for env in envs:
        if type(env) is ArmEnv and not env.written:
            continue  # a caller's variables an arm did not write: every value is the very one `before` holds
        touched.update([name for name, value in env.items() if value is not held(name, _ABSENT)])
    # A value an arm left as it was is a float only where `before` holds that float: each such name is asked once
    # (not once per arm and name, which was most of this function's time), and is touched if some arm holds it.
    for name, value in before.items():
        if isinstance(value, float) and name not in touched and any(name in env for env in envs):
            touched.add(name)
    return touched


_ABSENT = object()


class ArmEnv(dict):
    """A caller's variables during one arm of a branch (_branches gives each arm a copy of them): says whether the
    arm wrote them. One that was not written holds, name by name, the very values of the copy it was made from, so
    the merge need not compare them (most arms write no caller's variable). Every way of changing a dict sets
    `written`; a frame whose variables are replaced by another dict (a nested merge, a loop pass rolled back) is no
    longer this one, and its merge compares every name as before."""

    __slots__ = ("written",)

    def __init__(self, *args, **kwargs) -> None:
        super().__init__(*args, **kwargs)
        self.written = False

    def __setitem__(self, key, value) -> None:
        self.written = True
        super().__setitem__(key, value)

    def __delitem__(self, key) -> None:
        self.written = True
        super().__delitem__(key)

    def __ior__(self, other):
        self.written = True
        return super().__ior__(other)

    def pop(self, *args):
        self.written = True
        return super().pop(*args)

    def popitem(self):
        self.written = True
        return super().popitem()

    def setdefault(self, key, default=None):
        self.written = True
        return super().setdefault(key, default)

    def update(self, *args, **kwargs) -> None:
        self.written = True
        super().update(*args, **kwargs)

    def clear(self) -> None:
        self.written = True
        super().clear()


def merged_value(name: str, before, values: list):
    tensors = [value for value in values if not isinstance(value, Null)]
    if any(isinstance(value, TensorRef) for value in tensors) and join_tensors(tensors) is not None:
        # Arms holding tensors; one may be a tensor made from host data (ConvertToTensor), carried in `hosts`; an
        # arm that left it null makes it nullable (a later `t != nullptr` stays open).
        refs = [value for value in tensors if isinstance(value, TensorRef)]
        changed = [value for value in refs if value != before] or refs
        ids = []
        for value in changed + refs:
            for tensor_id in value.ids:
                if tensor_id not in ids:
                    ids.append(tensor_id)
        nullable = len(tensors) < len(values) or any(value.nullable for value in refs)
        return TensorRef(ids[0], tuple(ids[1:]), join_tensors(tensors).hosts, nullable)
    joined = join_values(tensors) if tensors else None
    if joined is not None:
        return joined
    if all(isinstance(value, HostValue) and value.kind == "host-tensor" for value in values):
        dtypes = {value.text for value in values}  # tensors made from host data: one of them, dtype if they agree
        return HostValue("host-tensor", dtypes.pop() if len(dtypes) == 1 else "")
    return joined_facts(name, values, "after an undecided branch")


def joined_facts(name: str, values: list, where: str):
    """Dtypes, shapes or int lists that arms or loop rounds left in a variable: what they agree on, else unknown."""
    if all(isinstance(value, DType) for value in values):
        return DType(None)
    if all(isinstance(value, ShapeValue) for value in values):
        return ShapeValue(None, ShapeRule("unknown", text=f"{name} {where}"))
    if all(isinstance(value, IntList) for value in values) and len({len(v.items) for v in values}) == 1:
        columns = zip(*(value.items for value in values))
        return IntList(tuple(items[0] if len(set(items)) == 1 else None for items in columns))
    return Unknown(name)


@functools.lru_cache(maxsize=65536)
def _compound_operator(target: str, text: str) -> str | None:
    """The operator of `target op= value` (`size *= x` -> "*"), else None; kept per text, as walks repeat statements."""
    compound = re.match(rf"^\s*{re.escape(target)}\s*(<<|>>|[-+*/%&|^])=", text)
    return compound.group(1) if compound else None


@functools.lru_cache(maxsize=65536)
def _local_reference(text: str) -> tuple[str, str] | None:
    """(the reference, what it names without spaces) of `int64_t& alias = source;`, else None; kept per text."""
    alias = _LOCAL_REFERENCE.match(text)
    return (alias.group(1), alias.group(2).replace(" ", "")) if alias is not None else None


def _may_fail(value: Expr) -> bool:
    """A call, a ternary, or a comparison of a call (`Run(x) == ACLNN_SUCCESS`): a value a failure may reach."""
    return value.kind != "binary" or any(child.kind == "call" for child in value.children)


@functools.lru_cache(maxsize=65536)
def _declared_size(text: str) -> int | None:
    """The size in a declarator (`int64_t perm[2] = {...}` -> 2), not in an initializer's `r[1]`; None without one."""
    array = _ARRAY_SIZE.search(re.split(r"[={]", text, maxsplit=1)[0])
    return int(array.group(1)) if array else None


def _fails(stmts) -> bool:
    """Whether a block only logs and then returns a failure: nullptr or an error code (an error-handling arm)."""
    if not stmts:
        return False
    *body, last = stmts
    for stmt in body:
        text = stmt.text.lstrip()
        if not (stmt.kind in ("expr", "unparsed") and text.startswith(IGNORED_PREFIXES)):
            return False
    return last.kind == "return" and last.value is not None and returns_error(last)


def _fails_or_logs(stmts) -> bool:
    """An error arm: it fails (nullptr, an error code) or logs an error and returns."""
    return _fails(stmts) or logs_and_fails(stmts)


def _with_element(current, index, value):
    """A member list after `m[index] = value`: that element of a host list or of an L0 op's tuple, an item of a
    tensor list; anything else unknown."""
    known = isinstance(index, int) and not isinstance(index, bool)
    if isinstance(current, HostValue) and current.kind == "ints":
        current = IntList(current.dims)  # `int64_t dims_[2] = {1, 2};`, a member's default
    if isinstance(current, TensorList):
        return with_item(current, value)
    if isinstance(current, (IntList, TensorTuple)) and known and 0 <= index < len(current.items):
        items = list(current.items)
        items[index] = value if isinstance(current, TensorTuple) or is_number(value) else None
        return type(current)(tuple(items))
    return Unknown("an element written")


def _flatten_cases(cases) -> tuple[Stmt, ...]:
    return tuple(stmt for case in cases for stmt in case.body)


# (id of a switch, first case, end) -> (the switch, the statements of those cases): a switch walked by every route
# through it (ops-nn's dtype switches) is flattened once per arm, not once per walk. The switch is held so that its id
# is never reused.
_CASES: dict[tuple[int, int, int | None], tuple[Stmt, tuple[Stmt, ...]]] = {}


def _cases(stmt: Stmt, start: int, stop: int | None = None) -> tuple[Stmt, ...]:
    """The statements of `stmt.cases[start:stop]` in order (a case falls through into the next)."""
    key = (id(stmt), start, stop)
    found = _CASES.get(key)
    if found is None:
        found = _CASES[key] = (stmt, _flatten_cases(stmt.cases[start:stop]))
    return found[1]


def negated(text: str) -> str:
    """`!(text)`, or the operand of a leading `!` when the whole text is one negation (`!Check(x)` -> `Check(x)`)."""
    inner = text[1:].strip() if text.startswith("!") else None
    if inner is not None and (inner.startswith("(") and _closes_at_end(inner) or re.fullmatch(r"[\w:.\->]+\(.*\)", inner)
                              and _closes_at_end(inner[inner.index("("):])):
        return inner[1:-1] if inner.startswith("(") else inner
    return f"!({text})"


def _closes_at_end(text: str) -> bool:
    """Whether the parenthesis opening `text` closes at its last character."""
    depth = 0
    for index, char in enumerate(text):
        depth += char == "("
        depth -= char == ")"
        if depth == 0:
            return index == len(text) - 1
    return False


def guard_term(text: str) -> str:
    """A guard text safe to join with `&&`: parenthesised when `||` or `?:` sits outside every parenthesis."""
    if "||" not in text and "?" not in text:
        return text  # nothing to find: the scan would return the text unchanged
    return scanned_guard_term(text)


def scanned_guard_term(text: str) -> str:
    """guard_term's scan, character by character."""
    depth, index = 0, 0
    while index < len(text):
        char = text[index]
        if char in "([{":
            depth += 1
        elif char in ")]}":
            depth -= 1
        elif depth == 0 and (text.startswith("||", index) or char == "?"):
            return f"({text})"
        index += 1
    return text


def clip(text: str, limit: int = 160) -> str:
    """Source text on one line, shortened: guards and findings quote code, not whole blocks."""
    text = " ".join(text.split())
    return text if len(text) <= limit else text[: limit - 3] + "..."


