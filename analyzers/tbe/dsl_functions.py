"""The DSL's own function list (names only): what tbe.dsl and te.lang.cce export, and which of them a TBE tree calls.

The committed list (analyzers/data/dsl_functions.toml) is what the catalog test checks dsl_map.toml against; it is
re-extracted from an install by the requires_cann test (tests/unit/analyzers/tbe/test_dsl_catalog.py).
"""

from __future__ import annotations

import ast
from pathlib import Path

from astroid import nodes
from astroid.exceptions import AstroidBuildingError

from op_migrate.analyzers import catalog
from op_migrate.analyzers.tbe.imports import collect_imports, parse_source
from op_migrate.analyzers.tbe.node_index import NodeIndex

# The DSL packages of a CANN install's python/site-packages, by the module name the operators import.
DSL_PACKAGES = {"tbe.dsl": "tbe/dsl", "te.lang.cce": "te/lang/cce"}
SITE_PACKAGES = ("python/site-packages", "compiler/python/site-packages", "../python/site-packages")


def exported_names(package: Path) -> list[str]:
    """Functions a package's __init__.py binds (`from .api import vadd`, `def x`), submodules left out."""
    tree = ast.parse((package / "__init__.py").read_text(encoding="utf-8", errors="replace"))
    names: list[str] = []
    for node in tree.body:
        if isinstance(node, ast.ImportFrom):
            base = package.joinpath(*(node.module or "").split(".")) if node.level else None
            for alias in node.names:
                if base is not None and ((base / f"{alias.name}.py").exists() or (base / alias.name / "__init__.py").exists()):
                    continue  # `from . import schedule`, `from .te_compute import util`: a module, not a function
                names.append(alias.asname or alias.name)
        elif isinstance(node, ast.FunctionDef):
            names.append(node.name)
    return sorted(set(names) - {"*"})


def find_site_packages(roots: list[Path]) -> Path | None:
    for root in roots:
        for relative in SITE_PACKAGES:
            candidate = root / relative
            if all((candidate / path / "__init__.py").is_file() for path in DSL_PACKAGES.values()):
                return candidate
    return None


def extract_function_lists(site_packages: Path) -> dict[str, list[str]]:
    return {module: exported_names(site_packages / path) for module, path in DSL_PACKAGES.items()}


def called_dsl_names(paths: list[Path]) -> list[str]:
    """Every DSL function name a call site of these files resolves to (all call sites, reached or not)."""
    found: set[str] = set()
    for path in paths:
        try:
            tree = parse_source(path.read_text(encoding="utf-8"), str(path))
        except (OSError, UnicodeDecodeError, SyntaxError, AstroidBuildingError, ValueError, RecursionError):
            continue
        index = NodeIndex(tree)
        scope = collect_imports(tree, index)
        for call in index.of(nodes.Call):
            dsl = scope.dsl_name(call.func)
            if dsl is not None:
                found.add(dsl[0])
    return sorted(found)


def function_lists_toml(lists: dict[str, list[str]], observed: list[str], source: str, tree: str) -> str:
    """The text of analyzers/data/dsl_functions.toml."""
    lines = [
        "# The TBE DSL's own function list (names only) and the DSL names the operator files of a real tree call.",
        "# tests/unit/analyzers/tbe/test_dsl_catalog.py checks that dsl_map.toml has an entry for every one of them.",
        "# Regenerate: OP_MIGRATE_CANN_ROOT=<install> pytest tests/unit/analyzers/tbe/test_dsl_catalog.py --update-goldens",
        "",
        "[source]",
        f'functions = "{source}"',
        f'calls = "{tree}"',
    ]
    for module, names in lists.items():
        lines += ["", f'[modules."{module}"]', "names = [" + ", ".join(f'"{n}"' for n in names) + "]"]
    lines += ["", "[observed]", "names = [" + ", ".join(f'"{n}"' for n in observed) + "]"]
    return "\n".join(lines) + "\n"


def committed() -> dict:
    return catalog.load("dsl_functions")
