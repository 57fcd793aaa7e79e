"""Mutation suite of the four kernels' syncs (ops/common/cpu_model/mutation.py), in full: every SetFlag, WaitFlag,
PipeBarrier, EnQue, DeQue and SyncAll line of ops/<op>/op_kernel (and every call of a sync-only helper) is deleted
in turn and every run of the op's own portable tests (every dtype, mode and core count they choose) is replayed on
the CPU model with every hazard kind checked. Prints per kernel: sites, caught (hazard / hang / GM race / other
failure), redundant, not caught (0 by construction: a reached site is caught or redundant), unreached; then each site.

Run: .venv-test/bin/python tests/perf/bench_mutations.py [--ops floor_mod,gcd,reduce_all,bernoulli] [--json FILE]
     [--records DIR] [--keep-records]

How it runs: (1) `pytest ops/<op>/tests/portable -p mutation_record` records every run of a CPU-model executable the
tests make (build recipe, argv, stdin, CPU_MODEL_* environment, a snapshot of the temporary inputs); (2) each
recorded executable is rebuilt once with -g (mutation.DEBUG_FLAGS); (3) every distinct successful run is replayed
unmutated with the sync trace on, which maps each sync call's call chain to kernel lines (addr2line) and lists the
hazards the kernel already has (report mode: a mutation is caught by a hazard the unmutated run does not report);
(4) per site, the runs that reach it are replayed with that line's calls skipped (CPU_MODEL_SKIP_SYNC), cheapest
first, until one catches it. No recompilation per mutation. Minutes per kernel on two cores.
"""

from __future__ import annotations

import argparse
import importlib.util
import json
import os
import shutil
import subprocess
import sys
import tempfile
import time
from pathlib import Path

REPO = Path(__file__).resolve().parents[2]
MODEL = REPO / "ops" / "common" / "cpu_model"
OPS = ("bernoulli", "floor_mod", "gcd", "reduce_all")


def _load(name: str, path: Path):
    spec = importlib.util.spec_from_file_location(name, path)
    module = importlib.util.module_from_spec(spec)
    sys.modules[name] = module
    spec.loader.exec_module(module)
    return module


_GXX = _load("bench_mutations_gxx", MODEL / "gxx.py")
_SITES = _load("bench_mutations_sites", MODEL / "mutation_sites.py")
_MUTATION = _load("bench_mutations_mutation", MODEL / "mutation.py")


def record(op: str, folder: Path, cache: Path) -> float:
    """Runs the op's portable tests with the recorder; returns the seconds it took. pytest's basetemp stays in the
    system temporary folder, which is what the recorder snapshots (mutation_record._snapshot)."""
    folder.mkdir(parents=True, exist_ok=True)
    env = {**os.environ, "MUTATION_RECORD_DIR": str(folder), "OP_MIGRATE_CXX_CACHE": str(cache),
           "PYTHONPATH": os.pathsep.join(filter(None, [str(MODEL), os.environ.get("PYTHONPATH")]))}
    started = time.monotonic()
    done = subprocess.run([sys.executable, "-m", "pytest", "-p", "mutation_record", "-p", "no:cacheprovider", "-q",
                           "-n", "2", "-x", f"--basetemp={Path(tempfile.mkdtemp(prefix='mutation-pytest-'))}",
                           str(REPO / "ops" / op / "tests" / "portable")],
                          cwd=REPO, env=env, capture_output=True, text=True, check=False)
    if done.returncode != 0:
        raise RuntimeError(f"the {op} tests failed while recording:\n{done.stdout[-3000:]}")
    return time.monotonic() - started


def kernel_runs(folder: Path) -> list:
    """The recorded runs of executables built against the CPU model (kernel drivers, not host-tiling tools)."""
    include = str(MODEL / "include")
    return [run for run in _MUTATION.load_records(folder) if include in run.recipe["include_dirs"]]


def run_op(op: str, args, gxx) -> dict:
    folder = (args.records or Path(tempfile.mkdtemp(prefix="mutations-"))) / op
    if not any(folder.glob("runs-*.jsonl")):
        print(f"{op}: recording the runs of ops/{op}/tests/portable ...", file=sys.stderr, flush=True)
        seconds = record(op, folder, Path(gxx.cache_dir))
        print(f"{op}: recorded in {seconds:.0f} s", file=sys.stderr, flush=True)
    runs = kernel_runs(folder)
    kernel_dir = REPO / "ops" / op / "op_kernel"
    sites = _SITES.kernel_sites(kernel_dir)
    suite = _MUTATION.Suite(gxx, kernel_dir, runs, sites, timeout=args.timeout)
    started = time.monotonic()
    suite.enumerate(progress=lambda i, n: print(f"\r{op}: unmutated replay {i}/{n}", end="", file=sys.stderr,
                                                   flush=True))
    print(file=sys.stderr)
    verdicts = suite.run(progress=lambda i, n, v: print(f"\r{op}: site {i}/{n}", end="", file=sys.stderr,
                                                         flush=True))
    print(file=sys.stderr)
    baseline_hazards = sorted(set().union(*(r.hazards for r in suite.baseline if r is not None)))
    if not args.records and not args.keep_records:
        shutil.rmtree(folder.parent, ignore_errors=True)
    return {"op": op, "runs": len(runs), "seconds": time.monotonic() - started, "sites": verdicts,
            "broken": [(run.test, why) for run, why in suite.broken], "baseline_hazards": baseline_hazards}


def summary(result: dict) -> dict:
    counts = {"sites": len(result["sites"])}
    for key in ("caught-hazard", "caught-hang", "caught-race", "caught-failure", "redundant", "unreached"):
        counts[key] = sum(1 for v in result["sites"] if v.status == key)
    counts["caught"] = sum(1 for v in result["sites"] if v.caught)
    counts["not caught"] = counts["sites"] - counts["caught"] - counts["redundant"] - counts["unreached"]
    return counts


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--ops", default=",".join(OPS))
    parser.add_argument("--records", type=Path, help="keep (or reuse) the recorded runs under DIR/<op>")
    parser.add_argument("--keep-records", action="store_true")
    parser.add_argument("--timeout", type=float, default=600)
    parser.add_argument("--json", type=Path)
    args = parser.parse_args(argv)
    gxx = _GXX.Gxx(Path(os.environ.get("OP_MIGRATE_CXX_CACHE", REPO / ".cpu-model-cache")))
    results = [run_op(op, args, gxx) for op in args.ops.split(",")]
    print("Mutation suite: each sync line deleted alone, every recorded test run of the op replayed on the CPU model "
          "with every hazard kind checked (read-after-write, write-after-read, write-after-write; UB and GM).")
    header = f"{'kernel':<12}{'runs':>6}{'sites':>7}{'caught':>8}{'hazard':>8}{'hang':>6}{'race':>6}{'other':>7}" \
             f"{'redundant':>11}{'not caught':>12}{'unreached':>11}{'minutes':>9}"
    print(header)
    print("-" * len(header))
    document = []
    for result in results:
        c = summary(result)
        print(f"{result['op']:<12}{result['runs']:>6}{c['sites']:>7}{c['caught']:>8}{c['caught-hazard']:>8}"
              f"{c['caught-hang']:>6}{c['caught-race']:>6}{c['caught-failure']:>7}{c['redundant']:>11}"
              f"{c['not caught']:>12}{c['unreached']:>11}{result['seconds'] / 60:>9.1f}")
        document.append({"op": result["op"], "runs": result["runs"], "summary": c, "broken": result["broken"],
                         "baseline_hazards": result["baseline_hazards"],
                         "sites": [{"site": v.site.key, "text": v.site.text, "status": v.status, "runs": v.runs,
                                    "evidence": v.evidence} for v in result["sites"]]})
    for result in results:
        print(f"\n{result['op']}:")
        for v in result["sites"]:
            print(f"  {v.site.key:<32} {v.status:<15} {v.site.text[:60]}")
            if v.evidence and v.status != "redundant":
                print(f"      {v.evidence[:220]}")
        for test, why in result["broken"]:
            print(f"  run left out (fails unmutated): {test}: {why}")
        if result["baseline_hazards"]:
            print(f"  hazards the unmutated kernel already has ({len(result['baseline_hazards'])}; "
                  "/work/notes/kernel-hazards.md): a mutation counts as caught only by a new one")
            for line in result["baseline_hazards"]:
                print(f"    {line[:200]}")
    if args.json:
        args.json.write_text(json.dumps(document, indent=2), encoding="utf-8")
    return 0 if all(summary(r)["not caught"] == 0 for r in results) else 1


if __name__ == "__main__":
    sys.exit(main())
