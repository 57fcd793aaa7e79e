"""Block scope: a declaration in an inner block hides an outer variable only until the block ends (before: the inner
value replaced the outer one for the rest of the function, a decided guard on the wrong value)."""

from __future__ import annotations

from pathlib import Path

import pytest

from op_migrate.analyzers.route.scopes import loop_variable

from .branch_probe import CERTAIN, MAY, NONE, branch_launches


@pytest.mark.parametrize("prelude, cond, expected", [
    ("    int64_t mode = 1;\n    {\n        int64_t mode = 2;\n        (void)mode;\n    }", "mode == 1", CERTAIN),
    ("    int64_t mode = 1;\n    if (self != nullptr) {\n        int64_t mode = 2;\n        (void)mode;\n    }",
     "mode == 1", CERTAIN),
    ("    int64_t i = 7;\n    for (int64_t i = 0; i < 3; i++) {\n    }", "i == 7", CERTAIN),
    ("    int64_t i = 7;\n    for (int64_t j = 0; j < 3; j++) {\n        i = j;\n    }", "i == 2", CERTAIN),
    ("    int64_t mode = 1;\n    {\n        mode = 2;\n    }", "mode == 2", CERTAIN),  # an assignment is no declaration
    ("    int64_t i = 0;\n    for (i = 0; i < 3; i++) {\n    }", "i == 3", CERTAIN),  # the counter ends at the bound
    ("    int64_t i = 0;\n    for (i = 0; i < 3; i++) {\n        if (i == 1) {\n            break;\n        }\n"
     "    }", "i == 1", CERTAIN),
    # A body that moves the counter is not unrolled by the header (c is 3, not 6): the walk leaves c open.
    ("    int64_t c = 0;\n    for (int64_t i = 0; i < 6; i++) {\n        i++;\n        c++;\n    }", "c == 6", MAY),
    ("    int64_t mode = 1;\n    auto run = [&]() {\n        int64_t mode = 5;\n        return mode;\n    };\n"
     "    run();", "mode == 1", CERTAIN),  # the lambda's own local, not the caller's variable it captures
    ("    int64_t mode = 1;\n    auto run = [&]() {\n        mode = 5;\n    };\n    run();", "mode == 1", NONE),
])
def test_an_inner_declaration_hides_the_outer_variable_until_its_block_ends(tmp_path: Path, prelude, cond,
                                                                            expected) -> None:
    assert branch_launches(tmp_path, prelude, cond) == expected


@pytest.mark.parametrize("text, name", [
    ("for (int64_t i = 0; i < n; i++)", "i"),
    ("for (const auto& t : list)", "t"),
    ("for (size_t k{0}; k < n; ++k)", "k"),
    ("for (auto* p : ptrs)", "p"),
    ("for (i = 0; i < n; i++)", None),
    ("for (; i < n; i++)", None),
])
def test_the_loop_variable_a_for_head_declares(text: str, name) -> None:
    assert loop_variable(text) == name
