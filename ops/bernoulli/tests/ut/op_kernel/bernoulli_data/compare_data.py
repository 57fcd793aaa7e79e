# ----------------------------------------------------------------------------------------------------------------------
# Copyright (c) 2026 op-migrate contributors.
# This program is free software, you can redistribute it and/or modify it under the terms and conditions of
# CANN Open Software License Agreement Version 2.0 (the "License").
# Please refer to the License for details. You may not use this file except in compliance with the License.
# THIS SOFTWARE IS PROVIDED ON AN "AS IS" BASIS, WITHOUT WARRANTIES OF ANY KIND, EITHER EXPRESS OR IMPLIED,
# INCLUDING BUT NOT LIMITED TO NON-INFRINGEMENT, MERCHANTABILITY, OR FITNESS FOR A PARTICULAR PURPOSE.
# See LICENSE in the root of the software repository for the full text of the License.
# ----------------------------------------------------------------------------------------------------------------------
"""Compares output.bin with golden.bin bit for bit (Bernoulli outputs are exactly 0 or 1).
Usage: python3 compare_data.py DTYPE"""

import sys

import numpy as np


def main(dtype: str) -> int:
    golden = np.fromfile("golden.bin", dtype=dtype)
    output = np.fromfile("output.bin", dtype=dtype)[: golden.size]
    if output.size != golden.size:
        print(f"FAIL: {output.size} outputs for {golden.size} golden values")
        return 1
    bad = np.flatnonzero(output.view(np.uint8) != golden.view(np.uint8))
    if bad.size:
        print(f"FAIL: {bad.size} bytes differ, first at byte {bad[:1]}")
        return 1
    print("PASS")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1]))
