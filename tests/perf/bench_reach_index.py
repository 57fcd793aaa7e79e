"""Benchmark: build time, memory and size of the reach index on whole trees, beside a bare tree-sitter parse.

usage: python tests/perf/bench_reach_index.py ROOT [MORE_ROOTS...] [--repeat N] [--entry FILE:FUNCTION ...]

Prints, for the roots given (first wins), the files lexed and scanned, the definitions read, the names that reach a
launch, the build time (best of N: wall and CPU of this process), the peak memory the build allocated (tracemalloc,
one extra run), the warm load from the JSON cache, and the bare tree-sitter parse of the first root's op_api sources
(the reference of the route analysis' time budget). `--entry FILE:FUNCTION` prints the launch-relevant places of a
function with the chain each one reaches.
"""

from __future__ import annotations

import argparse
import json
import time
import tracemalloc
from pathlib import Path

from tree_sitter import Parser

from op_migrate.analyzers.aclnn.reach_index import ReachIndex
from op_migrate.analyzers.aclnn.reach_scan import scan
from op_migrate.analyzers.cxx.ts_unit import language


def _timed(function):
    wall, cpu = time.perf_counter(), time.process_time()
    result = function()
    return result, time.perf_counter() - wall, time.process_time() - cpu


def _bare_parse(root: Path) -> tuple[int, float]:
    files = [p.read_bytes() for p in sorted(root.rglob("*.cpp")) if "op_api" in p.parts and "tests" not in p.parts]
    parser = Parser(language())
    _, _, cpu = _timed(lambda: [parser.parse(data) for data in files])
    return len(files), cpu


def _entry(index: ReachIndex, spec: str) -> None:
    path, function = spec.rsplit(":", 1)
    found = [d.line for d in scan(Path(path).read_bytes()).definitions if d.name == function and d.kind == "function"]
    line = found[0] if found else 1
    print(f"\n{function} ({path}:{line})")
    for call in index.sites_in(path, function, line) or ():
        site = call.chain.site
        chain = " -> ".join(call.chain.names) if call.chain.names else "(written here)"
        print(f"  {call.line:5d}  {call.callee:40s} {chain}  => {site.kind} {site.name} at {site.file}:{site.line}")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("roots", nargs="+", type=Path)
    parser.add_argument("--repeat", type=int, default=3)
    parser.add_argument("--entry", action="append", default=[])
    args = parser.parse_args()
    best_wall = best_cpu = float("inf")
    index = None
    for _ in range(args.repeat):
        index, wall, cpu = _timed(lambda: ReachIndex.build(args.roots))
        best_wall, best_cpu = min(best_wall, wall), min(best_cpu, cpu)
    tracemalloc.start()
    ReachIndex.build(args.roots)
    peak = tracemalloc.get_traced_memory()[1]
    tracemalloc.stop()
    document = json.dumps(index.to_json())
    loaded, load_wall, load_cpu = _timed(lambda: ReachIndex.from_json(json.loads(document), args.roots))
    assert loaded is not None
    stats = index.stats
    parsed, bare_cpu = _bare_parse(args.roots[0])
    print(f"roots: {' '.join(str(r) for r in args.roots)}")
    print(f"files lexed {stats['files']}, scanned {stats['scanned']}, definitions {stats['definitions']}, "
          f"names reaching a launch {stats['reaching']}, layers {stats['layers']}, findings {len(index.findings)}")
    print(f"build: best of {args.repeat}: {best_wall:.3f} s wall, {best_cpu:.3f} s CPU; peak allocated "
          f"{peak / 2**20:.1f} MiB (tracemalloc)")
    print(f"warm load from JSON ({len(document) / 2**20:.2f} MiB): {load_wall:.3f} s wall, {load_cpu:.3f} s CPU")
    print(f"bare tree-sitter parse of the first root's {parsed} op_api sources: {bare_cpu:.3f} s CPU")
    for spec in args.entry:
        _entry(index, spec)


if __name__ == "__main__":
    main()
