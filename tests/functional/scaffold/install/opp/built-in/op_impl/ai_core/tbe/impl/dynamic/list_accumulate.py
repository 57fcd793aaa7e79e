# Fixture TBE operator for the scaffold's tests: y = x[0] + x[1] + ... over a tensor list (a DYNAMIC input), float16
# summed in float32 where the SoC has float32 vmuls, one element alone added to a zero scalar, N the list's length.
from impl.util.platform_adapter import tbe
from impl.util.platform_adapter import tbe_platform
from impl.util.platform_adapter import tvm
from impl.util.platform_adapter import para_check
from impl.util.platform_adapter import shape_util
from impl.util.platform_adapter import classify
from impl.util.platform_adapter import OpPatternMode
from impl.util.platform_adapter import register_operator
from impl.util.platform_adapter import error_manager_vector


def list_accumulate_compute(datas, y, num, kernel_name="list_accumulate"):
    """the elements summed in order, float16 in float32"""
    dtype = datas[0].dtype
    widen = dtype == "float16" and tbe_platform.api_check_support("tbe.dsl.vmuls", "float32")
    if len(datas) == 1:
        first = tbe.cast_to(datas[0], "float32") if widen else datas[0]
        res = tbe.vadds(first, tvm.const(0, first.dtype))
    else:
        res = None
        for i, data in enumerate(datas):
            data = tbe.cast_to(data, "float32") if widen else data
            res = data if i == 0 else tbe.vadd(res, data)
    if widen:
        res = tbe.cast_to(res, "float16")
    return res


@register_operator("ListAccumulate")
@para_check.check_op_params(para_check.DYNAMIC_INPUT, para_check.REQUIRED_OUTPUT, para_check.REQUIRED_ATTR_INT,
                            para_check.KERNEL_NAME)
def list_accumulate(x, y, N, kernel_name="list_accumulate"):
    """entry"""
    num = len(x) if N is None else N
    if len(x) != num:
        error_manager_vector.raise_err_specific_reson("list_accumulate", "N is not the number of inputs")
    dtype = x[0].get("dtype").lower()
    ins = classify(x, OpPatternMode.ELEWISE)
    schedules, tensors = [], []
    for inputs in ins:
        with tbe.compute():
            shapes = shape_util.variable_shape(inputs)
            datas = []
            for index, shape in enumerate(shapes):
                datas.append(tvm.placeholder(shape, name=f"data_{index}", dtype=dtype))
            res = list_accumulate_compute(datas, y, num, kernel_name)
            datas.append(res)
            tensors.append(datas)
        with tvm.target.cce():
            schedule = tbe.auto_schedule(res)
        schedules.append(schedule)
    tbe.build(schedules, {"name": kernel_name, "tensor_list": tensors})
