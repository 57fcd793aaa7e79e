"""Whether a caller goes on after a call fails: then the call's error arms are paths of the route, not failures.

A route leaves out a callee's error arms (`if (ret != ACLNN_SUCCESS) { return nullptr; }`) because a caller that
checks the result fails too (`CHECK_RET(y != nullptr, ...)`): error handling is not a route. That holds only where the
caller does fail. A caller that drops the result goes on (walk.discarded_result), and so does one that tests the result
and goes on: `if (y == nullptr) { y = l0op::Fallback(...); }`, `if (Prepare(x) != ACLNN_SUCCESS) { ... }` with an arm
that does not return, or a result it never reads. Read from the caller's text, before the call is walked:
- the result is never read again (a variable the statement declares): it is dropped;
- the first statement that reads it tests it for failure (null, `!= ACLNN_SUCCESS`), and the failure arm neither ends
  the caller with a failure (a `return` of anything but success) nor goes on to a statement that passes the result on
  (`if (ret == ACLNN_SUCCESS) { ... } return ret;`); an arm that assigns the variable anew replaces the failure;
- a call in an `if` condition that tests it that way, with such an arm.
Any other first read (a check macro, a `return`, a use as an argument) passes the failure on, as before. A predicate's
false is no failure (walk.failure_goes_on): its arms are walked both ways already, and a check in it that returns false
stays one of the route's open checks.
"""

from __future__ import annotations

import re

from op_migrate.analyzers.cxx.model import Expr, Stmt, statements_in
from op_migrate.analyzers.route.callee_text import strip_parens

_SUCCESS_VALUES = ("ACLNN_SUCCESS", "ACL_SUCCESS", "GRAPH_SUCCESS", "SUCCESS", "true")
_NULLS = ("nullptr", "NULL")
_IDENTIFIER = re.compile(r"[A-Za-z_]\w*")
_FAILED, _SUCCEEDED = "then", "else"  # the arm a failed result takes: the `if`'s then-arm or its else-arm
_ANSWERS: dict[int, tuple[Stmt, bool]] = {}  # id(stmt) -> (stmt, answer): a statement's place is its block's




def recovers_from_result(stmt: Stmt, block, index: int) -> bool:
    """Whether the caller goes on when the call that is `stmt`'s value (`auto y = Call(...);`) fails; `stmt` is
    `block[index]`."""
    target = (stmt.target or "").strip()
    if not _IDENTIFIER.fullmatch(target):
        return False  # a member or an element: read elsewhere too
    known = _ANSWERS.get(id(stmt))
    if known is not None and known[0] is stmt:
        return known[1]
    if len(_ANSWERS) > 100_000:
        _ANSWERS.clear()
    answer = _read_after(block[index + 1:], target, stmt.kind == "decl")
    _ANSWERS[id(stmt)] = (stmt, answer)  # the statement is kept: its id names no other while it is here
    return answer


def _read_after(rest: tuple, target: str, declared: bool) -> bool:
    mention = re.compile(rf"(?<![\w.>]){re.escape(target)}\b")
    for index, later in enumerate(rest):
        if not mention.search(later.text) and not _mentioned_inside(later, mention):
            continue
        if later.kind != "if" or later.value is None or not mention.search(later.value.text):
            return False  # a check macro, a return, an argument: the failure goes on to where it is read
        failed = _failed_arm(later.value.text, target)
        if failed is None:
            return False  # not a failure test of the result: the failure is passed on (as before)
        arm = later.then if failed == _FAILED else later.orelse
        if _ends_with_failure(arm):
            return False
        if any(s.kind == "assign" and (s.target or "").strip() == target for s in statements_in(arm)):
            return True  # `if (y == nullptr) { y = l0op::Fallback(...); }`: the failure is replaced
        # The failed result goes on past the `if` (`if (ret == ACLNN_SUCCESS) {...} return ret;`): its next read says.
        return _read_after(rest[index + 1:], target, declared)
    # A variable declared here and never read again: the result is dropped. One declared before may be read after
    # the block (`out = l0op::Mul(...)` in an arm): the failure goes on to there, as before.
    return declared


def recovers_in_condition(stmt: Stmt, call: Expr) -> bool:
    """Whether `if (Call(...) != ACLNN_SUCCESS) { ... }` goes on when the call fails."""
    if stmt.value is None:
        return False
    return _arm_goes_on(stmt, _failed_arm(stmt.value.text, call.text))


def _mentioned_inside(stmt: Stmt, mention: re.Pattern) -> bool:
    """A nested statement names it (an `if` statement's text is its condition only)."""
    return any(mention.search(inner.text) or _mentioned_inside(inner, mention)
               for inner in (*stmt.then, *stmt.orelse, *(s for case in stmt.cases for s in case.body)))


def _arm_goes_on(stmt: Stmt, failed: str | None) -> bool:
    if failed is None:
        return False  # not a failure test of the call: the failure is passed on (as before)
    return not _ends_with_failure(stmt.then if failed == _FAILED else stmt.orelse)


def _ends_with_failure(arm) -> bool:
    """The arm leaves its function with something other than success (`return ret;`, `return nullptr;`)."""
    if not arm:
        return False
    last = arm[-1]
    if last.kind == "block":
        return _ends_with_failure(last.then)
    if last.kind != "return":
        return last.kind == "unparsed" and last.text.lstrip().startswith("throw")
    if last.value is None:
        return False  # `return;` of a void function: the caller goes on
    return last.value.text.strip().rsplit("::", 1)[-1] not in _SUCCESS_VALUES


def _failed_arm(condition: str, subject: str) -> str | None:
    """Which arm of `if (condition)` a failed `subject` (null, an error status) takes, when the condition tests it."""
    text = _bare(condition)
    subject = _bare(subject)
    either = _split(text, "||")
    if len(either) > 1:  # `y == nullptr || other`: a null y takes the then-arm
        return _FAILED if any(_test(part, subject) == _FAILED for part in either) else None
    both = _split(text, "&&")
    if len(both) > 1:  # `y != nullptr && ok`: a null y takes the else-arm
        return _SUCCEEDED if any(_test(part, subject) == _SUCCEEDED for part in both) else None
    return _test(text, subject)


def _test(part: str, subject: str) -> str | None:
    part = _bare(part)
    if part.startswith("!"):  # `!y`, `!(ret == ACLNN_SUCCESS)`: the other arm
        side = _test(part[1:], subject)
        return None if side is None else _SUCCEEDED if side == _FAILED else _FAILED
    if part == subject:
        return _SUCCEEDED  # `if (y)`: a pointer that is there
    for operator, null_side in (("==", _FAILED), ("!=", _SUCCEEDED)):
        pieces = part.split(operator)
        if len(pieces) != 2 or subject not in (_bare(pieces[0]), _bare(pieces[1])):
            continue
        other = _bare(pieces[1] if _bare(pieces[0]) == subject else pieces[0]).rsplit("::", 1)[-1]
        if other in _NULLS:
            return null_side
        if other in _SUCCESS_VALUES:  # `ret == ACLNN_SUCCESS`: a failed ret takes the else-arm
            return _SUCCEEDED if null_side == _FAILED else _FAILED
    return None


def _split(text: str, operator: str) -> list[str]:
    """`text` split at `operator` outside parentheses."""
    parts, depth, start, index = [], 0, 0, 0
    while index < len(text):
        char = text[index]
        depth += char in "([{"
        depth -= char in ")]}"
        if depth == 0 and text.startswith(operator, index):
            parts.append(text[start:index])
            start = index = index + len(operator)
            continue
        index += 1
    parts.append(text[start:])
    return [part.strip() for part in parts]


def _bare(text: str) -> str:
    """`text` without spaces and without parentheses that wrap it whole."""
    return strip_parens("".join(text.split()))
