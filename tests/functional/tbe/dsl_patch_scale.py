"""
a DSL operator whose entry comes after a fusion compute carrying decorators of its own, with its classify mode in a
variable, a DSL call imported from a compute module, a raw tvm.compute body, a helper class of another module,
a dtype equality that holds only for some dtypes and check_supported reasons set per branch
"""
from impl.util.platform_adapter import tbe
from impl.util.platform_adapter import tvm
from impl.util.platform_adapter import para_check
from impl.util.platform_adapter import shape_util
from impl.util.platform_adapter import classify
from impl.util.platform_adapter import register_operator
from impl.util.platform_adapter import register_operator_compute
from impl.util.platform_adapter import error_manager_vector
from impl.util.util_cube_dynamic import PatchParaProcess
from tbe.dsl.compute.conv_compute import conv


def check_supported(x, weight, bias, y, strides, kernel_name="patch_scale"):
    """float64 and odd strides go to AI CPU"""
    reason = "supported"
    if x.get("dtype").lower() == "float64":
        reason = "float64 has no AI Core kernel"
        return False, reason
    if len(strides) != 2:
        reason = "strides must hold two values"
        return False, reason
    return True, reason


def _scaled(data, weight_tensor):
    """a body written out in tvm"""
    return tvm.compute(data.shape, lambda *i: data(*i) * weight_tensor(*i), name="scaled")


@register_operator_compute("PatchScale", op_mode="dynamic", support_fusion=True)
@para_check.check_input_type(dict, dict, (type(None), dict), dict, (tuple, list), str)
def patch_scale_fusion_compute(x, weight, bias, y, strides, kernel_name="patch_scale"):
    """fusion entry: tensors come in, the cube call does the work"""
    para = PatchParaProcess({"x": x, "weight": weight, "strides": strides})
    para.config_paras()
    res = conv(para.tensors.get("x"), para.tensors.get("weight"), strides)
    if bias is not None:
        res = tbe.vadd(res, para.tensors.get("bias"))
    return _scaled(res, para.tensors.get("weight"))


@register_operator("PatchScale")
@para_check.check_op_params(para_check.REQUIRED_INPUT, para_check.REQUIRED_INPUT, para_check.OPTION_INPUT,
                            para_check.REQUIRED_OUTPUT, para_check.REQUIRED_ATTR_LIST_INT, para_check.KERNEL_NAME)
def patch_scale(x, weight, bias, y, strides, kernel_name="patch_scale"):
    """entry"""
    x_dtype = x.get("dtype").lower()
    weight_dtype = weight.get("dtype").lower()
    para_check.check_dtype(x_dtype, ("float16", "float32", "int8"), param_name="x")
    if weight_dtype not in ("bool", "int8"):
        if x_dtype != weight_dtype:
            error_manager_vector.raise_err_inputs_dtype_not_equal(kernel_name, "x", "weight", x_dtype, weight_dtype)
    op_mode = "broadcast"
    extra_params = {"disable_optimization": True}
    ins = classify([x, weight], op_mode, extra_params)
    schedules, tensors = [], []
    for (one_x, one_weight) in ins:
        with tbe.compute():
            shape_x, shape_weight = shape_util.variable_shape([one_x, one_weight])
            data_x = tvm.placeholder(shape_x, name="data_x", dtype=x_dtype)
            data_weight = tvm.placeholder(shape_weight, name="data_weight", dtype=weight_dtype)
            res = _scaled(data_x, data_weight)
            tensors.append([data_x, data_weight, res])
        with tvm.target.cce():
            schedules.append(tbe.auto_schedule(res))
    tbe.build(schedules, {"name": kernel_name, "tensor_list": tensors})
