# A PyPTO kernel whose views take their shapes from tiling data: listed, not checked.
import pypto_pro.language as pl


@pl.jit(auto_mutex=True)
def add_dynrank(x: pl.Ptr[pl.DT_FP16], y: pl.Ptr[pl.DT_FP16], tiling):
    n = tiling.shape[3]
    m = tiling.shape[0] * tiling.shape[1] * tiling.shape[2]
    tensor_x = pl.make_tensor(x, [m, n], [n, 1])
    tensor_y = pl.make_tensor(y, [m, n], [n])
