"""Each shipped operator's file list against ops-math's conventions (shared/reference/opsmath_layout.md §1, §4),
and its L2 file names against the real ops-math tree where that tree is present."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from op_migrate.analyzers import catalog

ROOT = Path(__file__).resolve().parents[4]
OPS = ROOT / "ops"
REAL_TREE = Path("/work/ext/ops-math")
OPERATORS = catalog.load("operators")["operator"]
# What an experimental op folder holds at its root (right_shift, gcd, bernoulli_mask, floor_mod in ops-math).
ROOT_ENTRIES = {"CMakeLists.txt", "README.md", "docs", "examples", "op_api", "op_host", "op_kernel", "op_graph", "tests"}


def _files(op: str) -> set[str]:
    folder = OPS / op
    return {p.relative_to(folder).as_posix() for p in folder.rglob("*") if p.is_file() and "__pycache__" not in p.parts}


@pytest.mark.parametrize("op", sorted(OPERATORS))
def test_folder_follows_the_experimental_layout(op: str) -> None:
    entry = OPERATORS[op]
    files = _files(op)
    l2 = entry["l2"]
    required = [
        "CMakeLists.txt", "README.md",
        f"op_api/{l2}.cpp", f"op_api/{l2}.h", f"op_api/{op}.cpp", f"op_api/{op}.h",
        f"op_host/{op}_def.cpp", f"op_host/{op}_infershape.cpp", f"op_host/{op}_tiling.cpp",
        f"op_kernel/{op}.cpp", f"op_kernel/{op}.h", f"op_kernel/{op}_tiling_data.h", f"op_kernel/{op}_tiling_key.h",
        f"tests/ut/op_host/test_{op}_tiling.cpp", "tests/ut/op_kernel/CMakeLists.txt", f"tests/ut/op_kernel/test_{op}.cpp",
    ]
    assert [name for name in required if name not in files] == []
    assert {name.split("/")[0] for name in files} <= ROOT_ENTRIES
    # The build takes every op_api/aclnn_*.cpp as L2: exactly the one pair, named as ops-math names it.
    assert sorted(n for n in files if re.fullmatch(r"op_api/aclnn_[^/]*", n)) == [f"op_api/{l2}.cpp", f"op_api/{l2}.h"]
    # op_host sources the build globs by name (`_def`, `_infershape`, `_tiling`); anything else would be ignored.
    host = [n for n in files if n.startswith("op_host/") and n.endswith(".cpp")]
    assert [n for n in host if not re.fullmatch(rf"op_host/{op}_(def|infershape|tiling\w*)\.cpp", n)] == []
    # build.sh --run_example finds examples/test_aclnn_*.cpp; the op_api UT glob is tests/ut/op_api/test_aclnn_*.cpp.
    assert [n for n in files if re.fullmatch(r"examples/test_aclnn_\w+\.cpp", n)]
    assert [n for n in files if re.fullmatch(r"tests/ut/op_api/test_aclnn_\w+\.cpp", n)]
    for api in entry["apis"]:
        assert [n for n in files if n.startswith(f"docs/{api}") and n.endswith(".md")], api
        header = (OPS / op / "op_api" / f"{l2}.h").read_text(encoding="utf-8")
        assert f"{api}GetWorkspaceSize(" in header
        assert f"{l2.upper()}_H_" in header  # the include guard is derived from the file name


def _real_l2_stems(api: str) -> set[str]:
    """Stems of the real tree's L2 headers that declare `api` (main tree, experimental, old op_host/op_api)."""
    stems = set()
    for pattern in ("*/*/op_api/aclnn_*.h", "experimental/*/*/op_api/aclnn_*.h", "*/*/op_host/op_api/aclnn_*.h"):
        for header in REAL_TREE.glob(pattern):
            if f"{api}GetWorkspaceSize(" in header.read_text(encoding="utf-8", errors="replace"):
                stems.add(header.stem)
    return stems


@pytest.mark.skipif(not REAL_TREE.is_dir(), reason="the real ops-math tree is not on this machine")
@pytest.mark.parametrize("op", sorted(OPERATORS))
def test_l2_file_is_named_as_in_the_real_ops_math(op: str) -> None:
    entry = OPERATORS[op]
    stems = _real_l2_stems(entry["apis"][0])
    assert stems, f"no L2 header of the real tree declares {entry['apis'][0]}"
    assert entry["l2"] in stems
