# Fixture TBE operator for the scaffold's tests: y = x / (1 + |x|), dtypes from op_select_format, which lists
# bfloat16 only for mode "wide" (an attribute the compute ignores).
from impl.util.platform_adapter import tbe
from impl.util.platform_adapter import tbe_platform
from impl.util.platform_adapter import tvm
from impl.util.platform_adapter import shape_util
from impl.util.platform_adapter import classify
from impl.util.platform_adapter import OpPatternMode
from impl.util.platform_adapter import register_operator
from impl.util import util_select_op_base


def op_select_format(x, y, mode="plain", kernel_name="soft_sign"):
    """ND only; float32 where the SoC divides float32; bfloat16 for mode "wide" only"""
    dtypes = ["float16"]
    if tbe_platform.api_check_support("tbe.dsl.vdiv", "float32"):
        dtypes.append("float32")
    if mode == "wide":
        dtypes.append("bfloat16")
    shape = x.get("ori_shape")
    formats = ["ND"] * len(dtypes)
    if len(shape) == 5 and x.get("ori_format") == "NDHWC":
        formats = ["NDC1HWC0"] * len(dtypes)
    input0 = util_select_op_base.gen_param(classify="input0", name="x", datatype=",".join(dtypes),
                                           format=",".join(formats), unknownshape_format=",".join(formats))
    output0 = util_select_op_base.gen_param(classify="output0", name="y", datatype=",".join(dtypes),
                                            format=",".join(formats), unknownshape_format=",".join(formats))
    return util_select_op_base.get_dynamic_param_in_json([input0, output0])


def soft_sign_compute(x, y, kernel_name="soft_sign"):
    """x / (1 + |x|)"""
    denominator = tbe.vadds(tbe.vabs(x), tvm.const(1.0, x.dtype))
    return tbe.vdiv(x, denominator)


@register_operator("SoftSign")
def soft_sign(x, y, mode="plain", kernel_name="soft_sign"):
    """entry"""
    dtype = x.get("dtype").lower()
    ins = classify([x], OpPatternMode.ELEWISE)
    schedules, tensors = [], []
    for (_x,) in ins:
        with tbe.compute():
            shape_x = shape_util.variable_shape([_x])[0]
            data_x = tvm.placeholder(shape_x, name="data_x", dtype=dtype)
            res = soft_sign_compute(data_x, y, kernel_name)
            tensors.append([data_x, res])
        with tvm.target.cce():
            schedule = tbe.auto_schedule(res)
        schedules.append(schedule)
    tbe.build(schedules, {"name": kernel_name, "tensor_list": tensors})
