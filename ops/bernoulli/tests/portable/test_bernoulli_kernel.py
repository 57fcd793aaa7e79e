# ----------------------------------------------------------------------------------------------------------------------
# Copyright (c) 2026 op-migrate contributors.
# This program is free software, you can redistribute it and/or modify it under the terms and conditions of
# CANN Open Software License Agreement Version 2.0 (the "License").
# Please refer to the License for details. You may not use this file except in compliance with the License.
# THIS SOFTWARE IS PROVIDED ON AN "AS IS" BASIS, WITHOUT WARRANTIES OF ANY KIND, EITHER EXPRESS OR IMPLIED,
# INCLUDING BUT NOT LIMITED TO NON-INFRINGEMENT, MERCHANTABILITY, OR FITNESS FOR A PARTICULAR PURPOSE.
# See LICENSE in the root of the software repository for the full text of the License.
# ----------------------------------------------------------------------------------------------------------------------
"""The real Bernoulli kernel on the CPU model with real threads: known and random masks for every dtype, 1 and 48
cores, single and many stages, the ZERO / ONE modes, and the bytes past the N outputs left untouched."""

from __future__ import annotations

import subprocess
from pathlib import Path

import numpy as np
import pytest

import bernoulli_golden

HERE = Path(__file__).resolve().parent
OP = HERE.parents[1]
CXX_TYPES = {"float16": "half", "float32": "float", "bfloat16": "bfloat16_t", "float64": "double", "int8": "int8_t",
             "uint8": "uint8_t", "int16": "int16_t", "int32": "int32_t", "int64": "int64_t", "bool": "bool"}
KNOWN = {"0x01": 0x01, "0x80": 0x80, "0x55": 0x55, "0xaa": 0xAA}
CORES = [(1, "sequential"), (48, "threads")]


@pytest.fixture(scope="module")
def kernels(cpu_model):
    built = {}

    def build(dtype: str) -> Path:
        if dtype not in built:
            built[dtype] = cpu_model.build_kernel(
                [HERE / "cpp" / "kernel_main.cpp"],
                include_dirs=[OP / "op_kernel", OP / "op_host"],
                defines=[f"DTYPE_Y={CXX_TYPES[dtype]}", f"DTYPE_CODE={bernoulli_golden.CODES[dtype]}"],
                name=f"bernoulli_kernel_{dtype}",
            )
        return built[dtype]

    return build


GUARD = b"\xa5" * 64  # kernel_main.cpp: the bytes right after out's N*S bytes


def run(exe: Path, tmp: Path, mode: str, n: int, cores: int, launch: str, mask: np.ndarray | None = None,
        ub: int | None = None) -> tuple[bytes, dict]:
    mask = np.zeros(0, np.uint8) if mask is None else mask
    mask.tofile(tmp / "mask.bin")
    args = [str(exe), str(bernoulli_golden.MODES[mode]), str(cores), launch, str(n), str(tmp / "mask.bin"),
            str(tmp / "storage.bin")] + ([str(ub)] if ub else [])
    done = subprocess.run(args, capture_output=True, text=True, timeout=300)
    assert done.returncode == 0, (done.returncode, done.stderr[-2000:])
    fields = ("block_dim", "stage", "tile", "stages", "ub_plan", "ub_used", "mask_in_output")
    info = dict(zip(fields, map(int, done.stdout.split())))
    # the tiling's UB model is exactly what the kernel reserves (nothing at all for an empty tensor)
    assert info["ub_used"] == (info["ub_plan"] if n > 0 else 0), info
    return (tmp / "storage.bin").read_bytes(), info


def check_storage(storage: bytes, dtype: str, n: int, expected: np.ndarray) -> None:
    """out's N*S bytes equal the golden bit for bit; the guard after them is untouched."""
    size = bernoulli_golden.storage_dtype(dtype).itemsize
    got = np.frombuffer(storage[: n * size], dtype=np.uint8)
    want = np.frombuffer(expected.tobytes(), dtype=np.uint8)
    bad = np.flatnonzero(got != want)
    assert bad.size == 0, f"{bad.size} bytes differ, first at element {bad[0] // size}"
    assert storage[n * size:] == GUARD, f"the {len(GUARD)} bytes after out's {n * size} were written"


def expand_case(kernels, tmp_path, dtype, n, mask, cores, launch, ub=None) -> dict:
    storage, info = run(kernels(dtype), tmp_path, "RANDOM_ALIASED", n, cores, launch, mask, ub)
    check_storage(storage, dtype, n, bernoulli_golden.expand(mask, n, dtype))
    return info


@pytest.mark.parametrize("dtype", bernoulli_golden.DTYPES)
@pytest.mark.parametrize("cores, launch", CORES)
def test_known_masks_give_exactly_their_bits(kernels, tmp_path: Path, dtype: str, cores: int, launch: str) -> None:
    """0x01 / 0x80 / 0x55 / 0xaa pin the LSB-first order inside a byte; one core up to the single-core limit, many
    above."""
    for n in (1000, 300_000):
        for name, byte in KNOWN.items():
            mask = np.full(bernoulli_golden.dsa_mask_bytes(n), byte, dtype=np.uint8)
            info = expand_case(kernels, tmp_path, dtype, n, mask, cores, launch)
            assert (info["block_dim"] == 1) == (n == 1000 or cores == 1), (name, info)


@pytest.mark.parametrize("dtype", bernoulli_golden.DTYPES)
@pytest.mark.parametrize("cores, launch", CORES)
def test_random_masks_over_odd_sizes(kernels, tmp_path: Path, dtype: str, cores: int, launch: str) -> None:
    rng = np.random.default_rng(bernoulli_golden.CODES[dtype])
    for n in (0, 1, 5, 15, 16, 17, 255, 257, 4097, 20_001, 131_073, 250_001):
        mask = rng.integers(0, 256, size=bernoulli_golden.dsa_mask_bytes(n), dtype=np.uint8)
        expand_case(kernels, tmp_path, dtype, n, mask, cores, launch)


@pytest.mark.parametrize("dtype", bernoulli_golden.DTYPES)
def test_small_outputs_keep_the_dsa_block_inside_their_storage(kernels, tmp_path: Path, dtype: str) -> None:
    """out holds exactly N*S bytes (ViewCopy re-points the private output at it) and DSAGenBitMask writes 16 bytes:
    below N*S = 16 the mask must live elsewhere, or its block lands in the guard after out."""
    size = bernoulli_golden.storage_dtype(dtype).itemsize
    rng = np.random.default_rng(50 + bernoulli_golden.CODES[dtype])
    for n in range(1, 20):
        mask = rng.integers(0, 256, size=bernoulli_golden.dsa_mask_bytes(n), dtype=np.uint8)
        info = expand_case(kernels, tmp_path, dtype, n, mask, 1, "sequential")
        assert info["mask_in_output"] == (n * size >= 16), (n, info)


@pytest.mark.parametrize("dtype", bernoulli_golden.DTYPES)
@pytest.mark.parametrize("cores, launch", CORES)
def test_many_stages_high_to_low(kernels, tmp_path: Path, dtype: str, cores: int, launch: str) -> None:
    """A 20 KiB UB (12 KiB after the reserve) splits each core's share into many global stages with SyncAll."""
    rng = np.random.default_rng(100 + bernoulli_golden.CODES[dtype])
    n = 400_003 if cores == 1 else 3_000_001
    mask = rng.integers(0, 256, size=bernoulli_golden.dsa_mask_bytes(n), dtype=np.uint8)
    info = expand_case(kernels, tmp_path, dtype, n, mask, cores, launch, ub=20480)
    assert info["stages"] > (1 if cores == 48 else 5), info


@pytest.mark.parametrize("dtype", bernoulli_golden.DTYPES)
@pytest.mark.parametrize("cores, launch", CORES)
def test_zero_and_one_modes(kernels, tmp_path: Path, dtype: str, cores: int, launch: str) -> None:
    for mode, value in (("ZERO", 0), ("ONE", 1)):
        for n in (1, 15, 300, 70_001):
            storage, info = run(kernels(dtype), tmp_path, mode, n, cores, launch)
            check_storage(storage, dtype, n, bernoulli_golden.constant(n, dtype, value))
            assert 1 <= info["block_dim"] <= cores and (info["block_dim"] > 1) == (cores > 1 and n > 256), info


@pytest.mark.parametrize("launch", ["sequential-reverse", "sequential-shuffle"])
def test_adversarial_core_orders_with_many_stages(kernels, tmp_path: Path, launch: str) -> None:
    """Each SyncAll phase run core by core, last core first or shuffled: an overwrite of a mask byte another core
    still needs would show up here deterministically (and the model's GM race detector is on)."""
    rng = np.random.default_rng(17)
    for dtype in ("int8", "float32", "float64"):
        n = 3_000_001
        mask = rng.integers(0, 256, size=bernoulli_golden.dsa_mask_bytes(n), dtype=np.uint8)
        info = expand_case(kernels, tmp_path, dtype, n, mask, 48, launch, ub=20480)
        assert info["block_dim"] == 48 and info["stages"] > 1, info


def test_one_and_48_cores_agree_bitwise(kernels, tmp_path: Path) -> None:
    rng = np.random.default_rng(3)
    n = 1_000_000
    mask = rng.integers(0, 256, size=bernoulli_golden.dsa_mask_bytes(n), dtype=np.uint8)
    one, _ = run(kernels("float16"), tmp_path, "RANDOM_ALIASED", n, 1, "sequential", mask)
    many, info = run(kernels("float16"), tmp_path, "RANDOM_ALIASED", n, 48, "threads", mask)
    assert info["block_dim"] == 48
    assert one == many
