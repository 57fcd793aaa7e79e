# A PyPTO kernel whose make_tensor views all respect the rules (written for op-migrate's tests).
import pypto_pro.language as pl

ROWS = 64
COLS = 128


@pl.jit(auto_mutex=True)
def pitched_workspace(
    a: pl.Tensor[[ROWS, COLS], pl.DT_FP16],
    workspace: pl.Ptr[pl.DT_FP16],
    out: pl.Tensor[[ROWS, COLS], pl.DT_FP16],
):
    ws_ptr = pl.addptr(workspace, ROWS * COLS)
    ws = pl.make_tensor(ws_ptr, [ROWS, COLS], [2 * COLS, 1])
    flat = pl.make_tensor(a, [ROWS * COLS])
    transposed = pl.make_tensor(out, [COLS, ROWS], [1, COLS])
    as_bytes = pl.make_tensor(a, [ROWS, 2 * COLS], dtype=pl.DT_UINT8)


@pl.jit()
def merge_batch(q: pl.Tensor[[4, 16, 32], pl.DT_BF16]):
    q_merged = pl.make_tensor(q, [4 * 16, 32], [32, 1])
