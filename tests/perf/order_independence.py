"""Check: a file's document does not depend on the files the process analysed before it.

usage: python tests/perf/order_independence.py TREE [--repo-root R ...] [--soc S --dtype D ...]

The tree's op_api sources are analysed twice, each time in a fresh process, forward and in reverse order, as
`migrate analyze TREE` does per file (the tree itself as the first root, then the roots given); the per-file
documents are compared. Every per-process memory (remembered pure helpers, resolved L0 calls, parsed headers) must
leave what a route says unchanged: a directory run's workers each see their own share of the files, in an order
set by their sizes and timing. Prints the files whose documents differ; exit status 1 when one does.
"""

from __future__ import annotations

import argparse
import json
import subprocess
import sys
from pathlib import Path


def _child(order: str, tree: Path, roots: list[Path], socs: list[str], dtypes: list[str]) -> None:
    from op_migrate.analyzers.aclnn import FrontendOptions, input_sources, prepare_indexes
    from op_migrate.analyzers.route.facts import facts_matrix
    from op_migrate.migrate.pipelines.aclnn_files import FileJob, analyze_file

    prepare_indexes(roots, (), FrontendOptions())
    job = FileJob(tuple(roots), (), FrontendOptions(), tuple(facts_matrix(socs, dtypes, (), (), ())))
    paths = [str(p) for p in input_sources([tree])]
    if order == "reverse":
        paths.reverse()
    json.dump({path: analyze_file(job, path) for path in paths}, sys.stdout, sort_keys=True)


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("tree", type=Path)
    parser.add_argument("--repo-root", action="append", default=[], type=Path)
    parser.add_argument("--soc", action="append", default=[])
    parser.add_argument("--dtype", action="append", default=[])
    parser.add_argument("--child", choices=("forward", "reverse"), help=argparse.SUPPRESS)
    args = parser.parse_args()
    tree = args.tree.resolve()
    roots = [tree, *(root.resolve() for root in args.repo_root)]
    if args.child:
        _child(args.child, tree, roots, args.soc, args.dtype)
        return 0
    documents = {}
    for order in ("forward", "reverse"):
        command = [sys.executable, __file__, str(tree), "--child", order]
        for root in args.repo_root:
            command += ["--repo-root", str(root)]
        command += [word for soc in args.soc for word in ("--soc", soc)]
        command += [word for dtype in args.dtype for word in ("--dtype", dtype)]
        done = subprocess.run(command, capture_output=True, text=True, check=False)
        if done.returncode != 0:
            print(done.stderr, file=sys.stderr)
            return 2
        documents[order] = json.loads(done.stdout)
    forward, reverse = documents["forward"], documents["reverse"]
    differ = [path for path in forward if json.dumps(forward[path], sort_keys=True) !=
              json.dumps(reverse.get(path), sort_keys=True)]
    print(f"{tree}: {len(forward)} files, {len(differ)} whose document depends on the order")
    for path in differ:
        print(f"  {path}")
    return 1 if differ else 0


if __name__ == "__main__":
    sys.exit(main())
