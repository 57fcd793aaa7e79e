"""Every marker an operator's portable tests use is registered by that operator's conftest: package-pr runs the
suite inside an ops-math checkout, where no pyproject of ours registers it (unknown markers warn on every run)."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

OPS = Path(__file__).resolve().parents[2] / "ops"
BUILTIN = {"parametrize", "skip", "skipif", "xfail", "usefixtures", "filterwarnings"}


@pytest.mark.parametrize("folder", sorted(p.parent for p in OPS.glob("*/tests/portable/conftest.py")),
                         ids=lambda p: p.parts[-3])
def test_the_conftest_registers_every_marker_its_tests_use(folder: Path) -> None:
    used = {name for test in folder.glob("test_*.py") for name in re.findall(r"pytest\.mark\.(\w+)", test.read_text())}
    registered = set(re.findall(r'addinivalue_line\(\s*"markers",\s*"(\w+):', (folder / "conftest.py").read_text()))
    assert used - BUILTIN <= registered
