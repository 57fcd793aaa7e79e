"""What the abstract interpreter decides, assumes or forks on at a branch: the truth of a value, an undecidable
check that only rejects input (assumed to pass), and a branch on an attribute or on a number computed from
attributes (the trace forks: one kernel per outcome, chosen by the host tiling); branches on shape numbers in
shape_branches."""

from __future__ import annotations

import json

from astroid import nodes

from op_migrate.analyzers.scaffold import pybuiltins
from op_migrate.analyzers.scaffold.check_idioms import only_rejects, rejected_below
from op_migrate.analyzers.scaffold.runtime import Frame, ModuleValue, UserClass, UserFunction, UserInstance
from op_migrate.analyzers.scaffold.shape_branches import ShapeBranches, reads_rank, shape_predicate
from op_migrate.analyzers.scaffold.shape_idioms import drops_unit_dims, pads_unit_dims
from op_migrate.analyzers.scaffold.values import (
    AttrBranch,
    AttrValue,
    DslRef,
    FrameworkRef,
    Opaque,
    Scalar,
    ShapeBranch,
    ShapeValue,
    TensorValue,
    Unknown,
    Untranslatable,
    as_scalar_expr,
    attr_names,
    has_numel,
    scalar_text,
)


_CMP_OPS = ("==", "!=", "<", "<=", ">", ">=")


class Branches(ShapeBranches):
    """A mixin of the Interpreter: needs eval / exec_block / untranslatable / describe, notes and attr_decisions."""

    def exec_if(self, stmt: nodes.If, frame: Frame) -> None:
        outer, check = self.checking, only_rejects(stmt.body) or only_rejects(stmt.orelse)
        try:
            # A test whose branch only rejects input is a check (the two shapes compared must be equal), never the
            # choice of a broadcast path: comparing shapes there is undecided, and the check assumed to pass.
            self.checking = check
            try:
                decided = self.truth(self.eval(stmt.test, frame), stmt.test)
            finally:
                self.checking = outer
        except ShapeBranch as error:
            if check and reads_rank(error.condition) and self.assume_check(stmt, frame):
                # A rank compared in a check (len(w) != len(w_min): raise) is assumed to pass as it was when the
                # rank was unknown; a fork there would only add kernels that TBE refuses. What it rejects of one
                # rank (len(x) < 2 or len(x) > 4) a later fork on that rank leaves out.
                if only_rejects(stmt.body):
                    self.rank_limits += self.rejected_ranks(stmt.test, frame)
                return
            if error.condition[1] in _CMP_OPS and self.select_scalars(stmt, frame, error.condition):
                return
            if self.unit_dims_idiom(stmt, frame):
                return
            if error.condition[1] not in _CMP_OPS or not self.framework.static:
                raise  # a dynamic build has no number to branch on there (its tbe.var comes from the C++ tiling)
            decided = self.shape_fork(error.condition, stmt.test.as_string(), stmt.lineno)
        except Untranslatable as error:
            if check and isinstance(error, AttrBranch):
                # A check on attribute values (`if mode not in (0, 1, 2): raise`) forks like any attribute branch:
                # the values it rejects TBE refuses (the trace of that outcome raises), and the host rejects them.
                raise
            # A check the facts cannot decide that only rejects bad input is assumed to pass: the scaffold's
            # tests give valid input. Any other undecidable branch stops the trace.
            if self.assume_check(stmt, frame):
                return
            if self.unit_dims_idiom(stmt, frame):
                return
            raise
        if not decided and only_rejects(stmt.body):
            self.note_floors(stmt, frame)  # the values the check let through (`if bits < 2: raise`: bits >= 2)
        self.exec_block(stmt.body if decided else stmt.orelse, frame)

    def assume_check(self, stmt: nodes.If, frame: Frame) -> bool:
        """An undecided branch that only rejects input (or whose else only does) is assumed to let valid input
        through: the scaffold's tests give valid input. False for any other branch."""
        if only_rejects(stmt.body):
            self.notes.append((f"assumed false (it only rejects input): {stmt.test.as_string()[:120]}",
                               stmt.lineno, frame.module.path))
            self.note_floors(stmt, frame)
            self.exec_block(stmt.orelse, frame)
            return True
        if stmt.orelse and only_rejects(stmt.orelse):
            self.notes.append((f"assumed true (its else only rejects input): {stmt.test.as_string()[:120]}",
                               stmt.lineno, frame.module.path))
            self.exec_block(stmt.body, frame)
            return True
        return False

    def note_floors(self, stmt: nodes.If, frame: Frame) -> None:
        """The lowest value each attribute can have past a check that rejects below it."""
        for name, floor in rejected_below(stmt.test, frame).items():
            floors = self.dsl.tracer.attr_floors
            floors[name] = max(floors.get(name, floor), floor)

    def unit_dims_idiom(self, stmt: nodes.If, frame: Frame) -> bool:
        """A branch that only puts leading 1s in front of port shapes, or only drops trailing 1s every shape it names
        has, whatever its test: reading by strides does not see those dims, so it is not followed."""
        if stmt.orelse:
            return False
        if pads_unit_dims(stmt):
            self.framework.padded = True
            self.notes.append((f"not followed (it only puts leading dims of 1 in front of shapes, which reading "
                               f"by strides does not see): {stmt.test.as_string()[:120]}", stmt.lineno,
                               frame.module.path))
            return True
        if drops_unit_dims(stmt, frame):
            self.notes.append((f"not followed (it only drops dims of 1 that every shape it names has, which "
                               f"reading by strides does not see): {stmt.test.as_string()[:120]}", stmt.lineno,
                               frame.module.path))
            return True
        return False

    def truth(self, value, node) -> bool:
        if isinstance(value, Unknown):
            raise self.untranslatable(f"cannot decide {node.as_string()[:120]}: {value.reason}", node)
        if isinstance(value, AttrValue):
            return self.attr_branch("truth", value, None, node)
        if isinstance(value, Scalar):
            if value.expr[0] == "const":
                return bool(value.expr[1])
            return self.expr_branch("truth", value.expr, None, node)
        if isinstance(value, (TensorValue, ShapeValue, Opaque, FrameworkRef, DslRef, UserFunction, UserInstance,
                              UserClass, ModuleValue, pybuiltins.Builtin)):
            return True
        return bool(value)

    def attr_branch(self, op: str, attr: AttrValue, other, node) -> bool:
        """The outcome this trace takes for a comparison of an attribute with a constant (or its truth)."""
        if isinstance(other, (Scalar, AttrValue)):
            return self.expr_branch(op, ("attr", attr.name), as_scalar_expr(other), node)
        if not (other is None or isinstance(other, (bool, int, float, str))
                or isinstance(other, list) and all(isinstance(o, (bool, int, float, str)) for o in other)):
            raise self.untranslatable(f"the branch {node.as_string()[:120]} compares attribute {attr.name} with "
                                      f"{self.describe(other)}", node)
        strings = other if isinstance(other, list) else [other]
        if attr.attr_type in ("float", "int") and strings and all(isinstance(o, str) for o in strings):
            # A number compared with a string: Python decides it whatever the value.
            return op in ("!=", "not in")
        predicate = {"attr": attr.name, "op": op, "value": other}
        key = json.dumps(predicate, sort_keys=True)
        if key in self.attr_decisions:
            return self.attr_decisions[key]
        text = {"isclose": f"isclose({attr.name}, {other!r})", "is_integer": f"{attr.name} is an integer"}.get(
            op, node.as_string()[:120])
        raise AttrBranch(key, predicate, text, getattr(node, "lineno", None), self.current_path)

    def expr_branch(self, op: str, expr: tuple, other, node, **tolerances) -> bool:
        """The outcome this trace takes for a comparison of a number computed from attributes with a number or
        another such expression (other: a Python number, None for truth, or an expression tuple)."""
        if isinstance(other, bool) or not (other is None or isinstance(other, (int, float, tuple))):
            raise self.untranslatable(f"the branch {node.as_string()[:120]} compares a number computed from "
                                      f"attributes with {self.describe(other)}", node)
        if op in ("==", "!=") and expr[0] == "dim" and other in (-1, -2) and not isinstance(other, bool):
            # A known dimension is never the dynamic marker -1 (or -2, unknown rank): the static path's shapes.
            return op == "!="
        if has_numel(expr) or isinstance(other, tuple) and has_numel(other):
            right = other if isinstance(other, tuple) else ("const", 0 if other is None else other)
            condition = ("cmp", {"truth": "!="}.get(op, op), expr, right)
            # A comparison the trace forked on is decided where it is made, so that the rest of the test (`rank ==
            # 4 and alpha > 1`, `not rank == 4`) still counts; the fork itself is made at the branch (exec_if).
            _, key = shape_predicate(condition)
            if key in self.attr_decisions:
                return self.attr_decisions[key]
            decided = self._decided_by_ranks(condition[1], condition[2], condition[3])
            if decided is not None:  # ranks the trace fixed decide it, wherever it is made (an if-expression too)
                return decided
            raise ShapeBranch(f"the branch {node.as_string()[:120]} depends on an element count of a dynamic shape",
                              getattr(node, "lineno", None), self.current_path, condition)
        names = attr_names(expr) | (attr_names(other) if isinstance(other, tuple) else set())
        predicate = {"expr": expr, "attrs": sorted(names), "op": op,
                     **({"value_expr": other} if isinstance(other, tuple) else {"value": other}), **tolerances}
        key = json.dumps(predicate, sort_keys=True)
        if key in self.attr_decisions:
            return self.attr_decisions[key]
        # Said as the value compared, not as the line: a helper's line (isclose(valuex, valuey)) names no attribute.
        right = scalar_text(other) if isinstance(other, tuple) else repr(other)
        tols = "".join(f", {k}={v!r}" for k, v in tolerances.items() if v != {"rel_tol": 1e-9, "abs_tol": 0.0}[k])
        text = scalar_text(expr) if op == "truth" else (f"isclose({scalar_text(expr)}, {right}{tols})"
                                                         if op == "isclose" else f"{scalar_text(expr)} {op} {right}")
        raise AttrBranch(key, predicate, text[:160], getattr(node, "lineno", None), self.current_path)
