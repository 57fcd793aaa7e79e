"""The predicted timeline (cpu_model/timeline.h) on small kernels whose cycles follow by hand from a test cost table:
pipes overlap, flags and queues hold the waiting pipe, the scalar unit waits for V_S, SyncAll joins the cores; and the
Atlas A2 table (cost_a2.toml) loads, cites every row and prices every API the self-test kernels use."""

from __future__ import annotations

import json
import tomllib
from pathlib import Path

import pytest

HERE = Path(__file__).resolve().parent
CPP = HERE / "cpp" / "timeline_cases.cpp"
A2_TABLE = HERE.parent / "cost_a2.toml"

# issue 1, vector instruction 10, DMA 16 + bytes / (32 MTE2, 64 MTE3), Add/Adds float 1 cycle per repeat.
TABLE = """
[clock]
cycles_per_second = 1e9
source = "test"
[[bandwidth]]
pipe = "MTE2"
bytes_per_cycle = 32
source = "test"
[[bandwidth]]
pipe = "MTE3"
bytes_per_cycle = 64
source = "test"
[[cost]]
name = "issue"
cycles = 1
source = "test"
[[cost]]
name = "vector_instruction"
cycles = 10
source = "test"
[[cost]]
name = "mte2_instruction"
cycles = 16
source = "test"
[[cost]]
name = "mte3_instruction"
cycles = 16
source = "test"
[[cost]]
name = "scalar_ub_read"
cycles = 3
source = "test"
[[cost]]
name = "sync_all"
cycles = 100
source = "test"
[vector_fallback]
cycles_per_repeat = 2
source = "test"
[[vector]]
api = "Adds"
dtype = "float"
elements = 64
source = "test"
"""

ADDS = 10 + 4  # four repeats of one cycle
COPY = 16 + 3200 // 32
# case -> (predicted cycles of the slowest core, busy cycles per pipe summed over cores)
EXPECTED = {
    # issue at 1, V 1..15; issue at 2, V waits until 15, ends 29
    "vector_chain": (1 + 2 * ADDS, {"S": 2, "V": 2 * ADDS, "MTE2": 0, "MTE3": 0}),
    # the copy (1..117) and the independent Adds (2..16) overlap
    "overlap": (1 + COPY, {"S": 2, "V": ADDS, "MTE2": COPY, "MTE3": 0}),
    # SetFlag fires at 117 when MTE2 reaches it; WaitFlag holds V until then; Adds 117..131
    "flag": (1 + COPY + ADDS, {"S": 4, "V": ADDS, "MTE2": COPY, "MTE3": 0}),
    # Adds 1..15; the scalar unit waits until 15, then reads (3 cycles)
    "scalar_wait": (1 + ADDS + 3, {"S": 3 + 3, "V": ADDS, "MTE2": 0, "MTE3": 0}),
    # EnQue/DeQue as the flag above; FreeTensor is one more issue
    "queue": (1 + COPY + ADDS, {"S": 5, "V": ADDS, "MTE2": COPY, "MTE3": 0}),
    # core 1 arrives at 43 (three Adds), both resume at 43 + 100, issue, Adds: 158
    "sync_all": (43 + 100 + 1 + ADDS, {"S": 6, "V": 6 * ADDS, "MTE2": 0, "MTE3": 0}),
    # Duplicate int16 has no row: the fallback's 2 cycles per repeat (N int16 = 2 repeats)
    "uncosted": (1 + 10 + 2 * 2, {"S": 1, "V": 14, "MTE2": 0, "MTE3": 0}),
}


@pytest.fixture(scope="module")
def timeline_cases(cpu_model) -> Path:
    return cpu_model.build_kernel([CPP], name="timeline_cases")


def _predicted(cpu_model, exe, case, table: Path, tmp_path: Path, monkeypatch) -> dict:
    out = tmp_path / f"{case}.jsonl"
    monkeypatch.setenv("CPU_MODEL_COST_TABLE", str(table))
    cpu_model.gxx.run(exe, [case, "--counters", str(out)])
    (launch,) = [json.loads(line) for line in out.read_text(encoding="utf-8").splitlines()]
    return launch


@pytest.mark.parametrize("case", sorted(EXPECTED))
def test_cycles_follow_from_the_table(cpu_model, timeline_cases, tmp_path, monkeypatch, case):
    table = tmp_path / "table.toml"
    table.write_text(TABLE, encoding="utf-8")
    predicted = _predicted(cpu_model, timeline_cases, case, table, tmp_path, monkeypatch)["predicted"]
    cycles, busy = EXPECTED[case]
    assert predicted["cycles"] == cycles
    assert predicted["busy"] == busy
    assert predicted["uncosted"] == (["Duplicate.int16"] if case == "uncosted" else [])


def test_without_a_table_nothing_is_predicted(cpu_model, timeline_cases, tmp_path, monkeypatch):
    monkeypatch.delenv("CPU_MODEL_COST_TABLE", raising=False)
    out = tmp_path / "c.jsonl"
    cpu_model.gxx.run(timeline_cases, ["flag", "--counters", str(out)])
    assert "predicted" not in json.loads(out.read_text(encoding="utf-8"))


def test_a_row_without_its_source_is_refused(cpu_model, timeline_cases, tmp_path, monkeypatch):
    table = tmp_path / "table.toml"
    table.write_text(TABLE.replace('source = "test"\n[[vector]]', '[[vector]]'), encoding="utf-8")
    monkeypatch.setenv("CPU_MODEL_COST_TABLE", str(table))
    result = cpu_model.gxx.run(timeline_cases, ["flag", "--counters", str(tmp_path / "c.jsonl")], check=False)
    assert result.returncode == 3
    assert "[vector_fallback] has no source" in result.stderr.decode()


def test_the_a2_table_cites_every_row():
    table = tomllib.loads(A2_TABLE.read_text(encoding="utf-8"))
    rows = [table["clock"], table["vector_fallback"], *table["bandwidth"], *table["cost"], *table["vector"]]
    for row in rows:
        source = row["source"]
        assert source.startswith(("asc-devkit", "CANN", "derived", "assumed")), row
    keys = [f"{row['api']}.{row['dtype']}" for row in table["vector"]]
    assert len(keys) == len(set(keys))


def test_the_a2_table_prices_every_case(cpu_model, timeline_cases, tmp_path, monkeypatch):
    for case in ("vector_chain", "flag", "queue", "sync_all"):
        launch = _predicted(cpu_model, timeline_cases, case, A2_TABLE, tmp_path, monkeypatch)
        assert launch["predicted"]["uncosted"] == []
        assert launch["predicted"]["cycles"] > 0
