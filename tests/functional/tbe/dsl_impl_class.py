"""
a DSL operator fixture that computes through a local Impl class and sets one flag in two places
"""
from impl.util.platform_adapter import tbe
from impl.util.platform_adapter import tvm
from impl.util.platform_adapter import tbe_platform
from impl.util.platform_adapter import para_check
from impl.util.platform_adapter import shape_util
from impl.util.platform_adapter import classify
from impl.util.platform_adapter import OpPatternMode
from impl.util.platform_adapter import register_operator
from impl.util.util_attr_common import get_attr_by_cls
from impl.util.conv_base import ConvImplBase


class ShrinkImpl(ConvImplBase):
    """x beyond +-lambd moves towards 0 by lambd"""

    def __init__(self, x, lambd, impl_mode):
        self.x = x
        self.lambd = lambd
        self.impl_mode = impl_mode

    def do_compute(self, data):
        need_cast = False
        ori_dtype = data.dtype
        if ori_dtype == "float16" and self.impl_mode == "high_precision":
            need_cast = True
            data = tbe.cast_to(data, "float32")
        elif ori_dtype == "float32" and not tbe_platform.api_check_support("tbe.dsl.vcmpsel", "float32"):
            need_cast = True
            data = tbe.cast_to(data, "float16")
        lambd = get_attr_by_cls(self.lambd, "lambd", data.dtype)
        res = tbe.vcmpsel(tbe.vabs(data), lambd, "gt", tbe.vsub(data, tbe.broadcast(lambd, data.shape)), 0.0)
        if need_cast and self.lambd is not None:
            res = tbe.cast_to(res, ori_dtype)
        return res

    def do_schedule(self, res):
        with tvm.target.cce():
            return tbe.auto_schedule(res)


@register_operator("SoftShrinkish")
@para_check.check_op_params(para_check.REQUIRED_INPUT, para_check.REQUIRED_OUTPUT, para_check.OPTION_ATTR_FLOAT,
                            para_check.KERNEL_NAME)
def soft_shrinkish(input_x, output_y, lambd=0.5, kernel_name="soft_shrinkish", impl_mode="high_performance"):
    """entry"""
    dtype = input_x.get("dtype").lower()
    para_check.check_dtype(dtype, ("float16", "float32"), param_name="input_x")
    if "const_value" in input_x.keys():
        lambd = input_x.get("const_value")[0]
    impl = ShrinkImpl(input_x, lambd, impl_mode)
    schedules, tensors = [], []
    for (one_x,) in classify([input_x], OpPatternMode.ELEWISE):
        with tbe.compute():
            shape = shape_util.variable_shape([one_x])[0]
            data = tvm.placeholder(shape, name="data", dtype=dtype)
            res = impl.do_compute(data)
            impl.check_shapes(res)
            tensors.append([data, res])
        schedules.append(impl.do_schedule(res))
    tbe.build(schedules, {"name": kernel_name, "tensor_list": tensors})
