"""The GPU reference catalog and its Δpeak rules."""

from __future__ import annotations

import importlib.util

import pytest

from op_migrate.analyzers.memory import evaluate, parse_case, plan
from op_migrate.analyzers.memory.allocator import MIB, cuda_block_bytes
from op_migrate.analyzers.memory.gpu import cuda_available, predict, reference_for

from .routes import fixture_route


@pytest.mark.parametrize(
    ("entry", "delta"),
    [
        ("aclnnRemainderTensorTensorGetWorkspaceSize", "output"),
        ("aclnnInplaceRemainderTensorTensorGetWorkspaceSize", "zero"),
        ("aclnnBernoulliGetWorkspaceSize", "output"),
        ("aclnnInplaceBernoulliGetWorkspaceSize", "zero"),
        ("aclnnGcdGetWorkspaceSize", "output"),
        ("aclnnAllGetWorkspaceSize", "reduce_output"),
        ("aclnnReduceAllGetWorkspaceSize", "reduce_output"),
    ],
)
def test_entries_map_to_their_torch_rule(entry: str, delta: str) -> None:
    assert reference_for(entry).delta == delta


def test_unknown_entry_has_no_reference() -> None:
    assert reference_for("aclnnMatmulGetWorkspaceSize") is None


def test_remainder_out_of_place_adds_its_rounded_output() -> None:
    case = parse_case("self=[1024,1,64]:float16,other=[1,4096,64]:float16")
    result = predict(reference_for("aclnnRemainderTensorTensor"), case)
    assert result.delta_bytes == cuda_block_bytes(1024 * 4096 * 64 * 2)
    assert result.baseline_bytes == (1024 * 64 + 4096 * 64) * 2
    assert result.label == "predicted"


def test_large_pool_rounding_shows_in_the_reference() -> None:
    elements = int(11.5 * MIB) // 4  # an 11.5 MiB float32 output counts 12 MiB
    case = parse_case(f"self=[{elements}]:float32,other=[1]:float32")
    assert predict(reference_for("aclnnGcd"), case).delta_bytes == 12 * MIB


def test_inplace_adds_nothing_and_reduce_notes_the_unmodelled_staging() -> None:
    assert predict(reference_for("aclnnInplaceBernoulli"), parse_case("selfRef=[8]:float16")).delta_bytes == 0
    reduced = predict(reference_for("aclnnAll"), parse_case("self=[8,1024]:float32,out=[8]:bool"))
    assert reduced.delta_bytes == 512 and "staging" in reduced.note


def test_measure_gpu_falls_back_to_predicted_and_says_why() -> None:
    available, why = cuda_available()
    if importlib.util.find_spec("torch") is None:
        assert not available and why == "torch is not installed in this environment"
    if available:
        pytest.skip("a CUDA device is present: the measured path is exercised instead")
    doc = evaluate(plan(fixture_route("floor_mod_native")), parse_case("self=[4]:float32,other=[4]:float32,out=[4]:float32"),
                   measure_gpu=True).document
    assert doc["gpu_reference"]["label"] == "predicted"
    assert "not measured: " + why in doc["gpu_reference"]["note"]
