"""Benchmark: files/s of parse_source versus bare tree-sitter parsing over the same files, in the same run.

usage: python tests/perf/bench_cxx_parse.py DIR [--repeat N] [--glob PATTERN] [--precise-include DIR]

Both measurements read the files into memory first, so disk time is excluded from both. The ratio
parse_source / bare parse is the overhead of building the CxxUnit model (and of the macro masking).
"""

from __future__ import annotations

import argparse
import time
from pathlib import Path

from op_migrate.analyzers.cxx import parse_source
from op_migrate.analyzers.cxx.ts_unit import language
from tree_sitter import Parser


def _files(root: Path, pattern: str) -> list[tuple[str, bytes]]:
    paths = sorted(p for p in root.rglob(pattern) if p.is_file())
    return [(str(p), p.read_bytes()) for p in paths]


def _once(fn, files) -> float:
    start = time.perf_counter()
    for path, data in files:
        fn(data, path)
    return time.perf_counter() - start


def _best_pair(bare, model, files, repeat: int) -> tuple[float, float]:
    """Alternate the two measurements so that both see the same machine load; keep the best of each."""
    bare_best = model_best = float("inf")
    for _ in range(repeat):
        bare_best = min(bare_best, _once(bare, files))
        model_best = min(model_best, _once(model, files))
    return bare_best, model_best


def _calls(unit, prefix: str) -> int:
    count = 0

    def visit(stmts):
        nonlocal count
        for s in stmts:
            if s.value is not None:
                count += sum(1 for c in s.value.calls() if c.name.startswith(prefix))
            visit(s.then)
            visit(s.orelse)
            for case in s.cases:
                visit(case.body)

    for function in unit.functions:
        visit(function.body)
    return count


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("directory", type=Path)
    parser.add_argument("--repeat", type=int, default=3, help="runs per measurement; the best is reported")
    parser.add_argument("--glob", default="*.cpp")
    args = parser.parse_args()
    files = _files(args.directory, args.glob)
    if not files:
        raise SystemExit(f"no {args.glob} files under {args.directory}")
    total_bytes = sum(len(d) for _, d in files)
    bare = Parser(language())
    parse_source(files[0][1], files[0][0])  # warm the parser and imports outside the timed region

    bare_s, model_s = _best_pair(lambda data, path: bare.parse(data), parse_source, files, args.repeat)

    units = [parse_source(d, p) for p, d in files]
    findings = sum(len(u.findings) for u in units)
    l0 = sum(_calls(u, "l0op::") for u in units)
    print(f"files: {len(files)}  bytes: {total_bytes:,}  best of {args.repeat} runs, one process")
    print(f"bare tree-sitter parse : {bare_s * 1000:9.1f} ms  {len(files) / bare_s:9.1f} files/s  "
          f"{total_bytes / bare_s / 1e6:6.2f} MB/s")
    print(f"parse_source (CxxUnit) : {model_s * 1000:9.1f} ms  {len(files) / model_s:9.1f} files/s  "
          f"{total_bytes / model_s / 1e6:6.2f} MB/s")
    print(f"ratio parse_source / bare parse: {model_s / bare_s:.2f}")
    print(f"functions: {sum(len(u.functions) for u in units)}  l0op:: calls: {l0}  findings: {findings}")
    for unit in units:
        if unit.findings:
            print(f"  {unit.path}: " + ", ".join(sorted({f.symbol for f in unit.findings})))
    predicted = 11e6 / (total_bytes / model_s)
    print(f"predicted for 11 MB (ops-math op_api tree) at this rate: {predicted:.1f} s on one core")


if __name__ == "__main__":
    main()
