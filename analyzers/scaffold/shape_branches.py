"""Branches on numbers the static path computes from the shapes (an element count, a dimension, a rank): known
only per call, so the trace forks on them (one kernel per outcome, chosen by the host from the caller's shapes) or,
where the arms only assign numbers, makes them a select the host computes; a loop over the rank where the code needs
it as a Python int; the search loop for a differing axis."""

from __future__ import annotations

import itertools
import json
import operator

from astroid import nodes

from op_migrate.analyzers.scaffold.chain import shape_reads
from op_migrate.analyzers.scaffold.runtime import Frame
from op_migrate.analyzers.scaffold.scalars import expr_value
from op_migrate.analyzers.scaffold.shape_idioms import differ_loop
from op_migrate.analyzers.scaffold.values import (
    MAX_RANK,
    AttrBranch,
    Refused,
    Scalar,
    ShapeBranch,
    ShapeValue,
    Untranslatable,
    as_scalar_expr,
    attr_names,
    differ_expr,
    scalar_text,
)

_COMPARE_VALUES = {"==": operator.eq, "!=": operator.ne, "<": operator.lt, "<=": operator.le, ">": operator.gt,
                   ">=": operator.ge}


class ShapeBranches:
    """A mixin of the Interpreter (through Branches): needs eval / exec_block / truth, dsl, framework, notes and
    attr_decisions."""

    def shape_fork(self, condition: tuple, source: str, line) -> bool:
        """A branch on a number the static path computes from the shapes whose arms compute differently: the trace
        forks (one kernel per outcome) and the host chooses by the call's input shapes, as TBE's static build of
        those shapes would take the branch."""
        predicate, key = shape_predicate(condition)
        if key in self.attr_decisions:
            return self.attr_decisions[key]
        _, op, left, right = condition
        decided = self._decided_by_ranks(op, left, right)
        if decided is None:
            possible = [outcome for outcome in (True, False) if self._ranks_possible(condition, outcome)]
            decided = possible[0] if len(possible) == 1 else None
        if decided is not None:
            return decided
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
            if not self._rank_allowed(rank, candidate) \
                    or not self._ranks_possible(("cmp", "==", rank, ("const", candidate)), True):
                continue
            if self.shape_fork(("cmp", "==", rank, ("const", candidate)), source, getattr(node, "lineno", None)):
                result = expr_value(value.expr, {":".join(map(str, rank)): candidate})
                return int(result) if result is not None and float(result).is_integer() else None
        limited = any(set(shape_reads(left) + shape_reads(right)) == {rank} for _, _, left, right in self.rank_limits)
        raise Refused(f"{source[:80]} at line {getattr(node, 'lineno', None)}: a rank above {MAX_RANK} (TBE's "
                      "largest)" + (" or one a check before it rejects" if limited else ""),
                      getattr(node, "lineno", None), self.current_path)

    def _decided_by_ranks(self, op: str, left: tuple, right: tuple) -> bool | None:
        """A comparison that reads only ranks the trace has already fixed (`i != len(shape_x) - 1` in a loop over
        range(len(shape_x)), after the fork took `rank(port:x) == 5`): its value, not a new fork whose other outcome
        no caller's shapes can take. None where it reads anything else."""
        reads = shape_reads(left) + shape_reads(right)
        if not reads or op not in _COMPARE_VALUES or attr_names(left) or attr_names(right):
            return None
        known = {}
        for read in reads:
            value = self._fixed_rank(read) if read[0] == "rank" else None
            if value is None:
                return None
            known[":".join(map(str, read))] = value
        return _holds(("cmp", op, left, right), known)

    def _ranks_possible(self, condition: tuple, outcome: bool) -> bool:
        """Whether some ranks (0 .. MAX_RANK each, or above) of the inputs take every branch on ranks alone the trace
        has taken so far, the checks it assumed to pass, and this condition with this outcome (prelu_grad_update:
        `len(w) == len(f) - 1` and `len(w) == 1` taken, `len(f) == 4` can only be False). True where the condition
        reads more than ranks, or the conditions more than three ranks."""
        taken = [(condition, outcome)] + [(limit, False) for limit in self.rank_limits]
        for predicate, value in self._shape_decisions():
            taken.append((("cmp", predicate["op"], _tupled(predicate["expr"]), _tupled(predicate["value_expr"])),
                          value))
        reads = {read for cond, _ in taken for read in shape_reads(cond)}
        if not reads or any(read[0] != "rank" for read in shape_reads(condition)):
            return True
        relevant = [(cond, value) for cond, value in taken if shape_reads(cond)
                    and all(read[0] == "rank" for read in shape_reads(cond)) and not attr_names(cond[2])
                    and not attr_names(cond[3]) and cond[1] in _COMPARE_VALUES]
        names = sorted({":".join(map(str, read)) for cond, _ in relevant for read in shape_reads(cond)})
        if len(names) > 3:
            return True
        # 0 is a scalar's shape (); MAX_RANK + 1 stands for any rank above TBE's largest, which a fork on `rank == 8`
        # leaves to its False arm (refused there: concrete_rank), as before ranks were compared with each other
        for ranks in itertools.product(range(0, MAX_RANK + 2), repeat=len(names)):
            known = dict(zip(names, ranks))
            if all(_holds(cond, known) is value for cond, value in relevant):
                return True
        return False

    def _fixed_rank(self, rank: tuple) -> int | None:
        """The value of a rank the trace's decisions fix (`rank(...) == c` taken), else None."""
        wanted = json.loads(json.dumps(rank))
        for predicate, outcome in self._shape_decisions():
            right = predicate.get("value_expr")
            if outcome and predicate.get("expr") == wanted and predicate["op"] == "==" and right and \
                    right[0] == "const":
                return right[1]
        return None

    def _shape_decisions(self):
        """(predicate, outcome) of each branch on the shapes the trace has taken so far."""
        for key, outcome in self.attr_decisions.items():
            predicate = json.loads(key)
            if predicate.get("shape"):
                yield predicate, outcome

    def rejected_ranks(self, test, frame: Frame) -> list[tuple]:
        """The conditions on one rank each disjunct of a check's test states (`len(x) < 2 or len(x) > 4`), which
        the check assumed to pass holds false; disjuncts on anything else are left out."""
        parts = test.values if isinstance(test, nodes.BoolOp) and test.op == "or" else [test]
        found = []
        for part in parts:
            try:
                self.truth(self.eval(part, frame), part)
            except ShapeBranch as error:
                reads = set(shape_reads(error.condition))
                if len(reads) == 1 and next(iter(reads))[0] == "rank" and error.condition[1] in _COMPARE_VALUES \
                        and not attr_names(error.condition[2]) and not attr_names(error.condition[3]):
                    found.append(error.condition)
            except (Untranslatable, Refused):
                continue
        return found

    def _rank_allowed(self, rank: tuple, candidate: int) -> bool:
        """Whether the trace's decisions so far on comparisons of this rank with a constant, and the checks it
        assumed to pass, allow this value."""
        known = {":".join(map(str, rank)): candidate}
        for limit in self.rank_limits:
            if set(shape_reads(limit)) == {rank} and _holds(limit, known):
                return False
        wanted = json.loads(json.dumps(rank))
        for predicate, outcome in self._shape_decisions():
            right = predicate.get("value_expr")
            if predicate.get("expr") == wanted and right and right[0] == "const" and predicate["op"] in _COMPARE_VALUES:
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


def _tupled(value):
    """A JSON-decoded expression back as the tuples the trace builds."""
    return tuple(_tupled(v) for v in value) if isinstance(value, list) else value


def _holds(condition: tuple, known: dict) -> bool | None:
    """A ("cmp", op, left, right) condition's value for these shape reads, None where a side has none."""
    values = [expr_value(side, known) for side in condition[2:]]
    return None if None in values else bool(_COMPARE_VALUES[condition[1]](values[0], values[1]))
