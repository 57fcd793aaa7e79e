# A PyPTO kernel with one broken make_tensor view per rule (written for op-migrate's tests).
import pypto_pro.language as pl


@pl.jit()
def broken_views(
    x: pl.Tensor[[8, 16], pl.DT_FP16],
    packed: pl.Tensor[[8, 64], pl.DT_INT4],
    padded: pl.Tensor[[4, 8, 16], pl.DT_FP32],
):
    rank_mismatch = pl.make_tensor(x, [8, 16], [16])
    too_big = pl.make_tensor(x, [8, 16], [32, 1])
    subbyte = pl.make_tensor(packed, [8, 32], [64, 2])
    pitched = pl.make_tensor(padded, [4, 8, 8], [128, 16, 1])
    bad_merge = pl.make_tensor(pitched, [4, 64], [128, 1])
    wrong_stride = pl.make_tensor(padded, [32, 16], [8, 1])
