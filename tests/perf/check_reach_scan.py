"""Check the reach index's lexical scan against the tree-sitter front end on a real tree (prints figures).

usage: python tests/perf/check_reach_scan.py ROOT [--sample N] [--op-api-only] [--seed S]

For every function tree-sitter finds in a random sample of the root's host files, the scan must hold a definition
of the same name around that line, and every name tree-sitter sees called in it must be among the scan's uses.
Casts, `operator[]` and template arguments are not names the index needs; they are counted apart.
"""

from __future__ import annotations

import argparse
import random
from collections import Counter
from pathlib import Path

from op_migrate.analyzers.aclnn.reach_files import universe
from op_migrate.analyzers.aclnn.reach_scan import scan
from op_migrate.analyzers.cxx import parse_file
from op_migrate.analyzers.cxx.model import calls_in

NOT_NEEDED = {"static_cast", "const_cast", "reinterpret_cast", "dynamic_cast", "operator[]"}


def _called(function) -> set[str]:
    names = set()
    for _, call in calls_in(function.body):
        name = (call.name or "").strip()
        if name and not name.startswith("["):
            names.add(name.replace("->", ".").split(".")[-1].split("::")[-1].split("<")[0].strip())
    return {n for n in names if n[:1].isalpha() or n[:1] == "_"}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("root", type=Path)
    parser.add_argument("--sample", type=int, default=400)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--op-api-only", action="store_true")
    args = parser.parse_args()
    paths = [p for p in universe([args.root]).paths if not args.op_api_only or "/op_api/" in p]
    random.seed(args.seed)
    paths = random.sample(paths, min(args.sample, len(paths)))
    functions = missing_functions = calls = 0
    missing_calls: Counter[str] = Counter()
    skipped: Counter[str] = Counter()
    examples = []
    for path in paths:
        definitions = scan(Path(path).read_bytes()).definitions
        for function in parse_file(path).functions:
            functions += 1
            found = [d for d in definitions if d.name == function.short_name and d.line - 3 <= function.line <= d.end_line]
            if not found:
                missing_functions += 1
                examples.append(f"function {function.name} at {path}:{function.line}")
                continue
            uses = frozenset().union(*(d.refs for d in found))
            for name in _called(function):
                calls += 1
                if name.encode() in uses:
                    continue
                if name in NOT_NEEDED or name.endswith(">") or name.startswith("template "):
                    skipped[name] += 1
                else:
                    missing_calls[name] += 1
                    examples.append(f"call {name} in {function.name} at {path}:{function.line}")
    print(f"{len(paths)} files, {functions} functions, {missing_functions} without a scanned definition; "
          f"{calls} called names, {sum(missing_calls.values())} not among the uses "
          f"(+{sum(skipped.values())} casts/operators/template arguments)")
    print("not among the uses:", missing_calls.most_common(15))
    for example in examples[:200]:
        print(" ", example)


if __name__ == "__main__":
    main()
