"""Benchmark: evaluate one chain's memory model at 10,000 cases (target < 2 s); prints figures, not collected by pytest.

Run: .venv/bin/python tests/perf/bench_memory.py
The bare baseline is the cost of parsing the case texts alone, measured in the same run.
"""

from __future__ import annotations

import json
import random
import time
from pathlib import Path

from op_migrate.analyzers.memory import evaluate, parse_case, plan
from op_migrate.analyzers.memory.allocator import EXECUTOR_RULE
from op_migrate.analyzers.memory.model import bind, evaluate_peak
from op_migrate.analyzers.route.route_json import route_from_json

ROUTE = Path(__file__).resolve().parents[1] / "functional" / "memory" / "routes" / "floor_mod_original.route.json"
CASES = 10_000


def _case_texts(count: int) -> list[str]:
    rng = random.Random(4)
    texts = []
    for _ in range(count):
        out = [rng.randint(1, 512) for _ in range(rng.randint(1, 4))]
        left = [d if rng.random() < 0.5 else 1 for d in out]
        right = [d if rng.random() < 0.5 else 1 for d in out]
        dtype = rng.choice(["float16", "float32", "int32", "int64", "bfloat16"])
        fmt = lambda dims: ",".join(map(str, dims))  # noqa: E731
        texts.append(f"self=[{fmt(left)}]:{dtype},other=[{fmt(right)}]:{dtype},out=[{fmt(out)}]:{dtype}")
    return texts


def main() -> None:
    texts = _case_texts(CASES)
    route = route_from_json(json.loads(ROUTE.read_text(encoding="utf-8")))

    started = time.perf_counter()
    cases = [parse_case(text) for text in texts]
    parse_seconds = time.perf_counter() - started

    started = time.perf_counter()
    memory_plan = plan(route)
    plan_seconds = time.perf_counter() - started

    started = time.perf_counter()
    peaks = []
    for case in cases:
        env, _ = bind(memory_plan, case)
        peaks.append(evaluate_peak(memory_plan, env, EXECUTOR_RULE).peak_bytes)
    eval_seconds = time.perf_counter() - started

    started = time.perf_counter()
    for case in cases:
        evaluate(memory_plan, case, soc="Ascend910B")
    full_seconds = time.perf_counter() - started

    print(f"chain: {route.entry} ({len(route.tasks)} tasks, {len(route.tensors)} tensors), formula {memory_plan.formula}")
    print(f"plan (once):                 {plan_seconds * 1e3:8.2f} ms")
    print(f"parse {CASES} case texts:     {parse_seconds:8.3f} s  (bare baseline)")
    print(f"evaluate {CASES} cases:       {eval_seconds:8.3f} s  ({eval_seconds / CASES * 1e6:.1f} µs per case, target < 2 s)")
    print(f"parse + evaluate:             {parse_seconds + eval_seconds:8.3f} s  (ratio evaluate/parse {eval_seconds / parse_seconds:.2f})")
    print(f"full evaluate() {CASES} cases: {full_seconds:8.3f} s  (+ live set, GPU reference, traffic, time)")
    print(f"max peak over the cases:      {max(peaks)} B")


if __name__ == "__main__":
    main()
