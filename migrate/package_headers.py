"""The real-headers check of `migrate package-pr --ascendc`: its gate row and its PR evidence (headers, arch, files)."""

from __future__ import annotations

import os
from dataclasses import dataclass
from pathlib import Path

from op_migrate.migrate.errors import MigrateError
from op_migrate.ops.common.header_check import CheckConfig, run_check
from op_migrate.ops.common.header_check.findings import FAIL, PASS
from op_migrate.ops.common.header_check.host_layout import checkout
from op_migrate.ops.common.header_check.layout import LayoutError
from op_migrate.ops.common.header_check.render import file_rows
from op_migrate.reports.design_doc import Bilingual, GateRow

GATE = "real-headers"
NOT_RUN = Bilingual("the real-headers check was not run: pass --ascendc DIR (asc-devkit or a toolkit's "
                    "ascendc/include) and --stubs DIR (tikicpulib/lib/include), and --host-headers PACKAGE=DIR for the "
                    "op_host / op_api sources",
                    "未对真实 Ascend C 头文件检查：请传入 --ascendc DIR（asc-devkit 或 CANN 工具包的 ascendc/include）"
                    "和 --stubs DIR（tikicpulib/lib/include），op_host / op_api 源码另需 --host-headers PACKAGE=DIR")
# --host-headers PACKAGE -> the CheckConfig field (the header check's --ascend-home, --ops-math ... options).
HOST_PACKAGES = {"ascend-home": "ascend_home", "ops-math": "ops_math", "opbase": "opbase", "metadef": "metadef",
                 "runtime": "runtime", "ge": "ge"}


def host_folders(entries: tuple[str, ...], target: Path | None) -> dict[str, Path]:
    """--host-headers PACKAGE=DIR entries as CheckConfig fields; ops-math defaults to the target checkout when it is
    one (the PR goes into it, so its common/inc and the other operators' headers are the ones the sources will meet)."""
    fields: dict[str, Path] = {}
    for entry in entries:
        name, sep, value = entry.partition("=")
        if not sep or not value or name not in HOST_PACKAGES:
            raise MigrateError(f"--host-headers {entry!r}: expected PACKAGE=DIR, "
                               f"PACKAGE one of {', '.join(HOST_PACKAGES)}")
        fields[HOST_PACKAGES[name]] = Path(value)
    if fields and "ops_math" not in fields and target is not None:
        try:
            checkout("ops-math", target)
            fields["ops_math"] = target
        except LayoutError:
            pass  # a target of another layout: sources needing ops-math headers then say OPS_MATH is missing
    return fields


@dataclass(frozen=True)
class HeaderEvidence:
    """The gate row (None when the check was not asked for) and what the PR shows, or why it shows nothing."""

    gate: GateRow | None
    report: dict | None
    missing: str | Bilingual


def header_check(ascendc: Path | None, stubs: tuple[Path, ...], folder: Path, host: tuple[str, ...] = (),
                 target: Path | None = None) -> HeaderEvidence:
    """Compile the operator in `folder` against the headers given; without --ascendc, say that it was not run."""
    fields = host_folders(host, target)
    if ascendc is None and "ascend_home" not in fields:
        if stubs:
            raise MigrateError("--stubs names the stub headers of --ascendc: pass --ascendc DIR as well")
        if host:
            raise MigrateError("--host-headers needs the kernel headers too: pass --ascendc DIR (or ascend-home=DIR)")
        return HeaderEvidence(None, None, NOT_RUN)
    report = run_check(CheckConfig(ops_root=folder.parent.resolve(), ascendc=ascendc, stubs=tuple(stubs),
                                   ops=(folder.name,), jobs=os.cpu_count() or 1, **fields))
    if report.errors:
        reasons = "; ".join(f"[{e.symbol}] {e.message}" for e in report.errors)
        return HeaderEvidence(GateRow(GATE, False, f"nothing was compiled: {reasons}", f"未编译任何文件：{reasons}"),
                              None, Bilingual(f"the real-headers check could not run: {reasons}",
                                              f"未对真实 Ascend C 头文件检查（检查无法运行）：{reasons}"))
    kernel = report.kernel_headers
    rows = [dict(row, source=_in_folder(row["source"], folder.name)) for row in file_rows(report)]
    evidence = {
        "headers": f"{kernel.kind} {kernel.version}",
        "stubs": ", ".join(dict.fromkeys(report.stubs.versions)),
        "host": "; ".join(f"set {n} ({s.label})" for n, s in enumerate(report.host.sets, 1)) or "none given",
        "archs": sorted({row["target"] for row in rows if row["part"] == "kernel"}),
        "rows": rows,
    }
    return HeaderEvidence(_gate(evidence), evidence, "")


def _in_folder(source: str, op: str) -> str:
    """ops/gcd/op_kernel/gcd.cpp -> op_kernel/gcd.cpp: the PR ships the folder's contents, not its parent."""
    head, marker, tail = source.partition(f"{op}/")
    return tail if marker and (not head or head.endswith("/")) else source


def _gate(evidence: dict) -> GateRow:
    """Passes when every kernel file passes for every arch; files left unchecked are named in the detail."""
    kernels = [row for row in evidence["rows"] if row["part"] == "kernel"]
    failed = [row for row in evidence["rows"] if row["status"] == FAIL]
    unchecked = [row for row in evidence["rows"] if row["status"] not in (PASS, FAIL)]
    passed = bool(kernels) and not failed and all(row["status"] == PASS for row in kernels)
    detail = [f"{evidence['headers']} with stubs {evidence['stubs']}, {', '.join(evidence['archs']) or 'no arch'}: "
              f"{sum(row['status'] == PASS for row in evidence['rows'])} of {len(evidence['rows'])} files pass"]
    detail += [f"{row['source']} [{row['target']}] fails: {row['reason']}" for row in failed[:3]]
    if unchecked:
        detail.append(f"{len(unchecked)} not checked ({unchecked[0]['symbol']}: {unchecked[0]['source']} ...)")
    if not kernels:
        detail.append("no kernel file was compiled")
    return GateRow(GATE, passed, "; ".join(detail))
