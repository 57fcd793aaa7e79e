"""Dependencies point one way: analyzers imports neither click, rich, jinja2 nor migrate/reports."""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
FORBIDDEN = {
    "analyzers": {"click", "rich", "jinja2", "migrate", "reports"},
    "reports": {"click", "migrate"},
}


def _root(module: str) -> str:
    # Our own packages live under the one import package op_migrate: op_migrate.reports.x counts as "reports".
    parts = module.split(".")
    return parts[1] if parts[0] == "op_migrate" and len(parts) > 1 else parts[0]


def _imported_roots(path: Path) -> set[str]:
    tree = ast.parse(path.read_text(encoding="utf-8"), filename=str(path))
    roots: set[str] = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            roots.update(_root(alias.name) for alias in node.names)
        elif isinstance(node, ast.ImportFrom) and node.level == 0 and node.module:
            roots.add(_root(node.module))
    return roots


@pytest.mark.parametrize("package", sorted(FORBIDDEN))
def test_package_imports_point_one_way(package: str) -> None:
    offenders = []
    for path in sorted((ROOT / package).rglob("*.py")):
        bad = _imported_roots(path) & FORBIDDEN[package]
        if bad:
            offenders.append(f"{path.relative_to(ROOT)} imports {sorted(bad)}")
    assert offenders == []


def test_layering_check_detects_a_forbidden_import(tmp_path: Path) -> None:
    sample = tmp_path / "bad.py"
    sample.write_text("import click\nfrom rich.table import Table\nfrom op_migrate.reports import x\n", encoding="utf-8")
    assert _imported_roots(sample) == {"click", "rich", "reports"}


def test_every_module_starts_with_a_docstring() -> None:
    missing = []
    for package in ("migrate", "analyzers", "reports"):
        for path in sorted((ROOT / package).rglob("*.py")):
            tree = ast.parse(path.read_text(encoding="utf-8"))
            if ast.get_docstring(tree) is None:
                missing.append(str(path.relative_to(ROOT)))
    assert missing == []
