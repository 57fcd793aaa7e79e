# ----------------------------------------------------------------------------------------------------------------------
# Copyright (c) 2026 op-migrate contributors.
# This program is free software, you can redistribute it and/or modify it under the terms and conditions of
# CANN Open Software License Agreement Version 2.0 (the "License").
# Please refer to the License for details. You may not use this file except in compliance with the License.
# THIS SOFTWARE IS PROVIDED ON AN "AS IS" BASIS, WITHOUT WARRANTIES OF ANY KIND, EITHER EXPRESS OR IMPLIED,
# INCLUDING BUT NOT LIMITED TO NON-INFRINGEMENT, MERCHANTABILITY, OR FITNESS FOR A PARTICULAR PURPOSE.
# See LICENSE in the root of the software repository for the full text of the License.
# ----------------------------------------------------------------------------------------------------------------------
"""Facts of a remainder operator's public surface: aclnn entry points, dtype support lists, OpDef SoCs and dtypes.

Reads an operator folder in the ops-math layout (ops-math's math/floor_mod, or ops/floor_mod here) and returns names
and dtype lists only, never code. `python remainder_api_facts.py <ops-math checkout> -o <json>` writes the snapshot
test_floor_mod_api_parity.py compares this operator with (regenerate it when ops-math changes).
"""

from __future__ import annotations

import argparse
import json
import re
import sys
from pathlib import Path

SNAPSHOT = Path(__file__).resolve().parent / "opsmath_remainder_api.json"
OPSMATH_FOLDER = "math/floor_mod"

_COMMENT = re.compile(r"//[^\n]*|/\*.*?\*/", re.S)
_ENTRY = re.compile(r"ACLNN_API\s+aclnnStatus\s+(\w+)\s*\(([^)]*)\)\s*;")
_DEFINITION = re.compile(r"^aclnnStatus\s+(aclnn\w+)\s*\(([^)]*)\)\s*\{", re.M)
_DTYPE_LIST = re.compile(r"static\s+const\s+std::(?:initializer_list|vector)<\s*(?:op::|ge::)?DataType\s*>\s+"
                         r"(\w+)\s*=\s*\{([^}]*)\}\s*;")
_DTYPE = re.compile(r"\b(?:op::DataType::|ge::)?(DT_[A-Z0-9_]+)\b")
_SWITCH_ITEM = re.compile(r"\bcase\s+(?:op::)?NpuArch::(\w+)\s*:|\bdefault\s*:|\breturn\s+(\w+)\s*;")
_PARAM_NAME = re.compile(r"^(.*?)(\w+)$")


class FactsError(ValueError):
    """A source the extractor cannot read as the facts it expects (names the file and what is missing)."""


def _code(path: Path) -> str:
    try:
        return _COMMENT.sub(" ", path.read_text(encoding="utf-8"))
    except (OSError, UnicodeDecodeError) as error:
        raise FactsError(f"{path}: cannot be read ({error})") from error


def _params(text: str) -> list[dict]:
    """"const aclTensor* self, aclOpExecutor** executor" -> [{"type": "const aclTensor*", "name": "self"}, ...]."""
    params = []
    for raw in text.split(","):
        item = " ".join(raw.split())
        match = _PARAM_NAME.match(item)
        if not item or not match:
            continue
        kind = match.group(1).replace(" *", "*").strip()
        params.append({"type": kind, "name": match.group(2)})
    return params


def entry_points(header: Path) -> list[dict]:
    """The ACLNN_API functions a header declares, sorted by name: name and parameters (type, name)."""
    found = [{"name": name, "params": _params(params)} for name, params in _ENTRY.findall(_code(header))]
    if not found:
        raise FactsError(f"{header}: declares no ACLNN_API aclnnStatus function")
    return sorted(found, key=lambda entry: entry["name"])


def definitions(source: Path) -> list[dict]:
    """The aclnn* functions a source file defines (not static), sorted by name, in the same form."""
    found = [{"name": name, "params": _params(params)} for name, params in _DEFINITION.findall(_code(source))]
    return sorted(found, key=lambda entry: entry["name"])


def dtype_lists(code: str) -> dict[str, list[str]]:
    """Named dtype lists (`static const std::initializer_list<op::DataType> NAME = {...};`), DT_* names in order."""
    return {name: _DTYPE.findall(body) for name, body in _DTYPE_LIST.findall(code)}


def support_by_arch(source: Path) -> dict[str, list[str]]:
    """NPU arch -> the dtype list the aclnn source's support switch returns for it ("default" for the rest)."""
    code = _code(source)
    lists = dtype_lists(code)
    for match in re.finditer(r"\bswitch\s*\(\s*\w+\s*\)\s*\{", code):
        result: dict[str, list[str]] = {}
        labels: list[str] = []
        depth, position = 1, match.end()
        while depth and position < len(code):
            depth += {"{": 1, "}": -1}.get(code[position], 0)
            position += 1
        for item in _SWITCH_ITEM.finditer(code[match.end():position]):
            arch, returned = item.group(1), item.group(2)
            if returned is not None:
                if returned in lists:
                    for label in labels:
                        result[label] = sorted(lists[returned])
                labels = []
            else:
                labels.append(arch or "default")
        if result:
            return dict(sorted(result.items()))
    raise FactsError(f"{source}: no switch over NpuArch returning a named dtype list")


def opdef(source: Path) -> dict:
    """The OpDef's AI Core configs (SoC names) and the dtypes of each input and output."""
    code = _code(source)
    lists = dtype_lists(code)
    params: dict[str, list[str]] = {}
    for kind, name, chain in re.findall(r"this->(Input|Output)\(\s*\"(\w+)\"\s*\)(.*?);", code, re.S):
        match = re.search(r"\.DataType\(\s*(\{[^}]*\}|\w+)\s*\)", chain)
        if match is None:
            raise FactsError(f"{source}: {kind} {name} has no DataType(...)")
        value = match.group(1)
        dtypes = _DTYPE.findall(value) if value.startswith("{") else lists.get(value)
        if dtypes is None:
            raise FactsError(f"{source}: {kind} {name} takes the dtype list {value}, which the file does not define")
        params[f"{kind.lower()}:{name}"] = sorted(dtypes)
    socs = sorted(set(re.findall(r"AddConfig\(\s*\"(\w+)\"", code)))
    if not params or not socs:
        raise FactsError(f"{source}: no OpDef inputs/outputs or no AddConfig(\"<soc>\")")
    return {"aicore_socs": socs, "params": params}


def operator_facts(folder: Path) -> dict:
    """All facts of one operator folder (op_api/aclnn_remainder.{h,cpp}, op_host/floor_mod_def.cpp)."""
    return {
        "entry_points": entry_points(folder / "op_api" / "aclnn_remainder.h"),
        "dtype_support_by_arch": support_by_arch(folder / "op_api" / "aclnn_remainder.cpp"),
        "opdef": opdef(folder / "op_host" / "floor_mod_def.cpp"),
    }


def snapshot(ops_math: Path) -> dict:
    """The committed form: ops-math's facts with where they were read."""
    folder = ops_math / OPSMATH_FOLDER
    if not folder.is_dir():
        raise FactsError(f"{ops_math}: no {OPSMATH_FOLDER} folder; point at a checkout of hicann/ops-math")
    return {"source": f"hicann/ops-math {OPSMATH_FOLDER}", **operator_facts(folder)}


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("ops_math", type=Path, help="a checkout of hicann/ops-math")
    parser.add_argument("-o", "--output", type=Path, default=SNAPSHOT,
                        help=f"default: {SNAPSHOT.name} next to this file")
    args = parser.parse_args(argv)
    try:
        facts = snapshot(args.ops_math)
    except FactsError as error:
        sys.stderr.write(f"error: {error}\n")
        return 2
    args.output.write_text(json.dumps(facts, indent=1) + "\n", encoding="utf-8")
    sys.stdout.write(f"wrote {args.output}\n")
    return 0


if __name__ == "__main__":
    sys.exit(main())
