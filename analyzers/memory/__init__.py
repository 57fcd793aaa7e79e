"""Memory-lifetime model of ACLNN routes: size and peak formulas, byte-exact peaks, views, traffic, GPU reference."""

from __future__ import annotations

from op_migrate.analyzers.memory.case import Case, CaseError, load_cases, parse_case
from op_migrate.analyzers.memory.evaluate import Evaluation, evaluate
from op_migrate.analyzers.memory.messages import MESSAGES
from op_migrate.analyzers.memory.model import MemoryPlan, plan
from op_migrate.analyzers.memory.traffic import compare

__all__ = ["MESSAGES", "Case", "CaseError", "Evaluation", "MemoryPlan", "compare", "evaluate", "load_cases", "parse_case", "plan"]
