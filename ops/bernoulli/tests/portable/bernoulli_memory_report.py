# ----------------------------------------------------------------------------------------------------------------------
# Copyright (c) 2026 op-migrate contributors.
# This program is free software, you can redistribute it and/or modify it under the terms and conditions of
# CANN Open Software License Agreement Version 2.0 (the "License").
# Please refer to the License for details. You may not use this file except in compliance with the License.
# THIS SOFTWARE IS PROVIDED ON AN "AS IS" BASIS, WITHOUT WARRANTIES OF ANY KIND, EITHER EXPRESS OR IMPLIED,
# INCLUDING BUT NOT LIMITED TO NON-INFRINGEMENT, MERCHANTABILITY, OR FITNESS FOR A PARTICULAR PURPOSE.
# See LICENSE in the root of the software repository for the full text of the License.
# ----------------------------------------------------------------------------------------------------------------------
"""Renders ops/bernoulli/docs/memory_report.md: `migrate analyze` with the memory model on the DAV_2201 chain before
(Fill + DropoutDoMask + Cast) and after (DSA mask in a UINT8 view of the private output, one Bernoulli kernel), and
every entry point of the API (the Tensor-prob ones keep their chain) at the seed's case.
Regenerate (no make needed): python ops/bernoulli/tests/portable/bernoulli_memory_report.py
"""

from __future__ import annotations

import json
import re
import shutil
import tempfile
from pathlib import Path

OP_DIR = Path(__file__).resolve().parents[2]
FIXTURES = Path(__file__).resolve().parent / "route_fixtures"
REPORT_PATH = OP_DIR / "docs" / "memory_report.md"
DSA_DIR = Path("random/dsa_gen_bit_mask/op_host/op_api")
STATELESS_DIR = Path("random/stateless_bernoulli/op_api")
AFTER_DIR = Path("experimental/random/bernoulli/op_api")
CASES = (("n-4096x1024", [4096, 1024], "float32"), ("n-4096x1024", [4096, 1024], "float16"),
         ("n-4096x1024", [4096, 1024], "int64"), ("n-37", [37], "float32"), ("n-3", [3], "float16"))
ENTRY = "aclnnBernoulliGetWorkspaceSize"
ENTRIES = (ENTRY, "aclnnInplaceBernoulliGetWorkspaceSize", "aclnnBernoulliTensorGetWorkspaceSize",
           "aclnnInplaceBernoulliTensorGetWorkspaceSize")
# The seed's case for every entry: self = out = selfRef = prob = [4096, 1024] float32, prob = 0.5 for the scalar ones.
SEED_DIMS = [4096, 1024]
SEED_CASE = "self=[4096,1024]:float32,out=[4096,1024]:float32,prob=[4096,1024]:float32"


def build_root(target: Path) -> Path:
    """An ops-math-shaped tree: the DSAGenBitMask and StatelessBernoulli L0s and the old chains (fixtures written here)
    next to our op_api."""
    (target / DSA_DIR).mkdir(parents=True)
    (target / STATELESS_DIR).mkdir(parents=True)
    shutil.copy(FIXTURES / "dsa_gen_bit_mask.cpp", target / DSA_DIR / "dsa_gen_bit_mask.cpp")
    shutil.copy(FIXTURES / "stateless_bernoulli.cpp", target / STATELESS_DIR / "stateless_bernoulli.cpp")
    shutil.copy(FIXTURES / "aclnn_bernoulli_before.cpp", target / DSA_DIR / "aclnn_bernoulli.cpp")
    shutil.copytree(OP_DIR / "op_api", target / AFTER_DIR)
    return target


def _arguments(root: Path, source: Path, dims: list[int], dtype: str) -> list[str]:
    shape = f"[{','.join(map(str, dims))}]"
    return ["analyze", str(source), "--kind", "aclnn", "--format", "md", "--no-cache", "--no-progress",
            "--repo-root", str(root), "--soc", "Ascend910B", "--dtype", dtype, "--scalar", "prob=0.5",
            "--shape", f"self={shape}", "--shape", f"out={shape}",
            # prob's shape is the Tensor-prob entries' (the scalar entries take --scalar prob): a case names every
            # tensor of the file's entries, or the memory model reports the missing one
            "--case", f"self={shape}:{dtype},out={shape}:{dtype},prob={shape}:float32"]


def _section(root: Path, body: str) -> str:
    """The out-of-place scalar entry's part of the analysis (the others are in the every-entry table)."""
    body = body.replace(str(root) + "/", "").replace(str(root), ".")
    others = [entry for entry in ENTRIES if entry != ENTRY]
    kept: list[str] = []
    skipping = False
    for line in body.splitlines():
        if line.startswith("## "):
            skipping = any(entry in line for entry in others)
        if skipping or line.startswith("![lifetime chart") or line == "# ACLNN chain analysis":
            continue
        if line.startswith("Repository root:") or any(entry in line for entry in others):
            continue
        kept.append("##" + line if line.startswith("#") else line)
    return _drop_empty_findings("\n".join(kept)).rstrip()


def _drop_empty_findings(text: str) -> str:
    """A findings table left without rows once the other entries' findings are taken out goes too."""
    empty = r"#### Findings\n\n\| severity \| symbol \| where \| message \|\n\| --- \| --- \| --- \| --- \|\n+(?=#|\Z)"
    return re.sub(empty, "", text)


def _peak(body: str) -> tuple[str, str]:
    formula = re.search(r"^- Extra memory \(the peak minus the entry's own tensors\): `([^`]*)`", body, re.M)
    row = re.search(r"^\| self=[^|]*\| [^|]* \| ([^|]+) \|", body, re.M)  # the extra-memory column
    return (formula.group(1) if formula else "?", row.group(1) if row else "?")


def _mib(value: int) -> str:
    return f"{value / 2**20:.1f} MiB"


def _entry_routes(root: Path, source: Path) -> dict[str, dict]:
    """Each entry's Ascend910B route at the seed's case, from the JSON of `migrate analyze`."""
    from click.testing import CliRunner

    from op_migrate.migrate.cli import main

    result = CliRunner().invoke(main, [
        "analyze", str(source), "--kind", "aclnn", "--format", "json", "--no-cache", "--no-progress",
        "--repo-root", str(root), "--soc", "Ascend910B", "--scalar", "prob=0.5", "--case", SEED_CASE])
    if result.exit_code not in (0, 1):
        raise RuntimeError(f"migrate analyze failed for {source}:\n{result.output}")
    routes = {e["name"]: e["routes"][0] for e in json.loads(result.stdout)["entries"] if e.get("routes")}
    missing = [entry for entry in ENTRIES if entry not in routes or not routes[entry].get("memory")]
    if missing:
        raise RuntimeError(f"{source}: no route with memory for {', '.join(missing)}")
    return routes


def _launches(route: dict) -> str:
    return " + ".join(f"{t['op']} {t['launcher']}" for t in route["tasks"]) or "none"


def every_entry(root: Path) -> list[str]:
    """The four entry points before and after at the seed's case, with what the GPU reference counts."""
    before = _entry_routes(root, root / DSA_DIR / "aclnn_bernoulli.cpp")
    after = _entry_routes(root, root / AFTER_DIR / "aclnn_bernoulli.cpp")
    tensor_bytes = SEED_DIMS[0] * SEED_DIMS[1] * 4
    lines = [
        "\n## Every entry point at the seed's case (Ascend910B, self = out = selfRef = prob = [4096, 1024] float32, "
        "prob = 0.5 for the scalar entries; predicted)\n",
        "The peak counts the entry's own tensors (self, out, and prob for the Tensor-prob entries); *extra* is what "
        "the chain allocates beyond them. The GPU reference is counted the same way from "
        "analyzers/data/torch_reference.toml (its torch call in the last column).\n",
        "| entry | before: launches | before: peak (extra) | after: launches | after: peak (extra) | GPU reference "
        "| gap | torch call |",
        "|---|---|---:|---|---:|---:|---:|---|",
    ]
    notes = []
    for entry in ENTRIES:
        old, new = before[entry]["memory"], after[entry]["memory"]
        gpu = new["gpu_reference"]
        lines.append(
            f"| {entry} | {_launches(before[entry])} | {_mib(old['npu_total_bytes'])} ({_mib(old['peak_bytes'])}) "
            f"| {_launches(after[entry])} | {_mib(new['npu_total_bytes'])} ({_mib(new['peak_bytes'])}) "
            f"| {_mib(new['gpu_reference_bytes'])} | {new['gap'] * 100:.1f}% | `{gpu['torch']}` |")
        # What the GPU side holds before the call versus the entry's own inputs (out is torch's allocation).
        inputs = new["params_bytes"] - (tensor_bytes if "Inplace" not in entry else 0)
        if gpu["baseline_bytes"] < inputs:
            notes.append(
                f"- {entry}: the GPU baseline holds {_mib(gpu['baseline_bytes'])} of the {_mib(inputs)} of inputs the "
                f"NPU side counts (its reference row, `{gpu['torch']}`, has no prob tensor), so its gap "
                f"of {new['gap'] * 100:.1f}% is that missing input, not memory the chain adds: extra beyond the "
                f"entry's tensors is {_mib(old['peak_bytes'])} before and {_mib(new['peak_bytes'])} after.")
    lines.append("")
    lines.extend(notes)
    lines.append(
        "- The Tensor-prob entries keep ops-math's chain (Contiguous, StatelessBernoulli, ViewCopy; the prob tensor "
        "is cast to FP32 on arch35 only): no native path exists for a per-element probability. StatelessBernoulli "
        "runs on AI CPU except on RegBase (route_fixtures/stateless_bernoulli.cpp), as before this operator.")
    return lines


def render() -> str:
    """The report text; the temporary root is written as relative paths so the output is stable."""
    from click.testing import CliRunner

    from op_migrate.migrate.cli import main

    runner = CliRunner()
    parts = [
        "# Bernoulli: device memory of aclnnBernoulli on DAV_2201, before and after (generated)\n",
        "Generated by `python ops/bernoulli/tests/portable/bernoulli_memory_report.py` from `migrate analyze` with the "
        "memory model, prob = 0.5 on Ascend910B. Every NPU figure is **predicted** from the route, not measured. "
        "*Before* is a fixture written here after the design document's description of the original ops-math chain "
        "(tests/portable/route_fixtures/aclnn_bernoulli_before.cpp); *after* is this operator's op_api. The "
        "DSAGenBitMask and StatelessBernoulli L0s resolve to fixtures written after ops-math's (route_fixtures/).\n",
    ]
    summary = ["\n## Summary (extra device memory beyond self and out, predicted)\n",
               "| case | dtype | before: extra-memory formula | before: extra | after: extra-memory formula "
               "| after: extra |",
               "|---|---|---|---:|---|---:|"]
    sections: list[str] = []
    with tempfile.TemporaryDirectory() as tmp:
        root = build_root(Path(tmp) / "ops-math")
        for name, dims, dtype in CASES:
            peaks = []
            for side, source in (("before", root / DSA_DIR / "aclnn_bernoulli.cpp"),
                                 ("after", root / AFTER_DIR / "aclnn_bernoulli.cpp")):
                result = runner.invoke(main, _arguments(root, source, dims, dtype))
                if result.exit_code not in (0, 1) or "## Memory" not in result.output:
                    raise RuntimeError(f"migrate analyze failed for {side} {name}/{dtype}:\n{result.output}")
                section = _section(root, result.stdout)
                peaks.extend(_peak(section))
                sections.append(f"\n## {side}: case {name}, {dtype}\n{section}\n")
            summary.append(f"| {name} | {dtype} | `{peaks[0]}` | {peaks[1]} | `{peaks[2]}` | {peaks[3]} |")
        entries = every_entry(root)
    return "".join(parts) + "\n".join(summary) + "\n" + "\n".join(entries) + "\n" + "".join(sections)


def figures(report: str) -> dict[str, str]:
    """The figures README.md and docs/design_facts.toml state, read from the report's own tables."""
    from op_migrate.ops.common.doc_figures import table_rows

    summary = {tuple(cells[:2]): cells for cells in table_rows(report, "## Summary")}
    entries = {cells[0]: cells for cells in table_rows(report, "## Every entry point")}
    seed, small = summary[("n-4096x1024", "float32")], summary[("n-3", "float16")]
    out_of_place, in_place = entries[ENTRY], entries["aclnnInplaceBernoulliGetWorkspaceSize"]
    return {
        "bernoulli.extra-before": seed[2].strip("`"),
        "bernoulli.extra-after": seed[4].strip("`"),
        "bernoulli.extra-after-small": small[4].strip("`"),
        "bernoulli.extra-after-small-bytes": small[5],
        "bernoulli.peak-after": out_of_place[4].split(" (")[0],
        "bernoulli.peak-gpu": out_of_place[5],
        "bernoulli.inplace-peak-after": in_place[4].split(" (")[0],
        "bernoulli.inplace-peak-gpu": in_place[5],
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
