"""
reduce_all (dynamic), a test fixture: all() over int8 as min(|x|) in fp16
"""
from ..util.platform_adapter import tbe
from ..util.platform_adapter import tvm
from ..util.platform_adapter import classify
from ..util.platform_adapter import OpPatternMode
from ..util.platform_adapter import shape_util
from ..util.platform_adapter import para_check
from ..util.platform_adapter import register_operator


def reduce_all_compute(x, axes, y, keepdims=None, kernel_name="reduce_all"):
    """a nonzero minimum of |x| means every element is true"""
    in_dtype = x.dtype
    as_half = tbe.cast_to(x, "float16")
    magnitude = tbe.vabs(as_half)
    smallest = tbe.reduce_min(magnitude, axis=axes, keepdims=keepdims)
    return tbe.cast_to(smallest, in_dtype)


@register_operator("ReduceAll")
@para_check.check_op_params(para_check.REQUIRED_INPUT, para_check.REQUIRED_INPUT, para_check.REQUIRED_OUTPUT,
                            para_check.OPTION_ATTR_BOOL, para_check.KERNEL_NAME)
def reduce_all(x, axes, y, keepdims=False, kernel_name="reduce_all"):
    """entry"""
    x_dtype = x["dtype"].lower()
    para_check.check_dtype(x_dtype, ("int8",), param_name="x")
    axes_dtype = axes["dtype"].lower()
    para_check.check_dtype(axes_dtype, ("int32", "int64"), param_name="axes")
    x["rel_pos_to_reduce"] = "before"
    axes["rel_pos_to_reduce"] = "axis"

    schedules, tensors = [], []
    for (one_x, one_axes) in classify([x, axes], OpPatternMode.REDUCE, {"keepdims": keepdims is True}):
        with tbe.compute():
            shape_x, shape_axes = shape_util.variable_shape([one_x, one_axes], op_mode="reduce")
            data_x = tvm.placeholder(shape_x, name="data_x", dtype=x_dtype)
            data_axes = tvm.placeholder(shape_axes, name="data_axes", dtype=axes_dtype)
            axis_list = shape_util.axis_check(len(shape_x), one_axes.get("value"))
            res = reduce_all_compute(data_x, axis_list, y, keepdims)
            tensors.append([data_x, data_axes, res])
        with tvm.target.cce():
            schedules.append(tbe.auto_schedule(res))
    tbe.build(schedules, {"name": kernel_name, "tensor_list": tensors})
