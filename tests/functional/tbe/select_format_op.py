"""
a DSL operator whose op-info leaves the dtypes to op_select_format: what it returns depends on the SoC (a DSL
capability and the SoC name) and, for the formats, on the shape
"""
from impl.util.platform_adapter import tbe
from impl.util.platform_adapter import tvm
from impl.util.platform_adapter import para_check
from impl.util.platform_adapter import shape_util
from impl.util.platform_adapter import classify
from impl.util.platform_adapter import OpPatternMode
from impl.util.platform_adapter import register_operator
from impl.util.platform_adapter import tbe_platform
from impl.util import util_select_op_base


def op_select_format(x, indices, y, kernel_name="pick_rows"):
    """float16 everywhere, float32 where vexp takes it, bfloat16 on Ascend910B; 5HD for 4D shapes"""
    dtypes = ["float16"]
    if tbe_platform.api_check_support("tbe.dsl.vexp", "float32"):
        dtypes.append("float")
    if tbe_platform.get_soc_spec("SHORT_SOC_VERSION") in ("Ascend910B",):
        dtypes.append("bfloat16")
    formats = ["ND"]
    if len(x.get("ori_shape")) == 4:
        formats.append("NC1HWC0")
    data_types, data_formats, index_types = [], [], []
    for dtype in dtypes:
        data_types.extend([dtype] * len(formats))
        index_types.extend(["int32"] * len(formats))
        data_formats.extend(formats)
    input0 = util_select_op_base.gen_param(classify="input0", name="x", datatype=",".join(data_types),
                                           format=",".join(data_formats))
    input1 = util_select_op_base.gen_param(classify="input1", name="indices", datatype=",".join(index_types),
                                           format=",".join(["ND"] * len(index_types)))
    output0 = util_select_op_base.gen_param(classify="output0", name="y", datatype=",".join(data_types),
                                            format=",".join(data_formats))
    return util_select_op_base.get_dynamic_param_in_json([input0, input1, output0])


@register_operator("PickRows")
@para_check.check_op_params(para_check.REQUIRED_INPUT, para_check.REQUIRED_INPUT, para_check.REQUIRED_OUTPUT,
                            para_check.KERNEL_NAME)
def pick_rows(x, indices, y, kernel_name="pick_rows"):
    """entry"""
    x_dtype = x.get("dtype").lower()
    para_check.check_dtype(x_dtype, ("float16", "float32", "bfloat16"), param_name="x")
    ins = classify([x], OpPatternMode.ELEWISE)
    schedules, tensors = [], []
    for (one_x,) in ins:
        with tbe.compute():
            shape = shape_util.variable_shape([one_x])[0]
            data = tvm.placeholder(shape, name="data", dtype=x_dtype)
            res = tbe.vexp(data)
            tensors.append([data, res])
        with tvm.target.cce():
            schedules.append(tbe.auto_schedule(res))
    tbe.build(schedules, {"name": kernel_name, "tensor_list": tensors})
