"""The audit and the framework macros the walk models instead of expanding: a check macro's own logging and a DFX
macro's stringized API name are no calls a route leaves unwalked, even when a name they use is, by name alone, one
that reaches a launch (hicann/ops-nn: `CHECK_RET -> ... -> GetOpName` met a tiling class's method of that name)."""

from __future__ import annotations

from pathlib import Path

from op_migrate.analyzers.aclnn import analyze_chains, evaluate, facts_matrix
from op_migrate.analyzers.route.macro_calls import stringized_only

LOG_HEADER = """#pragma once
#define CHECK_RET(cond, ret) do { if (!(cond)) { DemoLog(GetOpName()); return ret; } } while (0)
#define L2_DFX_PHASE_1(APIName, IN, OUT) InitL2Phase1Context(#APIName, executor)
"""

# A class elsewhere whose method shares the logging's name and launches: the name graph joins them.
RUNNER = """#include "demo_log.h"
class DemoRunner : public RunnerBase {
public:
    const char* GetOpName() { l0op::Abs(x_, executor_); return "demo"; }
};
"""

ENTRY = """#include "demo_log.h"
aclnnStatus aclnnDemoGetWorkspaceSize(const aclTensor* self, aclTensor* out, uint64_t* workspaceSize,
                                      aclOpExecutor** executor)
{
    L2_DFX_PHASE_1(aclnnDemo, DFX_IN(self), DFX_OUT(out));
    auto uniqueExecutor = CREATE_EXECUTOR();
    CHECK_RET(uniqueExecutor.get() != nullptr, ACLNN_ERR_INNER_CREATE_EXECUTOR);
    auto result = l0op::Abs(self, uniqueExecutor.get());
    CHECK_RET(result != nullptr, ACLNN_ERR_INNER_NULLPTR);
    auto copied = l0op::ViewCopy(result, out, uniqueExecutor.get());
    CHECK_RET(copied != nullptr, ACLNN_ERR_INNER_NULLPTR);
    *workspaceSize = uniqueExecutor->GetWorkspaceSize();
    uniqueExecutor.ReleaseTo(executor);
    return ACLNN_SUCCESS;
}

aclnnStatus aclnnDemo(void* workspace, uint64_t workspaceSize, aclOpExecutor* executor, aclrtStream stream)
{
    DemoRunner runner;
    runner.GetOpName();
    return ACLNN_SUCCESS;
}
"""


def test_modelled_macros_leave_no_unwalked_place(tmp_path: Path) -> None:
    folder = tmp_path / "math" / "demo" / "op_api"
    folder.mkdir(parents=True)
    (tmp_path / "conversion").mkdir()
    (folder / "demo_log.h").write_text(LOG_HEADER)
    (folder / "demo_runner.cpp").write_text(RUNNER)
    (folder / "aclnn_demo.cpp").write_text(ENTRY)
    report = analyze_chains([folder / "aclnn_demo.cpp"], repo_root=tmp_path)
    routes = evaluate(report, facts=facts_matrix(["Ascend910B"], ["float16"], (), (), ())).routes
    route = next(r for r in routes if r.entry == "aclnnDemoGetWorkspaceSize")
    assert route.complete, route.incomplete_reasons
    assert "Abs" in [task.op for task in route.tasks]
    assert route.audit.unwalked == 0 and route.audit.walked >= 4  # the three CHECK_RETs and the DFX name


def test_a_parameter_used_only_stringized_is_not_evaluated() -> None:
    body = 'static_assert(Valid(#APIName "x")); Init(#APIName, executor); PROF(#IN, #OUT, IN, OUT)'
    assert stringized_only(["APIName", "IN", "OUT"], body) == [0]
    assert stringized_only(["a", "b"], "f(a ## b) # a") == []  # pasted: a new name, not the argument
    assert stringized_only(["a"], "g(a)") == []
    assert stringized_only(["unused"], "h()") == []


LOGGED = """#include "demo_log.h"
aclnnStatus aclnnDemoGetWorkspaceSize(const aclTensor* self, const aclIntArray* dim, DemoPrinter* printer,
                                      aclTensor* out, uint64_t* workspaceSize, aclOpExecutor** executor)
{
    auto uniqueExecutor = CREATE_EXECUTOR();
    OP_LOGE(ACLNN_ERR_PARAM_INVALID, "dims %s of %s", dim->ToString().GetString(), self->ToString().GetString());
    OP_LOGD("printer %s", {printer_call});
    auto result = l0op::Abs(self, uniqueExecutor.get());
    *workspaceSize = uniqueExecutor->GetWorkspaceSize();
    uniqueExecutor.ReleaseTo(executor);
    return ACLNN_SUCCESS;
}
"""
PRINTER = """class DemoPrinter : public PrinterBase {
public:
    const char* ToString() { l0op::Neg(x_, executor_); return "demo"; }
};
"""


def test_a_method_on_a_framework_object_in_a_log_is_the_frameworks(tmp_path: Path) -> None:
    # hicann/cann-ops: `dim->ToString()` in an OP_LOGE reached by name a tiling class's ToString that launches; the
    # receiver is an aclIntArray, whose methods are opbase's. A receiver of a repository class stays unwalked.
    verdicts = []
    for index, printer_call in enumerate(('"none"', "printer->ToString()")):
        root = tmp_path / str(index)  # a repository each: the reach index is built once per set of roots
        folder = root / "math" / "demo" / "op_api"
        folder.mkdir(parents=True)
        (root / "conversion").mkdir()
        (folder / "demo_log.h").write_text(LOG_HEADER)
        (folder / "demo_printer.cpp").write_text(PRINTER)
        (folder / "aclnn_demo.cpp").write_text(LOGGED.replace("{printer_call}", printer_call))
        report = analyze_chains([folder / "aclnn_demo.cpp"], repo_root=root)
        (route,) = evaluate(report, facts=facts_matrix(["Ascend910B"], ["float16"])).routes
        verdicts.append((route.complete, [r.symbol for r in route.incomplete_reasons]))
    assert verdicts == [(True, []), (False, ["route-unwalked-launch"])]
