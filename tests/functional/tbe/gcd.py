"""
gcd (dynamic), a test fixture in the te.lang.cce spelling with a from-import of the DSL call
"""
import te.lang.cce as tbe
from te.lang.cce import vgcd
from impl.util.platform_adapter import tvm
from impl.util.platform_adapter import shape_util
from impl.util.platform_adapter import classify
from impl.util.platform_adapter import OpPatternMode
from impl.util.platform_adapter import para_check
from impl.util.platform_adapter import error_manager_vector
from impl.util.platform_adapter import register_operator
from impl.util.platform_adapter import register_operator_compute

GCD_DTYPES = ["int16", "int32", "int64"]


@register_operator_compute("Gcd", op_mode="dynamic", support_fusion=True)
def gcd_compute(x1, x2, y, kernel_name="gcd"):
    """broadcast both, then the element-wise gcd"""
    _, _, full_shape = shape_util.broadcast_shapes(x1.shape, x2.shape, param_name_input1="x1", param_name_input2="x2")
    return vgcd(tbe.broadcast(x1, full_shape), tbe.broadcast(x2, full_shape))


@register_operator("Gcd")
@para_check.check_op_params(para_check.REQUIRED_INPUT, para_check.REQUIRED_INPUT, para_check.REQUIRED_OUTPUT,
                            para_check.KERNEL_NAME)
def gcd(x1, x2, y, kernel_name="gcd"):
    """entry"""
    first = x1.get("dtype").lower()
    second = x2.get("dtype").lower()
    if first not in GCD_DTYPES or second not in GCD_DTYPES:
        error_manager_vector.raise_err_two_input_dtype_invalid(kernel_name, "x1", "x2", "int16, int32, int64 only")
    schedules, tensors = [], []
    for (a, b) in classify([x1, x2], OpPatternMode.ELEWISE_WITH_BROADCAST):
        with tbe.compute():
            shape_a, shape_b = shape_util.variable_shape([a, b])
            data_a = tvm.placeholder(shape_a, first, "data_a")
            data_b = tvm.placeholder(shape_b, second, "data_b")
            res = gcd_compute(data_a, data_b, y, kernel_name)
            tensors.append([data_a, data_b, res])
        with tvm.target.cce():
            schedules.append(tbe.auto_schedule(res))
    tbe.build(schedules, {"name": kernel_name, "tensor_list": tensors})
