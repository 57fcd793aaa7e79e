"""Writes the walk cannot place (through a local pointer or iterator, into a target it cannot name, through a
parameter given an element or `v.data()`), copies it must not share (a lambda's by-value capture, a struct copied by
declaration): before, each left a decided route on a stale value."""

from __future__ import annotations

from pathlib import Path

import pytest

from .branch_probe import CERTAIN, MAY, NONE, branch_launches

BOX = "struct Box {\n    int64_t x;\n};\n"
FILL = "static void Fill(int64_t* d)\n{\n    *(d + 1) = 8;\n}\n"
ZERO_AT = "static void ZeroAt(int64_t* v)\n{\n    v[0] = 0;\n}\n"
PASS_ON = "static void PassOn(int64_t* w)\n{\n    ZeroAt(w);\n}\n"
ZERO = "static void Zero(int64_t& v)\n{\n    v = 0;\n}\n"


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
    # Pointers and iterators into arrays and vectors other than `= arr` (before: each write was dropped).
    ("", "    int64_t a[3] = {1, 2, 3};\n    int64_t* p = a + 1;\n    *p = 9;", "a[1] == 2", MAY),
    ("", "    std::vector<int64_t> v = {1, 2};\n    int64_t* d = v.data();\n    d[0] = 7;", "v[0] == 1", MAY),
    ("", "    std::vector<int64_t> v = {1, 2};\n    auto it = v.begin();\n    *it = 7;", "v[0] == 1", MAY),
    ("", "    std::vector<int64_t> v = {1, 2};\n    for (auto it = v.begin(); it != v.end(); ++it) {\n"
         "        *it = 0;\n    }", "v[0] == 1", MAY),
    ("", "    std::vector<int64_t> v = {1, 2};\n    auto it = v.begin();\n    int64_t w = *it;", "v[0] == 1", CERTAIN),
    # Arguments that are not a plain variable, written through the parameter.
    (ZERO_AT, "    std::vector<int64_t> a = {1};\n    ZeroAt(a.data());", "a[0] == 1", MAY),
    (ZERO_AT, "    int64_t a[2] = {1, 2};\n    ZeroAt(a + 1);", "a[1] == 2", MAY),
    (ZERO_AT, "    int64_t a[2] = {1, 2};\n    int64_t b[2] = {1, 2};\n    ZeroAt(a + 1);", "b[1] == 2", CERTAIN),
    (ZERO_AT + PASS_ON, "    int64_t a[2] = {1, 2};\n    PassOn(a + 1);", "a[1] == 2", MAY),
    (ZERO, "    int64_t a[2] = {1, 2};\n    Zero(a[1]);", "a[1] == 2", MAY),
    (ZERO, "    std::vector<int64_t> a = {1, 2};\n    Zero(a[1]);", "a[1] == 2", MAY),
    (BOX + ZERO, "    Box b{1};\n    Zero(b.x);", "b.x == 0", CERTAIN),  # a member: written exactly
])
def test_writes_through_aliases_and_copies(tmp_path: Path, helpers: str, prelude: str, cond: str, expected) -> None:
    assert branch_launches(tmp_path, prelude, cond, helpers=helpers) == expected
