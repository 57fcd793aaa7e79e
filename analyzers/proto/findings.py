"""Findings of the capability matrix, one per fact: (kind, dtype) with every port and SoC the fact holds for."""

from __future__ import annotations

from op_migrate.analyzers.proto.dtype_names import dtype_sort_key
from op_migrate.analyzers.proto.messages import MESSAGES
from op_migrate.analyzers.proto.model import AicpuKernel, CapabilityFinding, KernelChecks, MatrixRow, OpInfo, Proto
from op_migrate.analyzers.proto.ports import kernel_port

_ORDER = (
    "opinfo-dtype-rejected-by-tbe",
    "proto-dtype-unsupported",
    "proto-dtype-not-in-opinfo",
    "opinfo-dtype-not-in-proto",
    "opinfo-port-not-in-proto",
    "tbe-dtype-not-in-opinfo",
    "tbe-bool-as-int8",
)
# Above this many exceptions the phrase lists the SoCs the fact holds for instead.
_EXCEPT_LIMIT = 4


def where(held: list[str], covered: list[str]) -> str:
    """"on all 16 SoCs", "on 15 SoCs (all except sd3403)", "on ascend910b, ascend910_93"; only names from `covered`."""
    held = [soc for soc in covered if soc in held]
    if len(covered) == 1 or len(held) == 1 and len(covered) > 1 and len(covered) - 1 > _EXCEPT_LIMIT:
        return "on " + ", ".join(held)
    if len(held) == len(covered):
        return f"on all {len(covered)} SoCs"
    missing = [soc for soc in covered if soc not in held]
    if len(missing) <= _EXCEPT_LIMIT and len(missing) < len(held):
        return f"on {len(held)} SoCs (all except {', '.join(missing)})"
    return "on " + ", ".join(held)


def grouped_findings(
    op_type: str,
    rows: tuple[MatrixRow, ...],
    socs: list[str],
    proto: Proto | None,
    aicore: dict[str, OpInfo],
    aicpu: list[AicpuKernel],
    ports: list[tuple[str, int, str]],
    kernels: dict[str, KernelChecks],
    type_set_source: str = "the type-set table",
    type_set_names: tuple[str, ...] = (),
) -> tuple[CapabilityFinding, ...]:
    """Walk every cell once; facts with the same kind, dtype, details and SoCs name their ports together.

    kernels: implementation path -> its checks (cells name the implementation they were checked against).
    """
    facts: dict[tuple, dict] = {}
    positions = {(role, name): position for role, position, name in ports}

    def hold(symbol: str, dtype: str | None, port: str, soc: str, kernel: str | None = None, **details) -> None:
        key = (symbol, dtype, port, tuple(sorted(details.items())))
        fact = facts.setdefault(key, {"socs": [], "details": details, "kernels": []})
        fact["socs"].append(soc)
        if kernel and kernel not in fact["kernels"]:
            fact["kernels"].append(kernel)  # the implementation whose check the fact is about

    absent = [soc for soc in socs if soc not in aicore]
    for row in rows:
        for soc in socs:
            cell = row.cells[soc]
            has_entry = soc in aicore
            if cell.engine == "AI Core":
                kernel = kernels.get(cell.kernel or "")
                if cell.tbe == "no":
                    accepted = _accepted(kernel, row, positions)
                    hold("opinfo-dtype-rejected-by-tbe", row.dtype, row.port, soc, cell.kernel, kind=_kind(kernel),
                         verb=f"accepts only {accepted}")
                elif cell.tbe.startswith("as int8"):
                    hold("tbe-bool-as-int8", row.dtype, row.port, soc, cell.kernel, kind=_kind(kernel), verb="checks")
                if row.proto == "no":
                    hold("opinfo-dtype-not-in-proto", row.dtype, row.port, soc)
                elif row.proto == "no port":
                    hold("opinfo-port-not-in-proto", row.dtype, row.port, soc, role=row.role)
            elif cell.engine in ("AI CPU", "none"):
                if row.proto == "yes" and cell.engine == "none" and (has_entry or aicpu):
                    hold("proto-dtype-unsupported", row.dtype, row.port, soc, aicpu=_aicpu_phrase(aicpu, row))
                elif row.proto == "yes" and has_entry:
                    hold("proto-dtype-not-in-opinfo", row.dtype, row.port, soc, library=cell.library)
                if has_entry and (cell.tbe == "yes" or cell.tbe.startswith("if ")):
                    condition = f" ({cell.tbe})" if cell.tbe.startswith("if ") else ""
                    hold("tbe-dtype-not-in-opinfo", row.dtype, row.port, soc, cell.kernel, kind=_kind(kernels.get(cell.kernel or "")),
                         condition=condition, verb="accepts")
    facts = _one_per_fact(facts, socs)
    # Ports sharing a fact on the same SoCs are named together, then dtypes sharing it on the same ports and SoCs.
    by_ports: dict[tuple, dict] = {}
    for (symbol, dtype, port, detail_key), fact in facts.items():
        key = (symbol, dtype, detail_key, tuple(fact["socs"]))
        group = by_ports.setdefault(key, {"ports": [], "details": fact["details"], "socs": fact["socs"], "kernels": []})
        group["ports"].append(port)
        group["kernels"] += [k for k in fact["kernels"] if k not in group["kernels"]]
    merged: dict[tuple, dict] = {}
    for (symbol, dtype, detail_key, held), group in by_ports.items():
        key = (symbol, detail_key, held, tuple(group["ports"]))
        target = merged.setdefault(key, {**group, "dtypes": [], "kernels": list(group["kernels"])})
        target["dtypes"].append(dtype)
        target["kernels"] += [k for k in group["kernels"] if k not in target["kernels"]]
    findings = [_finding(op_type, symbol, group, socs, rows) for (symbol, _, _, _), group in merged.items()]
    findings.sort(key=lambda f: (_ORDER.index(f.symbol), f.ports, [dtype_sort_key(d) for d in f.dtypes]))
    if absent and len(absent) == len(socs) and not aicpu and proto is None:
        finding = MESSAGES.make("opinfo-op-unknown", op_type=op_type)
        findings.append(CapabilityFinding(symbol=finding.symbol, message=finding.message, severity=finding.severity.value,
                                          dtypes=(), ports=(), socs=tuple(absent)))
    elif absent:
        findings.append(_absent(op_type, absent, socs, aicpu))
    findings += _unknown_sets(op_type, proto, type_set_source, type_set_names)
    return tuple(findings)


def _one_per_fact(facts: dict[tuple, dict], socs: list[str]) -> dict[tuple, dict]:
    """One entry per (kind, dtype, port): the implementations a fact holds for (static on some SoCs, dynamic on
    others) are named in its `kernel` phrase with their SoCs, instead of one finding each."""
    variants: dict[tuple, list[dict]] = {}
    for (symbol, dtype, port, _), fact in facts.items():
        variants.setdefault((symbol, dtype, port), []).append(fact)
    merged = {}
    for (symbol, dtype, port), found in variants.items():
        held = [soc for soc in socs if any(soc in fact["socs"] for fact in found)]
        details = _merged_details(found, socs)
        kernels = list(dict.fromkeys(k for fact in found for k in fact["kernels"]))
        merged[(symbol, dtype, port, tuple(sorted(details.items())))] = {"socs": held, "details": details, "kernels": kernels}
    return merged


def _merged_details(found: list[dict], socs: list[str]) -> dict:
    if "kind" in found[0]["details"]:
        def subject(details: dict) -> str:
            return f"the {details['kind']} kernel{details.get('condition', '')}"

        if len(found) == 1:
            return {"kernel": f"{subject(found[0]['details'])} {found[0]['details']['verb']}"}
        parts = [f"{subject(fact['details'])} ({where(fact['socs'], socs)})" for fact in found]
        verbs = [fact["details"]["verb"] for fact in found]
        if len(set(verbs)) == 1:
            return {"kernel": " and ".join(parts) + f" {_plural(verbs[0])}"}
        return {"kernel": " and ".join(f"{part} {verb}" for part, verb in zip(parts, verbs))}
    if len(found) == 1:
        return dict(found[0]["details"])
    # The same kind with other details on other SoCs: each value with where it holds.
    fields = dict.fromkeys(name for fact in found for name in fact["details"])
    return {name: "; ".join(f"{fact['details'].get(name, '')} ({where(fact['socs'], socs)})" for fact in found) for name in fields}


def _plural(verb: str) -> str:
    """"accepts" -> "accept", "checks" -> "check" (the subject names several kernels)."""
    head, _, rest = verb.partition(" ")
    return (head[:-1] if head.endswith("s") else head) + (f" {rest}" if rest else "")


def _finding(op_type, symbol, group, covered, rows) -> CapabilityFinding:
    details = dict(group["details"])
    dtypes = sorted(group["dtypes"], key=dtype_sort_key)
    fields = {"op_type": op_type, "ports": ", ".join(group["ports"]), "dtype": ", ".join(dtypes), "where": where(group["socs"], covered)}
    if symbol == "opinfo-dtype-not-in-proto":
        details["proto"] = "it lists " + (", ".join(_proto_dtypes(rows, group["ports"][0])) or "none")
    finding = MESSAGES.make(symbol, **fields, **details)
    return CapabilityFinding(
        symbol=symbol,
        message=finding.message,
        severity=finding.severity.value,
        dtypes=tuple(dtypes),
        ports=tuple(group["ports"]),
        socs=tuple(soc for soc in covered if soc in group["socs"]),
        path=group["kernels"][0] if group.get("kernels") else None,
    )


def _absent(op_type, absent, covered, aicpu) -> CapabilityFinding:
    libraries = ", ".join(dict.fromkeys(k.library for k in aicpu))
    outcome = f"AI CPU ({libraries}) runs the dtypes its kernels declare" if aicpu else "no AI CPU kernel either: it does not run there"
    finding = MESSAGES.make("opinfo-op-not-on-soc", op_type=op_type, where=where(absent, covered), outcome=outcome)
    return CapabilityFinding(symbol=finding.symbol, message=finding.message, severity=finding.severity.value, dtypes=(),
                             ports=(), socs=tuple(absent))


def _unknown_sets(op_type, proto, source, names=()) -> list[CapabilityFinding]:
    found = []
    for param in proto.params if proto is not None else ():
        if param.type_set:
            # REG_OP(ExtractVolumePatches) writes REALNUMBERTYPE(); the header defines RealNumberType().
            near = [name for name in names if name.lower() == param.type_set.lower() and name != param.type_set]
            hint = f" (it defines {near[0]})" if near else ""
            finding = MESSAGES.make("proto-unknown-type-set", op_type=op_type, param=param.name, name=param.type_set,
                                    source=source, hint=hint)
            found.append(CapabilityFinding(symbol=finding.symbol, message=finding.message, severity=finding.severity.value,
                                           dtypes=(), ports=(param.name,), socs=()))
    return found


def _accepted(kernel: KernelChecks | None, row: MatrixRow, positions: dict) -> str:
    port = kernel_port(kernel, row.role, positions[(row.role, row.port)])
    entries = kernel.dtypes.get(port, ()) if kernel is not None and port else ()
    # A dtype accepted under a condition says so: that condition is what fails on these SoCs.
    names = [f"{dtype} (if {condition})" if condition else dtype for dtype, condition in entries]
    return ", ".join(names) if names else "other dtypes"


def _kind(kernel: KernelChecks | None) -> str:
    """"static TBE DSL", "dynamic TIK": which implementation a fact is about."""
    if kernel is None:
        return "TBE"
    return f"{kernel.mode} {kernel.kind}" if kernel.mode else kernel.kind


def _proto_dtypes(rows, port) -> list[str]:
    return [row.dtype for row in rows if row.port == port and row.proto == "yes"]


def _aicpu_phrase(aicpu: list[AicpuKernel], row: MatrixRow) -> str:
    if not aicpu:
        return "no AI CPU kernel exists for the op"
    parts = []
    for kernel in aicpu:
        same_role = [p for p in kernel.params if p.index.startswith(row.role)]
        param = next((p for p in same_role if p.name == row.port), None)
        declared = ", ".join(param.dtypes) if param is not None else "no such port"
        parts.append(f"{kernel.library} declares {declared}")
    return "; ".join(parts)
