"""
a hand-written IR fixture: tvm.extern with an ir_builder body
"""
from te import tvm
from te.platform.cce_build import build_config


def _kernel(src, dst):
    builder = tvm.ir_builder.create()
    builder.emit(tvm.call_extern("float16", "copy_gm_to_ubuf", dst.access_ptr("w"), src.access_ptr("r"), 0, 1, 16, 0, 0))
    return builder.get()


def copy_ir(x, y, kernel_name="copy_ir"):
    """entry"""
    data = tvm.placeholder(x.get("shape"), name="data", dtype="float16")
    res = tvm.extern([data.shape], [data], lambda ins, outs: _kernel(ins[0], outs[0]), name="res", dtype="float16")
    schedule = tvm.create_schedule(res.op)
    with build_config:
        tvm.build(schedule, [data, res], "cce", name=kernel_name)
