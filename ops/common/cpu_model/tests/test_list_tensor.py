"""ListTensorDesc (how a kernel reads a DYNAMIC input) decodes the layout of asc-devkit 9.1.0's dav_c220
ListTensorDecode, and cpu_model::ListDescriptor writes that layout for drivers."""

from __future__ import annotations

from pathlib import Path

import pytest

CPP_DIR = Path(__file__).resolve().parent / "cpp"


@pytest.fixture(scope="module")
def list_cases(cpu_model):
    return cpu_model.build_kernel([CPP_DIR / "list_tensor_cases.cpp"], name="list_tensor_cases")


@pytest.mark.parametrize("how", ["layout", "helper"])
@pytest.mark.parametrize("count", [1, 2, 5])
def test_the_count_and_every_pointer_are_decoded(cpu_model, list_cases, how, count):
    # the count is the last block's index + 1 (the first block's high word is 0)
    out = cpu_model.gxx.run(list_cases, [how, count]).stdout.decode().split()
    assert out == [str(count)] + ["1"] * count


def test_an_index_beyond_the_list_is_a_constraint_error(cpu_model, list_cases):
    done = cpu_model.gxx.run(list_cases, ["beyond", 2], check=False)
    assert done.returncode == 3
    assert "ListTensorDesc::GetDataPtr: index 2 of a list of 2" in done.stderr.decode()


def test_a_pointer_offset_that_does_not_follow_the_blocks_is_a_constraint_error(cpu_model, list_cases):
    done = cpu_model.gxx.run(list_cases, ["miscount", 2], check=False)
    assert done.returncode == 3
    assert "does not match its layout" in done.stderr.decode()
