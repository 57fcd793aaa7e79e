"""Software half and bfloat16_t: round-to-nearest-even from float, exact widening, scalar arithmetic, vs numpy."""

from __future__ import annotations

from pathlib import Path

import ml_dtypes
import numpy as np
import pytest

CPP_DIR = Path(__file__).resolve().parent / "cpp"


@pytest.fixture(scope="module")
def outputs(cpu_model, tmp_path_factory):
    exe = cpu_model.build_kernel([CPP_DIR / "scalar_types.cpp"], name="scalar_types")
    work = tmp_path_factory.mktemp("scalar_types")
    rng = np.random.default_rng(50)
    x = np.concatenate(
        [
            np.array([0.0, -0.0, np.inf, -np.inf, np.nan, 65504.0, 65520.0, 65519.99, 1e-8, 5.96e-8, 2.98e-8,
                      3.0e-8, 6.1e-5, 3.3895314e38, 3.3961776e38, 1.17e-38, 1e-45], np.float32),
            rng.integers(0, 2**32, 20000, dtype=np.uint64).astype(np.uint32).view(np.float32),
            (rng.standard_normal(5000) * 1000).astype(np.float32),
        ]
    )
    x.tofile(work / "in.bin")
    names = ["half", "bf16", "wide_half", "wide_bf16", "arith"]
    cpu_model.gxx.run(exe, [work / "in.bin", *[work / f"{n}.bin" for n in names]])
    result = {n: np.fromfile(work / f"{n}.bin", dtype=np.uint16 if n in ("half", "bf16") else np.float32) for n in names}
    result["x"] = x
    return result


def _nan_aware_equal(actual_bits, expected_bits, as_float):
    with np.errstate(all="ignore"):
        both_nan = np.isnan(as_float(actual_bits)) & np.isnan(as_float(expected_bits))
    bad = (actual_bits != expected_bits) & ~both_nan
    assert not bad.any(), f"{int(bad.sum())} differ, first {np.flatnonzero(bad)[:5]}"


def test_float_to_half_is_round_to_nearest_even(outputs):
    with np.errstate(all="ignore"):
        expected = outputs["x"].astype(np.float16).view(np.uint16)
    _nan_aware_equal(outputs["half"], expected, lambda b: b.view(np.float16).astype(np.float32))


def test_float_to_bf16_is_round_to_nearest_even(outputs):
    with np.errstate(all="ignore"):
        expected = outputs["x"].astype(ml_dtypes.bfloat16).view(np.uint16)
    _nan_aware_equal(outputs["bf16"], expected, lambda b: b.view(ml_dtypes.bfloat16).astype(np.float32))


def test_every_bit_pattern_widens_exactly(outputs):
    every = np.arange(0x10000, dtype=np.uint32).astype(np.uint16)
    with np.errstate(all="ignore"):
        for key, dtype in (("wide_half", np.float16), ("wide_bf16", ml_dtypes.bfloat16)):
            expected = every.view(dtype).astype(np.float32)
            _nan_aware_equal(outputs[key].view(np.uint32), expected.view(np.uint32), lambda b: b.view(np.float32))


def test_scalar_arithmetic_rounds_to_half_after_each_step(outputs):
    acc = np.float16(0)
    for _ in range(1000):
        acc = np.float16(np.float32(acc) + np.float32(np.float16(0.1)))
    scaled = np.float16(np.float32(acc) * np.float32(3.0))
    scaled = np.float16(np.float32(scaled) - np.float32(1.5))
    quotient = np.float16(np.float32(1.0) / np.float32(3.0))
    expected = np.array([acc, scaled, quotient, -acc, 1.0 if acc < scaled else 0.0], np.float32)
    assert outputs["arith"].tolist() == expected.tolist()
