"""The finding catalog of the policy analyzer: stable symbols for violations and incomplete points."""

from __future__ import annotations

from op_migrate.analyzers.findings import MessageCatalog, MessageDef, Severity

MESSAGES = MessageCatalog(
    MessageDef("policy-forbidden-task", "{op} on {launcher} is reachable ({why}); rule: {rule}",
               "A launch the policy forbids lies on the route.", Severity.ERROR),
    MessageDef("policy-forbidden-tensor", "tensor {tensor} ({effect} {dtype}) is created ({why}); rule: {rule}",
               "A tensor event the policy forbids lies on the route.", Severity.ERROR),
    MessageDef("policy-required-missing", "required launch missing ({why}); rule: {rule}",
               "A launch the policy requires is not certainly on the route.", Severity.ERROR),
    MessageDef("policy-entry-not-found", "entry point {entry} not found in {target}{why}, so its routes cannot be checked; "
               "point the command at the sources that define it",
               "The policy names an entry point the analysed sources do not define: the route cannot be checked.",
               Severity.ERROR),
    MessageDef("policy-route-incomplete", "route of {entry} is incomplete: {reason}",
               "An unparsed construct or an unresolved call lies on a checked route.", Severity.ERROR),
    MessageDef("policy-memory-gap", "predicted peak differs from the GPU reference by {gap:.1%} (limit {limit:.1%})",
               "The memory gap against the GPU reference exceeds [policy.memory] max_gap.", Severity.ERROR),
    MessageDef("policy-memory-not-run", "memory check not run: {reason}",
               "[policy.memory] could not be evaluated; the verdict says so instead of passing it.", Severity.WARNING),
)
