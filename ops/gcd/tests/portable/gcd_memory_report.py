# ----------------------------------------------------------------------------------------------------------------------
# Copyright (c) 2026 op-migrate contributors.
# This program is free software, you can redistribute it and/or modify it under the terms and conditions of
# CANN Open Software License Agreement Version 2.0 (the "License").
# Please refer to the License for details. You may not use this file except in compliance with the License.
# THIS SOFTWARE IS PROVIDED ON AN "AS IS" BASIS, WITHOUT WARRANTIES OF ANY KIND, EITHER EXPRESS OR IMPLIED,
# INCLUDING BUT NOT LIMITED TO NON-INFRINGEMENT, MERCHANTABILITY, OR FITNESS FOR A PARTICULAR PURPOSE.
# See LICENSE in the root of the software repository for the full text of the License.
# ----------------------------------------------------------------------------------------------------------------------
"""Renders ops/gcd/docs/memory_report.md: `migrate analyze` of aclnn_gcd.cpp with the memory model on the cases of the
gcd-native policy. Regenerate (no make needed): python ops/gcd/tests/portable/gcd_memory_report.py
"""

from __future__ import annotations

from pathlib import Path

from gcd_tiling_runner import DTYPES as TILING_DTYPES, Case, contiguous, run_cases

OP_DIR = Path(__file__).resolve().parents[2]
REPORT_PATH = OP_DIR / "docs" / "memory_report.md"
SOURCE = OP_DIR / "op_api" / "aclnn_gcd.cpp"
BEFORE = Path(__file__).resolve().parent / "memory"
CASES = {
    "broadcast-both": {"self": [256, 1, 32], "other": [1, 512, 32], "out": [256, 512, 32]},
    "same-shape": {"self": [1000], "other": [1000], "out": [1000]},
}
DTYPES = ("float32", "int8", "int64")


def _arguments(shapes: dict[str, list[int]], dtype: str) -> list[str]:
    # The op folder as the repository root: the same routes here and in an ops-math checkout (L0 ops of op_api/)
    args = ["analyze", str(SOURCE), "--kind", "aclnn", "--format", "md", "--no-cache", "--no-progress",
            "--repo-root", str(OP_DIR)]
    args += ["--soc", "Ascend910B", "--dtype", dtype]
    for name, dims in shapes.items():
        args += ["--shape", f"{name}=[{','.join(map(str, dims))}]"]
    case = ",".join(f"{name}=[{','.join(map(str, dims))}]:{dtype}" for name, dims in shapes.items())
    return args + ["--case", case]


def before_after() -> str:
    """Tables of the original chain (tests/portable/memory, int16: the dtype both chains take on Ascend910B)
    against this operator's, at the gcd-native policy's cases."""
    from op_migrate.migrate import route_check
    from op_migrate.reports.design_doc import memory_view

    op_api = OP_DIR / "op_api"
    lines = [
        "## Before vs after",
        "",
        "- before: `tests/portable/memory/aclnn_gcd_before.cpp` (the original chain: the L0 Gcd allocates an "
        "output-sized result, ViewCopy copies it into out)",
        "- after: `op_api/aclnn_gcd.cpp` (the kernel writes a contiguous out directly)",
    ]
    points = [p for p in route_check.memory_points("gcd-native", op_api) if p.soc == "Ascend910B"]
    for point in [p for p in points if p.dtype_label() == "int16"]:
        comparison = memory_view(route_check.memory_comparison("gcd-native", op_api, BEFORE, point)[0], "en")
        lines += ["", f"### {comparison['case']} on {comparison['soc']}", ""]
        lines += ["| chain | extra-memory formula (beyond the entry's tensors) | device peak incl. inputs and output "
                  "| GPU reference | gap "
                  "| launches | HBM traffic |", "|---|---|---|---|---|---|---|"]
        for row in comparison["rows"]:
            lines.append(f"| {row['label']} | `{row['formula']}` | {row['peak']} | {row['gpu']} "
                         f"| {row['gap']} | {row['launches']} | {row['traffic']} |")
    return "\n".join(lines) + "\n"


def workspace(gxx) -> str:
    """The workspace the tiling requests per case and dtype (op_host/gcd_tiling_core.h through the tiling driver):
    part of the device memory of a call besides the tensors the memory model counts."""
    codes = {name: code for code, (name, _) in TILING_DTYPES.items()}
    keys = [(name, dtype) for name in CASES for dtype in DTYPES]
    cases = [Case(codes[dtype], 40, contiguous(CASES[name]["self"]), contiguous(CASES[name]["other"]), walk=False)
             for name, dtype in keys]
    lines = ["## Workspace the tiling requests (Ascend910B, 40 cores)", "",
             "| case | dtype | copy mode | workspace (B) |", "|---|---|---|---:|"]
    for (name, dtype), result in zip(keys, run_cases(gxx, cases)):
        lines.append(f"| {name} | {dtype} | {result['mode']} | {result['workspace']} |")
    lines += ["", "The kernel calls no Ascend C API that uses the system workspace, so the tiling requests none "
              "(tests/portable/test_gcd_tiling.py holds op_host/gcd_tiling.cpp to it); the peaks above and below are "
              "the whole device memory of the call.", ""]
    return "\n".join(lines)


def render(gxx=None) -> str:
    """The report text; every absolute path of this checkout or wheel is written relative to the op folder."""
    from click.testing import CliRunner

    from op_migrate.migrate.cli import main
    from op_migrate.ops.common.doc_figures import report_gxx

    runner = CliRunner()
    parts = [
        "# Gcd: device memory of aclnnGcd (generated)\n\n",
        "Generated by `python ops/gcd/tests/portable/gcd_memory_report.py` from the op-migrate memory model "
        "(`migrate analyze` and the verify-route before/after comparison); every NPU figure is **predicted** from "
        "the routes, not measured. The lifetime charts are left out (`migrate analyze ... -o DIR/report.md` "
        "writes them).\n\n",
        before_after(),
        "\n",
        workspace(gxx or report_gxx()),
        "\n# Routes and memory of this operator per case\n",
    ]
    for name, shapes in CASES.items():
        for dtype in DTYPES:
            result = runner.invoke(main, _arguments(shapes, dtype))
            # Exit 1 is a warning finding (the report shows it); 2 or more is a failure.
            if result.exit_code not in (0, 1) or "## Memory" not in result.output:
                raise RuntimeError(f"migrate analyze failed for {name}/{dtype}:\n{result.output}")
            body = result.stdout.replace(str(OP_DIR) + "/", "").replace(str(OP_DIR), ".")
            lines = [line for line in body.splitlines() if not line.startswith("![lifetime chart")]
            lines = [line for line in lines if line != "# ACLNN chain analysis"]
            body = "\n".join("#" + line if line.startswith("#") else line for line in lines)  # nest under the case
            parts.append(f"\n## Case {name}, {dtype}\n{body.rstrip()}\n")
    return "".join(parts)


def figures(report: str) -> dict[str, str]:
    """The figures README.md and docs/design_facts.toml state, read from the report's own tables."""
    from op_migrate.ops.common.doc_figures import table_rows

    chains = {cells[0]: cells for cells in table_rows(report, "### aclnnGcdGetWorkspaceSize broadcast-both")}
    requested = {cells[3] for cells in table_rows(report, "## Workspace the tiling requests")}
    if len(requested) != 1:
        raise ValueError(f"the tiling's workspace differs per case ({sorted(requested)}): state it per case")
    return {
        "gcd.extra-before": chains["before"][1].strip("`"),
        "gcd.extra-after": chains["after"][1].strip("`"),
        "gcd.launches-before": chains["before"][5],
        "gcd.launches-after": chains["after"][5],
        "gcd.workspace": requested.pop(),
    }


def documents() -> list[Path]:
    """The documents whose marked figures come from this report."""
    return [OP_DIR / "README.md", OP_DIR / "docs" / "design_facts.toml"]


def main() -> int:
    from op_migrate.ops.common.doc_figures import fill_files

    text = render()
    REPORT_PATH.write_text(text, encoding="utf-8")
    print(f"wrote {REPORT_PATH}")
    for path in fill_files(documents(), figures(text), write=True):
        print(f"wrote {path}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
