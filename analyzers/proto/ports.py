"""Ports of an operator and the matching parameter of each source (prototype, op-info, AI CPU kernel, TBE entry)."""

from __future__ import annotations

from op_migrate.analyzers.proto.condition_tests import decide_on, fact_test_of
from op_migrate.analyzers.proto.model import AicpuKernel, KernelChecks, OpInfo, OpInfoParam, Proto, split_remap

PROTO_INPUTS = ("input", "optional_input", "dynamic_input")
PROTO_OUTPUTS = ("output", "dynamic_output")


def ports_of(proto, aicore, kernels, fallback) -> list[tuple[str, int, str]]:
    """(role, position, name): the prototype's ports, else the op-info's, else the kernel's parameters.

    Ports the op-info declares beyond the prototype's (AvgPoolGrad's kernel_matrix, added for its AI Core kernel)
    follow the prototype's, at their op-info position.
    """
    if proto is not None and any(p.role in PROTO_INPUTS + PROTO_OUTPUTS for p in proto.params):
        inputs = [p.name for p in proto.params if p.role in PROTO_INPUTS]
        outputs = [p.name for p in proto.params if p.role in PROTO_OUTPUTS]
        found = []
        for role, names in (("input", inputs), ("output", outputs)):
            found += [(role, i, n) for i, n in enumerate(names)]
            extra: dict[int, str] = {}
            for info in aicore.values():
                for param in info.params:
                    position = _position(param.index, role)
                    if position is not None and position >= len(names) and param.name not in names:
                        extra.setdefault(position, param.name)
            for position, name in sorted(extra.items()):
                if all(name != known for _, _, known in found):
                    found.append((role, position, name))
        return found
    if aicore:
        widest = max(aicore.values(), key=lambda info: len(info.params))
        inputs = [p.name for p in widest.params if p.index.startswith("input")]
        outputs = [p.name for p in widest.params if p.index.startswith("output")]
    else:
        kernel = fallback or next((k for k in kernels.values() if k is not None), None)
        inputs = list(kernel.inputs) if kernel else []
        outputs = list(kernel.outputs) if kernel else []
    return [("input", i, n) for i, n in enumerate(inputs)] + [("output", i, n) for i, n in enumerate(outputs)]


def _position(index: str, role: str) -> int | None:
    if not index.startswith(role) or not index[len(role):].isdigit():
        return None
    return int(index[len(role):])


def proto_param(proto: Proto | None, role: str, position: int):
    if proto is None:
        return None
    roles = PROTO_INPUTS if role == "input" else PROTO_OUTPUTS
    matching = [p for p in proto.params if p.role in roles]
    return matching[position] if position < len(matching) else None


def proto_says(param, dtype: str) -> str:
    if param is None or (param.type_set and not param.dtypes):
        return "unknown"
    return "yes" if dtype in param.dtypes else "no"


def opinfo_param(info: OpInfo | None, role: str, position: int, name: str | None = None,
                 taken: frozenset = frozenset()) -> OpInfoParam | None:
    """The op-info's entry for a port: by name, else at the port's position unless that entry names another port."""
    if info is None:
        return None
    same_role = [p for p in info.params if p.index.startswith(role)]
    by_name = next((p for p in same_role if name is not None and p.name == name), None)
    if by_name is not None:
        return by_name
    positional = next((p for p in info.params if p.index == f"{role}{position}"), None)
    return positional if positional is not None and positional.name not in taken else None


def aicpu_param(kernel: AicpuKernel, role: str, position: int, name: str, taken: frozenset = frozenset()) -> OpInfoParam | None:
    """The AI CPU kernel's entry for a port: by name, else at the port's position unless that entry names another port."""
    same_role = [p for p in kernel.params if p.index.startswith(role)]
    by_name = next((p for p in same_role if p.name == name), None)
    if by_name is not None:
        return by_name
    positional = next((p for p in same_role if p.index == f"{role}{position}"), None)
    return positional if positional is not None and positional.name not in taken else None


def kernel_port(kernel: KernelChecks | None, role: str, position: int) -> str | None:
    if kernel is None:
        return None
    names = kernel.inputs if role == "input" else kernel.outputs
    return names[position] if position < len(names) else None


def tbe_status(kernel: KernelChecks | None, role: str, position: int, dtype: str, soc: str | None = None,
               platform=None) -> str:
    """What the implementation's own check says about `dtype` at this port; on `soc` with the install's platform
    facts, a condition those facts decide (api_check_support, SHORT_SOC_VERSION) is answered."""
    if kernel is None:
        return "n/a"
    if kernel.kind == "Ascend C":
        return "n/a"
    port = kernel_port(kernel, role, position)
    if port is None or port not in kernel.dtypes:
        return "unchecked"
    accepted = dict(kernel.dtypes[port])
    remapped = split_remap(accepted.get(dtype))
    if remapped is not None and remapped[1] == "int8":
        return "as int8"  # the kernel itself maps this dtype to int8 under a test of that very dtype
    if dtype in accepted:
        condition = _undecided(accepted[dtype], soc, platform)
        return ("if " + condition if condition else "yes") if condition is not False else "no"
    if dtype == "bool" and kernel.bool_as_int8 and "int8" in accepted:
        condition = _undecided(accepted["int8"], soc, platform)
        return ("as int8 if " + condition if condition else "as int8") if condition is not False else "no"
    return "unchecked on some paths" if port in kernel.partial else "no"


def _undecided(condition: str | None, soc: str | None, platform):
    """None when the check holds here, False when it fails here, else the condition left open."""
    if not condition or soc is None or platform is None:
        return condition or None
    decision = decide_on(fact_test_of(condition), soc, platform)
    return None if decision is True else (False if decision is False else condition)
