"""Ports of an operator and the matching parameter of each source (prototype, op-info, AI CPU kernel, TBE entry)."""

from __future__ import annotations

from op_migrate.analyzers.proto.model import AicpuKernel, KernelChecks, OpInfo, OpInfoParam, Proto

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


