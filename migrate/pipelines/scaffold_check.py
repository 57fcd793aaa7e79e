"""`migrate scaffold --check`: build the scaffolded kernel against the CPU model and run its generated test cases
(the golden of the TBE chain), and `--compare DIR`: the same case on a hand-written operator's kernel, counters side
by side. Needs g++ and the test extra (numpy, ml_dtypes); says so when they are missing."""

from __future__ import annotations

import importlib.util
import json
import os
import re
import sys
import tempfile
from pathlib import Path

from op_migrate.analyzers.scaffold.plan import ScaffoldPlan

CASE_SHAPE = ((1024, 1, 64), (1, 64, 64))  # the floor_mod seed's broadcast case, at the benchmark's small size


def _model():
    spec = importlib.util.find_spec("op_migrate.ops")
    folder = Path(list(spec.submodule_search_locations)[0]) / "common" / "cpu_model"
    modules = []
    for name, file in (("op_migrate_cpu_model_gxx", "gxx.py"), ("op_migrate_cpu_model_harness", "harness.py")):
        if name not in sys.modules:
            loaded = importlib.util.spec_from_file_location(name, folder / file)
            module = importlib.util.module_from_spec(loaded)
            sys.modules[name] = module
            loaded.loader.exec_module(module)
        modules.append(sys.modules[name])
    gxx_module, harness = modules
    cache = Path(os.environ.get("OP_MIGRATE_CXX_CACHE", Path(tempfile.gettempdir()) / "op-migrate-cxx-cache"))
    gxx = gxx_module.Gxx(cache)
    return gxx_module, harness.CpuModel(gxx, folder / "include")


def check(folder: Path, plan: ScaffoldPlan, document: dict) -> dict:
    """{combos: {key: {passed, summary, cases: [{name, result}]}}, problem: why nothing ran (or None)}."""
    try:
        from op_migrate.analyzers.scaffold import golden_check
    except ImportError as error:
        return {"combos": {}, "problem": f"not run: {error.name} is missing (pip install 'op-migrate[test]')"}
    if plan.gaps:
        return {"combos": {str(c.key): {"passed": False, "summary": "not built: the kernel holds static_asserts for "
                                                              f"{len(plan.gaps)} untranslated call(s)", "cases": []}
                           for c in plan.combos}, "problem": None}
    gxx_module, model = _model()
    try:
        exe = model.build_kernel([folder / "tests" / "portable" / "kernel_main.cpp"],
                                 include_dirs=[folder / "op_kernel", folder / "op_host"], name=f"scaffold_{plan.op}")
    except gxx_module.CxxBuildError as error:
        first = build_error(error.stderr)
        return {"combos": {str(c.key): {"passed": False, "summary": f"build failed: {first}", "cases": []}
                           for c in plan.combos}, "problem": f"build failed: {first}"}
    results = {}
    with tempfile.TemporaryDirectory(prefix="op-migrate-scaffold-") as scratch:
        for key, combo in document["combos"].items():
            cases, passed = [], True
            for case in golden_check.shape_cases(document):
                if not golden_check.selects(document, key, case):
                    continue  # the shapes take another key's branch (the host chooses by the call's shapes)
                try:
                    lines = golden_check.run_case(model, exe, Path(scratch) / key / case["name"], document, key, case)
                    cases.append({"name": case["name"], "result": "pass: " + "; ".join(lines)})
                except AssertionError as error:
                    passed = False
                    cases.append({"name": case["name"], "result": f"FAIL: {str(error)[:400]}"})
                except gxx_module.CxxRunError as error:
                    passed = False
                    cases.append({"name": case["name"], "result": "FAIL: the kernel stopped: " + run_error(str(error))})
            if not cases:
                passed = False
                cases.append({"name": "-", "result": "FAIL: no generated case has shapes that select this key"})
            good = sum(c["result"].startswith("pass") for c in cases)
            results[key] = {"passed": passed, "summary": f"{good} of {len(cases)} cases pass", "cases": cases}
    return {"combos": results, "problem": None}


def build_error(stderr: str) -> str:
    """The first compiler error line, shortened to what names the problem."""
    for line in stderr.splitlines():
        if "error:" in line:
            return line.split("error:", 1)[1].strip()[:300]
    return (stderr.strip().splitlines() or ["unknown"])[-1][:300]


def run_error(text: str) -> str:
    for line in text.splitlines():
        if "error" in line.lower() or "Constraint" in line or "violat" in line:
            return line.strip()[:300]
    return text.strip().splitlines()[-1][:300] if text.strip() else "no output"


def compare(folder: Path, plan: ScaffoldPlan, reference: Path) -> dict | None:
    """The scaffolded kernel and a hand-written one on the same broadcast case and dtype, counters per 1,000
    elements (CPU_MODEL_COUNTERS). Only ops/floor_mod has a reference runner here."""
    if reference.name != "floor_mod" or not (reference / "tests" / "portable" / "kernel_main.cpp").is_file():
        return {"reference": str(reference), "how": "no reference runner for this folder (ops/floor_mod only)",
                "rows": []}
    import numpy as np

    from op_migrate.analyzers.scaffold import dsl_numpy

    gxx_module, model = _model()
    rows = []
    codes = {"float16": 0, "bfloat16": 1, "float32": 2, "int32": 3, "int64": 4}
    try:
        ours = model.build_kernel([folder / "tests" / "portable" / "kernel_main.cpp"],
                                  include_dirs=[folder / "op_kernel", folder / "op_host"], name=f"scaffold_{plan.op}")
        theirs = model.build_kernel([reference / "tests" / "portable" / "kernel_main.cpp"],
                                    include_dirs=[reference / "op_kernel", reference / "op_host"],
                                    name="scaffold_reference_floor_mod")
    except gxx_module.CxxBuildError as error:
        return {"reference": str(reference), "how": f"build failed: {build_error(error.stderr)}", "rows": []}
    shape_a, shape_b = CASE_SHAPE
    elements = int(np.prod(np.broadcast_shapes(shape_a, shape_b)))
    with tempfile.TemporaryDirectory(prefix="op-migrate-compare-") as scratch:
        work = Path(scratch)
        for combo in plan.combos:
            dtype = combo.input_dtypes()[0]
            if dtype not in codes or len(combo.input_dtypes()) != 2:
                continue
            rng = np.random.default_rng(7)
            a = (rng.integers(-400, 400, size=shape_a) / (1 if "int" in dtype else 4)).astype(dsl_numpy.np_dtype(dtype))
            b = (rng.integers(1, 40, size=shape_b) / (1 if "int" in dtype else 4)).astype(dsl_numpy.np_dtype(dtype))
            a.tofile(work / "x0.bin")
            b.tofile(work / "x1.bin")
            counters_ours = _counted(model, ours, ["--dir", str(work), "--cores", "8", "--mode", "threads", "--key",
                                                   str(combo.key), "--shape0", ",".join(map(str, shape_a)),
                                                   "--shape1", ",".join(map(str, shape_b))], work)
            counters_theirs, stdout = _counted(model, theirs, [codes[dtype], 8, "threads", ",".join(map(str, shape_a)),
                                                               ",".join(map(str, shape_b)), work / "x0.bin",
                                                               work / "x1.bin", work / "ref_y.bin"], work)
            counters_ours = counters_ours[0]
            used = re.search(r"tile (\d+) .*ub_used (\d+)", stdout)
            theirs_ub = f"{int(used.group(2)) / int(used.group(1)):.1f}" if used and int(used.group(1)) else "-"
            ub_ours = combo.bytes_per_8 / 8
            for label, counters, ub in (("scaffolded", counters_ours, f"{ub_ours:.1f}"),
                                        ("ops/floor_mod", counters_theirs, theirs_ub)):
                rows.append(_row(dtype, f"{list(shape_a)} % {list(shape_b)}", label, counters, elements, ub))
    return {"reference": str(reference), "rows": rows,
            "how": ("Both kernels compiled with g++ against ops/common/cpu_model and launched on 8 simulated cores; "
                    "counts from CPU_MODEL_COUNTERS (exact for the code run, not device timings). UB bytes per "
                    "element: the scaffold's plan per tile element; ops/floor_mod's TPipe total (its driver's "
                    "ub_used) over its tile.")}


def _counted(model, exe: Path, args, work: Path) -> dict | None:
    counters = work / "counters.jsonl"
    counters.unlink(missing_ok=True)
    env = {**os.environ, "CPU_MODEL_COUNTERS": str(counters), "CPU_MODEL_CHECK_RACES": "0"}
    import subprocess

    done = subprocess.run([str(exe), *map(str, args)], capture_output=True, env=env, check=False, timeout=600,
                          text=True)
    if done.returncode != 0 or not counters.exists():
        return None, done.stdout
    lines = counters.read_text().splitlines()
    return (json.loads(lines[-1])["total"] if lines else None), done.stdout


def _row(dtype: str, shape: str, kernel: str, counters: dict | None, elements: int, ub: str) -> dict:
    if counters is None:
        return {"dtype": dtype, "shape": shape, "kernel": kernel, "ub": ub, "dma": "run failed", "vector": "-",
                "scalar": "-"}  # the kernel stopped: its error is the check's, above
    per_k = 1000.0 / elements
    dma = (counters["dma_gm_to_ub"] + counters["dma_ub_to_gm"]) * per_k
    scalar_ub = (counters["scalar_ub_reads"] + counters["scalar_ub_writes"]) * per_k
    return {"dtype": dtype, "shape": shape, "kernel": kernel, "ub": ub, "dma": f"{dma:.2f}",
            "vector": f"{counters['vector_calls'] * per_k:.2f}",
            "scalar": f"{(counters['scalar_gm_reads'] + counters['scalar_gm_writes']) * per_k:.2f} GM, "
                      f"{scalar_ub:.0f} UB"}
