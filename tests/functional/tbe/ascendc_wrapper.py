"""
an Ascend C wrapper fixture: the Python registers the op and hands a kernel source to compile_op
"""
import os
from tbe.common.platform import get_soc_spec
from tbe.common.utils import para_check
from tbe.tikcpp import compile_op, get_code_channel, OpInfo
from impl.util.platform_adapter import tbe_register
PYF_PATH = os.path.dirname(os.path.realpath(__file__))


def get_kernel_source(src_file, dir_snake, dir_ex):
    src_ex = os.path.join(PYF_PATH, "..", "ascendc", dir_ex, src_file)
    if os.path.exists(src_ex):
        return src_ex
    src = os.path.join(PYF_PATH, "..", "ascendc", dir_snake, src_file)
    if os.path.exists(src):
        return src
    return src_ex


@tbe_register.register_operator("ScaledAdd", trans_bool_to_s8=False)
@para_check.check_op_params(para_check.REQUIRED_INPUT, para_check.REQUIRED_INPUT, para_check.REQUIRED_OUTPUT,
                            para_check.OPTION_ATTR_FLOAT, para_check.KERNEL_NAME)
def scaled_add(x1_in__, x2_in__, y_out_, alpha=1.0, kernel_name="scaled_add", impl_mode=""):
    options = ["-x", "cce"]
    if impl_mode == "high_precision":
        options.append("-DHIGH_PRECISION=1")
    soc_short = get_soc_spec("SHORT_SOC_VERSION").lower()
    ascendc_src_dir_ex = "scaled_add"
    ascendc_src_dir = "scaled_add"
    ascendc_src_file = "scaled_add.cpp"
    src = get_kernel_source(ascendc_src_file, ascendc_src_dir, ascendc_src_dir_ex)
    op_type = "ScaledAdd"
    code_channel = get_code_channel(src, kernel_name, op_type, options)
    op_info = OpInfo(kernel_name=kernel_name, op_type=op_type, inputs=[x1_in__, x2_in__], outputs=[y_out_],
                     attrs=[alpha], impl_mode=impl_mode)
    compile_op(src, "scaled_add", op_info, options, code_channel, '{}')
