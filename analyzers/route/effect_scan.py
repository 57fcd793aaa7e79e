"""Whether a call or helper can create tensors or launch kernels, found by reading the code, not by walking it."""

from __future__ import annotations

from op_migrate.analyzers.cxx.model import CxxUnit, Expr, Function, calls_in
from op_migrate.analyzers.route.callee_text import split_callee
from op_migrate.analyzers.route.macros import LAUNCH_MACROS


class EffectScan:
    """Methods of RouteWalk that decide when a check's condition must run and when a helper is only a check."""

    def _has_effects(self, expr: Expr) -> bool:
        """Whether evaluating `expr` can create tensors or launch kernels (directly or through local helpers)."""
        for call in expr.calls():
            callee = (call.name or "").strip()
            if _is_effect_call(callee):
                return True
            local = self._local_function(callee.rsplit("::", 1)[-1], len(call.children))
            if local is not None and self._effectful(self.frame.unit, local):
                return True
        return False

    def _effectful(self, unit: CxxUnit, function: Function) -> bool:
        key = (unit.path, function.name, function.line)
        if key not in self._effects:
            self._effects[key] = False  # recursion: assume none until shown otherwise
            found = False
            if any("&" in p.declared_type for p in function.params):
                self._effects[key] = True
                return True
            for _, call in calls_in(function.body):
                callee = (call.name or "").strip()
                if _is_effect_call(callee):
                    found = True
                    break
                callees = self._functions_named(unit, callee.rsplit("::", 1)[-1])
                if callees:
                    if any(self._effectful(unit, f) for f in callees):
                        found = True
                        break
            self._effects[key] = found
        return self._effects[key]

    def _functions_named(self, unit: CxxUnit, short: str) -> list[Function]:
        by_name = self._functions.get(unit.path)
        if by_name is None:
            by_name = self._functions[unit.path] = {}
            for function in unit.functions:
                by_name.setdefault(function.short_name, []).append(function)
        return by_name.get(short, [])


_EFFECT_METHODS = ("AllocTensor", "CreateView", "SetDataType")


def _is_effect_call(callee: str) -> bool:
    short = callee.rsplit("::", 1)[-1]
    return (callee.startswith("l0op::") or short in LAUNCH_MACROS
            or split_callee(callee)[1] in _EFFECT_METHODS)
