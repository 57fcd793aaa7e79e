"""`migrate scaffold` in process on the fixture install (tests/functional/scaffold/install): the folder it writes,
its exit codes, the package-pr gates and the verify-route policy on what it wrote, and one operator built and run
on the CPU model against the golden of its TBE chain."""

from __future__ import annotations

import json
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


def scaffold(tmp_path: Path, op: str, *extra: str):
    return CliRunner().invoke(main, ["scaffold", op, "--cann-root", str(INSTALL), "-o", str(tmp_path), "--soc",
                                     "Ascend910B", *extra])


def test_a_translated_operator_exits_0_with_the_ops_math_layout(tmp_path):
    result = scaffold(tmp_path, "scaled_diff")
    assert result.exit_code == exit_codes.OK, result.output
    folder = tmp_path / "scaled_diff"
    for relative in ("CMakeLists.txt", "op_host/scaled_diff_def.cpp", "op_host/scaled_diff_tiling.cpp",
                     "op_kernel/scaled_diff.cpp", "op_kernel/scaled_diff_chains.h", "op_api/aclnn_scaled_diff.cpp",
                     "op_api/scaled_diff.cpp", "tests/portable/scaled_diff_chains.json", "docs/scaffold_report.md",
                     "docs/scaled_diff_design.md", "docs/verify_policy.toml"):
        assert (folder / relative).is_file(), relative
    info = folder_operator_info("scaled_diff", folder / "docs" / "operator.toml")
    assert check_layout(folder, info) == () and check_license_headers(folder) == () and check_hygiene(folder) == ()
    assert "key 2 int32 [before_last (the shapes of in0 and in1 differ before the last axis) is True]: translated" \
        in result.output


def test_the_opdef_keeps_the_registered_columns_and_the_attribute(tmp_path):
    scaffold(tmp_path, "scaled_diff")
    text = (tmp_path / "scaled_diff" / "op_host" / "scaled_diff_def.cpp").read_text(encoding="utf-8")
    assert "{ge::DT_FLOAT16, ge::DT_FLOAT, ge::DT_INT32}" in text
    assert 'this->Attr("alpha").AttrType(OPTIONAL).Float(1.0);' in text
    assert 'this->AICore().AddConfig("ascend910b", aicoreConfig0);' in text


def test_an_untranslated_call_exits_1_names_it_and_cannot_compile(tmp_path):
    result = scaffold(tmp_path, "row_sum")
    assert result.exit_code == exit_codes.FINDINGS
    assert "not translated [float32] tbe.reduce_sum at row_sum.py:14" in result.output
    chains = (tmp_path / "row_sum" / "op_kernel" / "row_sum_chains.h").read_text(encoding="utf-8")
    assert 'static_assert(false, "tbe.reduce_sum at row_sum.py:14' in chains


def test_json_output_carries_the_plan(tmp_path):
    result = scaffold(tmp_path, "clamp_mod", "--format", "json")
    assert result.exit_code == exit_codes.OK
    document = json.loads(result.output)
    assert document["schema"] == "op-migrate/scaffold-run@1"
    labels = [c["label"] for c in document["plan"]["combos"]]
    assert len(labels) == 9 and labels[8] == "int64"
    assert labels[0] == "float32 [clamp is True, isclose(1.0 / scale, 1.0, rel_tol=1e-06) is True, mode.lower() == " \
                        "'abs' is True]"


@pytest.mark.parametrize("args, message", [
    (["no_such_op"], "no dynamic TBE implementation"),
    (["scaled_diff", "--soc", "Ascend999"], "unknown SoC"),
    (["scaled_diff", "--name", "RowSum"], "already has REG_OP(RowSum)"),
])
def test_usage_errors_exit_2(tmp_path, args, message):
    result = CliRunner().invoke(main, ["scaffold", args[0], "--cann-root", str(INSTALL), "-o", str(tmp_path),
                                       *args[1:]])
    assert result.exit_code == exit_codes.USAGE
    assert message in result.output


def test_an_existing_folder_is_refused_without_force(tmp_path):
    assert scaffold(tmp_path, "soft_sign").exit_code == exit_codes.OK
    again = scaffold(tmp_path, "soft_sign")
    assert again.exit_code == exit_codes.USAGE and "use --force" in again.output
    assert scaffold(tmp_path, "soft_sign", "--force").exit_code == exit_codes.OK


def test_a_missing_output_folder_needs_mkdir(tmp_path):
    result = scaffold(tmp_path / "absent", "soft_sign")
    assert result.exit_code == exit_codes.USAGE
    assert scaffold(tmp_path / "absent", "soft_sign", "--mkdir").exit_code == exit_codes.OK


def test_the_generated_chain_passes_its_policy_and_a_broadcast_to_fails_it(tmp_path):
    scaffold(tmp_path, "scaled_diff")
    folder = tmp_path / "scaled_diff"
    policy = str(folder / "docs" / "verify_policy.toml")
    verify = CliRunner().invoke(main, ["verify-route", str(folder / "op_api"), "--policy", policy])
    assert verify.exit_code == exit_codes.OK, verify.output
    source = folder / "op_api" / "aclnn_scaled_diff.cpp"
    text = source.read_text(encoding="utf-8")
    text = text.replace("    auto x1Contiguous = l0op::Contiguous(x1, uniqueExecutor.get());",
                        "    auto x1Contiguous = l0op::BroadcastTo(l0op::Contiguous(x1, uniqueExecutor.get()), "
                        "broadcastShape, uniqueExecutor.get());")
    source.write_text(text.replace('#include "aclnn_kernels/contiguous.h"',
                                   '#include "aclnn_kernels/contiguous.h"\n#include "aclnn_kernels/broadcast_to.h"'),
                      encoding="utf-8")
    broken = CliRunner().invoke(main, ["verify-route", str(folder / "op_api"), "--policy", policy])
    assert broken.exit_code != exit_codes.OK and "BroadcastTo" in broken.output


@pytest.mark.skipif(shutil.which("g++") is None, reason="needs g++ for the CPU model")
def test_check_builds_the_kernel_and_passes_its_generated_tests(tmp_path):
    result = scaffold(tmp_path, "clamp_mod", "--check")
    assert result.exit_code == exit_codes.OK, result.output
    # 9 kernels: the driver checks that each case's attribute values (bool, float expression, string) select its key
    assert result.output.count("cases pass") == 9 and "0 of" not in result.output
    report = (tmp_path / "clamp_mod" / "docs" / "scaffold_report.md").read_text(encoding="utf-8")
    assert "## Generated tests on the CPU model (measured)" in report
    assert "| 8 | broadcast-scalar | pass: z (int64): exact |" in report


@pytest.mark.skipif(shutil.which("g++") is None, reason="needs g++ for the CPU model")
def test_check_runs_an_element_count_and_a_dimension_from_the_host_and_an_int32_powi(tmp_path):
    result = scaffold(tmp_path, "mean_pow", "--check")
    assert result.exit_code == exit_codes.OK, result.output
    assert result.output.count("cases pass") == 3 and "0 of" not in result.output
    core = (tmp_path / "mean_pow" / "op_host" / "mean_pow_tiling_core.h").read_text(encoding="utf-8")
    # 2 / the element count of x1's shape alone (input 0: mask 1), not of the broadcast output
    assert "std::pow((1.0 * static_cast<double>(ElementCount(inputs, 1U))), -1.0) * 2.0" in core
    # y.get("shape")[-2] on the static path: the output's (both inputs' broadcast) second-to-last dimension
    # the static path's 1 / (dim - 1), 0 for a dim of 1: a select the host computes per call
    assert ("((static_cast<double>(Dimension(inputs, 3U, -2, ok)) == 1.0) ? 0.0 : (1.0 / "
            "(static_cast<double>(Dimension(inputs, 3U, -2, ok)) - 1.0)))") in core
    assert "Dimension(inputs, 3U, -3, ok)" in core  # NC1HWC0: its own key
    # NC1HWC0: x2 read as [1, C1, 1, 1, C0] of x1 (the static path rewrote its shape), the host computes it
    assert ("shapes[1] = Shape{5U, {static_cast<int64_t>(1.0), static_cast<int64_t>(static_cast<double>("
            "Dimension(inputs, 1U, 1, ok)))") in core
    tiling = (tmp_path / "mean_pow" / "op_host" / "mean_pow_tiling.cpp").read_text(encoding="utf-8")
    assert "case 0:\n            return format == ge::FORMAT_ND;" in tiling
    assert "case 2:\n            return format == ge::FORMAT_NC1HWC0;" in tiling and "&& FormatHolds(context, k)" in tiling
    report = (tmp_path / "mean_pow" / "docs" / "scaffold_report.md").read_text(encoding="utf-8")
    assert "| 0 | broadcast-rows | pass: y (float32)" in report and "| 1 | broadcast-rows | pass: y (int32): exact |" \
        in report


@pytest.mark.skipif(shutil.which("g++") is None, reason="needs g++ for the CPU model")
def test_check_runs_each_key_a_branch_on_the_shapes_chooses_on_the_cases_whose_shapes_take_it(tmp_path):
    result = scaffold(tmp_path, "scaled_diff", "--check")
    assert result.exit_code == exit_codes.OK, result.output
    # float16, float32 and two int32 keys: x1 - x2 where the shapes differ before the last axis, else x2 - x1
    assert result.output.count("cases pass") == 4 and "0 of" not in result.output
    assert "int32 [before_last (the shapes of in0 and in1 differ before the last axis) is True]" in result.output
    core = (tmp_path / "scaled_diff" / "op_host" / "scaled_diff_tiling_core.h").read_text(encoding="utf-8")
    # the host chooses by the caller's shapes (the driver checks each case's key with the same VariantHolds)
    assert "inline bool VariantHolds(uint32_t k, const Shape* inputs, float attrAlpha)" in core
    assert "ShapesDiffer(inputs, 1U, 2U, 1)" in core
    # the entry's `scale = alpha * 2 if len(x1["shape"]) == 1`: the caller's rank of x1, read by the host per call
    # (the rank-1 case same-multicore runs alpha * 2 against the golden, the others alpha)
    assert "((static_cast<double>(Rank(inputs, 1U)) == 1.0) ? (static_cast<double>(td.attrAlpha) * 2.0)" in core
    report = (tmp_path / "scaled_diff" / "docs" / "scaffold_report.md").read_text(encoding="utf-8")
    assert "| 2 | broadcast-rows | pass: y (int32): exact |" in report
    assert "| 3 | broadcast-row-values | pass: y (int32): exact |" in report
    assert "| 2 | same-tail |" not in report and "| 3 | broadcast-rows |" not in report


@pytest.mark.skipif(shutil.which("g++") is None, reason="needs g++ for the CPU model")
def test_check_runs_complex_products_scales_real_parts_and_pairs_on_the_cpu_model(tmp_path):
    result = scaffold(tmp_path, "complex_mix", "--check")
    assert result.exit_code == exit_codes.OK, result.output
    # complex32 (sum) and complex64 (product): Gather / Select on the (real, imaginary) part view, against the
    # golden of the TBE chain, broadcast cases included
    assert result.output.count("cases pass") == 2 and "0 of" not in result.output
    chains = (tmp_path / "complex_mix" / "op_kernel" / "complex_mix_chains.h").read_text(encoding="utf-8")
    assert chains.count("Gather(") == 4 + 8 and chains.count("SELMODE::VSEL_TENSOR_TENSOR_MODE") == 4
    report = (tmp_path / "complex_mix" / "docs" / "scaffold_report.md").read_text(encoding="utf-8")
    assert "| 1 | broadcast-rows | pass: y (complex64): real: MERE 0 MARE 0" in report


def test_an_implementation_named_by_no_convention_is_found_by_its_registration(tmp_path):
    from op_migrate.migrate.pipelines.scaffold import DYNAMIC_IMPL, _registered_in

    folder = tmp_path / DYNAMIC_IMPL
    folder.mkdir(parents=True)
    (folder / "apply_rms_prop_d.py").write_text('@register_operator("ApplyRMSPropD")\ndef f():\n    pass\n',
                                                encoding="utf-8")
    (folder / "apply_rms_prop.py").write_text('@register_operator("ApplyRMSProp")\n', encoding="utf-8")
    assert _registered_in("ApplyRMSPropD", [tmp_path]) == [folder / "apply_rms_prop_d.py"]
    assert _registered_in("ApplyRMSPropE", [tmp_path]) == []


@pytest.mark.skipif(shutil.which("g++") is None, reason="needs g++ for the CPU model")
def test_inputs_read_in_rewritten_shapes_infer_the_broadcast_of_those(tmp_path):
    # x1 read as x1 + [1], x2 as [1] + x2 (an outer product): op_host's shape inference must give [n, m], not the
    # broadcast of the caller's [n] and [m]; the CPU-model driver checks OutputShape against what each key writes.
    result = scaffold(tmp_path, "outer_scale", "--check")
    assert result.exit_code == exit_codes.OK, result.output
    assert result.output.count("CPU model: 6 of 6 cases pass") == 14
    infershape = (tmp_path / "outer_scale" / "op_host" / "outer_scale_infershape.cpp").read_text(encoding="utf-8")
    assert "OuterScaleTiling::OutputShape(shapes, result)" in infershape
    assert "does not broadcast with" not in infershape
    core = (tmp_path / "outer_scale" / "op_host" / "outer_scale_tiling_core.h").read_text(encoding="utf-8")
    assert "inline Status OutputShape(const Shape* inputs, Shape& out)" in core
    driver = (tmp_path / "outer_scale" / "tests" / "portable" / "kernel_main.cpp").read_text(encoding="utf-8")
    assert "the shape inference (OutputShape) is not the shape key %u writes" in driver
