"""Classes the walk read wrong and stated complete (probe set 37): a write through a reference a method returns, a
static member written by a constructor, a copy made by a copy constructor the class writes itself."""

from __future__ import annotations

from pathlib import Path

import pytest

from .branch_probe import CERTAIN, MAY, branch_launches

_BOX = """class Box {
public:
    int64_t& At() { return v_; }
    int64_t Get() const { return v_; }
private:
    int64_t v_ = 1;
};

"""
_COUNTER = """class Counter {
public:
    Counter() { count_++; }
    static int64_t count_;
};
int64_t Counter::count_ = 0;

"""
_COPY = """class Copy {
public:
    Copy() = default;
    Copy(const Copy& other) : n_(other.n_ + 100) {}
    int64_t n_ = 1;
};

"""


@pytest.mark.parametrize("prelude", ["    Box b;\n    b.At() = 7;", "    Box b;\n    b.At()++;"])
def test_a_write_through_a_reference_a_method_returns(tmp_path: Path, prelude: str) -> None:
    assert branch_launches(tmp_path, prelude, "b.Get() == 1", _BOX) == MAY


def test_a_static_member_is_the_classs_one_variable(tmp_path: Path) -> None:
    prelude = "    Counter::count_ = 0;\n    Counter a;\n    Counter b;"
    assert branch_launches(tmp_path, prelude, "Counter::count_ == 2", _COUNTER) == CERTAIN


@pytest.mark.parametrize("prelude, cond", [
    ("    Copy a;\n    Copy b = a;", "b.n_ == 1"),
    ("    Copy a;\n    int64_t n = Read(a);", "n == 1"),
])
def test_a_copy_made_by_a_copy_constructor_of_the_class(tmp_path: Path, prelude: str, cond: str) -> None:
    helpers = _COPY + "static int64_t Read(Copy c) { return c.n_; }\n\n"
    assert branch_launches(tmp_path, prelude, cond, helpers) == MAY
