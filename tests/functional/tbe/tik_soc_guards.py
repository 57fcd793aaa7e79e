"""
a TIK operator whose Python decides by SoC and dtype: capability checks, a flag from get_soc_spec, per-dtype
branches in the kernel class, dtype checks in a loop over inputs and checks naming their input
"""
from impl.util.platform_adapter import tik
from impl.util.platform_adapter import para_check
from impl.util.platform_adapter import register_operator
from impl.util.platform_adapter import tbe_platform
from impl.util.platform_adapter import tbe_context
from impl.util.platform_adapter import error_manager_vector


class Constant:
    """constants of the op"""
    TILING_NUM = 8
    SMALL_SOCS = ("Ascend310", "Ascend610")


class RowTopValue():
    """the largest value of every row, with its index"""

    def __init__(self, x, indices, y, kernel_name):
        self.tik_instance = tik.Tik()
        self.x_dtype = x.get("dtype").lower()
        self.index_dtype = indices.get("dtype").lower()
        self.kernel_name = kernel_name
        self.l1_support = tbe_platform.get_soc_spec(tbe_platform.L1_SIZE) > 0
        soc = tbe_platform.get_soc_spec("SHORT_SOC_VERSION")
        self.small_soc = soc in Constant.SMALL_SOCS
        if self.x_dtype == "float16":
            self.block = 16
        else:
            self.block = 8

    def pick(self):
        if tbe_platform.api_check_support("tik.vextract", "float32"):
            self.use_extract = True
        elif self.small_soc:
            self.use_extract = False
        if self.l1_support:
            self.buffer = self.tik_instance.Tensor(self.x_dtype, (Constant.TILING_NUM,), name="l1",
                                                   scope=tik.scope_cbuf)
        return self.tik_instance

    def build(self):
        x_gm = self.tik_instance.Tensor(self.x_dtype, (Constant.TILING_NUM,), name="x_gm", scope=tik.scope_gm)
        with self.tik_instance.for_range(0, self.block) as index:
            self.tik_instance.data_move(x_gm[index], x_gm, 0, 1, 1, 0, 0)
        self.tik_instance.BuildCCE(kernel_name=self.kernel_name, inputs=[x_gm], outputs=[x_gm])
        tbe_context.get_context().add_compile_info("vars", {"block": self.block})
        return self.tik_instance


def _check(x, indices, y):
    for tensor in (x, y):
        dtype = tensor.get("dtype").lower()
        para_check.check_dtype(dtype, ("float16", "float32"), param_name="x")
    index_dtype = indices.get("dtype").lower()
    para_check.check_dtype(index_dtype, ("int32",), param_name="indices")
    if x.get("dtype").lower() == "float32" and not tbe_platform.api_check_support("tik.vextract", "float32"):
        error_manager_vector.raise_err_input_dtype_not_supported("row_top_value", "x", "float16", "float32")


@register_operator("RowTopValue")
@para_check.check_op_params(para_check.REQUIRED_INPUT, para_check.REQUIRED_OUTPUT, para_check.REQUIRED_OUTPUT,
                            para_check.KERNEL_NAME)
def row_top_value(x, indices, y, kernel_name="row_top_value"):
    """entry"""
    _check(x, indices, y)
    obj = RowTopValue(x, indices, y, kernel_name)
    obj.pick()
    return obj.build()
