"""The multi-core launcher: SyncAll separates phases on every core; sequential mode is deterministic."""

from __future__ import annotations

from pathlib import Path

import numpy as np
import pytest

CPP_DIR = Path(__file__).resolve().parent / "cpp"


@pytest.fixture(scope="module")
def launch_cases(cpu_model):
    return cpu_model.build_kernel([CPP_DIR / "launch_cases.cpp"], name="launch_cases")


@pytest.mark.parametrize("mode", ["threads", "sequential", "reverse", "shuffle"])
@pytest.mark.parametrize("cores", [1, 7, 40])
def test_syncall_is_a_barrier(cpu_model, launch_cases, mode, cores):
    # each round every core must see all cores' values of that round: sum(i + 1 + round) over cores
    expected = sum(sum(i + 1 + r for i in range(cores)) for r in range(3))
    for _ in range(5 if mode == "threads" else 1):
        out = cpu_model.gxx.run(launch_cases, ["barrier", mode, cores]).stdout.decode().split()
        assert out == [str(expected)] * cores


def test_sequential_mode_runs_cores_in_order_per_phase(cpu_model, launch_cases):
    out = cpu_model.gxx.run(launch_cases, ["order", "sequential", 4]).stdout.decode().split()
    assert out == [f"{phase}:{core}" for phase in range(2) for core in range(4)]
    out = cpu_model.gxx.run(launch_cases, ["order", "reverse", 4]).stdout.decode().split()
    assert out == [f"{phase}:{core}" for phase in range(2) for core in (3, 2, 1, 0)]


def test_shuffled_order_is_a_fixed_permutation_per_seed(cpu_model, launch_cases):
    runs = {cpu_model.gxx.run(launch_cases, ["order", "shuffle", 6]).stdout for _ in range(3)}
    assert len(runs) == 1
    entries = runs.pop().decode().split()
    phase0 = [int(e.split(":")[1]) for e in entries if e.startswith("0:")]
    phase1 = [int(e.split(":")[1]) for e in entries if e.startswith("1:")]
    assert sorted(phase0) == list(range(6)) and phase0 == phase1
    assert phase0 != list(range(6))


def test_user_workspace_is_the_pointer_the_driver_passed(cpu_model, launch_cases):
    assert cpu_model.gxx.run(launch_cases, ["workspace", "threads", 1]).stdout.decode().split() == ["same"]


def _packed_mask(cores: int) -> np.ndarray:
    total = 256 * cores
    mask = ((np.arange(total // 8) * 37 + 11) % 256).astype(np.uint8)
    return np.unpackbits(mask, bitorder="little")


@pytest.mark.parametrize("mode", ["threads", "sequential", "reverse", "shuffle"])
@pytest.mark.parametrize("cores", [1, 8, 40])
def test_in_place_expansion_with_syncall_is_race_free(cpu_model, launch_cases, mode, cores):
    out = cpu_model.gxx.run(launch_cases, ["expand", mode, cores]).stdout.decode().strip()
    assert out == "".join(map(str, _packed_mask(cores)))


@pytest.mark.parametrize("mode", ["threads", "sequential", "reverse"])
def test_in_place_expansion_without_syncall_is_reported(cpu_model, launch_cases, mode):
    result = cpu_model.gxx.run(launch_cases, ["expand-unstaged", mode, 8], check=False)
    assert result.returncode == 3
    assert "GM race: core" in result.stderr.decode()


def test_synchronised_pipe_idioms_pass_the_pipe_sync_check(cpu_model, launch_cases):
    assert cpu_model.gxx.run(launch_cases, ["pipe-sync-ok", "sequential", 1]).stdout.split() == [b"ok"]


def test_tiling_macros_and_tiling_key(cpu_model, launch_cases):
    out = cpu_model.gxx.run(launch_cases, ["tiling", "threads", 3]).stdout.decode().split()
    per_key = [[str((5 + 3 * core) * 100 + key) for core in range(3)] for key in (7, 9, -1)]
    assert out == per_key[0] + per_key[1] + per_key[2]
