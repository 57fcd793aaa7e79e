"""Route policies: parse TOML policies, evaluate them over soc × dtype × case × scalars, diff routes."""

from op_migrate.analyzers.policy.diff import MemoryFigures, RouteDiff, diff_routes
from op_migrate.analyzers.policy.evaluate import MemorySource, RouteSource, RouteSourceError, evaluate
from op_migrate.analyzers.policy.matrix import matrix
from op_migrate.analyzers.policy.messages import MESSAGES
from op_migrate.analyzers.policy.model import MatrixPoint, Policy, Rule
from op_migrate.analyzers.policy.parse import PolicyError, builtin_names, load_policy, parse_policy
from op_migrate.analyzers.policy.verdict import PointResult, Verdict, Violation

__all__ = [
    "MESSAGES",
    "MatrixPoint",
    "MemoryFigures",
    "MemorySource",
    "Policy",
    "PointResult",
    "PolicyError",
    "RouteDiff",
    "RouteSource",
    "RouteSourceError",
    "Rule",
    "Verdict",
    "Violation",
    "builtin_names",
    "diff_routes",
    "evaluate",
    "load_policy",
    "matrix",
    "parse_policy",
]
