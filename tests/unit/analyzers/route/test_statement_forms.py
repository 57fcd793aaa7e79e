"""C++ forms whose values the walk read wrong and stated complete (probe sets 24, 25): a `for`'s update and init
clauses, an `if`'s init, a lambda's copies, a narrow unsigned in arithmetic (it promotes to `int`), a structured
binding by reference (its names are the source's members)."""

from __future__ import annotations

from pathlib import Path

import pytest

from .branch_probe import CERTAIN, MAY, NONE, branch_launches

_RANK = "    int64_t n = self->GetViewShape().GetDimNum();\n"


@pytest.mark.parametrize("prelude, cond, expected", [
    # The update clause runs after each round (it was never walked: k and i kept their values before the loop).
    ("    int64_t i = 0, j = 10;\n    for (; i < j; i++, j--) {}", "i == 0", MAY),
    (_RANK + "    int64_t k = 0;\n    for (int64_t i = 0; i < n; i++, k++) {}", "k == 0", MAY),
    # ... after a `continue` too, and not after a `break`.
    (_RANK + "    int64_t k = 0;\n    for (int64_t i = 0; i < n; i++, k++) {\n        continue;\n    }", "k == 0", MAY),
    ("    int64_t k = 0;\n    for (;; k++) {\n        break;\n    }", "k == 0", CERTAIN),
    # The init clause runs once (an outer i was read as 5 after `for (i = 0; ...)`).
    (_RANK + "    int64_t i = 5;\n    for (i = 0; i < n; i++) {}", "i == 5", MAY),
    ("    int64_t i = 5;\n    for (i = 0; i < 3; i++) {}", "i == 3", CERTAIN),
    # An if's init declares its own variable, hiding an outer one (the outer k was read).
    ("    int64_t k = 9;", "int64_t k = 3; k == 3", CERTAIN),
    ("    int64_t k = 3;", "int64_t k = 9; k == 3", NONE),
])
def test_header_clauses_run_where_cpp_runs_them(tmp_path: Path, prelude: str, cond: str, expected) -> None:
    assert branch_launches(tmp_path, prelude, cond) == expected


@pytest.mark.parametrize("prelude, cond, expected", [
    # A copy is taken when the lambda is made (it read n at the call: 2).
    ("    int64_t n = 1;\n    auto get = [n]() { return n; };\n    n = 2;", "get() == 1", CERTAIN),
    ("    int64_t n = 1;\n    auto get = [=]() { return n; };\n    n = 2;", "get() == 1", CERTAIN),
    ("    int64_t n = 1;\n    auto get = [&n]() { return n; };\n    n = 2;", "get() == 2", CERTAIN),
    ("    int64_t n = 1;\n    auto get = [&]() { return n; };\n    n = 2;", "get() == 2", CERTAIN),
    # A mutable lambda's copy carries what earlier calls wrote: unknown.
    ("    int64_t n = 1;\n    auto bump = [n]() mutable { return ++n; };\n    bump();", "bump() == 3", MAY),
])
def test_lambda_copies_are_taken_when_it_is_made(tmp_path: Path, prelude: str, cond: str, expected) -> None:
    assert branch_launches(tmp_path, prelude, cond) == expected


@pytest.mark.parametrize("prelude, cond, expected", [
    ("    uint8_t a = 200;", "a + a > 255", CERTAIN),  # int arithmetic: 400 (it wrapped to 144)
    ("    uint8_t a = 200;\n    uint8_t s = a + a;", "s == 144", CERTAIN),  # stored back, it wraps
    ("    uint16_t h = 1;", "-h < 0", CERTAIN),
    ("    uint32_t w = 1;", "-w > 0", CERTAIN),  # as wide as int: unsigned
])
def test_narrow_unsigned_promotes_to_int(tmp_path: Path, prelude: str, cond: str, expected) -> None:
    assert branch_launches(tmp_path, prelude, cond) == expected


@pytest.mark.parametrize("prelude, cond, expected", [
    ("    std::pair<int64_t, int64_t> p{1, 2};\n    auto& [x, y] = p;\n    x = 10;", "p.first == 1", MAY),
    ("    std::pair<int64_t, int64_t> p{1, 2};\n    auto& [x, y] = p;\n    p.first = 7;", "x == 1", MAY),
    ("    std::pair<int64_t, int64_t> p{1, 2};\n    auto [x, y] = p;\n    x = 10;", "p.first == 10", NONE),
    ("    const auto& [x, y] = std::make_tuple(int64_t(1), int64_t(2));", "x == 1 && y == 2", CERTAIN),
])
def test_structured_binding_by_reference_aliases_its_source(tmp_path: Path, prelude: str, cond: str,
                                                            expected) -> None:
    assert branch_launches(tmp_path, prelude, cond) == expected


@pytest.mark.parametrize("prelude, cond, expected", [
    # A do-while's `continue` goes on to the condition (it left the loop after one round: k == 1).
    ("    int64_t k = 0;\n    do {\n        k++;\n        continue;\n    } while (k < 3);", "k == 1", MAY),
    # Paths that did not break loop on (a break under an undecided guard ended the loop after one round).
    (_RANK + "    int64_t k = 0;\n    do {\n        k++;\n        if (k >= n) {\n            break;\n        }\n"
     "    } while (true);", "k == 1", MAY),
    ("    int64_t k = 0;\n    do {\n        k++;\n    } while (0);", "k == 1", CERTAIN),  # the check macros' form
    # A condition that writes runs every round (it ran once: i == 1 after the loop).
    ("    int64_t i = 0;\n    while (i++ < 3) {}", "i == 1", MAY),
])
def test_do_while_and_conditions_that_write(tmp_path: Path, prelude: str, cond: str, expected) -> None:
    assert branch_launches(tmp_path, prelude, cond) == expected


@pytest.mark.parametrize("prelude", [
    "    do {\n        if (n != 2) {\n            break;\n        }\n        return ACLNN_ERR_PARAM_INVALID;\n    } while (0);",
    "    for (int i = 0; i < 1; i++) {\n        if (n != 2) {\n            break;\n        }\n"
    "        return ACLNN_ERR_PARAM_INVALID;\n    }",
])
def test_paths_that_broke_out_go_on_when_others_returned(tmp_path: Path, prelude: str) -> None:
    # The walk went on under the guards of the path that returned an error, so every later launch was taken as part
    # of the failing call and dropped: the route was complete with no launch.
    assert branch_launches(tmp_path, _RANK + prelude, "true") == MAY
