"""Benchmark of `migrate analyze` on a TBE corpus: cold and warm files/s next to astroid's bare parse.

Run: .venv/bin/python tests/perf/bench_tbe.py [--files 1000] [--jobs 1]          (a generated corpus)
     .venv/bin/python tests/perf/bench_tbe.py --tree ROOT/opp/built-in/op_impl/ai_core/tbe/impl [--cann-root ROOT]
                                                                                (every .py of a real tree)
Targets: cold analysis within 1.5x of the bare astroid parse; warm (cached) under 5% of cold. With --cann-root the
whole command (runner, capability matrices, report) is timed cold and warm as well.
Not collected by pytest (bench_*.py); it prints figures, it asserts nothing.
"""

from __future__ import annotations

import argparse
import gc
import json
import random
import subprocess
import sys
import tempfile
import time
from pathlib import Path

import astroid

from op_migrate.analyzers.tbe import analyse_path_json, fingerprint
from op_migrate.migrate import cache as corpus_cache
from op_migrate.migrate.corpus import CorpusJob, run_corpus

FIXTURES = Path(__file__).resolve().parents[1] / "functional" / "tbe"
TEMPLATES = ("floor_mod_dynamic.py", "floor_mod_static.py", "gcd.py", "reduce_all.py", "tik_op.py", "hand_ir_op.py", "not_an_op.py")
# An extra helper appended to some files so that sizes and shapes vary like a real tree.
EXTRA = '''

def _helper_{n}(data, dtype):
    """generated helper {n}"""
    if dtype == "float16":
        data = tbe.cast_to(data, "float32")
    for _ in range({k}):
        data = tbe.vmuls(data, {k})
    return data
'''


def generate(target: Path, count: int, seed: int = 7) -> list[Path]:
    rng = random.Random(seed)
    sources = [(FIXTURES / name).read_text(encoding="utf-8") for name in TEMPLATES]
    paths = []
    for index in range(count):
        text = sources[index % len(sources)].replace("floor_mod", f"floor_mod_{index}").replace("FloorMod", f"FloorMod{index}")
        for n in range(rng.randint(0, 3)):
            text += EXTRA.format(n=n, k=rng.randint(1, 4))
        path = target / f"op_{index:05d}.py"
        path.write_text(text, encoding="utf-8")
        paths.append(path)
    return paths


def timed(label: str, count: int, action, repeat: int = 1, clock=time.process_time) -> float:
    """Best of `repeat` runs, each after a full garbage collection.

    CPU time of this process by default: the machine is shared, and wall time swung 2-3x between runs.
    """
    best = float("inf")
    for _ in range(repeat):
        gc.collect()
        start = clock()
        action()
        best = min(best, clock() - start)
    unit = "CPU s" if clock is time.process_time else "wall s"
    print(f"{label:<36} {best:8.3f} {unit}  {count / best:9.1f} files/s  (best of {repeat})")
    return best


def interleaved(texts: list[str], paths: list[Path]) -> tuple[float, float]:
    """Parse then analyse each file in turn, so that both see the same machine load; CPU seconds."""
    parse_total = analyse_total = 0.0
    for text, path in zip(texts, paths):
        start = time.process_time()
        astroid.parse(text, path=str(path))
        middle = time.process_time()
        analyse_path_json(str(path))
        parse_total += middle - start
        analyse_total += time.process_time() - middle
    return parse_total, analyse_total


def main(argv: list[str]) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--files", type=int, default=1000)
    parser.add_argument("--jobs", type=int, default=1)
    parser.add_argument("--repeat", type=int, default=2)
    parser.add_argument("--tree", type=Path, help="benchmark every .py under this real TBE tree instead of a generated one")
    parser.add_argument("--cann-root", type=Path, help="with --tree: also time the whole `migrate analyze` command")
    options = parser.parse_args(argv)
    with tempfile.TemporaryDirectory() as folder:
        root = Path(folder)
        if options.tree is not None:
            paths = sorted(options.tree.rglob("*.py"))
            texts = [p.read_text(encoding="utf-8", errors="replace") for p in paths]
            what = f"{len(paths)} files of {options.tree}"
        else:
            corpus = root / "corpus"
            corpus.mkdir()
            paths = generate(corpus, options.files)
            texts = [p.read_text(encoding="utf-8") for p in paths]
            what = f"{len(paths)} generated TBE-style files"
        fingerprint()  # load the catalog and hash the code outside the timed runs
        analyse_path_json(str(paths[0]))
        print(f"{what}, {sum(map(len, texts)) / 1e6:.2f} MB, jobs={options.jobs}")
        repeat = options.repeat

        def parse_all(transforms: bool, keep: bool):
            kept = []
            for text, path in zip(texts, paths):
                tree = astroid.parse(text, path=str(path), apply_transforms=transforms)
                if keep:
                    kept.append(tree)
            return kept

        # Keeping the trees is the strictest baseline: the collector never has to free them inside the timing.
        bare = timed("astroid.parse (default, trees kept)", len(paths), lambda: parse_all(True, True), repeat)
        timed("astroid.parse (default, trees freed)", len(paths), lambda: parse_all(True, False), repeat)
        timed("astroid.parse, no brain transforms", len(paths), lambda: parse_all(False, False), repeat)
        analyse = timed("analyse (no cache, no pool)", len(paths), lambda: [analyse_path_json(str(p)) for p in paths], repeat)
        caches = iter(range(repeat))

        def corpus_run(cache: Path):
            job = CorpusJob(tuple(paths), analyse_path_json, f"tbe@{fingerprint()}", options.jobs, cache, False)
            result = run_corpus(job)
            corpus_cache.commit()  # the runner holds its cache writes until the command's report is out
            return result

        # Every cold run gets a fresh cache folder; the warm runs reuse the last one.
        clock = time.process_time if options.jobs == 1 else time.perf_counter  # worker processes are not in our CPU time
        cold = timed("corpus runner, cold (writes cache)", len(paths), lambda: corpus_run(root / f"cache{next(caches)}"), repeat, clock)
        warm_result = []
        last = root / f"cache{repeat - 1}"
        warm = timed("corpus runner, warm (cache hits)", len(paths), lambda: warm_result.append(corpus_run(last)), repeat, clock)
        gc.collect()
        parse_each, analyse_each = interleaved(texts, paths)
        print(f"interleaved per file: parse {parse_each:.3f} CPU s, analyse (parse included) {analyse_each:.3f} CPU s")
        print(f"cached on the warm run: {warm_result[0].cached}/{len(paths)}")
        # The analyzer parses without brain transforms (it never infers); the target compares with the default parse.
        print(f"analysis / bare parse:  {analyse / bare:5.2f}x   (target <= 1.5x)")
        print(f"same, interleaved:      {analyse_each / parse_each:5.2f}x")
        print(f"cold runner / bare:     {cold / bare:5.2f}x")
        print(f"warm / cold:            {warm / cold:6.1%}  (target < 5%)")
        if options.tree is not None and options.cann_root is not None:
            command(options, root)
    return 0


def command(options, root: Path) -> None:
    """The whole command on the tree, cold then warm (wall seconds: the workers are other processes)."""
    cache = root / "command-cache"
    report = root / "corpus.json"
    arguments = ["analyze", str(options.tree), "--cann-root", str(options.cann_root), "-j", str(options.jobs),
                 "--no-progress", "--cache-dir", str(cache), "--format", "json", "-o", str(report)]
    runs = []
    for label in ("cold", "warm"):
        start = time.perf_counter()
        result = subprocess.run([sys.executable, "-m", "op_migrate.migrate", *arguments], capture_output=True, text=True)
        runs.append(time.perf_counter() - start)
        print(f"whole command, {label:<4} (exit {result.returncode})   {runs[-1]:8.3f} wall s")
        if result.returncode not in (0, 1):
            print(f"  stderr: {result.stderr.strip()[-2000:]}")
            return
        corpus = json.loads(report.read_text(encoding="utf-8"))
        summary = corpus["summary"]
        kinds = ", ".join(f"{status} {summary[status]}" for status in summary if status not in ("total", "failure_reasons"))
        print(f"  {summary['total']} files: {kinds}; {corpus['cached']} from cache; "
              f"{len(corpus['backlog']['rows'])} op types in the backlog")
        for reason in summary["failure_reasons"]:
            print(f"  failed: {reason['count']} x {reason['reason']}")
    print(f"whole command warm / cold: {runs[1] / runs[0]:6.1%}  (target < 5%)")


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
