"""Completeness of an operator folder against ops-math's experimental layout (opsmath_layout.md §1, §3)."""

from __future__ import annotations

import re
from pathlib import Path

from op_migrate.analyzers.findings import Finding
from op_migrate.analyzers.package.messages import MESSAGES
from op_migrate.analyzers.package.operators import OperatorInfo

README_SECTIONS = ("产品支持情况", "功能说明", "参数说明", "约束说明", "调用说明", "贡献说明")
API_DOC_SECTIONS = ("产品支持情况", "功能说明", "函数原型", "约束说明", "调用示例")


def check_layout(folder: Path, info: OperatorInfo) -> tuple[Finding, ...]:
    """Every file and section the community template requires; each gap is one finding."""
    op = info.name
    findings: list[Finding] = []

    def need(relative: str, why: str) -> Path | None:
        path = folder / relative
        if path.is_file():
            return path
        findings.append(MESSAGES.make("missing-file", path=relative, why=why))
        return None

    def need_glob(pattern: str, shown: str, why: str) -> None:
        if not any(p.is_file() for p in folder.glob(pattern)):
            findings.append(MESSAGES.make("missing-file", path=shown, why=why))

    cmake = need("CMakeLists.txt", "registers the op with the build")
    if cmake is not None:
        text = cmake.read_text(encoding="utf-8", errors="replace")
        if not re.search(rf"add_all_modules_sources\s*\(\s*OPTYPE\s+{re.escape(op)}\s+ACLNNTYPE\s+\w+", text):
            findings.append(MESSAGES.make("cmake-registration", path="CMakeLists.txt", op=op))
    readme = need("README.md", "the operator's community README")
    if readme is not None:
        findings += _sections(readme, "README.md", README_SECTIONS)
    for api in info.apis:
        docs = sorted((folder / "docs").glob(f"{api}*.md")) if (folder / "docs").is_dir() else []
        if not docs:
            findings.append(MESSAGES.make("missing-file", path=f"docs/{api}.md", why="the aclnn API document"))
        else:
            findings += _sections(docs[0], f"docs/{docs[0].name}", API_DOC_SECTIONS + (f"{api}GetWorkspaceSize",))
    # build.sh --run_example finds */<op>/examples/test_aclnn_*.cpp; ops-math names it after the op or the API.
    need_glob("examples/test_aclnn_*.cpp", f"examples/test_aclnn_{op}.cpp", "the aclnn call example")
    need_glob("op_api/aclnn_*.cpp", "op_api/aclnn_<api>.cpp", "the two-phase L2 API")
    need_glob("op_api/aclnn_*.h", "op_api/aclnn_<api>.h", "the L2 API header")
    need(f"op_api/{op}.cpp", "the L0 wrapper")
    need(f"op_host/{op}_def.cpp", "the OpDef")
    need(f"op_host/{op}_infershape.cpp", "shape inference")
    need_glob(f"op_host/{op}_tiling*.cpp", f"op_host/{op}_tiling.cpp", "host tiling")
    need(f"op_kernel/{op}.cpp", "the kernel entry")
    need(f"op_kernel/{op}_tiling_data.h", "the tiling data shared by host and kernel")
    need(f"op_kernel/{op}_tiling_key.h", "the tiling key")
    need_glob("tests/ut/**/*", "tests/ut/", "unit tests")
    return tuple(findings)


def _sections(path: Path, shown: str, sections: tuple[str, ...]) -> list[Finding]:
    headings = [
        line.lstrip("#").strip()
        for line in path.read_text(encoding="utf-8", errors="replace").splitlines()
        if line.startswith("#")
    ]
    return [
        MESSAGES.make("missing-section", path=shown, section=section)
        for section in sections
        if not any(section in heading for heading in headings)
    ]
