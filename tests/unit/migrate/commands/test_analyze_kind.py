"""Which analyzer `migrate analyze` picks for its inputs when --kind is auto."""

from __future__ import annotations

from pathlib import Path
from types import SimpleNamespace

from op_migrate.migrate.commands.analyze import detect_kind


def _kind(*paths: Path) -> str:
    return detect_kind(SimpleNamespace(kind="auto", inputs=tuple(str(p) for p in paths)))


def test_a_repository_of_the_older_layout_is_read_as_aclnn_chains(tmp_path: Path) -> None:
    # Before: a tree with its aclnn sources in op_host (no op_api folder) and Python scripts was taken for TBE
    # operators, and --repo-root was refused as "does not apply to TBE operators".
    (tmp_path / "src" / "math" / "demo" / "op_host").mkdir(parents=True)
    (tmp_path / "src" / "math" / "demo" / "op_host" / "aclnn_demo.cpp").write_text("// aclnn\n")
    (tmp_path / "scripts").mkdir()
    (tmp_path / "scripts" / "gen.py").write_text("print(1)\n")
    assert _kind(tmp_path) == "aclnn"


def test_python_operators_stay_tbe(tmp_path: Path) -> None:
    (tmp_path / "impl").mkdir()
    (tmp_path / "impl" / "floor_mod.py").write_text("def floor_mod(x, y, z):\n    pass\n")
    assert _kind(tmp_path) == "tbe"
    assert _kind(tmp_path / "impl" / "floor_mod.py") == "tbe"
