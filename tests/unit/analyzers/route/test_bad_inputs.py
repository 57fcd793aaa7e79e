"""Bad input on a route: a huge function, a header that includes itself, a method defined in several files; each
gives a clear answer and the walk goes on."""

from __future__ import annotations

from pathlib import Path

from op_migrate.analyzers.aclnn import analyze_chains, evaluate, facts_matrix

ENTRY = ("aclnnStatus aclnnDemoGetWorkspaceSize(const aclTensor* self, aclTensor* out, uint64_t* workspaceSize, "
         "aclOpExecutor** executor)\n{{\n    auto uniqueExecutor = CREATE_EXECUTOR();\n{body}    return ACLNN_SUCCESS;\n}}\n")


def _routes(root: Path, source: str):
    report = analyze_chains([root / source], repo_roots=[root])
    return evaluate(report, facts=facts_matrix(["Ascend910B"], ["float16"], (), (), (), ()))


def _write(root: Path, files: dict[str, str]) -> Path:
    for name, text in files.items():
        path = root / name
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(text)
    for folder in ("math", "conversion"):
        (root / folder).mkdir(exist_ok=True)
    return root


def test_a_five_thousand_line_function_is_walked_whole(tmp_path: Path) -> None:
    lines = "".join(f"    int64_t v{i} = {i} * 2;\n" for i in range(5000))
    root = _write(tmp_path, {"math/big/op_api/aclnn_big.cpp": ENTRY.format(
        body=lines + "    l0op::Abs(self, uniqueExecutor.get());\n")})
    (route,) = _routes(root, "math/big/op_api/aclnn_big.cpp").routes
    assert route.complete and [t.op for t in route.tasks] == ["Abs"]


def test_a_header_that_includes_itself_is_read_once(tmp_path: Path) -> None:
    header = '#include "loop.h"\n#include "loop.h"\nstatic const aclTensor* Twice(const aclTensor* x, ' \
             'aclOpExecutor* e) { return l0op::Abs(x, e); }\n'
    root = _write(tmp_path, {"math/loop/op_api/loop.h": header, "math/loop/op_api/aclnn_loop.cpp": '#include "loop.h"\n'
                             + ENTRY.format(body="    Twice(self, uniqueExecutor.get());\n")})
    (route,) = _routes(root, "math/loop/op_api/aclnn_loop.cpp").routes
    assert route.complete and [t.op for t in route.tasks] == ["Abs"]


def test_a_method_defined_in_several_files_is_walked_once_and_noted(tmp_path: Path) -> None:
    klass = "class DemoRunner {\npublic:\n    aclnnStatus Run(const aclTensor* x, aclOpExecutor* e);\n};\n"
    method = '#include "runner.h"\naclnnStatus DemoRunner::Run(const aclTensor* x, aclOpExecutor* e)\n{{\n' \
             '    l0op::{op}(x, e);\n    return ACLNN_SUCCESS;\n}}\n'
    root = _write(tmp_path, {
        "math/demo/op_api/runner.h": klass,
        "math/demo/op_api/runner_a.cpp": method.format(op="Abs"),
        "math/demo/op_api/runner_b.cpp": method.format(op="Neg"),
        "math/demo/op_api/aclnn_demo.cpp": '#include "runner.h"\n' + ENTRY.format(
            body="    DemoRunner runner;\n    runner.Run(self, uniqueExecutor.get());\n"),
    })
    result = _routes(root, "math/demo/op_api/aclnn_demo.cpp")
    (route,) = result.routes
    assert route.complete and [t.op for t in route.tasks] == ["Abs"]
    (note,) = [f for f in result.findings if f.symbol == "route-several-definitions"]
    assert "runner_a.cpp" in note.message and "runner_b.cpp" in note.message


def test_a_macro_that_expands_to_itself_is_named_and_the_walk_goes_on(tmp_path: Path) -> None:
    source = "#define DEMO_LOOP(x) DEMO_LOOP(x)\n#define DEMO_PING(x) DEMO_PONG(x)\n#define DEMO_PONG(x) DEMO_PING(x)\n" + \
        ENTRY.format(body="    DEMO_LOOP(self);\n    DEMO_PING(self);\n    l0op::Abs(self, uniqueExecutor.get());\n")
    root = _write(tmp_path, {"math/loop/op_api/aclnn_loop.cpp": source})
    (route,) = _routes(root, "math/loop/op_api/aclnn_loop.cpp").routes
    # As after g++ -E: the expansion stops at the macro's own name, which is then a call of a function defined
    # nowhere, given a tensor: the route is incomplete, naming it (and the walk goes on to the launch).
    assert [t.op for t in route.tasks] == ["Abs"]
    assert not route.complete
    assert [(r.symbol, r.message.split(" ")[0]) for r in route.incomplete_reasons] == [
        ("route-helper-not-found", "DEMO_LOOP"), ("route-helper-not-found", "DEMO_PING")]
