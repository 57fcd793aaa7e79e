"""Writes the walk cannot place (through a local pointer, into a target it cannot name), copies it must not share (a
lambda's by-value capture, a struct copied by declaration): before, each left a decided route on a stale value."""

from __future__ import annotations

from pathlib import Path

import pytest

from .branch_probe import CERTAIN, MAY, NONE, branch_launches

BOX = "struct Box {\n    int64_t x;\n};\n"
FILL = "static void Fill(int64_t* d)\n{\n    *(d + 1) = 8;\n}\n"


@pytest.mark.parametrize("helpers, prelude, cond, expected", [
    ("", "    int64_t x = 1;\n    int64_t* p = &x;\n    *p = 9;", "x == 1", MAY),
    ("", "    int64_t x = 1;\n    int64_t* p = &x;\n    x = 4;", "*p == 1", MAY),  # not the value when taken
    ("", "    int64_t arr[2] = {1, 2};\n    int64_t* p = arr;\n    p[0] = 9;", "arr[0] == 1", MAY),
    (FILL, "    int64_t d[2] = {0, 0};\n    Fill(d);", "d[1] == 0", MAY),
    ("", "    int64_t a = 0;\n    int64_t b = 1;\n    (a > b ? a : b) = 9;", "b == 9", MAY),
    ("", "    int64_t x = 1;\n    int64_t y = 2;\n    int64_t* p = &y;\n    *p = 3;", "x == 1", CERTAIN),
    ("", "    int64_t n = 1;\n    auto f = [n]() mutable { n = 5; return n; };\n    f();", "n == 1", CERTAIN),
    ("", "    int64_t n = 1;\n    auto f = [=]() mutable { n = 5; return n; };\n    f();", "n == 1", CERTAIN),
    ("", "    int64_t n = 1;\n    auto f = [=, &n]() { n = 5; };\n    f();", "n == 5", CERTAIN),
    ("", "    int64_t n = 1;\n    auto f = [&n]() { n = 5; };\n    f();", "n == 1", NONE),
    ("", "    int64_t dims[3] = {1, 2, 3};\n    for (auto& d : dims) {\n        d = 0;\n    }", "dims[0] == 1",
     MAY),
    ("", "    std::vector<int64_t> v = {1, 2};\n    for (auto& d : v) {\n        d = 0;\n    }", "v[0] == 1", MAY),
    ("", "    std::vector<int64_t> v = {1, 2};\n    for (auto& d : v) {\n        (void)d;\n    }", "v[0] == 1", CERTAIN),
    ("", "    std::vector<int64_t> v = {1, 2};\n    for (auto d : v) {\n        d = 0;\n    }", "v[0] == 1", CERTAIN),
    ("", "    std::vector<int64_t> v = {1, 2};\n    auto& r = v[0];\n    r = 9;", "v[0] == 1", MAY),
    ("", "    std::vector<int64_t> v = {1, 2};\n    const auto& r = v[0];", "r == 1 || v[0] == 1", CERTAIN),
    (BOX, "    Box a{0};\n    Box b = a;\n    b.x = 5;", "a.x == 0", CERTAIN),
    (BOX, "    Box a{0};\n    Box& b = a;\n    b.x = 5;", "a.x == 0", NONE),
    (BOX, "    Box a{0};\n    auto b = a;\n    b.x = 5;", "a.x == 0", CERTAIN),  # a is an object: auto copies it
    (BOX, "    Box a{0};\n    Box* p = &a;\n    auto q = p;\n    q->x = 5;", "a.x == 0", NONE),  # a pointer's copy
    (BOX, "    Box a{0};\n    Box* p = &a;\n    p->x = 5;", "a.x == 0", NONE),
])
def test_writes_through_aliases_and_copies(tmp_path: Path, helpers: str, prelude: str, cond: str, expected) -> None:
    assert branch_launches(tmp_path, prelude, cond, helpers=helpers) == expected
