"""The route walk: run an entry point's statements abstractly under Facts, inlining helpers and L0 definitions."""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from typing import Protocol

from analyzers.cxx.model import CxxUnit, Expr, Function, Stmt
from analyzers.findings import Finding
from analyzers.route.callee_text import split_callee
from analyzers.route.guards import GuardEvaluator
from analyzers.route.value_ops import arithmetic
from analyzers.route.l0_effects import _LAUNCH_MACROS, L0Effects, _is_int
from analyzers.route.l0_semantics import CatalogOp
from analyzers.route.model import Facts, Route, ShapeRule, Site, Step, Task
from analyzers.route.tensors import TensorBook
from analyzers.route.values import (
    UNKNOWN,
    DType,
    DtypeList,
    HostValue,
    IntList,
    OpArgs,
    ScalarRef,
    ShapeValue,
    Status,
    TensorRef,
    Unknown,
)

MAX_DEPTH = 32
_MAX_HOST_LIST = 64  # longest host array modelled item by item (shapes have at most 8 dims)
_MAX_UNROLL = 64
_VECTOR_SIZE = re.compile(r"\w+\s*\(\s*([\w:.\->()]+?)\s*\)\s*;\s*$")
_ARRAY_SIZE = re.compile(r"\[\s*(\d+)\s*\]")
_ELEMENT = re.compile(r"^(\w+)\s*\[(.+)\]$")
_COUNTED_FOR = re.compile(
    r"^\s*for\s*\(\s*(?:[\w:]+\s+)?(\w+)\s*=\s*([^;]+?)\s*;\s*\1\s*(<|<=|!=)\s*([^;]+?)\s*;"
    r"\s*(?:\+\+\1|\1\+\+|\1\s*\+=\s*1)\s*\)"
)
# The walk visits at most this many statements per route: a guard against pathological inputs, reported.
MAX_STEPS = 50_000

NORMAL, RETURNED, MAYBE, BREAK = "normal", "returned", "maybe", "break"
_PARSE_ERRORS = ("cxx-parse-error", "cxx-missing-token", "cxx-recursion-limit", "cxx-too-many-errors")
_CHECK_MACROS = ("CHECK_RET", "OP_CHECK", "CHECK_COND", "OP_CHECK_NULL")
_IGNORED_PREFIXES = ("OP_LOG", "L0_DFX", "L2_DFX", "DFX_", "OP_TYPE_REGISTER", "OP_CHECK_", "INFER_SHAPE")


class Program(Protocol):
    """Where the walk finds L0 definitions; implemented by analyzers.aclnn.chain.ChainProgram."""

    def resolve_l0(self, name: str, arity: int, near: str) -> tuple[CxxUnit, Function] | CatalogOp | None: ...


@dataclass
class Frame:
    """One active function: its unit, variables, the guards and call sites that led here."""

    unit: CxxUnit
    function: Function
    env: dict
    call_path: tuple[Site, ...]
    guards: tuple[str, ...]
    may: bool
    l0_site: Site | None = None
    l0_op: str | None = None
    l0_call: tuple | None = None  # (argument values, call Expr) of the outermost l0op call, for catalog shapes
    l0_mark: int | None = None  # tensors in the book when the outermost l0op call began
    refs: dict = field(default_factory=dict)  # reference parameter -> (caller frame, caller variable)
    returns: list = field(default_factory=list)


class RouteWalk(L0Effects, GuardEvaluator):
    """Walks one entry point under one Facts and collects tasks, tensors, steps and findings."""

    def __init__(self, program: Program, facts: Facts, messages) -> None:
        super().__init__(facts)
        self.program = program
        self.messages = messages
        self.book = TensorBook(facts)
        self.tasks: list[Task] = []
        self.steps: list[Step] = []
        self.unknown_guards: list[str] = []
        self.findings: list[Finding] = []
        self.unresolved: list[dict] = []
        self.complete = True
        self.frame: Frame | None = None
        self._active: list[tuple[str, str, int]] = []
        self._globals: dict[tuple[str, str], object] = {}
        self._budget = MAX_STEPS
        self._reported: set = set()
        self._effects: dict = {}
        self.alternatives: dict[str, list[str]] = {}  # tensor id -> the other tensors a merged variable may hold
        self._functions: dict[str, dict[str, list[Function]]] = {}

    # -- entry ----------------------------------------------------------------------------------------------
    def run(self, unit: CxxUnit, entry: Function) -> Route:
        env = {}
        for param in entry.params:
            env[param.name] = self._param_value(param.name, param.type_text, unit.path, entry.line)
        self.frame = Frame(unit, entry, env, (), (), False)
        self._active.append((unit.path, entry.name, entry.line))
        self._check_parse_errors(unit, entry)
        self.walk_block(entry.body)
        return Route(
            entry=entry.short_name,
            facts=self.facts,
            tasks=tuple(self.tasks),
            tensors=self.book.tensors(),
            steps=tuple(self.steps),
            unknown_guards=tuple(self.unknown_guards),
            complete=self.complete,
        )

    def _param_value(self, name: str, type_text: str, path: str, line: int):
        if "aclTensorList" in type_text:
            return HostValue("tensor-list", name)
        if "aclTensor" in type_text:
            return TensorRef(self.book.param(name, path, line))
        if "aclScalar" in type_text:
            return ScalarRef(name)
        if "aclOpExecutor" in type_text:
            return HostValue("executor")
        return Unknown(name)

    # -- evaluator hooks ------------------------------------------------------------------------------------
    def lookup(self, name: str):
        frame = self.frame
        if name in frame.env:
            return frame.env[name]
        key = (frame.unit.path, name.rsplit("::", 1)[-1])
        if key in self._globals:
            return self._globals[key]
        for decl in frame.unit.globals:
            if decl.name.rsplit("::", 1)[-1] == key[1]:
                self._globals[key] = UNKNOWN  # a self-referencing initializer stays unknown
                value = self.value(decl.value) if decl.value is not None else UNKNOWN
                self._globals[key] = value
                return value
        return None

    def assign(self, name: str, value) -> None:
        self._store(self.frame, name, value)

    def tensor_dtype(self, tensor_id: str) -> str | None:
        return self.book.dtype(tensor_id)

    def tensor_shape(self, tensor_id: str) -> ShapeValue:
        return self.book.shape(tensor_id)

    def method_value(self, receiver, method: str, expr: Expr | None):
        if isinstance(receiver, HostValue) and receiver.kind == "host-tensor" and method == "GetDataType":
            return DType(receiver.text or None)
        return super().method_value(receiver, method, expr)

    def call(self, expr: Expr):
        callee = (expr.name or "").strip()
        short = callee.rsplit("::", 1)[-1]
        if short in _LAUNCH_MACROS:
            self._launch(_LAUNCH_MACROS[short], expr)
            return Status(True)
        if short in _CHECK_MACROS:
            if expr.children and short != "OP_CHECK_NULL" and self._has_effects(expr.children[0]):
                self.value(expr.children[0])  # its calls run; the check itself is taken as passing
            return Status(True)
        if short == "GetOpArgContext":
            reads, writes = self._op_args(expr.children)
            return OpArgs(tuple(reads), tuple(writes))
        if short.startswith(_IGNORED_PREFIXES) or short == "CREATE_EXECUTOR":
            return HostValue("executor") if short == "CREATE_EXECUTOR" else Status(True)
        receiver, method = split_callee(callee)
        if receiver is not None:
            target = self.receiver_value(receiver)
            if isinstance(target, HostValue) and target.kind == "executor":
                return self._executor_call(method, expr)
            if isinstance(target, TensorRef) and method == "SetDataType" and expr.children:
                dtype = self.value(expr.children[0])
                self.book.set_dtype(target.id, dtype.name if isinstance(dtype, DType) else None)
                return Status(True)
            return NotImplemented
        if callee.startswith("l0op::"):
            return self._l0_call(short, expr)
        local = self._local_function(short, len(expr.children))
        if local is not None:
            if "aclnnStatus" in local.return_type and not self._effectful(self.frame.unit, local):
                return Status(True)  # a check without effects: error handling is not a route
            return self._inline(self.frame.unit, local, expr)
        if self.frame.l0_op is not None or self.frame.function.name.startswith("l0op::"):
            # Unqualified calls inside namespace l0op reach other L0 ops (ViewCopy -> TensorMove).
            resolved = self.program.resolve_l0(short, len(expr.children), self.frame.unit.path)
            if resolved is not None:
                return self._l0_call(short, expr)
        return NotImplemented

    # -- statements -----------------------------------------------------------------------------------------
    def walk_block(self, stmts) -> str:
        flow = NORMAL
        for stmt in stmts:
            result = self.walk_stmt(stmt)
            if result in (RETURNED, BREAK):
                return result
            if result == MAYBE:
                flow = MAYBE
        return flow

    def walk_stmt(self, stmt: Stmt) -> str:
        self._budget -= 1
        if self._budget < 0:
            if self._budget == -1:
                self._incomplete("route-walk-budget", stmt.line, steps=MAX_STEPS)
            return RETURNED
        kind = stmt.kind
        if kind in ("decl", "assign"):
            value = self.value(stmt.value) if stmt.value is not None else self._declared(stmt)
            if stmt.target:
                self._assign_stmt(stmt, value)
            return NORMAL
        if kind == "expr":
            if stmt.value is not None:
                self.value(stmt.value)
            return NORMAL
        if kind == "return":
            value = self.value(stmt.value) if stmt.value is not None else UNKNOWN
            self.frame.returns.append((value, self.frame.may))
            return RETURNED
        if kind == "if":
            return self._walk_if(stmt)
        if kind == "switch":
            return self._walk_switch(stmt)
        if kind == "loop":
            return self._walk_loop(stmt)
        if kind == "block":
            return self.walk_block(stmt.then)
        if kind in ("break", "continue"):
            return BREAK
        if kind == "unparsed":
            if not stmt.text.lstrip().startswith(_IGNORED_PREFIXES + _CHECK_MACROS):
                self._incomplete("route-unparsed-construct", stmt.line, text=_clip(stmt.text))
            return NORMAL
        return NORMAL

    def _declared(self, stmt: Stmt):
        type_text = stmt.type_text or ""
        if "Shape" in type_text and "*" not in type_text:
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
        element = _ELEMENT.match(target)
        if element:
            name, index = element.group(1), self.receiver_value(element.group(2))
            current = self.frame.env.get(name)
            if isinstance(current, IntList) and isinstance(index, int) and 0 <= index < len(current.items):
                items = list(current.items)
                items[index] = value if isinstance(value, int) and not isinstance(value, bool) else None
                self._store(self.frame, name, IntList(tuple(items)))
            elif isinstance(current, IntList):
                self._store(self.frame, name, IntList((None,) * len(current.items)))
            return
        compound = re.match(rf"^\s*{re.escape(target)}\s*([-+*/%])=", stmt.text) if stmt.kind == "assign" else None
        if compound:
            value = arithmetic(compound.group(1), self.frame.env.get(target), value, stmt.text)
        if stmt.kind == "decl" and isinstance(value, HostValue) and value.kind == "ints" and "[" in stmt.text:
            value = IntList(value.dims)
        array = _ARRAY_SIZE.search(stmt.text) if stmt.kind == "decl" else None
        empty = isinstance(value, DtypeList) and not value.names  # `= {}`
        if array and (isinstance(value, (IntList, Unknown)) or empty):
            size = int(array.group(1))
            given = value.items if isinstance(value, IntList) else ()
            if size <= _MAX_HOST_LIST:
                value = IntList(tuple(given) + (0,) * (size - len(given)))
        self._store(self.frame, target, value)

    def _walk_if(self, stmt: Stmt) -> str:
        truth = self.truth(stmt.value)
        if truth is True:
            return self.walk_block(stmt.then)
        if truth is False:
            return self.walk_block(stmt.orelse)
        text = _clip(stmt.value.text if stmt.value is not None else stmt.text)
        self._note_unknown(text)
        return self._branches([(text, stmt.then), (f"!({text})", stmt.orelse)])

    def _branches(self, arms) -> str:
        """Walk every arm under its guard text with `may` set; merge variables; say whether the frame returned."""
        frame = self.frame
        before_env, before_guards, before_may = dict(frame.env), frame.guards, frame.may
        envs, flows = [], []
        for guard, body in arms:
            frame.env = dict(before_env)
            frame.guards, frame.may = before_guards + (guard,), True
            flows.append(self.walk_block(body))
            envs.append(frame.env)
        frame.env, alternatives = _merge(before_env, envs)
        for chosen, others in alternatives:
            self.alternatives.setdefault(chosen, []).extend(o for o in others if o not in self.alternatives[chosen])
        open_arms = [guard for (guard, _), flow in zip(arms, flows) if flow not in (RETURNED,)]
        if not open_arms:
            frame.guards, frame.may = before_guards, before_may
            return RETURNED
        if len(open_arms) < len(arms) or MAYBE in flows:
            # Later statements run only on the arms that did not return.
            frame.guards = before_guards + ((open_arms[0],) if len(open_arms) == 1 else ())
            frame.may = True
            return MAYBE
        frame.guards, frame.may = before_guards, before_may
        return NORMAL

    def _walk_switch(self, stmt: Stmt) -> str:
        scrutinee = self.value(stmt.value) if stmt.value is not None else UNKNOWN
        decided = []
        for case in stmt.cases:
            if case.label is None:
                decided.append(None)
                continue
            decided.append(self.truthy(self.compare("==", scrutinee, self.name_value(case.label))))
        start = None
        if True in decided:
            start = decided.index(True)
        elif all(d is False or d is None and c.label is None for d, c in zip(decided, stmt.cases)):
            start = next((i for i, c in enumerate(stmt.cases) if c.label is None), None)
        if start is not None:
            return self._fall_through(stmt.cases[start:])
        text = _clip(stmt.value.text if stmt.value is not None else "switch")
        self._note_unknown(f"switch ({text})")
        arms = []
        for index, (case, verdict) in enumerate(zip(stmt.cases, decided)):
            if verdict is False or not case.body and index + 1 < len(stmt.cases):
                continue
            label = "default" if case.label is None else f"{text} == {case.label}"
            arms.append((label, _flatten_cases(stmt.cases[index:])))
        flow = self._branches(arms) if arms else NORMAL
        return NORMAL if flow == BREAK else flow

    def _fall_through(self, cases) -> str:
        flow = self.walk_block(_flatten_cases(cases))
        return NORMAL if flow == BREAK else flow

    def _walk_loop(self, stmt: Stmt) -> str:
        counted = _COUNTED_FOR.match(stmt.text)
        if counted:
            start, bound = self.receiver_value(counted.group(2)), self.receiver_value(counted.group(4))
            if _is_int(start) and _is_int(bound):
                stop = bound + 1 if counted.group(3) == "<=" else bound
                if 0 <= stop - start <= _MAX_UNROLL:
                    # A counted loop over known bounds (dims of a known shape) runs exactly, not as `may`.
                    result = NORMAL
                    for counter in range(start, stop):
                        self.frame.env[counted.group(1)] = counter
                        flow = self.walk_block(stmt.then)
                        if flow == RETURNED:
                            return flow
                        if flow == BREAK:
                            break
                        if flow == MAYBE:
                            result = MAYBE  # an early return under an undecided guard; later iterations may run
                    return result
        text = _clip(stmt.value.text if stmt.value is not None else stmt.text.split("{", 1)[0])
        if stmt.value is not None and self.truth(stmt.value) is False:
            return NORMAL
        flow = self._branches([(f"loop: {text}", stmt.then), ("loop not entered", ())])
        return NORMAL if flow == BREAK else flow

    # -- variables ------------------------------------------------------------------------------------------
    def _store(self, frame: Frame, target: str, value) -> None:
        name = target.strip()
        if name.startswith("*") or "->" in name or "[" in name or "." in name:
            return
        frame.env[name] = value
        if isinstance(value, TensorRef) and frame.l0_op is None:
            self.book.name_once(value.id, name)
        if name in frame.refs:
            caller, caller_name = frame.refs[name]
            self._store(caller, caller_name, value)

    def _local_function(self, short: str, arity: int) -> Function | None:
        candidates = self._functions_named(self.frame.unit, short)
        if not candidates:
            return None
        for function in candidates:
            if len(function.params) == arity:
                return function
        return candidates[0]

    # -- inlining -------------------------------------------------------------------------------------------
    def _inline(self, unit: CxxUnit, function: Function, expr: Expr, l0_op: str | None = None):
        key = (unit.path, function.name, function.line)
        self._budget -= 1  # every inlined call counts, so fan-out through helpers is bounded too
        if self._budget < 0:
            if self._budget == -1:
                self._incomplete("route-walk-budget", expr.line, steps=MAX_STEPS)
            return UNKNOWN
        if key in self._active or len(self._active) >= MAX_DEPTH:
            self._incomplete("route-recursive-call", expr.line, function=function.name)
            return UNKNOWN
        caller = self.frame
        args = [self.value(arg) for arg in expr.children]
        env, refs = {}, {}
        for index, param in enumerate(function.params):
            env[param.name] = args[index] if index < len(args) else UNKNOWN
            if index < len(expr.children) and "&" in param.type_text and "&&" not in param.type_text:
                arg_expr = expr.children[index]
                if arg_expr.kind == "name":
                    refs[param.name] = (caller, (arg_expr.name or arg_expr.text).strip())
        site = Site(function=caller.function.name, file=caller.unit.path, line=expr.line)
        frame = Frame(
            unit=unit,
            function=function,
            env=env,
            call_path=caller.call_path + (site,),
            guards=caller.guards,
            may=caller.may,
            l0_site=caller.l0_site or (site if l0_op else None),
            l0_op=caller.l0_op or l0_op,
            l0_call=caller.l0_call or ((tuple(args), expr) if l0_op else None),
            l0_mark=caller.l0_mark if caller.l0_op else (self.book.count() if l0_op else None),
            refs=refs,
        )
        self._active.append(key)
        self.frame = frame
        self._check_parse_errors(unit, function)
        try:
            self.walk_block(function.body)
        finally:
            self.frame = caller
            self._active.pop()
        return _returned(frame.returns)

    # -- bookkeeping ----------------------------------------------------------------------------------------
    def _check_parse_errors(self, unit: CxxUnit, function: Function) -> None:
        """A parse error inside a function the route runs through leaves part of it unknown."""
        for finding in unit.findings:
            if finding.symbol in _PARSE_ERRORS and finding.line and function.line <= finding.line <= function.end_line:
                key = ("parse", unit.path, finding.line)
                if key not in self._reported:
                    self._reported.add(key)
                    self._incomplete("route-unparsed-construct", finding.line, path=unit.path,
                                     text=_clip(finding.message, 120))

    def _note_unknown(self, text: str) -> None:
        if text and text not in self.unknown_guards:
            self.unknown_guards.append(text)

    def _incomplete(self, symbol: str, line: int, path: str | None = None, **fields) -> None:
        self.complete = False
        self.findings.append(self.messages.make(symbol, line=line, path=path or self.frame.unit.path, **fields))


def _merge(before: dict, envs: list[dict]) -> tuple[dict, list]:
    """After branches: a variable keeps the value every arm agrees on, else the first arm that changed it.

    When the arms hold different tensors, the others are returned as alternatives of the one kept, so a later
    launch reading the variable reads every tensor it may be.
    """
    merged = dict(before)
    alternatives = []
    for name in {name for env in envs for name in env}:
        values = [env.get(name, before.get(name)) for env in envs]
        if all(value == values[0] for value in values):
            merged[name] = values[0]
            continue
        changed = [value for value in values if value != before.get(name)]
        merged[name] = changed[0] if changed else before.get(name)
        if isinstance(merged[name], TensorRef):
            others = tuple(v.id for v in values if isinstance(v, TensorRef) and v != merged[name])
            if others:
                alternatives.append((merged[name].id, others))
    return merged, alternatives


def _returned(returns: list):
    if not returns:
        return UNKNOWN
    values = [value for value, _ in returns]
    if all(value == values[0] for value in values):
        return values[0]
    if all(isinstance(value, (bool, int, float, Unknown)) for value in values):
        return UNKNOWN
    definite = [value for value, may in returns if not may and not isinstance(value, Unknown)]
    if definite:
        return definite[-1]
    known = [value for value in values if not isinstance(value, Unknown)]
    return known[-1] if known else UNKNOWN


def _flatten_cases(cases) -> tuple[Stmt, ...]:
    return tuple(stmt for case in cases for stmt in case.body)


def _clip(text: str, limit: int = 160) -> str:
    text = " ".join(text.split())
    return text if len(text) <= limit else text[: limit - 3] + "..."


