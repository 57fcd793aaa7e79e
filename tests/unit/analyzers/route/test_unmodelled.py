"""Unknown is the default, in one place: every expression and statement kind has its handler, and every call form
the walk cannot follow makes its route incomplete with a reason naming it (route/unmodelled.py)."""

from __future__ import annotations

from pathlib import Path

import pytest

from op_migrate.analyzers.aclnn import analyze_chains, evaluate, facts_matrix
from op_migrate.analyzers.cxx.model import EXPR_KINDS, STMT_KINDS
from op_migrate.analyzers.route.walk import RouteWalk

HEAD = ("aclnnStatus aclnnDemoGetWorkspaceSize(const aclTensor* self, aclTensor* out, uint64_t* workspaceSize, "
        "aclOpExecutor** executor)\n{\n    auto uniqueExecutor = CREATE_EXECUTOR();\n")


def _route(tmp_path: Path, body: str, prelude: str = ""):
    source = tmp_path / "demo.cpp"
    source.write_text(prelude + HEAD + body + "    return ACLNN_SUCCESS;\n}\n")
    report = analyze_chains([source], repo_root=tmp_path)
    (route,) = evaluate(report, facts=facts_matrix(["Ascend910B"], ["float16"], (), (), ())).routes
    return route


def test_every_expression_kind_has_a_handler() -> None:
    missing = [kind for kind in EXPR_KINDS if not callable(getattr(RouteWalk, f"_value_{kind}", None))]
    assert missing == []


# One statement of each kind; an `unparsed` one (an ERROR node the front end kept as text) is the unknown.
STATEMENTS = {
    "decl": "    int64_t n = 3;\n",
    "assign": "    int64_t m = 0;\n    m = 4;\n",
    "expr": "    l0op::Abs(self, uniqueExecutor.get());\n",
    "if": "    if (self->IsEmpty()) { l0op::Abs(self, uniqueExecutor.get()); }\n",
    "switch": "    switch (self->GetDataType()) { case op::DataType::DT_FLOAT: break; default: break; }\n",
    "return": "    if (out == nullptr) { return ACLNN_ERR_PARAM_NULLPTR; }\n",
    "loop": "    for (int i = 0; i < 2; i++) { l0op::Abs(self, uniqueExecutor.get()); }\n",
    "block": "    { l0op::Abs(self, uniqueExecutor.get()); }\n",
    "break": "    while (true) { break; }\n",
    "continue": "    for (int i = 0; i < 2; i++) { continue; }\n",
    "unparsed": "    auto x = l0op::Abs(self, uniqueExecutor.get()) @@ oops;\n",
}


@pytest.mark.parametrize("kind", STMT_KINDS)
def test_every_statement_kind_is_walked_or_named(tmp_path: Path, kind: str) -> None:
    route = _route(tmp_path, STATEMENTS[kind])
    if kind == "unparsed":
        assert [r.symbol for r in route.incomplete_reasons] == ["route-unparsed-construct"]
    else:
        assert route.complete, route.incomplete_reasons


DEFINED_NOWHERE = "class DemoRunner {\npublic:\n    explicit DemoRunner(const aclTensor *x) : x_(x) {}\n" \
                  "    aclnnStatus Launch();\nprivate:\n    const aclTensor *x_;\n};\n"
# Each call form the walk cannot follow, given a tensor: (body, prelude, the reason's symbol, a word it must name).
UNFOLLOWED = {
    "function defined nowhere": ("    ExecDemoOp(self, uniqueExecutor.get());\n", "", "route-helper-not-found",
                                 "ExecDemoOp"),
    "method on an unknown receiver": ("    auto graph = MakeDemoGraph();\n    graph->Execute(self);\n", "",
                                      "route-helper-not-found", "graph->Execute"),
    "method of a class defined nowhere": ("    DemoRunner runner(self);\n    runner.Launch();\n", DEFINED_NOWHERE,
                                          "route-method-not-found", "DemoRunner::Launch"),
    "macro defined nowhere": ("    DEMO_LAUNCH_ALL(self, uniqueExecutor.get());\n", "", "route-helper-not-found",
                              "DEMO_LAUNCH_ALL"),
    "function pointer of unknown target": ("    auto fn = PickDemoKernel(2);\n    fn(self, uniqueExecutor.get());\n",
                                           "", "route-unknown-callable", "fn"),
    "generated API without its OpDef": ("    aclnnInnerNoSuchOpGetWorkspaceSize(self, out, workspaceSize, executor);\n",
                                        "", "route-generated-api-unknown", "aclnnInnerNoSuchOpGetWorkspaceSize"),
}


@pytest.mark.parametrize("form", sorted(UNFOLLOWED))
def test_every_call_form_the_walk_cannot_follow_is_named(tmp_path: Path, form: str) -> None:
    body, prelude, symbol, named = UNFOLLOWED[form]
    route = _route(tmp_path, body, prelude)
    assert not route.complete
    assert symbol in [r.symbol for r in route.incomplete_reasons]
    assert any(named in r.message for r in route.incomplete_reasons), route.incomplete_reasons


def test_a_launch_hidden_in_a_lambda_never_called_is_an_unwalked_launch(tmp_path: Path) -> None:
    # The audit: a lambda written but handed to something the walk does not model; its launch is reachable.
    body = "    auto later = [&]() { l0op::Abs(self, uniqueExecutor.get()); };\n    Schedule(later);\n"
    route = _route(tmp_path, body)
    assert not route.complete
    assert {"route-unwalked-launch", "route-helper-not-found"} & {r.symbol for r in route.incomplete_reasons}


def test_a_host_computation_the_walk_does_not_model_is_no_reason(tmp_path: Path) -> None:
    # Given no tensor, executor, object or function, and reaching no launch: a host value, unknown, no reason.
    route = _route(tmp_path, "    auto n = ComputeDemoTileCount(128, 3);\n    l0op::Abs(self, uniqueExecutor.get());\n")
    assert route.complete and [t.op for t in route.tasks] == ["Abs"]


@pytest.mark.parametrize(("call", "may"), [("DecideElsewhere(self->GetViewShape().GetDimNum() > 2, useAbs);", True),
                                           ("std::swap(useAbs, other);", False)])  # modelled: useAbs is true
def test_a_host_variable_given_whole_to_a_call_not_followed_is_unknown_after_it(tmp_path: Path, call: str,
                                                                                  may: bool) -> None:
    # `void DecideElsewhere(bool, bool& out)` is defined nowhere in reach: its second parameter may be a reference.
    body = f"""    bool useAbs = false;
    bool other = true;
    {call}
    if (useAbs) {{
        l0op::Abs(self, uniqueExecutor.get());
    }}
"""
    route = _route(tmp_path, body)
    assert [(t.op, t.may) for t in route.tasks] == [("Abs", may)]
    assert route.complete


def test_an_object_given_in_a_loop_to_a_call_not_followed_leaves_the_route_open_on_every_pass(tmp_path: Path) -> None:
    # ops-nn QuantConvolution: `checkList[i]->Check(engine)` in a loop; forgetting `engine` after the first pass
    # hid it from the next and the route became complete.
    prelude = """struct Engine {
    const aclTensor* x;
    int64_t mode;
};
class Checker {
public:
    virtual ~Checker() = default;
    virtual aclnnStatus Check(Engine& engine) = 0;
};

static aclnnStatus CheckAll(Engine& engine)
{
    std::vector<std::unique_ptr<Checker>> checkList;
    checkList.push_back(MakeFirstChecker());
    for (size_t i = 0; i < checkList.size(); i++) {
        aclnnStatus ret = checkList[i]->Check(engine);
        if (ret != ACLNN_SUCCESS) {
            return ret;
        }
    }
    return ACLNN_SUCCESS;
}

"""
    body = """    Engine engine{self, 0};
    auto ret = CheckAll(engine);
    CHECK_RET(ret == ACLNN_SUCCESS, ret);
"""
    route = _route(tmp_path, body, prelude)
    assert "route-helper-not-found" in [r.symbol for r in route.incomplete_reasons]


@pytest.mark.parametrize("statement", ["    DEMO_LAUNCH_ALL();\n", "    DEMO_LAUNCH_MODE(2);\n"])
def test_a_macro_defined_nowhere_leaves_the_route_open_even_given_nothing(tmp_path: Path, statement: str) -> None:
    # `#define DEMO_LAUNCH_ALL() l0op::Abs(self, uniqueExecutor.get())` in a header out of reach: its expansion sees
    # the entry's variables.
    route = _route(tmp_path, statement)
    assert [r.symbol for r in route.incomplete_reasons] == ["route-unknown-macro"]
    assert "DEMO_LAUNCH" in route.incomplete_reasons[0].message


def test_a_function_defined_nowhere_given_no_tensor_is_a_host_computation(tmp_path: Path) -> None:
    # A function reaches the executor and the tensors only through its arguments.
    route = _route(tmp_path, "    DemoLaunchAll();\n    int64_t n = CountDims(2);\n")
    assert route.complete and route.tasks == ()
