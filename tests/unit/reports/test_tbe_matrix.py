"""The combination table fits 120 columns: ports that always agree share a column, SoCs with the same cells share
one (with a legend), dtype names shorten and the SoC columns split over several tables when they must."""

from __future__ import annotations

from op_migrate.reports.tbe_matrix import WIDTH, matrix_text


def _cell(engine: str, notes=()) -> dict:
    return {"engine": engine, "library": "TFKernel" if engine == "AI CPU" else None, "tbe": "yes", "notes": list(notes)}


def _capability(groups: int, ports: int) -> dict:
    socs = [f"ascend{i:03d}_variant" for i in range(groups)]
    dtypes = ["float16", "bfloat16", "float32", "int32"]
    rows = []
    for index, dtype in enumerate(dtypes):
        cells = {soc: _cell("AI Core" if (index + n) % 3 else "AI CPU", [f"note {n}"] if n == 1 else [])
                 for n, soc in enumerate(socs)}
        rows.append({"dtypes": {f"input_port_{p}": (dtype if p % 2 else "int64") for p in range(ports)},
                     "formats": {}, "cells": cells})
    return {"op_type": "Wide", "socs": socs, "combinations": rows, "combination_groups": [[s] for s in socs],
            "aicpu_beyond": {"input_port_0": ["float64"], "input_port_1": ["float64"]}}


def test_a_wide_table_is_split_and_every_table_line_fits() -> None:
    text = matrix_text(_capability(groups=14, ports=6))
    table = [line for line in text.splitlines() if " | " in line or line.startswith("-")]
    assert table and all(len(line) <= WIDTH for line in table)
    assert sum(1 for line in text.splitlines() if line.startswith("input_port_0")) >= 2  # more than one table


def test_ports_that_always_agree_share_a_column_and_ai_cpu_extras_are_merged() -> None:
    text = matrix_text(_capability(groups=2, ports=4))
    header = text.splitlines()[1]
    assert header.startswith("input_port_0, input_port_2")
    assert "input_port_1, input_port_3" in header
    assert "AI CPU only (its kernels declare dtypes per port, not combinations), input_port_0, input_port_1: float64" in text
    assert "AI CPU = the TFKernel kernel" in text
