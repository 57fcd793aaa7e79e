"""Benchmark: `migrate analyze TREE` on whole trees, cold and warm, against the bare tree-sitter parse of the same
sources in the same run; the top functions by cumulative time; worker memory.

usage: python tests/perf/bench_aclnn.py TREE [TREE ...] [-j N] [--soc S --dtype D ...] [--repo-root R ...]
                                       [--json-dir DIR] [--no-profile]

Each tree is analysed as a user runs it on a repository: the tree itself as the first --repo-root, then the
--repo-root roots given here (ops-math for the other repositories), with the facts given. Cold: a fresh cache
directory (every file parsed, its routes walked). Warm: the same command again (every per-file document from the
cache). Bare parse: tree-sitter alone over the tree's op_api sources, already in memory, one process, the fastest of
three: the floor the ratios are taken against. Worker memory: the largest resident set of the child processes (ru_maxrss of the
children): the workers, and the child that builds the reach index before they start (chain.reach_index_apart). The profile is a separate single-process cold run under cProfile (its own time is not the figure).
Each tree is measured in a fresh process of its own, then profiled in another: what one tree's run leaves in a
process (its indexes, a profiled run's heap that every forked worker inherits) never slows the next tree's figures.
--json-dir writes each tree's route document, for tests/perf/diff_routes.py.
"""

from __future__ import annotations

import argparse
import cProfile
import io
import json
import pstats
import resource
import subprocess
import sys
import tempfile
import time
from pathlib import Path

from tree_sitter import Parser

from op_migrate.analyzers.aclnn import input_sources
from op_migrate.analyzers.cxx.ts_unit import language
from op_migrate.migrate import cache
from op_migrate.migrate.config import AnalyzeConfig
from op_migrate.migrate.pipelines import aclnn


def bare_parse_seconds(paths: list[Path], repeats: int = 3) -> float:
    """The fastest of `repeats` parses of every file (the floor: one slow run of a ~0.2 s parse moved the ratio by
    a third)."""
    files = [p.read_bytes() for p in paths]
    parser = Parser(language())
    best = float("inf")
    for _ in range(repeats):
        start = time.perf_counter()
        for data in files:
            parser.parse(data)
        best = min(best, time.perf_counter() - start)
    return best


def timed(config: AnalyzeConfig) -> tuple[float, str]:
    start = time.perf_counter()
    rendered = aclnn.run(config)
    cache.commit()  # what `migrate analyze` does when it writes its report: the cache writes of the run land
    return time.perf_counter() - start, rendered.text


def top_functions(config: AnalyzeConfig, count: int = 5) -> list[str]:
    """The functions of op_migrate with the most cumulative time in a single-process cold run."""
    profiler = cProfile.Profile()
    profiler.runcall(aclnn.run, config)
    stats = pstats.Stats(profiler, stream=io.StringIO())
    rows = []
    for (path, line, name), (_, _, _, cumulative, _) in stats.stats.items():
        if "op_migrate" in path and not name.startswith("<"):
            module = path.split("op_migrate/", 1)[1].replace("/", ".").removesuffix(".py")
            rows.append((cumulative, f"{module}.{name}:{line}"))
    rows.sort(reverse=True)
    # The outermost frames (run, the corpus runner) say nothing: skip the ones that hold the whole run.
    total = rows[0][0] if rows else 0.0
    inner = [(t, n) for t, n in rows if t < 0.9 * total]
    return [f"{t:6.2f} s  {n}" for t, n in inner[:count]]


def bench_tree(tree: Path, args) -> dict:
    if args.profile_only:
        return {"profile": _profile(tree, args)}
    sources = input_sources([tree])
    size = sum(p.stat().st_size for p in sources)
    bare = bare_parse_seconds(sources)
    roots = (tree, *args.repo_root)
    with tempfile.TemporaryDirectory() as cache:
        config = AnalyzeConfig(inputs=(str(tree),), fmt="json", jobs=args.jobs, use_cache=True,
                               cache_dir=Path(cache), show_progress=False, socs=tuple(args.soc),
                               dtypes=tuple(args.dtype), repo_roots=roots)
        before = resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss
        cold, text = timed(config)
        worker_kib = max(before, resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss)
        warm, _ = timed(config)
    document = json.loads(text)
    if args.json_dir is not None:
        args.json_dir.mkdir(parents=True, exist_ok=True)
        (args.json_dir / f"{tree.name}.json").write_text(text, encoding="utf-8")
    profile = [] if args.no_profile else _profile(tree, args)
    return {"tree": str(tree), "files": len(sources), "mb": size / 1e6, "bare": bare, "cold": cold, "warm": warm,
            "worker_mib": worker_kib / 1024, "summary": document["summary"], "profile": profile}


def _profile(tree: Path, args) -> list[str]:
    with tempfile.TemporaryDirectory() as cache:
        single = AnalyzeConfig(inputs=(str(tree),), fmt="json", jobs=1, use_cache=False, cache_dir=Path(cache),
                               show_progress=False, socs=tuple(args.soc), dtypes=tuple(args.dtype),
                               repo_roots=(tree, *args.repo_root))
        return top_functions(single)


def report(row: dict, jobs: int) -> None:
    s = row["summary"]
    routes = s.get("routes", 0) or 1
    print(f"{row['tree']}: {row['files']} files, {row['mb']:.1f} MB")
    print(f"  bare tree-sitter parse (1 process): {row['bare']:.2f} s")
    print(f"  cold (-j {jobs}): {row['cold']:.2f} s = {row['cold'] / row['bare']:.1f}x the bare parse")
    print(f"  warm (-j {jobs}): {row['warm']:.2f} s = {100 * row['warm'] / row['cold']:.1f}% of cold")
    print(f"  largest worker (or reach index builder): {row['worker_mib']:.0f} MiB resident")
    print(f"  routes {s.get('routes', 0)}: complete {100 * s.get('complete_routes', 0) / routes:.1f}%, rejected "
          f"{s.get('rejected_routes', 0)}, incomplete by reason {s.get('incomplete_by_reason', {})}")
    if row["profile"]:
        print("  top functions by cumulative time (single-process cold run under cProfile):")
        for line in row["profile"]:
            print("    " + line)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("trees", type=Path, nargs="+")
    parser.add_argument("-j", "--jobs", type=int, default=2)
    parser.add_argument("--soc", action="append", default=[])
    parser.add_argument("--dtype", action="append", default=[])
    parser.add_argument("--repo-root", action="append", default=[], type=Path,
                        help="roots after the tree itself (as migrate analyze --repo-root)")
    parser.add_argument("--json-dir", type=Path, default=None, help="write each tree's route document here")
    parser.add_argument("--no-profile", action="store_true", help="leave out the profiled run")
    parser.add_argument("--profile-only", action="store_true", help=argparse.SUPPRESS)
    parser.add_argument("--one", action="store_true", help=argparse.SUPPRESS)  # measure one tree, print its row
    args = parser.parse_args()
    if args.one:
        print(json.dumps(bench_tree(args.trees[0].resolve(), args)))
        return
    for tree in args.trees:
        command = [sys.executable, __file__, str(tree), "--one", "-j", str(args.jobs)]
        command += [word for soc in args.soc for word in ("--soc", soc)]
        command += [word for dtype in args.dtype for word in ("--dtype", dtype)]
        command += [word for root in args.repo_root for word in ("--repo-root", str(root))]
        command += ["--json-dir", str(args.json_dir)] if args.json_dir is not None else []
        measured = subprocess.run(command + ["--no-profile"], capture_output=True, text=True, check=False)
        if measured.returncode != 0:
            print(f"{tree}: the measuring process failed:\n{measured.stderr}", file=sys.stderr)
            continue
        row = json.loads(measured.stdout)
        if not args.no_profile:
            profiled = subprocess.run(command + ["--profile-only"], capture_output=True, text=True, check=False)
            row["profile"] = json.loads(profiled.stdout)["profile"] if profiled.returncode == 0 else []
        report(row, args.jobs)


if __name__ == "__main__":
    main()
