# Fixture TBE operator for the scaffold's tests: an elementwise-classified operator whose compute reduces, which
# the scaffold does not translate (it must say so, line and call).
from impl.util.platform_adapter import tbe
from impl.util.platform_adapter import tvm
from impl.util.platform_adapter import shape_util
from impl.util.platform_adapter import classify
from impl.util.platform_adapter import OpPatternMode
from impl.util.platform_adapter import register_operator


def row_sum_compute(x, y, kernel_name="row_sum"):
    """exp then a sum over the last axis"""
    exp_x = tbe.vexp(x)
    return tbe.reduce_sum(exp_x, axis=[-1], keepdims=True)


@register_operator("RowSum")
def row_sum(x, y, kernel_name="row_sum"):
    """entry"""
    dtype = x.get("dtype").lower()
    ins = classify([x], OpPatternMode.ELEWISE)
    schedules, tensors = [], []
    for (_x,) in ins:
        with tbe.compute():
            shape_x = shape_util.variable_shape([_x])[0]
            data_x = tvm.placeholder(shape_x, name="data_x", dtype=dtype)
            res = row_sum_compute(data_x, y, kernel_name)
            tensors.append([data_x, res])
        with tvm.target.cce():
            schedule = tbe.auto_schedule(res)
        schedules.append(schedule)
    tbe.build(schedules, {"name": kernel_name, "tensor_list": tensors})
