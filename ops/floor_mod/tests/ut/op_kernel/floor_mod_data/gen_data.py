# ----------------------------------------------------------------------------------------------------------------------
# Copyright (c) 2026 op-migrate contributors.
# This program is free software, you can redistribute it and/or modify it under the terms and conditions of
# CANN Open Software License Agreement Version 2.0 (the "License").
# Please refer to the License for details. You may not use this file except in compliance with the License.
# THIS SOFTWARE IS PROVIDED ON AN "AS IS" BASIS, WITHOUT WARRANTIES OF ANY KIND, EITHER EXPRESS OR IMPLIED,
# INCLUDING BUT NOT LIMITED TO NON-INFRINGEMENT, MERCHANTABILITY, OR FITNESS FOR A PARTICULAR PURPOSE.
# See LICENSE in the root of the software repository for the full text of the License.
# ----------------------------------------------------------------------------------------------------------------------
"""Writes FloorMod kernel UT inputs and the torch.remainder golden for a shape pair and dtype."""

import sys
from pathlib import Path

import numpy as np

sys.path.insert(0, str(Path(__file__).resolve().parents[3] / "portable"))
import floor_mod_golden  # noqa: E402


def main(x1_shape: str, x2_shape: str, dtype: str) -> None:
    rng = np.random.default_rng(0)
    s1 = [int(d) for d in x1_shape.split(",")]
    s2 = [int(d) for d in x2_shape.split(",")]
    storage = floor_mod_golden.storage_dtype(dtype)
    x1 = (rng.integers(-1023, 1024, size=s1) / 4).astype(storage)
    x2 = (rng.integers(1, 256, size=s2) / 4 * rng.choice([-1, 1], size=s2)).astype(storage)
    x1.tofile(f"{dtype}_input_x1.bin")
    x2.tofile(f"{dtype}_input_x2.bin")
    floor_mod_golden.remainder(x1, x2, dtype).tofile(f"{dtype}_golden_y.bin")


if __name__ == "__main__":
    main(*sys.argv[1:4])
