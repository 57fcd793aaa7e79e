"""cxx.model.calls_in: every call of a function body, nested blocks and switch arms included, in source order."""

from __future__ import annotations

from op_migrate.analyzers.cxx import parse_source
from op_migrate.analyzers.cxx.model import calls_in

SOURCE = b"""
void Demo(int k) {
    auto a = First(k);
    if (Check(a)) {
        Second(a);
    } else {
        for (int i = 0; i < k; ++i) { Third(Inner(i)); }
    }
    switch (k) {
        case 1: Fourth(); break;
        default: Fifth();
    }
}
"""


def test_calls_come_in_source_order_with_their_statement() -> None:
    (function,) = parse_source(SOURCE, "demo.cpp").functions
    found = [(stmt.kind, call.name) for stmt, call in calls_in(function.body)]
    assert found == [("decl", "First"), ("if", "Check"), ("expr", "Second"), ("expr", "Third"),
                     ("expr", "Inner"), ("expr", "Fourth"), ("expr", "Fifth")]
