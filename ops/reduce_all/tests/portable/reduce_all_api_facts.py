# ----------------------------------------------------------------------------------------------------------
# Copyright (c) 2026 op-migrate contributors.
# This program is free software, you can redistribute it and/or modify it under the terms and conditions of
# CANN Open Software License Agreement Version 2.0 (the "License").
# Please refer to the License for details. You may not use this file except in compliance with the License.
# THIS SOFTWARE IS PROVIDED ON AN "AS IS" BASIS, WITHOUT WARRANTIES OF ANY KIND, EITHER EXPRESS OR IMPLIED,
# INCLUDING BUT NOT LIMITED TO NON-INFRINGEMENT, MERCHANTABILITY, OR FITNESS FOR A PARTICULAR PURPOSE.
# See LICENSE in the root of the software repository for the full text of the License.
# ----------------------------------------------------------------------------------------------------------

"""API facts of an aclnnAll: entry points (names, parameter types), public macros, dtype support lists per role.

Extracted the same way from ops-math's math/reduce_all and from this operator's op_api, so the two compare. Only
names, types and dtype names are kept (no code). Refresh the committed snapshot of ops-math's facts with
    python ops/reduce_all/tests/portable/reduce_all_api_facts.py <ops-math checkout>
(test_reduce_all_api_parity checks it against $OPS_MATH and holds this operator to it).
"""

from __future__ import annotations

import json
import re
import sys
from pathlib import Path

from tree_sitter import Parser

from op_migrate.analyzers.cxx.ts_unit import language, parse_source

HERE = Path(__file__).resolve().parent
OP_API = HERE.parents[1] / "op_api"
SNAPSHOT = HERE / "opsmath_reduce_all_api.json"
OPSMATH_OP_API = Path("math") / "reduce_all" / "op_api"

# Which support list plays which role. "self.ascend910b" is the list chosen on Ascend910B / Ascend910_93 (and, in
# ops-math, RegBase SoCs), "self.ascend910" the list of every other SoC, "out" the out dtypes.
OPSMATH_ROLES = {
    "Ascend910_self_dtype_support_list": "self.ascend910",
    "Ascend910B_self_dtype_support_list": "self.ascend910b",
    "out_dtype_support_list": "out",
}
OUR_ROLES = {
    "SELF_DTYPES_ASCEND910": "self.ascend910",
    "SELF_DTYPES_ASCEND910B": "self.ascend910b",
    "OUT_DTYPES": "out",
}


class FactsError(Exception):
    """The sources do not have the shape the extraction expects (a renamed list, a missing header ...)."""


def _normal_type(text: str) -> str:
    """`const aclTensor *` -> `const aclTensor*`; a top-level const of a by-value parameter is not part of the
    function's type (`const aclrtStream` -> `aclrtStream`)."""
    text = re.sub(r"\s+", " ", text).strip()
    text = re.sub(r"\s*([*&])", r"\1", text)
    if "*" not in text and "&" not in text and text.startswith("const "):
        text = text[len("const ") :]
    return text


def _innermost_name(declarator):
    while declarator is not None and declarator.type != "identifier":
        declarator = declarator.child_by_field_name("declarator")
    return declarator


def entry_points(header: Path) -> list[dict]:
    """Every `aclnn*` function the header declares: name, return type, parameter types in order."""
    # ACLNN_API expands to a visibility attribute; blank it (same length) so tree-sitter sees a plain declaration.
    data = header.read_bytes().replace(b"ACLNN_API", b" " * len("ACLNN_API"))
    tree = Parser(language()).parse(data)
    found: list[dict] = []
    stack = [tree.root_node]
    while stack:
        node = stack.pop()
        stack.extend(reversed(node.children))
        if node.type != "function_declarator" or node.parent is None or node.parent.type != "declaration":
            continue
        name = node.child_by_field_name("declarator").text.decode()
        if not name.startswith("aclnn"):
            continue
        params = []
        for param in node.child_by_field_name("parameters").named_children:
            if param.type != "parameter_declaration":
                continue
            text = param.text.decode()
            ident = _innermost_name(param.child_by_field_name("declarator"))
            if ident is not None:
                start = ident.start_byte - param.start_byte
                text = text[:start] + text[ident.end_byte - param.start_byte :]
            params.append(_normal_type(text))
        returns = _normal_type(node.parent.child_by_field_name("type").text.decode())
        found.append({"name": name, "returns": returns, "params": params})
    if not found:
        raise FactsError(f"{header}: declares no aclnn* function")
    return found


def public_macros(header: Path) -> dict[str, str]:
    """`#define NAME value` lines of the header other than its include guard."""
    macros = {}
    for match in re.finditer(r"^\s*#\s*define\s+(\w+)[ \t]+(\S[^\n]*?)\s*$", header.read_text(encoding="utf-8"), re.M):
        macros[match.group(1)] = match.group(2)
    return dict(sorted(macros.items()))


def dtype_lists(source: Path, roles: dict[str, str]) -> dict[str, list[str]]:
    """The `std::initializer_list<DataType>` constants of the source that `roles` names, as DT_* names by role."""
    unit = parse_source(source.read_bytes(), str(source))
    lists = {}
    for decl in unit.globals:
        name = decl.name.rsplit("::", 1)[-1]
        if name in roles and "initializer_list" in decl.type_text and decl.value is not None:
            lists[roles[name]] = sorted(child.text.rsplit("::", 1)[-1] for child in decl.value.children)
    missing = sorted(set(roles.values()) - set(lists))
    if missing:
        raise FactsError(f"{source}: no dtype list for {', '.join(missing)} (lists looked for: {', '.join(roles)})")
    return dict(sorted(lists.items()))


def ascend910b_list_socs(source: Path, roles: dict[str, str]) -> list[str]:
    """The SoC tests under which the source returns its self.ascend910b list (SocVersion names, IsRegBase)."""
    list_name = next(name for name, role in roles.items() if role == "self.ascend910b")
    text = source.read_text(encoding="utf-8")
    match = re.search(r"if\s*\(((?:[^{};]|\n)*?)\)\s*\{\s*return\s+" + re.escape(list_name) + r"\s*;", text)
    if match is None:
        raise FactsError(f"{source}: no `if (...) {{ return {list_name}; }}` chooses the Ascend910B list")
    condition = match.group(1)
    tests = re.findall(r"SocVersion::(\w+)", condition) + re.findall(r"\b(IsRegBase)\s*\(", condition)
    return sorted(tests)


def facts(op_api: Path, roles: dict[str, str]) -> dict:
    """Entry points and macros of op_api/aclnn_all.h, dtype lists and their SoC choice of op_api/aclnn_all.cpp."""
    header, source = op_api / "aclnn_all.h", op_api / "aclnn_all.cpp"
    for path in (header, source):
        if not path.is_file():
            raise FactsError(f"{path}: not found")
    return {
        "entry_points": entry_points(header),
        "public_macros": public_macros(header),
        "self_dtypes_and_out_dtypes": dtype_lists(source, roles),
        "ascend910b_list_chosen_on": ascend910b_list_socs(source, roles),
    }


def opsmath_facts(checkout: Path) -> dict:
    return facts(checkout / OPSMATH_OP_API, OPSMATH_ROLES)


def our_facts() -> dict:
    return facts(OP_API, OUR_ROLES)


def snapshot_text(checkout: Path) -> str:
    document = {"source": f"hicann/ops-math {OPSMATH_OP_API.as_posix()}/aclnn_all.h, aclnn_all.cpp"}
    document.update(opsmath_facts(checkout))
    return json.dumps(document, indent=2, ensure_ascii=False) + "\n"


def main(argv: list[str]) -> int:
    if len(argv) != 1:
        sys.stderr.write("usage: reduce_all_api_facts.py <ops-math checkout>\n")
        return 2
    try:
        text = snapshot_text(Path(argv[0]))
    except FactsError as error:
        sys.stderr.write(f"error: {error}\n")
        return 1
    SNAPSHOT.write_text(text, encoding="utf-8")
    sys.stdout.write(f"wrote {SNAPSHOT}\n")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
