"""The gates of `migrate package-pr`: route policy, portable tests, layout completeness, license and hygiene."""

from __future__ import annotations

import os
import re
from importlib import metadata
import sys
import tempfile
from pathlib import Path

from op_migrate.migrate import children
from op_migrate.analyzers.package import OperatorInfo, check_hygiene, check_layout, check_license_headers
from op_migrate.reports.design_doc import GateRow


def layout_gate(folder: Path, info: OperatorInfo) -> GateRow:
    return _from_findings("layout", check_layout(folder, info), "every file and section of the ops-math template",
                          "ops-math 模板要求的文件与章节齐全")


def license_gate(folder: Path) -> GateRow:
    return _from_findings("license", check_license_headers(folder), "CANN Open Software License 2.0 header on every source file",
                          "每个源文件都带有 CANN Open Software License 2.0 许可证头")


def hygiene_gate(folder: Path) -> GateRow:
    findings = check_hygiene(folder, installer_bytecode(folder))
    return _from_findings("hygiene", findings, "nothing generated, no link leaving the op folder",
                          "没有生成产物，也没有指向算子目录之外的链接")


def installer_bytecode(folder: Path, distribution: str = "op-migrate") -> frozenset[str]:
    """Byte-code that pip compiled into the installed copy of `folder`, relative to it.

    pip byte-compiles every shipped .py (the operators' portable tests too) and lists each .pyc in the
    distribution's RECORD without a hash, as a file it generated. Only those count: byte-code in a source
    folder, or written later by another interpreter, is not in the RECORD and still fails the hygiene gate.
    """
    # Every distribution of that name: `pip install .` leaves an op_migrate.egg-info in the source folder, which
    # shadows the installed RECORD whenever the current directory is on sys.path.
    files = [record for found in metadata.distributions(name=distribution) for record in found.files or ()]
    root = folder.resolve()
    found = set()
    for record in files:
        if record.hash is not None or record.suffix != ".pyc" or "__pycache__" not in record.parts:
            continue
        path = Path(str(record.locate())).resolve()
        if root in path.parents:
            found.add(path.relative_to(root).as_posix())
    return frozenset(found)


def portable_tests_gate(folder: Path, ops_root: Path) -> GateRow:
    """Run the op's pytest suite in a subprocess without writing caches into the op folder."""
    tests = (folder / "tests" / "portable").resolve()
    ops_root = ops_root.resolve()
    if not tests.is_dir():
        return GateRow("portable-tests", False, "no portable tests at tests/portable", "tests/portable 下没有可移植测试")
    scratch = Path(tempfile.mkdtemp(prefix="op-migrate-gate-"))
    (scratch / "tmp").mkdir()
    env = {
        **os.environ,
        "PYTHONDONTWRITEBYTECODE": "1",
        "OP_MIGRATE_CXX_CACHE": os.environ.get("OP_MIGRATE_CXX_CACHE", str(scratch / "cxx")),
        # g++'s own temporary files (cc*.s) too: a killed compiler cannot remove them, the scratch folder goes whole.
        "TMPDIR": str(scratch / "tmp"),
    }
    # --basetemp inside the scratch folder: pytest's own tmp_path folders (pytest-of-<user>) go with it.
    command = [sys.executable, "-m", "pytest", "-q", "-p", "no:cacheprovider", "--import-mode=importlib",
               f"--rootdir={ops_root}", f"--confcutdir={ops_root}", f"--basetemp={scratch / 'pytest'}", str(tests)]
    # In a process group of its own, ended with op-migrate; the scratch folder goes on every exit path.
    completed = children.run_gate(command, env=env, cwd=scratch, scratch=scratch)
    if "No module named pytest" in completed.stderr:
        return GateRow("portable-tests", False, "pytest is not installed: pip install 'op-migrate[test]'",
                       "未安装 pytest：请执行 pip install 'op-migrate[test]'")
    lines = [line for line in completed.stdout.splitlines() if line.strip()]
    summary = lines[-1] if lines else completed.stderr.strip().splitlines()[-1:] or ["no output"]
    summary = summary if isinstance(summary, str) else summary[0]
    return portable_tests_row(completed.returncode == 0, summary.strip("= "))


_DURATION = re.compile(r"\s+in\s+[0-9.]+s(\s*\([0-9:]+\))?$")


def portable_tests_row(passed: bool, summary: str) -> GateRow:
    """The gate row of a finished pytest run: its own summary line, quoted as is in the Chinese text, without the
    time it took (the progress line on stderr says that), so that two runs render the same documents."""
    summary = _DURATION.sub("", summary)
    said = "CPU 模型上的可移植测试" + ("通过" if passed else "未通过")
    return GateRow("portable-tests", passed, summary, f"{said}（pytest：`{summary}`）")


def _from_findings(name: str, findings, passed_detail: str, passed_detail_zh: str) -> GateRow:
    if not findings:
        return GateRow(name, True, passed_detail, passed_detail_zh)
    shown = "; ".join(f.message for f in findings[:6])
    more = f" (+{len(findings) - 6} more)" if len(findings) > 6 else ""
    # The Chinese text names each finding by its symbol; the English messages are in the CLI's gate table.
    symbols = "、".join(f"`{f.symbol}`" + (f"（{f.path}）" if f.path else "") for f in findings[:6])
    return GateRow(name, False, shown + more, f"{len(findings)} 项问题：{symbols}" + ("等" if len(findings) > 6 else ""))
