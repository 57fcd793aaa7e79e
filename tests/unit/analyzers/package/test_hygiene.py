"""The hygiene check: generated files fail, except the installer's own byte-code in an installed copy."""

from __future__ import annotations

from pathlib import Path

from op_migrate.analyzers.package import check_hygiene


def _folder(tmp_path: Path) -> Path:
    op = tmp_path / "op"
    (op / "tests" / "portable" / "__pycache__").mkdir(parents=True)
    (op / "tests" / "portable" / "test_x.py").write_text("def test_x():\n    pass\n")
    (op / "tests" / "portable" / "__pycache__" / "test_x.cpython-311.pyc").write_bytes(b"\0")
    return op


def _symbols(findings) -> list[tuple[str, str]]:
    return [(f.symbol, f.message.split(" ")[0]) for f in findings]


def test_byte_code_in_a_source_folder_fails(tmp_path: Path) -> None:
    assert _symbols(check_hygiene(_folder(tmp_path))) == [
        ("generated-file", "tests/portable/__pycache__"),
        ("generated-file", "tests/portable/__pycache__/test_x.cpython-311.pyc"),
    ]


def test_the_installers_byte_code_is_no_finding(tmp_path: Path) -> None:
    installed = frozenset({"tests/portable/__pycache__/test_x.cpython-311.pyc"})
    assert check_hygiene(_folder(tmp_path), installed) == ()


def test_other_byte_code_beside_the_installers_still_fails(tmp_path: Path) -> None:
    op = _folder(tmp_path)
    (op / "tests" / "portable" / "__pycache__" / "test_x.cpython-312.pyc").write_bytes(b"\0")
    installed = frozenset({"tests/portable/__pycache__/test_x.cpython-311.pyc"})
    assert _symbols(check_hygiene(op, installed)) == [
        ("generated-file", "tests/portable/__pycache__"),
        ("generated-file", "tests/portable/__pycache__/test_x.cpython-312.pyc"),
    ]


def test_a_build_output_fails_even_in_an_installed_copy(tmp_path: Path) -> None:
    op = _folder(tmp_path)
    (op / "op_kernel").mkdir()
    (op / "op_kernel" / "kernel.o").write_bytes(b"\0")
    installed = frozenset({"tests/portable/__pycache__/test_x.cpython-311.pyc"})
    assert _symbols(check_hygiene(op, installed)) == [("generated-file", "op_kernel/kernel.o")]
