"""When a loop's confirming discovery pass can be proven to change nothing, so it need not be walked (loops.py).

A loop walked to a fixpoint whose first pass changed some variables is walked again from the joined state, mostly only
to find that nothing changes any more. That second pass starts from the same state as the first except the changed
variables (`C`). When every changed variable is unknown after the join (`Unknown(name)`, which absorbs every later
join: loop_join(name, Unknown(name), x) is Unknown(name) for any x), and the first pass read them only to compute
them again (`size *= d`, `n++`, `n = n + x` with no call in the value), the second pass walks exactly what the first
walked, and its join leaves everything as it is. What the walk keeps across a rolled-back pass is then the same as
after the first pass, except the step budget, the inner loops' ghost numbering and the inferred-shape reads counter,
which are charged again (`replay`).

What the first pass read is recorded, not guessed: every statement walked in the loop's frame (nested blocks, inner
loops, macro statements' expansions), the default arguments evaluated there; a lambda called from that frame or a
macro expression expanded in it reads variables the record cannot see, so the pass is walked again. So is a pass that
made an object, adopted a ghost, wrote a global, evaluated a global's initializer, remembered a pure helper, noted an
open check, or changed the frame's references or pointers: the second pass would not be the same walk.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field

from op_migrate.analyzers.route import pure_memo
from op_migrate.analyzers.route.objects import ObjectCalls
from op_migrate.analyzers.route.values import Unknown

_IDENTIFIER = re.compile(r"[A-Za-z_]\w*")
_PURE_UNARY = ("-", "+", "!", "~")
_ASSIGNMENTS = ("=", "+=", "-=", "*=", "/=", "%=", "<<=", ">>=", "&=", "|=", "^=")
# Statement id -> (statement, the identifiers its own text and value name, its accumulator form). The statement is
# held so that its id is never reused while the entry lives.
_READS: dict[int, tuple] = {}

SKIPPING = True  # tests compare routes walked with and without the shortcut


@dataclass
class LoopRecord:
    """What the first discovery pass of a loop walked in the loop's frame."""

    frame: object
    stmts: list = field(default_factory=list)
    texts: list = field(default_factory=list)  # other source texts evaluated in the frame (default arguments)
    unsafe: bool = False  # a lambda or a macro expression read the frame's variables
    inner_changed: set = field(default_factory=set)  # what inner loops of the frame changed on any of their passes
    decided: set = field(default_factory=set)  # ids of the `if` statements whose condition the pass decided


class LoopSkip:
    """Methods of RouteWalk: the record of a loop's first pass, and the proof that its second changes nothing."""

    def note_walked(self, stmt) -> None:
        for record in self.loop_records:
            if record.frame is self.frame:
                record.stmts.append(stmt)

    def note_decided(self, stmt) -> None:
        for record in self.loop_records:
            if record.frame is self.frame:
                record.decided.add(id(stmt))

    def note_read_text(self, frame, text: str) -> None:
        for record in self.loop_records:
            if record.frame is frame:
                record.texts.append(text)

    def note_hidden_reads(self, frame) -> None:
        for record in self.loop_records:
            if record.frame is frame:
                record.unsafe = True

    def note_inner_changed(self, frame, names: set) -> None:
        for record in self.loop_records:
            if record.frame is frame:
                record.inner_changed |= names

    def pass_marks(self, ids) -> tuple:
        """What the walk keeps across a rolled-back pass (the frame's aliases, counters of what it made)."""
        frame = self.frame
        return ((dict(frame.refs), dict(frame.pointer_refs), set(frame.escaped), set(frame.pointers),
                 dict(frame.loose_refs)),
                (ObjectCalls._objects, self.adoptions, self.global_writes, len(self._globals),
                 len(pure_memo._MEMORY), len(self.open_checks)),
                (self._budget, self.book._ghost_count, len(ids.ghosts), self.inferred_shape_reads))

    def confirmed_without_pass(self, record: LoopRecord, before: tuple, after: tuple, state: dict,
                               changed: set, members_changed: set) -> tuple | None:
        """The charges of the second pass when it is proven to walk as the first did (budget steps, inner ghosts,
        inferred-shape reads), else None."""
        if not SKIPPING or record.unsafe or members_changed or before[:2] != after[:2]:
            return None
        (budget, ghosts, own, reads), (budget_after, ghosts_after, own_after, reads_after) = before[2], after[2]
        steps = budget - budget_after
        if budget_after < 0 or budget_after - steps < 0 or changed & record.inner_changed:
            return None  # the budget runs out on the way (reported by the real pass), or an inner loop reads C
        frame = record.frame
        aliases = (*frame.refs, *frame.pointer_refs, *frame.escaped, *frame.pointers, *frame.loose_refs, "this")
        for name in changed:
            if not name.isidentifier() or name in aliases or state.get(name) != Unknown(name) or \
                    type(state[name]) is not Unknown:
                return None
        if any(_IDENTIFIER.findall(text) and changed.intersection(_IDENTIFIER.findall(text))
               for text in record.texts):
            return None
        seen = set()
        for stmt in record.stmts:
            if id(stmt) in seen:
                continue
            seen.add(id(stmt))
            if not _confined(stmt, changed, record.decided):
                return None
        return steps, (ghosts_after - ghosts) - (own_after - own), reads_after - reads

    def replay(self, charges: tuple) -> None:
        steps, ghosts, reads = charges
        self._budget -= steps
        self.book._ghost_count += ghosts
        self.inferred_shape_reads += reads


def _confined(stmt, changed: set, decided: set) -> bool:
    """Whether a statement reads the changed variables only to compute one of them again, or in the condition of an
    `if` the first pass left undecided every time (with them unknown it stays undecided: confined_value)."""
    found = _READS.get(id(stmt))
    if found is None:
        found = _READS[id(stmt)] = (stmt, *_reads(stmt))
    _, names, target = found
    if not names & changed:
        return True
    if stmt.kind == "if":
        return target == "if" and id(stmt) not in decided and confined_value(stmt.value, changed)
    return target in changed and confined_value(stmt.value, changed)


def _reads(stmt) -> tuple:
    """(every identifier of the statement's own text, value and case labels; the variable it computes again, "if"
    for an `if` whose text is its condition, else None)."""
    texts = [stmt.text]
    if stmt.value is not None:
        texts.append(stmt.value.text)
    texts.extend(case.label for case in stmt.cases if case.label is not None)
    names = {name for text in texts for name in _IDENTIFIER.findall(text)}
    value = stmt.value
    if value is None:
        return names, None
    value_names = set(_IDENTIFIER.findall(value.text))
    if stmt.kind == "if" and names - value_names <= {"if", "constexpr"}:
        return names, "if"
    if stmt.kind == "assign" and stmt.target and stmt.target.strip().isidentifier() and \
            names - value_names <= {stmt.target.strip()}:  # the target, the operator and the value
        return names, stmt.target.strip()
    if stmt.kind == "expr" and value.kind == "unary" and value.name in ("++", "--") and \
            len(value.children) == 1 and value.children[0].kind == "name":
        operand = (value.children[0].name or "").strip()
        if operand.isidentifier() and names == {operand}:
            return names, operand
    return names, None


def confined_value(expr, changed: set) -> bool:
    """Whether evaluating `expr` with the changed variables unknown evaluates the same calls in the same state and
    gives a value that is the first pass's or unknown: a part naming none of them is evaluated as before; one that
    names them is a name, a literal, or arithmetic, a comparison, a logical operator or `?:` (whose condition names
    none of them) on such parts; an operand evaluated only when one naming them says so (`n > 2 && x`) is arithmetic
    on names and literals, with no effect."""
    if not changed.intersection(_IDENTIFIER.findall(expr.text)):
        return True
    kind = expr.kind
    if kind in ("name", "literal"):
        return True
    if kind == "unary" and expr.name in _PURE_UNARY or kind == "other" and expr.name == "parenthesized_expression":
        return len(expr.children) == 1 and confined_value(expr.children[0], changed)
    if kind == "binary" and expr.name not in _ASSIGNMENTS and len(expr.children) == 2:
        left, right = expr.children
        if expr.name in ("&&", "||") and changed.intersection(_IDENTIFIER.findall(left.text)):
            return confined_value(left, changed) and _pure(right)  # the right operand may now be evaluated
        return confined_value(left, changed) and confined_value(right, changed)
    if kind == "ternary" and len(expr.children) == 3:
        # Not with a condition naming them: two arms equal as Python values (1 and true) make a value of them where
        # the first pass decided an arm, which a later operator may decide (test_loop_skip.py's lemma found it).
        return not changed.intersection(_IDENTIFIER.findall(expr.children[0].text)) and \
            all(confined_value(child, changed) for child in expr.children)
    return False


def _pure(expr) -> bool:
    """Arithmetic on names and literals: evaluating it has no effect and reads only the names it holds."""
    kind = expr.kind
    if kind in ("name", "literal"):
        return True
    if kind == "binary" and expr.name not in _ASSIGNMENTS or kind == "unary" and expr.name in _PURE_UNARY or \
            kind == "other" and expr.name == "parenthesized_expression":
        return bool(expr.children) and all(_pure(child) for child in expr.children)
    return False
