"""What a helper the walk inlines writes, and what it must not: a global it sets is seen after it (unknown when set
under an undecided guard; a remembered pure helper that reads it is not replayed across the write), a struct passed
by value is the callee's own copy, and an array passed to a pointer or array parameter is written through. Each was
wrong on a route stated complete (a launch kept that cannot happen, or one dropped that must). A global something
writes is unknown when the entry starts (an earlier call may have written it), known once the walk writes it."""

from __future__ import annotations

from pathlib import Path

import pytest

from .branch_probe import CERTAIN, MAY, NONE, branch_launches

HELPERS = """struct Params {
    int64_t mode;
    int64_t k;
};
static int64_t g_mode = 0;
static void SetMode() { g_mode = 1; }
static void ByValue(Params p) { p.mode = 9; }
static void ByPointer(Params* p) { p->mode = 9; }
static void ByRef(Params& p) { p.k = 4; }
static void FillArray(int64_t dims[]) { dims[0] = 8; }
static void FillPointer(int64_t* dims) { dims[1] = 5; }
static int64_t ReadMode() { int64_t g_mode = 3; return g_mode; }
static bool ModeIsOne() { return g_mode == 1; }

"""


@pytest.mark.parametrize("prelude, cond, launches", [
    ("    SetMode();", "g_mode == 1", CERTAIN),
    ("    if (self->IsEmpty()) {\n        SetMode();\n    }", "g_mode == 0", MAY),
    # SetMode writes g_mode: when an entry starts, an earlier call may have set it (mutable_globals.py).
    ("    bool before = ModeIsOne();\n    SetMode();\n    bool after = ModeIsOne();", "!before && after", MAY),
    ("    bool before = ModeIsOne();\n    SetMode();\n    bool after = ModeIsOne();", "after", CERTAIN),
    ("", "g_mode == 0", MAY),
    ("    int64_t local = ReadMode();", "local == 3 && g_mode == 0", MAY),
    ("    int64_t local = ReadMode();", "local == 3", CERTAIN),
    ("    Params a{0, 0};\n    ByValue(a);", "a.mode == 0", CERTAIN),
    ("    Params b{0, 0};\n    ByPointer(&b);", "b.mode == 0", NONE),
    ("    Params c{0, 0};\n    ByRef(c);", "c.k == 4", CERTAIN),
    ("    int64_t d[2] = {0, 0};\n    FillArray(d);", "d[0] == 8 && d[1] == 0", CERTAIN),
    ("    int64_t d[2] = {0, 0};\n    FillPointer(d);", "d[1] == 5", CERTAIN),
])
def test_what_an_inlined_helper_writes(tmp_path: Path, prelude: str, cond: str, launches) -> None:
    assert branch_launches(tmp_path, prelude, cond, HELPERS) == launches


@pytest.mark.parametrize("helpers, prelude, cond, expected", [
    # A static local handed out by reference may be written by the caller (its initializer was kept: 0).
    ("static int64_t& Slot() { static int64_t s = 0; return s; }\n\n", "    int64_t& r = Slot();\n    r = 7;",
     "Slot() == 7", MAY),
    # Two reference parameters bound to one variable: a write through one is read through the other.
    ("static int64_t Alias(int64_t& a, int64_t& b) { a = 5; return b; }\n\n", "    int64_t k = 1;\n"
     "    int64_t r = Alias(k, k);", "r == 5", CERTAIN),
])
def test_what_a_reference_reaches(tmp_path: Path, helpers: str, prelude: str, cond: str, expected) -> None:
    assert branch_launches(tmp_path, prelude, cond, helpers) == expected
