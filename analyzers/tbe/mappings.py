"""DSL name -> Ascend C mapping rows of an operator, and the findings they carry (unknown call, no direct API)."""

from __future__ import annotations

from op_migrate.analyzers.findings import Finding
from op_migrate.analyzers.tbe.messages import MESSAGES
from op_migrate.analyzers.tbe.model import DslCall, Mapping


def mapping_finding(mapping: dict, path: str) -> Finding | None:
    """tbe-unknown-dsl-call or tbe-no-direct-ascend-c-api for one mapping row (JSON form), at its first line."""
    if mapping["category"] == "unknown":
        return MESSAGES.make("tbe-unknown-dsl-call", line=mapping["lines"][0], path=path, name=mapping["name"])
    if mapping["category"] == "compute" and not mapping["ascend_c"]:
        return MESSAGES.make("tbe-no-direct-ascend-c-api", line=mapping["lines"][0], path=path, name=mapping["name"],
                             trap=mapping["trap"])
    return None


def build_mappings(calls: tuple[DslCall, ...], dsl_map: dict, resolved: dict) -> tuple[Mapping, ...]:
    lines: dict[str, set[int]] = {}
    for call in calls:
        lines.setdefault(call.name, set()).add(call.line)
    result = []
    for name in sorted(lines, key=lambda n: (min(lines[n]), n)):
        entry = dsl_map.get(name)
        result.append(
            Mapping(
                name=name,
                resolved_as=tuple(resolved.get(name, ())),
                category=entry["category"] if entry else "unknown",
                ascend_c=tuple(entry["ascend_c"]) if entry else (),
                direct=entry["direct"] if entry else None,
                confidence=entry["confidence"] if entry else "unknown",
                trap=entry["trap"] if entry else "not in the catalog",
                lines=tuple(sorted(lines[name])),
            )
        )
    return tuple(result)
