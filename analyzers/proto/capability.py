"""Merge TBE check lists, the REG_OP prototype and per-SoC op-info into one dtype x format table per SoC."""

from __future__ import annotations

from op_migrate.analyzers.proto.messages import MESSAGES
from op_migrate.analyzers.proto.model import Capability, CapabilityRow, OpInfo, Proto

NO_OPINFO = "(no op-info)"


def _inputs(proto: Proto | None):
    if proto is None:
        return []
    return [p for p in proto.params if p.role in ("input", "optional_input", "dynamic_input")]


def merge(
    op_type: str,
    tbe_inputs: list[str],
    tbe_dtypes: dict,
    proto: Proto | None,
    opinfos: list[OpInfo],
    sources: tuple[dict, ...] = (),
) -> Capability:
    """tbe_dtypes: input name -> [(dtype, condition or None)], in entry-parameter order; inputs align by position."""
    proto_inputs = _inputs(proto)
    findings = []
    socs: dict[str, list[CapabilityRow]] = {}
    count = max(len(tbe_inputs), len(proto_inputs), *(len([p for p in o.params if p.index.startswith("input")]) for o in opinfos), 0)
    for proto_param in proto_inputs:
        if proto_param.type_set and not proto_param.dtypes:
            findings.append(MESSAGES.make("proto-unknown-type-set", op_type=op_type, param=proto_param.name, name=proto_param.type_set))
    for info in opinfos or [None]:
        soc = info.soc if info else NO_OPINFO
        info_inputs = [p for p in info.params if p.index.startswith("input")] if info else []
        rows = []
        for position in range(count):
            tbe_name = tbe_inputs[position] if position < len(tbe_inputs) else None
            proto_param = proto_inputs[position] if position < len(proto_inputs) else None
            info_param = info_inputs[position] if position < len(info_inputs) else None
            name = (proto_param.name if proto_param else None) or (info_param.name if info_param else None) or tbe_name
            tbe_entries = {d: c for d, c in tbe_dtypes.get(tbe_name, [])} if tbe_name else {}
            proto_known = proto_param is not None and (proto_param.dtypes or not proto_param.type_set)
            proto_set = set(proto_param.dtypes) if proto_param else set()
            info_set = list(info_param.dtypes) if info_param else []
            ordered = list(dict.fromkeys([*tbe_entries, *info_set, *(proto_param.dtypes if proto_param else ())]))
            for dtype in ordered:
                tbe = _tbe_status(tbe_entries, dtype)
                in_proto = "yes" if dtype in proto_set else ("no" if proto_known else "unknown")
                in_info = "unknown" if info is None or info_param is None else ("yes" if dtype in info_set else "no")
                formats = tuple(
                    dict.fromkeys(
                        info_param.formats[i] for i, d in enumerate(info_param.dtypes) if d == dtype and i < len(info_param.formats)
                    )
                ) if info_param else ()
                rows.append(CapabilityRow(param=name, dtype=dtype, formats=formats, tbe=tbe, proto=in_proto, opinfo=in_info,
                                          runs_on=_runs_on(tbe, in_proto, in_info)))
                findings.extend(_disagreements(op_type, soc, name, dtype, tbe, in_proto, in_info))
        socs[soc] = rows
    return Capability(op_type=op_type, sources=sources, socs=socs, findings=tuple(findings))


def _tbe_status(entries: dict, dtype: str) -> str:
    if not entries:
        return "unknown"
    if dtype not in entries:
        return "no"
    condition = entries[dtype]
    return f"if {condition}" if condition else "yes"


def _runs_on(tbe: str, proto: str, opinfo: str) -> str:
    if opinfo == "yes":
        if tbe == "no":
            return "rejected"
        return "AI Core" if tbe == "yes" else ("AI Core (conditional)" if tbe.startswith("if ") else "AI Core (TBE unchecked)")
    if opinfo == "no":
        return "AI CPU" if proto == "yes" else "unsupported"
    if tbe == "no":
        return "rejected"
    return "unknown"


def _disagreements(op_type, soc, param, dtype, tbe, proto, opinfo):
    if soc == NO_OPINFO:
        return []
    fields = {"op_type": op_type, "soc": soc, "param": param, "dtype": dtype}
    found = []
    if proto == "yes" and opinfo == "no":
        found.append(MESSAGES.make("proto-dtype-not-in-opinfo", **fields))
    if opinfo == "yes" and proto == "no":
        found.append(MESSAGES.make("opinfo-dtype-not-in-proto", **fields))
    if opinfo == "yes" and tbe == "no":
        found.append(MESSAGES.make("opinfo-dtype-rejected-by-tbe", condition="", **fields))
    if opinfo == "no" and (tbe == "yes" or tbe.startswith("if ")):
        found.append(MESSAGES.make("tbe-dtype-not-in-opinfo", **fields))
    return found
