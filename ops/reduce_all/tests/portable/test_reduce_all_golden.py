# ----------------------------------------------------------------------------------------------------------
# Copyright (c) 2026 op-migrate contributors.
# This program is free software, you can redistribute it and/or modify it under the terms and conditions of
# CANN Open Software License Agreement Version 2.0 (the "License").
# Please refer to the License for details. You may not use this file except in compliance with the License.
# THIS SOFTWARE IS PROVIDED ON AN "AS IS" BASIS, WITHOUT WARRANTIES OF ANY KIND, EITHER EXPRESS OR IMPLIED,
# INCLUDING BUT NOT LIMITED TO NON-INFRINGEMENT, MERCHANTABILITY, OR FITNESS FOR A PARTICULAR PURPOSE.
# See LICENSE in the root of the software repository for the full text of the License.
# ----------------------------------------------------------------------------------------------------------

"""The ReduceAll golden model pins aclnnAll semantics: empty axes, negative and duplicate axes, empty tensors."""

from __future__ import annotations

import numpy as np
import pytest
from reduce_all_golden import AxisError, kept_reduced_split, normalize_axes, output_shape, reduce_all


def test_empty_axes_reduce_every_axis_unlike_numpy_axis_tuple() -> None:
    x = np.array([[1, 2], [3, 0]], dtype=np.int8)
    assert reduce_all(x).shape == ()
    assert int(reduce_all(x)) == 0
    assert reduce_all(x, (), keepdim=True).shape == (1, 1)


def test_negative_axes_wrap_and_any_nonzero_pattern_is_true() -> None:
    x = np.array([[-128, 5, -1], [7, 0, 9]], dtype=np.int8)
    assert reduce_all(x, (-1,)).tolist() == [1, 0]
    assert reduce_all(x, (-2,)).tolist() == [1, 0, 1]
    assert reduce_all(x, (0,), keepdim=True).shape == (1, 3)


def test_duplicate_and_out_of_range_axes_are_rejected() -> None:
    with pytest.raises(AxisError, match="multiple"):
        normalize_axes(3, (1, -2))
    with pytest.raises(AxisError, match="out of range"):
        normalize_axes(3, (3,))
    with pytest.raises(AxisError, match="out of range"):
        normalize_axes(0, (1,))


def test_zero_sized_reduction_is_true_and_zero_sized_output_is_empty() -> None:
    x = np.zeros((3, 0, 2), dtype=np.int8)
    assert reduce_all(x, (1,)).tolist() == [[1, 1], [1, 1], [1, 1]]
    assert reduce_all(x, (0,)).shape == (0, 2)
    assert int(reduce_all(x)) == 1


def test_rank_zero_accepts_axis_minus_one_and_zero() -> None:
    assert int(reduce_all(np.array(3, dtype=np.int8), (-1,))) == 1
    assert int(reduce_all(np.array(0, dtype=np.int8), (0,))) == 0
    assert output_shape((), (0,), keepdim=True) == ()


def test_split_uses_row_major_strides() -> None:
    split = kept_reduced_split((2, 3, 4, 5), (3, 1))
    assert split == {
        "kept_shape": [2, 4],
        "kept_strides": [60, 5],
        "reduced_shape": [3, 5],
        "reduced_strides": [20, 1],
    }
