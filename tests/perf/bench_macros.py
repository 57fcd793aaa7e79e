"""Benchmark: macro definitions of whole trees: the name index, a full scan, lookups and expansions from op_api sources.

usage: python tests/perf/bench_macros.py ROOT [ROOT ...]

The first root is the repository measured, the others are further roots (as `--repo-root`). For every op_api
source of the first root: its include closure (IncludeResolver), then every upper-case name followed by `(` is
looked up (MacroIndex) and, when found, its invocation is expanded twice: with logging macros left unexpanded (as a
route walker reads checks) and fully. Printed: counts per origin, errors, seconds.
"""

from __future__ import annotations

import argparse
import collections
import re
import time
from pathlib import Path

from op_migrate.analyzers.aclnn.includes import IncludeResolver
from op_migrate.analyzers.cxx.macro_defs import scan_macros, split_macro_args
from op_migrate.analyzers.cxx.macro_expand import expand_text
from op_migrate.analyzers.cxx.macro_index import MacroIndex, _host_headers
from op_migrate.analyzers.cxx.macro_lex import IDENT, lex, spell

_MACRO_LIKE = re.compile(r"[A-Z][A-Z0-9_]{2,}")


def _invocations(text: str):
    tokens = lex(re.sub(r"^[ \t]*#.*$", "", text, flags=re.M))
    for i, token in enumerate(tokens):
        if token.kind == IDENT and _MACRO_LIKE.fullmatch(token.text) and i + 1 < len(tokens) \
                and tokens[i + 1].text == "(":
            depth = 0
            for j in range(i + 1, len(tokens)):
                depth += {"(": 1, ")": -1}.get(tokens[j].text, 0)
                if depth == 0:
                    yield token.text, spell(tokens[i:j + 1])
                    break


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("roots", type=Path, nargs="+")
    args = parser.parse_args()
    roots = [root.resolve() for root in args.roots]
    headers = list(_host_headers(roots[:1]))
    size = sum(Path(h).stat().st_size for h in headers)
    index = MacroIndex(roots)
    started = time.perf_counter()
    names = index.name_index()
    print(f"{len(headers)} host headers, {size / 1e6:.1f} MB under {roots[0]}; name index over all roots: "
          f"{index.indexed_files} files, {len(names)} names, {time.perf_counter() - started:.2f} s")
    started = time.perf_counter()
    defines = sum(len(scan_macros(Path(h).read_bytes(), h).defines) for h in headers)
    print(f"full scan of the first root's host headers: {defines} defines, {time.perf_counter() - started:.2f} s")

    resolver = IncludeResolver(roots)
    sources = sorted(p for p in roots[0].rglob("*.cpp") if "op_api" in p.parts)
    origins: collections.Counter = collections.Counter()
    errors: collections.Counter = collections.Counter()
    lookups = expansions = 0
    timings = {"closure": 0.0, "lookup": 0.0, "quiet": 0.0, "full": 0.0}
    for source in sources:
        started = time.perf_counter()
        closure, _ = resolver.closure(source)
        timings["closure"] += time.perf_counter() - started
        lookup = index.resolver(source, closure)
        quiet = lambda name, lookup=lookup: None if name.startswith("OP_LOG") else lookup(name)  # noqa: E731
        for name, text in _invocations(source.read_text(errors="replace")):
            started = time.perf_counter()
            found = lookup(name)
            timings["lookup"] += time.perf_counter() - started
            lookups += 1
            origins[found.origin if found else "not a macro"] += 1
            if found is None or split_macro_args(text) is None:
                continue
            for kind, chosen in (("quiet", quiet), ("full", lookup)):
                started = time.perf_counter()
                result = expand_text(text, chosen)
                timings[kind] += time.perf_counter() - started
                if result.error:
                    errors[result.error.split(":")[0][:60]] += 1
            expansions += 1
    print(f"{len(sources)} op_api sources: {lookups} upper-case calls looked up ({dict(origins)}), "
          f"{expansions} expanded")
    print("seconds: " + ", ".join(f"{k} {v:.2f}" for k, v in timings.items())
          + f"; per expansion: quiet {timings['quiet'] / max(expansions, 1) * 1e3:.2f} ms, "
            f"full {timings['full'] / max(expansions, 1) * 1e3:.2f} ms")
    print(f"expansion errors: {dict(errors.most_common(8)) or 'none'}; scan findings: {len(index.findings)}")


if __name__ == "__main__":
    main()
