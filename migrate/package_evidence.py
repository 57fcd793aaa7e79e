"""Evidence for a package: the route-policy gate, the design prose, the TBE flowcharts, memory and route tables."""

from __future__ import annotations

import re
import sys
from pathlib import Path

from op_migrate.analyzers.package import OperatorInfo
from op_migrate.analyzers.policy import PolicyError
from op_migrate.analyzers.policy.adapters import EngineUnavailable
from op_migrate.analyzers.tbe import analyse_path
from op_migrate.migrate import route_check
from op_migrate.reports.design_doc import DesignEvidence, GateRow
from op_migrate.reports.tbe_flow import build_chart, compute_charts

if sys.version_info >= (3, 11):
    import tomllib
else:  # pragma: no cover
    import tomli as tomllib

NARRATIVE_KEYS = (
    "source", "background", "description", "breakdown", "external", "modules",
    "host_design", "kernel_design", "precision", "performance", "compatibility",
)


def policy_gate(info: OperatorInfo, folder: Path) -> GateRow:
    """The operator's built-in verify-route policy on its own op_api."""
    return route_check.policy_gate(info.policy, folder / "op_api")


def gather(config, info: OperatorInfo, folder: Path, category: str, gates, headers=None) -> DesignEvidence:
    """Prose from docs/design_facts.toml, plus every model the gates and options make available."""
    facts = tomllib.loads((folder / "docs" / "design_facts.toml").read_text(encoding="utf-8"))
    narrative = {lang: {key: facts[lang][key] for key in NARRATIVE_KEYS} for lang in ("zh", "en")}
    tbe, tbe_missing = _tbe_evidence(config.tbe_source)
    memory, memory_missing, files = None, "no --before chain was given", ()
    if config.before is not None:
        try:
            memory, files = route_check.memory_comparison(info.policy, folder / "op_api", config.before)
            memory_missing = ""
        except (ValueError, EngineUnavailable) as error:
            memory_missing = f"the memory model could not compare the chains: {error}"
    try:
        routes, routes_missing = route_check.route_table(info.policy, folder / "op_api"), ""
    except (PolicyError, EngineUnavailable) as error:
        routes, routes_missing = None, f"policy {info.policy} could not be evaluated: {error}"
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


def _tbe_evidence(path: Path | None) -> tuple[dict | None, str]:
    """The flowcharts and dtype rules of the TBE operator the Ascend C one replaces."""
    if path is None:
        return None, "no --tbe-source was given"
    document = analyse_path(str(path)).to_json()
    if document.get("status") != "analysed":
        return None, f"{path} was not analysed as a TBE operator: {document.get('reason')}"
    rows = [{"input": name, "dtype": entry["dtype"], "condition": entry["condition"] or "-"}
            for name, entries in document["dtypes"].items() for entry in entries]
    charts = compute_charts(document)
    return {
        "path": path.name,
        "mode": document["mode"],
        "pattern": document["pattern"],
        "dtype_rows": rows,
        "aicpu_fallbacks": document["aicpu_fallbacks"],
        "registration_flow": build_chart(document),
        "compute_flow": charts[0]["text"] if charts else "flowchart TD\n    N0[\"no compute function found\"]",
    }, ""


def readme_section(path: Path, title: str) -> str:
    """The body of the `## <title>` section of a Markdown file, up to the next `## ` heading."""
    text = path.read_text(encoding="utf-8")
    match = re.search(rf"^##\s+{re.escape(title)}\s*$(.*?)(?=^##\s|\Z)", text, flags=re.M | re.S)
    return match.group(1).strip() if match else f"(README.md has no {title} section)"
