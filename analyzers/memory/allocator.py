"""Allocation rules that turn a request in bytes into counted bytes: the NPU executor block and the CUDA caching allocator."""

from __future__ import annotations

from dataclasses import dataclass

from op_migrate.analyzers.model import JsonModel

KIB = 1024
MIB = 1024 * KIB

# CUDA caching allocator constants (c10/cuda/CUDACachingAllocator.cpp, c10/core/CachingDeviceAllocator.h).
CUDA_MIN_BLOCK = 512
CUDA_SMALL_SIZE = 1 * MIB
CUDA_LARGE_BUFFER = 20 * MIB
CUDA_MIN_LARGE_ALLOC = 10 * MIB
CUDA_ROUND_LARGE = 2 * MIB


@dataclass(frozen=True)
class AllocationRule(JsonModel):
    """An executor block: a request of x > 0 bytes takes ceil((x + pad) / align) · align bytes; 0 takes 0."""

    name: str = "executor"
    align: int = 512
    pad: int = 32

    def block(self, request: int) -> int:
        if request <= 0:
            return 0
        return -(-(request + self.pad) // self.align) * self.align

    def describe(self, lang: str = "en") -> str:
        """The rule in words, English for reports and JSON, Chinese (zh) for the Chinese design document."""
        if self.align == 1 and self.pad == 0:
            return "按张量的逻辑字节数计" if lang == "zh" else "exact: a tensor counts its logical bytes"
        formula = f"ceil((bytes + {self.pad}) / {self.align}) · {self.align}"
        if lang == "zh":
            return f"{self.name}：每个张量占 {formula} 字节，空张量占 0"
        return f"{self.name}: {formula} per tensor, 0 for an empty tensor"


EXECUTOR_RULE = AllocationRule()
EXACT_RULE = AllocationRule(name="exact", align=1, pad=0)


def cuda_round_size(request: int) -> int:
    """`get_round_size`: a multiple of 512 bytes, at least 512 (no roundup_power2_divisions)."""
    if request <= 0:
        return 0
    return max(CUDA_MIN_BLOCK, -(-request // CUDA_MIN_BLOCK) * CUDA_MIN_BLOCK)


def cuda_segment_size(rounded: int) -> int:
    """`get_allocation_size`: the segment cudaMalloc'd for a fresh block of `rounded` bytes."""
    if rounded <= CUDA_SMALL_SIZE:
        return 2 * MIB
    if rounded < CUDA_MIN_LARGE_ALLOC:
        return CUDA_LARGE_BUFFER
    return -(-rounded // CUDA_ROUND_LARGE) * CUDA_ROUND_LARGE


def cuda_block_bytes(request: int) -> int:
    """R(x): what `allocated_bytes` grows by for a request served from a fresh segment.

    Small pool (≤ 1 MiB): the rounded size (split from a 2 MiB segment). Large pool: the block is split
    only when more than 1 MiB would remain; otherwise the whole segment is handed out and counted
    (11.5 MiB → 12 MiB segment, 0.5 MiB would remain → 12 MiB counted). Assumes no cached free block is
    reused, i.e. a fresh process or an emptied cache, as after torch.cuda.empty_cache().
    """
    rounded = cuda_round_size(request)
    if rounded <= CUDA_SMALL_SIZE:
        return rounded
    segment = cuda_segment_size(rounded)
    remaining = segment - rounded
    return rounded if remaining > CUDA_SMALL_SIZE else segment


CUDA_RULE_TEXT = (
    "CUDA caching allocator: round up to 512 B (min 512); a large-pool block (> 1 MiB) is counted whole "
    "when ≤ 1 MiB would remain after a split (1–10 MiB requests take a 20 MiB segment, ≥ 10 MiB round the "
    "segment up to 2 MiB); fresh segments assumed"
)
