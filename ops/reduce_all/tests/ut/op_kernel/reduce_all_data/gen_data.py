#!/usr/bin/env python3
# ----------------------------------------------------------------------------------------------------------
# Copyright (c) 2026 op-migrate contributors.
# This program is free software, you can redistribute it and/or modify it under the terms and conditions of
# CANN Open Software License Agreement Version 2.0 (the "License").
# Please refer to the License for details. You may not use this file except in compliance with the License.
# THIS SOFTWARE IS PROVIDED ON AN "AS IS" BASIS, WITHOUT WARRANTIES OF ANY KIND, EITHER EXPRESS OR IMPLIED,
# INCLUDING BUT NOT LIMITED TO NON-INFRINGEMENT, MERCHANTABILITY, OR FITNESS FOR A PARTICULAR PURPOSE.
# See LICENSE in the root of the software repository for the full text of the License.
# ----------------------------------------------------------------------------------------------------------
"""Writes int8 input and golden output (np.all over the axes) for the ReduceAll kernel UT."""

import sys

import numpy as np


def gen_data(shape, axes, keepdim):
    rng = np.random.default_rng(2026)
    x = rng.integers(-128, 128, size=shape, dtype=np.int16).astype(np.int8)
    x[x == 0] = 1
    group = max(1, int(np.prod([shape[a] for a in axes])))
    x[rng.random(size=shape) < 0.7 / group] = 0
    golden = np.all(x != 0, axis=tuple(axes), keepdims=keepdim).astype(np.int8)
    x.tofile("./input_x.bin")
    golden.tofile("./golden_y.bin")


if __name__ == "__main__":
    # usage: gen_data.py "2,3,4,5" "0,2" 0
    gen_data(
        [int(d) for d in sys.argv[1].split(",")],
        [int(a) for a in sys.argv[2].split(",") if a],
        sys.argv[3] == "1",
    )
