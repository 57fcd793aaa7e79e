# Fixture TBE operator for the scaffold's tests: y = (x1 - x2) * 2 / (element count of x1's shape) for float32, the
# mean-reduction idiom of the loss gradients (the count taken over the shape in a loop, a tvm.const of its inverse in
# a static build, a tbe.var set by the C++ tiling in a dynamic one), plus 1 / (d - 1), 0 for d == 1, where d is the
# output's second-to-last dimension (third-to-last in NC1HWC0): the static-versus-dynamic idiom of
# BNTrainingReduceGrad and INTrainingUpdateV2 (is_unknown: tbe.var, else a tvm.const of the known shape's dims, by
# format; in NC1HWC0 x2 is read as [1, C1, 1, 1, C0] of x1's dims); y = powi(x1, x2) for int32.
import math

from impl.util import util_common

from impl.util.platform_adapter import tbe
from impl.util.platform_adapter import tbe_platform
from impl.util.platform_adapter import tvm
from impl.util.platform_adapter import shape_util
from impl.util.platform_adapter import para_check
from impl.util.platform_adapter import classify
from impl.util.platform_adapter import OpPatternMode
from impl.util.platform_adapter import register_operator
from impl.util.platform_adapter import register_operator_compute


def get_cof(shape, dtype):
    """2 / the element count of shape"""
    count = 1.0
    for dim in shape:
        if isinstance(dim, tvm.tir.IntImm):
            count *= dim.value
        else:
            count *= dim
    if isinstance(count, float):
        cof = 2.0 if math.isclose(count, 0.0) else count ** (-1) * 2.0
        return tvm.const(cof, dtype=dtype)
    return tbe.var("cof", dtype=dtype)


@register_operator_compute("MeanPow", op_mode="dynamic", support_fusion=True)
def mean_pow_compute(x1, x2, y, kernel_name="mean_pow"):
    """the compute of one classify case"""
    dtype = x1.dtype
    x1_shape = shape_util.shape_to_list(x1.shape)
    x1_shape, _, shape = shape_util.broadcast_shapes(x1_shape, x2.shape, param_name_input1="x1",
                                                     param_name_input2="x2")
    x1 = tbe.broadcast(x1, shape)
    x2 = tbe.broadcast(x2, shape)
    if dtype == "int32" and tbe_platform.api_check_support("tbe.dsl.powi", "int32"):
        return tbe.powi(x1, x2)
    if not util_common.is_unknown([y]):
        rows = y.get("shape")[-3 if y.get("format") == "NC1HWC0" else -2]
        if rows == 1:
            inverse = 0.0
        else:
            inverse = 1.0 / (rows - 1)
        rows = tvm.const(inverse, dtype=dtype)
    else:
        rows = tbe.var("rows", dtype=dtype)
    return tbe.vadds(tbe.vmuls(tbe.vsub(x1, x2), get_cof(x1_shape, dtype)), rows)


@register_operator("MeanPow")
@para_check.check_op_params(para_check.REQUIRED_INPUT, para_check.REQUIRED_INPUT, para_check.REQUIRED_OUTPUT,
                            para_check.KERNEL_NAME)
def mean_pow(x1, x2, y, kernel_name="mean_pow"):
    """entry: dtype checks, classify, placeholders, build"""
    dtype_x1 = x1.get("dtype").lower()
    dtype_x2 = x2.get("dtype").lower()
    para_check.check_dtype(dtype_x1, ("float32", "int32"), param_name="x1")
    para_check.check_dtype(dtype_x2, ("float32", "int32"), param_name="x2")
    if not util_common.is_unknown([x1]) and x1.get("format") == "NC1HWC0":
        # x2 is a per-channel vector: read it as [1, C1, 1, 1, C0] of x1 (BNTrainingReduceGrad's NCHW idiom)
        x2["shape"] = [1, x1.get("shape")[1], 1, 1, x1.get("shape")[4]]
    ins = classify([x1, x2], OpPatternMode.ELEWISE_WITH_BROADCAST)
    schedules, tensors = [], []
    for (_x1, _x2) in ins:
        with tbe.compute():
            shape_x1, shape_x2 = shape_util.variable_shape([_x1, _x2])
            data_x1 = tvm.placeholder(shape_x1, name="data_x1", dtype=dtype_x1)
            data_x2 = tvm.placeholder(shape_x2, name="data_x2", dtype=dtype_x2)
            res = mean_pow_compute(data_x1, data_x2, y, kernel_name)
            tensors.append([data_x1, data_x2, res])
        with tvm.target.cce():
            schedule = tbe.auto_schedule(res)
        schedules.append(schedule)
    tbe.build(schedules, {"name": kernel_name, "tensor_list": tensors})
