"""Text and Markdown reports of a verify-route Verdict: the pass/fail matrix, grouped violations, the diff."""

from __future__ import annotations

import re
from collections import OrderedDict
from dataclasses import dataclass
from pathlib import Path

from op_migrate.analyzers.memory.units import human_bytes, signed_human_bytes
from op_migrate.analyzers.policy.diff import RouteDiff
from op_migrate.analyzers.policy.verdict import PointResult, Verdict, Violation
from op_migrate.reports.findings_text import LIMIT, finding_line
from op_migrate.reports.memory_terms import PEAK_DEFINITION
from op_migrate.reports.render import render

CELL = {"pass": "pass", "fail": "FAIL", "incomplete": "INCOMPLETE"}
_DTYPE_IN_KEY = re.compile(r":[A-Za-z0-9_]+\[")


@dataclass(frozen=True)
class MatrixTable:
    """One entry × scalar combination: rows soc/dtype, columns cases."""

    title: str
    header: tuple[str, ...]
    rows: tuple[tuple[str, ...], ...]


@dataclass(frozen=True)
class Group:
    """Identical findings (same rule, task, place and guards) with the points where they occur."""

    headline: str
    where: str
    guards: tuple[str, ...]
    call_path: tuple[str, ...]
    points: str
    count: int
    lines: tuple[str, ...] = ()  # diff lines
    finding: str = ""  # the group as one findings_text line: `path:line: error <rule> <message>`


def overall(verdict: Verdict) -> str:
    """The verdict in the words of the exit-code table: an incomplete run is INCOMPLETE even with violations."""
    if not verdict.complete:
        return "INCOMPLETE"
    return "FAIL" if verdict.violated else "PASS"


def missing_entries(verdict: Verdict) -> tuple[str, ...]:
    """The policy's entry points when none of them was found in the target (then nothing at all was checked)."""
    if not verdict.results or any(r.status != "incomplete" for r in verdict.results):
        return ()
    problems = {problem for r in verdict.results for problem in r.problems}
    if not problems or not all(problem.startswith("entry point ") and " not found" in problem for problem in problems):
        return ()
    return tuple(OrderedDict.fromkeys(r.point.entry for r in verdict.results))


def matrix_tables(verdict: Verdict) -> tuple[MatrixTable, ...]:
    buckets: OrderedDict[tuple[str, str], list[PointResult]] = OrderedDict()
    for result in verdict.results:
        buckets.setdefault((result.point.entry, result.point.scalar_label()), []).append(result)
    tables = []
    for (entry, scalars), results in buckets.items():
        cases = list(OrderedDict.fromkeys(r.point.case for r in results))
        rows: OrderedDict[tuple[str, str], dict[str, str]] = OrderedDict()
        for result in results:
            cell = CELL[result.status] + (f" ({len(result.violations)})" if result.violations else "")
            rows.setdefault((result.point.soc, result.point.dtype_label()), {})[result.point.case] = cell
        body = tuple((soc, dtype, *(cells.get(case, "-") for case in cases)) for (soc, dtype), cells in rows.items())
        title = entry + (f" [{scalars}]" if scalars else "")
        tables.append(MatrixTable(title=title, header=("soc", "dtype", *cases), rows=body))
    return tuple(tables)


def shown_path(file: str, root: Path | None) -> str:
    """A source path as the reader knows it: relative to the source root when it lies below it."""
    if root is None:
        return file
    try:
        return Path(file).resolve().relative_to(root.resolve()).as_posix()
    except (ValueError, OSError):
        return file


def violation_groups(verdict: Verdict, root: Path | None = None) -> tuple[Group, ...]:
    grouped: OrderedDict[tuple, list[Violation]] = OrderedDict()
    for violation in verdict.violations:
        key = (violation.rule, violation.message, violation.file, violation.line, violation.guards)
        grouped.setdefault(key, []).append(violation)
    groups = []
    for (rule, message, file, line, guards), items in grouped.items():
        first = items[0]
        path = tuple(f"{site.function} ({shown_path(site.file, root)}:{site.line})" for site in first.call_path)
        groups.append(Group(
            headline=f"[{rule}] {message}",
            where=f"{shown_path(file, root)}:{line}" if file else "(no source location)",
            guards=guards,
            call_path=path,
            points=points_text([v.point for v in items]),
            count=len(items),
            finding=finding_line({"path": shown_path(file, root) if file else None, "line": line, "severity": "error",
                                  "symbol": rule, "message": message}),
        ))
    return tuple(groups)


def problem_groups(verdict: Verdict) -> tuple[Group, ...]:
    grouped: OrderedDict[str, list] = OrderedDict()
    for result in verdict.results:
        for problem in result.problems:
            grouped.setdefault(problem, []).append(result.point)
    return tuple(Group(headline=problem, where="", guards=(), call_path=(), points=points_text(points), count=len(points))
                 for problem, points in grouped.items())


def memory_lines(verdict: Verdict) -> tuple[str, ...]:
    grouped: OrderedDict[str, list] = OrderedDict()
    for result in verdict.results:
        if result.memory is None:
            continue
        check = result.memory
        gap = "unknown" if check.gap is None else f"{check.gap:.1%}"
        text = f"{check.status}: gap {gap} (limit {check.max_gap:.1%})" + (f"; {check.detail}" if check.detail else "")
        grouped.setdefault(text, []).append(result.point)
    return tuple(f"{text} - {points_text(points)}" for text, points in grouped.items())


def diff_groups(verdict: Verdict) -> tuple[Group, ...]:
    """Points whose diff has the same launches and allocations, as one block: peak and traffic as their range."""
    if verdict.diff is None:
        return ()
    grouped: OrderedDict[tuple, list[RouteDiff]] = OrderedDict()
    for diff in verdict.diff:
        grouped.setdefault(_diff_lines(diff), []).append(diff)
    return tuple(Group(headline="", where="", guards=(), call_path=(), points=points_text([d.point for d in items]),
                       count=len(items), lines=lines + _figure_lines(items)) for lines, items in grouped.items())


def _diff_lines(diff: RouteDiff) -> tuple[str, ...]:
    if not diff.before_found or not diff.after_found:
        side = "before" if not diff.before_found else "after"
        return (f"no {side} route (entry not found there)",)
    lines = []
    for label, keys in (("tasks removed", diff.removed_tasks), ("tasks added", diff.added_tasks),
                        ("allocations removed", diff.removed_tensors), ("allocations added", diff.added_tensors)):
        # The dtype of an allocation is the point's (listed with the points), so dtypes alone do not split blocks.
        text = ", ".join(_DTYPE_IN_KEY.sub("[", k.key) + (f" x{k.count}" if k.count > 1 else "") for k in keys) or "none"
        lines.append(f"{label}: {text}")
    lines.append(f"launches: {diff.launches_before} -> {diff.launches_after} ({_signed(diff.launch_delta)})")
    return tuple(lines)


def _figure_lines(diffs: list[RouteDiff]) -> tuple[str, ...]:
    """Peak (as memory_terms defines it) and traffic: one figure when the points agree, else the range of changes."""
    found = [d for d in diffs if d.before_found and d.after_found]
    if not found:
        return ()
    lines = []
    for label, before, after, delta in (("peak", "peak_before", "peak_after", "peak_delta"),
                                        ("HBM traffic", "traffic_before", "traffic_after", "traffic_delta")):
        known = [d for d in found if getattr(d, delta) is not None]
        basis = ", ".join(OrderedDict.fromkeys(d.memory_basis for d in found))
        if not known:
            lines.append(f"{label}: unknown ({basis})")
        elif len({(getattr(d, before), getattr(d, after)) for d in known}) == 1:
            d = known[0]
            lines.append(f"{label}: {human_bytes(getattr(d, before))} -> {human_bytes(getattr(d, after))} "
                         f"({signed_human_bytes(getattr(d, delta))}, {basis})")
        else:
            changes = sorted(getattr(d, delta) for d in known)
            spread = f"{signed_human_bytes(changes[0])} at each of" if changes[0] == changes[-1] else \
                f"from {signed_human_bytes(changes[0])} to {signed_human_bytes(changes[-1])} over"
            lines.append(f"{label}: {spread} {len(known)} points ({basis}; each point's figures are in the JSON report)")
    return tuple(lines)


def _signed(value: int | None) -> str:
    return "unknown" if value is None else f"{value:+d}"


def points_text(points) -> str:
    """A compact description of a set of points: the values taken on each axis, and how many points."""
    points = list(OrderedDict.fromkeys(points))
    axes = OrderedDict((("entry", []), ("soc", []), ("dtype", []), ("case", []), ("scalars", [])))
    for point in points:
        for axis, value in (("entry", point.entry), ("soc", point.soc), ("dtype", point.dtype_label()),
                            ("case", point.case), ("scalars", point.scalar_label())):
            if value and value not in axes[axis]:
                axes[axis].append(value)
    text = "; ".join(f"{axis} {', '.join(values)}" for axis, values in axes.items() if values)
    return f"{len(points)} point(s): {text}"


def _context(verdict: Verdict, root: Path | None) -> dict:
    return {
        "verdict": verdict,
        "overall": overall(verdict),
        "tables": matrix_tables(verdict),
        "violations": violation_groups(verdict, root),
        "problems": problem_groups(verdict),
        "memory": memory_lines(verdict),
        "diffs": diff_groups(verdict),
        "missing_entries": missing_entries(verdict),
        "peak_definition": PEAK_DEFINITION["en"],
        "counts": {status: sum(r.status == status for r in verdict.results) for status in ("pass", "fail", "incomplete")},
    }


def render_text(verdict: Verdict, source_root: Path | None = None) -> str:
    """The terminal report; matrix columns are padded here so the template only loops."""
    context = _context(verdict, source_root)
    context["tables"] = tuple(_padded(table) for table in context["tables"])
    violations = context["violations"]
    context["violations"], context["more_violations"] = violations[:LIMIT], len(violations) - len(violations[:LIMIT])
    return render("reports/verify/report.txt.j2", **context)


def render_markdown(verdict: Verdict, source_root: Path | None = None) -> str:
    """The Markdown report; paths below `source_root` are shown relative to it."""
    return render("reports/verify/report.md.j2", **_context(verdict, source_root))


def _padded(table: MatrixTable) -> MatrixTable:
    widths = [max(len(row[i]) for row in (table.header, *table.rows)) for i in range(len(table.header))]
    pad = lambda row: tuple(cell.ljust(width) for cell, width in zip(row, widths))  # noqa: E731
    return MatrixTable(title=table.title, header=pad(table.header), rows=tuple(pad(row) for row in table.rows))
