"""The hygiene gate's byte-code allowance reads every distribution of op-migrate, not the first one found."""

from __future__ import annotations

from pathlib import Path

import pytest

from op_migrate.migrate import package_gates


class _Record:
    def __init__(self, path: Path, relative: str, hash_value=None) -> None:
        self._path, self.parts, self.suffix, self.hash = path, Path(relative).parts, Path(relative).suffix, hash_value

    def locate(self) -> Path:
        return self._path


class _Distribution:
    def __init__(self, files) -> None:
        self.files = files


def test_an_egg_info_in_the_source_folder_does_not_hide_the_installed_record(tmp_path: Path,
                                                                               monkeypatch: pytest.MonkeyPatch) -> None:
    folder = tmp_path / "site-packages" / "op_migrate" / "ops" / "gcd"
    pyc = folder / "tests" / "portable" / "__pycache__" / "conftest.cpython-311.pyc"
    pyc.parent.mkdir(parents=True)
    pyc.write_bytes(b"")
    source = _Record(folder / "tests" / "portable" / "conftest.py", "op_migrate/ops/gcd/tests/portable/conftest.py",
                     hash_value="sha256=x")
    egg_info = _Distribution([source])  # `pip install .` leaves this in the checkout: sources only, no byte-code
    installed = _Distribution([source, _Record(pyc, "op_migrate/ops/gcd/tests/portable/__pycache__/"
                                                    "conftest.cpython-311.pyc")])
    monkeypatch.setattr(package_gates.metadata, "distributions", lambda name: iter([egg_info, installed]))
    assert package_gates.installer_bytecode(folder) == {"tests/portable/__pycache__/conftest.cpython-311.pyc"}


def test_without_an_installed_distribution_nothing_is_allowed(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(package_gates.metadata, "distributions", lambda name: iter([]))
    assert package_gates.installer_bytecode(tmp_path) == frozenset()
