"""The cross-pipe check held to the real queue semantics: each S/V/MTE2/MTE3 hand-over fails without its sync
(naming the kernel file and line of the access and the missing HardEvent) and passes with it, and each queue
position orders exactly the pipes the real headers order (VECIN MTE2 -> V, VECOUT V -> MTE3)."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

CPP = Path(__file__).resolve().parent / "cpp" / "pipe_sync_cases.cpp"

# case -> (the HardEvent the message must name, the pipe that writes, the pipe that reads)
MISSING = {
    "mte2_s_missing": ("MTE2_S", "MTE2 (GM->UB)", "S (scalar)"),
    "s_mte3_missing": ("S_MTE3", "S (scalar)", "MTE3 (UB->GM)"),
    "s_v_missing": ("S_V", "S (scalar)", "V (vector)"),
    "v_s_missing": ("V_S", "V (vector)", "S (scalar)"),
    "mte2_v_missing": ("MTE2_V", "MTE2 (GM->UB)", "V (vector)"),
    "v_mte3_missing": ("V_MTE3", "V (vector)", "MTE3 (UB->GM)"),
    "vecout_mte2_v": ("MTE2_V", "MTE2 (GM->UB)", "V (vector)"),
    "pipe_v_barrier": ("V_S", "V (vector)", "S (scalar)"),
}
PASSING = ["mte2_s_synced", "s_mte3_synced", "s_v_synced", "v_s_synced", "vecin_orders_mte2_v",
           "vecout_orders_v_mte3", "chain_through_vector", "pipe_all_barrier", "sync_all_orders"]


@pytest.fixture(scope="module")
def cases(cpu_model) -> Path:
    return cpu_model.build_kernel([CPP], name="pipe_sync_cases")


@pytest.fixture(autouse=True)
def _default_check(monkeypatch):
    # The check is on by default; an outer CPU_MODEL_CHECK_PIPE_SYNC=0 must not turn these tests into no-ops.
    monkeypatch.delenv("CPU_MODEL_CHECK_PIPE_SYNC", raising=False)


def _access_line(case: str) -> int:
    for number, line in enumerate(CPP.read_text(encoding="utf-8").splitlines(), start=1):
        if line.rstrip().endswith(f"// access: {case}"):
            return number
    raise AssertionError(f"no '// access: {case}' line in {CPP.name}")


def test_every_case_is_listed(cpu_model, cases):
    listed = cpu_model.gxx.run(cases, ["--list"]).stdout.decode().split()
    assert sorted(listed) == sorted([*MISSING, *PASSING])


@pytest.mark.parametrize("case", sorted(MISSING))
def test_a_missing_sync_names_the_kernel_line_and_the_event(cpu_model, cases, case):
    event, writer, reader = MISSING[case]
    result = cpu_model.gxx.run(cases, [case], check=False)
    stderr = result.stderr.decode()
    assert result.returncode == 3, stderr
    assert re.search(rf"pipe_sync_cases\.cpp:{_access_line(case)}: pipe {re.escape(reader)} reads UB bytes", stderr)
    assert f"wrote on pipe {writer}, with no SetFlag/WaitFlag<HardEvent::{event}>" in stderr
    # The write is named with its own kernel line too.
    assert re.search(r"that \S+ at \S*pipe_sync_cases\.cpp:\d+ wrote", stderr), stderr


@pytest.mark.parametrize("case", PASSING)
def test_the_same_kernel_with_its_sync_passes(cpu_model, cases, case):
    assert cpu_model.gxx.run(cases, [case]).stdout.split() == [b"ok"]


def test_the_check_can_be_switched_off_for_a_run(cpu_model, cases, monkeypatch):
    monkeypatch.setenv("CPU_MODEL_CHECK_PIPE_SYNC", "0")
    assert cpu_model.gxx.run(cases, ["mte2_s_missing"]).stdout.split() == [b"ok"]


def test_report_mode_lists_every_missing_sync_and_runs_on(cpu_model, cases, monkeypatch, tmp_path):
    report = tmp_path / "report.txt"
    monkeypatch.setenv("CPU_MODEL_PIPE_SYNC_REPORT", str(report))
    assert cpu_model.gxx.run(cases, ["s_mte3_missing"]).stdout.split() == [b"ok"]
    (line,) = report.read_text(encoding="utf-8").splitlines()
    assert f"pipe_sync_cases.cpp:{_access_line('s_mte3_missing')} reads what LocalTensor::SetValue at " in line
    assert line.endswith("wrote: missing S_MTE3")
