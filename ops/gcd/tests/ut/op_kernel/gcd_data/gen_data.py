# ----------------------------------------------------------------------------------------------------------------------
# Copyright (c) 2026 op-migrate contributors.
# This program is free software, you can redistribute it and/or modify it under the terms and conditions of
# CANN Open Software License Agreement Version 2.0 (the "License").
# Please refer to the License for details. You may not use this file except in compliance with the License.
# THIS SOFTWARE IS PROVIDED ON AN "AS IS" BASIS, WITHOUT WARRANTIES OF ANY KIND, EITHER EXPRESS OR IMPLIED,
# INCLUDING BUT NOT LIMITED TO NON-INFRINGEMENT, MERCHANTABILITY, OR FITNESS FOR A PARTICULAR PURPOSE.
# See LICENSE in the root of the software repository for the full text of the License.
# ----------------------------------------------------------------------------------------------------------------------
"""Writes Gcd kernel UT inputs and golden: gen_data.py '<self shape>' '<other shape>' <dtype> (e.g. '[3,1,5]').

Semantics (same as the op README): integers follow torch.gcd in the dtype (Euclid with C's truncating %, abs of
the minimum value wraps); floats are truncated toward zero, the gcd is exact, NaN/inf give NaN.
"""

import json
import math
import sys

import numpy as np

try:
    from ml_dtypes import bfloat16
except ImportError:  # bfloat16 cases need ml_dtypes
    bfloat16 = None

DTYPES = {
    "int8": np.int8,
    "uint8": np.uint8,
    "int16": np.int16,
    "int32": np.int32,
    "int64": np.int64,
    "float16": np.float16,
    "float32": np.float32,
}
if bfloat16 is not None:
    DTYPES["bfloat16"] = bfloat16


def int_gcd(x, y):
    a = np.abs(x).astype(np.int64)
    b = np.abs(y).astype(np.int64)
    while (a != 0).any():
        active = a != 0
        remainder = np.zeros_like(a)
        remainder[active] = np.fmod(b[active], a[active])
        b = np.where(active, a, b)
        a = remainder
    return b.astype(x.dtype)


def float_gcd(x, y):
    with np.errstate(invalid="ignore"):
        wx = np.trunc(np.abs(x.astype(np.float64)))
        wy = np.trunc(np.abs(y.astype(np.float64)))
    out = np.full(wx.shape, np.nan)
    for i in np.ndindex(wx.shape):
        if np.isfinite(wx[i]) and np.isfinite(wy[i]):
            out[i] = float(math.gcd(int(wx[i]), int(wy[i])))
    return out.astype(x.dtype)


def golden(x, y):
    a, b = np.broadcast_arrays(x, y)
    a, b = np.ascontiguousarray(a), np.ascontiguousarray(b)
    return int_gcd(a, b) if np.dtype(a.dtype).kind in "iu" else float_gcd(a, b)


def inputs(shape, dtype, rng):
    np_dtype = np.dtype(DTYPES[dtype])
    if np_dtype.kind in "iu":
        info = np.iinfo(np_dtype)
        return rng.integers(info.min, info.max, shape, dtype=np.int64, endpoint=True).astype(np_dtype)
    return rng.uniform(-1000, 1000, shape).astype(np_dtype)


def main(self_shape, other_shape, dtype):
    rng = np.random.default_rng(2026)
    x = inputs(tuple(json.loads(self_shape)), dtype, rng)
    y = inputs(tuple(json.loads(other_shape)), dtype, rng)
    x.tofile(f"{dtype}_input_self.bin")
    y.tofile(f"{dtype}_input_other.bin")
    golden(x, y).tofile(f"{dtype}_golden.bin")


if __name__ == "__main__":
    main(sys.argv[1], sys.argv[2], sys.argv[3])
