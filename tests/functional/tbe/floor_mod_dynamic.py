"""
floor_mod (dynamic shape), a test fixture written in the idioms of the operator tree
"""
from impl.util.platform_adapter import tbe
from impl.util.platform_adapter import tbe_platform
from impl.util.platform_adapter import tvm
from impl.util.platform_adapter import classify
from impl.util.platform_adapter import OpPatternMode
from impl.util.platform_adapter import shape_util
from impl.util.platform_adapter import para_check
from impl.util.platform_adapter import register_operator
from impl.util.platform_adapter import register_operator_compute
from impl.util.platform_adapter import error_manager_vector
from impl.util.platform_adapter import tbe_context


class Constant:
    """constants of the op"""
    SPLIT_BASE = 2 ** 24


def check_supported(x1, x2, y, kernel_name="floor_mod", impl_mode="high_performance"):
    """fp32 in high precision goes to the AI CPU kernel"""
    input_dtype = x1.get("dtype").lower()
    mode = tbe_context.op_context.get_context().get_addition("op_impl_mode_dict").get("FloorMod")
    if input_dtype == "float32" and mode == "high_precision":
        return False, "float32 with high_precision runs on aicpu"
    return True, ""


@register_operator_compute("FloorMod", op_mode="dynamic", support_fusion=True)
def floor_mod_compute(x1, x2, y, kernel_name="floor_mod", impl_mode="high_performance"):
    """res = x1 - floor(x1 / x2) * x2"""
    dtype = x1.dtype
    _, _, out_shape = shape_util.broadcast_shapes(x1.shape, x2.shape, param_name_input1="x1", param_name_input2="x2")

    if dtype == "int64":
        lhs = tbe.broadcast(x1, out_shape)
        rhs = tbe.broadcast(x2, out_shape)
        return tbe.vmod(lhs, rhs)

    def _remainder(dividend, divisor):
        use_fp32 = False
        if tbe_platform.api_check_support("tbe.dsl.vdiv", "float32"):
            dividend = tbe.cast_to(dividend, "float32")
            divisor = tbe.cast_to(divisor, "float32")
            use_fp32 = True
        dividend = tbe.broadcast(dividend, out_shape)
        divisor = tbe.broadcast(divisor, out_shape)
        quotient = tbe.floor(tbe.vdiv(dividend, divisor))
        if use_fp32:
            quotient = tbe.cast_to(quotient, "float32")
        product = tbe.vmul(quotient, divisor)
        remainder = tbe.vsub(dividend, product)
        return quotient, tbe.cast_to(remainder, dtype)

    if impl_mode == "high_performance" or dtype in ("float16", "float32"):
        _, res = _remainder(x1, x2)
        if tbe_platform.get_soc_spec("SHORT_SOC_VERSION") in ("Ascend910B", "Ascend910_93") and dtype != "int32":
            inf_tensor = tbe.broadcast(tvm.const(float("inf"), dtype), out_shape)
            zero_tensor = tbe.broadcast(tvm.const(0.0, dtype), out_shape)
            divisor_b = tbe.broadcast(x2, out_shape)
            divisor_is_inf = tbe.vcmp(tbe.vabs(divisor_b), inf_tensor, "eq", "bit")
            res = tbe.vsel(divisor_is_inf, tbe.broadcast(x1, out_shape), res)
            sign_gap = tbe.vsub(tbe.vsignbit(divisor_b), tbe.vsignbit(res))
            needs_fix = tbe.vcmp(tbe.vmul(tbe.vcmp(res, zero_tensor, "ne", "bit"), sign_gap), zero_tensor, "ne", "bit")
            res = tbe.vsel(needs_fix, tbe.vadd(res, divisor_b), res)
    else:
        # int32 values above 2^24 lose bits in fp32: split the dividend around 2^24 first.
        base = tbe.broadcast(Constant.SPLIT_BASE, out_shape)
        high, low = _remainder(x1, base)
        _, base_rem = _remainder(base, x2)
        res = tbe.vadd(tbe.vmul(high, base_rem), low)
        _, res = _remainder(res, x2)
    return res


@register_operator("FloorMod")
@para_check.check_op_params(para_check.REQUIRED_INPUT, para_check.REQUIRED_INPUT, para_check.REQUIRED_OUTPUT,
                            para_check.KERNEL_NAME)
def floor_mod(x1, x2, y, kernel_name="floor_mod", impl_mode="high_performance"):
    """floor_mod entry"""
    x1_dtype = x1.get("dtype").lower()
    x2_dtype = x2.get("dtype").lower()
    supported = ["float16", "float32", "int32", "bfloat16"]
    if tbe_platform.api_check_support("tbe.dsl.vmod", "int64"):
        supported.append("int64")
    para_check.check_dtype(x1_dtype, supported, param_name="x1")
    para_check.check_dtype(x2_dtype, supported, param_name="x2")
    if x1_dtype != x2_dtype:
        error_manager_vector.raise_err_inputs_dtype_not_equal(kernel_name, "x1", "x2", x1_dtype, x2_dtype)

    schedules, tensors = [], []
    for (case_x1, case_x2) in classify([x1, x2], OpPatternMode.ELEWISE_WITH_BROADCAST):
        with tbe.compute():
            shape_a, shape_b = shape_util.variable_shape([case_x1, case_x2])
            data_a = tvm.placeholder(shape_a, name="data_a", dtype=x1_dtype)
            data_b = tvm.placeholder(shape_b, name="data_b", dtype=x2_dtype)
            res = floor_mod_compute(data_a, data_b, y, kernel_name, impl_mode)
            tensors.append([data_a, data_b, res])
        with tvm.target.cce():
            schedules.append(tbe.auto_schedule(res))
    tbe.build(schedules, {"name": kernel_name, "tensor_list": tensors})
