"""Literal arguments substituted into inlined helpers' guards; dtype-name comparisons are dtype guards."""

from __future__ import annotations

from hypothesis import given
from hypothesis import strategies as st

from op_migrate.analyzers.tbe import analyse_source
from op_migrate.analyzers.tbe.call_site import substitute
from op_migrate.analyzers.tbe.guards import guard_kinds

SOURCE = '''
from impl.util.platform_adapter import tbe
from impl.util.platform_adapter import tbe_platform
from impl.util.platform_adapter import register_operator_compute


def _widen(method, ori_type, data):
    wide = tbe_platform.api_check_support(method, "float32")
    if ori_type == "float16" and wide:
        data = tbe.cast_to(data, "float32")
    if tbe_platform.api_check_support(method, "int64"):
        data = tbe.vabs(data)
    return data


@register_operator_compute("Normish", op_mode="dynamic", support_fusion=True)
def normish_compute(x, x_type, y, kernel_name="normish"):
    if x_type == "bfloat16":
        x = tbe.cast_to(x, "float32")
    x = _widen("tbe.dsl.vlog", x_type, x)
    x = _widen(method="tbe.dsl.vexp", ori_type=x_type, data=x)
    if x_type in ("int8", "uint8"):
        x = tbe.vabs(x)
    return x
'''


def _guards() -> dict:
    document = analyse_source(SOURCE, "normish.py").to_json()
    return {(g["text"], g["line"]): g for g in document["guards"]}


def test_literal_arguments_are_substituted_at_each_call_site() -> None:
    guards = _guards()
    assert ("tbe_platform.api_check_support('tbe.dsl.vlog', 'int64')", 11) in guards
    assert ("tbe_platform.api_check_support('tbe.dsl.vexp', 'int64')", 11) in guards
    assert not any("method" in text for text, _ in guards)
    fact = guards[("ori_type == 'float16' and wide", 9)]
    assert fact["origins"] == [
        "wide = tbe_platform.api_check_support('tbe.dsl.vlog', 'float32')",
        "wide = tbe_platform.api_check_support('tbe.dsl.vexp', 'float32')",
    ]
    assert fact["kinds"] == ["api_check_support", "dtype"]


def test_comparisons_with_dtype_names_are_dtype_guards() -> None:
    guards = _guards()
    assert guards[("x_type == 'bfloat16'", 18)]["kinds"] == ["dtype"]
    assert guards[("x_type in ('int8', 'uint8')", 22)]["kinds"] == ["dtype"]
    document = analyse_source(SOURCE, "normish.py").to_json()
    assert "tbe-unclassified-guard" not in {f["symbol"] for f in document["findings"]}


def test_a_variable_read_from_a_dtype_makes_a_dtype_guard() -> None:
    source = SOURCE.replace('if x_type == "bfloat16":', 'kind = x.dtype\n    if kind == BF16:')
    document = analyse_source(source, "normish.py").to_json()
    (guard,) = [g for g in document["guards"] if g["text"] == "kind == BF16"]
    assert guard["kinds"] == ["dtype"]


def test_names_that_only_look_like_dtypes_stay_unclassified() -> None:
    assert guard_kinds("mode == 'float16_mode'") == ("other",)
    assert guard_kinds("len(modes) == 4") == ("other",)
    assert guard_kinds("len(x_shape) == 4") == guard_kinds("range_in[0] < 1") == ("shape",)
    assert guard_kinds("need_reshape") == ("other",)  # `reshape` is not a shape
    assert guard_kinds("name == 'bool'") == ("dtype",)


@given(st.sampled_from(["'a'", "1", "None", "'tbe.dsl.vexp'"]))
def test_substitution_keeps_attributes_and_keywords(literal: str) -> None:
    text = "f(method, x.method, method=method) and method"
    assert substitute(text, {"method": literal}) == f"f({literal}, x.method, method={literal}) and {literal}"


def test_numbers_are_not_substituted_so_one_guard_stays_one_guard() -> None:
    source = SOURCE.replace('x = _widen("tbe.dsl.vlog", x_type, x)', "x = _times(x, 3)\n    x = _times(x, 6)").replace(
        "@register_operator_compute", "def _times(data, n):\n    if n == 0:\n        return data\n    return tbe.vmuls(data, n)\n\n\n@register_operator_compute"
    )
    document = analyse_source(source, "normish.py").to_json()
    assert [g["text"] for g in document["guards"] if "== 0" in g["text"]] == ["n == 0"]


def test_conditions_joined_by_and_keep_their_or_parts_together() -> None:
    from op_migrate.analyzers.tbe.guards import conjoin

    assert conjoin(["not (not strides)", "begin or end", "f(a or b)", "'x or y' == s"]) == (
        "not (not strides) and (begin or end) and f(a or b) and 'x or y' == s")
