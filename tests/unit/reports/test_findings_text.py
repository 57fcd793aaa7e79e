"""The one text renderer of findings: `path:line: severity symbol message`, worst first, capped with the rest counted."""

from __future__ import annotations

from op_migrate.reports.findings_text import finding_line, finding_lines


def _finding(symbol: str, severity: str, line: int | None = None, path: str | None = "a.cpp", message: str = "m"):
    return {"symbol": symbol, "severity": severity, "line": line, "path": path, "message": message}


def test_one_line_per_finding_with_place_severity_symbol_and_message() -> None:
    assert finding_line(_finding("cxx-parse-error", "warning", 12, message="a\n  b")) == \
        "a.cpp:12: warning cxx-parse-error a b"
    assert finding_line(_finding("x-y", "info", None, None)) == "info x-y m"
    assert finding_line(_finding("x-y", "info", 3, None), default_path="op.py") == "op.py:3: info x-y m"


def test_errors_first_then_by_place_duplicates_once() -> None:
    findings = [_finding("late", "info", 1), _finding("b-w", "warning", 9, "b.cpp"), _finding("a-w", "warning", 2),
                _finding("e-e", "error", 40), _finding("a-w", "warning", 2)]
    assert finding_lines(findings) == [
        "findings: 4 (1 error, 2 warning, 1 info)",
        "a.cpp:40: error e-e m",
        "a.cpp:2: warning a-w m",
        "b.cpp:9: warning b-w m",
        "a.cpp:1: info late m",
    ]


def test_capped_with_the_rest_counted_by_severity() -> None:
    findings = [_finding("w-w", "warning", n) for n in range(1, 5)] + [_finding("i-i", "info", n) for n in range(1, 4)]
    lines = finding_lines(findings, limit=3)
    assert lines[0] == "findings: 7 (0 error, 4 warning, 3 info)"
    assert lines[1:4] == ["a.cpp:1: warning w-w m", "a.cpp:2: warning w-w m", "a.cpp:3: warning w-w m"]
    assert lines[4] == "... and 4 more (1 warning, 3 info); --format json lists every finding"
    assert len(lines) == 5


def test_a_default_path_places_only_findings_at_a_line() -> None:
    lines = finding_lines([_finding("at-line", "warning", 5, None), _finding("whole-op", "warning", None, None)],
                          default_path="op.py")
    assert lines[1:] == ["warning whole-op m", "op.py:5: warning at-line m"]
