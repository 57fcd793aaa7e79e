"""The instruction counters of the CPU model on a toy kernel with known counts: per core and in total, printed by
the launcher as one JSON line per launch (CPU_MODEL_COUNTERS=<file> or LaunchOptions::countersPath)."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

CPP = Path(__file__).resolve().parent / "cpp" / "counter_cases.cpp"

# What ToyKernel does on each core (counter_cases.cpp).
PER_CORE = {
    "dma_gm_to_ub": 2, "dma_gm_to_ub_bytes": 512, "dma_ub_to_gm": 1, "dma_ub_to_gm_bytes": 256, "dma_ub_to_ub": 0,
    "vector_calls": 5, "vector_repeats": 1 + 1 + 1 + 3 + 2, "vector_bytes": 256 + 256 + 256 + 3 * 256 + 400,
    "set_flags": 1, "wait_flags": 1, "pipe_barriers": 1, "enques": 2, "deques": 2, "input_tiles": 1,
    "sync_alls": 0,
    "scalar_gm_reads": 2, "scalar_gm_writes": 0, "scalar_gm_read_bytes": 8, "scalar_gm_write_bytes": 0,
    "scalar_ub_reads": 0, "scalar_ub_writes": 0,
    # per API and dtype: the two Adds and the level-0 Add; Compares is counted as the CompareScalar it calls
    "vector_by_api": {"Add.float": {"calls": 3, "repeats": 5}, "Adds.float": {"calls": 1, "repeats": 2},
                      "CompareScalar.float": {"calls": 1, "repeats": 1}},
}


@pytest.fixture(scope="module")
def counter_cases(cpu_model) -> Path:
    return cpu_model.build_kernel([CPP], name="counter_cases")


def _launches(path: Path) -> list[dict]:
    return [json.loads(line) for line in path.read_text(encoding="utf-8").splitlines()]


def test_toy_kernel_counts_per_core_and_in_total(cpu_model, counter_cases, tmp_path):
    out = tmp_path / "counters.jsonl"
    cpu_model.gxx.run(counter_cases, ["3", "--counters", out])
    (launch,) = _launches(out)
    assert launch["block_dim"] == 3
    assert launch["per_core"] == [PER_CORE] * 3
    assert launch["total"] == {key: 3 * value for key, value in PER_CORE.items() if key != "vector_by_api"} | {
        "vector_by_api": {key: {"calls": 3 * v["calls"], "repeats": 3 * v["repeats"]}
                          for key, v in PER_CORE["vector_by_api"].items()}}


def test_the_environment_variable_appends_one_line_per_launch(cpu_model, counter_cases, tmp_path, monkeypatch):
    out = tmp_path / "counters.jsonl"
    monkeypatch.setenv("CPU_MODEL_COUNTERS", str(out))
    cpu_model.gxx.run(counter_cases, ["1"])
    cpu_model.gxx.run(counter_cases, ["2"])
    first, second = _launches(out)
    assert (first["block_dim"], second["block_dim"]) == (1, 2)
    assert first["total"]["dma_gm_to_ub"] == 2 and second["total"]["dma_gm_to_ub"] == 4
    assert first["total"]["vector_calls"] == 5 and second["total"]["vector_calls"] == 10


def test_nothing_is_written_unless_asked(cpu_model, counter_cases, tmp_path, monkeypatch):
    monkeypatch.delenv("CPU_MODEL_COUNTERS", raising=False)
    monkeypatch.delenv("CPU_MODEL_COST_TABLE", raising=False)
    result = cpu_model.gxx.run(counter_cases, ["1"])
    assert result.stdout == b"" and result.stderr == b""
