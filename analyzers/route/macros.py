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
# Macros the walk models itself rather than expanding them (route/macro_calls.py expands every other one in reach).
NATIVE_MACROS = ("INFER_SHAPE", "CREATE_EXECUTOR", "OP_INPUT", "OP_OUTPUT", "OP_ATTR", "OP_WORKSPACE",
                 "OP_OUTSHAPE", "OP_OPTION", "OP_MODE", "OP_EMPTY_ARG", "OP_CHECK_BROADCAST_AND_INFER_SHAPE")
# Logging, tracing and registration: no tensors, no launches.
# (The OP_CHECK_* family is not among them: its checks are expanded from their definitions, route/macro_calls.py.)
IGNORED_PREFIXES = ("OP_LOG", "L0_DFX", "L2_DFX", "DFX_", "OP_TYPE_REGISTER", "INFER_SHAPE")
