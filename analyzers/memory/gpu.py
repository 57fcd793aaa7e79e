"""The GPU reference: the PyTorch equivalent of an entry point, its predicted Δpeak, and an optional CUDA measurement."""

from __future__ import annotations

import fnmatch
import functools
import importlib.util
import math
from dataclasses import dataclass

from op_migrate.analyzers import catalog
from op_migrate.analyzers.memory.allocator import CUDA_RULE_TEXT, cuda_block_bytes
from op_migrate.analyzers.memory.case import Case, broadcast_shape, dtype_bytes
from op_migrate.analyzers.model import JsonModel


@dataclass(frozen=True)
class TorchReference(JsonModel):
    """One torch_reference.toml entry."""

    torch: str
    delta: str
    inputs: tuple[str, ...]
    output: str
    source: str


@dataclass(frozen=True)
class GpuReference(JsonModel):
    """The reference peak for one case: baseline (inputs) + Δpeak, labelled predicted or measured."""

    torch: str
    baseline_bytes: int
    delta_bytes: int
    total_bytes: int
    label: str  # "predicted" | "measured"
    rule: str
    note: str = ""

    def to_json(self) -> dict:
        # By hand: one per evaluated case, and the generic walk showed up in 10,000-case runs.
        return {"torch": self.torch, "baseline_bytes": self.baseline_bytes, "delta_bytes": self.delta_bytes,
                "total_bytes": self.total_bytes, "label": self.label, "rule": self.rule, "note": self.note}


@functools.lru_cache(maxsize=256)
def reference_for(entry: str) -> TorchReference | None:
    """The first torch_reference.toml entry whose pattern matches `entry`."""
    for item in catalog.load("torch_reference").get("entry", []):
        if any(fnmatch.fnmatchcase(entry, pattern) for pattern in item["match"]):
            return TorchReference(item["torch"], item["delta"], tuple(item["inputs"]), item["output"], item["source"])
    return None


def _tensor_bytes(case: Case, name: str, fallback_dtype: str | None) -> int | None:
    tensor = case.get(name)
    if tensor is None:
        return None
    width = dtype_bytes(tensor.dtype or fallback_dtype or "")
    return None if width is None else tensor.count * width


def predict(reference: TorchReference, case: Case) -> GpuReference | None:
    """Δpeak from the catalog rule under the caching allocator; None when the case lacks a needed shape."""
    present = [t for t in case.tensors if t.name in reference.inputs]
    if not present:
        return None
    dtype = next((t.dtype for t in present if t.dtype), None)
    baseline = 0
    for tensor in present:
        size = _tensor_bytes(case, tensor.name, dtype)
        if size is None:
            return None
        baseline += size
    note = ""
    if reference.delta == "zero":
        delta = 0
    elif reference.delta == "output":
        shape = broadcast_shape(*(t.shape for t in present))
        out = case.get(reference.output)
        width = dtype_bytes((out.dtype if out and out.dtype else None) or dtype or "")
        if shape is None or width is None:
            return None
        delta = cuda_block_bytes(math.prod(shape) * width)
    elif reference.delta == "reduce_output":
        out = case.get(reference.output)
        if out is None:
            return None
        source_dtype = dtype or ""
        out_dtype = out.dtype or ("uint8" if source_dtype == "uint8" else "bool")
        delta = cuda_block_bytes(out.count * (dtype_bytes(out_dtype) or 1))
        note = (
            "staging and semaphores of a global CUDA reduction are not modelled (they depend on setReduceConfig's "
            "launch configuration); when the reduction goes global the measured Δpeak is higher"
        )
    else:
        return None
    return GpuReference(reference.torch, baseline, delta, baseline + delta, "predicted", CUDA_RULE_TEXT, note)


def cuda_available() -> tuple[bool, str]:
    """Whether torch with a CUDA device is importable here, and why not."""
    if importlib.util.find_spec("torch") is None:
        return False, "torch is not installed in this environment"
    import torch  # noqa: PLC0415 - optional, only when asked to measure

    if not torch.cuda.is_available():
        return False, "torch is installed but no CUDA device is available"
    return True, ""


def measure(reference: TorchReference, case: Case) -> GpuReference | None:
    """Run the torch equivalent on CUDA and read max_memory_allocated above the baseline (labelled measured)."""
    import torch  # noqa: PLC0415 - optional, only when asked to measure

    dtypes = {t.name: getattr(torch, t.dtype or "float32", torch.float32) for t in case.tensors}
    present = [t for t in case.tensors if t.name in reference.inputs]
    torch.cuda.empty_cache()
    tensors = [torch.ones(t.shape, dtype=dtypes[t.name], device="cuda") for t in present]
    torch.cuda.synchronize()
    torch.cuda.reset_peak_memory_stats()
    baseline = torch.cuda.memory_allocated()
    if reference.delta == "zero" and "bernoulli" in reference.torch:
        tensors[0].bernoulli_(0.5)
    elif reference.delta == "zero" and "gcd" in reference.torch:
        tensors[0].gcd_(tensors[1])
    elif reference.delta == "zero":
        tensors[0].remainder_(tensors[1])
    elif "bernoulli" in reference.torch:
        torch.empty_like(tensors[0]).bernoulli_(0.5)
    elif "gcd" in reference.torch:
        torch.gcd(tensors[0], tensors[1])
    elif "all" in reference.torch:
        torch.all(tensors[0], dim=-1)
    else:
        torch.remainder(tensors[0], tensors[1])
    torch.cuda.synchronize()
    delta = torch.cuda.max_memory_allocated() - baseline
    return GpuReference(reference.torch, baseline, delta, baseline + delta, "measured",
                        "torch.cuda.max_memory_allocated() after reset_peak_memory_stats, minus memory_allocated() with the inputs live")
