"""Ports of an operator and the matching parameter of each source (prototype, op-info, AI CPU kernel, TBE entry)."""

from __future__ import annotations

from op_migrate.analyzers.proto.model import AicpuKernel, KernelChecks, OpInfo, OpInfoParam, Proto

PROTO_INPUTS = ("input", "optional_input", "dynamic_input")
PROTO_OUTPUTS = ("output", "dynamic_output")


def ports_of(proto, aicore, kernels, fallback) -> list[tuple[str, int, str]]:
    """(role, position, name): the prototype's ports, else the op-info's, else the kernel's parameters."""
    if proto is not None and any(p.role in PROTO_INPUTS + PROTO_OUTPUTS for p in proto.params):
        inputs = [p.name for p in proto.params if p.role in PROTO_INPUTS]
        outputs = [p.name for p in proto.params if p.role in PROTO_OUTPUTS]
    elif aicore:
        widest = max(aicore.values(), key=lambda info: len(info.params))
        inputs = [p.name for p in widest.params if p.index.startswith("input")]
        outputs = [p.name for p in widest.params if p.index.startswith("output")]
    else:
        kernel = fallback or next((k for k in kernels.values() if k is not None), None)
        inputs = list(kernel.inputs) if kernel else []
        outputs = list(kernel.outputs) if kernel else []
    return [("input", i, n) for i, n in enumerate(inputs)] + [("output", i, n) for i, n in enumerate(outputs)]


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


def opinfo_param(info: OpInfo | None, role: str, position: int) -> OpInfoParam | None:
    if info is None:
        return None
    return next((p for p in info.params if p.index == f"{role}{position}"), None)


def aicpu_param(kernel: AicpuKernel, role: str, position: int, name: str) -> OpInfoParam | None:
    same_role = [p for p in kernel.params if p.index.startswith(role)]
    by_name = next((p for p in same_role if p.name == name), None)
    return by_name or next((p for p in same_role if p.index == f"{role}{position}"), None)


def kernel_port(kernel: KernelChecks | None, role: str, position: int) -> str | None:
    if kernel is None:
        return None
    names = kernel.inputs if role == "input" else kernel.outputs
    return names[position] if position < len(names) else None


