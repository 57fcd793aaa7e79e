"""The route walk: run an entry point's statements abstractly under Facts, inlining helpers and L0 definitions."""

from __future__ import annotations

import re
from dataclasses import dataclass, field, replace
from pathlib import Path
from typing import Protocol

from op_migrate.analyzers.cxx.model import CxxUnit, Expr, Function
from op_migrate.analyzers.findings import Finding
from op_migrate.analyzers.route.aliases import CONST_REFERENCE, AliasWalk
from op_migrate.analyzers.route.audit import FrameAudit, RouteAudit
from op_migrate.analyzers.route.callee_text import bare_name, split_callee, strip_parens
from op_migrate.analyzers.route.caller_names import argument_names, substitute
from op_migrate.analyzers.route.checks import CheckStatements, Failure, without_failed_paths
from op_migrate.analyzers.route.integers import UInt, stored
from op_migrate.analyzers.route.jumps import JumpWalk
from op_migrate.analyzers.route.containers import ContainerCalls, element, join_tensors, join_values, with_item
from op_migrate.analyzers.route.effect_scan import EffectScan
from op_migrate.analyzers.route.framework_functions import framework_task_name
from op_migrate.analyzers.route.guards import GuardEvaluator
from op_migrate.analyzers.route.generated_calls import GeneratedCalls
from op_migrate.analyzers.route.helper_calls import HelperCalls, captured_by_reference, captured_by_value, visible_from
from op_migrate.analyzers.route.l0_effects import L0Effects
from op_migrate.analyzers.route.layout_calls import LayoutCalls
from op_migrate.analyzers.route.loop_skip import LoopSkip
from op_migrate.analyzers.route.loops import LoopWalk
from op_migrate.analyzers.route.macro_calls import MacroCalls, Painted, receiver_less
from op_migrate.analyzers.route.macros import CHECK_MACROS, IGNORED_PREFIXES, LAUNCH_MACROS
from op_migrate.analyzers.route.maps import MAP_TYPE, MapCalls, MapIter, MapValue
from op_migrate.analyzers.route.members import MemberStore
from op_migrate.analyzers.route.mutable_globals import entry_value_unknown
from op_migrate.analyzers.route.model import Facts, Reason, Route, ShapeRule, Site
from op_migrate.analyzers.route.objects import ObjectCalls, class_spelling
from op_migrate.analyzers.route.operators import OperatorCalls
from op_migrate.analyzers.route.packs import Pack, has_pack, item_names
from op_migrate.analyzers.route.packs import expand as expand_packs
from op_migrate.analyzers.route.pure_memo import PureMemo
from op_migrate.analyzers.route.resolution import Resolution
from op_migrate.analyzers.route.statements import NORMAL, StatementWalker, clip, merged_value
from op_migrate.analyzers.route.static_locals import StaticLocals
from op_migrate.analyzers.route.step_view import StepView
from op_migrate.analyzers.route.tensors import TensorBook
from op_migrate.analyzers.route.unmodelled import UnmodelledCalls
from op_migrate.analyzers.route.values import (
    CHANGING_METHODS,
    UNKNOWN,
    DType,
    FunctionRef,
    HostValue,
    IntList,
    LambdaRef,
    Null,
    ObjectList,
    ObjectValue,
    OpArgs,
    PairValue,
    ScalarRef,
    ShapeValue,
    Status,
    TensorList,
    TensorTuple,
    TensorRef,
    Unknown,
    int_list_after,
    is_int,
    is_number,
)

MAX_DEPTH = 32
# The walk visits at most this many statements per route: a guard against pathological inputs, reported. ops-nn's
# ConvolutionBackward needs 60,000-75,000 since its helpers' writes through `const aclTensor*&` reach its members.
MAX_STEPS = 100_000
_NUMERIC_PARAM = re.compile(r"\b(?:bool|float|double|u?int(?:8|16|32|64)?_t|int|long|size_t)\b")
_PARSE_ERRORS = ("cxx-parse-error", "cxx-missing-token", "cxx-recursion-limit", "cxx-too-many-errors")
_EXECUTOR_NO_OPS = ("GetWorkspaceSize", "ReleaseTo", "AbandonCache", "AddTensorRelation")
# A variable the walk can hold: a name, qualified (`g_mode`, `ns::kMode`) or its own (`$returned`, `args$0`).
_LISTED_ELEMENT = re.compile(r"([A-Za-z_]\w*)\s*\[[^\[\]]+\]")
_MEMBER_ARGUMENT = re.compile(r"[A-Za-z_]\w*(?:\s*(?:\.|->)\s*[A-Za-z_]\w*)+")
_CALL_IN_CALLEE = re.compile(r"[\w>\]]\s*(?:<[^()]*>)?\s*\(")
_CONSTANT = re.compile(r"\b(?:const|constexpr)\b")
_VALUE_PATH = re.compile(r"^([A-Za-z_]\w*)(\s*\..*)$")  # `pr.second`, `box.dims[0]`
_PLAIN_NAME = re.compile(r"^[A-Za-z_$][\w$]*(?:::[A-Za-z_]\w*)*$")
_RECEIVER_ROOT = re.compile(r"\W*([A-Za-z_]\w*)")
_NEW = re.compile(r"^\s*new\s+(?:\(\s*std::nothrow\s*\)\s*)?([A-Za-z_][\w:]*)")


class Program(Protocol):
    """Where the walk finds L0 definitions; implemented by analyzers.aclnn.chain.ChainProgram."""

    def resolve_l0(self, name: str, arity: int, near: str, kinds=None) -> Resolution: ...


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
    l0_op: str | None = None  # the outermost L0 call (a task's `via`)
    l0_inner: str | None = None  # the innermost L0 call (a task's `l0`)
    l0_call: tuple | None = None  # (argument values, call Expr) of the outermost l0op call, for catalog shapes
    l0_mark: int | None = None  # tensors in the book when the outermost l0op call began
    names: dict = field(default_factory=dict)  # parameter -> its argument in the entry's names
    refs: dict = field(default_factory=dict)  # reference parameter -> (caller frame, caller variable)
    pointer_refs: dict = field(default_factory=dict)  # pointer parameter given `&var` -> (caller frame, var)
    returns: list = field(default_factory=list)
    exits: list = field(default_factory=list)  # the guards of each return taken under undecided guards
    # What its callers' variables and the objects held at each such return (jumps.py's snapshots): the writes after
    # it happen only on the paths that went on, so the caller sees them joined with these.
    return_states: list = field(default_factory=list)
    by_ref_captured: set = field(default_factory=set)  # its variables a lambda made here captures by reference

    def chain(self):
        """This frame, then each caller up to the entry point."""
        frame = self
        while frame is not None:
            yield frame
            frame = frame.caller
    audit: FrameAudit = field(default_factory=FrameAudit.fresh)  # what it walked and skipped (route/audit.py)
    escaped: set = field(default_factory=set)  # host variables whose address was taken (route/aliases.py)
    pointers: set = field(default_factory=set)  # local pointer variables
    loose_refs: dict = field(default_factory=dict)  # local reference -> the initializer text it may alias
    loose_params: dict = field(default_factory=dict)  # parameter -> (caller frame, the argument text it may reach)
    caller: Frame | None = None
    member_ref: bool = False  # its caller held objects: their members are the frames' shared ones (members.py)
    born: set = field(default_factory=set)  # object members its caller does not hold (members.py)
    parked: bool = False  # members in `env` until it is the current frame again (members.py)
    # Its status, or a caller's, is dropped (`Compute(d, k);`): its error arms are paths like any other, since the
    # caller goes on after them (checks.py).
    errors_are_paths: bool = False


class RouteWalk(AliasWalk, StatementWalker, JumpWalk, LoopWalk, LoopSkip, CheckStatements, HelperCalls, ObjectCalls,
                GeneratedCalls, MapCalls, MacroCalls, UnmodelledCalls, RouteAudit, PureMemo, L0Effects, EffectScan,
                StepView, LayoutCalls, ContainerCalls, MemberStore, OperatorCalls, StaticLocals,
                GuardEvaluator):
    """Walks one entry point under one Facts and collects tasks, tensors, events, steps and findings."""

    def __init__(self, program: Program, facts: Facts, messages) -> None:
        super().__init__(facts)
        self.program = program
        self.messages = messages
        self.book = TensorBook(facts)
        self.tasks = []
        self.events = []
        self.steps = []
        self.current_step = None
        self.discarded_result = None  # the call of an expression statement, whose result nobody reads
        # A call whose null or error result its caller tests and goes on after (route/recovery.py).
        self.recovered_calls: tuple = ()
        self.checks_opened = 0  # checks the facts left open, each time one is met (checks.py)
        self._own_names: dict[str, set] = {}  # a file's own free functions: (name, parameter count)
        self.undecided_guards: list[str] = []
        self.findings: list[Finding] = []
        self.reasons: list[Reason] = []
        self.unresolved: list[dict] = []
        self.frame: Frame | None = None
        self.members: dict = {}  # object members as the current frame sees them, shadows: as its callers do (members.py)
        self.shadows: dict = {}
        self.member_log: list[str] = []  # every member the store was given a value for, in order (members.py)
        self.nan_members: set[str] = set()
        self.failure: Failure | None = None  # the check that made the walk's latest failing return (checks.py)
        self.entry_failures: list = []  # (guards, Failure) of each error the entry point returns
        self._active: list[tuple[str, str, int]] = []
        self._globals: dict[tuple[str, str], object] = {}
        # Globals the walk has written (pure_memo keys on them) and how many writes it made.
        self.written_globals: dict[tuple[str, str], object] = {}
        self.global_writes = 0
        self._budget = MAX_STEPS
        self._quiet = 0  # inside a function without effects: its undecided guards are not noted
        self._reported: set = set()
        self.reports_asked = 0  # first_report calls: a pure helper's walk that asked says nothing a memo can replay
        self._effects: dict = {}  # EffectScan: (path, name, line) of a function -> whether it has effects
        self.audit_counts = {"walked": set(), "excluded": set(), "unwalked": set()}  # RouteAudit
        self._function_locals: dict = {}  # RouteAudit: id(function) -> (function, its parameters and locals)
        # (unit path, name, reading function) -> (short name, the functions the name is): a name neither variable nor
        # global (an enum constant) is looked up again at every read.
        self._named_functions: dict[tuple[str, str, str], tuple] = {}
        self.macro_stack: list[str] = []  # the macro invocations whose expansion is being walked (MacroCalls)
        self.painted = Painted()
        self.open_checks: list[Reason] = []  # checks the facts leave open: the route holds where they pass
        self.alternatives: dict[str, list[str]] = {}  # tensor id -> the other tensors a merged variable may hold
        self.jump_targets: list = []  # the loops and switches being walked, innermost last (jumps.py)
        self.loop_records: list = []  # what loops' first discovery passes walk (loop_skip.py)
        self.adoptions = 0  # ghosts adopted by loops (loops.py)
        self._functions: dict[str, dict[str, list]] = {}  # per file, (unit, function) by short name (no scope)
        # Where helpers are found beyond the file: its included headers (analyzers.aclnn.helper_scope.HelperScope).
        self.scope = getattr(program, "scope", None)

    @property
    def complete(self) -> bool:
        return not self.reasons

    # -- entry ----------------------------------------------------------------------------------------------
    def run(self, unit: CxxUnit, entry: Function) -> Route:
        env = {}
        for param in entry.params:
            env[param.name] = self._param_value(param.name, param.declared_type, unit.path, entry.line)
        self.frame = Frame(unit, entry, env, (), (), False)
        self._active.append((unit.path, entry.name, entry.line))
        self._check_parse_errors(unit, entry)
        self.walk_block(entry.body)
        self.audit_frame(self.frame)
        rejected = self.rejection(unit, entry)
        if rejected is not None:
            # The call fails for these facts: GetWorkspaceSize returns the error and nothing is launched.
            return Route(entry=entry.short_name, facts=self.facts, tasks=(), events=(), steps=(),
                         tensors=tuple(t for t in self.book.tensors() if t.effect == "param"),
                         complete=self.complete, incomplete_reasons=tuple(self.reasons), rejected=rejected,
                         audit=self.audit_summary(), open_checks=tuple(self.open_checks))
        failures = tuple(self.failure_reason(unit, entry, guards, cause) for guards, cause in self.entry_failures)
        # What runs only on a path that fails never runs: the call returns the error there.
        tasks, steps, tensors, events = without_failed_paths(
            tuple(self.tasks), self.finished_steps(), self.book.tensors(), tuple(self.events),
            [guards for guards, _ in self.entry_failures])
        return Route(
            entry=entry.short_name,
            facts=self.facts,
            tasks=tasks,
            tensors=tensors,
            events=events,
            steps=steps,
            undecided_guards=tuple(self.undecided_guards),
            complete=self.complete,
            incomplete_reasons=tuple(self.reasons),
            failures=tuple(dict.fromkeys(failures)),
            audit=self.audit_summary(),
            open_checks=tuple(self.open_checks),
        )

    def returned(self):
        """What the walked function returned (after run): one value, or a TensorRef of every tensor it may return."""
        return _returned(self.frame.returns)

    def _param_value(self, name: str, type_text: str, path: str, line: int):
        # An optional argument (`biasOptional`) the facts do not name may be nullptr; one they name (a dtype or a
        # shape given for it) is there, and so is every required argument (the API's contract).
        maybe_null = "optional" in name.lower() and not self.facts.mentions(self.facts.named_for(name))
        if self.facts.is_absent(self.facts.named_for(name)) and ("aclTensor" in type_text or "aclScalar" in type_text or "Array" in type_text):
            return Null()  # the facts say the call passes nullptr here
        if "aclTensorList" in type_text:
            return HostValue("tensor-list", name)
        if "aclTensor" in type_text:
            return TensorRef(self.book.param(name, path, line), nullable=maybe_null)
        if "aclScalar" in type_text:
            return ScalarRef(name)
        if "aclOpExecutor" in type_text:
            return HostValue("executor")
        number = self.facts.scalar(name)
        if number is not None and "*" not in type_text and _NUMERIC_PARAM.search(type_text):
            # `double prob` passed by value: a --scalar fact of that name is its value, as for an aclScalar.
            if re.search(r"\bbool\b", type_text):
                return number != 0
            if re.search(r"\b(?:float|double)\b", type_text) or not float(number).is_integer():
                return float(number)
            return int(number)
        if "*" in type_text and not maybe_null:
            return HostValue("argument", name)  # a required pointer argument (aclIntArray*, char*): given
        return Unknown(name)

    # -- evaluator hooks ------------------------------------------------------------------------------------
    def builtin(self, short: str, callee: str, expr: Expr):
        # A function the file defines itself (`static bool IsContiguous(...)`) is what an unqualified call of that
        # name reaches, not the framework's or the library's function the walk models.
        unit = self.frame.unit
        own = self._own_names.get(unit.path)
        if own is None:
            own = self._own_names[unit.path] = {(function.short_name, len(function.params))
                                                for function in unit.functions if "::" not in function.name}
        if own and "::" not in callee and (short, len(expr.children)) in own:
            return NotImplemented
        return super().builtin(short, callee, expr)

    def lookup(self, name: str):
        frame = self.frame
        if name in frame.env:
            return frame.env[name]
        member = self.own_member(name) if "this" in frame.env else None
        if member is not None:
            return self.member_value(*member)
        key = (frame.unit.path, name.rsplit("::", 1)[-1])
        if key in self._globals:
            return self._globals[key]
        decl = self._global_decl(frame.unit, key[1])  # the file's own constants, then its headers'
        if decl is not None and self.scope is not None and len(self.scope.global_decls(frame.unit, key[1])) > 1:
            return self._one_of_namesakes(frame, name, key[1])
        if decl is not None:
            return self._global_value(frame, key, decl, name)
        seen = (frame.unit.path, name, frame.function.name)
        found = self._named_functions.get(seen)
        if found is None:
            function = bare_name(name).rsplit("::", 1)[-1]
            defined = visible_from(self._functions_named(frame.unit, function), bare_name(name),
                                   frame.function.name) if function.isidentifier() else ()
            found = self._named_functions[seen] = (function, tuple(defined))
        return FunctionRef(*found) if found[1] else None

    def _one_of_namesakes(self, frame: Frame, name: str, short: str):
        """`cfg2::kWidth` where `cfg::kWidth` is declared too: the one the written name and the caller's namespaces
        name (a constant's value, read once per qualified name); unknown when the walk cannot tell which, or when it
        is a variable (its writes are kept by short name)."""
        decls = self.scope.global_decls(frame.unit, short)
        chosen = visible_from([(frame.unit, decl) for decl in decls], bare_name(name), frame.function.name)
        names = {decl.name for _, decl in chosen}
        if len(names) != 1 or not _CONSTANT.search(chosen[0][1].type_text or ""):
            return Unknown(name)
        key = (frame.unit.path, chosen[0][1].name)
        return self._globals[key] if key in self._globals else self._global_value(frame, key, chosen[0][1], name)

    def _global_value(self, frame: Frame, key: tuple, decl, name: str):
        """A namespace-scope declaration's value, read once per key: its initializer (a dispatch table's entries),
        unknown where an earlier call may have left another."""
        self._globals[key] = UNKNOWN  # a self-referencing initializer stays unknown
        if MAP_TYPE.search(decl.type_text):
            value = self.map_value(decl.value, decl.type_text)  # a dispatch table: `{{SocVersion::X, CheckX}, ...}`
        else:
            value = self.value(decl.value) if decl.value is not None else UNKNOWN
        if entry_value_unknown(frame.unit, decl, self._source_text(frame.unit)):
            value = Unknown(name)  # an earlier call may have left another value than the initializer
        self._globals[key] = value
        return value

    def _source_text(self, unit: CxxUnit) -> bytes:
        if self.scope is not None:
            return self.scope.source_text(Path(unit.path))
        try:
            return Path(unit.path).read_bytes()
        except OSError:
            return b""

    def _global_decl(self, unit: CxxUnit, short: str):
        if self.scope is not None:
            return self.scope.global_decl(unit, short)
        return next((d for d in unit.globals if d.name.rsplit("::", 1)[-1] == short), None)

    def assign(self, name: str, value) -> None:
        self._store(self.frame, name, self.as_declared(name, value))  # `a++`, an out-parameter: the variable's type

    def pointee(self, name: str):
        pointed = self.frame.pointer_refs.get(name)
        if pointed is None:
            return None
        caller, variable = pointed
        return caller.env.get(variable)

    def tensor_dtype(self, tensor_id: str) -> str | None:
        return self.book.dtype(tensor_id)

    def tensor_shape(self, tensor_id: str) -> ShapeValue:
        return self.book.shape(tensor_id)

    def certain_for(self, tensor_id: str) -> bool:
        """Whether a change to a tensor here holds whenever the tensor exists: not under an undecided guard, or
        under only the guards the tensor itself was created under (the rest of a function after an early return)."""
        frame = self.frame
        if not frame.may:
            return True
        guards = self.book.guards(tensor_id)
        return guards is not None and tuple(guards[:len(frame.guards)]) == tuple(frame.guards) and \
            len(guards) >= len(frame.guards)

    def caller_text(self, text: str) -> str:
        """A source text of the current function in the entry point's names (guards, step arguments)."""
        return substitute(text, self.frame.names)

    def _null_checks(self, macro: str, args) -> None:
        """`CHECK_NOT_NULL(a, b)` where its definition is not in reach: each argument that may be null leaves the
        route open on it (one that is surely given passes)."""
        for arg in args:
            value = self.value(arg)
            if isinstance(value, (Null, Unknown)) or isinstance(value, TensorRef) and value.nullable:
                self.open_check(f"{macro}({self.caller_text(' '.join(arg.text.split()))})", arg.line or 0)

    def receiver_value(self, text: str):
        path = self.member_path(text) if ("." in text or "->" in text) else None
        if path is not None:
            return self.member_value(*path)
        return super().receiver_value(text)

    def _value_member(self, expr: Expr):
        path = self.member_path(expr.text)
        if path is not None:
            return self.member_value(*path)
        if expr.children and expr.name in ("first", "second"):
            held = self.value(expr.children[0])
            if isinstance(held, MapIter):
                return self.iter_member(held, expr.name)
            if isinstance(held, PairValue) and len(held.items) == 2:
                return held.items[0 if expr.name == "first" else 1]
        return super()._value_member(expr)

    def compare(self, op: str, left, right):
        if isinstance(left, MapIter) and isinstance(right, MapIter):
            return self.iter_compare(op, left, right)
        if isinstance(left, TensorRef) and isinstance(right, TensorRef):
            # What an undecided branch or a loop may have put in either variable's place counts too.
            left, right = (replace(side, others=tuple(self._with_alternatives(side.ids))[1:]) for side in (left, right))
        return super().compare(op, left, right)

    def _value_call(self, expr: Expr):
        self.walked_call(expr)  # the audit: this call was evaluated here (route/audit.py)
        return super()._value_call(expr)

    def _value_name(self, expr: Expr):
        # A name read: a function taken as a value is called where the walk follows it (a parameter, a table entry)
        # or reaches a call the walk does not model, which says so itself (unmodelled.py: given a function); a table
        # read is modelled (maps.py). Either way this use of the name was walked (the audit).
        self.walked_name(expr.line, expr.name or expr.text)
        return super()._value_name(expr)

    def _value_lambda(self, expr: Expr):
        copied = captured_by_value(expr.text.split("]", 1)[0] + "]")
        copies = () if copied is None else tuple((name, held) for name, held in self.frame.env.items() if copied(name))
        # What it may write wherever it ends up (a container of callbacks called through an element the walk cannot
        # read): unknown_callable makes these unknown.
        self.frame.by_ref_captured.update(captured_by_reference(expr.text, self.frame.env))
        return LambdaRef(expr.text, expr.line, self.frame.unit.path, copies, home=self.frame)

    def _value_other(self, expr: Expr):
        if expr.name == "new_expression":
            made = _NEW.match(expr.text)
            args = next((c.children for c in expr.children if c.name in ("argument_list", "initializer_list")), ())
            found = self.class_decl(made.group(1)) if made else None
            if found is not None:
                return self.construct(found, expr, args)
        elif expr.name == "compound_literal_expression" and expr.children and expr.children[-1].kind == "init_list":
            made = self.braced_return(expr.text.split("{", 1)[0], expr.children[-1])  # `Wrap{y, executor}`
            if made is not None:
                return made
        return super()._value_other(expr)

    def method_value(self, receiver, method: str, expr: Expr | None):
        if isinstance(receiver, MapValue):
            return self.map_method(receiver, method, expr.children if expr is not None else ())
        if isinstance(receiver, TensorList) and method in ("front", "back", "at", "data", "GetData"):
            return receiver if method in ("data", "GetData") else element(receiver)
        if isinstance(receiver, HostValue) and receiver.kind == "host-tensor":
            if method == "GetDataType":
                return DType(receiver.text or None)
            if method == "IsFromWorkspace":
                return False  # host data in storage made with fromWorkspace=false (see layout.HOST_LAYOUT)
        return super().method_value(receiver, method, expr)

    def call(self, expr: Expr):
        expr = expand_packs(expr, self.frame.env)
        callee = (expr.name or "").strip()
        if callee.startswith("["):  # a lambda called where it is written
            return self.call_lambda(LambdaRef(callee, expr.line, self.frame.unit.path), expr)
        short = callee.rsplit("::", 1)[-1]
        if short in LAUNCH_MACROS or short == "INFER_SHAPE":
            # The op type these macros name first is no call (the audit must not count it as one).
            if expr.children and expr.children[0].kind == "name":
                self.walked_name(expr.children[0].line or expr.line, expr.children[0].text)
        if short in LAUNCH_MACROS:
            self._launch(LAUNCH_MACROS[short], expr)
            return Status(True)
        if short in CHECK_MACROS:
            if short == "CHECK_NOT_NULL":
                self._null_checks(short, expr.children)
            elif expr.children and short != "OP_CHECK_NULL" and self._has_effects(expr.children[0]):
                self.value(expr.children[0])  # its calls run; the check itself is taken as passing
            return Status(True)
        if short == "INFER_SHAPE":
            return self._infer_shape(expr)
        if short == "GetOpArgContext":
            return self._op_args(expr.children)
        expanded = self.macro_value(expr) if receiver_less(callee) else NotImplemented
        if expanded is not NotImplemented and self.loop_records:
            self.note_hidden_reads(self.frame)  # the expansion may name the frame's variables
        if expanded is not NotImplemented:
            return expanded  # `CEIL_DIV(a, b)`, `CHECK_NULL(x)` in a condition: the macro's expansion
        if short.startswith(IGNORED_PREFIXES) or short == "CREATE_EXECUTOR":
            self.stringized_arguments(expr)  # `L2_DFX_PHASE_1(aclnnAbs, ...)` names the API; it calls nothing
            return HostValue("executor") if short == "CREATE_EXECUTOR" else Status(True)
        if framework_task_name(callee, bare_name(callee)) is not None:
            return self.framework_task(short, expr)  # op::CopyToNpu, op::CopyNpuToNpu...: tasks of the framework
        if callee.endswith(")") and _CALL_IN_CALLEE.search(callee):
            return self._call_of_result(callee, expr)
        receiver, method = split_callee(callee)
        if receiver is None:
            made = self.constructed(callee, expr)  # `Cls(args)`, `std::make_unique<Cls>(args)`
            if made is not None:
                return made
        if receiver is not None:
            return self._receiver_call(callee, receiver, method, expr)
        if callee.startswith("l0op::"):
            return self._l0_call(short, expr)
        return self.free_call(callee, short, expr)

    def _call_of_result(self, callee: str, expr: Expr):
        """`kTable.at(k)(self, ex)`, `Pick(mode)(x)`: the callee is a call whose value is called (the front end gives
        it as the first child); a function or lambda it gives is walked, anything else is not modelled."""
        first = expr.children[0] if expr.children else None
        if first is None or first.kind != "call" or " ".join(first.text.split()) != " ".join(callee.split()):
            return self.unmodelled_call(callee, expr)  # a front end that does not give the callee's call
        held = self.value(first)
        rest = replace(expr, children=expr.children[1:])
        if isinstance(held, FunctionRef):
            return self.call_through(held, rest)
        if isinstance(held, LambdaRef):
            return self.call_lambda(held, rest)
        return self.unmodelled_call(callee, rest)

    def _receiver_call(self, callee: str, receiver: str, method: str, expr: Expr):
        """`receiver.method(args)` / `receiver->method(args)`: on an object, a function pointer member, the executor,
        a container, a tensor, a shape, or a receiver the walk knows nothing of (the one decision of unmodelled.py).
        A receiver that is itself a call (`l0op::X(a)->GetViewShape()`, `x->GetViewShape().GetDim(1)`) is evaluated
        once, from its expression, and is not one of the method's arguments."""
        inner = expr.children[0] if expr.children and expr.children[0].kind == "call" and \
            " ".join(expr.children[0].text.split()) == " ".join(receiver.split()) else None
        root = _RECEIVER_ROOT.match(receiver)
        if inner is None and root is not None:  # the receiver's name is read here (`TABLE.find(k)`)
            self.walked_name(expr.line, root.group(1))
        if inner is not None:
            target = self.value(inner)
            expr = replace(expr, children=expr.children[1:])
        else:
            target = self.receiver_value(receiver)
        if method == "swap" and inner is None and len(expr.children) == 1 and _PLAIN_NAME.fullmatch(receiver.strip()):
            # `a.swap(b)` of containers, pairs or objects: each takes the other's value, as `std::swap(a, b)`
            own = Expr("name", receiver.strip(), name=receiver.strip(), line=expr.line)
            return self.std_library_call("std::swap", (own, expr.children[0]))
        if isinstance(target, ObjectValue):
            return self.method_call(target, method, expr)
        held = self.iter_member(target, method) if isinstance(target, MapIter) else \
            (self.receiver_value(callee) if inner is None else None)
        if isinstance(held, FunctionRef):
            return self.call_through(held, expr)  # `it->second(self)`, `ctx.judge(ctx)`
        if isinstance(held, LambdaRef):
            return self.call_lambda(held, expr)
        if isinstance(target, MapIter) and method in ("first", "second"):
            return self.unmodelled_call(callee, expr, what="function pointer")  # `it->second(x)`: not one known
        if target is None or isinstance(target, (Unknown, Null)):
            # A method on a receiver the walk knows nothing of (`graph->Execute()`, `op.Run()` of an object it
            # could not construct): the one decision for what is not modelled.
            self.taint_containers(expr.children)
            return self.unmodelled_call(callee, expr, what="method")
        if isinstance(target, HostValue) and target.kind == "executor":
            return self._executor_call(method, expr)
        if isinstance(target, TensorList):
            name = strip_parens(receiver).lstrip("*").strip()  # `v.push_back`, `p->push_back`, `(*p).push_back`
            return self.container_method(name, target, method, expr.children)
        if isinstance(target, TensorTuple) and (method in ("front", "back") and not expr.children or
                                                method == "at" and len(expr.children) == 1):
            # The std::array an L0 op returned: `r.at(1)`, `r.front()`, `r.back()` read one position.
            index = 0 if method == "front" else -1 if method == "back" else self.value(expr.children[0])
            return self.subscript_value(target, index)
        if isinstance(target, TensorRef) and method == "SetDataType" and expr.children:
            dtype = self.value(expr.children[0])
            self.book.set_dtype(target.id, dtype.name if isinstance(dtype, DType) else None)
            return Status(True)
        if isinstance(target, TensorRef):
            result = self.layout_setter(target, method, expr.children)
            if result is not NotImplemented:
                return result
        if isinstance(target, ShapeValue) and method in ("AppendDim", "SetDim", "SetDimNum"):
            return self._shape_setter(receiver, target, method, expr.children)
        if isinstance(target, ObjectList):
            grown = self.object_list_method(target, method, expr.children)
            if grown is not None:
                self._store(self.frame, strip_parens(receiver).lstrip("*").strip(), grown)
                return Status(True)
            if method in ("size", "empty") and not expr.children:
                return UInt(len(target.items)) if method == "size" else not target.items
        if isinstance(target, IntList) and method in CHANGING_METHODS:
            # A host vector of numbers changes (`dims.pop_back()` before `ToShape(dims, shape)`): what it holds after,
            # or unknown for a change the walk does not model (never the numbers it held before).
            after = int_list_after(target, method, [self.value(arg) for arg in expr.children])
            self._store(self.frame, strip_parens(receiver).lstrip("*").strip(), after)
            return Status(True)
        if method in CHANGING_METHODS and not isinstance(target, TensorRef) and \
                not (isinstance(target, HostValue) and target.kind == "executor"):
            # `s.insert(3)` on a host container, a table or a set the walk holds no model of the change for: unknown
            # from here on.
            held = strip_parens(receiver).lstrip("*").strip()
            if _PLAIN_NAME.match(held):
                self._store(self.frame, held, Unknown(held))
        self.taint_containers(expr.children)
        return self.method_value(target, method, expr)

    def _infer_shape(self, expr: Expr) -> Status:
        """INFER_SHAPE(Op, OP_INPUT(...), OP_OUTPUT(out), ...) gives `out` the op's inferred shape: the catalog's rule
        for the L0 op, else unknown (never the shape it was allocated with)."""
        writes = self._op_args(expr.children[1:]).writes
        rule, _ = self._inferred_shape()
        for tensor_id in writes:
            certain = self.certain_for(tensor_id)
            self.book.infer_shape(tensor_id, rule if certain else ShapeRule("unknown", text="set by INFER_SHAPE"))
        # It fails on shapes its op refuses: error handling is no route unless the caller goes on after a failure,
        # or the L0 op itself does (`if (INFER_SHAPE(...) != ACLNN_SUCCESS) { ...AI CPU launch...; return out; }`).
        return Status(None if self.frame.errors_are_paths or self.failure_goes_on(expr) else True)

    def _shape_setter(self, name: str, shape: ShapeValue, method: str, args) -> Status:
        """`s.AppendDim(d)`, `s.SetDim(i, d)`, `s.SetDimNum(n)` on a shape variable: its dims change."""
        values = [self.value(arg) for arg in args]
        dims = list(shape.dims) if shape.dims is not None else None
        if dims is not None and method == "AppendDim" and len(values) == 1 and is_int(values[0]):
            dims.append(values[0])
        elif dims is not None and method == "SetDim" and len(values) == 2 and all(is_int(v) for v in values) \
                and 0 <= values[0] < len(dims):
            dims[values[0]] = values[1]
        elif dims is not None and method == "SetDimNum" and len(values) == 1 and is_int(values[0]):
            dims = (dims + [1] * values[0])[:values[0]]
        else:
            dims = None
        known = tuple(dims) if dims is not None else None
        rule = ShapeRule("literal", dims=tuple(str(d) for d in known)) if known is not None else ShapeRule(
            "unknown", text=f"{name} after {method}")
        self._store(self.frame, name.strip(), ShapeValue(known, rule))
        return Status(True)

    # -- variables ------------------------------------------------------------------------------------------
    def _store(self, frame: Frame, target: str, value) -> None:
        name = strip_parens(target) if target.lstrip().startswith("(") else target.strip()  # `(*out) = x`
        if name.startswith("*") and strip_parens(name[1:]) in frame.pointer_refs:
            # `*sumOut = x` through a pointer parameter given `&sumOut`: the caller's variable changes.
            caller, caller_name = frame.pointer_refs[strip_parens(name[1:])]
            self._store(caller, caller_name, value)
            return
        if "->" in name or "." in name:
            path = self.member_path(name, frame)
            if path is not None:
                self.store_member(frame, path[0], path[1], value)
            elif "->" not in name and not name.startswith("*") and _VALUE_PATH.match(name):
                self._written_within(frame, name)
            else:
                self.write_through_unknown(frame, name)
            return
        listed = _LISTED_ELEMENT.fullmatch(name)
        if listed is not None and isinstance(frame.env.get(listed.group(1)), TensorList):
            # A reference parameter bound to `tensors[0]`: the container may now hold the new tensor.
            self._store(frame, listed.group(1), with_item(frame.env[listed.group(1)], value))
            return
        if name.startswith("*") or "[" in name:
            self.write_through_unknown(frame, name, value=value)
            return
        if not _PLAIN_NAME.match(name):
            self.write_through_unknown(frame, name)  # `(a > b ? a : b) = 9`: a target the walk cannot name
            return
        member = self.own_member(name) if frame is self.frame and "this" in frame.env else None
        if member is not None and name not in frame.env:  # `nodes_` inside a method: its object's member
            self.store_member(frame, member[0], member[1], value)
            return
        if name not in frame.env and name not in frame.refs and self._global_written(frame, name, value):
            return
        frame.env[name] = value
        frame.names.pop(name, None)  # a reassigned parameter no longer stands for the caller's argument
        if name in frame.loose_refs:
            self.write_through_unknown(frame, frame.loose_refs[name], named=True)  # `auto& r = v[0]; r = 9;`
        if name in frame.loose_params:
            caller, text = frame.loose_params[name]
            self.write_through_unknown(caller, text, named=True)  # `Set(dims[1])` with `void Set(int64_t& v)`
        if isinstance(value, TensorRef) and frame.l0_op is None:
            self.book.name_once(value.id, name)
        if name in frame.refs:
            caller, caller_name = frame.refs[name]
            for other, (held_by, held_name) in frame.refs.items():
                if other != name and held_by is caller and held_name == caller_name:
                    frame.env[other] = value  # `Swap(k, k)`: both parameters name k
            self._store(caller, caller_name, value)

    def _written_within(self, frame: Frame, name: str) -> None:
        """`pr.second = 5`, `box.dims[0] = 2`, `obj.pair_.first = 1`: a part of a variable (or of an object's
        member) the walk keeps whole changes; that variable (member) is unknown from here on."""
        base, rest = _VALUE_PATH.match(name).groups()
        held = frame.env.get(base)
        first = re.match(r"\s*\.\s*(\w+)\s*(\(?)", rest)
        if isinstance(held, ObjectValue) and first is not None and first.group(2):
            # `b.At() = 7` through a reference a method returns: any member of the object may be it.
            for key in [key for key in self.members if key.startswith(f"{held.key}.")]:
                self.write_member(frame, key, Unknown(name))
        elif isinstance(held, ObjectValue) and first is not None:
            self.store_member(frame, held, first.group(1), Unknown(name))
        elif base in frame.env or base in frame.refs:
            self._store(frame, base, Unknown(base))
        else:
            self.write_through_unknown(frame, name)

    def _global_written(self, frame: Frame, name: str, value) -> bool:
        """A write to a variable of the file's namespace scope (`g_mode = 1` in a helper): every later read, in any
        frame, sees it. Arms and loop passes do not merge globals, so a write under an undecided guard, on a `may`
        path or inside a loop makes the global unknown from here on; a write on the route's certain path is kept."""
        key = (frame.unit.path, name.rsplit("::", 1)[-1])
        if key not in self._globals and self._global_decl(frame.unit, key[1]) is None:
            return False
        certain = not frame.guards and not frame.may and not self.book.loops
        self._globals[key] = self.written_globals[key] = value if certain else Unknown(name)
        self.global_writes += 1
        return True

    # -- inlining -------------------------------------------------------------------------------------------
    def _inline(self, unit: CxxUnit, function: Function, expr: Expr, l0_op: str | None = None, args=None,
                captures: bool = False, this: ObjectValue | None = None, prologue=None, by_value=None, copies=(),
                home: Frame | None = None, aliases=()):
        """Walk `function` for the call `expr` in a frame of its own; `captures`: a lambda called in place, which
        reads and writes the caller's variables; `this`: the object of a method or constructor, whose members (and
        every object the caller holds) the frame shares with its caller; `prologue` runs first in the frame (a
        constructor's initializer list); `by_value`: the names a lambda copies (a predicate), its own to write;
        `copies`: their values when the lambda was made."""
        key = (unit.path, function.name, function.line)
        if has_pack(function):
            key += (len(expr.children),)  # a variadic helper peeling one argument per call is no recursion
        if not self._spend_step(expr.line):  # every inlined call counts, so fan-out through helpers is bounded too
            return UNKNOWN
        if key in self._active or len(self._active) >= MAX_DEPTH:
            self._incomplete("route-recursive-call", expr.line, function=function.name)
            return UNKNOWN
        caller = self.frame
        if args is None:
            args = [self.value(arg) for arg in expr.children]
        env, refs, pointer_refs, loose_params = {}, {}, {}, {}
        params = function.params
        if has_pack(function) and params[-1].name != "...":
            pack = params[-1]
            names = item_names(pack, max(len(args) - len(params) + 1, 0))
            env[pack.name] = Pack(names)
            params = params[:-1] + tuple(replace(pack, name=name, type_text=pack.declared_type[:-3]) for name in names)
        for index, param in enumerate(params):
            if index >= len(args) and self.loop_records:
                self.note_read_text(caller, param.type_text)  # a default argument is evaluated in the caller
            env[param.name] = args[index] if index < len(args) else self._default_argument(param)
            if is_number(env[param.name]):
                env[param.name] = stored(param.declared_type, env[param.name], param.name)  # `void F(size_t n)`
            if index >= len(expr.children):
                continue
            arg_expr = expr.children[index]
            declared = param.declared_type
            argument = " ".join(arg_expr.text.split())
            if "&" in declared and "&&" not in declared:
                if arg_expr.kind == "name":
                    refs[param.name] = (caller, (arg_expr.name or arg_expr.text).strip())
                elif _MEMBER_ARGUMENT.fullmatch(argument):
                    # `Set(shape.rank)`: the member of an object the walk holds (of one it does not, every read is
                    # unknown already)
                    if self.member_path(argument.replace(" ", "")) is not None:
                        refs[param.name] = (caller, argument.replace(" ", ""))
                elif (listed := _LISTED_ELEMENT.fullmatch(argument)) and \
                        isinstance(caller.env.get(listed.group(1)), TensorList):
                    refs[param.name] = (caller, argument)  # `Prep(tensors[0], ex)`: an element of the container
                elif not CONST_REFERENCE.match(declared):
                    loose_params[param.name] = (caller, argument)  # `Set(dims[1])`: dims changes, somewhere
            elif "*" in declared or "[" in declared:
                pointed = _pointed_variable(arg_expr, caller)
                name = (arg_expr.name or arg_expr.text).strip() if arg_expr.kind == "name" else None
                if pointed is not None:
                    pointer_refs[param.name] = pointed
                elif name is not None and index < len(args) and isinstance(args[index], (IntList, TensorList)):
                    # An array decays to a pointer to its elements: `dims[0] = 8`, `outs[0] = y` in the callee is the
                    # caller's.
                    refs[param.name] = (caller, name)
                elif name is not None and name in caller.loose_params:
                    loose_params[param.name] = caller.loose_params[name]  # passed on
                elif name is None:
                    loose_params[param.name] = (caller, argument)  # `Fill(v.data())`, `Fill(dims + 1)`
        bound = dict(env)
        member_ref, born = bool(self.members), set()  # the objects the caller holds: their members are shared
        source = home or caller  # a lambda's references name the variables of the frame that made it
        if captures:
            if self.loop_records:
                self.note_hidden_reads(source)  # the lambda's body reads the caller's variables
            env = dict(source.env)
            env.update(copies)
            refs = {name: (source, name) for name in source.env
                    if name not in bound and (by_value is None or not by_value(name))}
            for name, target in aliases:  # `[&r = n]`: r is n
                env[name] = source.env.get(target, Unknown(target))
                refs[name] = (source, target)
            env.update(bound)  # a lambda's own parameters hide the caller's variables of the same name
            pointer_refs = dict(source.pointer_refs)
        else:
            if this is not None:
                env["this"] = this
            for param in params:
                held = env.get(param.name)
                if isinstance(held, ObjectValue) and not any(mark in param.declared_type for mark in "&*"):
                    env[param.name] = self.copied_object(held, born)  # passed by value: the callee's own copy
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
            l0_inner=l0_op or caller.l0_inner,
            l0_call=caller.l0_call or ((tuple(args), expr) if l0_op else None),
            l0_mark=caller.l0_mark if caller.l0_op else (self.book.count() if l0_op else None),
            names=dict(source.names) if captures else argument_names(params, expr.children, caller.names),
            refs=refs,
            pointer_refs=pointer_refs,
            loose_params=loose_params,
            audit=FrameAudit.fresh(parent=source.audit if captures else None),
            caller=caller,
            member_ref=member_ref,
            born=born,
            errors_are_paths=self.failures_are_paths(expr),  # `caller` is the current frame
        )
        self._active.append(key)
        self.frame = frame
        self._check_parse_errors(unit, function)
        try:
            if prologue is not None:
                prologue()
            self.walk_block(function.body)
            if frame.return_states and not self.returns_changed_nothing(frame):
                # The callers' variables and the objects on every path that returned (its own variables end here).
                self.join_jumps([(frame.env, *rest) for _, *rest in frame.return_states], NORMAL)
            self.audit_frame(frame)
        finally:
            self.frame = caller
            self._active.pop()
        self.return_members(frame)  # objects made here live on (returned, or stored in a caller's member)
        return _returned(frame.returns, frame.errors_are_paths)

    def failures_are_paths(self, expr: Expr) -> bool:
        return self.frame.errors_are_paths or self.failure_goes_on(expr)

    def failure_goes_on(self, expr: Expr) -> bool:
        """Whether the caller goes on after this call fails: its result is dropped, or the caller tests it (null, an
        error status, a predicate's false) and goes on (route/recovery.py)."""
        return expr is self.discarded_result or any(expr is call for call in self.recovered_calls)

    def _default_argument(self, param):
        """A parameter the call leaves out takes its default value (`bool keep = false`), else unknown."""
        if not param.has_default:
            return UNKNOWN
        text = param.type_text.split(" = ", 1)[1].strip()
        value = self.literal(text)
        if isinstance(value, HostValue) and value.kind == "literal":
            value = self.name_value(text) if re.match(r"^[\w:]+$", text) else UNKNOWN
        return value

    # -- bookkeeping ----------------------------------------------------------------------------------------
    def _spend_step(self, line: int) -> bool:
        """Count one statement or inlined call against the budget; False (reported once) when it is spent."""
        self._budget -= 1
        if self._budget < 0:
            if self._budget == -1:
                self._incomplete("route-walk-budget", line, steps=MAX_STEPS)
            return False
        return True

    def _check_parse_errors(self, unit: CxxUnit, function: Function) -> None:
        """A parse error inside a function the route runs through leaves part of it unknown."""
        for finding in unit.findings:
            if finding.symbol in _PARSE_ERRORS and finding.line and function.line <= finding.line <= function.end_line:
                if self.first_report(("parse", unit.path, finding.line)):
                    self._incomplete("route-unparsed-construct", finding.line, path=unit.path,
                                     text=clip(finding.message, 120))

    def _note_unknown(self, text: str) -> None:
        if text and not self._quiet and text not in self.undecided_guards:
            self.undecided_guards.append(text)

    def _note_once(self, key, symbol: str, line: int, path: str, **fields) -> None:
        """An incomplete reason said once per walk for one place (a class hierarchy met by many calls)."""
        if self.first_report(key):
            self._incomplete(symbol, line, path=path, **fields)

    def first_report(self, key) -> bool:
        """Whether `key` is said for the first time in this walk (it is then said)."""
        self.reports_asked += 1
        if key in self._reported:
            return False
        self._reported.add(key)
        return True

    def _incomplete(self, symbol: str, line: int, path: str | None = None, **fields) -> None:
        finding = self.messages.make(symbol, line=line, path=path or self.frame.unit.path, **fields)
        self.findings.append(finding)
        reason = Reason(symbol=symbol, message=finding.message, file=finding.path, line=finding.line)
        if reason not in self.reasons:
            self.reasons.append(reason)


def _pointed_variable(arg_expr: Expr, caller: Frame):
    """The caller's variable a pointer argument points at: `&name`, or a pointer parameter passed on."""
    if arg_expr.kind == "unary" and (arg_expr.name or "") == "&" and len(arg_expr.children) == 1 \
            and arg_expr.children[0].kind == "name":
        return caller, (arg_expr.children[0].name or arg_expr.children[0].text).strip()
    if arg_expr.kind == "name":
        return caller.pointer_refs.get((arg_expr.name or arg_expr.text).strip())
    return None


def _returned(returns: list, failures_go_on: bool = False):
    """What an inlined call gives its caller when the function returned on several paths; `failures_go_on`: its
    caller goes on after a failure (route/recovery.py), so a null or error return is one of them."""
    if not returns:
        return UNKNOWN
    values = [value for value, _ in returns]
    if all(value == values[0] for value in values):
        return values[0]
    if failures_go_on and all(isinstance(value, Status) for value in values):
        return Status(None)  # success on some path, an error on another
    if failures_go_on and all(isinstance(value, TensorTuple) for value in values):
        joined = join_values(values, null_tuples=True)  # `return std::tie(nullPtr, nullPtr);` is one of them
        if joined is not None:
            return joined
    if all(isinstance(value, (bool, int, float, Unknown)) for value in values):
        return UNKNOWN
    tensors = [value for value in values if isinstance(value, TensorRef)]
    if tensors and all(isinstance(value, (TensorRef, Null)) or isinstance(value, HostValue) and
                       value.kind == "host-tensor" for value in values):
        # Returned on several paths: the caller's variable may hold any of them (a null return is an error path,
        # a tensor made from host data is one of them).
        ids = list(dict.fromkeys(i for ref in tensors for i in ref.ids))
        joined = join_tensors(values)
        nullable = failures_go_on and any(isinstance(value, Null) for value in values)
        return TensorRef(ids[-1], tuple(reversed(ids[:-1])), joined.hosts if joined is not None else (), nullable)
    # Returned values that disagree and do not join (two dtype lists, a list or an empty one): what the caller
    # gets is any of them, so it is decided only where they agree (never the last one seen).
    present = [value for value in values if not isinstance(value, Null)] or values
    if all(value == present[0] for value in present):
        return present[0]
    return merged_value("the returned value", None, present)
