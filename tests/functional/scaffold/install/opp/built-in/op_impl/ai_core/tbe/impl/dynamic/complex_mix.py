# Fixture TBE operator for the scaffold's tests: complex arithmetic on (real, imaginary) pairs, with broadcast.
# complex64: y = complex(real((x1 * x2) * 0.5), real(x1)); complex32: the same with x1 + x2 for the product (a
# complex32 product's intermediate precision is not in the install).
from impl.util.platform_adapter import tbe
from impl.util.platform_adapter import tvm
from impl.util.platform_adapter import shape_util
from impl.util.platform_adapter import para_check
from impl.util.platform_adapter import classify
from impl.util.platform_adapter import OpPatternMode
from impl.util.platform_adapter import register_operator
from impl.util.platform_adapter import register_operator_compute


@register_operator_compute("ComplexMix", op_mode="dynamic", support_fusion=False)
def complex_mix_compute(x1, x2, y, kernel_name="complex_mix"):
    """the compute of one classify case"""
    _, _, shape = shape_util.broadcast_shapes(x1.shape, x2.shape, param_name_input1="x1", param_name_input2="x2")
    x1 = tbe.broadcast(x1, shape)
    x2 = tbe.broadcast(x2, shape)
    if x1.dtype == "complex64":
        mixed = tbe.vmul(x1, x2)
        half = tvm.const(0.5, "float32")
    else:
        mixed = tbe.vadd(x1, x2)
        half = tvm.const(0.5, "float16")
    scaled = tbe.vmuls(mixed, half)
    return tbe.complex(tbe.real(scaled), tbe.real(x1))


@register_operator("ComplexMix")
@para_check.check_op_params(para_check.REQUIRED_INPUT, para_check.REQUIRED_INPUT, para_check.REQUIRED_OUTPUT,
                            para_check.KERNEL_NAME)
def complex_mix(x1, x2, y, kernel_name="complex_mix"):
    """entry: dtype check, classify, placeholders, build"""
    dtype = x1.get("dtype").lower()
    para_check.check_dtype(dtype, ("complex32", "complex64"), param_name="x1")
    ins = classify([x1, x2], OpPatternMode.ELEWISE_WITH_BROADCAST)
    schedules, tensors = [], []
    for (_x1, _x2) in ins:
        with tbe.compute():
            shape_x1, shape_x2 = shape_util.variable_shape([_x1, _x2])
            data_x1 = tvm.placeholder(shape_x1, name="data_x1", dtype=dtype)
            data_x2 = tvm.placeholder(shape_x2, name="data_x2", dtype=dtype)
            res = complex_mix_compute(data_x1, data_x2, y, kernel_name)
            tensors.append([data_x1, data_x2, res])
        with tvm.target.cce():
            schedule = tbe.auto_schedule(res)
        schedules.append(schedule)
    tbe.build(schedules, {"name": kernel_name, "tensor_list": tensors})
