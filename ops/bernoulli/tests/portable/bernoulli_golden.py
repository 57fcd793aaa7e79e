# ----------------------------------------------------------------------------------------------------------------------
# Copyright (c) 2026 op-migrate contributors.
# This program is free software, you can redistribute it and/or modify it under the terms and conditions of
# CANN Open Software License Agreement Version 2.0 (the "License").
# Please refer to the License for details. You may not use this file except in compliance with the License.
# THIS SOFTWARE IS PROVIDED ON AN "AS IS" BASIS, WITHOUT WARRANTIES OF ANY KIND, EITHER EXPRESS OR IMPLIED,
# INCLUDING BUT NOT LIMITED TO NON-INFRINGEMENT, MERCHANTABILITY, OR FITNESS FOR A PARTICULAR PURPOSE.
# See LICENSE in the root of the software repository for the full text of the License.
# ----------------------------------------------------------------------------------------------------------------------
"""Golden model of Bernoulli: the 0/1 output of each dtype from a packed DSA mask (the generator is hardware).

Semantics written down:
- torch.bernoulli(input, p) / Tensor.bernoulli_(p) with a float p return a tensor of input's dtype whose elements
  are 1 with probability p and 0 otherwise; self's values are ignored (documented torch semantics; torch is not
  installed here). For bool the values are False / True.
- On the NPU the randomness comes from DSAGenBitMask with dropout = 1 - p: bit i set means output i is 1. Bit i is
  bit (i % 8) of byte i // 8, least significant bit first (np.unpackbits(bitorder="little")). The generator writes
  whole 128-bit blocks, so the mask of N outputs is ceil(N / 128) * 16 bytes; bits at N and above are ignored.
- p == 0 and p == 1 consume no random numbers and give all 0 / all 1.
- Storage: bool is one uint8 byte (0 or 1); bfloat16 is ml_dtypes.bfloat16 (1.0 = 0x3f80); double 1.0 = 0x3ff0...0.
"""

from __future__ import annotations

import ml_dtypes
import numpy as np

DTYPES = ("float16", "float32", "bfloat16", "float64", "int8", "uint8", "int16", "int32", "int64", "bool")
# The kernel's dtype codes (op_kernel/bernoulli_core.h BernoulliDType) for the same names.
CODES = {"float16": 0, "float32": 1, "bfloat16": 2, "float64": 3, "int8": 4, "uint8": 5, "int16": 6, "int32": 7,
         "int64": 8, "bool": 9}
MODES = {"RANDOM_ALIASED": 0, "ZERO": 1, "ONE": 2}


def storage_dtype(name: str) -> np.dtype:
    """The numpy dtype of the bytes the kernel writes for `name` (bool is stored as uint8)."""
    if name == "bfloat16":
        return np.dtype(ml_dtypes.bfloat16)
    if name == "bool":
        return np.dtype(np.uint8)
    return np.dtype(name)


def dsa_mask_bytes(n: int) -> int:
    """Bytes DSAGenBitMask writes for n outputs: whole 128-bit blocks."""
    return -(-n // 128) * 16


# RANDOM on one core (bernoulli_core.h RandomOnOneCore): up to 16384 outputs and 40 KiB of them.
SINGLE_CORE_ELEMENTS = 16384
SINGLE_CORE_BYTES = 40960


def single_core(n: int, dtype: str) -> bool:
    """Whether the tiling runs RANDOM on one core (no SyncAll) for n outputs of `dtype`."""
    return n <= SINGLE_CORE_ELEMENTS and n * storage_dtype(dtype).itemsize <= SINGLE_CORE_BYTES


def dsa_dropout(p: float) -> float:
    """The dropout argument DSAGenBitMask receives: it keeps (sets) a bit with probability 1 - dropout = p."""
    return 1.0 - p


def expand(mask: np.ndarray, n: int, dtype: str) -> np.ndarray:
    """Output i = bit i of the packed mask, as 0 / 1 of `dtype` in its storage form."""
    mask = np.asarray(mask, dtype=np.uint8)
    if mask.size * 8 < n:
        raise ValueError(f"a mask of {mask.size} bytes has fewer than {n} bits")
    bits = np.unpackbits(mask, bitorder="little")[:n]
    return bits.astype(storage_dtype(dtype))


def constant(n: int, dtype: str, value: int) -> np.ndarray:
    """The ZERO / ONE modes: n copies of 0 or 1."""
    return np.full(n, value, dtype=storage_dtype(dtype))


def bernoulli(n: int, dtype: str, p: float, mask: np.ndarray | None = None) -> np.ndarray:
    """The whole scalar-p operator given the DSA mask it would consume (needed only for 0 < p < 1)."""
    if not 0.0 <= p <= 1.0:
        raise ValueError("p must be in [0, 1]")
    if p == 0.0 or p == 1.0:
        return constant(n, dtype, int(p))
    if mask is None:
        raise ValueError("0 < p < 1 needs the DSA mask: the random bits come from hardware")
    return expand(mask, n, dtype)


def one_bits(dtype: str) -> bytes:
    """Little-endian bytes of the value 1 in `dtype`'s storage (the bit patterns the kernel builds)."""
    return np.ones(1, dtype=storage_dtype(dtype)).tobytes()
