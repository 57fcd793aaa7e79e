"""Evidence for a package: the route-policy gate, the design prose, the TBE flowcharts, memory and route tables."""

from __future__ import annotations

import re
import sys
from pathlib import Path

from analyzers.package import OperatorInfo
from reports.design_doc import DesignEvidence, GateRow

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
    try:
        from migrate import route_check
    except ImportError:
        return GateRow("route-policy", False, "the verify-route engine is not available in this build")
    return route_check.policy_gate(info.policy, folder / "op_api")


def gather(config, info: OperatorInfo, folder: Path, category: str, gates) -> DesignEvidence:
    facts = tomllib.loads((folder / "docs" / "design_facts.toml").read_text(encoding="utf-8"))
    narrative = {lang: {key: facts[lang][key] for key in NARRATIVE_KEYS} for lang in ("zh", "en")}
    return DesignEvidence(
        op=info,
        category=category,
        narrative=narrative,
        prototype=readme_section(folder / "README.md", "参数说明"),
        gates=tuple(gates),
        tbe_missing="no --tbe-source was given",
        memory_missing="no --before chain was given",
        routes_missing="the route table comes with the verify-route engine",
    )


def readme_section(path: Path, title: str) -> str:
    """The body of the `## <title>` section of a Markdown file, up to the next `## ` heading."""
    text = path.read_text(encoding="utf-8")
    match = re.search(rf"^##\s+{re.escape(title)}\s*$(.*?)(?=^##\s|\Z)", text, flags=re.M | re.S)
    return match.group(1).strip() if match else f"(README.md has no {title} section)"
