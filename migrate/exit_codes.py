"""Named process exit codes, the same for every command and input kind (the table in the README).

0  the analysis is complete and has no finding that counts (decided or not: an undecided route is an answer);
1  findings that count (severity error or warning), policy violations, a failed gate, input files that failed;
2  a usage error (a bad option or fact, refused before anything is written) or an incomplete analysis.

130 interrupted (SIGINT, Ctrl-C) and 143 terminated (SIGTERM), the shell's 128 + signal: temporary folders are
removed and gate children ended first; nothing half-written is left in a target.

When a run is both incomplete and has findings it exits 2: the findings are reported, but the answer is not whole.
Findings of severity info are notes; they never change the exit code.
"""

from __future__ import annotations

from collections.abc import Iterable

OK = 0
FINDINGS = 1
USAGE = 2
INCOMPLETE = USAGE  # not an answer: said with the code of a request that could not be carried out
INTERRUPTED = 130  # 128 + SIGINT
TERMINATED = 143  # 128 + SIGTERM

COUNTED_SEVERITIES = frozenset({"error", "warning"})

# The table every command's --help ends with (\b keeps click from rewrapping it).
HELP = """\b
Exit codes (every command, every input kind):
  0    complete, no finding that counts
  1    findings of severity error or warning, violations, a failed gate, input files that failed
  2    usage error (nothing written) or incomplete analysis
  130  interrupted (Ctrl-C); 143 terminated (SIGTERM)"""


def counts(severity: str | None) -> bool:
    """True when a finding of this severity makes the run exit 1."""
    return severity in COUNTED_SEVERITIES


def outcome(*, incomplete: bool = False, severities: Iterable[str | None] = (), failed_inputs: bool = False,
            violations: bool = False) -> int:
    """The exit code of a finished run: incomplete -> 2, else counted findings/violations/failures -> 1, else 0."""
    if incomplete:
        return INCOMPLETE
    if failed_inputs or violations or any(counts(severity) for severity in severities):
        return FINDINGS
    return OK
