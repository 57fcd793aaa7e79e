"""Evidence for a package: the route-policy gate, the design prose, the TBE flowcharts, memory and route tables."""

from __future__ import annotations

import re
import sys
from pathlib import Path

from op_migrate.analyzers.package import OperatorInfo
from op_migrate.analyzers.policy import PolicyError
from op_migrate.analyzers.policy.adapters import EngineUnavailable
from op_migrate.analyzers.proto.model import split_remap
from op_migrate.analyzers.tbe import analyse_path
from op_migrate.migrate import route_check
from op_migrate.reports.design_doc import Bilingual, DesignEvidence, GateRow
from op_migrate.reports.tbe_flow import build_chart, compute_charts

if sys.version_info >= (3, 11):
    import tomllib
else:  # pragma: no cover
    import tomli as tomllib

NARRATIVE_KEYS = (
    "source", "background", "description", "breakdown", "external", "modules",
    "host_design", "kernel_design", "precision", "performance", "compatibility",
)
# ops/common/doc_figures.py marks each generated figure in the facts; the design document shows the figure only.
_FIGURE_MARK = re.compile(r"<!-- (?:fig:[\w.-]+|/fig) -->")


def _unmarked(value):
    if isinstance(value, str):
        return _FIGURE_MARK.sub("", value)
    return [_unmarked(item) for item in value] if isinstance(value, list) else value


def policy_gate(info: OperatorInfo, folder: Path) -> GateRow:
    """The operator's built-in verify-route policy on its own op_api."""
    return route_check.policy_gate(info.policy, folder / "op_api")


def gather(config, info: OperatorInfo, folder: Path, category: str, gates, headers=None) -> DesignEvidence:
    """Prose from docs/design_facts.toml, plus every model the gates and options make available."""
    facts = tomllib.loads((folder / "docs" / "design_facts.toml").read_text(encoding="utf-8"))
    narrative = {lang: {key: _unmarked(facts[lang][key]) for key in NARRATIVE_KEYS} for lang in ("zh", "en")}
    tbe, tbe_missing = _tbe_evidence(config.tbe_source)
    memory, memory_missing, files = None, Bilingual("no --before chain was given", "未给出 --before（原调用链）"), ()
    if config.before is not None:
        try:
            memory, files = route_check.memory_comparison(info.policy, folder / "op_api", config.before)
            memory_missing = ""
        except (ValueError, EngineUnavailable) as error:
            memory_missing = Bilingual(f"the memory model could not compare the chains: {error}",
                                       f"内存模型无法比较两条调用链：{error}")
    try:
        routes, routes_missing = route_check.route_table(info.policy, folder / "op_api"), ""
    except (PolicyError, EngineUnavailable) as error:
        routes, routes_missing = None, Bilingual(f"policy {info.policy} could not be evaluated: {error}",
                                                 f"策略 {info.policy} 无法评估：{error}")
    return DesignEvidence(
        op=info,
        category=category,
        narrative=narrative,
        prototype=readme_section(folder / "README.md", "参数说明"),
        gates=tuple(gates),
        tbe=tbe,
        tbe_missing=tbe_missing,
        memory=memory,
        memory_missing=memory_missing,
        routes=routes,
        routes_missing=routes_missing,
        files=files,
        **({"headers": headers.report, "headers_missing": headers.missing} if headers else {}),
    )


def _tbe_evidence(path: Path | None) -> tuple[dict | None, str | Bilingual]:
    """The flowcharts and dtype rules of the TBE operator the Ascend C one replaces."""
    if path is None:
        return None, Bilingual("no --tbe-source was given", "未给出 --tbe-source")
    document = analyse_path(str(path)).to_json()
    if document.get("status") != "analysed":
        return None, Bilingual(f"{path} was not analysed as a TBE operator: {document.get('reason')}",
                               f"{path} 未能按 TBE 算子分析：{document.get('reason')}")
    rows = [{"input": name, "dtype": entry["dtype"], "condition": dtype_condition(entry["condition"])}
            for name, entries in document["dtypes"].items() for entry in entries]
    charts = {lang: compute_charts(document, lang) for lang in ("en", "zh")}
    no_compute = Bilingual("no compute function found", "未找到 compute 函数")
    return {
        "path": path.name,
        "mode": document["mode"],
        "pattern": document["pattern"],
        "dtype_rows": rows,
        "aicpu_fallbacks": document["aicpu_fallbacks"],
        "registration_flow": Bilingual(build_chart(document, "en"), build_chart(document, "zh")),
        "compute_flow": Bilingual(*(charts[lang][0]["text"] if charts[lang] else f'flowchart TD\n    N0["{no_compute.get(lang)}"]'
                                    for lang in ("en", "zh"))),
    }, ""


def dtype_condition(condition: str | None) -> str | Bilingual:
    """A dtype row's condition: the quoted TBE code, its remap note said in each document's language."""
    if not condition:
        return "-"
    remapped = split_remap(condition)
    if remapped is None:
        return condition
    code, target = remapped
    return Bilingual(condition, f"{code}（检查前先映射为 {target}）")


def readme_section(path: Path, title: str) -> str:
    """The body of the `## <title>` section of a Markdown file, up to the next `## ` heading."""
    text = path.read_text(encoding="utf-8")
    match = re.search(rf"^##\s+{re.escape(title)}\s*$(.*?)(?=^##\s|\Z)", text, flags=re.M | re.S)
    return match.group(1).strip() if match else f"(README.md has no {title} section)"
