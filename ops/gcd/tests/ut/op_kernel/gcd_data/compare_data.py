# ----------------------------------------------------------------------------------------------------------------------
# Copyright (c) 2026 op-migrate contributors.
# This program is free software, you can redistribute it and/or modify it under the terms and conditions of
# CANN Open Software License Agreement Version 2.0 (the "License").
# Please refer to the License for details. You may not use this file except in compliance with the License.
# THIS SOFTWARE IS PROVIDED ON AN "AS IS" BASIS, WITHOUT WARRANTIES OF ANY KIND, EITHER EXPRESS OR IMPLIED,
# INCLUDING BUT NOT LIMITED TO NON-INFRINGEMENT, MERCHANTABILITY, OR FITNESS FOR A PARTICULAR PURPOSE.
# See LICENSE in the root of the software repository for the full text of the License.
# ----------------------------------------------------------------------------------------------------------------------
"""Compares the Gcd kernel output with the golden bit for bit (NaN equals NaN): compare_data.py <dtype>."""

import sys

import numpy as np

from gen_data import DTYPES


def main(dtype):
    np_dtype = DTYPES[dtype]
    out = np.fromfile(f"{dtype}_output.bin", dtype=np_dtype)
    want = np.fromfile(f"{dtype}_golden.bin", dtype=np_dtype)
    if out.shape != want.shape:
        print(f"size mismatch: {out.size} vs {want.size}")
        return 1
    if np.dtype(np_dtype).kind in "iu":
        bad = out != want
    else:
        o, w = out.astype(np.float32), want.astype(np.float32)
        bad = ~((o == w) | (np.isnan(o) & np.isnan(w)))
    print(f"{dtype}: {int(bad.sum())} of {out.size} elements differ")
    return 1 if bad.any() else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1]))
