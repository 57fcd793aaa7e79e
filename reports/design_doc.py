"""Renders the design document, the PR description and the manifest of a package from its evidence."""

from __future__ import annotations

from dataclasses import dataclass, field

from op_migrate.reports.render import render, to_json_text


@dataclass(frozen=True)
class GateRow:
    """One gate as shown in the gate table, the design document and the PR."""

    name: str
    passed: bool
    detail: str


@dataclass(frozen=True)
class DesignEvidence:
    """Everything the design document shows; a missing piece carries the reason it is missing."""

    op: object  # analyzers.package.OperatorInfo
    category: str
    narrative: dict
    prototype: str
    gates: tuple[GateRow, ...]
    tbe: dict | None = None
    tbe_missing: str = ""
    memory: dict | None = None
    memory_missing: str = ""
    routes: dict | None = None
    routes_missing: str = ""
    files: tuple[tuple[str, bytes], ...] = field(default=())  # charts written beside the design document
    headers: dict | None = None  # the real-headers check (migrate/package_headers.py), when --ascendc was given
    headers_missing: str = "the real-headers check was not run"


def design_document(evidence: DesignEvidence, lang: str, tool_version: str) -> str:
    """The community requirement form, in Chinese (zh) or English (en)."""
    return render(
        f"design/design_{lang}.md.j2",
        op=evidence.op,
        narrative=evidence.narrative[lang],
        prototype=evidence.prototype,
        gates=evidence.gates,
        tbe=evidence.tbe,
        tbe_missing=evidence.tbe_missing,
        memory=evidence.memory,
        memory_missing=evidence.memory_missing,
        routes=evidence.routes,
        routes_missing=evidence.routes_missing,
        headers=evidence.headers,
        headers_missing=evidence.headers_missing,
        tool_version=tool_version,
    )


def pr_title(op_name: str, summary_en: str) -> str:
    """The community-task title form: 【社区任务】 followed by a conventional commit subject."""
    return f"【社区任务】feat({op_name}): {summary_en}"


def pr_description(evidence: DesignEvidence, *, design_file: str, file_count: int, issue: str) -> str:
    """The PR body in the repository's template (描述 / 关联的Issue / 测试 / 文档更新 / 类型标签)."""
    return render(
        "design/pr_description_zh.md.j2",
        op=evidence.op,
        category=evidence.category,
        gates=evidence.gates,
        headers=evidence.headers,
        headers_missing=evidence.headers_missing,
        design_file=design_file,
        file_count=file_count,
        issue=issue,
        api_doc=f"{evidence.op.apis[0]}.md",
    )


def manifest_text(*, tool_version: str, branch: str, title: str, files, gates: tuple[GateRow, ...],
                  header_check: dict | None = None, header_check_missing: str = "") -> str:
    """The manifest JSON: every file with its sha256, the tool version and the gate results."""
    return to_json_text(
        {
            "schema": "op-migrate/package-manifest@1",
            "tool_version": tool_version,
            "branch": branch,
            "title": title,
            "gates": [{"name": g.name, "passed": g.passed, "detail": g.detail} for g in gates],
            "header_check": header_check if header_check is not None else {"not_run": header_check_missing},
            "files": [entry.to_json() for entry in files],
        }
    )
