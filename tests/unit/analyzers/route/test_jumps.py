"""`break` and `continue`: a decided `continue` goes on with the next round (it ended the loop), and a jump under an
undecided guard leaves on its paths only: the statements after it are `may`, and its variables reach the round's or
the loop's end (they ran on into the statements after the jump, and a flag set before a `break` read as cleared)."""

from __future__ import annotations

from pathlib import Path

import pytest

from op_migrate.analyzers.aclnn import analyze_chains, evaluate, facts_matrix

ENTRY = """aclnnStatus aclnnDemoGetWorkspaceSize(const aclTensor* self, aclTensor* out, uint64_t* workspaceSize,
                                      aclOpExecutor** executor)
{{
    auto uniqueExecutor = CREATE_EXECUTOR();
    const aclTensor* result = self;
{body}
    *workspaceSize = 0;
    uniqueExecutor.ReleaseTo(executor);
    return ACLNN_SUCCESS;
}}
"""
LAUNCH = "result = l0op::Abs(result, uniqueExecutor.get());"


def _launches(tmp_path: Path, body: str) -> list[tuple[str, bool]]:
    source = tmp_path / "math" / "demo" / "op_api" / "aclnn_demo.cpp"
    source.parent.mkdir(parents=True, exist_ok=True)
    (tmp_path / "conversion").mkdir(exist_ok=True)
    source.write_text(ENTRY.format(body=body))
    report = analyze_chains([source], repo_root=tmp_path)
    (route,) = evaluate(report, facts=facts_matrix(["Ascend910B"], ["float16"])).routes
    assert route.complete and route.rejected is None, route.incomplete_reasons
    return [(task.op, task.may) for task in route.tasks]


CERTAIN, NONE, MAY = [("Abs", False)], [], [("Abs", True)]
COUNT = "    int64_t cnt = 0;\n    for (int64_t i = 0; i < 4; i++) {{\n        {inner}\n        cnt += 1;\n    }}\n"


@pytest.mark.parametrize("body, launches", [
    (COUNT.format(inner="if (i == 2) { continue; }") + f"    if (cnt == 3) {{ {LAUNCH} }}", CERTAIN),
    (COUNT.format(inner="").replace("i < 4", "i < 0") + f"    if (cnt == 0) {{ {LAUNCH} }}", CERTAIN),
    (COUNT.format(inner="if (i == 2) { break; }") + f"    if (cnt == 2) {{ {LAUNCH} }}", CERTAIN),
    (COUNT.format(inner="if (self->IsEmpty()) { break; }") + f"    if (cnt == 0) {{ {LAUNCH} }}", MAY),
    (COUNT.format(inner="if (self->IsEmpty()) { break; }") + f"    if (cnt == 4) {{ {LAUNCH} }}", MAY),
    (COUNT.format(inner="if (self->IsEmpty()) { continue; }") + f"    if (cnt == 0) {{ {LAUNCH} }}", MAY),
    (COUNT.format(inner="if (self->IsEmpty()) { break; } else { break; }") + f"    if (cnt == 0) {{ {LAUNCH} }}",
     CERTAIN),
    ("    bool found = false;\n    int64_t n = self->GetViewShape().GetDimNum() + self->GetViewOffset();\n"
     "    for (int64_t j = 0; j < n; j++) {\n"
     "        if (self->IsEmpty()) { found = true; break; }\n        found = false;\n    }\n"
     f"    if (found) {{ {LAUNCH} }}", MAY),
    ("    for (int64_t i = 0; i < 2; i++) {\n        if (self->IsEmpty()) { continue; }\n"
     f"        {LAUNCH}\n    }}", [("Abs", True), ("Abs", True)]),
    ("    int64_t x = 0;\n    int64_t k = 1;\n    switch (k) {\n        case 1:\n"
     "            if (self->IsEmpty()) { break; }\n            x = 2;\n            break;\n        default:\n"
     f"            x = 3;\n    }}\n    if (x == 0) {{ {LAUNCH} }}", MAY),
    ("    int64_t x = 0;\n    for (int64_t i = 0; i < 3; i++) {\n        switch (i) {\n            case 1:\n"
     "                continue;\n            default:\n                break;\n        }\n        x += 1;\n    }\n"
     f"    if (x == 2) {{ {LAUNCH} }}", CERTAIN),
])
def test_jumps_leave_on_their_paths(tmp_path: Path, body: str, launches) -> None:
    assert _launches(tmp_path, body) == launches


def test_a_loop_inside_a_loop_discovery_keeps_each_loops_jumps(tmp_path: Path) -> None:
    # Two loops' targets compared equal and the inner one's end removed the outer one's (ops-transformer
    # aclnn_grouped_matmul.cpp failed with an internal error).
    body = ("    int64_t n = self->GetViewShape().GetDimNum() + self->GetViewOffset();\n    int64_t hits = 0;\n"
            "    for (int64_t i = 0; i < n; i++) {\n        for (int64_t j = 0; j < n; j++) {\n"
            "            if (self->IsEmpty()) { break; }\n            hits += 1;\n        }\n"
            "        if (self->IsEmpty()) { continue; }\n    }\n"
            f"    if (hits == 0) {{ {LAUNCH} }}")
    assert _launches(tmp_path, body) == MAY


_DIMS = "    int64_t dims = static_cast<int64_t>(self->GetViewShape().GetDimNum());\n"


@pytest.mark.parametrize("cases, launches", [
    ("        case 1:\n            return ACLNN_SUCCESS;\n", MAY),  # probe set 51: dims other than 1 go on
    ("        case 1:\n        case 2:\n            return ACLNN_SUCCESS;\n", MAY),
    ("        case 1:\n            return ACLNN_SUCCESS;\n        default:\n            return ACLNN_SUCCESS;\n", NONE),
    ("        case 1:\n            return ACLNN_SUCCESS;\n        default:\n            break;\n", MAY),
])
def test_a_switch_without_default_may_match_no_case(tmp_path: Path, cases: str, launches) -> None:
    body = _DIMS + "    switch (dims) {\n" + cases + "    }\n    " + LAUNCH
    assert _launches(tmp_path, body) == launches
