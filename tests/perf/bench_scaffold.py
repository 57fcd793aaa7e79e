"""Benchmark: `migrate scaffold --check` on elementwise dynamic TBE operators drawn at random from a CANN install.

Prints the share that scaffold to operators whose kernel builds against the CPU model and passes its generated tests
for every dtype combination registered on Ascend910B, the time per operator, and for every other operator what was
not translated (or what failed). Not collected by pytest.

Run: .venv/bin/python tests/perf/bench_scaffold.py --cann-root <toolkit> [--seed 31] [--count 30] [--all]
     [-j 2] [--json FILE] [--ops A,B] [--ascendc <asc-devkit> --stubs <dir> ...] [--translate-only]

The population: every file under opp/built-in/op_impl/ai_core/tbe/impl/dynamic that `migrate analyze` reads as a
TBE DSL operator with classify pattern ELEWISE or ELEWISE_WITH_BROADCAST and whose op type has an AI Core op-info
entry for ascend910b, sorted by op type; the sample is random.Random(seed).sample(population, count). Registered
combinations the trace finds the TBE code refusing (it raises for them) are left out of the operator, listed, and
counted against it: only a TBE build on the SoC could confirm the refusal. With --ascendc the generated kernels are
also compiled against the real headers (the header check of ops/), and an operator passes only if that passes too.
asc-devkit 9.1.0 needs two stub folders: asc-tools' cpudebug/include (simt_stub.h ...) and a toolkit's
tools/tikicpulib/lib/include (stub_fun.h ...); with the first alone every kernel is "not checked" (stub_fun.h missing):

  --ascendc <asc-devkit> --stubs <asc-tools>/cpudebug/include --stubs <toolkit>/tools/tikicpulib/lib/include
"""

from __future__ import annotations

import argparse
import json
import random
import sys
import tempfile
import time
from concurrent.futures import ProcessPoolExecutor
from pathlib import Path

from op_migrate.analyzers.proto.sources import CapabilitySources
from op_migrate.analyzers.tbe import analyse_path_json

DYNAMIC = "opp/built-in/op_impl/ai_core/tbe/impl/dynamic"
PATTERNS = ("ELEWISE", "ELEWISE_WITH_BROADCAST")


def population(root: Path) -> list[tuple[str, str]]:
    """(op type, implementation file) of every elementwise dynamic DSL operator registered on ascend910b."""
    sources = CapabilitySources([root])
    found = {}
    for path in sorted((root / DYNAMIC).glob("*.py")):
        text = path.read_text(encoding="utf-8", errors="replace")
        if "classify" not in text:
            continue
        document = analyse_path_json(str(path))
        if document.get("status") != "analysed" or document.get("pattern") not in PATTERNS:
            continue
        op_type = document.get("op_type")
        if op_type and "ascend910b" in sources.aicore(op_type) and op_type not in found:
            found[op_type] = str(path)
    return sorted(found.items())


def scaffold_one(job: tuple) -> dict:
    op_type, path, root, work, headers, check = job
    from op_migrate.migrate.errors import MigrateError
    from op_migrate.migrate.pipelines import scaffold as pipeline

    started = time.perf_counter()
    record = {"op_type": op_type, "file": Path(path).name}
    try:
        outcome = pipeline.scaffold(pipeline.ScaffoldConfig(op=op_type, output=Path(work), cann_root=Path(root),
                                                            socs=("Ascend910B",), mkdir=True, force=True, check=check))
    except MigrateError as error:
        record.update(passed=False, reason=f"not scaffolded: {error}")
    except Exception as error:  # noqa: BLE001 - a benchmark reports every failure and goes on
        record.update(passed=False, reason=f"internal error {type(error).__name__}: {error}")
    else:
        record.update(_judge(outcome))
        record["apis"] = sorted({api for combo in outcome.plan.combos for api in combo.apis})
        if record["passed"] and headers:
            record.update(_headers(outcome.folder, headers))
        elif headers and record["reason"].startswith("build failed"):
            # Blocked on the CPU model (an API it lacks): whether the kernel compiles against the real headers still
            # says something; the operator is not counted as passing.
            record["real_headers"] = _headers(outcome.folder, headers).get("real_headers", "fail")
    record["seconds"] = round(time.perf_counter() - started, 1)
    return record


def _judge(outcome) -> dict:
    plan = outcome.plan
    left_out = [f"{label}: {why}" for _, label, why in plan.refused]
    if not plan.combos:
        return {"passed": False, "reason": "no combination left: " + "; ".join(left_out)[:300], "left_out": left_out}
    if plan.refused:
        # Counted against the operator: the trace says the TBE code raises for a registered combination, which
        # only a TBE build on the SoC could confirm.
        return {"passed": False, "reason": f"the trace finds the TBE code cannot serve {len(plan.refused)} registered "
                                           f"combination(s): " + "; ".join(left_out)[:300], "left_out": left_out}
    if plan.gaps:
        label, gap = plan.gaps[0]
        where = f"{Path(gap.path).name}:{gap.line}" if gap.path else "-"
        more = f" (+{len(plan.gaps) - 1} more)" if len(plan.gaps) > 1 else ""
        return {"passed": False, "reason": f"not translated [{label}] {gap.construct} at {where}: {gap.reason}{more}",
                "left_out": left_out}
    if outcome.checks.get("problem"):
        return {"passed": False, "reason": outcome.checks["problem"], "left_out": left_out}
    for key, result in outcome.checks.get("combos", {}).items():
        if not result["passed"]:
            failing = next((c for c in result["cases"] if not c["result"].startswith("pass")), None)
            label = next(c.label for c in plan.combos if str(c.key) == key)
            detail = f"{failing['name']}: {failing['result']}" if failing else result["summary"]
            return {"passed": False, "reason": f"test failed [{label}] {detail}"[:400], "left_out": left_out}
    return {"passed": True, "reason": "", "left_out": left_out, "combos": [c.label for c in plan.combos]}


def _headers(folder: Path, headers: tuple) -> dict:
    from op_migrate.migrate import package_headers

    ascendc, stubs = headers
    result = package_headers.header_check(Path(ascendc), tuple(Path(s) for s in stubs), folder, (), None)
    gate = result.gate
    if gate is None or gate.passed:
        return {"real_headers": "pass" if gate else "not run"}
    return {"passed": False, "reason": f"real headers: {gate.detail}"[:400], "real_headers": "fail"}


def _model_gaps(records: list[dict]) -> None:
    """The Ascend C APIs the translated kernels call that the CPU model does not define (a build there fails)."""
    import re
    from importlib import resources

    include = Path(str(resources.files("op_migrate.ops"))) / "common" / "cpu_model" / "include"
    text = "\n".join(p.read_text(encoding="utf-8", errors="replace") for p in include.rglob("*.h"))
    missing: dict[str, list[str]] = {}
    for record in records:
        if not (record["passed"] or record.get("reason", "").startswith("build failed")):
            continue  # only operators translated in full
        for api in record.get("apis", []):
            if not re.search(rf"\b{re.escape(api)}\s*\(", text):
                missing.setdefault(api, []).append(record["op_type"])
    blocked = sorted({op for ops in missing.values() for op in ops})
    if blocked:
        print(f"{len(blocked)} translated operators call Ascend C APIs the CPU model does not define: "
              + ", ".join(f"{api} ({len(ops)})" for api, ops in sorted(missing.items(), key=lambda i: -len(i[1]))))
        checked = [r for r in records if r["op_type"] in blocked and "real_headers" in r]
        if checked:
            good = [r["op_type"] for r in checked if r["real_headers"] == "pass"]
            print(f"  of those, {len(good)} of {len(checked)} compile against the real headers: {', '.join(good)}")


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--cann-root", type=Path, required=True)
    parser.add_argument("--seed", type=int, default=31)
    parser.add_argument("--count", type=int, default=30)
    parser.add_argument("--all", action="store_true", help="every operator of the population, not a sample")
    parser.add_argument("--ops", help="these op types only (comma list)")
    parser.add_argument("-j", "--jobs", type=int, default=2)
    parser.add_argument("--json", type=Path, help="write every record here")
    parser.add_argument("--ascendc", type=Path, help="asc-devkit checkout: also compile against the real headers")
    parser.add_argument("--stubs", type=Path, action="append", default=[])
    parser.add_argument("--translate-only", action="store_true",
                        help="scaffold without building or running: the share translated, not the share that passes")
    args = parser.parse_args(argv)
    started = time.perf_counter()
    everything = population(args.cann_root)
    if args.ops:
        wanted = set(args.ops.split(","))
        chosen = [item for item in everything if item[0] in wanted]
    elif args.all:
        chosen = everything
    else:
        chosen = random.Random(args.seed).sample(everything, min(args.count, len(everything)))
    print(f"population: {len(everything)} elementwise dynamic operators registered on ascend910b "
          f"({time.perf_counter() - started:.1f} s to find); running {len(chosen)}"
          + ("" if args.all or args.ops else f" drawn with seed {args.seed}"), flush=True)
    headers = (str(args.ascendc), tuple(map(str, args.stubs))) if args.ascendc else None
    with tempfile.TemporaryDirectory(prefix="bench-scaffold-") as scratch:
        jobs = [(op, path, str(args.cann_root), str(Path(scratch) / op), headers, not args.translate_only)
                for op, path in chosen]
        with ProcessPoolExecutor(max_workers=args.jobs) as pool:
            records = []
            for record in pool.map(scaffold_one, jobs):
                records.append(record)
                state = "pass" if record["passed"] else "FAIL"
                print(f"  {state} {record['op_type']:<34} {record['seconds']:7.1f} s  {record.get('reason', '')[:150]}",
                      flush=True)
    passed = sum(r["passed"] for r in records)
    seconds = [r["seconds"] for r in records]
    verb, work = ("are translated", "scaffold only") if args.translate_only else ("pass", "scaffold + g++ build + "
                                                                                           "generated tests")
    print(f"\n{passed} of {len(records)} {verb} ({100.0 * passed / max(len(records), 1):.0f}%); "
          f"time per operator: mean {sum(seconds) / max(len(seconds), 1):.1f} s, max {max(seconds, default=0):.1f} s "
          f"({work}, {args.jobs} workers)")
    for record in records:
        if not record["passed"]:
            print(f"  {record['op_type']}: {record['reason']}")
    _model_gaps(records)
    left = [(r["op_type"], item) for r in records for item in r.get("left_out", [])]
    if left:
        print("registered combinations the trace finds the TBE code cannot serve (it raises, or computes another "
              "dtype; left out of the operators):")
        for op, item in left:
            print(f"  {op}: {item[:160]}")
    if args.json:
        args.json.write_text(json.dumps({"seed": args.seed, "population": len(everything), "records": records},
                                        indent=1), encoding="utf-8")
    return 0


if __name__ == "__main__":
    sys.exit(main())
