"""Writes to places that are no plain variable, which the walk dropped or stored wrong and stated complete (probe set
31): a step of an element, a member or a dereference (`v[1]++`, `p.a++`, `(*p)++`), a compound assignment to an
element or to a member inside a method (`v[1] += 5`, `n_ += k` stored the right side alone), a part of a value the
walk keeps whole (`pr.second = 5`), and a number stored into a member of a narrow type."""

from __future__ import annotations

from pathlib import Path

import pytest

from .branch_probe import CERTAIN, MAY, NONE, branch_launches

_HOLDER = """class Holder {{
public:
    explicit Holder(int64_t n) : n_(n * 2) {{}}
    void Add(int64_t k) {{ {body} }}
    int64_t Get() const {{ return n_; }}
    {member} n_ = 0;
}};

"""
_PARAMS = "struct Params {\n    int64_t a = 3;\n    uint8_t u = 250;\n};\n\n"


@pytest.mark.parametrize("prelude, cond, expected", [
    ("    int64_t v[2] = {1, 2};\n    v[1]++;", "v[1] == 3", CERTAIN),
    ("    std::vector<int64_t> v = {1, 2};\n    ++v[0];", "v[0] == 2", CERTAIN),
    ("    int64_t v[2] = {1, 2};\n    int64_t i = 1;\n    v[i]--;", "v[1] == 1 && i == 1", CERTAIN),
    ("    int64_t v[2] = {1, 2};\n    int64_t d = self->GetViewShape().GetDimNum();\n    v[d]++;", "v[0] == 1", MAY),
    ("    int64_t a = 1;\n    int64_t* p = &a;\n    (*p)++;", "a == 1", MAY),
    ("    std::pair<int64_t, int64_t> pr = {1, 2};\n    pr.second++;", "pr.second == 2", MAY),
])
def test_a_step_stores_where_its_operand_is(tmp_path: Path, prelude: str, cond: str, expected) -> None:
    assert branch_launches(tmp_path, prelude, cond) == expected


def test_a_step_through_a_pointer_parameter_reaches_the_callers_variable(tmp_path: Path) -> None:
    helpers = "static void Inc(int64_t* p) { (*p)++; }\n\n"
    assert branch_launches(tmp_path, "    int64_t a = 1;\n    Inc(&a);", "a == 2", helpers) == CERTAIN


@pytest.mark.parametrize("prelude, cond, expected", [
    ("    int64_t v[2] = {1, 2};\n    v[1] += 5;", "v[1] == 7", CERTAIN),
    ("    std::vector<int64_t> v = {1, 2};\n    v[1] *= 5;", "v[1] == 10", CERTAIN),
    ("    std::vector<int64_t> v = {1, 2};\n    v[1] *= 5;", "v[1] == 5", NONE),
])
def test_a_compound_assignment_to_an_element_combines_with_it(tmp_path: Path, prelude: str, cond: str,
                                                                 expected) -> None:
    assert branch_launches(tmp_path, prelude, cond) == expected


@pytest.mark.parametrize("body, member, prelude, cond, expected", [
    ("n_ += k;", "int64_t", "    Holder h(3);\n    h.Add(4);", "h.Get() == 10", CERTAIN),
    ("n_ *= k;", "int64_t", "    Holder h(3);\n    h.Add(4);", "h.Get() == 24", CERTAIN),
    ("n_ += k;", "int64_t", "    Holder h(3);\n    Holder* p = &h;\n    p->Add(1);", "h.Get() == 7", CERTAIN),
    # A member of a narrow type converts what is stored (a constructor's initializer list too).
    ("n_ += k;", "uint8_t", "    Holder h(3);\n    h.Add(250);", "h.Get() == 0", CERTAIN),
    ("", "uint8_t", "    Holder h(200);", "h.Get() == 144", CERTAIN),
])
def test_a_member_written_inside_a_method(tmp_path: Path, body: str, member: str, prelude: str, cond: str,
                                          expected) -> None:
    helpers = _HOLDER.format(body=body, member=member)
    assert branch_launches(tmp_path, prelude, cond, helpers) == expected


@pytest.mark.parametrize("prelude, cond, expected", [
    ("    Params p;\n    p.a++;", "p.a == 4", CERTAIN),
    ("    Params p;\n    p.u = 260;", "p.u == 4", CERTAIN),
    ("    Params p;\n    p.u = 255;\n    p.u++;", "p.u == 0", CERTAIN),
])
def test_a_member_of_a_struct_value(tmp_path: Path, prelude: str, cond: str, expected) -> None:
    assert branch_launches(tmp_path, prelude, cond, _PARAMS) == expected


@pytest.mark.parametrize("prelude, cond", [
    ("    std::pair<int64_t, int64_t> pr = {1, 2};\n    pr.second = 5;", "pr.second == 2"),
    ("    std::pair<int64_t, int64_t> pr = {1, 2};\n    pr.first += 5;", "pr.first == 1"),
])
def test_a_part_of_a_value_kept_whole_makes_it_unknown(tmp_path: Path, prelude: str, cond: str) -> None:
    assert branch_launches(tmp_path, prelude, cond) == MAY


@pytest.mark.parametrize("prelude, cond", [
    ("    std::vector<int64_t> v = {1, 2};\n    v.at(1) = 5;", "v[1] == 2"),
    ("    std::vector<int64_t> v = {1, 2};\n    v.back()++;", "v[1] == 2"),
    ("    std::vector<int64_t> v = {1, 2};\n    *v.begin() = 5;", "v[0] == 1"),
    ("    int64_t a[2] = {1, 2};\n    *(a + 1) = 5;", "a[1] == 2"),
    ("    int64_t a[2] = {1, 2};\n    *a = 5;", "a[0] == 1"),
])
def test_a_write_through_an_accessor_or_a_pointer_made_on_the_spot(tmp_path: Path, prelude: str, cond: str) -> None:
    assert branch_launches(tmp_path, prelude, cond) == MAY


_BOX = """class Box {
public:
    void Set(int64_t i) { dims_[i] = 5; }
    int64_t dims_[2] = {1, 2};
};

"""


@pytest.mark.parametrize("prelude, cond, expected", [
    ("    Box b;\n    b.Set(1);", "b.dims_[0] == 1 && b.dims_[1] == 5", CERTAIN),
    ("    Box b;\n    b.Set(self->GetViewShape().GetDimNum());", "b.dims_[0] == 1", MAY),
    ("    Box b;\n    b.dims_[1] = 7;", "b.dims_[1] == 2", MAY),
])
def test_an_element_of_a_member_array(tmp_path: Path, prelude: str, cond: str, expected) -> None:
    assert branch_launches(tmp_path, prelude, cond, _BOX) == expected
