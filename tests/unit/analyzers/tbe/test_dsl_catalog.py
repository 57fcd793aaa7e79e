"""The DSL -> Ascend C catalog covers the DSL's own function list and every DSL name a real tree calls.

The function list (analyzers/data/dsl_functions.toml) is extracted from a CANN install's python/site-packages; where
an install is known (OP_MIGRATE_CANN_ROOT or ASCEND_HOME_PATH), the requires_cann tests re-extract it and compare, and
`--update-goldens` rewrites it.
"""

from __future__ import annotations

import os
from pathlib import Path

import pytest

from op_migrate.analyzers import catalog
from op_migrate.analyzers.tbe.dsl_functions import (
    called_dsl_names,
    committed,
    exported_names,
    extract_function_lists,
    find_site_packages,
    function_lists_toml,
)
from op_migrate.analyzers.tbe.locate import IMPL_BASES, install_version

DATA = Path(__file__).resolve().parents[4] / "analyzers" / "data" / "dsl_functions.toml"
_ROOT = os.environ.get("OP_MIGRATE_CANN_ROOT") or os.environ.get("ASCEND_HOME_PATH")
requires_cann = pytest.mark.skipif(
    not (_ROOT and find_site_packages([Path(_ROOT)])),
    reason="no CANN install with python/site-packages (set OP_MIGRATE_CANN_ROOT)",
)


def _impl_folder(root: Path) -> Path | None:
    return next((root / base for base in IMPL_BASES if (root / base).is_dir()), None)


# A partial copy of an install (operator sources and op-info, no python/site-packages) still has the call sites.
requires_tree = pytest.mark.skipif(
    not (_ROOT and _impl_folder(Path(_ROOT))), reason="no TBE operator tree (set OP_MIGRATE_CANN_ROOT)"
)


def test_every_function_of_the_dsl_and_every_called_name_has_an_entry() -> None:
    calls = catalog.load("dsl_map")["calls"]
    lists = committed()
    names = {name for module in lists["modules"].values() for name in module["names"]} | set(lists["observed"]["names"])
    missing = sorted(names - set(calls))
    assert not missing, f"dsl_map.toml has no entry for: {', '.join(missing)}"
    assert len(lists["modules"]["tbe.dsl"]["names"]) > 90 and "reduce_all" in lists["modules"]["tbe.dsl"]["names"]


def test_every_entry_names_a_category_and_an_answer() -> None:
    for name, entry in catalog.load("dsl_map")["calls"].items():
        assert entry["category"] in ("compute", "framework", "cube", "raw_compute"), name
        # "No direct equivalent" is said with the pattern to use instead, or with the trap when there is none.
        assert entry["ascend_c"] or (entry["direct"] is False and entry["trap"]), name


def test_the_extractor_reads_functions_and_leaves_submodules_out(tmp_path: Path) -> None:
    package = tmp_path / "tbe" / "dsl"
    (package / "compute").mkdir(parents=True)
    (package / "compute" / "__init__.py").write_text("", encoding="utf-8")
    (package / "compute" / "math.py").write_text("", encoding="utf-8")
    (package / "__init__.py").write_text(
        "from .api import vadd\nfrom .api import vsub as vminus\nfrom .compute import math\nfrom . import compute\n"
        "def placeholder(shape):\n    pass\n",
        encoding="utf-8",
    )
    assert exported_names(package) == ["placeholder", "vadd", "vminus"]


@pytest.mark.slow
@requires_cann
def test_the_committed_function_list_is_the_installs(golden) -> None:
    roots = [Path(_ROOT)]
    lists = extract_function_lists(find_site_packages(roots))
    version = install_version(roots) or "unknown version"
    impl = next(roots[0] / base for base in IMPL_BASES if (roots[0] / base).is_dir())
    files = sorted(impl.rglob("*.py"))
    text = function_lists_toml(
        lists,
        called_dsl_names(files),
        f"CANN {version}: python/site-packages/{{tbe/dsl,te/lang/cce}}/__init__.py",
        f"CANN {version}: every call site of the {len(files)} files under {impl.relative_to(roots[0])}",
    )
    golden.check(text, DATA)


@pytest.mark.slow
@requires_tree
def test_the_committed_call_list_is_every_dsl_name_the_tree_calls(golden) -> None:
    roots = [Path(_ROOT)]
    impl = _impl_folder(roots[0])
    files = sorted(impl.rglob("*.py"))
    lists = committed()
    version = install_version(roots) or "unknown version"
    text = function_lists_toml(
        {module: entry["names"] for module, entry in lists["modules"].items()},
        called_dsl_names(files),
        lists["source"]["functions"],
        f"CANN {version}: every call site of the {len(files)} files under {impl.relative_to(roots[0])}",
    )
    golden.check(text, DATA)
