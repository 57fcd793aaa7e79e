"""Figures of the operators' documents written from one source: marked spans filled from the generators' figures.

A document (README.md, docs/design_facts.toml) marks each figure it states as `<!-- fig:NAME -->text<!-- /fig -->`;
the operator's generator computes every figure from the code (memory model, tiling core, kernel counters) and
`fill` rewrites the spans, so the README, the design facts and the memory report cannot state different values.
`report_gxx` gives the generators the g++ driver the tests use, outside pytest.
"""

from __future__ import annotations

import os
import re
from pathlib import Path

_SPAN = re.compile(r"<!-- fig:([\w.-]+) -->(.*?)<!-- /fig -->", re.S)


class FigureError(ValueError):
    """A document names a figure its generator does not compute, or a computed figure is stated nowhere."""


def names(text: str) -> list[str]:
    """The figure names a document marks, in order."""
    return [match.group(1) for match in _SPAN.finditer(text)]


def fill(text: str, figures: dict[str, str], where: str) -> str:
    """`text` with every marked span holding its figure; an unknown name is a FigureError naming `where`."""
    unknown = sorted({name for name in names(text) if name not in figures})
    if unknown:
        raise FigureError(f"{where}: no figure named {', '.join(unknown)}")
    return _SPAN.sub(lambda m: f"<!-- fig:{m.group(1)} -->{figures[m.group(1)]}<!-- /fig -->", text)


def fill_files(paths: list[Path], figures: dict[str, str], write: bool) -> list[Path]:
    """Fill every file; with write=False only report which files would change. Every figure must be stated somewhere."""
    texts = {path: path.read_text(encoding="utf-8") for path in paths}
    stated = {name for text in texts.values() for name in names(text)}
    missing = sorted(set(figures) - stated)
    if missing:
        raise FigureError(f"figures stated in no document: {', '.join(missing)}")
    changed = []
    for path, text in texts.items():
        filled = fill(text, figures, str(path))
        if filled != text:
            changed.append(path)
            if write:
                path.write_text(filled, encoding="utf-8")
    return changed


def table_rows(report: str, heading: str) -> list[list[str]]:
    """The body rows (cells stripped) of the first Markdown table under the first heading starting with `heading`."""
    lines = report.split("\n" + heading, 1)[1].splitlines()[1:]
    start = next(i for i, line in enumerate(lines) if line.startswith("|"))
    rows = []
    for line in lines[start + 2:]:
        if not line.startswith("|"):
            break
        rows.append([cell.strip() for cell in line.strip("|").split("|")])
    return rows


def report_gxx():
    """The tests' g++ driver (ops/common/cpu_model/gxx.py) with the tests' cache, for a generator run as a script."""
    from op_migrate.ops.common.portable_fixtures import cpu_model_module

    cache = os.environ.get("OP_MIGRATE_CXX_CACHE") or str(Path(__file__).resolve().parents[2] / ".cpu-model-cache")
    return cpu_model_module("gxx").Gxx(Path(cache))
