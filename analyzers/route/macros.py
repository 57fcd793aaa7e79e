"""The op_api macros the route walk knows: kernel launches, checks taken as passing, logging and registration."""

from __future__ import annotations

LAUNCH_MACROS = {
    "ADD_TO_LAUNCHER_LIST_AICORE": "AI_CORE",
    "ADD_TO_LAUNCHER_LIST_AICPU": "AI_CPU",
    "ADD_TO_LAUNCHER_LIST_DSA": "DSA",
    "CreatAiCoreKernelLauncher": "AI_CORE",
    "CreatAicpuKernelLauncher": "AI_CPU",
    "CreatDSAKernelLauncher": "DSA",
}
# Error handling is not a route: these checks pass, though calls inside their condition still run.
CHECK_MACROS = ("CHECK_RET", "OP_CHECK", "CHECK_COND", "OP_CHECK_NULL", "CHECK_NOT_NULL")
# Logging, tracing and registration: no tensors, no launches.
IGNORED_PREFIXES = ("OP_LOG", "L0_DFX", "L2_DFX", "DFX_", "OP_TYPE_REGISTER", "OP_CHECK_", "INFER_SHAPE")
