"""Level-0 (mask + repeat + strides) forms against a Python walk of the documented addressing."""

from __future__ import annotations

import numpy as np
import pytest


def _offset(k: int, j: int, itemsize: int, blk: int, rep: int) -> int:
    per_block = 32 // itemsize
    return k * rep * per_block + (j // per_block) * blk * per_block + j % per_block


def _reference(op, a, b, init, mask, repeat, strides):
    dst_blk, s0_blk, s1_blk, dst_rep, s0_rep, s1_rep = strides
    out = init.copy()
    per_repeat = 256 // a.itemsize
    for k in range(repeat):
        for j in range(per_repeat):
            if isinstance(mask, tuple):
                word = mask[j // 64]
                if not (word >> (j % 64)) & 1:
                    continue
            elif j >= mask:
                continue
            x = a[_offset(k, j, a.itemsize, s0_blk, s0_rep)]
            if op in ("adds", "shr", "shl"):
                y = b[0]
            else:
                y = b[_offset(k, j, a.itemsize, s1_blk, s1_rep)]
            with np.errstate(all="ignore"):
                if op == "shr":
                    value = x >> y
                elif op == "shl":
                    value = x << y
                else:
                    value = (x + y) if op in ("add", "adds") else (x * y)
                out[_offset(k, j, a.itemsize, dst_blk, dst_rep)] = value
    return out


CASES = [
    ("add", "float32", 64, 3, (1, 1, 1, 8, 8, 8)),          # dense repeats
    ("add", "float32", 10, 4, (1, 1, 1, 8, 8, 8)),          # partial repeats: the rest stays as it was
    ("mul", "float16", 128, 2, (2, 1, 1, 16, 8, 8)),        # destination block stride 2
    ("add", "int32", 33, 5, (1, 2, 1, 8, 16, 4)),           # overlapping src1 repeats (stride 4 < 8 blocks)
    ("add", "float16", (0x8000000000000001, 0x5), 2, (1, 1, 1, 8, 8, 8)),  # bit mode, 16-bit: both words count
    ("mul", "float32", (0xF0F0, 0), 2, (1, 1, 1, 8, 8, 8)),  # bit mode, 32-bit
    ("adds", "int16", 100, 3, (1, 1, 1, 8, 8, 8)),          # scalar form, UnaryRepeatParams
    ("shr", "int16", (0xFFFF0000FFFF0000, 0x1), 2, (1, 1, 1, 8, 8, 8)),  # arithmetic shift, bit mask
    ("shl", "uint32", 40, 3, (1, 2, 1, 8, 16, 8)),          # logical shift, strided source
]


@pytest.mark.parametrize(("op", "type_name", "mask", "repeat", "strides"), CASES)
def test_level0_forms(probe, op, type_name, mask, repeat, strides):
    dtype = np.dtype(type_name)
    rng = np.random.default_rng(40)
    n = 4096 // dtype.itemsize
    low = 0 if dtype.kind == "u" else -50
    a = rng.integers(low, 50, n).astype(dtype)
    b = rng.integers(low, 50, n).astype(dtype)
    if op in ("shr", "shl"):
        b[0] = 3
    init = np.full(n, 99, dtype)
    mask_arg = f"bits:{mask[0]}:{mask[1]}" if isinstance(mask, tuple) else mask
    actual = probe.run("level0", [op, type_name, mask_arg, repeat, *strides], [a, b, init], dtype)
    expected = _reference(op, a, b, init, mask, repeat, strides)
    assert actual.tobytes() == expected.tobytes()


def test_level0_mask_above_one_repeat_is_an_error(probe):
    a = np.zeros(1024, np.float32)
    message = probe.fails("level0", ["add", "float32", 65, 1, 1, 1, 1, 8, 8, 8], [a, a, a])
    assert "Add: mask 65 outside [1, 64]" in message
