"""Findings as terminal text, one per line like ruff: `path:line: severity symbol message`, worst first, capped.

The one text renderer of findings for every command and input kind (TBE, ACLNN, PyPTO, verify-route): a finding is a
JSON dict with `symbol`, `message`, `severity` and optionally `path` and `line` (analyzers.findings.Finding.to_json()).
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable

SEVERITIES = ("error", "warning", "info")
LIMIT = 30  # lines shown; the rest are counted by severity (JSON output lists every finding)


def location(finding: dict, default_path: str | None = None) -> str:
    """`path:line`, `path`, or "" when the finding is about no file (`default_path`: the file of a per-file
    document whose findings carry only lines)."""
    path, line = finding.get("path") or (default_path if finding.get("line") else None), finding.get("line")
    if not path:
        return ""
    return f"{path}:{line}" if line else str(path)


def finding_line(finding: dict, default_path: str | None = None) -> str:
    """`path:line: severity symbol message` (the location left out when there is none); one line."""
    where = location(finding, default_path)
    message = " ".join(str(finding.get("message", "")).split())
    head = f"{where}: " if where else ""
    return f"{head}{finding.get('severity') or 'warning'} {finding['symbol']} {message}".rstrip()


def _order(finding: dict) -> tuple:
    severity = finding.get("severity") or "warning"
    rank = SEVERITIES.index(severity) if severity in SEVERITIES else len(SEVERITIES)
    return (rank, str(finding.get("path") or ""), finding.get("line") or 0, finding["symbol"], finding.get("message", ""))


def counts_text(findings: Iterable[dict]) -> str:
    """`3 (1 error, 2 warning, 0 info)`."""
    listed = list(findings)
    counted = Counter(f.get("severity") or "warning" for f in listed)
    return f"{len(listed)} (" + ", ".join(f"{counted.get(s, 0)} {s}" for s in SEVERITIES) + ")"


def finding_lines(findings: Iterable[dict], limit: int = LIMIT, title: str = "findings",
                  default_path: str | None = None) -> list[str]:
    """A title line with the counts, then every finding (deduplicated, errors first, then by place), at most `limit`
    of them, and a last line counting the rest by severity."""
    # Only a finding at a line of the document's file is placed there; the others are about the operator as a whole.
    placed = [{**f, "path": default_path} if default_path and not f.get("path") and f.get("line") else f
              for f in findings]
    unique = list({finding_line(f): f for f in placed}.values())
    ordered = sorted(unique, key=_order)
    lines = [f"{title}: {counts_text(ordered)}"]
    lines += [finding_line(f) for f in ordered[:limit]]
    rest = ordered[limit:]
    if rest:
        counted = Counter(f.get("severity") or "warning" for f in rest)
        by = ", ".join(f"{counted[s]} {s}" for s in SEVERITIES if counted.get(s))
        lines.append(f"... and {len(rest)} more ({by}); --format json lists every finding")
    return lines


def findings_text(findings: Iterable[dict], limit: int = LIMIT, title: str = "findings",
                  default_path: str | None = None) -> str:
    """finding_lines() as text ending in a newline."""
    return "\n".join(finding_lines(findings, limit, title, default_path)) + "\n"
