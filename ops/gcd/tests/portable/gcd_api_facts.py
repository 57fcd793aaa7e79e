# ----------------------------------------------------------------------------------------------------------------------
# Copyright (c) 2026 op-migrate contributors.
# This program is free software, you can redistribute it and/or modify it under the terms and conditions of
# CANN Open Software License Agreement Version 2.0 (the "License").
# Please refer to the License for details. You may not use this file except in compliance with the License.
# THIS SOFTWARE IS PROVIDED ON AN "AS IS" BASIS, WITHOUT WARRANTIES OF ANY KIND, EITHER EXPRESS OR IMPLIED,
# INCLUDING BUT NOT LIMITED TO NON-INFRINGEMENT, MERCHANTABILITY, OR FITNESS FOR A PARTICULAR PURPOSE.
# See LICENSE in the root of the software repository for the full text of the License.
# ----------------------------------------------------------------------------------------------------------------------
"""API facts of an aclnnGcd implementation, for the parity test: the ACLNN_API entry points (names, return and
parameter types), the named dtype lists of op_api/aclnn_gcd.cpp and op_api/gcd.cpp, and the OpDef of
op_host/gcd_def.cpp (configured SoCs, dtypes of each input and output). Names and dtype lists only, read with
regular expressions from ops-math's layout; a file or a construct it expects and does not find is an error.

Regenerate the committed snapshot of ops-math's facts (ops/gcd/tests/portable/opsmath_gcd_api.json):
    python ops/gcd/tests/portable/gcd_api_facts.py --ops-math <hicann/ops-math checkout>
"""

from __future__ import annotations

import argparse
import json
import re
import sys
from pathlib import Path

HERE = Path(__file__).resolve().parent
SNAPSHOT = HERE / "opsmath_gcd_api.json"
OPS_MATH_OPERATORS = ("math/gcd", "experimental/math/gcd")

_COMMENTS = re.compile(r"/\*.*?\*/|//[^\n]*", re.S)
_ENTRY = re.compile(r"ACLNN_API\s+([\w:]+)\s+(\w+)\s*\(([^)]*)\)\s*;")
_DTYPE_LIST = re.compile(r"std::(?:initializer_list|vector)<(?:op|ge)::DataType>\s+(\w+)\s*=\s*\{([^}]*)\}")
_DTYPE = re.compile(r"\bDT_(\w+)")
_PARAM = re.compile(r'this->(Input|Output)\("(\w+)"\)(.*?);', re.S)
_PARAM_DTYPES = re.compile(r"\.DataType\(\s*(\{[^}]*\}|\w+)\s*\)")
_SOC = re.compile(r'AddConfig\("(\w+)"')


class FactsError(Exception):
    """A source lacks what the extraction needs (path and reason in the message)."""


def _source(path: Path) -> str:
    if not path.is_file():
        raise FactsError(f"{path}: not found")
    return _COMMENTS.sub("", path.read_text(encoding="utf-8"))


def entry_points(header: Path) -> list[dict]:
    """Every ACLNN_API declaration: name, return type and parameter types (spaces normalised, names dropped)."""
    found = []
    for returns, name, params in _ENTRY.findall(_source(header)):
        types = []
        for param in params.split(","):
            text = re.sub(r"\s+", " ", param).strip()
            text = re.sub(r"\s*\*\s*", "*", re.sub(r"\s*(\w+)$", "", text)).strip()
            types.append(text)
        found.append({"name": name, "returns": returns, "params": types})
    if not found:
        raise FactsError(f"{header}: no ACLNN_API declaration")
    return found


def dtype_lists(source: Path) -> dict[str, list[str]]:
    """Every named op::DataType / ge::DataType list: name -> dtype names without DT_, in source order."""
    lists = {name: _DTYPE.findall(body) for name, body in _DTYPE_LIST.findall(_source(source))}
    if not lists:
        raise FactsError(f"{source}: no named dtype list")
    return lists


def opdef(source: Path) -> dict:
    """The OpDef: SoCs of its AICore configs and the dtype column of each input and output (named lists resolved)."""
    text = _source(source)
    named = {name: _DTYPE.findall(body) for name, body in _DTYPE_LIST.findall(text)}
    params = {}
    for _, name, chain in _PARAM.findall(text):
        match = _PARAM_DTYPES.search(chain)
        if match is None:
            raise FactsError(f"{source}: {name} has no DataType(...)")
        value = match.group(1)
        if value.startswith("{"):
            params[name] = _DTYPE.findall(value)
        elif value in named:
            params[name] = named[value]
        else:
            raise FactsError(f"{source}: {name} takes DataType({value}), a list this file does not define")
    socs = _SOC.findall(text)
    if not params or not socs:
        raise FactsError(f"{source}: no Input/Output or no AddConfig")
    return {"socs": socs, "params": params}


def operator_facts(op_dir: Path) -> dict:
    """The facts of one operator folder in ops-math's layout (op_api/, op_host/)."""
    return {
        "entry_points": entry_points(op_dir / "op_api" / "aclnn_gcd.h"),
        "aclnn_dtype_lists": dtype_lists(op_dir / "op_api" / "aclnn_gcd.cpp"),
        "l0_dtype_lists": dtype_lists(op_dir / "op_api" / "gcd.cpp"),
        "opdef": opdef(op_dir / "op_host" / "gcd_def.cpp"),
    }


def ops_math_facts(ops_math: Path) -> dict:
    return {
        "source": "hicann/ops-math: " + ", ".join(OPS_MATH_OPERATORS) + " (op_api/aclnn_gcd.h, op_api/aclnn_gcd.cpp, "
        "op_api/gcd.cpp, op_host/gcd_def.cpp)",
        "regenerate": "python ops/gcd/tests/portable/gcd_api_facts.py --ops-math <checkout>",
        "operators": {name: operator_facts(ops_math / name) for name in OPS_MATH_OPERATORS},
    }


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--ops-math", type=Path, required=True, help="a checkout of hicann/ops-math")
    parser.add_argument("-o", "--output", type=Path, default=SNAPSHOT)
    args = parser.parse_args(argv)
    try:
        facts = ops_math_facts(args.ops_math)
    except FactsError as error:
        print(f"error: {error}", file=sys.stderr)
        return 1
    args.output.write_text(json.dumps(facts, indent=2) + "\n", encoding="utf-8")
    print(f"wrote {args.output}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
