"""`make demo`'s script runs in CI too, with the `migrate` of the installed wheel (package-pr without --ops-dir)."""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]


@pytest.mark.slow
def test_demo_script_runs_every_step_with_its_expected_exit_code(tmp_path: Path) -> None:
    migrate = Path(sys.executable).parent / "migrate"
    if not migrate.is_file() or shutil.which("git") is None or shutil.which("bash") is None:
        pytest.skip("needs the installed `migrate` script beside this interpreter, git and bash")
    env = {**os.environ, "PATH": f"{migrate.parent}{os.pathsep}{os.environ.get('PATH', '')}",
           "GIT_AUTHOR_NAME": "op-migrate tests", "GIT_AUTHOR_EMAIL": "tests@op-migrate.invalid",
           "GIT_COMMITTER_NAME": "op-migrate tests", "GIT_COMMITTER_EMAIL": "tests@op-migrate.invalid"}
    completed = subprocess.run(["bash", str(ROOT / "tests" / "demo.sh"), str(tmp_path / "report")], env=env,
                               capture_output=True, text=True, check=False, timeout=1800)
    assert completed.returncode == 0, completed.stdout[-4000:] + completed.stderr[-4000:]
    assert "unexpected exit code" not in completed.stdout
    # package-pr ran from the installed wheel: no --ops-dir on its command line, and its branch carries the design.
    assert "migrate package-pr floor_mod --target" in completed.stdout and "--ops-dir" not in completed.stdout
    assert (tmp_path / "report" / "package" / "design.md").stat().st_size > 0
