"""Static locals: one a function writes holds what earlier calls left (unknown to the walk of one call); one it only
reads keeps its initializer (before: `static bool inited = false; if (!inited) {...}` was read as false on every call,
a decided route that only the first call takes)."""

from __future__ import annotations

from pathlib import Path

import pytest

from op_migrate.analyzers.cxx import parse_source
from op_migrate.analyzers.route.static_locals import carried_over

from .branch_probe import CERTAIN, MAY, NONE, branch_launches


@pytest.mark.parametrize("prelude, cond, expected", [
    ("    static bool inited = false;\n    bool first = !inited;\n    inited = true;", "first", MAY),
    ("    static int64_t calls = 0;\n    calls++;", "calls == 1", MAY),
    ("    static int64_t calls = 0;\n    calls += 2;", "calls == 2", MAY),
    ("    static int64_t seen[2] = {0, 0};\n    seen[0] = 1;", "seen[1] == 0", MAY),
    ("    static bool ready = false;\n    bool was = ready;\n    Prepare(ready);", "!was", MAY),  # by reference
    ("    static bool ready = false;\n    Prepare(ready);", "ready", CERTAIN),  # this call's own write is known
    ("    static bool useV2 = 3 > 2;", "useV2", CERTAIN),  # only read: its initializer holds on every call
    ("    static bool useV2 = 3 > 2;", "!useV2", NONE),
    ("    static const int64_t kLimit = 4;", "kLimit == 4", CERTAIN),
])
def test_a_static_local_the_function_writes_is_unknown(tmp_path: Path, prelude: str, cond: str, expected) -> None:
    helpers = "static void Prepare(bool& flag)\n{\n    flag = true;\n}\n"
    assert branch_launches(tmp_path, prelude, cond, helpers=helpers) == expected


def test_only_writes_count() -> None:
    unit = parse_source(b"void F(int x) {\n  static bool a = false;\n  static int b = 0;\n  static int c = 0;\n"
                        b"  if (a == true && b != 0) { x = c; }\n  Log(\"a\", c + 1);\n}\n", "x.cpp")
    function = unit.functions[0]
    decls = {stmt.target: stmt for stmt in function.body if stmt.kind == "decl"}
    assert [carried_over(function, decls[name]) for name in "abc"] == [False, False, False]
