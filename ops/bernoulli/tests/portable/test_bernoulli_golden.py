# ----------------------------------------------------------------------------------------------------------------------
# Copyright (c) 2026 op-migrate contributors.
# This program is free software, you can redistribute it and/or modify it under the terms and conditions of
# CANN Open Software License Agreement Version 2.0 (the "License").
# Please refer to the License for details. You may not use this file except in compliance with the License.
# THIS SOFTWARE IS PROVIDED ON AN "AS IS" BASIS, WITHOUT WARRANTIES OF ANY KIND, EITHER EXPRESS OR IMPLIED,
# INCLUDING BUT NOT LIMITED TO NON-INFRINGEMENT, MERCHANTABILITY, OR FITNESS FOR A PARTICULAR PURPOSE.
# See LICENSE in the root of the software repository for the full text of the License.
# ----------------------------------------------------------------------------------------------------------------------
"""The golden model's bit order, mask length and storage forms, written out by hand."""

from __future__ import annotations

import numpy as np
import pytest

import bernoulli_golden


def test_bit_i_is_lsb_first_within_a_byte() -> None:
    assert bernoulli_golden.expand(np.array([0x01], np.uint8), 8, "int8").tolist() == [1, 0, 0, 0, 0, 0, 0, 0]
    assert bernoulli_golden.expand(np.array([0x80], np.uint8), 8, "int8").tolist() == [0, 0, 0, 0, 0, 0, 0, 1]
    assert bernoulli_golden.expand(np.array([0x55, 0xAA], np.uint8), 16, "int8").tolist() == [1, 0] * 4 + [0, 1] * 4


def test_bits_past_n_are_ignored_and_a_short_mask_is_refused() -> None:
    assert bernoulli_golden.expand(np.array([0xFF], np.uint8), 3, "int32").tolist() == [1, 1, 1]
    with pytest.raises(ValueError):
        bernoulli_golden.expand(np.array([0xFF], np.uint8), 9, "int32")


@pytest.mark.parametrize("n, size", [(0, 0), (1, 16), (128, 16), (129, 32), (10**6, 125008)])
def test_dsa_mask_is_whole_128_bit_blocks(n: int, size: int) -> None:
    assert bernoulli_golden.dsa_mask_bytes(n) == size


def test_storage_forms_of_one() -> None:
    assert bernoulli_golden.one_bits("bfloat16") == bytes([0x80, 0x3F])
    assert bernoulli_golden.one_bits("float64") == bytes([0, 0, 0, 0, 0, 0, 0xF0, 0x3F])
    assert bernoulli_golden.one_bits("bool") == b"\x01"
    assert bernoulli_golden.one_bits("int64") == b"\x01" + b"\x00" * 7


def test_endpoints_and_the_dropout_argument() -> None:
    assert bernoulli_golden.bernoulli(5, "float16", 0.0).tolist() == [0.0] * 5
    assert bernoulli_golden.bernoulli(5, "bool", 1.0).tolist() == [1] * 5
    assert bernoulli_golden.dsa_dropout(0.25) == 0.75
    with pytest.raises(ValueError):
        bernoulli_golden.bernoulli(5, "float32", 0.5)
    with pytest.raises(ValueError):
        bernoulli_golden.bernoulli(5, "float32", 1.5)
