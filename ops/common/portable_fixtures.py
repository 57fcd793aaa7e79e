"""The gxx and cpu_model fixtures of the operators' portable tests, for a run outside op-migrate's ops/ folder.

In this repository ops/conftest.py provides them. In an ops-math checkout (package-pr writes an operator to
experimental/<category>/<op>) there is no such conftest, so each portable conftest imports these from the installed
op-migrate instead. Executables are cached by content under OP_MIGRATE_CXX_CACHE, else <tmp>/op-migrate-cpu-model.
"""

from __future__ import annotations

import importlib.util
import os
import sys
import tempfile
from pathlib import Path

import pytest

CPU_MODEL = Path(__file__).resolve().parent / "cpu_model"


def cpu_model_module(name: str):
    """cpu_model/<name>.py, loaded once per process under the name ops/conftest.py gives it (op_migrate_cpu_model_<name>):
    the folder is data of the wheel, not a package."""
    key = f"op_migrate_cpu_model_{name}"
    module = sys.modules.get(key)
    if module is None:
        spec = importlib.util.spec_from_file_location(key, CPU_MODEL / f"{name}.py")
        module = importlib.util.module_from_spec(spec)
        sys.modules[key] = module
        spec.loader.exec_module(module)
    return module


@pytest.fixture(scope="session")
def gxx():
    """g++ -std=c++17 -O2 -Wall -Wextra -Werror -pthread, executables cached by a content hash."""
    cache = os.environ.get("OP_MIGRATE_CXX_CACHE") or str(Path(tempfile.gettempdir()) / "op-migrate-cpu-model")
    return cpu_model_module("gxx").Gxx(Path(cache))


@pytest.fixture(scope="session")
def cpu_model(gxx):
    """Builds kernels against the CPU model of the Ascend C API (its include dir comes first)."""
    return cpu_model_module("harness").CpuModel(gxx, CPU_MODEL / "include")


@pytest.fixture(autouse=True)
def every_hazard_kind(monkeypatch):
    """The operators' kernels are held to read-after-write, write-after-read and write-after-write whatever the model's
    default; a run that sets CPU_MODEL_PIPE_SYNC_HAZARDS keeps it."""
    if not os.environ.get("CPU_MODEL_PIPE_SYNC_HAZARDS"):
        monkeypatch.setenv("CPU_MODEL_PIPE_SYNC_HAZARDS", "all")
