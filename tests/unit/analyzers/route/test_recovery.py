"""recovery.py reads from the caller's text whether it goes on after a call fails."""

from __future__ import annotations

import pytest

from op_migrate.analyzers.cxx.model import Expr, Stmt
from op_migrate.analyzers.route.recovery import recovers_from_result, recovers_in_condition

_CALL = Expr("call", "l0op::Demo(self, executor)", name="l0op::Demo")
_FAIL = Stmt("return", 9, "return ACLNN_ERR_INNER_NULLPTR;", value=Expr("name", "ACLNN_ERR_INNER_NULLPTR"))
_PASS_ON = Stmt("return", 9, "return ret;", value=Expr("name", "ret"))
_SUCCESS = Stmt("return", 9, "return ACLNN_SUCCESS;", value=Expr("name", "ACLNN_SUCCESS"))
_FALLBACK = Stmt("assign", 9, "y = l0op::Other(self, executor);", target="y", value=_CALL)
_LOG = Stmt("expr", 8, 'OP_LOGE(ACLNN_ERR_INNER_NULLPTR, "demo");', value=Expr("call", "OP_LOGE()", name="OP_LOGE"))


def _if(condition: str, then=(), orelse=()) -> Stmt:
    return Stmt("if", 5, f"if ({condition})", value=Expr("binary", condition), then=tuple(then), orelse=tuple(orelse))


def _block(*later, kind="decl", target="y"):
    head = Stmt(kind, 1, f"auto {target} = l0op::Demo(self, executor);", target=target, value=_CALL)
    return (head, *later)


@pytest.mark.parametrize("later, goes_on", [
    ((_if("y == nullptr", [_FALLBACK]),), True),
    ((_if("nullptr == y", [_FALLBACK]),), True),
    ((_if("!y", [_FALLBACK]),), True),
    ((_if("y != nullptr", [_FALLBACK]),), True),  # no else-arm: a null y goes on
    ((_if("y", [], [_LOG, _FAIL]),), False),
    ((_if("y == nullptr", [_LOG, _FAIL]),), False),
    ((_if("(y == nullptr) || other", [_FAIL]),), False),
    ((_if("y == nullptr || other", [_FALLBACK]),), True),
    ((_if("y != nullptr && other", [_FALLBACK], [_FAIL]),), False),
    ((_if("y != nullptr && other", [_FALLBACK]),), True),
    ((_if("y == nullptr", [_SUCCESS]),), True),  # an early success: the call succeeds
    ((_if("y->GetDataType() == DT_FLOAT", [_FALLBACK]),), False),  # a use, not a test
    ((Stmt("expr", 3, "CHECK_RET(y != nullptr, ACLNN_ERR_INNER_NULLPTR);"),), False),
    ((Stmt("return", 3, "return y;", value=Expr("name", "y")),), False),
    ((Stmt("expr", 3, "Use(yy);"),), True),  # another name: y is never read
    ((Stmt("expr", 3, "Use(x.y);"),), True),  # a member named y is not y
    ((), True),
])
def test_the_first_read_of_a_declared_result(later, goes_on: bool) -> None:
    block = _block(*later)
    assert recovers_from_result(block[0], block) is goes_on


def test_a_read_inside_a_nested_block_passes_the_failure_on() -> None:
    nested = Stmt("block", 3, "{", then=(Stmt("expr", 4, "CHECK_RET(y != nullptr, ACLNN_ERR_INNER_NULLPTR);"),))
    block = _block(nested)
    assert recovers_from_result(block[0], block) is False


def test_a_variable_declared_before_is_followed_out_of_its_block() -> None:
    # A statement has one place (answers are kept per statement): each body gets its own.
    def assigned() -> Stmt:
        return Stmt("assign", 3, "y = l0op::Demo(self, executor);", target="y", value=_CALL)

    declared = Stmt("decl", 1, "const aclTensor* y = nullptr;", target="y")
    check = Stmt("expr", 9, "CHECK_RET(y != nullptr, ACLNN_ERR_INNER_NULLPTR);")
    cases = []
    for later, holder_kind, local, goes_on in [
        (_if("y == nullptr", [_FALLBACK]), "if", True, True),
        (check, "if", True, False),
        (_if("y == nullptr", [_FALLBACK]), "loop", True, True),  # the next round reads nothing: after the loop
        (check, "loop", True, False),
        (None, "if", True, True),  # a local never read again: dropped
        (None, "if", False, False),  # a parameter: its caller may read it
    ]:
        inner = assigned()
        holder = _if("c", [inner]) if holder_kind == "if" else Stmt("loop", 2, "for (;;)", then=(inner,))
        body = ((declared,) if local else ()) + (holder,) + ((later,) if later is not None else ())
        cases.append((recovers_from_result(inner, body), goes_on))
    assert [answer for answer, _ in cases] == [expected for _, expected in cases]
    ctx = Stmt("decl", 1, "Ctx ctx;", target="ctx")

    def member(*later) -> bool:
        inner = Stmt("assign", 2, "ctx.ret = Run(self);", target="ctx.ret", value=_CALL)
        return recovers_from_result(inner, (ctx, inner, *later))

    assert member(_if("ctx.ret != ACLNN_SUCCESS", [_FALLBACK])) is True  # a member of a local object
    assert member(Stmt("expr", 3, "CHECK_RET(ctx . ret == ACLNN_SUCCESS, ctx.ret);")) is False
    element = Stmt("assign", 2, "ys[0] = l0op::Demo(self, executor);", target="ys[0]", value=_CALL)
    assert recovers_from_result(element, (element,)) is False  # an element: read elsewhere too


def test_a_ternary_and_a_check_that_goes_on() -> None:
    ternary = Expr("ternary", "y != nullptr ? y : l0op::Other(self)", children=(
        Expr("binary", "y != nullptr"), Expr("name", "y"), Expr("call", "l0op::Other(self)", name="l0op::Other")))
    replaced = _block(Stmt("assign", 3, "y = y != nullptr ? y : l0op::Other(self);", target="y", value=ternary))
    assert recovers_from_result(replaced[0], replaced) is True
    nulled = Expr("ternary", "y != nullptr ? y : nullptr", children=(
        Expr("binary", "y != nullptr"), Expr("name", "y"), Expr("name", "nullptr")))
    passed = _block(Stmt("decl", 3, "auto z = y != nullptr ? y : nullptr;", target="z", value=nulled))
    assert recovers_from_result(passed[0], passed) is False

    def check(action: str) -> tuple:
        children = (Expr("binary", "y != nullptr"), Expr("call", "OP_LOGW()"), Expr("other", action))
        call = Expr("call", f"OP_CHECK(y != nullptr, OP_LOGW(), {action})", name="OP_CHECK", children=children)
        return _block(Stmt("expr", 3, call.text + ";", value=call))

    going_on = check("y = l0op::Other(self)")
    assert recovers_from_result(going_on[0], going_on) is True
    returning = check("return nullptr")
    assert recovers_from_result(returning[0], returning) is False
    thrown = check("throw std::bad_alloc()")
    assert recovers_from_result(thrown[0], thrown) is False
    void = check("return")  # a void function's `return;`: its caller goes on
    assert recovers_from_result(void[0], void) is True
    succeeded = check("return ACLNN_SUCCESS")
    assert recovers_from_result(succeeded[0], succeeded) is True


def test_is_nullptr_is_a_null_test() -> None:
    block = _block(_if('IsNullptr(y, "y")', [_FALLBACK]))
    assert recovers_from_result(block[0], block) is True


@pytest.mark.parametrize("condition, then, orelse, goes_on", [
    ("Prepare(x) != ACLNN_SUCCESS", [_FALLBACK], [], True),
    ("Prepare(x) != ACLNN_SUCCESS", [_LOG, _PASS_ON], [], False),
    ("Prepare(x) == ACLNN_SUCCESS", [_FALLBACK], [], True),
    ("Prepare(x) == ACLNN_SUCCESS", [_FALLBACK], [_FAIL], False),
    ("!(Prepare(x) == ACLNN_SUCCESS)", [_FALLBACK], [], True),
    ("Prepare(x) > 2", [_FALLBACK], [], False),
])
def test_a_call_tested_in_its_condition(condition: str, then, orelse, goes_on: bool) -> None:
    call = Expr("call", "Prepare(x)", name="Prepare")
    assert recovers_in_condition(_if(condition, then, orelse), call) is goes_on


def test_a_failure_that_goes_on_past_its_test_is_read_again() -> None:
    # `ret = FillScalar(...); if (ret == ACLNN_SUCCESS) {...} return ret;`: the failure is returned after all.
    passed_on = _block(_if("ret == ACLNN_SUCCESS", [_LOG]), _PASS_ON, kind="assign", target="ret")
    assert recovers_from_result(passed_on[0], passed_on) is False
    # `if (y == nullptr) { y = l0op::Other(...); } CHECK_RET(y != nullptr, ...)`: the failure is replaced.
    check = Stmt("expr", 10, "CHECK_RET(y != nullptr, ACLNN_ERR_INNER_NULLPTR);")
    replaced = _block(_if("y == nullptr", [_FALLBACK]), check)
    assert recovers_from_result(replaced[0], replaced) is True
    logged = _block(_if("y == nullptr", [_LOG]), check)
    assert recovers_from_result(logged[0], logged) is False


def test_a_flag_of_a_calls_failure_is_read_with_its_polarity() -> None:
    run = Expr("call", "Run(self)", name="Run")

    def flag(name: str, operator: str, *later) -> bool:
        value = Expr("binary", f"Run(self) {operator} ACLNN_SUCCESS", name=operator,
                     children=(run, Expr("name", "ACLNN_SUCCESS")))
        head = Stmt("decl", 1, f"bool {name} = {value.text};", target=name, value=value)
        return recovers_from_result(head, (head, *later))

    assert flag("ok", "==", _if("!ok", [_FALLBACK])) is True
    assert flag("ok", "==", _if("!ok", [_LOG, _FAIL])) is False
    assert flag("failed", "!=", _if("failed", [_FALLBACK])) is True
    assert flag("failed", "!=", _if("failed", [_LOG, _FAIL])) is False
    assert flag("failed", "!=", _if("!failed", [_FALLBACK], [_FAIL])) is False
    sum_of = Expr("binary", "Run(self) + 1", name="+", children=(run, Expr("literal", "1")))
    other = Stmt("decl", 1, "auto n = Run(self) + 1;", target="n", value=sum_of)
    assert recovers_from_result(other, (other,)) is False  # not a flag of a failure


@pytest.mark.parametrize("condition, then, goes_on", [
    ("ret != ACLNN_SUCCESS && ret != ACLNN_ERR_INNER_NULLPTR", [_PASS_ON], True),  # ACLNN_ERR_INNER_NULLPTR goes on
    ("ret == ACLNN_ERR_PARAM_INVALID", [_PASS_ON], True),  # every other failure goes on
    ("ret > 2", [_PASS_ON], True),  # a comparison the reading does not follow: a failure may go on
    ("ret->IsEmpty()", [_PASS_ON], False),  # a method called through it: a null is handed on
])
def test_a_caller_that_tells_failures_apart(condition: str, then, goes_on: bool) -> None:
    block = _block(_if(condition, then), kind="decl", target="ret")
    assert recovers_from_result(block[0], block) is goes_on


def test_an_assignment_tested_in_its_condition() -> None:
    call = Expr("call", "l0op::Demo(self, executor)", name="l0op::Demo")
    assignment = Expr("binary", "y = l0op::Demo(self, executor)", name="=", children=(Expr("name", "y"), call))
    assert recovers_in_condition(_if("(y = l0op::Demo(self, executor)) == nullptr", [_FALLBACK]), assignment) is True
    assert recovers_in_condition(_if("(y = l0op::Demo(self, executor)) == nullptr", [_LOG, _FAIL]), assignment) is False


def test_the_next_round_of_a_loop_reads_first() -> None:
    def answer(header: str, *before) -> bool:
        inner = Stmt("assign", 3, "y = l0op::Demo(self, executor);", target="y", value=_CALL)
        loop = Stmt("loop", 2, header, then=(*before, inner))
        declared = Stmt("decl", 1, "const aclTensor* y = nullptr;", target="y")
        return recovers_from_result(inner, (declared, loop, _if("y == nullptr", [_FALLBACK])))

    assert answer("for (;;)") is True
    assert answer("for (; y == nullptr;)") is True  # the loop's own test reads it: a path (sound)
    check = Stmt("expr", 2, "CHECK_RET(y != nullptr, ACLNN_ERR_INNER_NULLPTR);")
    assert answer("for (;;)", check) is False  # the next round checks it first: the failure ends the caller


@pytest.mark.parametrize("returned, goes_on", [
    ("out", True),  # a tensor the failed arm returns: the function goes on with a result (an L0 op's fallback)
    ("ret", False),  # the failed status itself
    ("nullptr", False),
    ("ACLNN_ERR_INNER_NULLPTR", False),
    ("false", False),
    ("-1", False),
    ("status", False),
])
def test_what_a_failed_arm_returns(returned: str, goes_on: bool) -> None:
    back = Stmt("return", 9, f"return {returned};", value=Expr("name", returned))
    block = _block(_if("ret != ACLNN_SUCCESS", [back]), kind="decl", target="ret")
    assert recovers_from_result(block[0], block) is goes_on
