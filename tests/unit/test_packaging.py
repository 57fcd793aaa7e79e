"""The wheel installs one import package, op_migrate, holding exactly the tracked files of the five folders."""

from __future__ import annotations

import shutil
import subprocess
import sys
import tomllib
import zipfile
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
FOLDERS = ("migrate", "analyzers", "reports", "templates", "ops")


def _tracked_files() -> list[str]:
    if not (ROOT / ".git").exists() or shutil.which("git") is None:
        pytest.skip("needs a git checkout of the project (the wheel is built from its tracked files)")
    out = subprocess.run(["git", "ls-files", "-z"], cwd=ROOT, capture_output=True, check=True).stdout
    return [name for name in out.decode().split("\0") if name and (ROOT / name).is_file()]


@pytest.fixture(scope="module")
def wheel_names(tmp_path_factory: pytest.TempPathFactory) -> set[str]:
    source = tmp_path_factory.mktemp("source")
    for name in _tracked_files():
        (source / name).parent.mkdir(parents=True, exist_ok=True)
        shutil.copy2(ROOT / name, source / name)
    # A stray byte-code cache in the source must not reach the wheel.
    (source / "ops" / "floor_mod" / "__pycache__").mkdir(exist_ok=True)
    (source / "ops" / "floor_mod" / "__pycache__" / "x.cpython-311.pyc").write_bytes(b"\0")
    out = tmp_path_factory.mktemp("wheel")
    subprocess.run(
        [sys.executable, "-m", "pip", "wheel", "--quiet", "--no-deps", "-w", str(out), str(source)],
        check=True,
        capture_output=True,
    )
    (wheel,) = out.glob("op_migrate-*.whl")
    with zipfile.ZipFile(wheel) as archive:
        return set(archive.namelist())


@pytest.mark.slow
def test_one_top_level_import_package(wheel_names: set[str]) -> None:
    tops = {name.split("/")[0] for name in wheel_names if not name.split("/")[0].endswith(".dist-info")}
    assert tops == {"op_migrate"}
    (top_level,) = [name for name in wheel_names if name.endswith(".dist-info/top_level.txt")]
    assert top_level


@pytest.mark.slow
def test_wheel_holds_exactly_the_tracked_files_of_the_five_folders(wheel_names: set[str]) -> None:
    shipped = {name.removeprefix("op_migrate/") for name in wheel_names if name.startswith("op_migrate/")}
    tracked = {name for name in _tracked_files() if name.split("/")[0] in FOLDERS}
    assert sorted(tracked - shipped) == []
    assert sorted(shipped - tracked) == []
    assert "ops/.clang-format" in shipped
    assert not [name for name in shipped if "__pycache__" in name or name.endswith(".pyc")]


def test_package_list_names_every_python_package_folder() -> None:
    config = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))["tool"]["setuptools"]
    folders = {
        "op_migrate." + ".".join(init.parent.relative_to(ROOT).parts)
        for folder in FOLDERS
        for init in (ROOT / folder).rglob("__init__.py")
    }
    assert set(config["packages"]) == folders
    assert config["package-dir"] == {f"op_migrate.{folder}": folder for folder in FOLDERS}
