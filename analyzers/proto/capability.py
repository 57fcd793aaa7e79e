"""The capability matrix: (port, dtype) x SoC -> AI Core / AI CPU / nothing, from op-info, AI CPU configs and the kernel.

Per SoC a dtype runs on AI Core when that SoC's AI Core op-info declares it for the port, else on AI CPU when an
AI CPU kernel declares it, else nowhere. The kernel's own dtype check and check_supported say whether the AI Core
answer holds; disagreements become findings, one per fact, naming every port and SoC it holds for.
"""

from __future__ import annotations

from op_migrate.analyzers.proto.dtype_names import dtype_sort_key
from op_migrate.analyzers.proto.findings import grouped_findings
from op_migrate.analyzers.proto.combinations import build_combinations, fallback_notes
from op_migrate.analyzers.proto.model import AicpuKernel, CapabilityMatrix, Cell, KernelChecks, MatrixRow, OpInfo, Proto
from op_migrate.analyzers.proto.ports import (
    PROTO_INPUTS,
    PROTO_OUTPUTS,
    aicpu_param,
    kernel_port,
    opinfo_param,
    ports_of,
    proto_param,
    proto_says,
    tbe_status,
)


def build_matrix(
    op_type: str,
    *,
    proto: Proto | None,
    aicore: dict[str, OpInfo],
    aicpu: list[AicpuKernel],
    kernels: dict[str, KernelChecks | None],
    socs: list[str],
    narrowed: bool = False,
    sources: tuple[dict, ...] = (),
    dtype_facts: dict[str, str] | None = None,
    fallback_kernel: KernelChecks | None = None,
    type_set_source: str = "the type-set table",
    type_set_names: tuple[str, ...] = (),
    selector=None,
    platform=None,
) -> CapabilityMatrix:
    """The matrix over `socs` (the columns); kernels[soc] is the implementation that SoC compiles.

    dtype_facts narrows rows: port -> dtype, "*" -> the dtype of every port that can take it.
    selector(soc, ports): what op_select_format returns on a SoC whose op-info declares no dtypes
    (analyzers.proto.select_facts), asked once per such SoC.
    """
    ports = ports_of(proto, aicore, kernels, fallback_kernel)
    selected = _selections(selector, ports, aicore, socs)
    rows = []
    for role, position, name in ports:
        taken = frozenset(n for r, _, n in ports if r == role and n != name)
        prototype = proto_param(proto, role, position) if position < _proto_count(proto, role) else None
        cpu = _aicpu_by_dtype(aicpu, role, position, name, taken)
        declared = {soc: opinfo_param(aicore.get(soc), role, position, name, taken) for soc in socs}
        index = ports.index((role, position, name))
        chosen = {soc: _selected_dtypes(selected.get(soc), index) for soc in socs}
        extra = [d for found in chosen.values() if found for d in found]
        for dtype in _row_dtypes(role, position, name, taken, prototype, aicore, aicpu, kernels, fallback_kernel, extra):
            if not _wanted(name, dtype, dtype_facts, ports, proto, aicore, aicpu, kernels):
                continue
            cells = {
                soc: _cell(soc, role, position, dtype, aicore.get(soc), declared[soc], cpu.get(dtype),
                           kernels.get(soc, fallback_kernel), name, platform, selected.get(soc), chosen[soc])
                for soc in socs
            }
            says = "no port" if proto is not None and prototype is None else proto_says(prototype, dtype)
            rows.append(MatrixRow(port=name, role=role, dtype=dtype, proto=says, cells=cells))
    rows = tuple(rows)
    combinations, aicpu_beyond = build_combinations(ports, socs, aicore, aicpu, kernels, fallback_kernel, selected.get, platform)
    if dtype_facts:
        combinations = tuple(c for c in combinations if _combination_wanted(c, dtype_facts))
    checked = {k.path: k for k in [*kernels.values(), fallback_kernel] if k is not None}
    findings = grouped_findings(op_type, rows, socs, proto, aicore, aicpu, ports, checked, type_set_source, type_set_names)
    return CapabilityMatrix(
        op_type=op_type,
        socs=tuple(socs),
        narrowed=narrowed,
        rows=rows,
        groups=column_groups(rows, socs),
        sources=sources,
        findings=findings,
        combinations=combinations,
        combination_groups=column_groups(combinations, socs),
        aicpu_beyond=aicpu_beyond,
    )


def _combination_wanted(combination, facts: dict) -> bool:
    """--dtype narrows combinations as it narrows rows: a named port must hold its dtype; a bare dtype, every port
    that can take it."""
    for label, dtype in combination.dtypes.items():
        port = label.split(" (", 1)[0]
        if dtype is not None and port in facts and dtype != facts[port]:
            return False
    return "*" not in facts or facts["*"] in combination.dtypes.values()


def column_groups(rows, socs: list[str]) -> tuple[tuple[str, ...], ...]:
    """SoCs whose columns hold the same cells, in the order their first member appears (rows: MatrixRow or
    CombinationRow, anything with cells by SoC)."""
    groups: dict[tuple, list[str]] = {}
    for soc in socs:
        # Each SoC has its own op-info file: columns are the same when they say the same, whatever the file.
        key = tuple((c.engine, c.library, c.tbe, c.kernel, c.notes) for c in (row.cells[soc] for row in rows))
        groups.setdefault(key, []).append(soc)
    return tuple(tuple(members) for members in groups.values())


def _proto_count(proto, role: str) -> int:
    roles = PROTO_INPUTS if role == "input" else PROTO_OUTPUTS
    return sum(1 for p in proto.params if p.role in roles) if proto is not None else 0


def _selections(selector, ports, aicore: dict, socs: list[str]) -> dict:
    """SoC -> what op_select_format returns there, for the SoCs whose op-info leaves a port's dtypes to it."""
    found = {}
    for soc in socs:
        info = aicore.get(soc)
        if info is not None and any(not p.declared for p in info.params):
            found[soc] = selector(soc, ports) if selector is not None else {"reason": "op_select_format was not read"}
    return found


def _selected_dtypes(selection: dict | None, index: int) -> list[str] | None:
    """The dtypes op_select_format returns for the port at `index` on a SoC; None when it was not read."""
    if not selection or "combinations" not in selection:
        return None
    return list(dict.fromkeys(dtypes[index] for dtypes, _ in selection["combinations"] if dtypes[index]))


def _row_dtypes(role, position, name, taken, prototype, aicore, aicpu, kernels, fallback, extra=()) -> list[str]:
    found: list[str] = list(extra)
    if prototype is not None:
        found += prototype.dtypes
    declared_anywhere = set(found)
    for info in aicore.values():
        param = opinfo_param(info, role, position, name, taken)
        if param is not None:
            found += param.dtypes
            declared_anywhere.update(param.dtypes)
    for kernel in aicpu:
        param = aicpu_param(kernel, role, position, name, taken)
        if param is not None:
            found += param.dtypes
            declared_anywhere.update(param.dtypes)
    for kernel in {id(k): k for k in [*kernels.values(), fallback] if k is not None}.values():
        port = kernel_port(kernel, role, position)
        for dtype, _ in kernel.dtypes.get(port, ()) if port else ():
            # int8 that only stands for bool (the framework's storage of bool) is the bool row, not a row of its own.
            if dtype == "int8" and kernel.bool_as_int8 and "bool" in declared_anywhere and "int8" not in declared_anywhere:
                continue
            found.append(dtype)
    return sorted(dict.fromkeys(found), key=dtype_sort_key)


def _wanted(name, dtype, facts, ports, proto, aicore, aicpu, kernels) -> bool:
    if not facts:
        return True
    if name in facts:
        return dtype == facts[name]
    if "*" not in facts:
        return True
    wanted = facts["*"]
    # A bare --dtype is the dtype of the data ports; a port that cannot take it (axes: int32/int64) keeps its rows.
    role, position = next((r, p) for r, p, n in ports if n == name)
    taken = frozenset(n for r, _, n in ports if r == role and n != name)
    can_take = wanted in _row_dtypes(role, position, name, taken, proto_param(proto, role, position), aicore, aicpu,
                                     kernels, None)
    return dtype == wanted if can_take else True


def _cell(soc, role, position, dtype, info, param, cpu: tuple[str, str, tuple[str, ...]] | None, kernel, name,
          platform=None, selection: dict | None = None, chosen: list[str] | None = None) -> Cell:
    """param: the SoC's op-info entry for this port; cpu: (libraries, config paths, notes) of the AI CPU kernels
    that declare this dtype at this port, or None; selection / chosen: what op_select_format returns on this SoC
    (all of it, and this port's dtypes) where the op-info leaves the dtypes to it."""
    tbe = tbe_status(kernel, role, position, dtype, soc, platform)
    kernel_path = kernel.path if kernel is not None else None
    if param is not None and not param.declared:
        if chosen is not None and dtype in chosen:
            return Cell(engine="AI Core", library=None, source=info.path, tbe=tbe, kernel=kernel_path,
                        notes=(f"op_select_format{_module_of(selection)} returns it for this port",))
        reason = (selection or {}).get("reason") or (selection or {}).get("unknown")
        if chosen is None or reason:
            return Cell(engine="unknown", library=None, source=info.path, tbe=tbe, kernel=kernel_path,
                        notes=(f"the op-info leaves the dtypes to op_select_format: {reason or 'it was not read'}",))
        param = None  # op_select_format does not return it here: AI CPU or nothing
    if param is not None and dtype in param.dtypes:
        notes = [f"the op-info calls this {role} {param.name} ({param.index})"] if param.name != name else []
        if tbe.startswith("if ") or tbe.startswith("as int8 if "):
            notes.append(f"the kernel accepts it only {tbe[tbe.index('if '):]}")
        check_supported = str(info.flags.get("needCheckSupport.flag", "")).lower() == "true"
        if role == "input" and kernel is not None and kernel.fallbacks and check_supported:
            notes += _fallback_notes(kernel, soc, role, position, dtype, cpu[0] if cpu else None, platform)
        return Cell(engine="AI Core", library=None, source=info.path, tbe=tbe, kernel=kernel_path, notes=tuple(notes))
    if cpu is not None:
        return Cell(engine="AI CPU", library=cpu[0], source=cpu[1], tbe=tbe, kernel=kernel_path, notes=cpu[2])
    return Cell(engine="none", library=None, source=None, tbe=tbe, kernel=kernel_path)


def _module_of(selection: dict | None) -> str:
    """" of <static module>" when op_select_format was read from the static twin of the compiled file."""
    return f" of {selection['module']}" if selection and selection.get("module") else ""


def _fallback_notes(kernel: KernelChecks, soc: str, role: str, position: int, dtype: str, libraries: str | None,
                    platform=None) -> list[str]:
    """check_supported paths that can hand this dtype to AI CPU on this SoC.

    A dtype test of this input, or of an input the kernel requires to share its dtype, is decided by the row's dtype.
    """
    port = kernel_port(kernel, role, position)
    same = {port} | {b for a, b in kernel.equalities if a == port} | {a for a, b in kernel.equalities if b == port}

    def dtype_of(param):
        return dtype if param is None or param in same else None

    return fallback_notes(kernel, soc, platform, dtype_of, libraries)


def _aicpu_by_dtype(aicpu: list[AicpuKernel], role: str, position: int, name: str,
                    taken: frozenset = frozenset()) -> dict[str, tuple[str, str, tuple[str, ...]]]:
    """dtype -> (libraries, config paths, notes) of the AI CPU kernels that declare it for this port."""
    found: dict[str, tuple[list[str], list[str], list[str]]] = {}
    for kernel in aicpu:
        param = aicpu_param(kernel, role, position, name, taken)
        for dtype in param.dtypes if param is not None else ():
            libraries, paths, notes = found.setdefault(dtype, ([], [], []))
            if kernel.library not in libraries:
                libraries.append(kernel.library)
            paths.append(kernel.path)
            if param.name != name:
                notes.append(f"{kernel.library} calls this {role} {param.name} ({param.index})")
    return {dtype: (", ".join(libraries), ", ".join(paths), tuple(notes)) for dtype, (libraries, paths, notes) in found.items()}
