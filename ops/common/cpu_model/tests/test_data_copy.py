"""DataCopyPad of the CPU model against a byte-level reference: tails, strides, padding, untouched bytes."""

from __future__ import annotations

import numpy as np
import pytest

SENTINEL = 0xEE


def _align32(n: int) -> int:
    return (n + 31) // 32 * 32


def _pad_in_reference(gm: np.ndarray, count, block_len, src_gap, dst_gap, is_pad, left, right, pad, ub_bytes):
    ub = np.full(ub_bytes, SENTINEL, np.uint8)
    item = gm.itemsize
    raw = gm.view(np.uint8)
    pad_bytes = np.array([pad], dtype=gm.dtype).view(np.uint8)
    ub_block = _align32((left + right) * item + block_len)
    for i in range(count):
        src = i * (block_len + src_gap)
        dst = i * (ub_block + dst_gap * 32)
        if is_pad:
            ub[dst: dst + left * item] = np.tile(pad_bytes, left)
        ub[dst + left * item: dst + left * item + block_len] = raw[src: src + block_len]
        if is_pad:
            start = dst + left * item + block_len
            ub[start: start + right * item] = np.tile(pad_bytes, right)
    return ub


@pytest.mark.parametrize(
    ("type_name", "count", "block_len", "src_gap", "dst_gap", "is_pad", "left", "right"),
    [
        ("float32", 1, 20, 0, 0, 1, 0, 3),     # a 5-element tail padded to one block
        ("float32", 1, 20, 0, 0, 0, 0, 3),     # same without padding: the rest stays as it was
        ("float16", 3, 14, 6, 1, 1, 2, 1),     # strided rows with left and right padding and a UB gap
        ("int8", 4, 33, 7, 0, 1, 0, 31),       # byte rows just over one block
        ("int64", 2, 24, 8, 0, 1, 1, 0),       # 64-bit with a zero pad value
        ("uint8", 1, 64, 0, 0, 0, 0, 0),       # aligned: a plain copy
    ],
)
def test_pad_in(probe, type_name, count, block_len, src_gap, dst_gap, is_pad, left, right):
    dtype = np.dtype(type_name)
    rng = np.random.default_rng(30)
    gm_elems = (count * (block_len + src_gap)) // dtype.itemsize + 4
    gm = rng.integers(1, 100, gm_elems).astype(dtype)
    ub_bytes = 1024
    pad_value = 0 if dtype.itemsize == 8 else 7
    args = [type_name, count, block_len, src_gap, dst_gap, is_pad, left, right, pad_value, ub_bytes]
    actual = probe.run("padin", args, [gm], np.uint8)
    expected = _pad_in_reference(gm, count, block_len, src_gap, dst_gap, is_pad, left, right, pad_value, ub_bytes)
    assert actual.tobytes() == expected.tobytes()


@pytest.mark.parametrize(
    ("type_name", "count", "block_len", "src_gap", "dst_gap"),
    [("float32", 1, 20, 0, 0), ("float16", 3, 10, 1, 6), ("int8", 5, 33, 0, 3), ("int32", 2, 64, 2, 0)],
)
def test_pad_out_writes_only_block_len_bytes(probe, type_name, count, block_len, src_gap, dst_gap):
    rng = np.random.default_rng(31)
    ub_block = _align32(block_len)
    ub = rng.integers(0, 255, count * (ub_block + src_gap * 32), dtype=np.uint8)
    gm_bytes = count * (block_len + dst_gap) + 64
    actual = probe.run("padout", [type_name, count, block_len, src_gap, dst_gap, gm_bytes], [ub], np.uint8)
    expected = np.full(gm_bytes, SENTINEL, np.uint8)
    for i in range(count):
        src = i * (ub_block + src_gap * 32)
        dst = i * (block_len + dst_gap)
        expected[dst: dst + block_len] = ub[src: src + block_len]
    assert actual.tobytes() == expected.tobytes()


def test_zero_block_len_is_a_nop(probe):
    gm = np.arange(16, dtype=np.float32)
    actual = probe.run("padin", ["float32", 1, 0, 0, 0, 1, 0, 0, 0, 64], [gm], np.uint8)
    assert (actual == SENTINEL).all()


def test_64_bit_pad_value_must_be_zero(probe):
    gm = np.arange(8, dtype=np.int64)
    message = probe.fails("padin", ["int64", 1, 24, 0, 0, 1, 0, 1, 5, 64], [gm])
    assert "padding value must be 0 for 64-bit types" in message


def test_pad_over_32_bytes_is_an_error(probe):
    gm = np.arange(64, dtype=np.float32)
    message = probe.fails("padin", ["float32", 1, 20, 0, 0, 1, 0, 9, 0, 128], [gm])
    assert "left/right padding above 32 bytes" in message


def test_gm_read_past_the_allocation_is_an_error(probe):
    gm = np.arange(8, dtype=np.float32)  # 32 bytes
    message = probe.fails("padin", ["float32", 2, 20, 0, 0, 0, 0, 0, 0, 128], [gm])
    assert "GM access out of bounds: bytes [20, 40) of a GM buffer of 32 bytes" in message
