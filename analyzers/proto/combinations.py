"""Dtype combinations: op-info column i across every port is one combination; where each one runs, per SoC.

The per-(port, dtype) rows of the matrix say which dtypes a port takes; these rows keep which dtypes go together
(LayerNorm's x float16 with gamma float16 or float32). A combination runs on AI Core on a SoC whose op-info lists
it, else on AI CPU when an AI CPU kernel declares every one of its dtypes, else nowhere. AI CPU kernels declare
dtypes per port, not combinations: the dtypes they add beyond the AI Core combinations are listed per port.
"""

from __future__ import annotations

from op_migrate.analyzers.proto.condition_tests import decide_on
from op_migrate.analyzers.proto.dtype_names import dtype_sort_key
from op_migrate.analyzers.proto.model import AicpuKernel, Cell, Combination, KernelChecks, OpInfo
from op_migrate.analyzers.proto.ports import aicpu_param, kernel_port, opinfo_param, tbe_status

Port = tuple[str, int, str]  # (role, position, name)


def opinfo_combinations(info: OpInfo, ports: list[Port]) -> list[tuple[tuple, tuple]] | None:
    """[(dtypes per port, formats per port)] of one SoC's op-info entry, in its column order; a port the entry
    does not have is None. None when a port's dtypes are left to op_select_format."""
    params = []
    for role, position, name in ports:
        taken = frozenset(n for r, _, n in ports if r == role and n != name)
        param = opinfo_param(info, role, position, name, taken)
        if param is not None and not param.declared:
            return None
        params.append(param)
    width = max((len(p.dtypes) for p in params if p is not None), default=0)
    found = []
    for column in range(width):
        dtypes = tuple(p.dtypes[column] if p is not None and column < len(p.dtypes) else None for p in params)
        formats = tuple(p.formats[column] if p is not None and column < len(p.formats) else None for p in params)
        found.append((dtypes, formats))
    return found


def build_combinations(ports: list[Port], socs: list[str], aicore: dict[str, OpInfo], aicpu: list[AicpuKernel],
                       kernels: dict[str, KernelChecks | None], fallback: KernelChecks | None,
                       selected: dict | None = None, platform=None) -> tuple[tuple[Combination, ...], dict]:
    """(combination rows, AI CPU dtypes no combination row has: port -> [dtype]).

    selected: SoC -> {"combinations": [(dtypes, formats)], "conditions": {dtypes: condition}, "unknown": reason}
    or {"reason": why not}, from op_select_format (analyzers.proto.select_facts), for SoCs whose op-info leaves the
    dtypes to it; a callable (SoC -> that) is asked only for those SoCs.
    """
    asked = selected if callable(selected) else (selected or {}).get
    selected = {}  # what `asked` answered, per SoC
    per_soc: dict[str, dict[tuple, dict]] = {}
    order: dict[tuple, None] = {}
    for soc in socs:
        info = aicore.get(soc)
        listed = opinfo_combinations(info, ports) if info is not None else []
        if listed is None:
            selected[soc] = asked(soc) or {"reason": "op_select_format was not read"}
            listed = [(tuple(d), tuple(f)) for d, f in selected[soc].get("combinations", [])]
        combos: dict[tuple, dict] = {}  # dtypes -> their formats, in the order the source lists them
        for dtypes, formats in listed:
            combos.setdefault(dtypes, {})[formats] = None
            order.setdefault(dtypes)
        per_soc[soc] = combos
    cpu = _aicpu_dtypes(ports, aicpu)
    rows = []
    for dtypes in sorted(order, key=lambda d: [dtype_sort_key(x or "~") for x in d]):
        formats = _formats(ports, [f for soc in socs for f in per_soc[soc].get(dtypes, ())])
        cells = {soc: _cell(soc, dtypes, ports, aicore.get(soc), per_soc[soc], cpu, aicpu,
                            kernels.get(soc, fallback), selected.get(soc), platform) for soc in socs}
        rows.append(Combination(dtypes=dict(zip(port_labels(ports), dtypes)), formats=formats, cells=cells))
    unread = {soc: found.get("reason") or found.get("unknown") for soc, found in selected.items()
              if "reason" in found or found.get("unknown") and not per_soc[soc]}
    if unread and not order:
        # No SoC lists a combination: one row of unknown dtypes carries the reason of each SoC that leaves them.
        rows.append(_unknown_row(ports, socs, unread, aicore))
    covered = {index: {row_dtypes[index] for row_dtypes in order} for index in range(len(ports))}
    extra = {}
    for index, (role, _, name) in enumerate(ports):
        beyond = [d for d in cpu[index] if d not in covered[index]]
        if beyond:
            extra[_label(ports, index)] = sorted(beyond, key=dtype_sort_key)
    return tuple(rows), extra


def _unknown_row(ports: list[Port], socs: list[str], unread: dict, aicore: dict) -> Combination:
    cells = {}
    for soc in socs:
        if soc in unread:
            cells[soc] = Cell(engine="unknown", library=None, source=aicore[soc].path, tbe="n/a",
                              notes=(f"the op-info leaves the dtypes to op_select_format: {unread[soc]}",))
        else:
            cells[soc] = Cell(engine="none", library=None, source=None, tbe="n/a",
                              notes=("no op-info entry on this SoC",) if soc not in aicore else ())
    return Combination(dtypes={label: "?" for label in port_labels(ports)}, formats={}, cells=cells)


def _label(ports: list[Port], index: int) -> str:
    """A port's name, with its role when an input and an output share it (ScatterUpdate's var)."""
    role, _, name = ports[index]
    same = [r for r, _, n in ports if n == name]
    return f"{name} ({role})" if len(same) > 1 else name


def port_labels(ports: list[Port]) -> list[str]:
    return [_label(ports, index) for index in range(len(ports))]


def _formats(ports: list[Port], found: list[tuple]) -> dict:
    merged: dict[str, list[str]] = {}
    for index in range(len(ports)):
        values = [f[index] for f in found if f[index]]
        merged[_label(ports, index)] = list(dict.fromkeys(values))
    return merged


def _aicpu_dtypes(ports: list[Port], aicpu: list[AicpuKernel]) -> list[list[str]]:
    """Per port: the dtypes some AI CPU kernel declares for it."""
    found = []
    for role, position, name in ports:
        taken = frozenset(n for r, _, n in ports if r == role and n != name)
        dtypes: list[str] = []
        for kernel in aicpu:
            param = aicpu_param(kernel, role, position, name, taken)
            dtypes += list(param.dtypes) if param is not None else []
        found.append(list(dict.fromkeys(dtypes)))
    return found


def _cell(soc, dtypes, ports, info, combos, cpu, aicpu, kernel, selected, platform) -> Cell:
    kernel_path = kernel.path if kernel is not None else None
    statuses = ["n/a" if dtype is None else tbe_status(kernel, role, position, dtype, soc, platform)
                for (role, position, _), dtype in zip(ports, dtypes)]
    tbe = _worst(statuses)
    if info is not None and opinfo_combinations(info, ports) is None:
        if selected is None or "reason" in selected or dtypes not in combos and selected.get("unknown"):
            reason = (selected or {}).get("reason") or (selected or {}).get("unknown") or "op_select_format was not read"
            return Cell(engine="unknown", library=None, source=info.path, tbe=tbe, kernel=kernel_path,
                        notes=(f"the op-info leaves the dtypes to op_select_format: {reason}",))
        if dtypes in combos:
            condition = selected.get("conditions", {}).get(dtypes)
            # Read from the static module the framework falls back to (analyzers.tbe.operator._selector): named.
            module = f" of {selected['module']}" if selected.get("module") else ""
            notes = [f"op_select_format{module} returns it{f' when {condition}' if condition else ''}"]
            return Cell(engine="AI Core", library=None, source=info.path, tbe=tbe, kernel=kernel_path,
                        notes=tuple(notes + _kernel_notes(ports, dtypes, statuses)))
    if info is not None and dtypes in combos:
        notes = _kernel_notes(ports, dtypes, statuses)
        check_supported = str(info.flags.get("needCheckSupport.flag", "")).lower() == "true"
        if kernel is not None and kernel.fallbacks and check_supported:
            notes += _fallback_notes(kernel, soc, ports, dtypes, aicpu, cpu, platform)
        return Cell(engine="AI Core", library=None, source=info.path, tbe=tbe, kernel=kernel_path, notes=tuple(notes))
    declaring = [k for k in aicpu if _declares(k, ports, dtypes)]
    if declaring:
        libraries = ", ".join(dict.fromkeys(k.library for k in declaring))
        # Ports declared with the same list that get different dtypes here: the config says nothing of the mix.
        mixed = any(dtypes[i] != dtypes[j] and cpu[i] == cpu[j] for i in range(len(dtypes)) for j in range(i)
                    if dtypes[i] is not None and dtypes[j] is not None)
        notes = ("AI CPU kernels declare dtypes per port: each of these is declared, the mix of them is not",) if mixed else ()
        return Cell(engine="AI CPU", library=libraries, source=", ".join(k.path for k in declaring), tbe=tbe,
                    kernel=kernel_path, notes=notes)
    return Cell(engine="none", library=None, source=None, tbe=tbe, kernel=kernel_path)


def _declares(kernel: AicpuKernel, ports, dtypes) -> bool:
    """Every dtype of the combination is declared at its port by this one AI CPU kernel."""
    for (role, position, name), dtype in zip(ports, dtypes):
        if dtype is None:
            continue
        taken = frozenset(n for r, _, n in ports if r == role and n != name)
        param = aicpu_param(kernel, role, position, name, taken)
        if param is None or dtype not in param.dtypes:
            return False
    return True


def _worst(statuses: list[str]) -> str:
    """The combination's kernel check: "no" when one port's check refuses its dtype, else the first condition."""
    for wanted in ("no", "unchecked on some paths"):
        if wanted in statuses:
            return wanted
    conditional = [s for s in statuses if s.startswith(("if ", "as int8"))]
    if conditional:
        return conditional[0]
    return "yes" if "yes" in statuses else (statuses[0] if statuses else "n/a")


def _kernel_notes(ports, dtypes, statuses) -> list[str]:
    notes = []
    for (_, _, name), dtype, status in zip(ports, dtypes, statuses):
        if status == "no":
            notes.append(f"the kernel's dtype check refuses {name} {dtype}")
        elif status.startswith("if ") or status.startswith("as int8 if "):
            notes.append(f"the kernel accepts {name} {dtype} only {status[status.index('if '):]}")
    return notes


def _fallback_notes(kernel: KernelChecks, soc: str, ports, dtypes, aicpu, cpu, platform) -> list[str]:
    """check_supported paths that can hand this combination to AI CPU on this SoC (dtype tests decided by it)."""
    by_port = {}
    for (role, position, _), dtype in zip(ports, dtypes):
        port = kernel_port(kernel, role, position)
        if port is not None and dtype is not None:
            by_port.setdefault(port, dtype)

    def dtype_of(param):
        if param is None:
            return next(iter(by_port.values()), None) if len(set(by_port.values())) == 1 else None
        return by_port.get(param)

    declaring = [k for k in aicpu if _declares(k, ports, dtypes)]
    return fallback_notes(kernel, soc, platform, dtype_of,
                          ", ".join(dict.fromkeys(k.library for k in declaring)) or None)


def fallback_notes(kernel: KernelChecks, soc: str, platform, dtype_of, libraries: str | None) -> list[str]:
    """One note per check_supported path to AI CPU that the SoC and the dtypes (dtype_of: param -> dtype) leave open."""
    target = f"AI CPU ({libraries})" if libraries else "AI CPU, but no AI CPU kernel declares it"
    notes = []
    for condition, test in kernel.fallbacks:
        decision = decide_on(test, soc, platform, dtype_of)
        if decision is False:
            continue
        when = "always" if decision is True or condition == "always" else f"when {condition}"
        notes.append(f"check_supported hands it to {target} {when}")
    return notes
