"""The mutation suite (mutation.py) on its fixture kernel: every sync line, deleted alone without recompiling, gets
the verdict its role implies (a hang, a hazard, a GM race, redundant, unreached); the sites are read from the source
(comments ignored, sync helpers and their calls found); the recorder keeps a run with a snapshot of its inputs.
The full suite over the four kernels is tests/perf/bench_mutations.py (minutes); this is its bounded part."""

from __future__ import annotations

import importlib.util
import json
import subprocess
import sys
from pathlib import Path

import pytest

HERE = Path(__file__).resolve().parent
MODEL = HERE.parent
KERNEL = HERE / "cpp" / "mutation_kernel" / "op_kernel"
DRIVER = HERE / "cpp" / "mutation_driver.cpp"

# the text after "site:" on the fixture's line -> the verdict of deleting that line
EXPECTED = {
    "helper-set": "caught-hang",        # every WaitFor's WaitFlag then waits for a flag nobody raises
    "helper-wait": "caught-hazard",     # every WaitFor stops ordering: the first unordered access is named
    "redundant-wait": "redundant",      # V_S before any vector instruction orders nothing
    "in-enque": "caught-hang",          # the DeQue would wait for an event never raised
    "in-deque": "caught-hazard",        # Adds reads the copied-in tensor without MTE2 -> V
    "mte2-s": "caught-hazard",          # GetValue reads the copied-in tensor without MTE2 -> S
    "s-mte3": "caught-hazard",          # the copy-out reads the SetValue without S -> MTE3
    "out-enque": "caught-hang",
    "out-deque": "caught-hazard",       # the copy-out reads Adds' result without V -> MTE3
    "sync-all": "caught-race",          # core 1 reads the GM core 0 writes, in the same SyncAll phase
    "never-run": "unreached",           # mode 7: no run takes it
    "end-barrier": "redundant",         # nothing follows it
}


def _load(name: str, path: Path):
    spec = importlib.util.spec_from_file_location(name, path)
    module = importlib.util.module_from_spec(spec)
    sys.modules[name] = module
    spec.loader.exec_module(module)
    return module


sites_module = _load("op_migrate_cpu_model_mutation_sites", MODEL / "mutation_sites.py")
mutation = _load("op_migrate_cpu_model_mutation", MODEL / "mutation.py")
record = _load("op_migrate_cpu_model_mutation_record", MODEL / "mutation_record.py")


def _recipe(cpu_model) -> dict:
    return {"sources": [str(DRIVER)], "include_dirs": [str(cpu_model.include_dir), str(KERNEL)], "defines": [],
            "name": "mutation_driver", "extra_flags": []}


@pytest.fixture(scope="module")
def verdicts(cpu_model) -> dict:
    runs = [mutation.RecordedRun(_recipe(cpu_model), ["0", "1"], test="mode 0, 1 core"),
            mutation.RecordedRun(_recipe(cpu_model), ["1", "2"], test="mode 1, 2 cores")]
    suite = mutation.Suite(cpu_model.gxx, KERNEL, runs, sites_module.kernel_sites(KERNEL))
    result = {}
    for verdict in suite.run():
        label = verdict.site.text.split("site:")[1].strip()
        result[label] = verdict
    assert suite.broken == []
    return result


def test_the_sites_are_every_sync_line_of_the_source():
    labels = sorted(site.text.split("site:")[1].strip() for site in sites_module.kernel_sites(KERNEL))
    assert labels == sorted(EXPECTED)


@pytest.mark.parametrize("label", sorted(EXPECTED))
def test_each_deleted_sync_gets_its_verdict(verdicts, label):
    verdict = verdicts[label]
    assert verdict.status == EXPECTED[label], verdict.evidence
    if verdict.caught:
        assert verdict.evidence  # the run and the message that caught it


def test_a_caught_hazard_names_the_lines(verdicts):
    evidence = verdicts["in-deque"].evidence
    assert "Adds at" in evidence and "mutation_kernel.h:41" in evidence and "missing MTE2_V" in evidence


def test_comments_strings_and_helper_definitions_are_not_sites(tmp_path):
    kernel = tmp_path / "op_kernel"
    kernel.mkdir()
    (kernel / "k.h").write_text(
        "// SetFlag<HardEvent::V_S>(id); in a comment\n"
        "template <HardEvent E>\n"
        "__aicore__ inline void Hold()\n"
        "{\n"
        "    const event_t id = static_cast<event_t>(GetTPipePtr()->FetchEventID(E));\n"
        "    SetFlag<E>(id);\n"
        "    WaitFlag<E>(id);\n"
        "}\n"
        "inline void Work() { Compute(); SetFlag<HardEvent::S_V>(0); }\n"
        "void F() { const char* s = \"EnQue(\"; /* q.DeQue<T>() */ Hold<HardEvent::S_V>(); Work(); }\n"
        "void G() { q.EnQue(t); t = q.template DeQue<T>(); SyncAll(); PipeBarrier<PIPE_ALL>(); }\n",
        encoding="utf-8")
    sites = [(s.line, s.text) for s in sites_module.kernel_sites(kernel)]
    # Hold is a helper (its call in F is a site); Work computes too, so only its own SetFlag line counts.
    assert [line for line, _ in sites] == [6, 7, 9, 10, 11]


def test_the_recorder_keeps_a_run_with_its_inputs(cpu_model, tmp_path, monkeypatch):
    folder = tmp_path / "record"
    monkeypatch.setattr(record, "RECORD_DIR", str(folder))
    folder.mkdir()

    class Builder:
        def build(self, sources, *, include_dirs=(), defines=(), name=None, extra_flags=()):
            return cpu_model.gxx.build(sources, include_dirs=include_dirs, defines=defines, name=name,
                                       extra_flags=extra_flags)

    record._wrap_build(Builder)
    counters = HERE / "cpp" / "counter_cases.cpp"
    exe = Builder().build([counters], include_dirs=[cpu_model.include_dir], name="counter_cases")
    work = tmp_path / "work"
    work.mkdir()
    (work / "input.bin").write_bytes(b"\x01\x02")
    monkeypatch.setattr(subprocess, "run", record._recording_run)
    subprocess.run([str(exe), "1", "--counters", str(work / "c.jsonl")], capture_output=True, check=True)
    subprocess.run(["true", str(work / "input.bin")], check=True)  # not a CPU-model executable: not recorded
    (entry,) = [json.loads(line) for f in folder.glob("runs-*.jsonl") for line in f.read_text().splitlines()]
    assert entry["argv"][:2] == ["1", "--counters"] and entry["returncode"] == 0
    assert entry["recipe"]["sources"] == [str(counters)]
    snapshot = Path(entry["argv"][2]).parent
    assert folder in snapshot.parents and (snapshot / "input.bin").read_bytes() == b"\x01\x02"
    (run,) = mutation.load_records(folder)
    assert run.argv == entry["argv"]
