"""The cache lives in the user cache folder, never in the checkout being analysed; a run refused with exit 2 writes
nothing, the cache included (issue 33, point 3)."""

from __future__ import annotations

import subprocess
from pathlib import Path

import pytest
from click.testing import CliRunner

from op_migrate.migrate import cache, exit_codes
from op_migrate.migrate.cli import main

TESTS = Path(__file__).resolve().parents[1]
TBE = TESTS / "functional" / "tbe"
TREE = TESTS / "functional" / "aclnn" / "ops_math"


def test_the_default_follows_the_xdg_rules() -> None:
    assert cache.default_dir({"HOME": "/h", "XDG_CACHE_HOME": "/x"}, "linux") == Path("/x/op-migrate")
    assert cache.default_dir({"HOME": "/h"}, "linux") == Path("/h/.cache/op-migrate")
    assert cache.default_dir({"HOME": "/h", "XDG_CACHE_HOME": "relative"}, "linux") == Path("/h/.cache/op-migrate")
    assert cache.default_dir({"HOME": "/h"}, "darwin") == Path("/h/Library/Caches/op-migrate")
    assert cache.default_dir({"HOME": "/h", "LOCALAPPDATA": "C:/L"}, "win32") == Path("C:/L/op-migrate/Cache")


@pytest.fixture
def checkout(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """The user's own git checkout as the current folder, and a cache home outside it."""
    repo = tmp_path / "ops-math"
    repo.mkdir()
    subprocess.run(["git", "init", "-q", str(repo)], check=True)
    monkeypatch.chdir(repo)
    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path / "cache-home"))
    return repo


def test_a_directory_run_caches_in_the_user_cache_folder_not_in_the_checkout(checkout: Path, tmp_path: Path) -> None:
    result = CliRunner().invoke(main, ["analyze", "--no-progress", str(TBE)])
    assert result.exit_code in (exit_codes.OK, exit_codes.FINDINGS), result.output
    assert list(checkout.iterdir()) == [checkout / ".git"]
    status = subprocess.run(["git", "-C", str(checkout), "status", "--porcelain"], capture_output=True, text=True)
    assert status.stdout == ""
    assert any((tmp_path / "cache-home" / "op-migrate").rglob("*.bin"))
    warm = CliRunner().invoke(main, ["analyze", "--no-progress", "--format", "json", str(TBE)])
    assert '"cached": ' in warm.stdout and '"cached": 0' not in warm.stdout


def test_a_run_refused_with_exit_2_after_the_analysis_writes_no_cache(checkout: Path, tmp_path: Path) -> None:
    # The unknown name is found only once the directory's entry points are known, after every file was analysed.
    result = CliRunner().invoke(main, ["analyze", "--no-progress", str(TREE / "math" / "floor_mod"), "--shape",
                                       "selff=[4]"])
    assert result.exit_code == exit_codes.USAGE, result.output
    assert "'selff' is no parameter" in result.stderr
    assert not (tmp_path / "cache-home").exists()
    assert list(checkout.iterdir()) == [checkout / ".git"]


def test_cache_dir_still_puts_it_where_asked(checkout: Path) -> None:
    result = CliRunner().invoke(main, ["analyze", "--no-progress", "--cache-dir", "here", str(TBE)])
    assert result.exit_code in (exit_codes.OK, exit_codes.FINDINGS), result.output
    assert any((checkout / "here").rglob("*.bin"))
