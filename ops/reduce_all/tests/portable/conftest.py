"""Makes reduce_all_golden importable and builds the ReduceAll plan simulator once per session."""

from __future__ import annotations

import sys
from pathlib import Path

import pytest

HERE = Path(__file__).resolve().parent
if str(HERE) not in sys.path:
    sys.path.insert(0, str(HERE))


@pytest.fixture(scope="session")
def plan_sim(gxx):
    """Runs cases through tests/portable/cpp/reduce_all_plan_sim.cpp (tiling core + kernel-order walk)."""
    from reduce_all_cases import PlanSim

    return PlanSim(gxx, gxx.build([HERE / "cpp" / "reduce_all_plan_sim.cpp"], name="reduce_all_plan_sim"))
