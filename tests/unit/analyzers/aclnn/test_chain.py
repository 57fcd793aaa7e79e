"""The chain model: entry points, l0op call sites, L0 resolution by arity and nearness, catalog fallback, cache form."""

from __future__ import annotations

from pathlib import Path

from op_migrate.analyzers.aclnn import analyze_chains, evaluate, facts_matrix
from op_migrate.analyzers.aclnn.l0_index import L0Index, find_repo_root
from op_migrate.analyzers.cxx import parse_file, unit_from_json
from op_migrate.analyzers.route.l0_semantics import CatalogOp, catalog_op

TREE = Path(__file__).resolve().parents[4] / "tests" / "functional" / "aclnn" / "ops_math"
REMAINDER = TREE / "math/floor_mod/op_api/aclnn_remainder.cpp"


def test_repo_root_is_found_from_deep_inside() -> None:
    assert find_repo_root(REMAINDER.parent) == TREE.resolve()
    assert find_repo_root(Path("/")) is None


def test_entry_points_and_l0_call_sites() -> None:
    report = analyze_chains([REMAINDER])
    (chains,) = report.files
    assert [e.name for e in chains.entries] == [
        "aclnnRemainderTensorTensorGetWorkspaceSize", "aclnnInplaceRemainderTensorTensorGetWorkspaceSize"]
    floor_mod = next(c for c in chains.l0_calls if c.op == "FloorMod")
    assert (floor_mod.result, floor_mod.args, floor_mod.resolved) == ("result", ("a", "b", "uniqueExecutor.get()"), "repo")
    assert floor_mod.definition.endswith("math/floor_mod/op_api/floor_mod.cpp:31")
    kinds = {c.op: c.resolved for c in chains.l0_calls}
    assert kinds["Contiguous"] == "catalog" and kinds["BroadcastTo"] == "repo" and kinds["SqueezeNd"] == "repo"
    assert dict(chains.executor_calls) == {"AllocIntArray": 2}


def test_overloads_resolve_by_arity() -> None:
    index = L0Index([(TREE, [TREE / "conversion/broadcast_to/op_api/broadcast_to.cpp"])], parse_file)
    three = index.resolve("BroadcastTo", 3)
    four = index.resolve("BroadcastTo", 4)
    assert three.kind == four.kind == "repo"
    assert [p.name for p in three.function.params] == ["x", "shape", "executor"]
    assert [p.name for p in four.function.params] == ["x", "y", "shape", "executor"]
    assert three.where == f"{TREE / 'conversion/broadcast_to/op_api/broadcast_to.cpp'}:{three.function.line}"
    cast = index.resolve("Cast", 3)
    assert (cast.kind, cast.where, isinstance(cast.op, CatalogOp)) == ("catalog", "analyzers/data/l0_ops.toml", True)
    assert index.resolve("Nothing", 2).kind == "unresolved"


def test_the_closest_definition_wins(tmp_path: Path) -> None:
    body = ("namespace l0op {{ const aclTensor* Twin(const aclTensor* x, aclOpExecutor* executor) "
            "{{ return l0op::{}(x, executor); }} }}")
    near, far = tmp_path / "a" / "near" / "twin.cpp", tmp_path / "b" / "twin.cpp"
    for path, value in ((near, "Abs"), (far, "Neg")):
        path.parent.mkdir(parents=True)
        path.write_text(body.format(value))
    index = L0Index([(tmp_path, [far, near])], parse_file)
    resolved = index.resolve("Twin", 2, near=str(tmp_path / "a" / "near" / "caller.cpp"))
    assert resolved.unit.path == str(near)


def test_catalog_overloads() -> None:
    assert catalog_op("BroadcastTo", 3).effect == "alloc"
    assert catalog_op("BroadcastTo", 4).effect == "write"
    assert catalog_op("Cast", 3).when == "dtype-differs:0:1"
    assert catalog_op("Cast", 7) is None


def test_units_survive_the_json_cache_form() -> None:
    unit = parse_file(REMAINDER)
    assert unit_from_json(unit.to_json()) == unit


def test_a_ten_thousand_line_function_finishes(tmp_path: Path) -> None:
    lines = ["aclnnStatus aclnnHugeGetWorkspaceSize(const aclTensor* self, aclTensor* out, aclOpExecutor** executor)",
             "{", "    auto uniqueExecutor = CREATE_EXECUTOR();", "    auto x = l0op::Contiguous(self, uniqueExecutor.get());"]
    lines += ["    if (self->GetDataType() == op::DataType::DT_FLOAT) { x = l0op::Abs(x, uniqueExecutor.get()); }"
              for _ in range(10_000)]
    lines += ["    l0op::ViewCopy(x, out, uniqueExecutor.get());", "    return ACLNN_SUCCESS;", "}"]
    source = tmp_path / "huge.cpp"
    source.write_text("\n".join(lines))
    report = analyze_chains([source], repo_root=tmp_path)
    routes = evaluate(report, facts=facts_matrix(["Ascend910B"], ["float32"])).routes
    # 10,000 Abs launches; the tail ViewCopy re-points the last workspace result at `out` (no launch on 910B).
    assert len(routes[0].tasks) == 10_000 and routes[0].complete
    assert routes[0].steps[-1].op == "ViewCopy" and routes[0].steps[-1].effect == "re-point"


def test_stateless_bernoulli_runs_on_ai_cpu_except_on_regbase_for_its_dtypes(tmp_path: Path) -> None:
    # ops-math's stateless_bernoulli.cpp: IsAiCoreSupport is IsRegBase() and both dtypes in its AI Core lists.
    source = tmp_path / "aclnn_demo.cpp"
    source.write_text("aclnnStatus aclnnDemoGetWorkspaceSize(const aclTensor* self, const aclTensor* prob, int64_t seed,"
                      " int64_t offset, aclTensor* out, uint64_t* workspaceSize, aclOpExecutor** executor)\n{\n"
                      "    auto uniqueExecutor = CREATE_EXECUTOR();\n"
                      "    auto y = l0op::StatelessBernoulli(self, prob, seed, offset, uniqueExecutor.get());\n"
                      "    return ACLNN_SUCCESS;\n}\n")
    report = analyze_chains([source], repo_root=tmp_path)

    def launcher(soc: str, dtypes: list[str]) -> str:
        (route,) = evaluate(report, facts=facts_matrix([soc], dtypes, (), ())).routes
        (task,) = route.tasks
        return task.launcher

    assert launcher("Ascend910B", ["float32"]) == "AI_CPU"
    assert launcher("Ascend950", ["float32"]) == "AI_CORE"
    assert launcher("Ascend950", ["float64"]) == "AI_CPU"  # not in the AI Core output list
    assert launcher("Ascend950", ["float16", "prob=float64"]) == "AI_CPU"
    assert launcher("Ascend950", ["self=float16"]) == "AI_CPU|AI_CORE"  # prob's dtype unknown


def test_a_definition_that_only_returns_a_constant_is_a_stand_in(tmp_path: Path) -> None:
    # A vendored link library (ops-transformer's 3rd/ops_legacy style) defines the L0 ops it links as `return nullptr`.
    legacy = tmp_path / "own" / "mc2" / "3rd" / "ops_legacy" / "op_api" / "legacy_api.cpp"
    real = tmp_path / "upstream" / "conversion" / "demo" / "op_api" / "demo.cpp"
    legacy.parent.mkdir(parents=True)
    real.parent.mkdir(parents=True)
    legacy.write_text("namespace l0op {\nconst aclTensor* DemoCopy(const aclTensor* /*x*/, aclOpExecutor* /*e*/)\n"
                      "{\n    return nullptr;\n}\n}\n")
    real.write_text("namespace l0op {\nconst aclTensor* DemoCopy(const aclTensor* x, aclOpExecutor* executor)\n{\n"
                    "    auto out = executor->AllocTensor(x->GetViewShape(), x->GetDataType());\n"
                    "    ADD_TO_LAUNCHER_LIST_AICORE(DemoCopy, OP_INPUT(x), OP_OUTPUT(out));\n    return out;\n}\n}\n")
    index = L0Index([(tmp_path / "own", [legacy]), (tmp_path / "upstream", [real])], parse_file)
    resolved = index.resolve("DemoCopy", 2)
    assert resolved.unit.path == str(real)
    assert resolved.rejected == ("mc2/3rd/ops_legacy/op_api/legacy_api.cpp:2: launches nothing and returns a constant",)
