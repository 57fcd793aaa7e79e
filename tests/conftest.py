"""Shared pytest options and fixtures: golden files with a one-flag regeneration."""

from __future__ import annotations

from pathlib import Path

import pytest

REPO_ROOT = Path(__file__).resolve().parents[1]


def pytest_addoption(parser: pytest.Parser) -> None:
    parser.addoption(
        "--update-goldens",
        action="store_true",
        default=False,
        help="Rewrite golden files from the current output instead of comparing.",
    )


class Golden:
    """Compare text with a golden file, or rewrite it under --update-goldens."""

    def __init__(self, update: bool) -> None:
        self.update = update

    def check(self, actual: str, path: Path) -> None:
        if self.update:
            path.parent.mkdir(parents=True, exist_ok=True)
            path.write_text(actual, encoding="utf-8")
            return
        if not path.exists():
            pytest.fail(f"golden {path} is missing; create it with: pytest --update-goldens {path.parent}")
        expected = path.read_text(encoding="utf-8")
        if actual != expected:
            import difflib

            diff = "".join(
                difflib.unified_diff(
                    expected.splitlines(keepends=True),
                    actual.splitlines(keepends=True),
                    fromfile=str(path),
                    tofile="actual",
                    n=2,
                )
            )
            pytest.fail(
                f"output differs from {path}; review, then regenerate with: pytest --update-goldens -k '{path.stem}'\n{diff[:6000]}"
            )


@pytest.fixture
def golden(request: pytest.FixtureRequest) -> Golden:
    return Golden(bool(request.config.getoption("--update-goldens")))


@pytest.fixture
def repo_root() -> Path:
    return REPO_ROOT


# The TBE fixtures placed in a CANN install layout next to tests/functional/tbe/install (op-info, AI CPU configs,
# prototypes, graph/types.h): (fixture file, its place under opp/built-in/op_impl/ai_core/tbe/impl).
TBE_INSTALL_FILES = (
    ("floor_mod_dynamic.py", "dynamic/floor_mod.py"),
    ("floor_mod_static.py", "floor_mod.py"),
    ("reduce_all.py", "dynamic/reduce_all.py"),
    ("gcd.py", "dynamic/gcd.py"),
    ("ascendc_wrapper.py", "dynamic/scaled_add.py"),
    ("tik_class_checks.py", "dynamic/index_scale.py"),
    ("select_format_op.py", "dynamic/pick_rows.py"),
    ("tik_soc_guards.py", "dynamic/row_top_value.py"),
)


@pytest.fixture
def tbe_install(tmp_path: Path) -> Path:
    """A small CANN install built from the TBE fixtures; returns its root."""
    import shutil

    fixtures = REPO_ROOT / "tests" / "functional" / "tbe"
    root = tmp_path / "cann"
    shutil.copytree(fixtures / "install", root)
    impl = root / "opp/built-in/op_impl/ai_core/tbe/impl"
    for name, target in TBE_INSTALL_FILES:
        (impl / target).parent.mkdir(parents=True, exist_ok=True)
        shutil.copy(fixtures / name, impl / target)
    return root
