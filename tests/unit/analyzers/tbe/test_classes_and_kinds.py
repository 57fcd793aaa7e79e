"""Methods of local classes, flag provenance, file kinds, mode evidence and the guard kinds read from check_op_params."""

from __future__ import annotations

from pathlib import Path

from op_migrate.analyzers.tbe import analyse_bytes, analyse_source

FIXTURES = Path(__file__).resolve().parents[3] / "functional" / "tbe"
HEADER = (
    "from impl.util.platform_adapter import tbe\nfrom impl.util.platform_adapter import tbe_platform\n"
    "from impl.util.platform_adapter import para_check\nfrom impl.util.platform_adapter import register_operator\n"
)


def _fixture(name: str, path: str | None = None) -> dict:
    return analyse_bytes((FIXTURES / name).read_bytes(), path or f"tests/functional/tbe/{name}").to_json()


def test_calls_through_a_local_class_are_followed_and_a_foreign_method_is_said() -> None:
    document = _fixture("dsl_impl_class.py")
    calls = [(c["name"], c["via"][-1] if c["via"] else None) for c in document["dsl_calls"] if c["category"] == "compute"]
    assert ("vcmpsel", "ShrinkImpl.do_compute@59") in calls
    assert {f["symbol"]: f["line"] for f in document["findings"]} == {"tbe-method-not-followed": 60}


def test_a_method_is_walked_once_per_object() -> None:
    body = (
        "class Impl:\n"
        "    def __init__(self, x):\n        self.x = x\n"
        "    def step(self, t):\n        return tbe.vabs(t)\n"
        "    def run(self):\n        return self.step(self.step(self.x))\n"
        "def op_compute(x):\n    impl = Impl(x)\n    return tbe.vexp(impl.run())\n"
    )
    document = analyse_source(HEADER + body, "case.py").to_json()
    calls = {c["name"]: c for c in document["dsl_calls"]}
    assert [c["name"] for c in document["dsl_calls"]] == ["vabs", "vexp"]
    # The result of the walked method flows on: vexp takes what step returned.
    assert calls["vexp"]["inputs"] == [f"call:{calls['vabs']['id']}"]


def test_every_assignment_of_a_flag_is_kept_with_its_condition_inside_a_compound_guard() -> None:
    (guard,) = [g for g in _fixture("dsl_impl_class.py")["guards"] if g["text"].startswith("need_cast")]
    assert guard["origins"] == [
        "need_cast = False at line 25",
        "need_cast = True at line 28 under ori_dtype == 'float16' and self.impl_mode == 'high_precision'",
        "need_cast = True at line 31 under ori_dtype == 'float32' and not tbe_platform.api_check_support('tbe.dsl.vcmpsel', 'float32')",
    ]
    # need_cast's assignments bring api_check_support/impl_mode/dtype; self.lambd is the attribute, or the constant
    # value of input_x that replaces it.
    assert guard["kinds"] == ["api_check_support", "impl_mode", "dtype", "attr", "shape"]


def test_a_helper_given_only_a_dtype_is_not_an_external_tensor_step() -> None:
    # get_attr_by_cls(self.lambd, "lambd", data.dtype) builds a constant: dtype and shape are metadata, not data.
    assert "tbe-external-helper" not in {f["symbol"] for f in _fixture("dsl_impl_class.py")["findings"]}


def test_an_ascend_c_wrapper_names_its_kernel_and_is_not_analysed_as_tbe() -> None:
    document = _fixture("ascendc_wrapper.py")
    assert (document["status"], document["op_type"], document["dsl_calls"]) == ("ascendc", "ScaledAdd", [])
    assert document["ascendc"]["kernel_file"] == "scaled_add.cpp"
    assert document["ascendc"]["candidates"][0] == "ascendc/scaled_add/scaled_add.cpp"
    assert document["bool_as_int8"] is False  # register_operator(..., trans_bool_to_s8=False)
    assert [f["symbol"] for f in document["findings"]] == ["tbe-ascendc-wrapper"]


def test_tik_entry_checks_are_read_through_the_class_it_builds() -> None:
    document = _fixture("tik_class_checks.py")
    assert document["status"] == "tik"
    dtypes = {name: [(e["dtype"], e["condition"]) for e in entries] for name, entries in document["dtypes"].items()}
    assert dtypes["indices"] == [("int32", None), ("int64", None)]
    assert dtypes["var"] == [("float16", None), ("float32", None), ("int32", None),
                             ("bfloat16", "tbe_platform.api_check_support('tik.vadd', 'bfloat16')")]
    assert document["dtype_equalities"] == [["var", "var_out"]]


def test_mode_comes_from_the_folder_and_the_build_call_without_register_operator() -> None:
    source = (
        "from impl.util.platform_adapter import tik\nfrom impl.util.platform_adapter import para_check\n"
        "@para_check.check_op_params(para_check.REQUIRED_INPUT, para_check.KERNEL_NAME)\n"
        "def nms_like(boxes, kernel_name='nms_like'):\n    inst = tik.Tik()\n"
        "    inst.BuildCCE(kernel_name=kernel_name, inputs=[], outputs=[], flowtable=[1])\n"
    )
    document = analyse_source(source, "impl/dynamic/nms_like.py").to_json()
    assert document["mode"] == "dynamic"
    assert document["mode_evidence"] == ["the file is under a dynamic/ folder", "BuildCCE at line 6 with a tiling flowtable"]
    assert analyse_source(source.replace("flowtable=[1]", "config={}"), "impl/nms_like.py").to_json()["mode"] == "static"


def test_guards_on_attributes_optional_inputs_formats_and_static_axes_are_classified() -> None:
    body = (
        "@register_operator('Op')\n"
        "@para_check.check_op_params(para_check.REQUIRED_INPUT, para_check.OPTION_INPUT, para_check.REQUIRED_OUTPUT,\n"
        "                            para_check.OPTION_ATTR_STR, para_check.KERNEL_NAME)\n"
        "def op(x, bias, y, reduction='mean', kernel_name='op'):\n"
        "    fmt = x.get('format')\n"
        "    if reduction == 'sum':\n        x = tbe.vabs(x)\n"
        "    if bias is not None:\n        x = tbe.vadd(x, bias)\n"
        "    if fmt == 'NC1HWC0':\n        x = tbe.vexp(x)\n"
        "    if 'const_value' in x.keys():\n        x = tbe.vlog(x)\n"
        "    if tbe_platform.is_unknown_rank_input(x):\n        x = tbe.vrec(x)\n"
    )
    document = analyse_source(HEADER + body, "op.py").to_json()
    kinds = {g["text"]: g["kinds"] for g in document["guards"]}
    assert kinds == {
        "reduction == 'sum'": ["attr"],
        "bias is not None": ["optional_input"],
        "fmt == 'NC1HWC0'": ["format"],
        "'const_value' in x.keys()": ["shape"],
        "tbe_platform.is_unknown_rank_input(x)": ["shape"],
    }
    assert "tbe-unclassified-guard" not in {f["symbol"] for f in document["findings"]}


def test_soc_and_dtype_guards_carry_a_test_facts_can_decide() -> None:
    body = (
        "def op_compute(x, y):\n"
        "    soc = tbe_platform.get_soc_spec('SHORT_SOC_VERSION')\n"
        "    if soc in ('Ascend910B', 'Ascend910_93') and tbe_platform.api_check_support('tbe.dsl.vexp', 'float32'):\n"
        "        x = tbe.vexp(x)\n"
        "    if x.dtype == 'float16':\n        x = tbe.vabs(x)\n"
        "    return x\n"
    )
    guards = {g["text"]: g["test"] for g in analyse_source(HEADER + body, "op.py").to_json()["guards"]}
    # The api_check_support part is a fact too: the install's DSL tables answer it per SoC.
    assert guards["soc in ('Ascend910B', 'Ascend910_93') and tbe_platform.api_check_support('tbe.dsl.vexp', 'float32')"] == {
        "all": [{"soc": {"op": "in", "values": ["Ascend910B", "Ascend910_93"]}},
                {"api": {"name": "tbe.dsl.vexp", "dtype": "float32"}}]
    }
    assert guards["x.dtype == 'float16'"] == {"dtype": {"op": "==", "values": ["float16"], "param": None}}


def test_a_check_supported_fallback_carries_its_dtype_test() -> None:
    (fallback,) = _fixture("floor_mod_dynamic.py")["aicpu_fallback_details"]
    assert fallback["test"] == {"all": [{"all": [{"dtype": {"op": "==", "values": ["float32"], "param": "x1"}}, None]}]}


POOL_GRAD = '''
from impl.util.platform_adapter import tbe
from impl.util.platform_adapter import tvm
from impl.util.platform_adapter import para_check
from impl.util.platform_adapter import tbe_register
from impl.util.platform_adapter import error_manager_cube


def _check_window(k_h, k_w, stride_h):
    if k_h > 255 or k_w > 255:
        error_manager_cube.raise_err_specific_user("pool_grad", "window too large")
    if stride_h < 1:
        error_manager_cube.raise_err_specific_user("pool_grad", "stride must be positive")


@tbe_register.register_param_generalization("PoolGrad")
def pool_grad_generalization(grad, kernel, out, ksize, strides, generalize_config=None):
    if generalize_config.get("mode") != "keep_rank":
        return None
    return [grad, kernel, out, ksize, strides]


@tbe_register.register_operator("PoolGrad")
@para_check.check_input_type(dict, dict, dict, (tuple, list), (tuple, list), str)
def pool_grad(grad, kernel, out, ksize, strides, kernel_name="pool_grad"):
    shape_k = list(kernel.get("ori_shape"))
    k_h, k_w = shape_k[2], shape_k[3]
    _check_window(k_h, k_w, strides[1])
    for dim in grad.get("shape"):
        if isinstance(dim, int) and dim < 0:
            return
    if kernel is not None:
        with tbe.compute():
            data = tvm.placeholder(grad.get("shape"), name="grad", dtype=grad.get("dtype"))
            res = tbe.vmuls(data, 0.5)
        with tvm.target.cce():
            sch = tbe.auto_schedule(res)
        tbe.build(sch, {"name": kernel_name, "tensor_list": [data, res]})
'''


def test_guard_kinds_follow_values_from_shapes_and_attributes_into_helpers() -> None:
    document = analyse_source(POOL_GRAD, "pool_grad.py").to_json()
    kinds = {g["text"]: g["kinds"] for g in document["guards"]}
    assert kinds == {
        "k_h > 255 or k_w > 255": ["shape"],  # read from the kernel's ori_shape, passed into the helper
        "stride_h < 1": ["attr"],  # strides is declared (tuple, list): an attribute
        "isinstance(dim, int) and dim < 0": ["shape"],  # dim iterates over the shape
        "kernel is not None": ["optional_input"],
    }
    # The generalization hook is not walked: its guard is not one of the op's.
    assert "tbe-unclassified-guard" not in {f["symbol"] for f in document["findings"]}


def test_a_continue_puts_the_rest_of_the_loop_under_the_negated_guard() -> None:
    source = POOL_GRAD + '''

def check_supported(grad, kernel, out, ksize, strides, kernel_name="pool_grad"):
    ranges = strides.get("const_value_range")
    if ranges:
        for low_high in ranges:
            if low_high[0] <= 1 <= low_high[1]:
                continue
            return False, "no stride of 1"
    return True, ""
'''
    document = analyse_source(source, "pool_grad.py").to_json()
    assert document["aicpu_fallbacks"] == ["ranges and not (low_high[0] <= 1 <= low_high[1])"]


def test_a_product_accumulated_over_a_shape_and_a_padding_string_are_classified() -> None:
    source = POOL_GRAD.replace(
        '    if kernel is not None:\n',
        '    count = 1.0\n    for dim in grad.get("shape"):\n        count *= dim\n'
        '    if isinstance(count, float):\n        count = 1.0 / count\n'
        '    if kernel_name == "SAME":\n        count = 0.0\n    if kernel is not None:\n',
    ).replace("(tuple, list), (tuple, list), str)", "(tuple, list), (tuple, list, str), str)")
    kinds = {g["text"]: g["kinds"] for g in analyse_source(source, "pool_grad.py").to_json()["guards"]}
    assert kinds["isinstance(count, float)"] == ["shape"]
    assert kinds["kernel_name == 'SAME'"] == ["attr"]  # declared str by check_input_type


def test_a_dict_read_by_key_is_what_the_key_names_and_platform_queries_are_soc() -> None:
    source = POOL_GRAD.replace(
        '    if kernel is not None:\n',
        '    grad, kernel = _fill_unknown(grad, kernel, shape_k[0])\n'
        '    if kernel["ori_format"] == "NCHW":\n        k_h = shape_k[1]\n'
        '    room = tbe_platform.get_soc_spec("UB_SIZE") - k_h * 32\n'
        '    if room < 0:\n        return\n'
        '    if kernel is not None:\n',
    ).replace("from impl.util.platform_adapter import tbe\n", "from impl.util.platform_adapter import tbe\n"
              "from impl.util.platform_adapter import tbe_platform\n") + (
        "\n\ndef _fill_unknown(grad, kernel, channel):\n    return grad, kernel\n"
        "\n\ndef _generalize_only(grad, strides):\n    if strides[1] > 1:\n        return [grad]\n    return None\n")
    kinds = {g["text"]: g["kinds"] for g in analyse_source(source, "pool_grad.py").to_json()["guards"]}
    # kernel went through a helper with a shape-derived argument; its "ori_format" is still a format, not a shape.
    assert kinds["kernel['ori_format'] == 'NCHW'"] == ["format"]
    assert kinds["room < 0"] == ["shape", "soc"]
    # A function nothing of the op calls, with no DSL call: its branches are not the op's.
    assert "strides[1] > 1" not in kinds


def test_a_guard_calling_a_module_function_tests_what_that_function_tests() -> None:
    source = POOL_GRAD.replace(
        '    if kernel is not None:\n',
        '    if fits_l1(grad.get("shape")):\n        return\n'
        '    if not is_vector_core() and check_support_block_size_16():\n        return\n'
        '    if kernel is not None:\n',
    ).replace("from impl.util.platform_adapter import tbe\n", "from impl.util.platform_adapter import tbe\n"
              "from impl.util.platform_adapter import tbe_platform\n") + (
        "\n\ndef fits_l1(shape):\n    if tbe_platform.get_soc_spec('SHORT_SOC_VERSION') == 'Ascend910':\n"
        "        return shape in [[200000, 1]]\n    return False\n")
    kinds = {g["text"]: g["kinds"] for g in analyse_source(source, "pool_grad.py").to_json()["guards"]}
    assert kinds["fits_l1(grad.get('shape'))"] == ["shape", "soc"]
    assert kinds["not is_vector_core() and check_support_block_size_16()"] == ["soc"]
