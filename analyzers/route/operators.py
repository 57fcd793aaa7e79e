"""Operators a repository class overloads (`a + b`, `-a` on objects of its classes): calls of its operator functions."""

from __future__ import annotations

from op_migrate.analyzers.cxx.model import Expr
from op_migrate.analyzers.route.overloads import arg_kind, choose
from op_migrate.analyzers.route.values import ObjectValue


class OperatorCalls:
    """Methods of RouteWalk; the bare evaluator (guards.py) computes an operator on objects as unknown instead."""

    def overloaded_operator(self, op: str, expr: Expr, operands: list):
        """The call of the repository's `operator<op>` for these operands (a member of the first operand's class or
        a base, else a free function in reach) when it, or a function it calls, may create tensors or launch
        kernels; NotImplemented otherwise: one that only computes a value (`bfloat16 operator*`) is left unknown."""
        name = f"operator{op}"
        first, rest = operands[0], operands[1:]
        if isinstance(first, ObjectValue) and (found := self.class_named(first.cls)) is not None:
            for unit, decl in self.lineage(found):
                pairs = self._methods_of(unit, decl, name)
                reachable = choose([function for _, function in pairs], len(rest), [arg_kind(v) for v in rest])
                if reachable:
                    owner, function = self.chosen(pairs, reachable)
                    if not self.may_launch(owner, function):
                        return NotImplemented
                    call = Expr("call", expr.text, name, tuple(expr.children[1:]), expr.line)  # `a.operator+(b)`
                    return self._inline(owner, function, call, args=list(rest), this=first)
        found = self._local_function(name, len(operands), operands)
        if found is None or not self.may_launch(*found):
            return NotImplemented
        return self._inline(*found, expr, args=list(operands))
