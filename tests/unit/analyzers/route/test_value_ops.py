"""Comparison and arithmetic on abstract values: C++ meaning on known numbers, unknown in means unknown out."""

from __future__ import annotations

import operator

from hypothesis import given
from hypothesis import strategies as st

from op_migrate.analyzers.route.callee_text import split_callee, strip_parens
from op_migrate.analyzers.route.integers import Single, single
from op_migrate.analyzers.route.value_ops import COMPARISONS, arithmetic, compare_values
from op_migrate.analyzers.route.values import UNKNOWN, DType, Null, SocValue, Status, TensorRef, Unknown, is_int, is_number

PYTHON = {"==": operator.eq, "!=": operator.ne, "<": operator.lt, "<=": operator.le, ">": operator.gt,
          ">=": operator.ge}
numbers = st.one_of(st.integers(-10**6, 10**6), st.floats(-1e6, 1e6, allow_nan=False))


@given(numbers, numbers, st.sampled_from(sorted(COMPARISONS)))
def test_known_numbers_compare_as_in_cpp(left, right, op) -> None:
    assert compare_values(op, left, right) is PYTHON[op](left, right)


def test_float_arithmetic_stays_in_single_precision() -> None:
    # 0.1f + 0.2f == 0.3f holds in C++ (float arithmetic); 0.1 + 0.2 == 0.3 does not (double).
    tenth, fifth, three_tenths = single(0.1), single(0.2), single(0.3)
    assert compare_values("==", arithmetic("+", tenth, fifth, "s"), three_tenths) is True
    assert compare_values("==", arithmetic("+", 0.1, 0.2, "d"), 0.3) is False
    assert type(arithmetic("*", tenth, 3, "s")) is Single  # float with an integer: float
    assert type(arithmetic("+", tenth, 0.2, "m")) is float  # float with a double: double
    assert compare_values("==", arithmetic("+", tenth, 0.2, "m"), 0.1 + 0.2) is False
    assert type(-tenth) is Single and -tenth == single(-0.1)


@given(st.integers(-10**6, 10**6), st.integers(-10**6, 10**6), st.sampled_from(["+", "-", "*"]))
def test_integer_arithmetic_is_exact(left, right, op) -> None:
    assert arithmetic(op, left, right, "x") == {"+": left + right, "-": left - right, "*": left * right}[op]


@given(st.sampled_from(sorted(COMPARISONS)), st.one_of(numbers, st.just(DType("float16"))))
def test_unknown_on_either_side_stays_unknown(op, known) -> None:
    assert compare_values(op, UNKNOWN, known) == UNKNOWN
    assert compare_values(op, known, Unknown("y")) == UNKNOWN


def test_error_handling_is_taken_as_succeeding() -> None:
    result = TensorRef("t1")
    assert compare_values("==", result, Null()) is False and compare_values("!=", Null(), result) is True
    assert compare_values("==", Status(True), Unknown("ret")) is True
    assert compare_values("!=", Unknown("ret"), Status(True)) is False


def test_dtypes_and_socs_compare_only_when_known() -> None:
    assert compare_values("==", DType("float16"), DType("float16")) is True
    assert compare_values("!=", DType("float16"), DType(None)) == UNKNOWN
    assert compare_values(">=", SocValue("Ascend910_93", 3), SocValue("Ascend910B", 2)) is True
    assert compare_values("<", SocValue("Ascend910B", 2), SocValue(None)) == UNKNOWN


def test_division_by_zero_and_unknown_operands_give_the_text_back() -> None:
    assert arithmetic("/", 7, 0, "a / b") == Unknown("a / b")
    assert arithmetic("+", 1, UNKNOWN, "1 + n") == Unknown("1 + n")
    assert arithmetic("+", True, 1, "flag + 1") == Unknown("flag + 1")


def test_bools_are_not_numbers() -> None:
    assert is_int(3) and not is_int(True) and not is_int(2.0)
    assert is_number(2.5) and not is_number(False)


def test_callee_spellings() -> None:
    assert split_callee("a.get()->AllocTensor") == ("a.get()", "AllocTensor")
    assert split_callee("f(x.y)") == (None, "f(x.y)")
    assert strip_parens("((a) + (b))") == "(a) + (b)"
    assert strip_parens("(a) + (b)") == "(a) + (b)"


def test_integer_division_and_remainder_follow_cpp() -> None:
    from op_migrate.analyzers.route.value_ops import arithmetic

    assert [arithmetic("/", -7, 2, "x"), arithmetic("%", -7, 2, "x")] == [-3, -1]
    assert [arithmetic("/", 7, -2, "x"), arithmetic("%", 7, -2, "x")] == [-3, 1]
    assert [arithmetic("/", 7, 2, "x"), arithmetic("%", 7, 2, "x")] == [3, 1]


def test_tensor_pointers_compare_by_every_tensor_they_may_hold() -> None:
    a, b = TensorRef("t1"), TensorRef("self")
    assert compare_values("==", a, b) is False and compare_values("!=", a, b) is True
    assert compare_values("==", a, TensorRef("t1")) is True
    either = TensorRef("t1", others=("self",))  # `y = flag ? Abs(self) : self`
    assert compare_values("==", either, b) is UNKNOWN and compare_values("!=", either, b) is UNKNOWN
    assert compare_values("==", either, TensorRef("t2")) is False
    assert compare_values("==", TensorRef("t1", nullable=True), TensorRef("t1")) is UNKNOWN
    assert compare_values("<", a, b) is UNKNOWN
