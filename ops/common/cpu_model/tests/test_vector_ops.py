"""Vector APIs of the CPU model against numpy: arithmetic, logic, shifts, Compare bit order, Select, reductions, Gather."""

from __future__ import annotations

import numpy as np
import pytest

FLOATS = {"float16": np.float16, "float32": np.float32}
ARITH = {"float16": np.float16, "float32": np.float32, "int16": np.int16, "int32": np.int32}


def _values(dtype, n, rng):
    if np.issubdtype(dtype, np.floating):
        data = (rng.standard_normal(n) * 50).astype(dtype)
        data[:6] = np.array([0.0, -0.0, np.inf, -np.inf, np.nan, 1.0], dtype=dtype)
        return data
    info = np.iinfo(dtype)
    data = rng.integers(info.min, info.max, size=n, endpoint=True).astype(dtype)
    data[:3] = [info.min, info.max, 0]
    return data


def _assert_same(actual, expected):
    if np.issubdtype(expected.dtype, np.floating):
        both_nan = np.isnan(actual) & np.isnan(expected)
        bad = ~both_nan & (actual.view(f"u{actual.itemsize}") != expected.view(f"u{expected.itemsize}"))
    else:
        bad = actual != expected
    where = np.flatnonzero(bad)[:5]
    assert not bad.any(), f"{int(bad.sum())} mismatches at {where}: got {actual[where]}, expected {expected[where]}"


NUMPY_BINARY = {
    "add": np.add,
    "sub": np.subtract,
    "mul": np.multiply,
    "max": np.maximum,
    "min": np.minimum,
}


@pytest.mark.parametrize("type_name", sorted(ARITH))
@pytest.mark.parametrize("op", sorted(NUMPY_BINARY))
def test_binary_arithmetic(probe, op, type_name):
    dtype = ARITH[type_name]
    rng = np.random.default_rng(10)
    a, b = _values(dtype, 3000, rng), _values(dtype, 3000, rng)
    actual = probe.run("binary", [op, type_name], [a, b], dtype)
    with np.errstate(all="ignore"):
        expected = NUMPY_BINARY[op](a, b).astype(dtype)  # integers wrap, halves are rounded once from float32
    _assert_same(actual, expected)


@pytest.mark.parametrize("type_name", sorted(FLOATS))
def test_div_and_abs(probe, type_name):
    dtype = FLOATS[type_name]
    rng = np.random.default_rng(11)
    a, b = _values(dtype, 3000, rng), _values(dtype, 3000, rng)
    b[10:20] = 0
    with np.errstate(all="ignore"):
        _assert_same(probe.run("binary", ["div", type_name], [a, b], dtype), (a / b).astype(dtype))
    _assert_same(probe.run("scalar", ["abs", type_name, 0], [a], dtype), np.abs(a))


@pytest.mark.parametrize("type_name", sorted(FLOATS))
def test_floor_of_the_advanced_api(probe, type_name):
    dtype = FLOATS[type_name]
    a = _values(dtype, 3000, np.random.default_rng(21))
    a[6:12] = np.array([-1.5, -0.5, 0.5, 2.0, -0.0, 1e4], dtype=dtype)
    _assert_same(probe.run("scalar", ["floor", type_name, 0], [a], dtype), np.floor(a))


@pytest.mark.parametrize("type_name", sorted(ARITH))
def test_create_vec_index(probe, type_name):
    dtype = ARITH[type_name]
    a = np.zeros(1000, dtype=dtype)  # one probe chunk: the index runs 0..999 from the first value
    _assert_same(probe.run("scalar", ["vecindex", type_name, 5], [a], dtype), (np.arange(1000) + 5).astype(dtype))


@pytest.mark.parametrize("type_name", sorted(ARITH))
def test_scalar_forms(probe, type_name):
    dtype = ARITH[type_name]
    rng = np.random.default_rng(12)
    a = _values(dtype, 2500, rng)
    scalar = dtype(3) if np.issubdtype(dtype, np.integer) else dtype(-1.25)
    with np.errstate(all="ignore"):
        expected = {
            "adds": (a + scalar).astype(dtype),
            "muls": (a * scalar).astype(dtype),
            "maxs": np.maximum(a, scalar),
            "mins": np.minimum(a, scalar),
        }
    for op, want in expected.items():
        _assert_same(probe.run("scalar", [op, type_name, scalar], [a], dtype), want)


@pytest.mark.parametrize("type_name", ["int16", "uint16"])
def test_logic(probe, type_name):
    dtype = np.dtype(type_name).type
    rng = np.random.default_rng(13)
    a, b = _values(dtype, 2048, rng), _values(dtype, 2048, rng)
    _assert_same(probe.run("binary", ["and", type_name], [a, b], dtype), a & b)
    _assert_same(probe.run("binary", ["or", type_name], [a, b], dtype), a | b)
    _assert_same(probe.run("scalar", ["not", type_name, 0], [a], dtype), ~a)


@pytest.mark.parametrize("type_name", ["int16", "uint16", "int32", "uint32"])
@pytest.mark.parametrize("shift", [0, 1, 7, 15])
def test_shifts(probe, type_name, shift):
    dtype = np.dtype(type_name).type
    a = _values(dtype, 1000, np.random.default_rng(14))
    _assert_same(probe.run("scalar", ["shl", type_name, shift], [a], dtype), (a << dtype(shift)).astype(dtype))
    # numpy shifts signed integers arithmetically, as the model does
    _assert_same(probe.run("scalar", ["shr", type_name, shift], [a], dtype), (a >> dtype(shift)).astype(dtype))


@pytest.mark.parametrize("type_name", ["int16", "uint16", "float16", "bfloat16", "int32", "uint32", "float32"])
def test_duplicate(probe, type_name):
    import ml_dtypes

    dtype = ml_dtypes.bfloat16 if type_name == "bfloat16" else np.dtype(type_name).type
    a = np.zeros(777, dtype=dtype)
    actual = probe.run("scalar", ["dup", type_name, 5], [a], dtype)
    assert (actual.astype(np.float64) == 5).all()


CMP = {"LT": np.less, "GT": np.greater, "EQ": np.equal, "LE": np.less_equal, "GE": np.greater_equal, "NE": np.not_equal}


@pytest.mark.parametrize("type_name", sorted(FLOATS))
@pytest.mark.parametrize("mode", sorted(CMP))
def test_compare_writes_bits_lsb_first(probe, type_name, mode):
    dtype = FLOATS[type_name]
    rng = np.random.default_rng(15)
    n = 2048
    a = _values(dtype, n, rng)
    b = np.where(rng.random(n) < 0.5, a, _values(dtype, n, rng)).astype(dtype)
    with np.errstate(all="ignore"):
        expected = np.packbits(CMP[mode](a, b), bitorder="little")
    _assert_same(probe.run("compare", [type_name, mode], [a, b], np.uint8), expected)
    scalar = dtype(0.5)
    with np.errstate(all="ignore"):
        expected = np.packbits(CMP[mode](a, scalar), bitorder="little")
    _assert_same(probe.run("compares", [type_name, mode, scalar], [a], np.uint8), expected)


def test_compare_bit_order_on_a_known_pattern(probe):
    a = np.zeros(64, np.float32)
    a[[0, 3, 9, 63]] = 1
    bits = probe.run("compares", ["float32", "GT", 0.5], [a], np.uint8)
    assert bits.tolist() == [0b00001001, 0b00000010, 0, 0, 0, 0, 0, 0b10000000]


def test_compare_int32_eq(probe):
    rng = np.random.default_rng(16)
    a = rng.integers(0, 4, 1024).astype(np.int32)
    b = rng.integers(0, 4, 1024).astype(np.int32)
    _assert_same(probe.run("compare", ["int32", "EQ"], [a, b], np.uint8), np.packbits(a == b, bitorder="little"))
    message = probe.fails("compare", ["int32", "LT"], [a, b])
    assert "int32_t supports CMPMODE::EQ only on A2" in message


@pytest.mark.parametrize("type_name", sorted(FLOATS))
def test_select_modes(probe, type_name):
    dtype = FLOATS[type_name]
    rng = np.random.default_rng(17)
    n = 1024
    src0, src1 = _values(dtype, n, rng), _values(dtype, n, rng)
    bits = rng.random(n) < 0.3
    mask = np.packbits(bits, bitorder="little")
    _assert_same(probe.run("select", [type_name, 2], [mask, src0, src1], dtype), np.where(bits, src0, src1))
    _assert_same(
        probe.run("select", [type_name, 1], [mask, src0, src1], dtype, trailing=["scalar"]), np.where(bits, src0, src1[0])
    )
    per_repeat = 256 // np.dtype(dtype).itemsize
    reused = bits[np.arange(n) % per_repeat]
    _assert_same(probe.run("select", [type_name, 0], [mask, src0, src1], dtype), np.where(reused, src0, src1))
    message = probe.fails("select", [type_name, 1], [mask, src0, src1])
    assert "VSEL_TENSOR_SCALAR_MODE takes a scalar src1" in message


@pytest.mark.parametrize("type_name", sorted(FLOATS))
@pytest.mark.parametrize("kind", ["min", "max"])
def test_reduce_whole_with_index(probe, type_name, kind):
    dtype = FLOATS[type_name]
    rng = np.random.default_rng(18)
    data = (rng.standard_normal(3001) * 100).astype(dtype)
    out = probe.run("reduce", [kind, type_name, "whole"], [data], np.uint8)
    value = out[: data.itemsize].view(dtype)[0]
    index = out[data.itemsize: 2 * data.itemsize].view(f"u{data.itemsize}")[0]
    want = np.argmin(data) if kind == "min" else np.argmax(data)
    assert index == want
    assert value == data[want]


@pytest.mark.parametrize("type_name", sorted(FLOATS))
def test_reduce_repeat_form_skips_strided_gaps(probe, type_name):
    dtype = FLOATS[type_name]
    per_block = 32 // np.dtype(dtype).itemsize
    data = np.full(per_block * 40, 100, dtype=dtype)
    mask, repeats, stride = per_block * 2, 5, 8  # 2 blocks used out of every 8
    used = np.concatenate([np.arange(r * stride * per_block, r * stride * per_block + mask) for r in range(repeats)])
    data[used] = np.arange(len(used), 0, -1).astype(dtype)
    data[per_block * 2 + 1] = -500  # in a gap: must be ignored
    out = probe.run("reduce", ["min", type_name, "repeat", mask, repeats, stride], [data], np.uint8)
    assert out[: data.itemsize].view(dtype)[0] == 1


@pytest.mark.parametrize("type_name", sorted(FLOATS))
@pytest.mark.parametrize("order", [0, 2])
def test_whole_reduce_per_repeat(probe, type_name, order):
    dtype = FLOATS[type_name]
    per_repeat = 256 // np.dtype(dtype).itemsize
    rng = np.random.default_rng(19)
    data = (rng.standard_normal(per_repeat * 6) * 10).astype(dtype)
    mask = per_repeat - 3
    out = probe.run("reduce", ["max", type_name, "wholerepeat", mask, 6, order], [data], np.uint8)
    rows = data.reshape(6, per_repeat)[:, :mask]
    if order == 0:  # value, index pairs
        pairs = out[: 6 * 2 * data.itemsize].view(dtype).reshape(6, 2)
        _assert_same(pairs[:, 0].copy(), rows.max(axis=1))
        indices = out[: 6 * 2 * data.itemsize].view(f"u{data.itemsize}").reshape(6, 2)[:, 1]
        assert indices.tolist() == rows.argmax(axis=1).tolist()
    else:  # values only
        _assert_same(out[: 6 * data.itemsize].view(dtype).copy(), rows.max(axis=1))


@pytest.mark.parametrize("type_name", ["float16", "float32", "int32", "uint16"])
def test_gather_byte_offsets(probe, type_name):
    dtype = np.dtype(type_name)
    rng = np.random.default_rng(20)
    src = rng.integers(0, 100, 512).astype(dtype)
    index = rng.integers(0, 512, 256)
    offsets = (index * dtype.itemsize).astype(np.uint32)
    _assert_same(probe.run("gather", [type_name], [src, offsets], dtype), src[index])
