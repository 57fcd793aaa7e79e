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
"""Compares the ReduceAll kernel output with the golden bit for bit (exit 1 on any difference)."""

import sys

import numpy as np


def compare_data():
    out = np.fromfile("./output_y.bin", dtype=np.int8)
    golden = np.fromfile("./golden_y.bin", dtype=np.int8)
    if out.shape != golden.shape or not np.array_equal(out, golden):
        print("ReduceAll output differs from golden")
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(compare_data())
