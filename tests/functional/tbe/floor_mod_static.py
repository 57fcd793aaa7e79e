"""
floor_mod (static shape), a test fixture written in the legacy te.lang.cce idioms
"""
import te.lang.cce as cce_dsl
from te import tvm
from te.platform.fusion_manager import fusion_manager
from te.utils import para_check
from te.utils import shape_util
from tbe.dsl.api import auto_schedule
from tbe.dsl.api import build


FP32_SPLIT = 1 << 24


# the static kernel declares the compute under the snake_case op name
@fusion_manager.register("floor_mod")
def floor_mod_compute(x1, x2, y, kernel_name="floor_mod", impl_mode="high_performance"):
    """static compute"""
    dtype = x1.dtype
    shape_x = shape_util.shape_to_list(x1.shape)
    shape_y = shape_util.shape_to_list(x2.shape)
    shape_x, shape_y, shape = shape_util.broadcast_shapes(shape_x, shape_y, param_name_input1="x1",
                                                         param_name_input2="x2")

    def _mod(left, right):
        left = cce_dsl.broadcast(cce_dsl.cast_to(left, "float32"), shape)
        right = cce_dsl.broadcast(cce_dsl.cast_to(right, "float32"), shape)
        quot = cce_dsl.floor(cce_dsl.vdiv(left, right))
        rem = cce_dsl.vsub(left, cce_dsl.vmul(cce_dsl.cast_to(quot, "float32"), right))
        return quot, cce_dsl.cast_to(rem, dtype)

    if impl_mode == "high_performance":
        _, res = _mod(x1, x2)
    else:
        split = cce_dsl.broadcast(FP32_SPLIT, shape)
        quot_hi, rem_lo = _mod(x1, split)
        _, split_rem = _mod(split, x2)
        _, res = _mod(cce_dsl.vadd(cce_dsl.vmul(quot_hi, split_rem), rem_lo), x2)
    return res


@para_check.check_op_params(para_check.REQUIRED_INPUT, para_check.REQUIRED_INPUT,
                            para_check.REQUIRED_OUTPUT, para_check.KERNEL_NAME)
def floor_mod(x1, x2, y, kernel_name="floor_mod", impl_mode="high_performance"):
    """static entry"""
    shape_x = x1.get("shape")
    shape_y = x2.get("shape")
    dtype_x = x1.get("dtype").lower()
    dtype_y = x2.get("dtype").lower()
    para_check.check_shape(shape_x, param_name="x1")
    para_check.check_shape(shape_y, param_name="x2")
    check_tuple = ("float16", "float32", "int32")
    para_check.check_dtype(dtype_x, check_tuple, param_name="x1")
    para_check.check_dtype(dtype_y, check_tuple, param_name="x2")

    shape_x, shape_y, _ = shape_util.broadcast_shapes(shape_x, shape_y, param_name_input1="x1",
                                                      param_name_input2="x2")
    shape_x, shape_y = shape_util.refine_shapes_for_broadcast(shape_x, shape_y)
    data_x = tvm.placeholder(shape_x, name="data_x", dtype=dtype_x)
    data_y = tvm.placeholder(shape_y, name="data_y", dtype=dtype_y)
    res = floor_mod_compute(data_x, data_y, y, kernel_name, impl_mode)
    with tvm.target.cce():
        sch = auto_schedule(res)
    build(sch, {"name": kernel_name, "tensor_list": [data_x, data_y, res]})
