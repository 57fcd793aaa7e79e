"""Whether a call or helper can create tensors or launch kernels, found by reading the code, not by walking it."""

from __future__ import annotations

import re

from op_migrate.analyzers.cxx.model import CxxUnit, Expr, Function, calls_in
from op_migrate.analyzers.route.callee_text import IDENTIFIER, bare_name, split_callee
from op_migrate.analyzers.route.framework_functions import framework_function_names, framework_task_name
from op_migrate.analyzers.route.macros import CHECK_MACROS, IGNORED_PREFIXES, LAUNCH_MACROS
from op_migrate.analyzers.route.values import HostValue, ObjectValue

# Free functions of the framework (opbase, metadef, the C++ library): they take tensors without launching.
_FRAMEWORK_NAMESPACES = ("op::", "std::", "ge::", "gert::", "opdev::", "fe::")
_ACL_C_API = re.compile(r"^acl(?!nn)[A-Z]\w*$")  # aclGetDataType, aclCreateTensor: the ACL C API, not an ACLNN entry


def is_framework_call(callee: str) -> bool:
    """Whether a free call's callee belongs to the framework, not to the repository (so it needs no definition)."""
    name = bare_name(callee).lstrip(":")
    short = name.rsplit("::", 1)[-1]
    return name.startswith(_FRAMEWORK_NAMESPACES) or bool(_ACL_C_API.match(short)) or \
        short.startswith(IGNORED_PREFIXES) or short in CHECK_MACROS or \
        (name == short and short in framework_function_names())


class EffectScan:
    """Methods of RouteWalk that decide when a check's condition must run and when a helper is only a check."""

    def _has_effects(self, expr: Expr) -> bool:
        """Whether evaluating `expr` can create tensors or launch kernels (directly or through helpers in reach), or
        calls a repository function the route cannot find (its effects are unknown, so it must run to be reported)."""
        for call in expr.calls():
            callee = (call.name or "").strip()
            if is_effect_call(callee):
                return True
            receiver, _ = split_callee(callee)
            if receiver is not None:
                if self._method_may_launch(receiver, call):
                    return True
                continue
            found = self._local_function(bare_name(callee).rsplit("::", 1)[-1], len(call.children),
                                         written=bare_name(callee))
            if found is not None:
                if self._effectful(*found) or self._reaches_unknown(*found):
                    return True
            elif not is_framework_call(callee):
                return True
        return False

    def _method_may_launch(self, receiver: str, call: Expr) -> bool:
        """A method of a repository object (`op.Run(self)`: its members may hold tensors and the executor), or one
        given the executor: either may launch, so a ternary's arm or `&&`'s operand holding it runs under its guard.
        Methods of tensors, shapes and containers (`x->GetViewShape()`) are the framework's."""
        root = _RECEIVER_ROOT.match(receiver)
        if root is not None and isinstance(self.lookup(root.group(1)), ObjectValue):
            return True
        return any(isinstance(value, HostValue) and value.kind == "executor"
                   for value in (self.lookup(name) for arg in call.children for name in IDENTIFIER.findall(arg.text)))

    def _reaches_unknown(self, unit: CxxUnit, function: Function) -> bool:
        """Whether a helper calls, directly or through helpers in reach, a free function defined nowhere in reach
        that is not the framework's: such a helper is walked (not taken as a passing check), so the call is seen."""
        key = ("unknown", unit.path, function.name, function.line)
        if key not in self._effects:
            self._effects[key] = False  # recursion: assume none until shown otherwise
            found = False
            held = _tensor_names(function)
            for _, call in calls_in(function.body):
                callee = (call.name or "").strip()
                if split_callee(callee)[0] is not None or callee.startswith("l0op::") \
                        or callee.rsplit("::", 1)[-1] in LAUNCH_MACROS:
                    continue
                if not any(name in held for arg in call.children for name in IDENTIFIER.findall(arg.text)):
                    continue  # no argument names a tensor or the executor: a computation on host values
                callees = self._functions_named(unit, bare_name(callee).rsplit("::", 1)[-1])
                if not callees and self.scope is not None:
                    callees = self.scope.beside(unit, bare_name(callee).rsplit("::", 1)[-1])
                if not callees and is_framework_call(callee):
                    continue  # the repository's own function of a framework name is walked, not skipped
                if not callees or any(self._reaches_unknown(owner, f) for owner, f in callees):
                    found = True
                    break
            self._effects[key] = found
        return self._effects[key]

    def _effectful(self, unit: CxxUnit, function: Function) -> bool:
        key = (unit.path, function.name, function.line)
        if key not in self._effects:
            self._effects[key] = False  # recursion: assume none until shown otherwise
            self._effects[key] = any("&" in p.declared_type for p in function.params) or \
                self._calls_reach(unit, [call for _, call in calls_in(function.body)], self._effectful)
        return self._effects[key]

    def may_launch(self, unit: CxxUnit, function: Function) -> bool:
        """Whether the function, or one it calls in reach, launches or makes tensors (an `l0op::` call, a launcher
        macro, AllocTensor / CreateView), a constructor's member initializers included; unlike _effectful, writing
        through a reference parameter does not count."""
        key = ("launch", unit.path, function.name, function.line)
        if key not in self._effects:
            self._effects[key] = False  # recursion: none until shown otherwise
            initialized = [call for _, values in function.initializers for value in values for call in value.calls()]
            self._effects[key] = self._calls_reach(unit, [call for _, call in calls_in(function.body)] + initialized,
                                                   self.may_launch)
        return self._effects[key]

    def _calls_reach(self, unit: CxxUnit, calls, reaches) -> bool:
        """Whether one of `calls` (made in `unit`) is an effect call, or names a function in reach for which
        `reaches(owner, function)` holds."""
        return any(is_effect_call((call.name or "").strip()) or
                   any(reaches(owner, callee)
                       for owner, callee in self._functions_named(unit, bare_name(call.name or "").rsplit("::", 1)[-1]))
                   for call in calls)

    def _functions_named(self, unit: CxxUnit, short: str) -> list[tuple[CxxUnit, Function]]:
        """Definitions named `short` that a call in `unit` may reach: its own, then its headers' (HelperScope)."""
        if self.scope is not None:
            return self.scope.functions(unit, short)
        by_name = self._functions.get(unit.path)
        if by_name is None:
            by_name = self._functions[unit.path] = {}
            for function in unit.functions:
                by_name.setdefault(function.short_name, []).append((unit, function))
        return by_name.get(short, [])


_EFFECT_METHODS = ("AllocTensor", "CreateView", "SetDataType")
_RECEIVER_ROOT = re.compile(r"\W*([A-Za-z_]\w*)")
_TENSOR_TYPES = re.compile(r"\bacl(?:Tensor|TensorList|OpExecutor)\b|\bauto\b")


def _tensor_names(function: Function) -> frozenset[str]:
    """Parameters and locals that may hold a tensor, a container of them or the executor (an `auto` local may)."""
    names = {param.name for param in function.params if _TENSOR_TYPES.search(param.declared_type)}
    pending = list(function.body)
    while pending:
        stmt = pending.pop()
        if stmt.kind == "decl" and stmt.target and _TENSOR_TYPES.search(f"{stmt.type_text or ''} {stmt.text}"):
            names.add(stmt.target.strip())
        pending.extend(stmt.then)
        pending.extend(stmt.orelse)
        pending.extend(s for case in stmt.cases for s in case.body)
    return frozenset(names)


def is_effect_call(callee: str) -> bool:
    short = callee.rsplit("::", 1)[-1]
    return (callee.startswith("l0op::") or short in LAUNCH_MACROS
            or split_callee(callee)[1] in _EFFECT_METHODS
            or framework_task_name(callee, bare_name(callee)) is not None)
