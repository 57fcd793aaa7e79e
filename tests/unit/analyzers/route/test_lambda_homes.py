"""Lambdas the walk read wrong and stated complete (probe set 38): one called by a helper it was handed writes the
variables of the function that made it; an init capture by reference (`[&r = n]`) is n; a lambda put in a container
and called through an element the walk cannot read may have written what it captures by reference."""

from __future__ import annotations

from pathlib import Path

import pytest

from .branch_probe import CERTAIN, MAY, branch_launches


def test_a_lambda_called_by_a_helper_writes_where_it_was_made(tmp_path: Path) -> None:
    helpers = "template <typename F>\nstatic void Twice(F f) { f(); f(); }\n\n"
    assert branch_launches(tmp_path, "    int64_t k = 0;\n    Twice([&]() { k++; });", "k == 2", helpers) == CERTAIN


def test_an_init_capture_by_reference(tmp_path: Path) -> None:
    prelude = "    int64_t n = 2;\n    auto f = [&r = n]() { r = 9; };\n    f();"
    assert branch_launches(tmp_path, prelude, "n == 9", "") == CERTAIN


@pytest.mark.parametrize("call", ["    for (auto& f : fs) { f(); }", "    fs[0]();"])
def test_a_lambda_called_through_an_element(tmp_path: Path, call: str) -> None:
    prelude = "    int64_t k = 0;\n    std::vector<std::function<void()>> fs = {[&]() { k += 1; }};\n" + call
    assert branch_launches(tmp_path, prelude, "k == 0", "") == MAY
