"""Error checks under the facts: a check the facts decide to fail makes its function return its error.

Error handling is not a route while the facts leave a check open: CHECK_RET, OP_CHECK and the dtype checks pass.
When the facts decide one fails (`OP_CHECK_DTYPE_NOT_SUPPORT(indices, INT_LIST, return false)` with indices
float16, ViewCopy's same-dtype test, `CHECK_RET(result != nullptr, ...)` after a helper that returned null), the
function returns the check's error there, as the C++ does, and the first such check is kept as the cause. When the
entry point itself returns an error on a path the facts decide, its route is *rejected*: the call fails for those
facts and launches nothing (RouteWalk.run), which the route and a `route-facts-rejected` finding say.
"""

from __future__ import annotations

import re

from dataclasses import dataclass, replace

from op_migrate.analyzers.cxx.model import CxxUnit, Expr, Function, Stmt
from op_migrate.analyzers.route.aliases import CONST_REFERENCE
from op_migrate.analyzers.route.integers import stored
from op_migrate.analyzers.route.model import Reason
from op_migrate.analyzers.route.model import ShapeRule
from op_migrate.analyzers.route.value_ops import compare_values
from op_migrate.analyzers.route.values import (
    DType,
    DtypeList,
    Null,
    ShapeValue,
    Status,
    TensorRef,
    broadcast_dims,
    known_apart,
)

# The check macros whose condition the facts may decide (CHECK_RET(cond, error), OP_CHECK(cond, log, return x)).
CONDITION_CHECKS = ("CHECK_RET", "OP_CHECK", "CHECK_COND")
# The dtype check macros of ops-math's op_error_check.h: (tensor, list|dtype|tensor, retExpr).
DTYPE_CHECKS = ("OP_CHECK_DTYPE_NOT_SUPPORT", "OP_CHECK_DTYPE_NOT_MATCH", "OP_CHECK_DTYPE_NOT_SAME")
RETURNED, NORMAL = "returned", "normal"
_LEAVES = re.compile(r"\s*(?:return|throw)\b")  # a check action that leaves its function


@dataclass(frozen=True)
class Failure:
    """A check the facts decide to fail: its text in the entry's names, why, and where."""

    check: str
    detail: str
    function: str
    file: str
    line: int
    tensors: tuple[tuple[str, str], ...] = ()  # (tensor in the entry's names, its dtype) the check reads
    by_dtype: bool = False  # a dtype check macro failed (the dtypes alone decide it), not a condition on anything


class CheckStatements:
    """Methods of RouteWalk: check macros as statements, and the failure they may decide."""

    failure: Failure | None = None
    inferred_shape_reads: int = 0

    def shape_read(self, receiver: TensorRef) -> None:
        if self.inferred_shape(receiver):
            self.inferred_shape_reads += 1

    def inferred_shape(self, receiver: TensorRef) -> bool:
        return any(self.book.effect(tensor_id) != "param" for tensor_id in receiver.ids)

    def compare(self, op: str, left, right):
        """A comparison; one of an inferred shape counts as a read of it (a shape kept in a variable, checks.py)."""
        if any(isinstance(side, ShapeValue) and side.inferred for side in (left, right)):
            self.inferred_shape_reads += 1
        return compare_values(op, left, right)

    def decided_by_facts(self, expr: Expr | None) -> bool | None:
        """The truth of a check's condition, or None when deciding it read a shape the walk inferred: shapes of
        L0 results follow rules that may not hold (an INFER_SHAPE the catalog has no rule for), so no check fails
        on them; shapes of entry tensors are the user's facts."""
        reads = self.inferred_shape_reads
        verdict = self.truth(expr)
        return None if verdict is False and self.inferred_shape_reads != reads else verdict

    def return_value(self, value) -> None:
        """A `return` of the current function; the entry point's failing returns are kept with their guards."""
        frame = self.frame
        # `float Tenth() { return 0.1; }` returns the float nearest 0.1; `int64_t F() { return 2.7; }` returns 2.
        value = stored(frame.function.return_type, value, "the returned value")
        frame.returns.append((value, frame.may))
        if frame.may:
            frame.exits.append(frame.guards)  # a return under undecided guards: what follows runs without them
            if frame.call_path and (frame.errors_are_paths or not is_failure(value)) and self.reaches_callers(frame):
                # (A failure the caller checks ends the call there: error handling is not a route.)
                frame.return_states.append(self.snapshot())
        if not frame.call_path and is_failure(value):
            self.entry_failures.append((frame.guards, self.failure))

    def reaches_callers(self, frame) -> bool:
        """Whether `frame` may write what its callers hold: a non-const reference or a pointer bound to one of their
        variables, what an argument names, an object, or a lambda's captures (the state a return keeps)."""
        if frame.pointer_refs or frame.loose_params or self.members:
            return True
        if not frame.refs:
            return False
        constant = {param.name for param in frame.function.params if CONST_REFERENCE.match(param.declared_type or "")}
        return any(name not in constant for name in frame.refs)

    def check_statement(self, expr: Expr) -> str | None:
        """RETURNED when a check macro statement fails for these facts, NORMAL when it passes, None for other
        statements."""
        short = (expr.name or "").strip().rsplit("::", 1)[-1]
        if short in CONDITION_CHECKS or short in DTYPE_CHECKS or short == "OP_CHECK_BROADCAST_AND_INFER_SHAPE":
            # Modelled here, not expanded: the framework's logging in the expansion launches nothing (the audit).
            self.walked_call(expr)
        if short in CONDITION_CHECKS and expr.children:
            # CHECK_RET(cond, ret) and OP_CHECK(cond, log, return x) fail with their last argument; CHECK_COND(cond,
            # ret, fmt, args...) with its second (opbase op_log.h).
            action = expr.children[1] if short == "CHECK_COND" and len(expr.children) > 1 else \
                expr.children[-1] if len(expr.children) > 1 else None
            if short == "OP_CHECK" and len(expr.children) > 2 and not _LEAVES.match(action.text):
                # `OP_CHECK(y != nullptr, OP_LOGW(...), y = l0op::Fallback(...))`: no error handling, the action runs
                # when the condition fails and the function goes on, which a route takes like an `if` (both ways).
                return self.walk_stmt(_check_action(expr.children[0], action, expr.line))
            success = _success_action(action)
            if self.frame.errors_are_paths and success is None:
                success = _returned_expr(action)  # the status is dropped: a failure is a path like another
            if success is not None and not self._has_effects(expr.children[0]):
                # `OP_CHECK(dtype == DT_INT32, OP_LOGD(...), return ACLNN_SUCCESS)`: no error handling but an early
                # return of success when the condition fails, which a route takes like an `if` (both ways).
                return self.walk_stmt(_early_return(expr.children[0], success, expr.line))
            before = self.failure
            verdict = self.decided_by_facts(expr.children[0])
            if verdict is None:
                self.open_check(f"{short}({self.caller_text(_one_line(expr.children[0].text))})", expr.line)
            if verdict is None and success is not None:
                # The status is dropped and the condition called something (evaluated once, above): failing and going
                # on are two paths, walked under the condition's text.
                failing = Stmt("return", expr.line, f"return {success.text};", value=success if success.text else None)
                return self.walk_undecided(self.caller_text(_one_line(expr.children[0].text)), (), (failing,))
            if verdict is not False:
                return NORMAL
            condition = expr.children[0]
            literal = condition.kind == "literal"  # CHECK_RET(false, ...): fails wherever it is reached
            self.note_failure(condition, "" if literal else None, before=before, verdict="false",
                              text=f"{short}({self.caller_text(_one_line(condition.text))})")
            return self._fail_with(action)
        if short == "OP_CHECK_BROADCAST_AND_INFER_SHAPE" and len(expr.children) == 4:
            left, right = (self.caller_text(_one_line(child.text)) for child in expr.children[:2])
            text = f"{short}({left}, {right})"
            detail = self._broadcast_shape(expr.children[0], expr.children[1], expr.children[2], text)
            if detail is None:
                return NORMAL
            self.note_failure(expr, detail, text=text, shape_cause=True)
            return self._fail_with(expr.children[3])
        if short in DTYPE_CHECKS and len(expr.children) == 3:
            opened = self.checks_opened
            detail = self._dtype_check(short, expr.children[0], expr.children[1])
            if detail is None and self.frame.errors_are_paths and self.checks_opened != opened:
                # Open, and the status is dropped: the caller goes on whether it passes or not.
                checked = ", ".join(_one_line(child.text) for child in expr.children[:2])
                passes = Expr("other", f"{short}({checked}) passes", line=expr.line)
                return self.walk_stmt(_early_return(passes, _returned_expr(expr.children[2]), expr.line))
            if detail is None:
                return NORMAL
            self.note_failure(expr, detail, text=f"{short}({self.caller_text(_one_line(expr.children[0].text))}, "
                                                 f"{_one_line(expr.children[1].text)})")
            return self._fail_with(expr.children[2])
        return None

    def open_check(self, text: str, line: int) -> None:
        """A check the facts cannot decide: the route holds when it passes, and says so (never a silent pass)."""
        self.checks_opened += 1
        if self.frame.errors_are_paths:
            return  # the status is dropped: the check is a path (walked both ways), not a condition of the route
        if self.macro_stack:
            text = self.caller_text(self.macro_stack[0])
        reason = Reason(symbol="route-open-check", message=text, file=self.frame.unit.path, line=line)
        if reason not in self.open_checks:
            self.open_checks.append(reason)

    def rejection(self, unit: CxxUnit, entry: Function) -> Reason | None:
        """The reason the entry fails for these facts: every return the walk reached returns an error (a check the
        facts decide fails on every path; paths the facts leave open may fail at different checks)."""
        values = [value for value, _ in self.frame.returns]
        if not values or not all(is_failure(value) for value in values):
            return None
        return self.failure_reason(unit, entry, (), self.failure)

    def failure_reason(self, unit: CxxUnit, entry: Function, guards: tuple[str, ...], cause: Failure | None) -> Reason:
        """The finding and reason of an error the entry returns for these facts (on every path, or when `guards`)."""
        when = " when " + " && ".join(guards) if guards else ""
        if cause is None:
            fields = dict(path=unit.path, line=entry.line, check="a return of an error",
                          where=f"{unit.path.rsplit('/', 1)[-1]}:{entry.line}", detail="", hint="")
        else:
            fields = dict(path=cause.file, line=cause.line, check=cause.check,
                          where=f"{cause.function}, {cause.file.rsplit('/', 1)[-1]}:{cause.line}",
                          detail=f": {cause.detail}" if cause.detail else "", hint=self._dtype_hint(cause, entry))
        finding = self.messages.make("route-facts-rejected", entry=entry.short_name, when=when, **fields)
        if finding not in self.findings:
            self.findings.append(finding)
        return Reason(symbol="route-facts-rejected", message=finding.message, file=finding.path, line=finding.line)

    def _dtype_hint(self, cause: Failure, entry: Function) -> str:
        """How to give the tensors the check read their own dtypes (--dtype NAME=DTYPE), when the facts gave them
        one dtype for all."""
        if not cause.by_dtype:
            return ""  # a condition may fail on shapes as much as on dtypes: the detail shows both, no advice
        params = {param.name for param in entry.params}
        named = {name for name, _ in self.facts.dtypes if name != "*"}
        shown = [name for name, _ in cause.tensors if name in params and name not in named]
        if not shown or "*" not in dict(self.facts.dtypes):
            return ""
        return "; give " + (" and ".join(shown)) + " its own dtype with " + \
            " ".join(f"--dtype {name}=DTYPE" for name in shown)

    def failing_arm(self, stmt: Stmt, taken: bool, before: Failure | None) -> None:
        """An `if` whose condition the facts decide, taking an arm that logs an error and returns a failure."""
        arm = stmt.then if taken else stmt.orelse
        if stmt.value is not None and logs_and_fails(arm):
            text = self.caller_text(_one_line(stmt.value.text))
            self.note_failure(stmt.value, None, text=text if taken else f"!({text})", before=before, verdict="true")

    def note_failure(self, expr: Expr, detail: str | None, text: str | None = None, before=...,
                     verdict: str = "", shape_cause: bool = False) -> None:
        """A check fails here. The cause kept is the innermost: a failure noted while its condition ran, or the one
        behind a failed value it reads (`result != nullptr` after a helper returned null) stays."""
        if before is not ... and self.failure is not before:
            return  # a check inside the condition failed first
        if self.failure is not None and self._reads_failed_value(expr):
            return
        frame = self.frame
        if self.macro_stack:
            text = self.caller_text(self.macro_stack[0])  # a check an expansion makes is its macro's
        tensors = tuple(self._dtypes_read(expr))
        # A dtype macro, or a condition that compares dtypes and reads no shape: per-tensor dtypes are the fix.
        source = text or expr.text
        by_dtype = not shape_cause and (bool(detail) or (bool(_DTYPE_WORDS.search(source)) and
                                                         not _SHAPE_WORDS.search(source)))
        if detail is None:  # a condition: the facts of the tensors it reads (dtype, and shape when known) say why
            shapes = dict(self._shapes_read(expr))
            detail = ", ".join(f"{name} is {dtype}" + (f" {shapes[name]}" if name in shapes else "")
                               for name, dtype in tensors) or \
                (f"{verdict} on {self.facts.soc}" if self.facts.soc else f"{verdict} for these facts")
        if _DEFAULTED.search(source) and self._reads_entry_tensor(expr):
            detail += DEFAULTS_NOTE  # the facts say nothing of these: the rejection rests on their defaults
        self.failure = Failure(text or self.caller_text(_one_line(expr.text)), detail, frame.function.name,
                               frame.unit.path, expr.line, tensors, by_dtype)

    def _reads_entry_tensor(self, expr: Expr) -> bool:
        """Whether a check reads a tensor argument of the entry itself (not one the route made) whose presence and
        format the facts leave at their defaults."""
        for name in _names_read(expr):
            value = self.lookup(name)
            if isinstance(value, TensorRef) and any(self.book.is_param(tensor_id) and not (
                    self.facts.is_absent(tensor_id) or tensor_id in dict(self.facts.formats))
                    for tensor_id in value.ids):
                return True
        return False

    def _reads_failed_value(self, expr: Expr) -> bool:
        pending = [expr]
        while pending:
            node = pending.pop()
            pending.extend(node.children)
            if node.kind == "name" and (node.name or node.text).strip().isidentifier() and \
                    is_failure(self.lookup((node.name or node.text).strip())):
                return True
        return False

    def _fail_with(self, returned: Expr | None) -> str:
        """The function returns a check's error value (`ACLNN_ERR_...`, `return nullptr`, `return false`)."""
        value = Status(False)
        if returned is not None:
            text = returned.text.strip()
            value = self.name_value(text[len("return"):].strip()) if text.startswith("return") else \
                self.value(returned)
            if text == "return" or text.startswith("return") and not text[len("return"):].strip():
                value = Status(False)
        self.return_value(value)
        return RETURNED

    def _dtype_check(self, macro: str, tensor_expr: Expr, other_expr: Expr) -> str | None:
        """Why a dtype check macro fails for these facts, or None when it passes or stays open."""
        tensor = self.value(tensor_expr)
        dtype = self.book.ref_dtype(tensor) if isinstance(tensor, TensorRef) else None
        opened = f"{macro}({self.caller_text(_one_line(tensor_expr.text))}, {_one_line(other_expr.text)})"
        if dtype is None:
            self.open_check(opened, tensor_expr.line)
            return None
        name = self.caller_text(_one_line(tensor_expr.text))
        other = self.value(other_expr)
        # What the tensor is compared with must be known too: a list, dtype or tensor the walk cannot read leaves
        # the check open (it was taken as passing without a word).
        if macro == "OP_CHECK_DTYPE_NOT_SUPPORT":
            if not isinstance(other, DtypeList):
                self.open_check(opened, tensor_expr.line)
            elif dtype not in other.names:
                # An empty list (`NULL_SUPPORT_LIST = {}` for a SoC the operator does not serve) takes no dtype.
                listed = ", ".join(other.order or sorted(other.names)) or "(none: the list is empty)"
                return f"{name} is {dtype}, not one of {listed}"
            return None
        if macro == "OP_CHECK_DTYPE_NOT_MATCH":
            if not (isinstance(other, DType) and other.name):
                self.open_check(opened, tensor_expr.line)
            elif other.name != dtype:
                return f"{name} is {dtype}, not {other.name}"
            return None
        second = self.book.ref_dtype(other) if isinstance(other, TensorRef) else None
        if second is None:
            self.open_check(opened, tensor_expr.line)
        elif second != dtype:
            return f"{name} is {dtype}, {self.caller_text(_one_line(other_expr.text))} is {second}"
        return None

    def _broadcast_shape(self, left: Expr, right: Expr, target: Expr, text: str) -> str | None:
        """OP_CHECK_BROADCAST_AND_INFER_SHAPE(a, b, shape, ...): `shape` becomes the broadcast of a's and b's view
        shapes. Why it fails for these facts (two known shapes that do not broadcast), else None; it stays open
        when a shape is unknown or one the walk inferred (it was taken as passing without a word)."""
        shapes, refs, inferred = [], [], False
        for side in (left, right):
            value = self.value(side)
            if isinstance(value, TensorRef):
                shapes.append(self.book.ref_shape(value).dims)
                refs.append(value.id)
                inferred = inferred or self.inferred_shape(value)
            else:
                shapes.append(None)
        dims = broadcast_dims(*shapes)
        if target.kind == "name":
            self.assign((target.name or target.text).strip(),
                        ShapeValue(dims, ShapeRule("broadcast", tuple(refs)), inferred=inferred))
        if dims is not None:
            return None
        if known_apart(shapes, inferred):
            return f"{' and '.join('[' + ','.join(map(str, shape)) + ']' for shape in shapes)} do not broadcast"
        self.open_check(text, left.line)
        return None

    def _shapes_read(self, expr: Expr):
        """(name in the entry's names, '[d0,d1]') of the tensor variables a check reads whose view shape is known."""
        for name in _names_read(expr):
            value = self.lookup(name)
            if isinstance(value, TensorRef):
                dims = self.book.ref_shape(value).dims
                if dims is not None and all(isinstance(d, int) for d in dims):
                    yield self.caller_text(name), "[" + ",".join(str(d) for d in dims) + "]"

    def _dtypes_read(self, expr: Expr):
        """(name in the entry's names, dtype) of the tensor variables a check's expression mentions."""
        for name in _names_read(expr):
            value = self.lookup(name)
            if isinstance(value, TensorRef):
                yield self.caller_text(name), self.book.ref_dtype(value) or "unknown"


_DTYPE_WORDS = re.compile(r"DataType|Dtype|DType|\bDT_")
# A check on whether a tensor argument is given, or on its format: the facts have no say on either (every tensor
# argument is taken as given, ND and contiguous), so a rejection by one holds for those defaults only.
_DEFAULTED = re.compile(r"\bnullptr\b|\bGet(?:Storage|View|Original)?Format\b")
DEFAULTS_NOTE = ("; by the facts' defaults: a tensor argument not named ...Optional is given (not nullptr), every one "
                 "in ND format (--absent NAME and --storage-format NAME=FMT say otherwise)")
_SHAPE_WORDS = re.compile(r"Shape|Dim|Broadcast|Size|Numel", re.IGNORECASE)


def _names_read(expr: Expr):
    """The plain identifiers an expression mentions, receivers of `x->Method()` included, each once."""
    seen, pending = set(), [expr]
    while pending:
        node = pending.pop(0)
        pending.extend(node.children)
        names = [node.name or node.text] if node.kind == "name" else []
        if node.kind == "call" and "->" in (node.name or ""):
            names.append((node.name or "").split("->")[0])
        for name in (n.strip() for n in names):
            if name.isidentifier() and name not in seen:
                seen.add(name)
                yield name


def logs_and_fails(stmts) -> bool:
    """An arm that logs an error and returns a failure: nullptr, an error code, or false after OP_LOGE."""
    if not stmts or stmts[-1].kind != "return" or stmts[-1].value is None:
        return False
    *body, last = stmts
    if not all(stmt.kind == "decl" or stmt.kind in ("expr", "unparsed") and stmt.text.lstrip().startswith("OP_LOG")
               for stmt in body):
        return False
    if returns_error(last):
        return True
    return _returned_text(last) == "false" and any(stmt.text.lstrip().startswith("OP_LOGE") for stmt in body)


_FAILURES = ("nullptr", "NULL")
_ERROR_CODES = ("ACLNN_ERR_", "ACL_ERROR_", "GRAPH_FAILED", "ACLNN_FAILED")


# What a check's action returns when it is no failure: the caller goes on as after a success.
_SUCCESSES = ("ACLNN_SUCCESS", "ACL_SUCCESS", "GRAPH_SUCCESS", "true")


def _success_action(action: Expr | None) -> Expr | None:
    """The value a check macro's action returns when it is a success (`return ACLNN_SUCCESS`, `return true`,
    CHECK_RET's `ACLNN_SUCCESS`), as a name; None for a failure, a variable or anything else."""
    returned = _returned_expr(action) if action is not None else None
    return returned if returned is not None and returned.text.rsplit("::", 1)[-1] in _SUCCESSES else None


def _returned_expr(action: Expr | None) -> Expr:
    """What a check's action returns (`return nullptr` -> nullptr, CHECK_RET's `ret` -> ret; a bare `return` ->
    an empty name)."""
    if action is None:
        return Expr("name", "", name="")
    text = action.text.strip().rstrip(";").strip()
    returned = re.fullmatch(r"return\b\s*(.*)", text, re.S)
    if returned is None:
        return action
    text = returned.group(1).strip()
    return Expr("name", text, name=text, line=action.line)


def _check_action(condition: Expr, action: Expr, line: int) -> Stmt:
    """`if (!(condition)) { action; }`, the statement an OP_CHECK whose action does not leave its function is."""
    text = action.text.strip().rstrip(";").strip()
    return _unless(condition, (Stmt("expr", line, f"{text};", value=action),) if text else (), line)


def _early_return(condition: Expr, returned: Expr, line: int) -> Stmt:
    """`if (!(condition)) { return returned; }`, the statement such a check is."""
    body = Stmt("return", line, f"return {returned.text};", value=returned if returned.text else None)
    return _unless(condition, (body,), line)


def _unless(condition: Expr, body: tuple, line: int) -> Stmt:
    """`if (!(condition)) { body }`."""
    negation = Expr("unary", f"!({condition.text})", name="!", children=(condition,), line=condition.line)
    return Stmt("if", line, f"if ({negation.text})", value=negation, then=body)


def returns_error(stmt: Stmt) -> bool:
    """A `return` of a failure: nullptr or an error code."""
    value = _returned_text(stmt)
    return value in _FAILURES or value.startswith(_ERROR_CODES)


def _returned_text(stmt: Stmt) -> str:
    return stmt.value.text.strip().rsplit("::", 1)[-1]


def _one_line(text: str) -> str:
    return " ".join(text.split())


def is_failure(value) -> bool:
    """An error status or a null result: what a failed check returns."""
    return isinstance(value, Status) and value.ok is False or isinstance(value, Null)


def without_failed_paths(tasks, steps, tensors, events, failing: list[tuple[str, ...]]):
    """Tasks, steps, tensors and events without what lies only on a path the entry leaves with an error (guards that
    start with a failing return's guards); task indices renumbered."""
    prefixes = [guards for guards in failing if guards]
    if not prefixes:
        return tasks, steps, tensors, events

    def on_failed_path(guards) -> bool:
        return any(tuple(guards[:len(prefix)]) == tuple(prefix) for prefix in prefixes)

    kept = [task for task in tasks if not on_failed_path(task.guards)]
    index = {task.index: new for new, task in enumerate(kept)}
    dropped = {t.id for t in tensors if t.may and on_failed_path(t.guards)}
    kept_steps = [step for step in steps if not (step.may and on_failed_path(step.guards))]
    step_index = {step.index: new for new, step in enumerate(kept_steps)}
    tasks = tuple(replace(task, index=index[task.index], step=step_index.get(task.step)) for task in kept)
    steps = tuple(replace(step, index=step_index[step.index], tasks=tuple(index[i] for i in step.tasks if i in index))
                  for step in kept_steps)
    events = tuple(replace(event, task=index[event.task]) if event.kind == "launch" else event
                   for event in events
                   if (event.kind == "launch" and event.task in index) or
                   (event.kind != "launch" and event.tensor not in dropped))
    return tasks, steps, tuple(t for t in tensors if t.id not in dropped), events
