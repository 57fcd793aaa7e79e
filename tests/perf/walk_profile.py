"""Where a tree's route walk spends its time: per entry, in loops walked to a fixpoint, in pure helpers (memo hits,
misses and why), and which functions are inlined most. For choosing the next speed-up, not a figure of merit.

usage: python tests/perf/walk_profile.py TREE [--repo-root R ...] [--soc S --dtype D ...] [--top N]

One single-process cold run of `migrate analyze TREE` (the tree as the first root, then the --repo-root roots),
with the walk's methods wrapped to count and time them; the wrapping adds its own time, so compare the shares, not
the seconds, with bench_aclnn.py. Nothing a route says changes.
"""

from __future__ import annotations

import argparse
import collections
import tempfile
import time
from pathlib import Path

from op_migrate.analyzers.route import loops, pure_memo, walk
from op_migrate.migrate.config import AnalyzeConfig
from op_migrate.migrate.pipelines import aclnn


class Probe:
    """Wraps RouteWalk.run, RouteWalk._inline, LoopWalk.loop_start_state and PureMemo.pure_call."""

    def __init__(self) -> None:
        self.entries: list[tuple[float, str, str, int]] = []
        self.inlined: collections.Counter = collections.Counter()
        self.loop_passes: collections.Counter = collections.Counter()  # discovery passes -> loops
        self.discovery: collections.Counter = collections.Counter()  # discovery passes -> seconds (outermost loops)
        self.pure: collections.Counter = collections.Counter()  # outcome -> calls
        self.pure_seconds: collections.Counter = collections.Counter()  # outcome -> seconds (outermost calls)
        self._inlines = 0
        self._passes: list[int] = []
        self._pure_depth = 0

    def install(self) -> None:
        probe = self
        run, inline = walk.RouteWalk.run, walk.RouteWalk._inline
        start_state, save = loops.LoopWalk.loop_start_state, loops.LoopWalk._save_walk
        pure_call = pure_memo.PureMemo.pure_call

        def timed_run(self, unit, entry):
            started, before = time.perf_counter(), probe._inlines
            try:
                return run(self, unit, entry)
            finally:
                probe.entries.append((time.perf_counter() - started, entry.short_name,
                                      Path(unit.path).name, probe._inlines - before))

        def counted_inline(self, unit, function, expr, *args, **kwargs):
            probe._inlines += 1
            probe.inlined[(function.name, Path(unit.path).name)] += 1
            return inline(self, unit, function, expr, *args, **kwargs)

        def timed_loop(self, body, guard):
            probe._passes.append(0)
            started = time.perf_counter()
            try:
                return start_state(self, body, guard)
            finally:
                passes = probe._passes.pop()
                probe.loop_passes[passes] += 1
                if not probe._passes:
                    probe.discovery[passes] += time.perf_counter() - started

        def counted_save(self):
            if probe._passes:
                probe._passes[-1] += 1
            return save(self)

        def timed_pure(self, owner, function, expr, args):
            key = self._memo_key(owner, function, args)
            outcome = "hit" if key is not None and key in pure_memo._MEMORY else "no key" if key is None else None
            size = len(pure_memo._MEMORY)
            probe._pure_depth += 1
            started = time.perf_counter()
            try:
                return pure_call(self, owner, function, expr, args)
            finally:
                probe._pure_depth -= 1
                outcome = outcome or ("stored" if len(pure_memo._MEMORY) > size else "not stored")
                probe.pure[outcome] += 1
                if not probe._pure_depth:
                    probe.pure_seconds[outcome] += time.perf_counter() - started

        walk.RouteWalk.run, walk.RouteWalk._inline = timed_run, counted_inline
        loops.LoopWalk.loop_start_state, loops.LoopWalk._save_walk = timed_loop, counted_save
        pure_memo.PureMemo.pure_call = timed_pure

    def report(self, total: float, top: int) -> None:
        walked = sum(seconds for seconds, *_ in self.entries)
        print(f"run {total:.2f} s, walks {walked:.2f} s ({len(self.entries)} routes), {sum(self.inlined.values())} "
              f"inlined calls")
        print(f"loops walked to a fixpoint, by discovery passes: {dict(sorted(self.loop_passes.items()))}; "
              f"their discovery passes (outermost loops) {sum(self.discovery.values()):.2f} s = "
              f"{100 * sum(self.discovery.values()) / (walked or 1):.0f}% of the walks, by passes: "
              f"{ {k: round(v, 2) for k, v in sorted(self.discovery.items())} }")
        print(f"pure helpers: {dict(self.pure)}; seconds (outermost): "
              f"{ {k: round(v, 2) for k, v in self.pure_seconds.items()} }")
        print(f"slowest routes:")
        for seconds, entry, path, inlines in sorted(self.entries, reverse=True)[:top]:
            print(f"  {seconds:6.2f} s  {inlines:6d} inlined  {entry} ({path})")
        print("most inlined:")
        for (name, path), count in self.inlined.most_common(top):
            print(f"  {count:6d}  {name} ({path})")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("tree", type=Path)
    parser.add_argument("--repo-root", action="append", default=[], type=Path)
    parser.add_argument("--soc", action="append", default=[])
    parser.add_argument("--dtype", action="append", default=[])
    parser.add_argument("--top", type=int, default=10)
    args = parser.parse_args()
    tree = args.tree.resolve()
    probe = Probe()
    probe.install()
    with tempfile.TemporaryDirectory() as cache:
        config = AnalyzeConfig(inputs=(str(tree),), fmt="json", jobs=1, use_cache=False, cache_dir=Path(cache),
                               show_progress=False, socs=tuple(args.soc), dtypes=tuple(args.dtype),
                               repo_roots=(tree, *args.repo_root))
        started = time.perf_counter()
        aclnn.run(config)
    probe.report(time.perf_counter() - started, args.top)


if __name__ == "__main__":
    main()
