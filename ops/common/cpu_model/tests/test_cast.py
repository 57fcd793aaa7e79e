"""Cast of the CPU model against the Python rounding reference, for every A2 pair and round mode."""

from __future__ import annotations

import importlib.util
from pathlib import Path

import ml_dtypes
import numpy as np
import pytest


def _load_reference():
    # --import-mode=importlib puts no test directory on sys.path, so the sibling module is loaded by path.
    path = Path(__file__).resolve().parent / "rounding_reference.py"
    spec = importlib.util.spec_from_file_location("cpu_model_rounding_reference", path)
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


_reference = _load_reference()
round_to_float = _reference.round_to_float
round_to_int = _reference.round_to_int

ROUNDING = ["CAST_RINT", "CAST_FLOOR", "CAST_CEIL", "CAST_ROUND", "CAST_TRUNC"]
DTYPES = {
    "float16": np.float16,
    "bfloat16": ml_dtypes.bfloat16,
    "float32": np.float32,
    "int8": np.int8,
    "uint8": np.uint8,
    "int16": np.int16,
    "int32": np.int32,
    "int64": np.int64,
}


def _float32_edges(rng) -> np.ndarray:
    special = np.array(
        [0.0, -0.0, 1.0, -1.0, 0.5, 1.5, 2.5, -2.5, 65504.0, 65519.996, 65520.0, 65536.0, 1e30, -1e30,
         5.9604645e-08, 2.9802322e-08, 2.9802326e-08, 8.940697e-08, 6.1035156e-05, 6.1035152e-05,
         3.3895314e38, 1.1754944e-38, 1.0e-40, np.inf, -np.inf, np.nan, 2147483520.0, 2147483648.0, -2147483648.0,
         127.5, 128.0, -128.5, 255.5, 256.0, 32767.5, -32768.5],
        dtype=np.float32,
    )
    bits = rng.integers(0, 2**32, size=6000, dtype=np.uint64).astype(np.uint32).view(np.float32)
    near_half = (rng.standard_normal(3000) * 100).astype(np.float32)
    tiny = (rng.standard_normal(1000) * 1e-6).astype(np.float32)
    return np.concatenate([special, bits, near_half, tiny])


def _same(actual: np.ndarray, expected: np.ndarray) -> None:
    with np.errstate(all="ignore"):  # signalling NaNs raise "invalid" when widened
        _compare(actual, expected)


def _compare(actual: np.ndarray, expected: np.ndarray) -> None:
    a = actual.astype(np.float64) if actual.dtype.kind == "V" or actual.dtype == ml_dtypes.bfloat16 else actual
    e = expected.astype(np.float64) if expected.dtype == ml_dtypes.bfloat16 else expected
    if np.issubdtype(np.asarray(e).dtype, np.floating):
        both_nan = np.isnan(a.astype(np.float64)) & np.isnan(e.astype(np.float64))
        bits_a = actual.view(np.uint16 if actual.itemsize == 2 else np.uint32)
        bits_e = expected.view(np.uint16 if expected.itemsize == 2 else np.uint32)
        bad = ~both_nan & (bits_a != bits_e)
    else:
        bad = a != e
    where = np.flatnonzero(bad)[:5]
    assert not bad.any(), f"{int(bad.sum())} mismatches at {where}: got {actual[where]}, expected {expected[where]}"


@pytest.mark.parametrize("mode", ["CAST_NONE", *ROUNDING, "CAST_ODD"])
def test_float_to_half_every_mode(probe, mode):
    x = _float32_edges(np.random.default_rng(1))
    actual = probe.run("cast", ["float32", "float16", mode], [x], np.float16)
    _same(actual, round_to_float(x, "float16", mode))


def test_float_to_half_rint_matches_numpy(probe):
    x = _float32_edges(np.random.default_rng(2))
    actual = probe.run("cast", ["float32", "float16", "CAST_RINT"], [x], np.float16)
    with np.errstate(all="ignore"):
        _same(actual, x.astype(np.float16))


@pytest.mark.parametrize("mode", ROUNDING)
def test_float_to_bf16(probe, mode):
    x = _float32_edges(np.random.default_rng(3))
    actual = probe.run("cast", ["float32", "bfloat16", mode], [x], ml_dtypes.bfloat16)
    _same(actual, round_to_float(x, "bfloat16", mode))
    if mode == "CAST_RINT":
        with np.errstate(all="ignore"):
            by_ml_dtypes = x.astype(ml_dtypes.bfloat16)
        _same(actual, by_ml_dtypes)


def test_every_half_and_bf16_widens_exactly(probe):
    every = np.arange(0x10000, dtype=np.uint32).astype(np.uint16)
    as_float = probe.run("cast", ["float16", "float32", "CAST_NONE"], [every.view(np.float16)], np.float32)
    _same(as_float, every.view(np.float16).astype(np.float32))
    as_float = probe.run("cast", ["bfloat16", "float32", "CAST_NONE"], [every.view(ml_dtypes.bfloat16)], np.float32)
    _same(as_float, every.view(ml_dtypes.bfloat16).astype(np.float32))


@pytest.mark.parametrize("dst", ["int16", "int32", "int64"])
@pytest.mark.parametrize("mode", ROUNDING)
def test_float_to_int(probe, dst, mode):
    x = _float32_edges(np.random.default_rng(4))
    actual = probe.run("cast", ["float32", dst, mode], [x], DTYPES[dst])
    _same(actual, round_to_int(x, DTYPES[dst], mode))


@pytest.mark.parametrize("mode", ROUNDING)
def test_float_to_float_rounds_to_integral(probe, mode):
    x = _float32_edges(np.random.default_rng(5))
    actual = probe.run("cast", ["float32", "float32", mode], [x], np.float32)
    with np.errstate(all="ignore"):
        expected = round_to_int(x, np.int64, mode).astype(np.float32)
        big = ~np.isfinite(x) | (np.abs(x) >= 2.0**23)
        expected = np.where(big, x, expected)
        expected = np.where((expected == 0), np.copysign(np.float32(0), x), expected).astype(np.float32)
    _same(actual, expected)


@pytest.mark.parametrize(
    ("src", "dst", "modes"),
    [
        ("float16", "int8", ["CAST_NONE", *ROUNDING]),
        ("float16", "uint8", ["CAST_NONE", *ROUNDING]),
        ("float16", "int16", ROUNDING),
        ("float16", "int32", ROUNDING),
        ("bfloat16", "int32", ROUNDING),
    ],
)
def test_small_float_to_int(probe, src, dst, modes):
    every = np.arange(0x10000, dtype=np.uint32).astype(np.uint16).view(DTYPES[src])
    for mode in modes:
        actual = probe.run("cast", [src, dst, mode], [every], DTYPES[dst])
        with np.errstate(all="ignore"):
            widened = every.astype(np.float64)
        _same(actual, round_to_int(widened, DTYPES[dst], mode))


def test_int_to_float_pairs(probe):
    rng = np.random.default_rng(6)
    i8 = np.arange(-128, 128, dtype=np.int8)
    _same(probe.run("cast", ["int8", "float16", "CAST_NONE"], [i8], np.float16), i8.astype(np.float16))
    u8 = np.arange(256, dtype=np.uint8)
    _same(probe.run("cast", ["uint8", "float16", "CAST_NONE"], [u8], np.float16), u8.astype(np.float16))
    i16 = np.arange(-32768, 32768, dtype=np.int32).astype(np.int16)
    for mode in ["CAST_NONE", *ROUNDING]:
        _same(probe.run("cast", ["int16", "float16", mode], [i16], np.float16), round_to_float(i16, "float16", mode))
    _same(probe.run("cast", ["int16", "float32", "CAST_NONE"], [i16], np.float32), i16.astype(np.float32))
    i32 = np.concatenate([rng.integers(-(2**31), 2**31, 4000), [2**31 - 1, -(2**31), 16777217, -16777217]]).astype(np.int32)
    for mode in ["CAST_NONE", *ROUNDING]:
        expected = probe.run("cast", ["int32", "float32", mode], [i32], np.float32)
        ref = _round_exact_to_float32(i32.astype(object), mode)
        _same(expected, ref)
    i64 = np.concatenate([rng.integers(-(2**63), 2**63 - 1, 4000, dtype=np.int64), [2**63 - 1, -(2**63), 2**53 + 1]])
    for mode in ROUNDING:
        _same(probe.run("cast", ["int64", "float32", mode], [i64.astype(np.int64)], np.float32),
              _round_exact_to_float32(i64.astype(object), mode))


def _round_exact_to_float32(values, mode: str) -> np.ndarray:
    """Exact integer -> float32 rounding with Python integers (no float64 double rounding)."""
    out = []
    for v in values:
        v = int(v)
        if v == 0:
            out.append(0.0)
            continue
        mag = abs(v)
        shift = max(mag.bit_length() - 24, 0)
        q, r = divmod(mag, 1 << shift)
        half = 1 << shift >> 1 if shift else 0
        up = False
        if r:
            if mode in ("CAST_RINT", "CAST_NONE"):
                up = r > half or (r == half and q % 2 == 1)
            elif mode == "CAST_ROUND":
                up = r >= half
            elif mode == "CAST_TRUNC":
                up = False
            elif mode == "CAST_FLOOR":
                up = v < 0
            elif mode == "CAST_CEIL":
                up = v > 0
        q += up
        out.append(float(q << shift) * (1 if v > 0 else -1))
    return np.array(out, dtype=np.float32)


def test_int_narrowing_saturates(probe):
    i32 = np.array([0, 1, -1, 32767, 32768, -32768, -32769, 2**31 - 1, -(2**31)], dtype=np.int32)
    _same(probe.run("cast", ["int32", "int16", "CAST_NONE"], [i32], np.int16), np.clip(i32, -32768, 32767).astype(np.int16))
    _same(probe.run("cast", ["int32", "int64", "CAST_NONE"], [i32], np.int64), i32.astype(np.int64))
    i64 = np.array([0, 2**31, -(2**31) - 1, 5, -5], dtype=np.int64)
    _same(probe.run("cast", ["int64", "int32", "CAST_NONE"], [i64], np.int32),
          np.clip(i64, -(2**31), 2**31 - 1).astype(np.int32))


def test_mode_not_allowed_for_the_pair_is_an_error(probe):
    message = probe.fails("cast", ["float16", "float32", "CAST_RINT"], [np.zeros(16, np.float16)])
    assert "Cast: CAST_RINT is not supported for this pair on A2" in message
    message = probe.fails("cast", ["float16", "int32", "CAST_NONE"], [np.zeros(16, np.float16)])
    assert "CAST_NONE is not supported" in message


def test_float_floor_cast_rounds_to_integral_values(probe):
    x = np.array([-1.5, -0.5, 0.5, 2.0, 1e30, -0.0, -0.25], dtype=np.float32)
    actual = probe.run("cast", ["float32", "float32", "CAST_FLOOR"], [x], np.float32)
    _same(actual, np.array([-2, -1, 0, 2, 1e30, -0.0, -1], dtype=np.float32))
    actual = probe.run("cast", ["float32", "float32", "CAST_TRUNC"], [x], np.float32)
    _same(actual, np.array([-1, -0.0, 0, 2, 1e30, -0.0, -0.0], dtype=np.float32))
