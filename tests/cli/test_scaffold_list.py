"""`migrate scaffold` of an operator with a dynamic (tensor-list) input, on the fixture install's ListAccumulate: the
OpDef declares the input DYNAMIC, the kernel reads the list through ListTensorDesc, the L2 API takes an
aclTensorList, and the generated tests run the kernel on the CPU model for two list lengths per dtype."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest
from click.testing import CliRunner

from op_migrate.analyzers.package import check_hygiene, check_layout, check_license_headers
from op_migrate.analyzers.package.operators import folder_operator_info
from op_migrate.migrate import exit_codes
from op_migrate.migrate.cli import main

REPO = Path(__file__).resolve().parents[2]
INSTALL = REPO / "tests" / "functional" / "scaffold" / "install"


def scaffold(tmp_path: Path, *extra: str):
    return CliRunner().invoke(main, ["scaffold", "list_accumulate", "--cann-root", str(INSTALL), "-o", str(tmp_path),
                                     "--soc", "Ascend910B", *extra])


def read(tmp_path: Path, relative: str) -> str:
    return (tmp_path / "list_accumulate" / relative).read_text(encoding="utf-8")


def test_a_tensor_list_input_is_translated_in_the_ops_math_layout(tmp_path):
    result = scaffold(tmp_path)
    assert result.exit_code == exit_codes.OK, result.output
    assert "key 0 float16: translated" in result.output
    folder = tmp_path / "list_accumulate"
    info = folder_operator_info("list_accumulate", folder / "docs" / "operator.toml")
    assert check_layout(folder, info) == () and check_license_headers(folder) == () and check_hygiene(folder) == ()
    assert '.ParamType(DYNAMIC)' in read(tmp_path, "op_host/list_accumulate_def.cpp")
    kernel = read(tmp_path, "op_kernel/list_accumulate.h")
    assert '#include "basic_api/kernel_operator_list_tensor_intf.h"' in kernel
    assert "list_.template GetDataPtr<T0>(i)" in kernel
    chains = read(tmp_path, "op_kernel/list_accumulate_chains.h")
    # float16 summed in float32: Head casts element 0 up, Step casts and adds, Tail rounds once; one element alone
    # is TBE's own chain (vadds 0)
    assert "using Acc = float;" in chains and "static constexpr uint32_t MIN_LIST = 1;" in chains
    for stage in ("Single", "Head", "Step", "Tail"):
        assert f"__aicore__ static inline void {stage}(" in chains
    tiling = read(tmp_path, "op_host/list_accumulate_tiling.cpp")
    assert "GetDynamicInputShape(0, i)" in tiling and "td.listNum = listNum;" in tiling
    aclnn = read(tmp_path, "op_api/aclnn_list_accumulate.cpp")
    assert "aclnnListAccumulateGetWorkspaceSize(const aclTensorList* x, aclTensor* y," in aclnn
    assert "AllocTensorList(" in aclnn and "static_cast<int64_t>(x->Size());" in aclnn
    assert "const aclTensorList* x," in read(tmp_path, "op_api/list_accumulate.h")


@pytest.mark.skipif(shutil.which("g++") is None, reason="needs g++ for the CPU model")
def test_check_runs_the_list_kernel_for_two_lengths_per_dtype(tmp_path):
    result = scaffold(tmp_path, "--check")
    assert result.exit_code == exit_codes.OK, result.output
    assert result.output.count("6 of 6 cases pass") == 3, result.output
    report = read(tmp_path, "docs/scaffold_report.md")
    assert "| 0 | same-specials-list-shortest | pass: y (float16, 1 elements)" in report
    assert "| 2 | same-multicore-list3 | pass: y (int32, 3 elements): exact |" in report


def test_the_generated_list_chain_passes_its_policy(tmp_path):
    scaffold(tmp_path)
    folder = tmp_path / "list_accumulate"
    verify = CliRunner().invoke(main, ["verify-route", str(folder / "op_api"), "--policy",
                                       str(folder / "docs" / "verify_policy.toml")])
    assert verify.exit_code == exit_codes.OK, verify.output
    assert "3 pass, 0 fail, 0 incomplete" in verify.output
