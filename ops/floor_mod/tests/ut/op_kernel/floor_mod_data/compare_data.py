# ----------------------------------------------------------------------------------------------------------------------
# Copyright (c) 2026 op-migrate contributors.
# This program is free software, you can redistribute it and/or modify it under the terms and conditions of
# CANN Open Software License Agreement Version 2.0 (the "License").
# Please refer to the License for details. You may not use this file except in compliance with the License.
# THIS SOFTWARE IS PROVIDED ON AN "AS IS" BASIS, WITHOUT WARRANTIES OF ANY KIND, EITHER EXPRESS OR IMPLIED,
# INCLUDING BUT NOT LIMITED TO NON-INFRINGEMENT, MERCHANTABILITY, OR FITNESS FOR A PARTICULAR PURPOSE.
# See LICENSE in the root of the software repository for the full text of the License.
# ----------------------------------------------------------------------------------------------------------------------
"""Compares the FloorMod kernel UT output with the golden; exits non-zero on a mismatch."""

import sys

import numpy as np


def main(dtype: str) -> int:
    storage = {"bfloat16": np.float32}.get(dtype, np.dtype(dtype))
    golden = np.fromfile(f"{dtype}_golden_y.bin", dtype=storage)
    output = np.fromfile(f"{dtype}_output_y.bin", dtype=storage)
    if np.issubdtype(storage, np.floating):
        ok = np.allclose(output, golden, rtol=1e-4, atol=1e-4, equal_nan=True)
    else:
        ok = np.array_equal(output, golden)
    print("compare", "passed" if ok else "failed")
    return 0 if ok else 1


if __name__ == "__main__":
    sys.exit(main(sys.argv[1]))
