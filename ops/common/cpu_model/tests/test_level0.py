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
                elif op == "div":
                    value = x / y
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
    ("div", "float32", 64, 3, (1, 1, 1, 8, 0, 8)),          # one src0 repeat read by every repeat (stride 0)
]


@pytest.mark.parametrize(("op", "type_name", "mask", "repeat", "strides"), CASES)
def test_level0_forms(probe, op, type_name, mask, repeat, strides):
    dtype = np.dtype(type_name)
    rng = np.random.default_rng(40)
    n = 4096 // dtype.itemsize
    low = 0 if dtype.kind == "u" else -50
    a = rng.integers(low, 50, n).astype(dtype)
    b = rng.integers(low, 50, n).astype(dtype)
    if op == "div":
        b[b == 0] = 7
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


def test_level0_div_is_one_ulp_off_like_the_count_form(probe_div_up):
    """CPU_MODEL_DIV_ULP moves the level-0 Div's quotients as it moves the count form's (kernels that divide by
    repeats, as floor_mod's one-row dividends, are checked against a Div one ulp off too)."""
    rng = np.random.default_rng(41)
    a = rng.standard_normal(1024).astype(np.float32)
    b = rng.standard_normal(1024).astype(np.float32)
    init = np.zeros(1024, np.float32)
    actual = probe_div_up.run("level0", ["div", "float32", 64, 4, 1, 1, 1, 8, 8, 8], [a, b, init], np.float32)
    expected = np.nextafter(a[:256] / b[:256], np.float32(np.inf))
    assert actual[:256].tobytes() == expected.tobytes()
