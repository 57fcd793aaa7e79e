"""What the route walk does not model, decided in one place.

A call the walk cannot follow — a function defined nowhere in reach, a method on a receiver whose class it does not
know, a call through a function pointer or a lambda it cannot resolve — may still launch. It makes the route
incomplete, naming the call and its line, when (a) its name reaches a launch site through the repositories' call
graph (the reachability index, `route-unwalked-launch` with the chain of names), or (b) it is given what a launch
needs: a tensor, a tensor list, an object of a repository class or the executor (`route-helper-not-found`). Otherwise
it is a host computation (a framework or C++ library function, a string or arithmetic helper): its value is unknown,
and every guard on it stays open. Framework functions (opbase's, the C++ library's) are known value-only calls.
Its arguments run first, as C++ evaluates them.
"""

from __future__ import annotations

import re

from op_migrate.analyzers.cxx.model import Expr
from op_migrate.analyzers.route.callee_text import IDENTIFIER, bare_name, split_callee
from op_migrate.analyzers.route.statements import clip
from op_migrate.analyzers.route.values import (
    DType,
    DtypeList,
    HostValue,
    IntList,
    ScalarRef,
    ShapeValue,
    StridesValue,
    TensorList,
    TensorRef,
    Unknown,
)

_MACRO_NAME = re.compile(r"[A-Z][A-Z0-9]*(?:_[A-Z0-9]+)+")  # `DEMO_LAUNCH_ALL`: spelled as macros are
# Receivers whose methods are the framework's (aclTensor, op::Shape, aclScalar, host arrays...): their object is
# not one a launch is hidden behind.
FRAMEWORK_RECEIVERS = (TensorRef, TensorList, ShapeValue, ScalarRef, HostValue, IntList, DtypeList, StridesValue, DType)


_CALLED_EXPRESSION = re.compile(r"[\[(]|^\s*\*")  # a callee that is an expression, not a name


class UnmodelledCalls:
    """Methods of RouteWalk; it supplies program, frame, scope, value(), held_kind() and _incomplete()."""

    def unmodelled_call(self, callee: str, expr: Expr, args=None, what: str = "function"):
        """The one decision for a call the walk does not follow (see the module docstring); returns its value."""
        values = args if args is not None else [self.value(arg) for arg in expr.children]
        self.forget_referenced(expr.children)
        if _CALLED_EXPRESSION.search(bare_name(callee)):
            self.forget_lambda_writes()  # `fs[0]()`, `(*p)()`: what it calls may be a lambda made here
        receiver, method = split_callee(callee)
        name = bare_name(method).rsplit("::", 1)[-1]
        chain = self.reach_chain(name, callee)
        if chain is not None:
            self._incomplete("route-unwalked-launch", expr.line, call=clip(callee, 80), what=what,
                             chain=" -> ".join(chain.names), site=f"{chain.site.file.rsplit('/', 1)[-1]}:"
                                                                   f"{chain.site.line}")
            return Unknown(expr.text)
        given = [kind for kind in dict.fromkeys(self.held_kind(value) for value in values) if kind]
        if receiver is not None and what == "method":
            held = self.receiver_value(receiver)
            if not isinstance(held, FRAMEWORK_RECEIVERS) and self.held_kind(held):
                given.insert(0, "its object, " + self.held_kind(held))
        if given:
            self._incomplete("route-helper-not-found", expr.line, function=clip(callee, 80),
                             given=", ".join(given), where=self.searched_where())
        elif receiver is None and what == "function" and _MACRO_NAME.fullmatch(bare_name(callee)):
            # A macro's expansion sees the caller's variables (the executor, its tensors): given nothing, it may
            # still launch, unlike a function, which can reach them only through its arguments.
            self._incomplete("route-unknown-macro", expr.line, macro=clip(callee, 80), where=self.searched_where())
        return Unknown(expr.text)

    def forget_lambda_writes(self) -> None:
        """A callable the walk cannot name is called: the variables any lambda made in this frame or a caller's
        captures by reference may be written (unknown from here on)."""
        for frame in self.frame.chain():
            for name in frame.by_ref_captured:
                if name in frame.env:
                    self._store(frame, name, Unknown(name))

    def forget_referenced(self, args) -> None:
        """A host number or array given whole to a call the walk does not follow (`Decide(flag, useAbs)`) may be
        bound to a non-const reference parameter and written: it is unknown after the call."""
        for arg in args:
            name = arg.text.strip()
            held = self.frame.env.get(name) if IDENTIFIER.fullmatch(name) else None
            # Numbers and host arrays only: an object, a tensor or a string keeps its identity, so a later call
            # given it is still seen to be given one (a loop's first pass must not hide what its next pass gives).
            if isinstance(held, (bool, int, float, IntList)) and not isinstance(held, Unknown):
                self.assign(name, Unknown(name))

    def unknown_callable(self, callee: str, held, expr: Expr):
        """A variable called as a function that holds no function or lambda the walk knows: it may launch when it is
        given what a launch needs, or was made from it (`std::bind(DoAbs, self, ex)`: names a tensor, or a function
        that reaches a launch); otherwise it is a host computation (`func(context)` through a pointer dlsym gave)."""
        values = [self.value(arg) for arg in expr.children]
        self.forget_lambda_writes()  # it may hold a lambda that captures by reference (one put in a container)
        made_from = IDENTIFIER.findall(held.text) if isinstance(held, Unknown) and held.text else []
        if isinstance(held, Unknown) and not any(self.held_kind(value) for value in values) and not any(
                self.held_kind(self.lookup(name)) not in (None, "a function") or self.reach_chain(name, name)
                for name in made_from):
            return Unknown(expr.text)  # a function it names counts only when it reaches a launch
        what = f"`{clip(held.text, 60)}`" if isinstance(held, Unknown) and held.text else \
            f"a value of kind {type(held).__name__}"
        self._incomplete("route-unknown-callable", expr.line, callable=callee, held=what)
        return Unknown(expr.text)

    def reach_chain(self, name: str, callee: str):
        """The chain of names from `name` to a launch site in the repositories' call graph, or None."""
        reaches = getattr(self.program, "reaches", None)
        if reaches is None or not name.isidentifier():
            return None
        qualifier = bare_name(callee).rsplit("::", 1)[0] if "::" in bare_name(callee) else None
        return reaches(name, qualifier, self.frame.unit.path)

    def searched_where(self) -> str:
        unit = self.frame.unit
        headers = self.scope.header_count(unit) if self.scope is not None else 0
        cut = self.scope is not None and self.scope.cut(unit)
        return f"{unit.path.rsplit('/', 1)[-1]} and {headers} header{'s' if headers != 1 else ''} it includes" + \
            (" (the include bound cut the rest)" if cut else "")
