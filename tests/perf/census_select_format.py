"""Census of the "runs on" cells that op_select_format decides across a CANN install (prints figures).

usage: python tests/perf/census_select_format.py CANN_ROOT [--reasons N]

Every op type whose AI Core op-info leaves a port's dtypes undeclared on some SoC: its implementation files are
located and analysed, the capability matrix is built as `migrate analyze <op> --cann-root` builds it, and every cell
of those SoCs is counted by engine (aicore, aicpu, none, unknown); the reasons of the unknown cells are counted with
line numbers folded. Not collected by pytest; it asserts nothing.
"""

from __future__ import annotations

import argparse
import re
import time
from collections import Counter
from pathlib import Path

from op_migrate.analyzers.proto.sources import CapabilitySources
from op_migrate.analyzers.tbe import analyse_path
from op_migrate.analyzers.tbe.locate import locate
from op_migrate.analyzers.tbe.operator import operator_matrix


def _undeclared(raw: dict) -> bool:
    return any(k.startswith(("input", "output")) and isinstance(v, dict) and "dtype" not in v for k, v in raw.items())


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("root", type=Path)
    parser.add_argument("--reasons", type=int, default=15, help="most frequent reasons of ? cells to print")
    options = parser.parse_args()
    sources = CapabilitySources([options.root])
    ops = sorted({op for entries in sources.aicore_entries().values() for op, raw in entries.items() if _undeclared(raw)})
    cells, reasons, without_file = Counter(), Counter(), 0
    start = time.process_time()
    for op in ops:
        entries = sources.aicore(op)
        files = tuple(dict.fromkeys(str(i.flags["opFile.value"]) for i in entries.values() if i.flags.get("opFile.value")))
        located = locate(op, [options.root], files)
        documents = [(role, analyse_path(p).to_json()) for p, role in zip(located.impl_files, located.roles)]
        without_file += not documents
        matrix = operator_matrix(op, documents, sources, sources.socs)
        open_socs = {soc for soc, info in entries.items() if any(not p.declared for p in info.params)}
        for row in matrix.combinations:
            for soc, cell in row.cells.items():
                if soc in open_socs:
                    cells[cell.engine] += 1
                    if cell.engine == "unknown":
                        note = (cell.notes[0] if cell.notes else "no reason").replace(str(options.root), "<root>")
                        reasons[re.sub(r"line \d+", "line N", note)[:200]] += 1
        if not matrix.combinations:
            cells["no row"] += len(open_socs)
    total = sum(cells.values())
    print(f"{len(ops)} op types leave op-info ports undeclared on some SoC ({without_file} without an implementation "
          f"file); {time.process_time() - start:.0f} CPU s")
    print(f"{total} cells of those SoCs: " + ", ".join(f"{engine} {count}" for engine, count in cells.most_common()))
    print(f"? without a reason: {reasons.get('no reason', 0)}")
    for reason, count in reasons.most_common(options.reasons):
        print(f"{count:6d}  {reason}")


if __name__ == "__main__":
    main()
