"""Renders the design document, the PR description and the manifest of a package from its evidence."""

from __future__ import annotations

from dataclasses import dataclass, field

from op_migrate.analyzers.memory.units import human_bytes
from op_migrate.reports.memory_terms import PEAK_DEFINITION
from op_migrate.reports.render import render, to_json_text


@dataclass(frozen=True)
class Bilingual:
    """One text in English and in Chinese, written side by side where it is made: each document takes its own."""

    en: str
    zh: str

    def get(self, lang: str) -> str:
        return self.zh if lang == "zh" else self.en


def in_lang(text: str | Bilingual, lang: str) -> str:
    """The text in `lang`; a plain string (a name, a path, a code excerpt) is the same in both."""
    return text.get(lang) if isinstance(text, Bilingual) else text


@dataclass(frozen=True)
class GateRow:
    """One gate as shown in the gate table, the design document and the PR; `detail` is English, the CLI's."""

    name: str
    passed: bool
    detail: str
    detail_zh: str = ""  # the Chinese documents' text; empty when the detail is a name or a tool's own output

    def detail_in(self, lang: str) -> str:
        return self.detail_zh if lang == "zh" and self.detail_zh else self.detail


@dataclass(frozen=True)
class DesignEvidence:
    """Everything the design document shows; a missing piece carries the reason it is missing."""

    op: object  # analyzers.package.OperatorInfo
    category: str
    narrative: dict
    prototype: str
    gates: tuple[GateRow, ...]
    tbe: dict | None = None  # registration_flow and compute_flow are Bilingual (their edge words)
    tbe_missing: str | Bilingual = ""
    memory: dict | None = None  # migrate/route_check.memory_comparison: raw bytes, stages, Bilingual rule
    memory_missing: str | Bilingual = ""
    routes: dict | None = None  # migrate/route_check.route_table
    routes_missing: str | Bilingual = ""
    files: tuple[tuple[str, bytes], ...] = field(default=())  # charts written beside the design document
    headers: dict | None = None  # the real-headers check (migrate/package_headers.py), when --ascendc was given
    headers_missing: str | Bilingual = Bilingual("the real-headers check was not run", "未对真实 Ascend C 头文件检查")


STAGES = {"before": Bilingual("before", "优化前"), "after": Bilingual("after", "优化后")}
WITH_MAY = Bilingual("{stage}, with the {may} launches under undecided guards", "{stage}（含未判定 guard 下的 {may} 次 kernel 启动）")
GAP_RANGE = Bilingual("{low} (decided path) to {high} (with undecided branches)", "{low}（已判定路径）至 {high}（含未判定分支）")
CHART_TITLE = Bilingual("lifetime {stage}", "{stage}张量生命周期")
PREDICTED = Bilingual("predicted", "预测")
MAY = Bilingual(" (may)", "（可能执行）")


def design_document(evidence: DesignEvidence, lang: str, tool_version: str) -> str:
    """The community requirement form, in Chinese (zh) or English (en)."""
    return render(
        f"design/design_{lang}.md.j2",
        op=evidence.op,
        narrative=evidence.narrative[lang],
        prototype=evidence.prototype,
        gates=gate_rows(evidence.gates, lang),
        tbe=_tbe_view(evidence.tbe, lang),
        tbe_missing=in_lang(evidence.tbe_missing, lang),
        memory=memory_view(evidence.memory, lang),
        memory_missing=in_lang(evidence.memory_missing, lang),
        routes=routes_view(evidence.routes, lang),
        routes_missing=in_lang(evidence.routes_missing, lang),
        headers=evidence.headers,
        headers_missing=in_lang(evidence.headers_missing, lang),
        tool_version=tool_version,
    )


def gate_rows(gates: tuple[GateRow, ...], lang: str) -> list[dict]:
    return [{"name": gate.name, "passed": gate.passed, "detail": gate.detail_in(lang)} for gate in gates]


def _tbe_view(tbe: dict | None, lang: str) -> dict | None:
    if tbe is None:
        return None
    rows = [{**row, "condition": in_lang(row["condition"], lang)} for row in tbe["dtype_rows"]]
    return {**tbe, "dtype_rows": rows, "registration_flow": in_lang(tbe["registration_flow"], lang),
            "compute_flow": in_lang(tbe["compute_flow"], lang)}


def memory_view(memory: dict | None, lang: str) -> dict | None:
    """The memory table in `lang`: stage labels, peaks and traffic in MiB/KiB (exact bytes stay in JSON)."""
    if memory is None:
        return None
    rows = []
    for row in memory["rows"]:
        stage = STAGES[row["stage"]].get(lang)
        label = WITH_MAY.get(lang).format(stage=stage, may=row["may"]) if row["may"] else stage
        rows.append({
            "label": label,
            "formula": row["formula"],
            "peak": _bytes(row["npu_total_bytes"]),
            "extra": _bytes(row["peak_bytes"]),
            "gpu": _bytes(row["gpu_reference_bytes"]),
            "gap": _percent(row["gap"]),
            "launches": "-" if row["launches"] is None else row["launches"],
            "traffic": _bytes(row["traffic_bytes"]),
        })
    after = [_percent(row["gap"]) for row in memory["rows"] if row["stage"] == "after"]
    after_gap = after[0] if len(after) == 1 else GAP_RANGE.get(lang).format(low=after[0], high=after[-1]) if after else "-"
    return {
        "case": memory["case"],
        "soc": memory["soc"],
        "rule": in_lang(memory["rule"], lang),
        "gpu_label": PREDICTED.get(lang),
        "peak_definition": PEAK_DEFINITION[lang],
        "after_gap": after_gap,
        "rows": rows,
        "charts": [{"title": CHART_TITLE.get(lang).format(stage=STAGES[chart["stage"]].get(lang)), "file": chart["file"]}
                   for chart in memory["charts"]],
    }


def routes_view(routes: dict | None, lang: str) -> dict | None:
    """The route table in `lang`: each row's launches as `op@launcher`, conditional ones marked."""
    if routes is None:
        return None
    rows = []
    for row in routes["rows"]:
        tasks = " → ".join(f"{task['op']}@{task['launcher']}" + (MAY.get(lang) if task["may"] else "")
                           for task in row["tasks"]) or "-"
        rows.append({**row, "tasks": tasks})
    return {**routes, "rows": rows}


def _bytes(count: int | None) -> str:
    return "-" if count is None else human_bytes(count)


def _percent(gap: float | None) -> str:
    return "-" if gap is None else f"{gap * 100:.1f}%"


def pr_title(op_name: str, summary_en: str) -> str:
    """The community-task title form: 【社区任务】 followed by a conventional commit subject."""
    return f"【社区任务】feat({op_name}): {summary_en}"


def pr_description(evidence: DesignEvidence, *, design_file: str, issue: str, files: list[str],
                   changes: list[dict] = (), authors: tuple[tuple[str, int], ...] = ()) -> str:
    """The PR body in the repository's template (描述 / 关联的Issue / 测试 / 文档更新 / 类型标签). `files`: the paths
    the branch holds under the op folder; `changes`: for an update of an existing folder, each added (A), modified
    (M) or deleted (D) path; `authors`: who wrote that folder (git log), credited."""
    updated = any(change["status"] in ("M", "D") for change in changes)
    docs = [path for path in files if path == "README.md" or (path.startswith("docs/") and path.endswith(".md"))]
    return render(
        "design/pr_description_zh.md.j2",
        op=evidence.op,
        category=evidence.category,
        gates=gate_rows(evidence.gates, "zh"),
        memory=memory_view(evidence.memory, "zh"),
        headers=evidence.headers,
        headers_missing=in_lang(evidence.headers_missing, "zh"),
        design_file=design_file,
        file_count=len(files),
        issue=issue,
        docs=docs,
        changes=list(changes) if updated else [],
        counts={status: sum(change["status"] == status for change in changes) for status in "AMD"},
        authors=[{"name": name, "commits": commits} for name, commits in authors],
    )


def manifest_text(*, tool_version: str, branch: str, title: str, files, gates: tuple[GateRow, ...],
                  memory: dict | None = None, header_check: dict | None = None, header_check_missing: str | Bilingual = "",
                  changes: list[dict] = (), authors: tuple[tuple[str, int], ...] = ()) -> str:
    """The manifest JSON: every file with its sha256, the tool version, the gate results, the exact memory bytes and
    the real-headers check."""
    return to_json_text(
        {
            "schema": "op-migrate/package-manifest@1",
            "tool_version": tool_version,
            "branch": branch,
            "title": title,
            "gates": [{"name": g.name, "passed": g.passed, "detail": g.detail} for g in gates],
            "memory": None if memory is None else {
                "case": memory["case"], "soc": memory["soc"], "allocation_rule": in_lang(memory["rule"], "en"),
                "rows": memory["rows"],
            },
            "header_check": header_check if header_check is not None else {"not_run": in_lang(header_check_missing, "en")},
            "files": [entry.to_json() for entry in files],
            "changes": list(changes),
            "existing_authors": [{"name": name, "commits": commits} for name, commits in authors],
        }
    )
