"""
a TIK operator fixture whose dtype checks live in a class: the entry builds the object, __init__ checks
"""
from impl.util.platform_adapter import tik
from impl.util.platform_adapter import para_check
from impl.util.platform_adapter import register_operator
from impl.util.platform_adapter import tbe_platform


class Constant:
    """constants of the op"""
    BLOCK = 32
    INDEX_TYPES = ("int32", "int64")


class IndexScale():
    """scale the rows of var named by indices"""

    def __init__(self, var, indices, var_out, kernel_name):
        self.tik_instance = tik.Tik()
        self.var_dtype = var.get("dtype").lower()
        self.indices_dtype = indices.get("dtype").lower()
        self.out_dtype = var_out.get("dtype").lower()
        self.kernel_name = kernel_name
        self.check_param()

    def check_param(self):
        var_types = ["float16", "float32", "int32"]
        if tbe_platform.api_check_support("tik.vadd", "bfloat16"):
            var_types.append("bfloat16")
        if self.out_dtype == "bool":
            self.out_dtype = "int8"
        para_check.check_dtype(self.indices_dtype, Constant.INDEX_TYPES, param_name="indices")
        para_check.check_dtype(self.var_dtype, var_types, param_name="var")
        if self.var_dtype != self.out_dtype:
            raise RuntimeError("var and var_out differ")

    def run(self):
        var_gm = self.tik_instance.Tensor(self.var_dtype, (Constant.BLOCK,), name="var_gm", scope=tik.scope_gm)
        with self.tik_instance.for_range(0, 1):
            self.tik_instance.data_move(var_gm, var_gm, 0, 1, 1, 0, 0)
        self.tik_instance.BuildCCE(kernel_name=self.kernel_name, inputs=[var_gm], outputs=[var_gm])
        return self.tik_instance


@register_operator("IndexScale")
@para_check.check_op_params(para_check.REQUIRED_INPUT, para_check.REQUIRED_INPUT, para_check.REQUIRED_OUTPUT,
                            para_check.KERNEL_NAME)
def index_scale(var, indices, var_out, kernel_name="index_scale"):
    """entry"""
    obj = IndexScale(var, indices, var_out, kernel_name)
    return obj.run()
