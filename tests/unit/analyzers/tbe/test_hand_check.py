"""The hand check (tests/functional/tbe/hand_check/README.md): the sample is the one the seed draws, every checked
file still reads as its golden facts, and the verdicts count every fact of those goldens.

Needs a CANN install: OP_MIGRATE_CANN_ROOT=<install> pytest tests/unit/analyzers/tbe/test_hand_check.py
Regenerate the goldens (then check the changed facts by hand again): ... --update-goldens
"""

from __future__ import annotations

import os
import random
import sys
from pathlib import Path

import pytest

from op_migrate.analyzers.proto.sources import CapabilitySources
from op_migrate.analyzers.tbe import analyse_path
from op_migrate.analyzers.tbe.narrow import narrow_document
from op_migrate.analyzers.tbe.operator import file_matrix

if sys.version_info >= (3, 11):
    import tomllib
else:  # pragma: no cover
    import tomli as tomllib

sys.path.insert(0, str(Path(__file__).parent))
from hand_check_facts import cell_count, facts  # noqa: E402

CHECK = Path(__file__).resolve().parents[3] / "functional" / "tbe" / "hand_check"
ROOT = os.environ.get("OP_MIGRATE_CANN_ROOT")
IMPL = "opp/built-in/op_impl/ai_core/tbe/impl"
VERDICTS = tomllib.loads((CHECK / "verdicts.toml").read_text(encoding="utf-8"))
SAMPLE = VERDICTS["sample"]["files"]

requires_cann = pytest.mark.skipif(not ROOT or not (Path(ROOT) / IMPL / "dynamic").is_dir(),
                                   reason="no CANN install (set OP_MIGRATE_CANN_ROOT)")


def draw(impl: Path, seed: int, size: int) -> list[str]:
    """The protocol's draw: `size` files of the whole dynamic tree, sorted by path, with random.Random(seed)."""
    files = sorted(f"dynamic/{path.name}" for path in (impl / "dynamic").glob("*.py"))
    return random.Random(seed).sample(files, size)


@pytest.fixture(scope="module")
def sources() -> CapabilitySources:
    return CapabilitySources([Path(ROOT)])


def checked_document(relative: str, sources: CapabilitySources) -> dict:
    path = Path(ROOT) / IMPL / relative
    document = narrow_document(analyse_path(str(path)).to_json(), None, {})
    matrix = file_matrix(document, sources, None)
    if matrix is not None:
        document["capability"] = matrix.to_json()
    return document


@requires_cann
def test_the_sample_is_what_the_seed_draws() -> None:
    assert draw(Path(ROOT) / IMPL, VERDICTS["sample"]["seed"], len(SAMPLE)) == SAMPLE


@requires_cann
@pytest.mark.parametrize("relative", SAMPLE, ids=lambda r: Path(r).stem)
def test_checked_facts_are_the_golden_ones(relative: str, sources: CapabilitySources, golden) -> None:
    document = checked_document(relative, sources)
    lines = facts(document, str(Path(ROOT).resolve()))
    golden.check("\n".join(lines) + "\n", CHECK / f"{Path(relative).stem}.facts")
    verdict = VERDICTS["operators"][Path(relative).stem]
    # A golden with more or fewer facts than were checked by hand needs checking again.
    assert verdict["facts"] == len(lines) - sum(1 for line in lines if line.startswith("runs:"))
    assert verdict["cells"] == cell_count(document.get("capability"))


def test_the_verdicts_add_up() -> None:
    """Each file's counts agree (right = facts - wrong; every cell right, wrong or unanswered), and the figures the
    README states are the sums."""
    for name, verdict in VERDICTS["operators"].items():
        assert verdict["right"] == verdict["facts"] - len(verdict.get("wrong", [])), name
        assert verdict["cells_right"] + len(verdict.get("cells_wrong", [])) + verdict.get("cells_unanswered", 0) == verdict["cells"], name
    total = {key: sum(v[key] for v in VERDICTS["operators"].values()) for key in ("facts", "right", "cells", "cells_right")}
    missing = sum(len(v.get("missing_facts", [])) for v in VERDICTS["operators"].values())
    assert (total["facts"], total["right"], missing, total["cells"], total["cells_right"]) == (437, 437, 2, 1244, 1244)
