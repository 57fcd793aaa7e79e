"""Plain-text report of a header check: the folders used, one line per source and target, failures condensed."""

from __future__ import annotations

from collections import defaultdict

from .check import CheckReport, shim_descriptions
from .findings import FAIL, NOT_CHECKED, PASS

_STATUS = {PASS: "pass", FAIL: "FAIL", NOT_CHECKED: "NOT CHECKED"}


def _grouped(report: CheckReport):
    """Kernel binaries of one source and arch are one line; a line passes only if every binary does."""
    groups: dict[tuple[str, str, str, str], list] = defaultdict(list)
    for result in report.results:
        groups[(result.part, result.op, result.source, result.target)].append(result)
    return groups


def _status(results) -> str:
    statuses = {r.status for r in results}
    return FAIL if FAIL in statuses else NOT_CHECKED if NOT_CHECKED in statuses else PASS


def file_rows(report: CheckReport) -> list[dict]:
    """One row per source and target (what package-pr puts in the PR): status, binaries passed, first reason."""
    rows = []
    for (part, op, source, target), results in _grouped(report).items():
        first = next((r for r in results if r.status != PASS), None)
        rows.append({"op": op, "part": part, "source": source, "target": target, "socs": list(results[0].socs),
                     "status": _status(results), "passed": sum(r.status == PASS for r in results),
                     "compiles": len(results), "symbol": first.finding.symbol if first else "",
                     "reason": first.finding.message if first else "", "headers": results[0].headers,
                     "set": results[0].variant if part != "kernel" and results[0].headers else ""})
    return rows


def _fallback_notes(report: CheckReport) -> list[str]:
    """Why an earlier host-header set judged no file that a later one did: one line per reason, with its count."""
    reasons: dict[str, int] = defaultdict(int)
    for result in report.results:
        for reason in result.tried:
            reasons[reason] += 1
    return [f"note: {count} file(s) compiled against a later set because set {reason}"
            for reason, count in sorted(reasons.items(), key=lambda rc: -rc[1])]


def render_text(report: CheckReport) -> str:
    lines: list[str] = []
    if report.errors:
        lines += [f"error [{e.symbol}]: {e.message}" for e in report.errors]
        lines.append("nothing was compiled (exit 2)")
        return "\n".join(lines) + "\n"
    kernel = report.kernel_headers
    lines.append(f"Ascend C headers: {kernel.kind} {kernel.version} ({kernel.root})")
    lines.append("stub headers: " + ", ".join(f"{d} ({v})" for d, v in zip(report.stubs.dirs, report.stubs.versions)))
    if report.stub_files:
        lines.append("stub headers the kernels included: " + ", ".join(report.stub_files))
    if report.host.sets:
        for number, host_set in enumerate(report.host.sets, 1):
            lines.append(f"host headers, set {number} ({host_set.label}), searched in this order:")
            lines += [f"    {package.label}: {package.where}" for package in host_set.packages]
    else:
        lines.append("host headers: none given")
    lines.append("shims (build-system output only): " + "; ".join(shim_descriptions()))
    lines += [f"{n.message}" for n in report.notes]
    lines.append("")
    for (part, op, source, target), results in _grouped(report).items():
        status = _status(results)
        binaries = f" {sum(r.status == PASS for r in results)}/{len(results)} binaries" if part == "kernel" else ""
        socs = f" ({', '.join(results[0].socs)})" if results[0].socs else ""
        against = f" against {results[0].variant}" if part != "kernel" and results[0].headers else ""
        lines.append(f"{_STATUS[status]:<11} {part:<6} {source} [{target}{socs}{against}]{binaries}")
        seen: set[str] = set()
        for result in results:
            if result.status == PASS:
                continue
            key = result.finding.symbol + "|" + "|".join(result.diagnostics[:1])
            if key in seen:
                continue  # the same failure in every dtype column is shown once
            seen.add(key)
            lines.append(f"    [{result.finding.symbol}] {result.finding.message}")
            lines += [f"      {d}" for d in result.diagnostics[:5]]
            if result.log:
                lines.append(f"      full compiler output: {result.log}")
    lines += _fallback_notes(report)
    counts = report.counts()
    lines.append("")
    lines.append(f"{len(report.results)} compiles: {counts[PASS]} pass, {counts[FAIL]} fail, "
                 f"{counts[NOT_CHECKED]} not checked; exit {report.exit_code}")
    return "\n".join(lines) + "\n"
