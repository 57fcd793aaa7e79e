"""The ops-math style sample kernel on the CPU model: 1 and 40 cores, threads and sequential, same bits as numpy."""

from __future__ import annotations

from pathlib import Path

import numpy as np
import pytest

SAMPLE_DIR = Path(__file__).resolve().parents[1] / "sample"


@pytest.fixture(scope="module")
def sample_driver(cpu_model):
    return cpu_model.build_kernel(
        [SAMPLE_DIR / "sample_kernel.cpp", SAMPLE_DIR / "sample_driver.cpp"], include_dirs=[SAMPLE_DIR], name="sample"
    )


def _golden(x, y, scale):
    return ((x.astype(np.float32) + y.astype(np.float32)) * np.float32(scale)).astype(np.float16)


@pytest.mark.parametrize("n", [1, 31, 4113, 100003])
def test_one_and_forty_cores_give_identical_results(cpu_model, sample_driver, tmp_path, n):
    rng = np.random.default_rng(n)
    x = (rng.standard_normal(n) * 10).astype(np.float16)
    y = (rng.standard_normal(n) * 10).astype(np.float16)
    outputs = {}
    for cores in (1, 40):
        for mode in ("threads", "sequential", "sequential-reverse", "sequential-shuffle"):
            result = cpu_model.run_kernel(
                sample_driver,
                tmp_path / f"{cores}-{mode}",
                {"x": x, "y": y},
                {"z": np.float16},
                cores=cores,
                mode=mode,
                options={"scale": 0.75},
            )
            outputs[(cores, mode)] = result["z"]
    golden = _golden(x, y, 0.75)
    for key, z in outputs.items():
        cpu_model.assert_bitwise_equal(z, golden)
    assert outputs[(1, "threads")].tobytes() == outputs[(40, "threads")].tobytes()


def test_forty_cores_really_split_the_work(cpu_model, sample_driver, tmp_path):
    x = np.ones(100003, np.float16)
    cpu_model.run_kernel(sample_driver, tmp_path, {"x": x, "y": x}, {"z": np.float16}, cores=40)
    assert cpu_model.last_run.stdout.decode().startswith("blockDim 40 tile 2048")


def test_harness_comparisons_fail_on_a_difference(cpu_model):
    a = np.array([1.0, np.nan, -0.0], np.float16)
    cpu_model.assert_bitwise_equal(a, np.array([1.0, np.nan, -0.0], np.float16))
    with pytest.raises(AssertionError, match="1 of 3 differ"):
        cpu_model.assert_bitwise_equal(a, np.array([1.0, np.nan, 0.0], np.float16))
    cpu_model.assert_close(np.array([1.0, 2.0]), np.array([1.001, 2.0]), rtol=1e-2, atol=0)
    with pytest.raises(AssertionError, match="outside tolerance"):
        cpu_model.assert_close(np.array([1.0, np.inf]), np.array([1.0, 1e30]), rtol=1e-2, atol=0)
