"""Pytest fixtures that compile and run the operators' portable C++ and kernels with g++, cached by content."""

from __future__ import annotations

import importlib.util
import os
import sys
from pathlib import Path

import pytest

REPO_ROOT = Path(__file__).resolve().parents[1]
CPU_MODEL_DIR = Path(__file__).resolve().parent / "common" / "cpu_model"


def _load_by_path(name: str, path: Path):
    # ops/ is not importable as a package in every CI layout (wheel install, importlib mode),
    # so the helper modules are loaded from their file next to this conftest.
    spec = importlib.util.spec_from_file_location(name, path)
    module = importlib.util.module_from_spec(spec)
    sys.modules[name] = module
    spec.loader.exec_module(module)
    return module


_gxx_module = _load_by_path("op_migrate_cpu_model_gxx", CPU_MODEL_DIR / "gxx.py")
Gxx = _gxx_module.Gxx
CxxBuildError = _gxx_module.CxxBuildError
CxxRunError = _gxx_module.CxxRunError

_harness_module = _load_by_path("op_migrate_cpu_model_harness", CPU_MODEL_DIR / "harness.py")
CpuModel = _harness_module.CpuModel


def _cache_dir() -> Path:
    configured = os.environ.get("OP_MIGRATE_CXX_CACHE")
    return Path(configured) if configured else REPO_ROOT / ".cpu-model-cache"


@pytest.fixture(scope="session")
def gxx() -> "Gxx":
    """g++ -std=c++17 -O2 -Wall -Wextra -Werror -pthread, executables cached by a content hash."""
    return Gxx(_cache_dir())


@pytest.fixture(scope="session")
def cpu_model(gxx) -> "CpuModel":
    """Builds kernels against the CPU model of the Ascend C API (its include dir comes first)."""
    return CpuModel(gxx, CPU_MODEL_DIR / "include")


@pytest.fixture(autouse=True)
def every_hazard_kind(monkeypatch):
    """The operators' kernels are held to read-after-write, write-after-read and write-after-write whatever the model's
    default; a run that sets CPU_MODEL_PIPE_SYNC_HAZARDS keeps it."""
    if not os.environ.get("CPU_MODEL_PIPE_SYNC_HAZARDS"):
        monkeypatch.setenv("CPU_MODEL_PIPE_SYNC_HAZARDS", "all")
