"""The allocation rules with the worked numbers of the analysis anchors."""

from __future__ import annotations

import pytest

from op_migrate.analyzers.memory.allocator import EXACT_RULE, EXECUTOR_RULE, MIB, AllocationRule, cuda_block_bytes, cuda_round_size, cuda_segment_size


@pytest.mark.parametrize(
    ("request_bytes", "counted"),
    [
        (0, 0),
        (1, 512),
        (512, 512),
        (513, 1024),
        (1 * MIB, 1 * MIB),  # small pool up to 1 MiB: the rounded size
        (int(1.5 * MIB), int(1.5 * MIB)),  # 20 MiB segment, 18.5 MiB would remain: split
        (int(9.5 * MIB), int(9.5 * MIB)),  # 20 MiB segment, 10.5 MiB remain: split
        (int(11.5 * MIB), 12 * MIB),  # 12 MiB segment, 0.5 MiB would remain: whole block counted
        (10 * MIB, 10 * MIB),  # exactly 10 MiB: segment of 10 MiB, nothing remains
        (int(19.5 * MIB) + 1, 20 * MIB),  # rounds to 19.5 MiB + 512, segment 20 MiB, < 1 MiB remains
    ],
)
def test_cuda_block_bytes_follows_the_caching_allocator(request_bytes: int, counted: int) -> None:
    assert cuda_block_bytes(request_bytes) == counted


def test_cuda_segments_for_large_requests() -> None:
    assert cuda_segment_size(cuda_round_size(int(1.5 * MIB))) == 20 * MIB
    assert cuda_segment_size(cuda_round_size(int(11.5 * MIB))) == 12 * MIB
    assert cuda_segment_size(cuda_round_size(11 * MIB + 1)) == 12 * MIB


def test_executor_rule_pads_32_then_aligns_to_512() -> None:
    assert EXECUTOR_RULE.block(0) == 0
    assert EXECUTOR_RULE.block(1) == 512
    assert EXECUTOR_RULE.block(480) == 512
    assert EXECUTOR_RULE.block(481) == 1024
    assert EXECUTOR_RULE.block(536870912) == 536871424


def test_rules_are_configurable_and_describe_themselves() -> None:
    rule = AllocationRule(name="custom", align=32, pad=0)
    assert rule.block(33) == 64
    assert EXACT_RULE.block(33) == 33
    assert "512" in EXECUTOR_RULE.describe() and "32" in EXECUTOR_RULE.describe()
