"""check_dtype reused on an attribute value is not a dtype rule and not an unresolved input."""

from __future__ import annotations

from op_migrate.analyzers.tbe import analyse_source

SOURCE = '''
from impl.util.platform_adapter import para_check
from impl.util.platform_adapter import register_operator


@register_operator("LossishGrad")
@para_check.check_op_params(para_check.REQUIRED_INPUT, para_check.REQUIRED_OUTPUT, para_check.OPTION_ATTR_STR,
                            para_check.KERNEL_NAME)
def lossish_grad(predict, y, reduction="mean", kernel_name="lossish_grad"):
    check_list = ("float16", "float32")
    dtype_predict = predict.get("dtype").lower()
    para_check.check_dtype(dtype_predict, check_list, param_name="predict")
    check_list_reduction = ("none", "mean", "sum")
    reduction_type = reduction.lower()
    para_check.check_dtype(reduction_type, check_list_reduction, param_name="reduction")
    para_check.check_dtype(y_dtype(), check_list, param_name="y")
'''


def _document() -> dict:
    return analyse_source(SOURCE, "lossish_grad.py").to_json()


def test_an_attribute_value_check_is_neither_a_dtype_rule_nor_a_finding() -> None:
    document = _document()
    assert {name: [e["dtype"] for e in entries] for name, entries in document["dtypes"].items()} == {
        "predict": ["float16", "float32"]
    }
    assert [f["line"] for f in document["findings"] if f["symbol"] == "tbe-unresolved-input"] == [16]


def test_an_untraceable_dtype_check_is_still_reported() -> None:
    (finding,) = [f for f in _document()["findings"] if f["symbol"] == "tbe-unresolved-input"]
    assert finding["message"] == "cannot tell which input the dtype check on `y_dtype()` applies to"
