"""When a loop's confirming discovery pass can be proven to change nothing, so it need not be walked (loops.py).

A loop walked to a fixpoint whose first pass changed some variables is walked again from the joined state, mostly only
to find that nothing changes any more. That second pass starts from the same state as the first except the changed
variables (`C`). A changed variable the body sets before it reads it is computed alike by both passes (`_killed`); for
the others: when every one is unknown after the join (`Unknown(name)`, which absorbs every later
join: loop_join(name, Unknown(name), x) is Unknown(name) for any x), and the first pass read them only to compute
them again (`size *= d`, `n++`, `n = n + x`) or in the condition of an `if` it left undecided (unknown operands keep
it undecided: confined_value), the second pass walks what the first walked, and its join, with what the first pass
left, leaves everything as it is. What the walk keeps across a rolled-back pass is then what the first pass left,
except the step budget, the inner loops' ghost numbering, the object numbering and the inferred-shape reads counter,
which are charged again (`replay`).

What the first pass read is recorded, not guessed: every statement walked in the loop's frame (nested blocks, inner
loops, macro statements' expansions), the default arguments evaluated there, the `if`s it decided; a lambda called
from that frame or a macro expression expanded in it reads variables the record cannot see, so the pass is walked
again. So is a pass that adopted a ghost, wrote a global, evaluated a global's initializer, remembered a pure helper,
noted an open check, changed the frame's references or pointers (but for local pointers and references the body
declares before naming them), or in which an inner loop of the frame changed a variable of `C` (its passes would
differ): the second pass would not be the same walk, or not cost the same steps.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field

from op_migrate.analyzers.route import pure_memo
from op_migrate.analyzers.route.callee_text import IDENTIFIER
from op_migrate.analyzers.route.objects import ObjectCalls
from op_migrate.analyzers.route.value_ops import ASSIGNMENTS
from op_migrate.analyzers.route.values import TensorList, Unknown

_PURE_UNARY = ("-", "+", "!", "~")
# Statement id -> (statement, the identifiers its own text and value name, its accumulator form). The statement is
# held so that its id is never reused while the entry lives.
_READS: dict[int, tuple] = {}

SKIPPING = True  # tests compare routes walked with and without the shortcut


@dataclass
class LoopRecord:
    """What the first discovery pass of a loop walked in the loop's frame."""

    frame: object
    body: tuple = ()
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
                (self.adoptions, self.global_writes, len(self._globals), len(pure_memo._MEMORY), len(self.open_checks)),
                (self._budget, self.book._ghost_count, len(ids.ghosts), self.inferred_shape_reads,
                 ObjectCalls._objects))

    def confirmed_without_pass(self, record: LoopRecord, before: tuple, after: tuple, state: dict,
                               changed: set, members_changed: set) -> tuple | None:
        """The charges of the second pass when it is proven to walk as the first did (budget steps, inner ghosts,
        inferred-shape reads, objects), else None. The objects the first pass made are numbered anew by the second
        (`$oN`): they are rolled back with it, and one a variable of the loop's frame kept is in `changed` (an object
        is no number: unknown after the join) or a member that changed, which stops the shortcut."""
        if not SKIPPING or record.unsafe or members_changed or before[1] != after[1] or \
                not _aliases_kept(record, before[0], after[0], state):
            return None
        (budget, ghosts, own, reads, objects), (budget_after, ghosts_after, own_after, reads_after, objects_after) = \
            before[2], after[2]
        steps = budget - budget_after
        changed = changed - _killed(record.body, changed)  # those the body sets before reading: as in the first pass
        if budget_after < 0 or budget_after - steps < 0 or changed & record.inner_changed:
            return None  # the budget runs out on the way (reported by the real pass), or an inner loop reads C
        frame = record.frame
        # A local pointer (`std::vector<const aclTensor*> v;` counts as one) changes only what a statement naming it
        # does (`*p`, `p[i] = x`): such a statement of a changed variable is not confined anyway.
        aliases = {*frame.pointer_refs, *frame.escaped, *frame.loose_refs, *frame.loose_params, "this"}
        # A reference parameter writes through to its caller's variable, which the pass rolls back; only another
        # reference or pointer to that variable could read it in the pass.
        targets = [(id(caller), variable) for caller, variable in (*frame.refs.values(), *frame.pointer_refs.values())]
        aliases.update(name for name, (caller, variable) in frame.refs.items()
                       if not variable.isidentifier() or targets.count((id(caller), variable)) > 1)
        lists = set()  # containers the pass only puts tensors in: joined, they hold what any round put in
        for name in changed:
            if not name.isidentifier() or name in aliases:
                return None
            if type(state.get(name)) is TensorList:
                lists.add(name)
            elif type(state.get(name)) is not Unknown or state[name] != Unknown(name):
                return None
        if any(IDENTIFIER.findall(text) and changed.intersection(IDENTIFIER.findall(text))
               for text in record.texts):
            return None
        seen = set()
        for stmt in record.stmts:
            if id(stmt) in seen:
                continue
            seen.add(id(stmt))
            if not _confined(stmt, changed, record.decided, lists):
                return None
        return steps, (ghosts_after - ghosts) - (own_after - own), reads_after - reads, objects_after - objects

    def replay(self, charges: tuple) -> None:
        steps, ghosts, reads, objects = charges
        self._budget -= steps
        self.book._ghost_count += ghosts
        self.inferred_shape_reads += reads
        ObjectCalls._objects += objects  # the objects the second pass would have made take their numbers


def _aliases_kept(record: LoopRecord, before: tuple, after: tuple, state: dict) -> bool:
    """Whether the frame's references and pointers after the first pass let the second walk as the first did: the
    same, or grown by local pointers and loose references the body declares before anything names them (the
    second pass knows them from its start; only a statement naming one asks)."""
    if before == after:
        return True
    (refs, pointer_refs, escaped, pointers, loose), (refs_after, pointer_refs_after, escaped_after, pointers_after,
                                                     loose_after) = before, after
    if refs != refs_after or pointer_refs != pointer_refs_after or escaped != escaped_after or \
            not pointers <= pointers_after or any(loose_after.get(name, loose) != text for name, text in loose.items()):
        return False
    fresh = (pointers_after - pointers) | (set(loose_after) - set(loose))
    if fresh & set(state):
        return False  # an outer variable of that name: the body may name it before its declaration
    declared: set = set()
    for stmt in record.stmts:
        names = _statement_reads(stmt)[1] & fresh
        if names - declared:
            if stmt.kind != "decl" or names - declared != {(stmt.target or "").strip()}:
                return False
            declared |= names
    return True


def _statement_reads(stmt) -> tuple:
    found = _READS.get(id(stmt))
    if found is None:
        found = _READS[id(stmt)] = (stmt, *_reads(stmt))
    return found


def _killed(body, changed: set) -> set:
    """The changed variables a round sets before anything reads them (`t = l0op::Contiguous(x, ex);` at the body's
    top level, after declarations and assignments only, from a value naming no other changed variable): the round
    never reads what the previous one left in them, so both passes compute them alike and leave them alike (no
    statement before can leave the round: the first pass's join with what they held is the second's)."""
    killed: set = set()
    named: set = set()
    for stmt in body:
        if stmt.kind not in ("decl", "assign"):
            break
        _, names, target = _statement_reads(stmt)
        if stmt.kind == "assign" and target in changed and target not in named and stmt.value is not None and \
                re.match(rf"\s*{re.escape(target)}\s*=(?!=)", stmt.text) and \
                not (changed - killed).intersection(IDENTIFIER.findall(stmt.value.text)):
            killed.add(target)
        named |= names
    return killed


def _confined(stmt, changed: set, decided: set, lists: set) -> bool:
    """Whether a statement reads the changed variables only to compute one of them again, or in the condition of an
    `if` the first pass left undecided every time (with them unknown it stays undecided: confined_value). A changed
    container (`lists`) is only put tensors in (`v.push_back(x)`, x naming no changed variable) or assigned a value
    naming none: what a pass leaves in it is what it started with joined with what the pass put in, the same in both
    passes, so the second pass's join gives the first's (a join of lists is a union)."""
    _, names, target = _statement_reads(stmt)
    if not names & changed:
        return True
    if names & lists:
        value = stmt.value
        if stmt.kind == "expr" and value is not None and value.kind == "call" and len(value.children) == 1 and \
                not changed.intersection(IDENTIFIER.findall(value.children[0].text)):
            receiver, _, method = (value.name or "").partition(".")
            return receiver in lists and method in ("push_back", "emplace_back") and names & changed == {receiver}
        return stmt.kind == "assign" and target in lists and not changed.intersection(
            IDENTIFIER.findall(value.text if value is not None else ""))
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
    names = {name for text in texts for name in IDENTIFIER.findall(text)}
    value = stmt.value
    if value is None:
        return names, None
    value_names = set(IDENTIFIER.findall(value.text))
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
    if not changed.intersection(IDENTIFIER.findall(expr.text)):
        return True
    kind = expr.kind
    if kind in ("name", "literal"):
        return True
    if kind == "unary" and expr.name in _PURE_UNARY or kind == "other" and expr.name == "parenthesized_expression":
        return len(expr.children) == 1 and confined_value(expr.children[0], changed)
    if kind == "binary" and expr.name not in ASSIGNMENTS and len(expr.children) == 2:
        left, right = expr.children
        if expr.name in ("&&", "||") and changed.intersection(IDENTIFIER.findall(left.text)):
            return confined_value(left, changed) and _pure(right)  # the right operand may now be evaluated
        return confined_value(left, changed) and confined_value(right, changed)
    if kind == "ternary" and len(expr.children) == 3:
        # Not with a condition naming them: two arms equal as Python values (1 and true) make a value of them where
        # the first pass decided an arm, which a later operator may decide (test_loop_skip.py's lemma found it).
        return not changed.intersection(IDENTIFIER.findall(expr.children[0].text)) and \
            all(confined_value(child, changed) for child in expr.children)
    return False


def _pure(expr) -> bool:
    """Arithmetic on names and literals: evaluating it has no effect and reads only the names it holds."""
    kind = expr.kind
    if kind in ("name", "literal"):
        return True
    if kind == "binary" and expr.name not in ASSIGNMENTS or kind == "unary" and expr.name in _PURE_UNARY or \
            kind == "other" and expr.name == "parenthesized_expression":
        return bool(expr.children) and all(_pure(child) for child in expr.children)
    return False
