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
- a call in an `if` condition that tests it that way, with such an arm;
- a ternary that tests it and gives something else on failure (`y = y != nullptr ? y : l0op::Fallback(...)`), an
  `OP_CHECK` whose action does not return (`OP_CHECK(y != nullptr, OP_LOGW(...), y = l0op::Fallback(...))`);
- a variable declared before the statement is followed into the blocks around it (read after the arm that set it).
Only a read that hands the failure on says the caller does not go on: a check macro that returns, a `return`, a test
whose failed arm returns a failure, an L0 op given it (`l0op::Next(y, ...)`), a method called through it
(`y->GetViewShape()`). A copy (`auto z = y;`, `t = std::get<0>(r);`) is followed as another holder, a log
(`OP_LOGD`) goes by, an `if` or loop that reads it only in its arms or body is read arm by arm; any other first read (a
flag `bad = y == nullptr`, a longer condition `c && y == nullptr`, a helper or setter given it, `IsNull(y)`, a cast) may
test it and go on, so the failure is a path: the default for what this reading does not follow is the sound one. A call
given straight to such a helper (`ctx.SetOut(l0op::X(...))`, `OrElse(l0op::X(...), y)`) goes on the same way.
The result may be held by more than one name, or by a part of one: structured bindings (`auto [p, q] = Run(...)`),
`std::tie(p, q) = Run(...)`, an element (`v[i] = Run(...)`), and a call or ternary a statement stores in a container,
tuple or aggregate (`v.push_back(Run(...))`, `{x, Run(...)}`, `std::make_pair(Run(...), 1)`): then the first statement
that names any of them decides, and a test of any part of one (`v[0]`, `pr.first`, `std::get<1>(t)`, `q`) is a test of
the result; a lambda that names them may test them later, so the failure goes on.
A predicate's false counts as its failure: `if (!TryFast(x)) { ... }` goes on when TryFast's `CHECK_RET(y != nullptr,
false)` fails.
"""

from __future__ import annotations

import functools
import re

from op_migrate.analyzers.cxx.model import Expr, Stmt, statements_in
from op_migrate.analyzers.route.containers import BINDING
from op_migrate.analyzers.route.result_holders import (
    TARGET,
    compact,
    MACRO_NAME,
    handed_to_helpers,
    holders_of,
    is_l0_call,
    mention_of,
    stored_in,
    subject,
)

_SUCCESS_VALUES = ("ACLNN_SUCCESS", "ACL_SUCCESS", "GRAPH_SUCCESS", "SUCCESS", "true")
_NULLS = ("nullptr", "NULL")
_IS_NULLPTR = re.compile(r"(?:\w+::)*IsNullptr\(.*\)")
_ERROR_CODE_TEST = re.compile(r"[!=]=\s*(?:\w+::)*(?:ACLNN_ERR_|ACL_ERROR_)\w*|(?:ACLNN_ERR_|ACL_ERROR_)\w*\s*[!=]=")
_FAILED, _SUCCEEDED = "then", "else"  # the arm a failed result takes: the `if`'s then-arm or its else-arm
_ANSWERS: dict[int, tuple[Stmt, bool]] = {}  # id(stmt) -> (stmt, answer)
_LOOP = "loop"
# What a failing arm returns: an error code or status of the framework, or a negative number.
_FAILURE_VALUE = re.compile(r"(?:ACLNN_ERR_|ACL_ERROR_|GRAPH_FAIL|FAILED|PARAM_INVALID)\w*|-\d+|"
                            r"\w*(?:[Ee]rr|[Ss]tatus|[Rr]et)\w*")
_PLAIN_VALUE = re.compile(r"[A-Za-z_]\w*")  # a variable; a call or an expression is not read as a result
_MAX_SKIPPED = 32  # `if`s and loops whose arms hand a failure on, read past before the next read decides
_LOG = re.compile(r"(?:\w+::)*(?:OP_LOG\w*|L0_DFX|OP_EVENT\w*)")
_MACRO_CALL = re.compile(r"\s*([A-Z][A-Z0-9_]*)\s*\(")
_THROUGH = re.compile(r"\s*(?:->|\.)\s*\w+\s*\(")  # `y->GetViewShape(`, `v.size(`


def recovers_from_result(stmt: Stmt, body) -> bool:
    """Whether the caller goes on when the call (or the ternary of calls) that is `stmt`'s value (`auto y =
    Call(...);`) fails; `body` is the function's body that holds `stmt` (a statement it does not hold, from a macro's
    expansion, passes the failure on)."""
    known = _ANSWERS.get(id(stmt))
    if known is not None and known[0] is stmt:
        return known[1]
    if len(_ANSWERS) > 100_000:
        _ANSWERS.clear()
    holders = holders_of(stmt)
    # a dereference (`*out = Run(...)`) is read where the walk does not look: the failure goes on, as before
    answer = holders is not None and _read_in_function(stmt, body, holders, _flag_polarity(stmt.value),
                                                       _l0_result(stmt.value))
    _ANSWERS[id(stmt)] = (stmt, answer)  # the statement is kept: its id names no other while it is here
    return answer


def stored_results(stmt: Stmt, body) -> tuple[Expr, ...]:
    """The calls and ternaries in `stmt` after whose failure the caller goes on: those it stores in a container, tuple
    or aggregate when the first statement that names the holder tests the stored value and goes on (or none names
    it), and those it gives to a function that may test them (result_holders.handed_to_helpers)."""
    stored, holders = stored_in(stmt)
    if stored and holders is not None and \
            not _read_in_function(stmt, body, holders, False, all(_l0_result(expr) for expr in stored)):
        stored = ()
    return stored + handed_to_helpers(stmt.value) if stmt.value is not None else stored


def _exact(text: str) -> str:
    """The pattern of exactly `text` (spaces and wrapping parentheses aside)."""
    return re.escape(compact(text))


def _l0_result(value: Expr | None) -> bool:
    """Whether a value is an L0 op's result (or a ternary of L0 results): null only when the op failed."""
    if value is None:
        return False
    if value.kind == "ternary" and len(value.children) == 3:
        return all(_l0_result(arm) for arm in value.children[1:])
    return is_l0_call(value)


def _flag_polarity(value: Expr | None) -> bool | None:
    """For `ok = Run(x) == ACLNN_SUCCESS` (a flag of a call's failure): whether the flag is true on failure
    (`failed = Run(x) != ACLNN_SUCCESS`); False for a call's own result; None for anything else."""
    if value is None or value.kind != "binary":
        return False
    calls = [child for child in value.children if child.kind == "call"]
    side = _test(value.text, _exact(calls[0].text)) if len(calls) == 1 else None
    return None if side is None else side == _FAILED


def _read_in_function(stmt: Stmt, body, holders: tuple[str, ...], inverted: bool | None, l0: bool = True) -> bool:
    """What follows `stmt` in its block, then in the blocks around it (a variable declared before may be read after
    the arm that assigned it: `if (c) { y = l0op::A(...); } else { y = l0op::B(...); } if (y == nullptr) {...}`)."""
    places = None if inverted is None else _places(tuple(body), stmt)
    if places is None:
        return False
    split = [re.split(r"\s*(?:\.|->)\s*", holder) for holder in holders]
    mention = mention_of(holders)
    target = subject(holders)
    for block, index, holder in reversed(places):
        verdict = _read_after(block[index + 1:], target, mention, inverted, l0)
        if verdict is not None:
            return verdict
        if stmt.kind == "decl":
            return True  # declared here and never read again: the result is dropped
        if holder is not None and holder.kind == _LOOP:
            if mention.search(holder.text):
                # The loop's own test reads it next (`for (...; y == nullptr; ...) { y = l0op::A(...); }`), which
                # this reading does not follow: the failure is taken as a path (sound; `may` more often).
                return True
            verdict = _read_after(block[:index], target, mention, inverted, l0)  # the next round's first read
            if verdict is not None:
                return verdict
    # Not read again: a local variable's (or a local object's member's) failure is dropped; a parameter's caller may
    # read it (as before).
    firsts = {parts[0] for parts in split}
    return any(inner.kind == "decl" and ((inner.target or "").strip() in firsts or
                                         bool(BINDING.match(inner.text)) and holders_of(inner) == holders)
               for inner in statements_in(body))


def _places(block: tuple, stmt: Stmt, holder: Stmt | None = None):
    """The (block, index, statement holding the block) from the body down to `stmt`; None when the body lacks it."""
    for index, inner in enumerate(block):
        if inner is stmt:
            return [(block, index, holder)]
        for nested in _blocks(inner):
            found = _places(nested, stmt, inner) if nested else None
            if found is not None:
                return [(block, index, holder), *found]
    return None


def _read_after(rest: tuple, target: str, mention: re.Pattern, inverted: bool = False, l0: bool = True) -> bool | None:
    """Whether the caller goes on after a failed result (`target`: the pattern of what names it, from
    result_holders.subject), read from the statements after it; None when none reads it. Only a read that hands the
    failure on says no: a check that returns, a `return`, a test whose failed arm returns a failure, an L0 call given
    an L0 op's result (`l0`), a method called through it; a log goes by; any other read (a copy is followed, a flag, a
    helper or setter given it, a test inside a loop or a longer condition) may test it and go on: a path."""
    skipped = 0
    for index, later in enumerate(rest):
        if not mention.search(later.text) and not _mentioned_inside(later, mention):
            continue
        value = later.value
        if later.kind == "block":
            verdict = _read_after(later.then, target, mention, inverted, l0)  # `{ if (y == nullptr) {...} }`
            if verdict is not None:
                return verdict
            continue
        if later.kind in ("decl", "assign") and value is not None:
            if value.kind == "lambda":
                return True  # `auto retry = [y]() { if (y == nullptr) {...} };`: the lambda may test it and go on
            if value.kind == "ternary":
                return _ternary_goes_on(value, target, inverted)
            if not mention.search(value.text):
                return True  # `y = l0op::Other(...)`: the failed value is replaced
            copied = " ".join((later.target or "").split())
            if re.fullmatch(target, compact(value.text)) and TARGET.fullmatch(copied):
                # `auto z = y;`, `t = std::get<0>(res);`: the copy holds it too, its reads count from here
                return _read_after(rest[index + 1:], f"(?:{target}|{subject((copied,))})",
                                   re.compile(f"{mention.pattern}|{mention_of((copied,)).pattern}"), inverted, l0)
            return not _hands_on(value, mention, l0)
        if later.kind == "expr" and value is not None and value.kind == "call":
            callee = (value.name or "").strip()
            if _LOG.fullmatch(callee):
                continue  # `OP_LOGD("%p", y)`: a log reads it and goes by
            if MACRO_NAME.fullmatch(callee):
                return _check_goes_on(value, target, inverted)  # CHECK_RET, OP_CHECK_NULL, ...
            return not _hands_on(value, mention, l0)
        if later.kind in ("expr", "unparsed") and value is None:
            macro = _MACRO_CALL.match(later.text)
            if macro is not None and _LOG.fullmatch(macro.group(1)):
                continue
            return macro is None  # a macro whose arguments are not parsed: a check, as before
        if later.kind == "return":
            return False  # the caller's caller reads it (its own recovery)
        if later.kind in ("if", _LOOP) and not mention.search(later.text if later.kind == _LOOP else
                                                             value.text if value is not None else ""):
            # `if (c) { y = l0op::Next(y, ...); }`: what its arms (a loop's body) read first, then what follows
            verdicts = [_read_after(arm, target, mention, inverted, l0) for arm in (later.then, later.orelse)]
            if later.kind == _LOOP:
                verdicts = [verdicts[0], None]  # a loop may run no round
            if True in verdicts:
                return True
            if None in verdicts:
                skipped += 1
                if skipped > _MAX_SKIPPED:
                    return True  # read on past that many: taken as going on (sound; each statement reads ahead)
                continue  # a path past the arms reads it next, if any
            return False
        if later.kind != "if" or value is None:
            return True  # a loop's header, a switch: a read this does not follow
        failed = _failed_arm(value.text, target, inverted)
        if failed is None:
            # `ret != ACLNN_SUCCESS && ret != ACLNN_ERR_X`, `flag && y == nullptr`, `IsNull(y)`: a test of it this does
            # not follow, which may go on; `y->IsEmpty()` hands a null on
            return not _dereferenced(value.text, mention)
        arm = later.then if failed == _FAILED else later.orelse
        if _ends_with_failure(arm, target):
            return False
        if any(s.kind == "assign" and re.fullmatch(target, compact(s.target or "")) for s in statements_in(arm)):
            return True  # `if (y == nullptr) { y = l0op::Fallback(...); }`: the failure is replaced
        # The failed result goes on past the `if` (`if (ret == ACLNN_SUCCESS) {...} return ret;`): its next read says.
        return _read_after(rest[index + 1:], target, mention, inverted, l0)
    return None


def _hands_on(value: Expr, mention: re.Pattern, l0: bool = True) -> bool:
    """Whether an expression reading the result hands a failure on: an L0 call given an L0 op's result (`l0:` null
    only when it failed; another value's nullptr may be an optional input the L0 op takes: `flag ? bias : nullptr`,
    a helper's `return nullptr;`), or methods called through it (`y->GetViewShape()`)."""
    if l0 and is_l0_call(value):
        return True
    return _dereferenced(value.text, mention)


def _dereferenced(text: str, mention: re.Pattern) -> bool:
    """Whether every mention of the result in `text` calls a method through it."""
    found = list(mention.finditer(text))
    return bool(found) and all(_THROUGH.match(text, match.end()) for match in found)


def recovers_in_switch(stmt: Stmt) -> bool:
    """Whether `switch (Call(...)) { case ACLNN_SUCCESS: ...; default: ... }` goes on when the call fails: a case other
    than success (or the one it falls through to) does not return a failure."""
    for index, case in enumerate(stmt.cases):
        if case.label is not None and case.label.strip().rsplit("::", 1)[-1] in _SUCCESS_VALUES:
            continue
        body = next((later.body for later in stmt.cases[index:] if later.body), ())
        if not _ends_with_failure(body):
            return True
    return False


def _ternary_goes_on(value: Expr, target: str, inverted: bool = False) -> bool:
    """`y = (y != nullptr) ? y : l0op::Fallback(...)`: the failed side neither is the failure nor null."""
    if len(value.children) != 3:
        return False
    failed = _failed_arm(value.children[0].text, target, inverted)
    if failed is None:
        return False
    taken = compact((value.children[1] if failed == _FAILED else value.children[2]).text)
    return taken.rsplit("::", 1)[-1] not in _NULLS and re.fullmatch(target, taken) is None


def _check_goes_on(call: Expr, target: str, inverted: bool = False) -> bool:
    """`OP_CHECK(y != nullptr, OP_LOGW(...), y = l0op::Fallback(...))`: a check whose action does not return."""
    short = (call.name or "").strip().rsplit("::", 1)[-1]
    if short != "OP_CHECK" or len(call.children) < 3 or \
            _failed_arm(call.children[0].text, target, inverted) != _SUCCEEDED:
        return False  # CHECK_RET, CHECK_COND and OP_CHECK_NULL return; any other call passes the failure on
    action = " ".join(call.children[-1].text.split()).rstrip(";").strip()
    if action.startswith("throw"):
        return False
    returned = action.split()[1:] if action.split()[:1] == ["return"] else None
    # `return;` of a void function goes on in its caller, as a success does; any other value is the failure passed on
    return returned is None or not returned or returned[-1].rsplit("::", 1)[-1] in _SUCCESS_VALUES


def recovers_in_condition(stmt: Stmt, call: Expr) -> bool:
    """Whether `if (Call(...) != ACLNN_SUCCESS) { ... }` goes on when the call fails."""
    if stmt.value is None:
        return False
    return _arm_goes_on(stmt, _failed_arm(stmt.value.text, _exact(call.text)))


def _mentioned_inside(stmt: Stmt, mention: re.Pattern) -> bool:
    """A nested statement names it (an `if` statement's text is its condition only)."""
    return any(mention.search(inner.text) for block in _blocks(stmt) for inner in statements_in(block))


def _blocks(stmt: Stmt) -> tuple:
    """The blocks a statement holds: an `if`'s arms, a loop's body and update, a switch's cases."""
    return (stmt.then, stmt.orelse, *(case.body for case in stmt.cases))


def _arm_goes_on(stmt: Stmt, failed: str | None) -> bool:
    if failed is None:
        return False  # not a failure test of the call: the failure is passed on (as before)
    return not _ends_with_failure(stmt.then if failed == _FAILED else stmt.orelse)


def _ends_with_failure(arm, subject: str | None = None) -> bool:
    """The arm leaves its function with a failure: nullptr, false, an error code, or the failed result itself
    (`return ret;`, `subject` its pattern); any other value (`return out;` of a tensor) is a result it goes on with.
    Without a subject (a switch's case, a condition's arm), anything but success is taken as a failure, as before."""
    if not arm:
        return False
    last = arm[-1]
    if last.kind == "block":
        return _ends_with_failure(last.then, subject)
    if last.kind != "return":
        return last.kind == "unparsed" and last.text.lstrip().startswith("throw")
    if last.value is None:
        return False  # `return;` of a void function: the caller goes on
    returned = compact(last.value.text)
    short = returned.rsplit("::", 1)[-1]
    if short in _SUCCESS_VALUES:
        return False
    if subject is None:
        return True
    return short in (*_NULLS, "false") or _FAILURE_VALUE.fullmatch(short) is not None or \
        re.fullmatch(subject, returned) is not None or not _PLAIN_VALUE.fullmatch(returned)


def _failed_arm(condition: str, subject: str, inverted: bool = False) -> str | None:
    """Which arm of `if (condition)` a failed `subject` takes (a pattern of what names it: result_holders.subject,
    _exact), when the condition tests it (null, an error status); `inverted`: the subject is a flag that is true on
    failure."""
    side = _failed_side(condition, subject)
    return side if not inverted or side is None else _SUCCEEDED if side == _FAILED else _FAILED


@functools.lru_cache(maxsize=65536)
def _failed_side(condition: str, subject: str) -> str | None:
    text = compact(condition)
    either = _split(text, "||")
    if len(either) > 1:  # `y == nullptr || other`: a null y takes the then-arm
        return _FAILED if any(_test(part, subject) == _FAILED for part in either) else None
    both = _split(text, "&&")
    if len(both) > 1:  # `y != nullptr && ok`: a null y takes the else-arm
        return _SUCCEEDED if any(_test(part, subject) == _SUCCEEDED for part in both) else None
    return _test(text, subject)


def _test(part: str, subject: str) -> str | None:
    part = compact(part)
    if part.startswith("!"):  # `!y`, `!(ret == ACLNN_SUCCESS)`: the other arm
        side = _test(part[1:], subject)
        return None if side is None else _SUCCEEDED if side == _FAILED else _FAILED
    if re.fullmatch(subject, part):
        return _SUCCEEDED  # `if (y)`: a pointer that is there
    if _IS_NULLPTR.fullmatch(part) and re.fullmatch(subject, compact(_split(part[part.index("(") + 1:-1], ",")[0])):
        return _FAILED  # `IsNullptr(y, "y")` (opbase)
    for operator, null_side in (("==", _FAILED), ("!=", _SUCCEEDED)):
        pieces = part.split(operator)
        if len(pieces) != 2:
            continue
        left, right = compact(pieces[0]), compact(pieces[1])
        if re.fullmatch(subject, left):
            other = right.rsplit("::", 1)[-1]
        elif re.fullmatch(subject, right):
            other = left.rsplit("::", 1)[-1]
        else:
            continue
        if other in _NULLS:
            return null_side
        if other in _SUCCESS_VALUES:  # `ret == ACLNN_SUCCESS`: a failed ret takes the else-arm
            return _SUCCEEDED if null_side == _FAILED else _FAILED
    return None


def _split(text: str, operator: str) -> list[str]:
    """`text` split at `operator` outside parentheses."""
    if operator not in text:
        return [text.strip()]
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
