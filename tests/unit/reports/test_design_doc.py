"""Golden renders of the design document (zh, en) and the PR text for a fixed model."""

from __future__ import annotations

from pathlib import Path

import pytest

from op_migrate.analyzers.package import operator_info
from op_migrate.reports import design_doc
from op_migrate.reports.design_doc import Bilingual, DesignEvidence, GateRow

GOLDEN = Path(__file__).resolve().parents[2] / "functional" / "package"

NARRATIVE = {
    lang: {
        "source": f"{lang}: community task, FloorMod memory optimisation",
        "background": f"{lang}: the original chain broadcasts both inputs to the output shape",
        "description": f"{lang}: stride-aware FloorMod",
        "breakdown": [f"{lang}: keep the ABI", f"{lang}: remove output-sized BroadcastTo"],
        "external": f"{lang}: none",
        "modules": [["ACLNN API", f"{lang}: checks and route"], ["Op Kernel", f"{lang}: stride-aware CopyIn"]],
        "host_design": f"{lang}: modes CONTIGUOUS ... GENERAL",
        "kernel_design": f"{lang}: Div -> Floor -> Mul -> Sub",
        "precision": f"{lang}: as torch.remainder",
        "performance": f"{lang}: not below the original chain",
        "compatibility": f"{lang}: other architectures keep their route",
    }
    for lang in ("zh", "en")
}


def evidence() -> DesignEvidence:
    return DesignEvidence(
        op=operator_info("floor_mod"),
        category="math",
        narrative=NARRATIVE,
        prototype="| 参数名 | 输入/输出 |\n|---|---|\n| x1 | 输入 |",
        gates=(GateRow("layout", True, "complete", "齐全"), GateRow("license", True, "every source file")),
        tbe={
            "path": "impl/dynamic/floor_mod.py",
            "mode": "dynamic",
            "pattern": "ELEWISE_WITH_BROADCAST",
            "dtype_rows": [{"input": "x1", "dtype": "int64", "condition": 'api_check_support("tbe.dsl.vmod", "int64")'}],
            "aicpu_fallbacks": ["dtype == float32 and impl_mode == high_precision"],
            "registration_flow": Bilingual('flowchart TD\n    A["floor_mod"] -->|yes| B["classify"]',
                                           'flowchart TD\n    A["floor_mod"] -->|是| B["classify"]'),
            "compute_flow": 'flowchart TD\n    A["floor_mod_compute"] --> B{"dtype == int64?"}',
        },
        memory={
            "case": "self=[1024,1,64]:float16,other=[1,4096,64]:float16",
            "soc": "Ascend910B",
            "rule": Bilingual("executor: 512-byte blocks + 32 bytes", "executor：512 字节块 + 32 字节"),
            "rows": [
                {"stage": "before", "may": 0, "formula": "3*N*S", "npu_total_bytes": 1610612736, "peak_bytes": 1073741824, "params_bytes": 536870912,
                 "gpu_reference_bytes": 536870912,
                 "gap": 2.0, "launches": 3, "traffic_bytes": 2147483648},
                {"stage": "after", "may": 0, "formula": "N*S", "npu_total_bytes": 536870912, "peak_bytes": 0, "params_bytes": 536870912,
                 "gpu_reference_bytes": 536870912,
                 "gap": 0.0, "launches": 1, "traffic_bytes": 537395200},
                {"stage": "after", "may": 2, "formula": "2*N*S", "npu_total_bytes": 1073742848, "peak_bytes": 536871936, "params_bytes": 536870912,
                 "gpu_reference_bytes": 536870912,
                 "gap": 1.0, "launches": 3, "traffic_bytes": 1074266112},
            ],
            "charts": [{"stage": "before", "file": "memory_before.svg"}],
        },
        headers={
            "headers": "asc-devkit 9.1.0", "stubs": "CANN 8.1.RC1", "host": "none given", "archs": ["dav-2201"],
            "rows": [
                {"source": "op_kernel/floor_mod.cpp", "part": "kernel", "target": "dav-2201", "status": "pass",
                 "passed": 6, "compiles": 6, "reason": ""},
                {"source": "op_api/floor_mod.cpp", "part": "api", "target": "host", "status": "not-checked",
                 "passed": 0, "compiles": 1, "reason": "op_api/floor_mod.cpp: not checked: no host headers"},
            ],
        },
        routes={
            "policy": "floor_mod-native",
            "passed": True,
            "shown": 2,
            "total": 48,
            "rows": [{"soc": "Ascend910B", "dtype": "float16", "case": "self=[1024,1,64]", "passed": True,
                      "tasks": [{"op": "FloorMod", "launcher": "AI_CORE", "may": False}]},
                     {"soc": "Ascend910B", "dtype": "float16", "case": "rank0-self", "passed": True,
                      "tasks": [{"op": "BroadcastTo", "launcher": "AI_CORE", "may": True},
                                {"op": "FloorMod", "launcher": "AI_CORE", "may": False}]}],
        },
    )


@pytest.mark.parametrize("lang", ["zh", "en"])
def test_design_document_golden(lang: str, golden) -> None:
    golden.check(design_doc.design_document(evidence(), lang, "0.1.0"), GOLDEN / f"design_floor_mod_{lang}.md")


def test_pr_description_golden(golden) -> None:
    files = ["README.md", "docs/aclnnRemainderTensorTensor&aclnnInplaceRemainderTensorTensor.md", "docs/design.md",
             "op_api/aclnn_remainder.cpp"]
    text = design_doc.pr_description(evidence(), design_file="design.md", files=files, issue="Fixes #2895")
    golden.check(text, GOLDEN / "pr_floor_mod.md")


def test_pr_description_of_an_update_lists_each_change_and_credits_the_authors() -> None:
    # Before: an existing folder was replaced, its files deleted while the text listed every file as new (issue 30).
    changes = [{"status": "M", "path": "op_api/aclnn_remainder.cpp"}, {"status": "A", "path": "docs/design.md"},
               {"status": "D", "path": "op_api/squeeze.cpp"}]
    text = design_doc.pr_description(evidence(), design_file="design.md", issue="Fixes #1",
                                     files=["README.md", "docs/design.md", "op_api/aclnn_remainder.cpp"],
                                     changes=changes, authors=(("gitee-yanglulu", 3), ("cann-robot", 1)))
    assert "该目录已存在，本 PR 是对它的更新，共 3 个文件（新增 1、修改 1、删除 1）" in text
    assert "| 修改 | `op_api/aclnn_remainder.cpp` |" in text and "| 删除 | `op_api/squeeze.cpp` |" in text
    assert "已有作者（`git log`）：gitee-yanglulu（3 次提交）、cann-robot（1 次提交）" in text
    docs = text.split("## 文档更新", 1)[1].split("##", 1)[0]
    assert "`docs/design.md`" in docs and "squeeze" not in docs


def test_missing_evidence_says_why() -> None:
    bare = DesignEvidence(op=operator_info("gcd"), category="math", narrative=NARRATIVE, prototype="p", gates=(),
                          tbe_missing="no --tbe-source was given", memory_missing="no --before chain was given",
                          routes_missing="policy not evaluated")
    text = design_doc.design_document(bare, "en", "0.1.0")
    assert "no --tbe-source was given" in text and "no --before chain was given" in text
    assert "policy not evaluated" in text
    assert "Not checked against real Ascend C headers: the real-headers check was not run." in text


def test_title_is_the_community_task_form() -> None:
    assert design_doc.pr_title("gcd", "add Gcd") == "【社区任务】feat(gcd): add Gcd"
