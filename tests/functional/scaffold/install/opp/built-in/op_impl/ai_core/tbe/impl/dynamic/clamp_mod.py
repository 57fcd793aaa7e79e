# Fixture TBE operator for the scaffold's tests: z = x mod y (floor-mod), and with the bool attribute clamp the
# float result is clamped to [0, 4], then divided by the float attribute scale unless 1 / scale is close to 1 (a
# branch on a number computed from an attribute); the string attribute mode "abs" takes its absolute value;
# int64 goes through vmod's own integer path.
import math

import te.lang.cce as tbe
from tbe import tvm
from impl.util.platform_adapter import shape_util
from impl.util.platform_adapter import para_check
from impl.util.platform_adapter import classify
from impl.util.platform_adapter import OpPatternMode
from impl.util.platform_adapter import register_operator


def clamp_mod_compute(x, y, z, clamp=True, scale=1.0, mode="plain", kernel_name="clamp_mod"):
    """floor-mod, then the optional clamp by compare and select"""
    _, _, shape = shape_util.broadcast_shapes(x.shape, y.shape)
    x = tbe.broadcast(x, shape)
    y = tbe.broadcast(y, shape)
    res = tbe.vmod(x, y)
    if x.dtype == "int64":
        return res
    if clamp:
        high = tbe.broadcast(tvm.const(4.0, "float32"), shape)
        over = tbe.vcmp(res, high, "gt", "bit")
        res = tbe.vsel(over, high, res)
        res = tbe.vmaxs(res, tvm.const(0, "float32"))
    inverse = 1.0 / scale
    if not math.isclose(inverse, 1.0, rel_tol=1e-6):
        res = tbe.vmuls(res, tvm.const(inverse, "float32"))
    if mode.lower() == "abs":
        res = tbe.vabs(res)
    return res


@register_operator("ClampMod")
@para_check.check_op_params(para_check.REQUIRED_INPUT, para_check.REQUIRED_INPUT, para_check.REQUIRED_OUTPUT,
                            para_check.OPTION_ATTR_BOOL, para_check.OPTION_ATTR_FLOAT, para_check.OPTION_ATTR_STR,
                            para_check.KERNEL_NAME)
def clamp_mod(x, y, z, clamp=True, scale=1.0, mode="plain", kernel_name="clamp_mod"):
    """entry"""
    dtype = x.get("dtype").lower()
    para_check.check_dtype(dtype, ("float32", "int64"), param_name="x")
    ins = classify([x, y], OpPatternMode.ELEWISE_WITH_BROADCAST)
    schedules, tensors = [], []
    for (_x, _y) in ins:
        with tbe.compute():
            shape_x, shape_y = shape_util.variable_shape([_x, _y])
            data_x = tvm.placeholder(shape_x, name="data_x", dtype=dtype)
            data_y = tvm.placeholder(shape_y, name="data_y", dtype=dtype)
            res = clamp_mod_compute(data_x, data_y, z, clamp, scale, mode, kernel_name)
            tensors.append([data_x, data_y, res])
        with tvm.target.cce():
            schedule = tbe.auto_schedule(res)
        schedules.append(schedule)
    tbe.build(schedules, {"name": kernel_name, "tensor_list": tensors})
