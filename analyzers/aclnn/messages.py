"""The finding catalog of the ACLNN chain analysis and its route walks."""

from __future__ import annotations

from op_migrate.analyzers.findings import MessageCatalog, MessageDef, Severity

MESSAGES = MessageCatalog(
    MessageDef(
        "aclnn-no-entry-point",
        "no aclnn*GetWorkspaceSize entry point in this file",
        "The file defines no ACLNN phase-1 function; its L0 definitions are still indexed.",
        Severity.INFO,
    ),
    MessageDef(
        "aclnn-repo-root-missing",
        "no ops-math-like repository root above {directory}; L0 ops resolve from the input directory and l0_ops.toml only",
        "Give --repo-root to resolve l0op calls against their definitions in the repository.",
        Severity.WARNING,
    ),
    MessageDef(
        "l0-op-unresolved",
        "l0op::{op} with {arity} arguments is defined neither in the repository nor in l0_ops.toml",
        "Its launcher and tensor effect are unknown; routes through it are marked incomplete.",
        Severity.WARNING,
    ),
    MessageDef(
        "route-unparsed-construct",
        "an unparsed construct lies on the route: {text}",
        "The front end could not structure this statement; what it does is unknown, so the route is incomplete.",
        Severity.WARNING,
    ),
    MessageDef(
        "route-recursive-call",
        "call to {function} is not followed (recursion or nesting limit)",
        "Helpers that call each other are inlined once; the repeated call is left out and the route is incomplete.",
        Severity.WARNING,
    ),
    MessageDef(
        "route-walk-budget",
        "the walk stopped after {steps} statements",
        "A guard against pathological inputs; the route is incomplete.",
        Severity.ERROR,
    ),
)
