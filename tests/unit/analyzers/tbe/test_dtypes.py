"""Dtype rules: check_dtype lists, `not in` checks, guarded extensions, module constants, equality checks."""

from __future__ import annotations

from op_migrate.analyzers.tbe import analyse_source

ENTRY = (
    "from impl.util.platform_adapter import para_check\n"
    "from impl.util.platform_adapter import tbe_platform\n"
    "from impl.util.platform_adapter import register_operator\n"
    "{module}\n"
    "@register_operator('Op')\n"
    "@para_check.check_op_params(para_check.REQUIRED_INPUT, para_check.REQUIRED_INPUT, para_check.REQUIRED_OUTPUT,\n"
    "                            para_check.KERNEL_NAME)\n"
    "def op(x, y, z, kernel_name='op'):\n"
    "{body}"
)


def _dtypes(body: str, module: str = "") -> dict:
    document = analyse_source(ENTRY.format(module=module, body=body), "op.py").to_json()
    return {name: [(e["dtype"], e["condition"]) for e in entries] for name, entries in document["dtypes"].items()}


def test_check_dtype_with_guarded_extension_and_spelling() -> None:
    body = (
        "    dx = x.get('dtype').lower()\n"
        "    allowed = ['float16', 'float']\n"
        "    if tbe_platform.api_check_support('tbe.dsl.vexp', 'float32'):\n"
        "        allowed += ['bfloat16']\n"
        "    para_check.check_dtype(dx, allowed, param_name='x')\n"
    )
    condition = "tbe_platform.api_check_support('tbe.dsl.vexp', 'float32')"
    assert _dtypes(body) == {"x": [("float16", None), ("float32", None), ("bfloat16", condition)]}


def test_not_in_check_against_a_module_constant() -> None:
    body = "    a = x['dtype']\n    b = y['dtype']\n    if a not in SUPPORTED or b not in SUPPORTED:\n        raise RuntimeError('dtype')\n"
    assert _dtypes(body, "SUPPORTED = ('int8', 'uint8')") == {"x": [("int8", None), ("uint8", None)], "y": [("int8", None), ("uint8", None)]}


def test_param_name_is_the_fallback_and_unresolved_lists_are_findings() -> None:
    body = "    para_check.check_dtype(x.get('dtype'), make_list(), param_name='x')\n    para_check.check_dtype(something, ('int32',), param_name='y')\n"
    document = analyse_source(ENTRY.format(module="", body=body), "op.py").to_json()
    assert {k: [e["dtype"] for e in v] for k, v in document["dtypes"].items()} == {"y": ["int32"]}
    assert [f["symbol"] for f in document["findings"]] == ["tbe-unresolved-dtype-list"]


def test_dtype_equality_between_inputs() -> None:
    body = "    a = x.get('dtype')\n    b = y.get('dtype')\n    if a != b:\n        raise RuntimeError('must match')\n"
    document = analyse_source(ENTRY.format(module="", body=body), "op.py").to_json()
    assert document["dtype_equalities"] == [["x", "y"]]


def test_older_check_dtype_rule_is_read() -> None:
    body = "    low = x.get('dtype').lower()\n    util.check_dtype_rule(low, ('float16', 'float32'))\n"
    assert _dtypes(body) == {"x": [("float16", None), ("float32", None)]}


def test_negated_membership_check() -> None:
    body = "    low = x.get('dtype').lower()\n    if not low in ['float16', 'int32']:\n        raise RuntimeError('dtype')\n"
    assert _dtypes(body) == {"x": [("float16", None), ("int32", None)]}


TWO_PATHS = '''
from impl.util.platform_adapter import para_check
from impl.util.platform_adapter import tbe_platform
from impl.util.platform_adapter import register_operator


def pick_dsl(x, y, kernel_name):
    x_dtype = x.get("dtype").lower()
    para_check.check_dtype(x_dtype, ("bfloat16", "float16", "float32", "int8", "bool"), param_name="x")


class PickTik:
    def __init__(self, x, y, kernel_name):
        self.x_dtype = x.get("dtype").lower()
        if self.x_dtype == "bool":
            self.x_dtype = "int8"
        para_check.check_dtype(self.x_dtype, ("float16", "float32", "int8", "int64"), param_name="x")


def pick_tik(x, y, kernel_name):
    return PickTik(x, y, kernel_name)


@register_operator("Pick")
@para_check.check_op_params(para_check.REQUIRED_INPUT, para_check.REQUIRED_OUTPUT, para_check.OPTION_ATTR_STR,
                            para_check.KERNEL_NAME)
def pick(x, y, impl_mode="high_precision", kernel_name="pick"):
    if x.get("dtype").lower() == "bfloat16":
        pick_dsl(x, y, kernel_name)
    elif not tbe_platform.api_check_support("tbe.dsl.vexp", "float32"):
        pick_tik(x, y, kernel_name)
    elif impl_mode == "high_performance":
        pick_tik(x, y, kernel_name)
    else:
        pick_dsl(x, y, kernel_name)
'''


def test_a_dtype_every_checking_path_accepts_is_accepted_always() -> None:
    document = analyse_source(TWO_PATHS, "pick.py").to_json()
    found = {e["dtype"]: e["condition"] for e in document["dtypes"]["x"]}
    # float16/float32/int8 pass both the DSL and the TIK check, and bool both (the TIK path remaps it to int8 first).
    assert [found[d] for d in ("float16", "float32", "int8")] == [None, None, None]
    assert found["bool"] == "self.x_dtype == 'bool' (remapped to int8 before the check)"
    # bfloat16 only passes the DSL check, which two branches reach; int64 only the TIK one, reached from two others.
    assert found["bfloat16"] == (
        "(x.get('dtype').lower() == 'bfloat16') or (not (x.get('dtype').lower() == 'bfloat16') and "
        "not (not tbe_platform.api_check_support('tbe.dsl.vexp', 'float32')) and not (impl_mode == 'high_performance'))"
    )
    assert found["int64"] == (
        "(not (x.get('dtype').lower() == 'bfloat16') and not tbe_platform.api_check_support('tbe.dsl.vexp', 'float32')) "
        "or (not (x.get('dtype').lower() == 'bfloat16') and not (not tbe_platform.api_check_support('tbe.dsl.vexp', "
        "'float32')) and impl_mode == 'high_performance')"
    )


def test_a_dtype_an_unconditional_check_rejects_is_not_accepted() -> None:
    body = (
        "    dx = x.get('dtype').lower()\n"
        "    para_check.check_dtype(dx, ('float16', 'float32', 'int64'), param_name='x')\n"
        "    narrow(x)\n"
    )
    module = "def narrow(t):\n    para_check.check_dtype(t.get('dtype').lower(), ('float16', 'float32'), param_name='x')\n"
    assert _dtypes(body, module) == {"x": [("float16", None), ("float32", None)]}


def test_compare_tensor_dict_key_on_dtype_is_an_equality() -> None:
    body = (
        "    para_check.check_dtype(x.get('dtype'), ('float16', 'float32'), param_name='x')\n"
        "    shape_util.compare_tensor_dict_key(x, y, 'dtype')\n"
        "    shape_util.compare_tensor_dict_key(x, z, 'shape')\n"
    )
    document = analyse_source(ENTRY.format(module="from impl.util.platform_adapter import shape_util", body=body), "op.py").to_json()
    assert document["dtype_equalities"] == [["x", "y"]]


def test_lists_written_as_a_string_a_set_a_constant_module_or_an_attribute_are_read() -> None:
    module = (
        "from impl import constant_util as constant\n"
        "class Impl:\n"
        "    def __init__(self, t):\n"
        "        self.allowed = ['float16', 'int8']\n"
        "        para_check.check_dtype(t.get('dtype').lower(), self.allowed, param_name='z')\n"
    )
    body = (
        "    check_list = ('float32')\n"
        "    para_check.check_dtype(x.get('dtype').lower(), check_list, param_name='x')\n"
        "    para_check.check_dtype(y.get('dtype').lower(), (constant.DATA_TYPE_INT32, constant.DATA_TYPE_INT64), param_name='y')\n"
        "    if z.get('dtype') not in {'float16', 'int8'}:\n"
        "        raise RuntimeError('z')\n"
        "    Impl(z)\n"
    )
    assert _dtypes(body, module) == {"x": [("float32", None)], "y": [("int32", None), ("int64", None)],
                                     "z": [("float16", None), ("int8", None)]}


def test_a_reassigned_check_list_is_read_as_it_stands_at_each_check() -> None:
    body = (
        "    check_list = ('float16', 'float32', 'bool')\n"
        "    para_check.check_dtype(x.get('dtype').lower(), check_list, param_name='x')\n"
        "    check_list = ('int32', 'int64')\n"
        "    check_list += ('uint64',)\n"
        "    para_check.check_dtype(y.get('dtype').lower(), check_list, param_name='y')\n"
    )
    assert _dtypes(body) == {"x": [("float16", None), ("float32", None), ("bool", None)],
                             "y": [("int32", None), ("int64", None), ("uint64", None)]}


def test_a_membership_test_that_picks_a_path_is_not_a_dtype_rule() -> None:
    body = (
        "    dtype = x.get('dtype').lower()\n"
        "    if dtype not in ('int32',):\n"
        "        x = cast_up(x)\n"
        "    if dtype != y.get('dtype'):\n"
        "        y = cast_up(y)\n"
        "    if dtype not in ('float16', 'float32', 'int32') or z.get('dtype') not in ('int64',):\n"
        "        error_manager_vector.raise_err_input_dtype_not_supported('op', 'x', 'float16', dtype)\n"
    )
    document = analyse_source(ENTRY.format(module="", body=body), "op.py").to_json()
    assert {k: [e["dtype"] for e in v] for k, v in document["dtypes"].items()} == {
        "x": ["float16", "float32", "int32"], "z": ["int64"]}
    assert document["dtype_equalities"] == []


def test_a_list_set_on_both_arms_of_an_if_brings_both_versions_with_their_conditions() -> None:
    body = (
        "    if tbe_platform.api_check_support('tik.vcopy'):\n"
        "        check_list = ('int16')\n"
        "    else:\n"
        "        check_list = ('int64', 'int32')\n"
        "    para_check.check_dtype(y.get('dtype').lower(), check_list, param_name='y')\n"
    )
    test = "tbe_platform.api_check_support('tik.vcopy')"
    assert _dtypes(body) == {"y": [("int16", test), ("int64", f"not ({test})"), ("int32", f"not ({test})")]}


def test_an_input_checked_on_one_path_only_is_partly_checked_and_not_refused_elsewhere() -> None:
    # The DSL path checks adds; the TIK path does not look at its dtype at all.
    document = analyse_source(TWO_PATHS.replace('param_name="x")\n\n\nclass', 'param_name="x")\n'
                                                '    para_check.check_dtype(y.get("dtype").lower(), ("float16",), param_name="y")'
                                                '\n\n\nclass'), "pick.py").to_json()
    assert document["dtypes"]["y"][0]["dtype"] == "float16"
    assert document["dtypes_partial"] == ["x", "y"]  # x: the DSL and TIK checks each sit on some branches
    from op_migrate.analyzers.proto.capability import tbe_status
    from op_migrate.analyzers.tbe.operator import kernel_checks

    kernel = kernel_checks(document)
    assert tbe_status(kernel, "input", 0, "int16") == "unchecked on some paths"


def test_an_unconditional_check_makes_the_input_fully_checked() -> None:
    document = analyse_source(ENTRY.format(module="", body="    para_check.check_dtype(x.get('dtype'), ('int8',), param_name='x')\n"),
                              "op.py").to_json()
    assert document["dtypes_partial"] == []


def test_a_dtype_read_through_a_getter_is_traced_and_its_remap_kept() -> None:
    body = (
        "    x_dtype = get_dtype(x)\n"
        "    if x_dtype == 'uint32':\n"
        "        x_dtype = 'int32'\n"
        "    para_check.check_dtype(x_dtype, ('float16', 'int32'), param_name='input_x')\n"
    )
    module = "def get_dtype(t):\n    return t.get('dtype').lower()\n"
    assert _dtypes(body, module) == {"x": [("float16", None), ("int32", None),
                                           ("uint32", "x_dtype == 'uint32' (remapped to int32 before the check)")]}
