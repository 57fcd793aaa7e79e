# Fixture TBE operator for the scaffold's tests: y = x1 (a column) * x2 (a row) * 2, an outer product whose inputs are
# read in shapes rewritten before classify (x1 as x1 + [1], x2 as [1] + x2): the output is the broadcast of those.
from impl.util.platform_adapter import tbe
from impl.util.platform_adapter import tvm
from impl.util.platform_adapter import shape_util
from impl.util.platform_adapter import para_check
from impl.util.platform_adapter import classify
from impl.util.platform_adapter import OpPatternMode
from impl.util.platform_adapter import register_operator
from impl.util.platform_adapter import register_operator_compute


@register_operator_compute("OuterScale", op_mode="dynamic", support_fusion=False)
def outer_scale_compute(x1, x2, y, kernel_name="outer_scale"):
    """the compute of one classify case"""
    _, _, shape = shape_util.broadcast_shapes(x1.shape, x2.shape, param_name_input1="x1", param_name_input2="x2")
    column = tbe.broadcast(x1, shape)
    row = tbe.broadcast(x2, shape)
    product = tbe.vmul(column, row)
    return tbe.vmuls(product, tvm.const(2.0, x1.dtype))


@register_operator("OuterScale")
@para_check.check_op_params(para_check.REQUIRED_INPUT, para_check.REQUIRED_INPUT, para_check.REQUIRED_OUTPUT,
                            para_check.KERNEL_NAME)
def outer_scale(x1, x2, y, kernel_name="outer_scale"):
    """entry: dtype check, the column and row shapes, classify, placeholders, build"""
    dtype = x1.get("dtype").lower()
    para_check.check_dtype(dtype, ("float16", "float32"), param_name="x1")
    shape_x1 = list(x1.get("shape"))
    shape_x2 = list(x2.get("shape"))
    range_x1 = list(x1.get("range"))
    range_x2 = list(x2.get("range"))
    x1["shape"] = shape_x1 + [1]
    x2["shape"] = [1] + shape_x2
    x1["range"] = range_x1 + [(1, 1)]
    x2["range"] = [(1, 1)] + range_x2
    ins = classify([x1, x2], OpPatternMode.ELEWISE_WITH_BROADCAST)
    schedules, tensors = [], []
    for (_x1, _x2) in ins:
        with tbe.compute():
            shape_x1, shape_x2 = shape_util.variable_shape([_x1, _x2])
            data_x1 = tvm.placeholder(shape_x1, name="data_x1", dtype=dtype)
            data_x2 = tvm.placeholder(shape_x2, name="data_x2", dtype=dtype)
            res = outer_scale_compute(data_x1, data_x2, y, kernel_name)
            tensors.append([data_x1, data_x2, res])
        with tvm.target.cce():
            schedule = tbe.auto_schedule(res)
        schedules.append(schedule)
    tbe.build(schedules, {"name": kernel_name, "tensor_list": tensors})
