"""The one definition of "peak" every memory figure uses (reports, verify, charts, design documents)."""

from __future__ import annotations

PEAK_DEFINITION = {
    "en": "The peak is the most device memory live at one moment of the call, the entry point's own input and output "
          "tensors included (JSON `npu_total_bytes`); the part beyond those tensors is the extra memory the chain "
          "allocates (JSON `peak_bytes`). The GPU reference is counted the same way.",
    "zh": "峰值指一次调用过程中同一时刻存活的设备内存最大值，包含入口自身的输入与输出张量（JSON 字段 `npu_total_bytes`）；"
          "其中超出这些张量的部分是调用链额外申请的内存（JSON 字段 `peak_bytes`）。GPU 参考值按同样口径计算。",
}


def peak_of(document: dict) -> int | None:
    """The peak of an evaluated memory document, as PEAK_DEFINITION states it."""
    return document.get("npu_total_bytes")


def figures(document: dict, with_may: bool = False) -> dict:
    """Every figure a report prints for one evaluated memory document, named as `migrate analyze` JSON names them:
    `npu_total_bytes` (the peak, entry tensors included), `peak_bytes` (the part beyond them), `params_bytes` (the
    entry's own tensors), `gpu_reference_bytes` and `gap`. With `with_may`, the storages under undecided guards count
    too. The analyze tables, the charts, the design document, the PR text and the package manifest all take these."""
    params = document.get("params_bytes", 0)
    extra = document["peak_with_may_bytes"] if with_may else document["peak_bytes"]
    return {
        "npu_total_bytes": params + extra,
        "peak_bytes": extra,
        "params_bytes": params,
        "gpu_reference_bytes": document.get("gpu_reference_bytes"),
        "gap": document.get("gap_with_may") if with_may else document.get("gap"),
    }
