"""Makes the fake SDK builder next to this file importable, and hands each test a fresh fake tree."""

from __future__ import annotations

import sys
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).resolve().parent))

from fake_sdk import FakeTree  # noqa: E402


@pytest.fixture
def fake(tmp_path: Path) -> FakeTree:
    return FakeTree(tmp_path)
