# ----------------------------------------------------------------------------------------------------------------------
# Copyright (c) 2026 op-migrate contributors.
# This program is free software, you can redistribute it and/or modify it under the terms and conditions of
# CANN Open Software License Agreement Version 2.0 (the "License").
# Please refer to the License for details. You may not use this file except in compliance with the License.
# THIS SOFTWARE IS PROVIDED ON AN "AS IS" BASIS, WITHOUT WARRANTIES OF ANY KIND, EITHER EXPRESS OR IMPLIED,
# INCLUDING BUT NOT LIMITED TO NON-INFRINGEMENT, MERCHANTABILITY, OR FITNESS FOR A PARTICULAR PURPOSE.
# See LICENSE in the root of the software repository for the full text of the License.
# ----------------------------------------------------------------------------------------------------------------------
"""Writes mask.bin (random DSA-style packed mask, whole 128-bit blocks) and golden.bin (output i = bit i, LSB first)
for the Bernoulli op_kernel UT. Usage: python3 gen_data.py N DTYPE"""

import sys

import numpy as np


def main(n: int, dtype: str) -> None:
    rng = np.random.default_rng(2026)
    mask = rng.integers(0, 256, size=-(-n // 128) * 16, dtype=np.uint8)
    mask.tofile("mask.bin")
    np.unpackbits(mask, bitorder="little")[:n].astype(dtype).tofile("golden.bin")


if __name__ == "__main__":
    main(int(sys.argv[1]), sys.argv[2])
