# Fixture TBE operator for the scaffold's tests: y = |(x1 - x2) * alpha| for floats, with broadcast; the float path
# goes through a helper of impl/util. int32: x1 - x2 where the broadcast shapes differ in an axis before the last,
# else x2 - x1 (Axpy's idiom: a loop over the rank chooses the computation; a static build decides it per shape).
from impl.util.platform_adapter import tbe
from impl.util.platform_adapter import tvm
from impl.util.platform_adapter import shape_util
from impl.util.platform_adapter import para_check
from impl.util.platform_adapter import classify
from impl.util.platform_adapter import OpPatternMode
from impl.util.platform_adapter import register_operator
from impl.util.platform_adapter import register_operator_compute
from impl.util.platform_adapter import error_manager_vector
from impl.util.util_fixture import scaled_abs


@register_operator_compute("ScaledDiff", op_mode="dynamic", support_fusion=True)
def scaled_diff_compute(x1, x2, y, alpha=1.0, kernel_name="scaled_diff"):
    """the compute of one classify case"""
    dtype = x1.dtype
    shape_x1, shape_x2, shape = shape_util.broadcast_shapes(x1.shape, x2.shape, param_name_input1="x1",
                                                            param_name_input2="x2")
    x1 = tbe.broadcast(x1, shape)
    x2 = tbe.broadcast(x2, shape)
    if dtype == "int32":
        before_last = 0
        for i in range(len(shape_x1) - 1):
            if shape_x1[i] != shape_x2[i]:
                before_last = 1
                break
        if before_last:
            return tbe.vsub(x1, x2)
        return tbe.vsub(x2, x1)
    diff = tbe.vsub(x1, x2)
    return scaled_abs(diff, alpha)


@register_operator("ScaledDiff")
@para_check.check_op_params(para_check.REQUIRED_INPUT, para_check.REQUIRED_INPUT, para_check.REQUIRED_OUTPUT,
                            para_check.OPTION_ATTR_FLOAT, para_check.KERNEL_NAME)
def scaled_diff(x1, x2, y, alpha=1.0, kernel_name="scaled_diff"):
    """entry: dtype checks, classify, placeholders, build"""
    dtype_x1 = x1.get("dtype").lower()
    dtype_x2 = x2.get("dtype").lower()
    para_check.check_dtype(dtype_x1, ("float16", "float32", "int32"), param_name="x1")
    if dtype_x1 != dtype_x2:
        error_manager_vector.raise_err_inputs_dtype_not_equal(kernel_name, "x1", "x2", dtype_x1, dtype_x2)
    # the rank of a shape (static path): a host select, and a rank check assumed to pass
    scale = alpha
    if len(x1.get("shape")) == 1:
        scale = alpha * 2
    if len(x1.get("shape")) > 8:
        error_manager_vector.raise_err_input_shape_invalid(kernel_name, "x1", "rank above 8")
    ins = classify([x1, x2], OpPatternMode.ELEWISE_WITH_BROADCAST)
    schedules, tensors = [], []
    for (_x1, _x2) in ins:
        with tbe.compute():
            shape_x1, shape_x2 = shape_util.variable_shape([_x1, _x2])
            data_x1 = tvm.placeholder(shape_x1, name="data_x1", dtype=dtype_x1)
            data_x2 = tvm.placeholder(shape_x2, name="data_x2", dtype=dtype_x2)
            res = scaled_diff_compute(data_x1, data_x2, y, scale, kernel_name)
            tensors.append([data_x1, data_x2, res])
        with tvm.target.cce():
            schedule = tbe.auto_schedule(res)
        schedules.append(schedule)
    tbe.build(schedules, {"name": kernel_name, "tensor_list": tensors})
