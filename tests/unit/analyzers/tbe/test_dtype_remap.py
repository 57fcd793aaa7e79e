"""A dtype remapped before the check (`bool` -> `int8`) is accepted too, with the remap as its condition."""

from __future__ import annotations

from op_migrate.analyzers.tbe import analyse_source

SOURCE = '''
from te.utils.op_utils import check_dtype
from te.utils.op_utils import check_op_params
from te.utils.op_utils import REQUIRED_INPUT, REQUIRED_OUTPUT, KERNEL_NAME
from te.op import register_operator


@register_operator("LogicalEither")
@check_op_params(REQUIRED_INPUT, REQUIRED_INPUT, REQUIRED_OUTPUT, KERNEL_NAME)
def logical_either(x1, x2, y, kernel_name="logical_either"):
    dtype_x1 = x1.get("dtype").lower()
    dtype_x2 = x2.get("dtype").lower()
    if dtype_x1 in ("bool", "uint1"):
        dtype_x1 = "int8"
    if dtype_x2 == "bool":
        dtype_x2 = "int8"
    check_tuple = ("int8",)
    check_dtype(dtype_x1, check_tuple, param_name="x1")
    check_dtype(dtype_x2, check_tuple, param_name="x2")
'''


def _dtypes(source: str) -> dict:
    document = analyse_source(source, "logical_either.py").to_json()
    return {name: [(e["dtype"], e["condition"]) for e in entries] for name, entries in document["dtypes"].items()}


def test_remapped_dtypes_are_accepted_under_the_remap() -> None:
    assert _dtypes(SOURCE) == {
        "x1": [
            ("int8", None),
            ("bool", "dtype_x1 in ('bool', 'uint1') (remapped to int8 before the check)"),
            ("uint1", "dtype_x1 in ('bool', 'uint1') (remapped to int8 before the check)"),
        ],
        "x2": [("int8", None), ("bool", "dtype_x2 == 'bool' (remapped to int8 before the check)")],
    }


def test_a_remap_to_a_dtype_the_check_rejects_adds_nothing() -> None:
    source = SOURCE.replace('dtype_x2 = "int8"', 'dtype_x2 = "int32"')
    assert _dtypes(source)["x2"] == [("int8", None)]


def test_a_remap_after_the_check_adds_nothing() -> None:
    source = SOURCE.replace('    if dtype_x2 == "bool":\n        dtype_x2 = "int8"\n', "") + '    if dtype_x2 == "bool":\n        dtype_x2 = "int8"\n'
    assert _dtypes(source)["x2"] == [("int8", None)]
