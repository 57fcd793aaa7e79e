"""AI CPU kernel configs (aicpu_kernel.json, tf_kernel.json, an op's op_kernel_aicpu/*.json) -> AicpuKernel per op."""

from __future__ import annotations

import json
import re

from op_migrate.analyzers.proto.dtype_names import proto_dtype
from op_migrate.analyzers.proto.model import AicpuKernel, OpInfoParam
from op_migrate.analyzers.proto.opinfo import OpInfoError

_PORT = re.compile(r"^(input|output|dynamic_input|dynamic_output)(\d+)$")
# Kernels of other engines share the file format (host_cpu_kernel.json: DNN_VM_HOST_CPU); they do not run on AI CPU.
AICPU_ENGINE = "DNN_VM_AICPU"


def read_aicpu_config(text: str, path: str) -> dict[str, AicpuKernel]:
    """Op type -> its AI CPU kernel declared in one config file (other engines are left out)."""
    try:
        document = json.loads(text)
    except ValueError as error:
        raise OpInfoError(str(error)) from error
    if not isinstance(document, dict):
        raise OpInfoError("the top level is not an object")
    kernels = {}
    for op_type, entry in document.items():
        if not isinstance(entry, dict):
            continue
        info = entry.get("opInfo") if isinstance(entry.get("opInfo"), dict) else {}
        if info.get("engine", AICPU_ENGINE) != AICPU_ENGINE:
            continue
        params = []
        for key in sorted(entry, key=_port_order):
            value = entry[key]
            match = _PORT.match(key)
            if match is None or not isinstance(value, dict):
                continue
            dtypes = tuple(dict.fromkeys(proto_dtype(t) for t in str(value.get("type", "")).split(",") if t.strip()))
            role = match.group(1).replace("dynamic_", "")
            params.append(OpInfoParam(index=f"{role}{match.group(2)}", name=str(value.get("name", key)), param_type=None,
                                      dtypes=dtypes, formats=()))
        kernels[op_type] = AicpuKernel(op_type=op_type, library=str(info.get("opKernelLib", "unknown")), path=path,
                                       params=tuple(params), kernel_so=info.get("kernelSo"))
    return kernels


def _port_order(key: str) -> tuple:
    match = _PORT.match(key)
    if match is None:
        return (2, 0, key)
    return (0 if "input" in match.group(1) else 1, int(match.group(2)), key)
