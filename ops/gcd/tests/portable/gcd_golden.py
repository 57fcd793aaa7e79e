# ----------------------------------------------------------------------------------------------------------------------
# Copyright (c) 2026 op-migrate contributors.
# This program is free software, you can redistribute it and/or modify it under the terms and conditions of
# CANN Open Software License Agreement Version 2.0 (the "License").
# Please refer to the License for details. You may not use this file except in compliance with the License.
# THIS SOFTWARE IS PROVIDED ON AN "AS IS" BASIS, WITHOUT WARRANTIES OF ANY KIND, EITHER EXPRESS OR IMPLIED,
# INCLUDING BUT NOT LIMITED TO NON-INFRINGEMENT, MERCHANTABILITY, OR FITNESS FOR A PARTICULAR PURPOSE.
# See LICENSE in the root of the software repository for the full text of the License.
# ----------------------------------------------------------------------------------------------------------------------
"""Golden model of Gcd (numpy, ml_dtypes for bfloat16) with the semantics where libraries differ written down.

Integer dtypes (int8, uint8, int16, int32, int64) follow torch.gcd. torch is not installed here; what follows is its documented
CPU/CUDA kernel (ATen `calc_gcd`), which runs Euclid in the tensor dtype:
    a = abs(a); b = abs(b); while (a != 0) { c = a; a = b % a; b = c; } return b;
`abs` of the minimum value does not fit and wraps to itself, and C's `%` truncates toward zero, so a minimum
operand can give a negative result: gcd(-128, 6) == -2, gcd(-128, 0) == -128, gcd(-128, 3) == 1 in int8.
The same holds for int32 and int64 (abs(INT64_MIN) stays INT64_MIN, gcd(INT64_MIN, 0) == INT64_MIN).
numpy's np.gcd differs there (it returns the positive gcd of the wrapped values); this model follows torch.

Float dtypes (float32, float16, bfloat16; torch.gcd rejects floats, so these are the seed's task semantics):
- each finite operand is truncated toward zero, the gcd of the two integers is computed exactly, and the result
  is exactly representable in the same dtype (it divides an operand whose odd part already fits the mantissa);
- |x| < 1 (including subnormals and -0.0) truncates to 0; gcd(0, 0) = +0; the result is never negative;
- fp16 above 2^11 and bf16 above 2^8 hold only some integers: the operand's own value is the integer used
  (bf16 257 does not exist, it is already 256 in the input);
- NaN or +-inf in either operand gives NaN (the seed excludes them from the precision cases; this defines them).
"""

from __future__ import annotations

import math

import ml_dtypes
import numpy as np

INTEGER_DTYPES = tuple(np.dtype(t) for t in (np.int8, np.uint8, np.int16, np.int32, np.int64))
FLOAT_DTYPES = (np.dtype(np.float32), np.dtype(np.float16), np.dtype(ml_dtypes.bfloat16))


def torch_int_gcd(x: np.ndarray, y: np.ndarray) -> np.ndarray:
    """Elementwise torch.gcd of two arrays of one integer dtype, in that dtype."""
    dtype = x.dtype
    # np.abs wraps the minimum value exactly like C's abs narrowed to the dtype; int64 arithmetic holds every
    # remainder of the narrower dtypes, and an int64 remainder never overflows (INT64_MIN % -1 cannot arise:
    # a is never -1 while b is INT64_MIN).
    a = np.abs(x).astype(np.int64)
    b = np.abs(y).astype(np.int64)
    while True:
        active = a != 0
        if not active.any():
            break
        remainder = np.zeros_like(a)
        remainder[active] = np.fmod(b[active], a[active])  # fmod on integers truncates like C's %
        b = np.where(active, a, b)
        a = remainder
    return b.astype(dtype)


def float_gcd(x: np.ndarray, y: np.ndarray) -> np.ndarray:
    """Elementwise gcd of truncated floats, exact, NaN where an operand is not finite."""
    dtype = x.dtype
    with np.errstate(invalid="ignore"):  # signalling-NaN bit patterns warn when widened; they stay NaN
        wide_x = np.trunc(np.abs(x.astype(np.float64)))
        wide_y = np.trunc(np.abs(y.astype(np.float64)))
    finite = np.isfinite(wide_x) & np.isfinite(wide_y)
    result = np.full(wide_x.shape, np.nan)
    small = finite & (wide_x < 2.0**62) & (wide_y < 2.0**62)
    result[small] = np.gcd(wide_x[small].astype(np.int64), wide_y[small].astype(np.int64)).astype(np.float64)
    for index in zip(*np.nonzero(finite & ~small)):
        result[index] = float(math.gcd(int(wide_x[index]), int(wide_y[index])))
    return result.astype(dtype)


def gcd(self: np.ndarray, other: np.ndarray) -> np.ndarray:
    """aclnnGcd: broadcast self and other (NumPy rules), same dtype in and out."""
    if self.dtype != other.dtype:
        raise TypeError(f"self {self.dtype} and other {other.dtype} must share a dtype")
    a, b = np.broadcast_arrays(self, other)
    if a.dtype in INTEGER_DTYPES:
        return torch_int_gcd(np.ascontiguousarray(a), np.ascontiguousarray(b))
    if a.dtype in FLOAT_DTYPES:
        return float_gcd(np.ascontiguousarray(a), np.ascontiguousarray(b))
    raise TypeError(f"Gcd does not support {a.dtype}")
