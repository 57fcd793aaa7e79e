# ----------------------------------------------------------------------------------------------------------------------
# Copyright (c) 2026 op-migrate contributors.
# This program is free software, you can redistribute it and/or modify it under the terms and conditions of
# CANN Open Software License Agreement Version 2.0 (the "License").
# Please refer to the License for details. You may not use this file except in compliance with the License.
# THIS SOFTWARE IS PROVIDED ON AN "AS IS" BASIS, WITHOUT WARRANTIES OF ANY KIND, EITHER EXPRESS OR IMPLIED,
# INCLUDING BUT NOT LIMITED TO NON-INFRINGEMENT, MERCHANTABILITY, OR FITNESS FOR A PARTICULAR PURPOSE.
# See LICENSE in the root of the software repository for the full text of the License.
# ----------------------------------------------------------------------------------------------------------------------
"""Extracts the public facts of an aclnn_bernoulli.h / aclnn_bernoulli.cpp pair: the entry points with their parameter
types, and the self/out and prob dtype lists per SoC branch of GetOutDtypeSupportList / GetProbDtypeSupportList.
Names and dtype lists only, never code. Writes the committed snapshot of ops-math's facts:
    python ops/bernoulli/tests/portable/bernoulli_api_facts.py --ops-math <hicann/ops-math checkout>
"""

from __future__ import annotations

import argparse
import json
import re
import sys
from pathlib import Path

SNAPSHOT = Path(__file__).resolve().parent / "opsmath_api_facts.json"
# The API this operator replaces, and the community's experimental take on the same task (header only: its dtype
# lists are the same function names in another file).
SOURCES = {
    "ops-math": ("random/dsa_gen_bit_mask/op_host/op_api/aclnn_bernoulli.h",
                 "random/dsa_gen_bit_mask/op_host/op_api/aclnn_bernoulli.cpp"),
    "community": ("experimental/random/bernoulli_mask/op_api/aclnn_bernoulli.h",
                  "experimental/random/bernoulli_mask/op_api/aclnn_bernoulli.cpp"),
}
LIST_GETTERS = {"self_out": "GetOutDtypeSupportList", "prob": "GetProbDtypeSupportList"}

_COMMENTS = re.compile(r"//[^\n]*|/\*.*?\*/", re.S)
_ENTRY = re.compile(r"ACLNN_API\s+aclnnStatus\s+(\w+)\s*\(([^)]*)\)\s*;")
_LIST = re.compile(r"static\s+const\s+std::initializer_list<\s*(?:op::)?DataType\s*>\s+(\w+)\s*=\s*\{([^}]*)\}\s*;")
_BRANCH = re.compile(r"(?:else\s+)?if\s*\((.*?)\)\s*\{[^{}]*?return\s+(\w+)\s*;|else\s*\{[^{}]*?return\s+(\w+)\s*;",
                     re.S)


class FactsError(ValueError):
    """A source that does not hold the facts in the form this script reads (file and reason in the message)."""


def _strip(text: str) -> str:
    return _COMMENTS.sub("", text)


def _param_type(param: str) -> str:
    """`const aclTensor* self` -> `const aclTensor*`: the declaration without its name, spaces normalised."""
    words = re.sub(r"\s+", " ", param.strip())
    name = re.search(r"(\w+)$", words)
    kind = words[: name.start()] if name else words
    return re.sub(r"\s*([*&]+)\s*", r"\1", kind).strip()


def entries(header: Path) -> dict[str, list[str]]:
    """Every ACLNN_API function of the header: name -> parameter types in order."""
    found = {m.group(1): [_param_type(p) for p in m.group(2).split(",") if p.strip()]
             for m in _ENTRY.finditer(_strip(header.read_text(encoding="utf-8")))}
    if not found:
        raise FactsError(f"{header}: no `ACLNN_API aclnnStatus name(...);` declaration")
    return found


def _body(source: str, function: str, path: Path) -> str:
    start = re.search(rf"\b{function}\s*\(\s*\)\s*\{{", source)
    if start is None:
        raise FactsError(f"{path}: no definition of {function}()")
    depth, i = 1, start.end()
    while depth and i < len(source):
        depth += {"{": 1, "}": -1}.get(source[i], 0)
        i += 1
    return source[start.end(): i - 1]


def dtype_lists(source_path: Path) -> dict[str, list[dict]]:
    """For self/out and prob: the branches of their list getter, each `when` (the condition as written, "else" for
    the last) with its sorted DT_* names."""
    source = _strip(source_path.read_text(encoding="utf-8"))
    lists = {m.group(1): sorted(set(re.findall(r"DT_\w+", m.group(2)))) for m in _LIST.finditer(source)}
    facts: dict[str, list[dict]] = {}
    for role, getter in LIST_GETTERS.items():
        branches = []
        for m in _BRANCH.finditer(_body(source, getter, source_path)):
            when = re.sub(r"\s+", " ", m.group(1)).strip() if m.group(1) else "else"
            name = m.group(2) or m.group(3)
            if name not in lists:
                raise FactsError(f"{source_path}: {getter} returns {name}, which is no DataType list of the file")
            branches.append({"when": when, "list": name, "dtypes": lists[name]})
        if not branches:
            raise FactsError(f"{source_path}: {getter} has no `if (...) {{ return LIST; }}` branch")
        facts[role] = branches
    return facts


def facts_of(header: Path, source: Path) -> dict:
    return {"entries": entries(header), "dtypes": dtype_lists(source)}


def opsmath_facts(root: Path) -> dict:
    """The snapshot's content, re-extracted from an ops-math checkout."""
    return {name: dict(facts_of(root / header, root / source), header=header, source=source)
            for name, (header, source) in SOURCES.items()}


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--ops-math", required=True, type=Path, help="a hicann/ops-math checkout")
    parser.add_argument("-o", "--output", type=Path, default=SNAPSHOT)
    args = parser.parse_args(argv)
    try:
        facts = opsmath_facts(args.ops_math)
    except (OSError, FactsError) as error:
        print(f"error: {error}", file=sys.stderr)
        return 2
    args.output.write_text(json.dumps(facts, indent=2, sort_keys=True) + "\n", encoding="utf-8")
    print(f"wrote {args.output}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
