"""Whether two `migrate analyze --format json` documents say the same routes: exit 0 when every entry's routes, chain
and atlas row are byte-identical (as JSON), else 1 with the first differences.

usage: python tests/perf/diff_routes.py BEFORE.json AFTER.json [--show N]

What a speed-up may change is left out: the summary's count of documents read from the cache. Everything a user
reads about a route (tasks, tensors, steps, guards, reasons, audit, open checks) must be the same.
"""

from __future__ import annotations

import argparse
import json
import sys


def _entries(document: dict) -> dict:
    return {(e["name"], e.get("file"), e.get("line")): e for e in document.get("entries", [])}


def _summary(document: dict) -> dict:
    return {k: v for k, v in document.get("summary", {}).items() if k != "cached_files"}


def differences(before: dict, after: dict) -> list[str]:
    found = []
    a, b = _entries(before), _entries(after)
    for key in sorted(set(a) | set(b), key=str):
        if key not in a or key not in b:
            found.append(f"{key[0]} ({key[1]}:{key[2]}): only in {'after' if key not in a else 'before'}")
            continue
        left, right = json.dumps(a[key], sort_keys=True), json.dumps(b[key], sort_keys=True)
        if left != right:
            found.append(f"{key[0]} ({key[1]}:{key[2]}): routes differ")
    if _summary(before) != _summary(after):
        found.append("summary differs")
    for part in ("findings", "unresolved", "failed"):
        if json.dumps(before.get(part), sort_keys=True) != json.dumps(after.get(part), sort_keys=True):
            found.append(f"{part} differ")
    return found


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("before")
    parser.add_argument("after")
    parser.add_argument("--show", type=int, default=20)
    args = parser.parse_args()
    with open(args.before, encoding="utf-8") as handle:
        before = json.load(handle)
    with open(args.after, encoding="utf-8") as handle:
        after = json.load(handle)
    found = differences(before, after)
    entries = len(_entries(after))
    if not found:
        print(f"identical: {entries} entries, their routes, the summary, findings and unresolved calls")
        return 0
    print(f"{len(found)} differences over {entries} entries:")
    for line in found[:args.show]:
        print("  " + line)
    return 1


if __name__ == "__main__":
    sys.exit(main())
