"""Memory-lifetime model of ACLNN routes: size and peak formulas, byte-exact peaks, views, traffic, GPU reference."""

from __future__ import annotations

from analyzers.memory.case import Case, CaseError, load_cases, parse_case
from analyzers.memory.evaluate import Evaluation, evaluate
from analyzers.memory.messages import MESSAGES
from analyzers.memory.model import MemoryPlan, plan
from analyzers.memory.traffic import compare

__all__ = ["MESSAGES", "Case", "CaseError", "Evaluation", "MemoryPlan", "compare", "evaluate", "load_cases", "parse_case", "plan"]
