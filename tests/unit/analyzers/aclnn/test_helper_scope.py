"""Helpers in the headers an op_api file includes are walked like the file's own; a repository helper defined
nowhere in reach that is given a tensor or the executor makes the route incomplete, never silently empty."""

from __future__ import annotations

from pathlib import Path

from op_migrate.analyzers.aclnn import analyze_chains, evaluate, facts_matrix
from op_migrate.analyzers.aclnn.includes import IncludeResolver, read_files

ENTRY = """aclnnStatus aclnnDemoGetWorkspaceSize(const aclTensor* self, double prob, aclTensor* out,
                                       uint64_t* workspaceSize, aclOpExecutor** executor)
{{
    auto uniqueExecutor = CREATE_EXECUTOR();
    CHECK_RET(CheckDemoParams(self, out) == ACLNN_SUCCESS, ACLNN_ERR_PARAM_INVALID);
{body}
    auto viewCopyResult = l0op::ViewCopy(result, out, uniqueExecutor.get());
    CHECK_RET(viewCopyResult != nullptr, ACLNN_ERR_INNER_NULLPTR);
    return ACLNN_SUCCESS;
}}
"""
# A helper in the ops-math idiom of dropout_common.h: a constant tensor filled on the device.
FILL_HELPER = """#ifndef DEMO_COMMON_H_
#define DEMO_COMMON_H_
#include "opdev/op_executor.h"
#include "conversion/fill/op_api/fill.h"

static const aclTensor* FillConstant(const aclTensor* like, float value, aclOpExecutor* executor)
{
    auto dims = op::ToShapeVector(like->GetViewShape());
    auto shape = executor->AllocIntArray(dims.data(), dims.size());
    auto dimTensor = executor->ConvertToTensor(shape, op::DataType::DT_INT64);
    auto valTensor = executor->ConvertToTensor(executor->AllocScalar(value), like->GetDataType());
    return l0op::Fill(dimTensor, valTensor, shape, executor);
}

static aclnnStatus CheckDemoParams(const aclTensor* self, const aclTensor* out)
{
    OP_CHECK_NULL(self, return ACLNN_ERR_PARAM_NULLPTR);
    return ACLNN_SUCCESS;
}
#endif
"""
# A parameter check that passes, for files whose entry calls CheckDemoParams without FILL_HELPER.
PASSING_CHECK = ("static aclnnStatus CheckDemoParams(const aclTensor* self, const aclTensor* out) "
                 "{ return ACLNN_SUCCESS; }\n")


def _tree(tmp_path: Path, files: dict[str, str]) -> Path:
    root = tmp_path / "repo"
    for folder in ("math", "conversion", "random"):
        (root / folder).mkdir(parents=True, exist_ok=True)
    for name, text in files.items():
        path = root / name
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(text)
    return root


def _route(root: Path, source: str, **facts):
    report = analyze_chains([root / source], repo_roots=[root])
    result = evaluate(report, facts=facts_matrix(["Ascend910B"], ["float16"], (), facts.get("scalars", ()), (), ()))
    (route,) = result.routes
    return route


def _launches(route) -> list[tuple[str, bool]]:
    return [(task.op, task.may) for task in route.tasks]


def test_a_helper_in_a_header_beside_the_file_is_walked(tmp_path: Path) -> None:
    root = _tree(tmp_path, {
        "random/demo/op_api/demo_common.h": FILL_HELPER,
        "random/demo/op_api/aclnn_demo.cpp": '#include "demo_common.h"\n' + ENTRY.format(
            body="    auto result = FillConstant(out, 0.0f, uniqueExecutor.get());"),
    })
    route = _route(root, "random/demo/op_api/aclnn_demo.cpp")
    assert route.complete, route.incomplete_reasons
    assert _launches(route) == [("Fill", False)]
    fill = route.steps[0]
    assert (fill.op, fill.function, Path(fill.file).name) == ("Fill", "FillConstant", "demo_common.h")


def test_includes_resolve_under_a_root_its_include_folders_and_transitively(tmp_path: Path) -> None:
    # `op_api/demo_check.h` is found in the root's common/inc (ops-math's include folder), and it includes the
    # fill helper with a root-relative path; the entry file includes only the check header.
    root = _tree(tmp_path, {
        "random/shared/op_api/demo_common.h": FILL_HELPER,
        "common/inc/op_api/demo_check.h": '#include "random/shared/op_api/demo_common.h"\n',
        "math/demo/op_api/aclnn_demo.cpp": '#include "op_api/demo_check.h"\n#include "opdev/op_log.h"\n' + ENTRY.format(
            body="    auto result = FillConstant(self, 1.0f, uniqueExecutor.get());"),
    })
    resolver = IncludeResolver([root])
    source = root / "math/demo/op_api/aclnn_demo.cpp"
    headers, cut = resolver.closure(source)
    assert [h.relative_to(root).as_posix() for h in headers] == [
        "common/inc/op_api/demo_check.h", "random/shared/op_api/demo_common.h"]
    assert not cut
    assert resolver.resolve("opdev/op_log.h", source) is None  # the framework's: not in reach, not read
    assert _launches(_route(root, "math/demo/op_api/aclnn_demo.cpp")) == [("Fill", False)]


def test_a_helper_a_header_declares_is_found_in_the_source_beside_it(tmp_path: Path) -> None:
    root = _tree(tmp_path, {
        "math/demo/op_api/demo_util.h": "const aclTensor* NegateAll(const aclTensor* x, aclOpExecutor* executor);\n"
                                        "aclnnStatus CheckDemoParams(const aclTensor* self, const aclTensor* out);\n",
        "math/demo/op_api/demo_util.cpp": '#include "demo_util.h"\n'
                                          "static const aclTensor* NegateAll(const aclTensor* x, int unused)\n"
                                          "{\n    return x;\n}\n"
                                          "const aclTensor* NegateAll(const aclTensor* x, aclOpExecutor* executor)\n"
                                          "{\n    return l0op::Abs(x, executor);\n}\n"
                                          "aclnnStatus CheckDemoParams(const aclTensor* self, const aclTensor* out)\n"
                                          "{\n    return ACLNN_SUCCESS;\n}\n",
        "math/demo/op_api/aclnn_demo.cpp": '#include "demo_util.h"\n' + ENTRY.format(
            body="    auto result = NegateAll(self, uniqueExecutor.get());"),
    })
    route = _route(root, "math/demo/op_api/aclnn_demo.cpp")
    assert route.complete, route.incomplete_reasons
    assert [(s.op, Path(s.file).name) for s in route.steps][:1] == [("Abs", "demo_util.cpp")]


def test_a_helper_defined_nowhere_in_reach_makes_the_route_incomplete(tmp_path: Path) -> None:
    root = _tree(tmp_path, {
        "random/demo/op_api/demo_common.h": "static const aclTensor* MaskAll(const aclTensor* x, "
                                            "aclOpExecutor* executor);\n" + FILL_HELPER.split("#endif")[0]
                                            .split("static const aclTensor* FillConstant")[0] + "#endif\n" +
                                            PASSING_CHECK,
        "random/demo/op_api/aclnn_demo.cpp": '#include "demo_common.h"\n' + ENTRY.format(
            body="    auto scale = ScaleOf(prob);\n"
                 "    auto result = MaskAll(self, uniqueExecutor.get());"),
    })
    route = _route(root, "random/demo/op_api/aclnn_demo.cpp")
    assert not route.complete
    (reason,) = route.incomplete_reasons
    assert reason.symbol == "route-helper-not-found"
    assert (Path(reason.file).name, reason.line) == ("aclnn_demo.cpp", 8)
    assert reason.message == ("MaskAll is given a tensor, the executor and is defined in none of the files the route "
                              "reads (aclnn_demo.cpp and 1 header it includes)")
    # ScaleOf(prob) gets a number: a host computation, not a route step; it leaves the route complete on its own.


def test_a_check_in_a_condition_that_cannot_be_found_is_reported_too(tmp_path: Path) -> None:
    # Before, a CHECK_RET condition was run only when it could launch: a helper nobody defines was skipped.
    root = _tree(tmp_path, {
        "math/demo/op_api/aclnn_demo.cpp": ENTRY.format(body="    auto result = l0op::Abs(self, uniqueExecutor.get());"),
    })
    route = _route(root, "math/demo/op_api/aclnn_demo.cpp")
    assert [r.symbol for r in route.incomplete_reasons] == ["route-helper-not-found"]
    assert route.incomplete_reasons[0].message.startswith("CheckDemoParams is given a tensor and is defined in none")


def test_a_function_passed_as_an_argument_is_called_through_its_parameter(tmp_path: Path) -> None:
    root = _tree(tmp_path, {
        "math/demo/op_api/demo_common.h": "static const aclTensor* Apply(const aclTensor* x, aclOpExecutor* executor,\n"
                                          "    const aclTensor* (*kernel)(const aclTensor*, aclOpExecutor*))\n"
                                          "{\n    return kernel(x, executor);\n}\n" + PASSING_CHECK,
        "math/demo/op_api/aclnn_demo.cpp": '#include "demo_common.h"\n'
                                           "static const aclTensor* Twice(const aclTensor* x, aclOpExecutor* executor)\n"
                                           "{\n    return l0op::Add(x, x, executor);\n}\n" + ENTRY.format(
            body="    auto result = Apply(self, uniqueExecutor.get(), Twice);"),
    })
    route = _route(root, "math/demo/op_api/aclnn_demo.cpp")
    assert route.complete, route.incomplete_reasons
    assert route.steps[0].op == "Add"


def test_the_files_a_source_reads_are_its_headers_and_the_sources_beside_them(tmp_path: Path) -> None:
    root = _tree(tmp_path, {
        "math/demo/op_api/demo_util.h": "int Twice(int);\n",
        "math/demo/op_api/demo_util.cpp": "int Twice(int x) { return 2 * x; }\n",
        "math/demo/op_api/aclnn_demo.cpp": '#include "demo_util.h"\n#include "missing/nowhere.h"\n',
    })
    source = root / "math/demo/op_api/aclnn_demo.cpp"
    assert [p.name for p in read_files([root], source)] == ["demo_util.h", "demo_util.cpp"]


def test_a_lambda_called_in_place_is_walked_with_the_callers_variables(tmp_path: Path) -> None:
    # The aclnn_prod idiom: `auto selfCast = [&]() -> const aclTensor* { ... }();` picks a Cast by dtype.
    root = _tree(tmp_path, {
        "math/demo/op_api/aclnn_demo.cpp": PASSING_CHECK + ENTRY.format(
            body="    auto selfContiguous = l0op::Contiguous(self, uniqueExecutor.get());\n"
                 "    auto executorPtr = uniqueExecutor.get();\n"
                 "    auto result = [&selfContiguous, &out, &executorPtr]() -> const aclTensor* {\n"
                 "        if (selfContiguous->GetDataType() == op::DataType::DT_FLOAT16) {\n"
                 "            return l0op::Cast(selfContiguous, op::DataType::DT_FLOAT, executorPtr);\n"
                 "        }\n"
                 "        return selfContiguous;\n"
                 "    }();"),
    })
    route = _route(root, "math/demo/op_api/aclnn_demo.cpp")
    assert route.complete, route.incomplete_reasons
    cast = next(step for step in route.steps if step.op == "Cast")
    assert (cast.line, [t.op for t in route.tasks]) == (11, ["Cast"])  # float16 -> float32, then re-pointed


def test_a_framework_function_called_unqualified_needs_no_definition(tmp_path: Path) -> None:
    # ops-math's l0op::Contiguous calls `Validate(x)` inside `using namespace op`: opdev declares it, nothing in the
    # repository defines it, and it launches nothing (analyzers/data/framework_functions.toml).
    root = _tree(tmp_path, {
        "math/demo/op_api/aclnn_demo.cpp": ENTRY.format(
            body="    CHECK_RET(Validate(self), ACLNN_ERR_PARAM_INVALID);\n"
                 "    auto result = l0op::Abs(self, uniqueExecutor.get());").replace(
            "    CHECK_RET(CheckDemoParams(self, out) == ACLNN_SUCCESS, ACLNN_ERR_PARAM_INVALID);\n", ""),
    })
    route = _route(root, "math/demo/op_api/aclnn_demo.cpp")
    assert route.complete, route.incomplete_reasons
    assert _launches(route) == [("Abs", False)]


def test_a_repository_function_with_a_framework_name_is_walked(tmp_path: Path) -> None:
    # The list names what the framework declares; a function of that name the repository defines is its own.
    root = _tree(tmp_path, {
        "math/demo/op_api/aclnn_demo.cpp": "static const aclTensor* Validate(const aclTensor* x, "
                                           "aclOpExecutor* executor)\n{\n    return l0op::Fill(x, x, nullptr, "
                                           "executor);\n}\n" + PASSING_CHECK + ENTRY.format(
            body="    auto result = Validate(self, uniqueExecutor.get());"),
    })
    route = _route(root, "math/demo/op_api/aclnn_demo.cpp")
    assert route.complete, route.incomplete_reasons
    assert _launches(route) == [("Fill", False)]


def test_default_arguments_come_from_the_declaration_the_caller_sees(tmp_path: Path) -> None:
    # A GatherV2-style helper: the header gives the defaults, the .cpp beside it repeats the parameters without them.
    root = _tree(tmp_path, {
        "math/demo/op_api/demo_util.h": "const aclTensor* DemoGather(const aclTensor* x, aclOpExecutor* executor, "
                                        "int64_t batchDims = 0, bool negative = false);\n",
        "math/demo/op_api/demo_util.cpp": '#include "demo_util.h"\n'
                                          "const aclTensor* DemoGather(const aclTensor* x, aclOpExecutor* executor, "
                                          "int64_t batchDims, bool negative)\n{\n    if (negative) {\n"
                                          "        return l0op::Neg(x, executor);\n    }\n"
                                          "    return l0op::Abs(x, executor);\n}\n",
        "math/demo/op_api/aclnn_demo.cpp": '#include "demo_util.h"\n' + PASSING_CHECK + ENTRY.format(
            body="    auto result = DemoGather(self, uniqueExecutor.get());"),
    })
    route = _route(root, "math/demo/op_api/aclnn_demo.cpp")
    assert route.complete, route.incomplete_reasons
    assert _launches(route) == [("Abs", False)]


def test_includes_resolve_in_folders_the_cmake_files_name_and_relative_to_the_file(tmp_path: Path) -> None:
    root = _tree(tmp_path, {
        "cmake/variables.cmake": "set(OPAPI_INCLUDE\n  ${DEMO_OPS_DIR}/common/include\n  ${DEMO_OPS_DIR}/mc2/3rd\n)\n",
        "mc2/3rd/common/op_host/op_api/demo_util.h": FILL_HELPER,
        "mc2/demo/op_host/op_api/checks/demo_check.h": PASSING_CHECK,
        "mc2/demo/op_host/op_api/aclnn_demo.cpp": '#include "common/op_host/op_api/demo_util.h"\n'
                                                   '#include "../op_api/checks/demo_check.h"\n' + ENTRY.format(
            body="    auto result = FillConstant(self, 1.0f, uniqueExecutor.get());"),
    })
    resolver = IncludeResolver([root])
    source = root / "mc2/demo/op_host/op_api/aclnn_demo.cpp"
    headers, _ = resolver.closure(source)
    assert [h.relative_to(root).as_posix() for h in headers] == [
        "mc2/3rd/common/op_host/op_api/demo_util.h", "mc2/demo/op_host/op_api/checks/demo_check.h"]
    route = _route(root, "mc2/demo/op_host/op_api/aclnn_demo.cpp")
    assert route.complete, route.incomplete_reasons
    assert _launches(route) == [("Fill", False)]


def test_a_parent_relative_include_written_against_a_folder_above_the_file(tmp_path: Path) -> None:
    # ops-nn's foreach operators: `op_host/op_api/aclnn_x.cpp` includes "../../x_utils/op_host/h.h", which the op's
    # op_host folder on the include path resolves; beside the file it names nothing.
    root = _tree(tmp_path, {
        "foreach/demo_utils/op_host/demo_helper.h": FILL_HELPER,
        "foreach/demo_add/op_host/op_api/aclnn_demo.cpp": '#include "../../demo_utils/op_host/demo_helper.h"\n' +
                                                           ENTRY.format(body="    auto result = FillConstant(self, 1.0f,"
                                                                             " uniqueExecutor.get());"),
    })
    resolver = IncludeResolver([root])
    source = root / "foreach/demo_add/op_host/op_api/aclnn_demo.cpp"
    assert resolver.resolve("../../demo_utils/op_host/demo_helper.h", source) == \
        root / "foreach/demo_utils/op_host/demo_helper.h"
    assert resolver.resolve("../../../../../outside.h", source) is None  # never above the root
    route = _route(root, "foreach/demo_add/op_host/op_api/aclnn_demo.cpp")
    assert route.complete, route.incomplete_reasons
    assert _launches(route) == [("Fill", False)]
