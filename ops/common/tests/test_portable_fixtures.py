"""An operator's portable tests run where package-pr puts them: in an ops-math checkout, with no ops/conftest.py."""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
from pathlib import Path

OPS = Path(__file__).resolve().parents[2]


def test_portable_tests_find_gxx_and_cpu_model_in_an_ops_math_layout(tmp_path: Path) -> None:
    checkout = tmp_path / "ops-math"
    op = checkout / "experimental" / "math" / "gcd"
    shutil.copytree(OPS / "gcd", op, ignore=shutil.ignore_patterns("__pycache__"))
    cache = os.environ.get("OP_MIGRATE_CXX_CACHE") or str(OPS.parent / ".cpu-model-cache")
    done = subprocess.run(
        [sys.executable, "-m", "pytest", "-q", "-p", "no:cacheprovider", "--import-mode=importlib",
         f"--rootdir={checkout}", f"--basetemp={tmp_path / 'basetemp'}", "-k", "8bit",
         str(op / "tests" / "portable" / "test_gcd_scalar.py")],
        cwd=checkout, env={**os.environ, "OP_MIGRATE_CXX_CACHE": cache, "PYTHONDONTWRITEBYTECODE": "1"},
        capture_output=True, text=True, check=False, timeout=600)
    assert done.returncode == 0, done.stdout[-2000:] + done.stderr[-2000:]
    assert "fixture 'gxx' not found" not in done.stdout
    assert " passed" in done.stdout.splitlines()[-1]


def test_the_operators_kernels_run_with_every_hazard_kind_checked() -> None:
    """ops/conftest.py's autouse fixture: the operators' tests do not depend on the model's default."""
    assert os.environ["CPU_MODEL_PIPE_SYNC_HAZARDS"] in ("all", "raw,war,waw")
