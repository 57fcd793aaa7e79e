"""Writes a statement makes besides its own target: an assignment inside a condition, an increment inside an index,
a write through a local reference, and a lambda capturing by reference that a library call runs. Each was missed, the
variable read as before, a branch decided on it and a launch dropped from a route stated complete."""

from __future__ import annotations

from pathlib import Path

import pytest

from .branch_probe import CERTAIN, MAY, NONE, branch_launches



@pytest.mark.parametrize("prelude, cond, launches", [
    ("    int64_t q = 0;\n    if ((q = 3) > 100) {}", "q == 3", CERTAIN),
    ("    int64_t q = 1;\n    bool big = (q *= 4) > 2;", "q == 4 && big", CERTAIN),
    ("    int64_t k = 0;\n    int64_t perm[2] = {0, 0};\n    perm[k++] = 7;", "k == 1 && perm[0] == 7", CERTAIN),
    ("    int64_t k = 1;\n    int64_t perm[2] = {0, 0};\n    perm[--k] = 7;", "k == 0 && perm[0] == 7", CERTAIN),
    ("    int64_t m = 0;\n    int64_t& alias = m;\n    alias = 5;", "m == 0", NONE),
    ("    int64_t m = 0;\n    const int64_t& view = m;", "view == 0", CERTAIN),
    ("    std::vector<int64_t> v = {2, 3};\n    int64_t n = 1;\n"
     "    std::for_each(v.begin(), v.end(), [&](int64_t d) { n *= d; });", "n == 1", MAY),
    ("    std::vector<int64_t> v = {2, 3};\n    int64_t n = 1;\n"
     "    bool all = std::all_of(v.begin(), v.end(), [&n](int64_t d) { n += d; return d > 0; });", "n == 1", MAY),
    ("    std::vector<int64_t> v = {2, 3};\n    int64_t n = 1;\n"
     "    bool all = std::all_of(v.begin(), v.end(), [n](int64_t d) { return d > n; });", "n == 1", CERTAIN),
    ("    std::vector<int64_t> v = {2, 3};\n    int64_t n = 1;\n    auto grow = [&n](int64_t d) { n *= d; };\n"
     "    std::for_each(v.begin(), v.end(), grow);", "n == 1", MAY),
])
def test_a_write_inside_a_statement_changes_the_variable(tmp_path: Path, prelude: str, cond: str, launches) -> None:
    assert branch_launches(tmp_path, prelude, cond) == launches


def test_a_comparison_the_parser_reads_as_a_template_assignment_assigns_nothing(tmp_path: Path) -> None:
    # tree-sitter reads `k < LOW || k >= HIGH` as `(k < LOW || k >) = HIGH` (a template argument list): taken as an
    # assignment it was HIGH, truthy, and failed a valid check (ops-transformer aclnn_all_gather_matmul.cpp:132).
    prelude = "    int64_t k = self->GetViewShape().GetDim(1);\n    bool bad = (k < 256 || k >= 65535);"
    assert branch_launches(tmp_path, prelude, "bad") == MAY


@pytest.mark.parametrize("prelude, cond", [
    ("    int64_t a = 0, b = 0;\n    int64_t v = d > 2 ? (a = 1) : (b = 2);", "a == 1"),
    ("    int64_t a = 0, b = 0;\n    int64_t v = d > 2 ? (a = 1) : (b = 2);", "b == 2"),
    ("    int64_t k = 0;\n    bool ok = d > 2 && k++ == 0;", "k == 1"),
    ("    int64_t k = 0;\n    bool ok = d > 2 || SetK(k);", "k == 5"),
    ("    int64_t k = 0;\n    bool ok = d > 2 ? SetK(k) : false;", "k == 5"),
    ("    int64_t k = 0;\n    if (d > 2 || (k = 2) > 0) {}", "k == 0"),
])
def test_a_write_in_an_operand_that_may_not_run(tmp_path: Path, prelude: str, cond: str) -> None:
    # Each was written as certain (the route stated the launch under `cond` certain, or never).
    rank = "    int64_t d = self->GetViewShape().GetDimNum();\n"
    helpers = "static bool SetK(int64_t& k) { k = 5; return true; }\n\n"
    assert branch_launches(tmp_path, rank + prelude, cond, helpers) == MAY
