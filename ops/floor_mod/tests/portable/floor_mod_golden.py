# ----------------------------------------------------------------------------------------------------------------------
# Copyright (c) 2026 op-migrate contributors.
# This program is free software, you can redistribute it and/or modify it under the terms and conditions of
# CANN Open Software License Agreement Version 2.0 (the "License").
# Please refer to the License for details. You may not use this file except in compliance with the License.
# THIS SOFTWARE IS PROVIDED ON AN "AS IS" BASIS, WITHOUT WARRANTIES OF ANY KIND, EITHER EXPRESS OR IMPLIED,
# INCLUDING BUT NOT LIMITED TO NON-INFRINGEMENT, MERCHANTABILITY, OR FITNESS FOR A PARTICULAR PURPOSE.
# See LICENSE in the root of the software repository for the full text of the License.
# ----------------------------------------------------------------------------------------------------------------------
"""Golden model of FloorMod / torch.remainder, with the semantics written down where libraries differ.

torch.remainder(a, b) (ATen CPU and CUDA kernels) computes r = fmod(a, b) and, when r != 0 and the signs of r and b
differ, r += b. Consequences this golden reproduces:
- a zero result keeps fmod's sign, i.e. the sign of a (torch.remainder(-4.0, 2.0) is -0.0; numpy.mod gives +0.0);
- b = 0, a = +-inf or a NaN operand give NaN;
- b = +-inf: a finite a of b's sign (or a zero) is returned unchanged, otherwise the result is b (a + b = +-inf);
- float16 and bfloat16 are computed in float32 (torch's opmath) and rounded once at the end;
- integers: the result has the divisor's sign (Python's floor-mod). A zero divisor raises on torch's CPU and is
  undefined on CUDA; this operator defines it as 0. MIN % -1 is 0 (the overflowing division is never executed).
"""

from __future__ import annotations

import numpy as np

try:
    import ml_dtypes

    BFLOAT16 = np.dtype(ml_dtypes.bfloat16)
except ImportError:  # pragma: no cover - ml_dtypes is a test dependency
    BFLOAT16 = None

FLOAT_COMPUTE = {"float16": np.float32, "bfloat16": np.float32, "float32": np.float32, "float64": np.float64}


def storage_dtype(name: str) -> np.dtype:
    return BFLOAT16 if name == "bfloat16" else np.dtype(name)


def remainder(a: np.ndarray, b: np.ndarray, dtype: str) -> np.ndarray:
    """Elementwise torch.remainder of broadcastable arrays, returned in `dtype`."""
    a, b = np.broadcast_arrays(np.asarray(a), np.asarray(b))
    if dtype in FLOAT_COMPUTE:
        compute = FLOAT_COMPUTE[dtype]
        x = a.astype(compute)
        y = b.astype(compute)
        with np.errstate(invalid="ignore", divide="ignore", over="ignore"):
            r = np.fmod(x, y)
            fix = (r != 0) & ((r < 0) != (y < 0))
            r = np.where(fix, r + y, r)
        return r.astype(storage_dtype(dtype))
    x = a.astype(dtype)
    y = b.astype(dtype)
    safe = np.where((y == 0) | (y == -1), 1, y).astype(dtype)
    with np.errstate(divide="ignore", over="ignore"):
        r = np.remainder(x, safe)
    return np.where((y == 0) | (y == -1), 0, r).astype(dtype)
