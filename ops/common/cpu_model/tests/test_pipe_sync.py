"""The cross-pipe check held to the real queue semantics: each S/V/MTE2/MTE3 hazard (read-after-write,
write-after-read, write-after-write; in UB and in GM) fails without its sync, naming the kernel file and line of
both accesses and the missing HardEvent or PipeBarrier, and passes with it; each queue position orders exactly the
pipes the real headers order (VECIN MTE2 -> V and back, VECOUT V -> MTE3 and back)."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

CPP = Path(__file__).resolve().parent / "cpp" / "pipe_sync_cases.cpp"

S, V, MTE2, MTE3 = "S (scalar)", "V (vector)", "MTE2 (GM->UB)", "MTE3 (UB->GM)"
RAW, WAR, WAW = "read-after-write", "write-after-read", "write-after-write"

# case -> (the missing sync the message names, the earlier access's pipe, the later access's pipe, kind, memory)
MISSING = {
    "mte2_s_missing": ("SetFlag/WaitFlag<HardEvent::MTE2_S>", MTE2, S, RAW, "UB"),
    "s_mte3_missing": ("SetFlag/WaitFlag<HardEvent::S_MTE3>", S, MTE3, RAW, "UB"),
    "s_v_missing": ("SetFlag/WaitFlag<HardEvent::S_V>", S, V, RAW, "UB"),
    "axpy_dst_s_v_missing": ("SetFlag/WaitFlag<HardEvent::S_V>", S, V, RAW, "UB"),
    "v_s_missing": ("SetFlag/WaitFlag<HardEvent::V_S>", V, S, RAW, "UB"),
    "mte2_v_missing": ("SetFlag/WaitFlag<HardEvent::MTE2_V>", MTE2, V, RAW, "UB"),
    "v_mte3_missing": ("SetFlag/WaitFlag<HardEvent::V_MTE3>", V, MTE3, RAW, "UB"),
    "vecout_mte2_v": ("SetFlag/WaitFlag<HardEvent::MTE2_V>", MTE2, V, RAW, "UB"),
    "pipe_v_barrier": ("SetFlag/WaitFlag<HardEvent::V_S>", V, S, RAW, "UB"),
    "war_s_v_missing": ("SetFlag/WaitFlag<HardEvent::S_V>", S, V, WAR, "UB"),
    "war_s_mte2_missing": ("SetFlag/WaitFlag<HardEvent::S_MTE2>", S, MTE2, WAR, "UB"),
    "war_v_mte2_missing": ("SetFlag/WaitFlag<HardEvent::V_MTE2>", V, MTE2, WAR, "UB"),
    "war_mte3_v_missing": ("SetFlag/WaitFlag<HardEvent::MTE3_V>", MTE3, V, WAR, "UB"),
    "war_mte3_s_missing": ("SetFlag/WaitFlag<HardEvent::MTE3_S>", MTE3, S, WAR, "UB"),
    "waw_v_mte2_missing": ("SetFlag/WaitFlag<HardEvent::V_MTE2>", V, MTE2, WAW, "UB"),
    "waw_s_v_missing": ("SetFlag/WaitFlag<HardEvent::S_V>", S, V, WAW, "UB"),
    "waw_mte2_mte2_missing": ("PipeBarrier<PIPE_MTE2>", MTE2, MTE2, WAW, "UB"),
    "gm_raw_mte3_mte2_missing": ("SetFlag/WaitFlag<HardEvent::MTE3_MTE2>", MTE3, MTE2, RAW, "GM"),
    "gm_raw_s_mte2_missing": ("SetFlag/WaitFlag<HardEvent::S_MTE2>", S, MTE2, RAW, "GM"),
    "gm_raw_mte3_s_missing": ("SetFlag/WaitFlag<HardEvent::MTE3_S>", MTE3, S, RAW, "GM"),
    "gm_war_mte2_mte3_missing": ("SetFlag/WaitFlag<HardEvent::MTE2_MTE3>", MTE2, MTE3, WAR, "GM"),
    "gm_war_s_mte3_missing": ("SetFlag/WaitFlag<HardEvent::S_MTE3>", S, MTE3, WAR, "GM"),
    "gm_waw_mte3_mte3_missing": ("PipeBarrier<PIPE_MTE3>", MTE3, MTE3, WAW, "GM"),
    "gm_waw_mte3_s_missing": ("SetFlag/WaitFlag<HardEvent::MTE3_S>", MTE3, S, WAW, "GM"),
}
PASSING = ["mte2_s_synced", "s_mte3_synced", "s_v_synced", "axpy_dst_s_v_synced", "v_s_synced", "vecin_orders_mte2_v",
           "vecout_orders_v_mte3", "chain_through_vector", "pipe_all_barrier", "sync_all_orders", "war_s_v_synced",
           "war_s_mte2_synced", "vecin_free_orders_v_mte2", "vecout_free_orders_mte3_v", "war_mte3_s_synced",
           "waw_v_mte2_synced", "waw_s_v_synced", "waw_mte2_mte2_barrier", "gm_raw_mte3_mte2_synced",
           "gm_raw_s_mte2_synced", "gm_raw_mte3_s_synced", "queues_order_mte2_mte3_in_gm", "gm_war_s_mte3_synced",
           "gm_waw_mte3_mte3_barrier", "gm_waw_mte3_s_synced"]
# Each failing case has a passing twin: the same kernel with the sync, or ordered by the queue that carries it.
TWIN = {case: case.replace("_missing", "_synced") for case in MISSING}
TWIN.update({"mte2_v_missing": "vecin_orders_mte2_v", "v_mte3_missing": "vecout_orders_v_mte3",
             "vecout_mte2_v": "chain_through_vector", "pipe_v_barrier": "pipe_all_barrier",
             "war_v_mte2_missing": "vecin_free_orders_v_mte2", "war_mte3_v_missing": "vecout_free_orders_mte3_v",
             "waw_mte2_mte2_missing": "waw_mte2_mte2_barrier",
             "gm_war_mte2_mte3_missing": "queues_order_mte2_mte3_in_gm",
             "gm_waw_mte3_mte3_missing": "gm_waw_mte3_mte3_barrier"})


@pytest.fixture(scope="module")
def cases(cpu_model) -> Path:
    return cpu_model.build_kernel([CPP], name="pipe_sync_cases")


@pytest.fixture(autouse=True)
def _default_check(monkeypatch):
    # The check is on by default; an outer CPU_MODEL_CHECK_PIPE_SYNC=0 must not turn these tests into no-ops, and
    # every hazard kind is asked for whatever the default.
    monkeypatch.delenv("CPU_MODEL_CHECK_PIPE_SYNC", raising=False)
    monkeypatch.delenv("CPU_MODEL_PIPE_SYNC_REPORT", raising=False)
    monkeypatch.setenv("CPU_MODEL_PIPE_SYNC_HAZARDS", "all")


def _access_line(case: str) -> int:
    for number, line in enumerate(CPP.read_text(encoding="utf-8").splitlines(), start=1):
        if line.rstrip().endswith(f"// access: {case}"):
            return number
    raise AssertionError(f"no '// access: {case}' line in {CPP.name}")


def test_every_case_is_listed(cpu_model, cases):
    listed = cpu_model.gxx.run(cases, ["--list"]).stdout.decode().split()
    assert sorted(listed) == sorted([*MISSING, *PASSING])
    assert set(TWIN.values()) <= set(PASSING)


@pytest.mark.parametrize("case", sorted(MISSING))
def test_a_missing_sync_names_both_kernel_lines_and_the_sync(cpu_model, cases, case):
    sync, before, now, kind, memory = MISSING[case]
    result = cpu_model.gxx.run(cases, [case], check=False)
    stderr = result.stderr.decode()
    assert result.returncode == 3, stderr
    verb = "reads" if kind == RAW else "writes"
    assert re.search(rf"pipe_sync_cases\.cpp:{_access_line(case)}: pipe {re.escape(now)} {verb} {memory} bytes",
                     stderr), stderr
    earlier = "read" if kind == WAR else "wrote"
    assert f"{earlier} on pipe {before}{' too' if before == now else ''}, with no {sync}" in stderr
    assert f"({kind}" in stderr
    # The earlier access is named with its own kernel line too.
    assert re.search(rf"that \S+ at \S*pipe_sync_cases\.cpp:\d+ {earlier} on pipe", stderr), stderr


@pytest.mark.parametrize("case", sorted(MISSING))
def test_the_same_kernel_with_its_sync_passes(cpu_model, cases, case):
    assert cpu_model.gxx.run(cases, [TWIN[case]]).stdout.split() == [b"ok"]


@pytest.mark.parametrize("case", sorted(set(PASSING) - set(TWIN.values())))
def test_ordered_hand_overs_pass(cpu_model, cases, case):
    assert cpu_model.gxx.run(cases, [case]).stdout.split() == [b"ok"]


@pytest.mark.parametrize("kinds, fails", [("raw", {RAW}), ("war", {WAR}), ("waw", {WAW}), ("raw,waw", {RAW, WAW})])
def test_the_hazard_kinds_can_be_chosen(cpu_model, cases, monkeypatch, kinds, fails):
    monkeypatch.setenv("CPU_MODEL_PIPE_SYNC_HAZARDS", kinds)
    for case in ("mte2_s_missing", "war_s_v_missing", "waw_v_mte2_missing"):
        result = cpu_model.gxx.run(cases, [case], check=False)
        assert (result.returncode == 3) == (MISSING[case][3] in fails), (case, result.stderr.decode())


def test_an_unknown_hazard_kind_is_refused(cpu_model, cases, monkeypatch):
    monkeypatch.setenv("CPU_MODEL_PIPE_SYNC_HAZARDS", "raw,rar")
    result = cpu_model.gxx.run(cases, ["mte2_s_synced"], check=False)
    assert result.returncode == 3 and "unknown hazard kind 'rar'" in result.stderr.decode()


def test_the_check_can_be_switched_off_for_a_run(cpu_model, cases, monkeypatch):
    monkeypatch.setenv("CPU_MODEL_CHECK_PIPE_SYNC", "0")
    assert cpu_model.gxx.run(cases, ["mte2_s_missing"]).stdout.split() == [b"ok"]


def test_report_mode_lists_every_missing_sync_and_runs_on(cpu_model, cases, monkeypatch, tmp_path):
    report = tmp_path / "report.txt"
    monkeypatch.setenv("CPU_MODEL_PIPE_SYNC_REPORT", str(report))
    assert cpu_model.gxx.run(cases, ["s_mte3_missing"]).stdout.split() == [b"ok"]
    assert cpu_model.gxx.run(cases, ["war_s_v_missing"]).stdout.split() == [b"ok"]
    raw, war = report.read_text(encoding="utf-8").splitlines()
    assert f"pipe_sync_cases.cpp:{_access_line('s_mte3_missing')} reads what LocalTensor::SetValue at " in raw
    assert raw.endswith("wrote: missing S_MTE3")
    assert f"pipe_sync_cases.cpp:{_access_line('war_s_v_missing')} writes what LocalTensor::GetValue at " in war
    assert war.endswith("read: missing S_V")
