"""
a TIK operator fixture: imperative code, no DSL
"""
from te import tik
from impl.util.platform_adapter import para_check
from impl.util.platform_adapter import register_operator


@register_operator("CopyTik")
@para_check.check_op_params(para_check.REQUIRED_INPUT, para_check.REQUIRED_OUTPUT, para_check.KERNEL_NAME)
def copy_tik(x, y, kernel_name="copy_tik"):
    """copy 256 fp16 values through UB"""
    tik_instance = tik.Tik()
    src = tik_instance.Tensor("float16", (256,), name="src", scope=tik.scope_gm)
    dst = tik_instance.Tensor("float16", (256,), name="dst", scope=tik.scope_gm)
    buf = tik_instance.Tensor("float16", (256,), name="buf", scope=tik.scope_ubuf)
    with tik_instance.for_range(0, 1):
        tik_instance.data_move(buf, src, 0, 1, 16, 0, 0)
        tik_instance.data_move(dst, buf, 0, 1, 16, 0, 0)
    tik_instance.BuildCCE(kernel_name=kernel_name, inputs=[src], outputs=[dst])
    return tik_instance
