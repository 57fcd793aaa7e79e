"""What the abstract interpreter decides, assumes or forks on at a branch: the truth of a value, an undecidable
check that only rejects input (assumed to pass), and a branch on an attribute or on a number computed from
attributes (the trace forks: one kernel per outcome, chosen by the host tiling)."""

from __future__ import annotations

import json
import operator

from astroid import nodes

from op_migrate.analyzers.scaffold import pybuiltins
from op_migrate.analyzers.scaffold.chain import shape_reads
from op_migrate.analyzers.scaffold.runtime import Frame, ModuleValue, UserClass, UserFunction, UserInstance
from op_migrate.analyzers.scaffold.scalars import expr_value
from op_migrate.analyzers.scaffold.shape_idioms import differ_loop, pads_unit_dims
from op_migrate.analyzers.scaffold.values import (
    AttrBranch,
    AttrValue,
    DslRef,
    FrameworkRef,
    Opaque,
    Refused,
    Scalar,
    ShapeBranch,
    ShapeValue,
    TensorValue,
    Unknown,
    Untranslatable,
    as_scalar_expr,
    attr_names,
    differ_expr,
    has_numel,
    scalar_text,
)


_CMP_OPS = ("==", "!=", "<", "<=", ">", ">=")
_COMPARE_VALUES = {"==": operator.eq, "!=": operator.ne, "<": operator.lt, "<=": operator.le, ">": operator.gt,
                   ">=": operator.ge}
MAX_RANK = 8  # TBE's shapes have at most 8 dims


class Branches:
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
                # rank was unknown; a fork there would only add kernels that TBE refuses.
                return
            if error.condition[1] in _CMP_OPS and self.select_scalars(stmt, frame, error.condition):
                return
            if self.unit_dims_idiom(stmt, frame):
                return
            if error.condition[1] not in _CMP_OPS or not self.framework.static:
                raise  # a dynamic build has no number to branch on there (its tbe.var comes from the C++ tiling)
            decided = self.shape_fork(error.condition, stmt.test.as_string(), stmt.lineno)
        except Untranslatable:
            # A check the facts cannot decide that only rejects bad input is assumed to pass: the scaffold's
            # tests give valid input. Any other undecidable branch stops the trace.
            if self.assume_check(stmt, frame):
                return
            if self.unit_dims_idiom(stmt, frame):
                return
            raise
        self.exec_block(stmt.body if decided else stmt.orelse, frame)

    def assume_check(self, stmt: nodes.If, frame: Frame) -> bool:
        """An undecided branch that only rejects input (or whose else only does) is assumed to let valid input
        through: the scaffold's tests give valid input. False for any other branch."""
        if only_rejects(stmt.body):
            self.notes.append((f"assumed false (it only rejects input): {stmt.test.as_string()[:120]}",
                               stmt.lineno, frame.module.path))
            for name, floor in rejected_below(stmt.test, frame).items():
                floors = self.dsl.tracer.attr_floors
                floors[name] = max(floors.get(name, floor), floor)
            self.exec_block(stmt.orelse, frame)
            return True
        if stmt.orelse and only_rejects(stmt.orelse):
            self.notes.append((f"assumed true (its else only rejects input): {stmt.test.as_string()[:120]}",
                               stmt.lineno, frame.module.path))
            self.exec_block(stmt.body, frame)
            return True
        return False

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

    def shape_fork(self, condition: tuple, source: str, line) -> bool:
        """A branch on a number the static path computes from the shapes whose arms compute differently: the trace
        forks (one kernel per outcome) and the host chooses by the call's input shapes, as TBE's static build of
        those shapes would take the branch."""
        predicate, key = shape_predicate(condition)
        if key in self.attr_decisions:
            return self.attr_decisions[key]
        _, op, left, right = condition
        text = f"{source[:60]} ({_condition_text(left, op, right)})"[:160]
        raise AttrBranch(key, predicate, text, line, self.current_path)

    def test_follows(self, stmt: nodes.If, frame: Frame, condition: tuple) -> bool | None:
        """Whether the if's test is this comparison of shape numbers (True) or its negation (False), given what the
        trace knows of everything else in it; None where another operand is undecided too (`rank == 4 and alpha >
        1`). Only then may the comparison alone stand for the whole test."""
        _, key = shape_predicate(condition)
        recorded = (len(self.dsl.tracer.ops), len(self.dsl.tracer.inputs), len(self.notes))
        outcomes = []
        try:
            for assumed in (True, False):
                self.attr_decisions[key] = assumed
                try:
                    outcomes.append(self.truth(self.eval(stmt.test, frame), stmt.test))
                except (Untranslatable, Refused):
                    return None
        finally:
            self.attr_decisions.pop(key, None)
            del self.notes[recorded[2]:]
        if (len(self.dsl.tracer.ops), len(self.dsl.tracer.inputs)) != recorded[:2]:
            return None
        return {(True, False): True, (False, True): False}.get(tuple(outcomes))

    def concrete_rank(self, value: Scalar, node) -> int | None:
        """A number computed from one rank read where the code needs a Python int on the static path ([1] *
        len(shape), range(len(shape))): the trace forks on rank == 1, 2 ... 8 (TBE's largest rank), skipping the
        values its earlier decisions on that rank exclude; one kernel per rank, chosen by the host from the caller's
        shapes. None where the number reads anything else."""
        reads = {read for read in shape_reads(value.expr)}
        if not self.framework.static or len(reads) != 1 or next(iter(reads))[0] != "rank" \
                or attr_names(value.expr):
            return None
        rank = next(iter(reads))
        source = node.as_string() if hasattr(node, "as_string") else str(node)
        for candidate in range(1, MAX_RANK + 1):
            if not self._rank_allowed(rank, candidate):
                continue
            if self.shape_fork(("cmp", "==", rank, ("const", candidate)), source, getattr(node, "lineno", None)):
                result = expr_value(value.expr, {":".join(map(str, rank)): candidate})
                return int(result) if result is not None and float(result).is_integer() else None
        raise Refused(f"{source[:80]} at line {getattr(node, 'lineno', None)}: a rank above {MAX_RANK} (TBE's "
                      "largest)", getattr(node, "lineno", None), self.current_path)

    def _rank_allowed(self, rank: tuple, candidate: int) -> bool:
        """Whether the trace's decisions so far on comparisons of this rank with a constant allow this value."""
        wanted = json.loads(json.dumps(rank))
        for key, outcome in self.attr_decisions.items():
            predicate = json.loads(key)
            right = predicate.get("value_expr")
            if predicate.get("shape") and predicate.get("expr") == wanted and right and right[0] == "const" \
                    and predicate["op"] in _COMPARE_VALUES:
                if _COMPARE_VALUES[predicate["op"]](candidate, right[1]) != outcome:
                    return False
        return True

    def differ_search(self, stmt: nodes.For, frame: Frame) -> bool:
        """`for i in range(len(a) - 1): if a[i] != b[i]: flag = 1; break` over the two shapes of one
        shape_util.broadcast_shapes on the static path: each name it assigns becomes a select on whether the shapes
        differ in those axes, which the host computes per call."""
        if not self.framework.static:
            return False
        found = differ_loop(stmt)
        if found is None:
            return False
        left, right = frame.locals.get(found.left), frame.locals.get(found.right)
        pair = {getattr(left, "origin", None), getattr(right, "origin", None)}
        if not (isinstance(left, ShapeValue) and isinstance(right, ShapeValue) and left.refs and right.refs
                and pair == {"broadcast lhs", "broadcast rhs"}):
            return False
        before = {name: as_scalar_expr(frame.locals.get(name)) for name, _ in found.assigns}
        if None in before.values():
            return False
        test = ("cmp", "!=", differ_expr(left.refs, right.refs, found.skip), ("const", 0))
        for name, value in found.assigns:
            frame.locals[name] = Scalar(("select", test, ("const", value), before[name]), None)
        self.notes.append((f"for {stmt.target.as_string()} in {stmt.iter.as_string()[:60]}: whether "
                           f"{found.left} and {found.right} differ in those axes, computed by the host per call",
                           stmt.lineno, frame.module.path))
        return True

    def select_scalars(self, stmt: nodes.If, frame: Frame, condition: tuple) -> bool:
        """`if count == 1: s = 0.0 else: s = count / (count - 1)`: arms that only assign numbers to names become
        ("select", condition, body value, else value) scalars, which the host computes per call from the shapes.
        False (the trace stops) when an arm does anything else, or when the test is more than the condition."""
        arms = (stmt.body, stmt.orelse)
        if not all(isinstance(s, nodes.Assign) and len(s.targets) == 1 and isinstance(s.targets[0], nodes.AssignName)
                   for arm in arms for s in arm):
            return False
        follows = self.test_follows(stmt, frame, condition)
        if follows is None:
            return False
        if not follows:
            arms = (stmt.orelse, stmt.body)  # `if not count == 1:` selects the else arm where count == 1
        recorded = (len(self.dsl.tracer.ops), len(self.dsl.tracer.inputs))
        results = []
        for arm in arms:
            inner = Frame(module=frame.module, name=frame.name, parent=frame.parent)
            inner.locals = dict(frame.locals)
            try:
                self.exec_block(arm, inner)
            except Untranslatable:
                return False
            results.append(inner.locals)
        if (len(self.dsl.tracer.ops), len(self.dsl.tracer.inputs)) != recorded:
            return False
        chosen = {}
        for name in {t.targets[0].name for arm in arms for t in arm}:
            exprs = [as_scalar_expr(values.get(name)) for values in results]
            if None in exprs:
                return False
            chosen[name] = exprs[0] if exprs[0] == exprs[1] else ("select", condition, exprs[0], exprs[1])
        for name, expr in chosen.items():
            frame.locals[name] = Scalar(expr, None) if expr[0] != "const" else expr[1]
        assigned = ", ".join(f"{name} = {scalar_text(expr)}" for name, expr in sorted(chosen.items()))
        self.notes.append((f"the host computes per call: {assigned}", stmt.lineno, frame.module.path))
        return True

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


def shape_predicate(condition: tuple) -> tuple[dict, str]:
    """The predicate of a fork on a comparison of shape numbers, and its key among the trace's decisions."""
    _, op, left, right = condition
    predicate = {"shape": True, "expr": left, "attrs": [], "op": op, "value_expr": right}
    return predicate, json.dumps(predicate, sort_keys=True)


def _condition_text(left: tuple, op: str, right: tuple) -> str:
    """`flag != 0` of a flag a search loop set to 1 (else 0) says what the loop found."""
    if op == "!=" and right == ("const", 0) and left[0] == "select" and left[3] == ("const", 0) \
            and left[2][0] == "const" and left[2][1] != 0 and left[1][1:] == ("!=", left[1][2], ("const", 0)):
        return scalar_text(left[1][2])
    return f"{scalar_text(left)} {op} {scalar_text(right)}"


def reads_rank(expr) -> bool:
    """Whether a scalar expression (or a ("cmp", op, left, right) condition) reads a rank."""
    if not isinstance(expr, tuple) or not expr:
        return False
    return expr[0] == "rank" or any(reads_rank(part) for part in expr[1:] if isinstance(part, tuple))


def rejected_below(test, frame: Frame) -> dict[str, float]:
    """`if bits > 16 or bits < 2: raise ...` assumed false: the lowest value each attribute it names can have (here
    bits >= 2), read from the disjuncts `attr < c` / `attr <= c` / `c > attr` / `c >= attr` of the test."""
    parts = test.values if isinstance(test, nodes.BoolOp) and test.op == "or" else [test]
    floors: dict[str, float] = {}
    for part in parts:
        if not (isinstance(part, nodes.Compare) and len(part.ops) == 1):
            continue
        op, right = part.ops[0]
        left = part.left
        if isinstance(left, nodes.Const) and isinstance(right, nodes.Name):
            left, right, op = right, left, {">": "<", ">=": "<=", "<": ">", "<=": ">="}.get(op, op)
        if not (isinstance(left, nodes.Name) and isinstance(right, nodes.Const) and op in ("<", "<=")
                and isinstance(right.value, (int, float)) and not isinstance(right.value, bool)):
            continue
        attr = frame.locals.get(left.name)
        if isinstance(attr, AttrValue):
            floors[attr.name] = right.value if op == "<" else right.value + (1 if attr.attr_type == "int" else 0)
    return floors


def element_count_loop(loop: nodes.For) -> str | None:
    """The accumulator of `for d in shape: n *= d` (or `n *= d.value`, under `if isinstance(d, ...)` branches that
    do the same), else None."""
    if not isinstance(loop.target, nodes.AssignName):
        return None
    variable = loop.target.name
    found: set[str] = set()

    def product_only(statements) -> bool:
        for statement in statements:
            if isinstance(statement, nodes.AugAssign) and statement.op == "*=" \
                    and isinstance(statement.target, nodes.AssignName) and _is_dim(statement.value, variable):
                found.add(statement.target.name)
            elif isinstance(statement, nodes.If) and isinstance(statement.test, nodes.Call) \
                    and statement.test.func.as_string() == "isinstance" and statement.test.args \
                    and statement.test.args[0].as_string() == variable:
                if not (product_only(statement.body) and product_only(statement.orelse)):
                    return False
            else:
                return False
        return bool(statements)

    return found.pop() if product_only(loop.body) and len(found) == 1 else None


def _is_dim(node, variable: str) -> bool:
    if isinstance(node, nodes.Attribute) and node.attrname == "value":
        node = node.expr
    return isinstance(node, nodes.Name) and node.name == variable


def drops_unit_dims(stmt: nodes.If, frame: Frame) -> bool:
    """`if a[-1] == 1 and b[-1] == 1 ...: a = a[:-1] ...`: a branch whose test holds only where the last dims of the
    shapes it names are 1, and whose body only re-slices those shapes (each from itself)."""
    tested = _unit_dim_tests(stmt.test)
    if not tested:
        return False
    for statement in stmt.body:
        if not (isinstance(statement, nodes.Assign) and len(statement.targets) == 1
                and isinstance(statement.targets[0], nodes.AssignName)):
            return False
        name = statement.targets[0].name
        used = {n.name for n in statement.value.nodes_of_class(nodes.Name)} - {"len"}
        if name not in tested or used != {name} or not isinstance(frame.locals.get(name), ShapeValue):
            return False
    return bool(stmt.body)


def _unit_dim_tests(test) -> set[str]:
    """The shapes of `s[-1] == 1 and t[-1] == 1 ...`, empty for any other test."""
    parts = test.values if isinstance(test, nodes.BoolOp) and test.op == "and" else [test]
    names = set()
    for part in parts:
        if not (isinstance(part, nodes.Compare) and len(part.ops) == 1 and part.ops[0][0] == "=="
                and isinstance(part.ops[0][1], nodes.Const) and part.ops[0][1].value == 1
                and isinstance(part.left, nodes.Subscript) and isinstance(part.left.value, nodes.Name)
                and part.left.slice.as_string() == "-1"):
            return set()
        names.add(part.left.value.name)
    return names


_MUTATORS = ("append", "extend", "insert")
_PURE = frozenset({"tuple", "list", "int", "float", "str", "min", "max", "len", "abs", "range", "enumerate", "zip",
                   "isinstance"})


def local_loop(loop: nodes.For) -> set[str] | None:
    """The names a loop sets where it does nothing else: assignments to names, appends to lists held by names, pure
    builtins, branches that only reject input (no DSL call, no return, no store into a dict or an attribute).
    `for i, r in enumerate(x["range"]): rng.append(...)` (a port's range built from another's) and wts_arq's
    `w_size *= d` are such loops. None for any other loop."""
    if loop.orelse:
        return None
    names = {n.name for n in loop.target.nodes_of_class(nodes.AssignName)}
    for statement in loop.body:
        for node in statement.nodes_of_class((nodes.Return, nodes.Yield, nodes.Global, nodes.Nonlocal, nodes.Delete,
                                              nodes.FunctionDef, nodes.ClassDef, nodes.Lambda, nodes.AssignAttr,
                                              nodes.Assign, nodes.AugAssign, nodes.Call)):
            if isinstance(node, nodes.Assign):
                if not all(isinstance(t, (nodes.AssignName, nodes.Tuple)) for t in node.targets):
                    return None
                names |= {n.name for t in node.targets for n in t.nodes_of_class(nodes.AssignName)}
            elif isinstance(node, nodes.AugAssign):
                if not isinstance(node.target, nodes.AssignName):
                    return None
                names.add(node.target.name)
            elif isinstance(node, nodes.Call):
                func = node.func
                if _in_rejecting_branch(node, loop):
                    continue
                if isinstance(func, nodes.Attribute) and func.attrname in _MUTATORS and isinstance(func.expr, nodes.Name):
                    names.add(func.expr.name)
                elif not (isinstance(func, nodes.Name) and func.name in _PURE):
                    return None
            else:
                return None
    return names


def _in_rejecting_branch(node, stop) -> bool:
    while node is not stop and node is not None:
        parent = node.parent
        if isinstance(parent, nodes.If) and node in parent.body and only_rejects(parent.body):
            return True
        node = parent
    return False


def only_checks(statements) -> bool:
    """A block that does nothing but reject input: branches that only reject, loops of those, continue / pass."""
    for statement in statements:
        if isinstance(statement, (nodes.Pass, nodes.Continue)):
            continue
        if isinstance(statement, nodes.If) and only_rejects(statement.body) \
                and (not statement.orelse or only_checks(statement.orelse)):
            continue
        if isinstance(statement, nodes.For) and not statement.orelse and only_checks(statement.body):
            continue
        if isinstance(statement, nodes.Expr) and only_rejects([statement]):
            continue
        return False
    return bool(statements)


def only_rejects(statements) -> bool:
    """A block that only reports an error: it ends in a raise or a call to an error reporter."""
    if not statements:
        return False
    last = statements[-1]
    if isinstance(last, nodes.Raise):
        return True
    if isinstance(last, nodes.Expr) and isinstance(last.value, nodes.Call):
        text = last.value.func.as_string()
        return "raise" in text.rsplit(".", 1)[-1] or "error" in text.lower()
    return False
