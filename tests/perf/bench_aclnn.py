"""Benchmark: `migrate analyze DIR` on op_api sources, files/s cold and warm, against bare tree-sitter parsing.

usage: python tests/perf/bench_aclnn.py DIR [-j N] [--format text|json] [--soc S --dtype D ...] [--repo-root R ...]

Cold: a fresh cache directory (every file parsed, its chains walked). Warm: the same command again, every
per-file document read from the cache. The bare parse (tree-sitter only, files already in memory, one
process) is measured in the same run as the floor; the ratios printed are against it.
"""

from __future__ import annotations

import argparse
import json
import tempfile
import time
from pathlib import Path

from tree_sitter import Parser

from op_migrate.analyzers.aclnn import input_sources
from op_migrate.analyzers.cxx.ts_unit import language
from op_migrate.migrate.config import AnalyzeConfig
from op_migrate.migrate.pipelines import aclnn


def _bare_parse_seconds(paths: list[Path]) -> float:
    files = [p.read_bytes() for p in paths]
    parser = Parser(language())
    start = time.perf_counter()
    for data in files:
        parser.parse(data)
    return time.perf_counter() - start


def _run(config: AnalyzeConfig) -> tuple[float, dict]:
    start = time.perf_counter()
    rendered = aclnn.run(config)
    elapsed = time.perf_counter() - start
    summary_config = AnalyzeConfig(**{**config.__dict__, "fmt": "json"})
    summary = json.loads(aclnn.run(summary_config).text)["summary"] if config.fmt != "json" else \
        json.loads(rendered.text)["summary"]
    return elapsed, summary


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("directory", type=Path)
    parser.add_argument("-j", "--jobs", type=int, default=2)
    parser.add_argument("--soc", action="append", default=[])
    parser.add_argument("--dtype", action="append", default=[])
    parser.add_argument("--repo-root", action="append", default=[], type=Path, help="as migrate analyze --repo-root")
    parser.add_argument("--format", choices=("text", "json"), default="text", help="the report rendered (timed)")
    args = parser.parse_args()
    sources = input_sources([args.directory])
    size = sum(p.stat().st_size for p in sources)
    print(f"{len(sources)} files, {size / 1e6:.1f} MB under {args.directory}")
    bare = _bare_parse_seconds(sources)
    print(f"bare tree-sitter parse (1 process): {bare:.2f} s, {len(sources) / bare:.0f} files/s")
    with tempfile.TemporaryDirectory() as cache:
        config = AnalyzeConfig(inputs=(str(args.directory),), fmt=args.format, jobs=args.jobs, use_cache=True,
                               cache_dir=Path(cache), show_progress=False, socs=tuple(args.soc),
                               dtypes=tuple(args.dtype), repo_roots=tuple(args.repo_root))
        cold, summary = _run(config)
        warm, warm_summary = _run(config)
    print(f"cold (-j {args.jobs}): {cold:.2f} s, {len(sources) / cold:.0f} files/s, {cold / bare:.1f}x bare parse")
    print(f"warm (-j {args.jobs}): {warm:.2f} s, {len(sources) / warm:.0f} files/s, {warm / bare:.1f}x bare parse, "
          f"{warm_summary.get('cached_files', 0)} documents from the cache")
    routes = summary.get("routes", 0) or 1
    print(f"routes: {summary.get('routes', 0)}, complete {100 * summary.get('complete_routes', 0) / routes:.1f}%, "
          f"decided {100 * summary.get('decided_routes', 0) / routes:.1f}%, incomplete by reason "
          f"{summary.get('incomplete_by_reason', {})}")
    for key in ("entry_points", "l0_calls", "l0_resolved_repo", "l0_resolved_catalog", "l0_unresolved",
                "launches_per_kind", "incomplete_routes", "failed_files", "top_unresolved"):
        print(f"  {key}: {summary[key]}")


if __name__ == "__main__":
    main()
