"""The dtype x format combinations an operator registers on each SoC, kept together as the op-info lists them."""

from __future__ import annotations

from dataclasses import dataclass

from op_migrate.analyzers.proto.model import OpInfo
from op_migrate.analyzers.proto.sources import CapabilitySources


@dataclass(frozen=True)
class Combination:
    """Column i of an op-info entry: one dtype and one format per port."""

    dtypes: tuple[tuple[str, str], ...]  # (port id, dtype) in port order, inputs first; ids are input0 / output0
    formats: tuple[tuple[str, str], ...]

    def dtype_map(self) -> dict[str, str]:
        return dict(self.dtypes)

    def label(self) -> str:
        values = [d for _, d in self.dtypes]
        return values[0] if len(set(values)) == 1 else "_".join(values)


@dataclass(frozen=True)
class SocCombinations:
    soc: str  # op-info spelling, e.g. ascend910b
    source: str
    ports: tuple[tuple[str, str, str, str], ...]  # (port id, name, role, paramType): an input and an output may
    # share a name (var of ApplyAdagradD is both), the id never
    combinations: tuple[Combination, ...]
    flags: dict


class CombinationError(ValueError):
    """The op-info does not give combinations the scaffold can use."""


def combinations_of(info: OpInfo) -> SocCombinations:
    params = [p for p in info.params if p.declared]
    if not params:
        raise CombinationError(f"{info.op_type}: the op-info of {info.soc} declares no dtypes (op_select_format decides)")
    widths = {len(p.dtypes) for p in params}
    if len(widths) != 1:
        raise CombinationError(f"{info.op_type}: the op-info of {info.soc} lists {sorted(widths)} dtypes per port")
    count = widths.pop()
    combos = []
    seen = set()
    for column in range(count):
        dtypes = tuple((p.index, p.dtypes[column]) for p in params)
        formats = tuple((p.index, p.formats[column] if column < len(p.formats) else "ND") for p in params)
        if (dtypes, formats) in seen:
            continue
        seen.add((dtypes, formats))
        combos.append(Combination(dtypes=dtypes, formats=formats))
    ports = tuple((p.index, p.name, "input" if p.index.startswith("input") else "output", p.param_type or "required")
                  for p in params)
    return SocCombinations(soc=info.soc, source=info.path, ports=ports, combinations=tuple(combos), flags=info.flags)


def registered(sources: CapabilitySources, op_type: str, socs: list[str], select=None) -> dict[str, SocCombinations]:
    """SoC (op-info spelling) -> its combinations; a SoC whose op-info lacks the op is absent. `select(info)` gives
    the combinations of an entry that declares no dtypes (op_select_format decides them)."""
    entries = sources.aicore(op_type)
    result = {}
    for soc in socs:
        info = entries.get(soc)
        if info is None:
            continue
        if select is not None and not any(p.declared for p in info.params):
            result[soc] = select(info)
        else:
            result[soc] = combinations_of(info)
    return result
