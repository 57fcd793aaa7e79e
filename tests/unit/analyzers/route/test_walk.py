"""The route walk on small entry points: pruning, may-branches, early returns, switches, references, loops, views."""

from __future__ import annotations

from pathlib import Path

from op_migrate.analyzers.aclnn import analyze_chains, evaluate, facts_matrix

HEAD = "aclnnStatus aclnnDemoGetWorkspaceSize(const aclTensor* self, const aclScalar* prob, aclTensor* out, " \
       "uint64_t* workspaceSize, aclOpExecutor** executor)\n{\n    auto uniqueExecutor = CREATE_EXECUTOR();\n"
TAIL = "    return ACLNN_SUCCESS;\n}\n"


def route(tmp_path: Path, body: str, prelude: str = "", socs=(), dtypes=(), shapes=(), scalars=(), strides=()):
    source = tmp_path / "demo.cpp"
    source.write_text(prelude + HEAD + body + TAIL)
    report = analyze_chains([source], repo_root=tmp_path)
    (result,) = evaluate(report, facts=facts_matrix(socs, dtypes, shapes, scalars, strides)).routes
    return result


def ops(result):
    return [(t.op, t.may) for t in result.tasks]


def test_decided_guards_prune_and_undecided_ones_keep_both_arms(tmp_path: Path) -> None:
    body = """    if (GetCurrentPlatformInfo().GetCurNpuArch() == NpuArch::DAV_2201) {
        auto a = l0op::Abs(self, uniqueExecutor.get());
    } else {
        auto b = l0op::Muls(self, 2, uniqueExecutor.get());
    }
"""
    assert ops(route(tmp_path, body, socs=["Ascend910B"])) == [("Abs", False)]
    assert ops(route(tmp_path, body, socs=["Ascend950"])) == [("Muls", False)]
    unknown = route(tmp_path, body)
    assert ops(unknown) == [("Abs", True), ("Muls", True)]
    assert unknown.tasks[1].guards == ("!(GetCurrentPlatformInfo().GetCurNpuArch() == NpuArch::DAV_2201)",)
    assert unknown.undecided_guards == ("GetCurrentPlatformInfo().GetCurNpuArch() == NpuArch::DAV_2201",)
    assert unknown.complete and not unknown.decided


def test_an_undecided_early_return_makes_the_rest_may(tmp_path: Path) -> None:
    body = """    if (self->IsEmpty()) {
        return ACLNN_SUCCESS;
    }
    auto a = l0op::Abs(self, uniqueExecutor.get());
"""
    assert ops(route(tmp_path, body)) == [("Abs", True)]
    assert route(tmp_path, body).tasks[0].guards == ("!(self->IsEmpty())",)
    assert ops(route(tmp_path, body, shapes=["self=[2,3]"])) == [("Abs", False)]
    assert ops(route(tmp_path, body, shapes=["self=[0,3]"])) == []


def test_error_handling_is_not_a_route(tmp_path: Path) -> None:
    body = """    auto a = l0op::Abs(self, uniqueExecutor.get());
    if (a == nullptr) {
        auto never = l0op::Neg(self, uniqueExecutor.get());
        return ACLNN_ERR_INNER_NULLPTR;
    }
    CHECK_RET(a != nullptr, ACLNN_ERR_INNER_NULLPTR);
    OP_CHECK_NULL(a, return ACLNN_ERR_INNER_NULLPTR);
    auto b = l0op::Abs(a, uniqueExecutor.get());
"""
    assert ops(route(tmp_path, body)) == [("Abs", False), ("Abs", False)]


def test_switch_with_fall_through_and_locals(tmp_path: Path) -> None:
    body = """    auto soc = GetCurrentPlatformInfo().GetSocVersion();
    bool wide = soc >= SocVersion::ASCEND910B && soc <= SocVersion::ASCEND910_93;
    switch (soc) {
        case SocVersion::ASCEND910B:
        case SocVersion::ASCEND910_93:
            l0op::Abs(self, uniqueExecutor.get());
            break;
        default:
            l0op::Neg(self, uniqueExecutor.get());
    }
    if (wide) {
        l0op::Sign(self, uniqueExecutor.get());
    }
"""
    assert [op for op, _ in ops(route(tmp_path, body, socs=["Ascend910_93"]))] == ["Abs", "Sign"]
    assert [op for op, _ in ops(route(tmp_path, body, socs=["Ascend910"]))] == ["Neg"]


def test_reference_parameters_flow_back_to_the_caller(tmp_path: Path) -> None:
    prelude = """static aclnnStatus Make(const aclTensor* x, const aclTensor*& made, aclOpExecutor* executor)
{
    made = l0op::ZerosLike(x, executor);
    return ACLNN_SUCCESS;
}
"""
    body = """    const aclTensor* made = nullptr;
    auto status = Make(self, made, uniqueExecutor.get());
    l0op::ViewCopy(made, out, uniqueExecutor.get());
"""
    result = route(tmp_path, body, prelude)
    (zeros,) = result.tasks  # ViewCopy re-points ZerosLike's result at out: ZerosLike writes the output
    (made,) = zeros.writes
    assert (result.tensor(made).effect, result.tensor(made).base) == ("write", "out")


def test_cast_to_the_same_dtype_is_no_launch(tmp_path: Path) -> None:
    body = "    auto c = l0op::Cast(self, out->GetDataType(), uniqueExecutor.get());\n"
    assert ops(route(tmp_path, body, dtypes=["float16"])) == []
    assert ops(route(tmp_path, body, dtypes=["self=float16", "out=float32"])) == [("Cast", False)]
    assert ops(route(tmp_path, body)) == [("Cast", True)]


def test_create_view_with_set_data_type_is_an_alias(tmp_path: Path) -> None:
    body = """    auto bytes = uniqueExecutor->CreateView(out, out->GetViewShape(), out->GetViewOffset());
    bytes->SetDataType(op::DataType::DT_UINT8);
    auto host = uniqueExecutor->AllocScalar(1.0);
    auto dims = uniqueExecutor->AllocIntArray(nullptr, 0);
"""
    result = route(tmp_path, body, shapes=["out=[8]"])
    (alias,) = [t for t in result.tensors if t.effect != "param"]
    assert (alias.effect, alias.base, alias.dtype, alias.dims) == ("alias", "out", "uint8", (8,))
    assert [e.kind for e in result.events] == ["create"]
    assert result.steps == ()  # no L0 call: nothing for the step view


def test_counted_loops_over_known_dims_run_exactly(tmp_path: Path) -> None:
    body = """    int64_t rank = self->GetViewShape().GetDimNum();
    std::vector<int64_t> dims(rank);
    for (int64_t i = 0; i < rank; i++) {
        dims[i] = (self->GetViewShape())[i] * 2;
    }
    auto target = uniqueExecutor->AllocIntArray(dims.data(), rank);
    auto wide = l0op::BroadcastTo(self, target, uniqueExecutor.get());
"""
    result = route(tmp_path, body, shapes=["self=[3,1]"])
    (wide,) = [t for t in result.tensors if t.producer == "BroadcastTo"]
    assert wide.dims == (6, 2) and not result.tasks[0].may


def test_steps_follow_program_order(tmp_path: Path) -> None:
    body = """    auto a = l0op::Abs(self, uniqueExecutor.get());
    auto v = l0op::Reshape(a, nullptr, uniqueExecutor.get());
    l0op::ViewCopy(v, out, uniqueExecutor.get());
"""
    result = route(tmp_path, body)
    assert [(e.kind, e.tensor or e.task) for e in result.events] == [
        ("create", "t1"), ("launch", 0), ("create", "t2")]
    # ViewCopy re-points the view's storage (Abs's result) at out: Abs then writes the output itself.
    assert [t.effect for t in result.tensors] == ["param", "param", "write", "view"]
    assert [(s.op, s.kind, s.tasks, s.effect) for s in result.steps] == [
        ("Abs", "op", (0,), "launch"), ("Reshape", "helper", (), "view"), ("ViewCopy", "helper", (), "re-point")]
    assert [(t.via, t.step) for t in result.tasks] == [("Abs", 0)]


def test_the_fast_writer_equals_to_json(tmp_path: Path) -> None:
    from op_migrate.analyzers.route.route_json import route_to_json

    body = """    auto a = l0op::Abs(self, uniqueExecutor.get());
    if (IsRegBase()) {
        a = l0op::Cast(a, op::DataType::DT_FLOAT, uniqueExecutor.get());
    }
    l0op::ViewCopy(a, out, uniqueExecutor.get());
"""
    result = route(tmp_path, body, shapes=["self=[2]"], dtypes=["float16"])
    assert route_to_json(result) == result.to_json()


def test_a_variable_set_in_undecided_arms_is_read_as_every_tensor_it_may_hold(tmp_path: Path) -> None:
    body = """    const aclTensor* picked = nullptr;
    if (IsRegBase()) {
        picked = l0op::ZerosLike(self, uniqueExecutor.get());
    } else {
        picked = l0op::OnesLike(self, uniqueExecutor.get());
    }
    l0op::ViewCopy(picked, out, uniqueExecutor.get());
"""
    # A strided `out`: whichever tensor `picked` holds, ViewCopy copies it with its kernel.
    zeros, ones, copy = route(tmp_path, body, strides=["out=[2]"], shapes=["out=[4]"]).tasks
    assert copy.op == "ViewCopy" and copy.reads == zeros.writes + ones.writes and not copy.may
    decided = route(tmp_path, body, socs=["Ascend950"], strides=["out=[2]"], shapes=["out=[4]"])
    assert [t.op for t in decided.tasks] == ["ZerosLike", "ViewCopy"] and decided.tasks[1].reads == ("t1",)


def test_helper_fan_out_is_cut_by_the_walk_budget(tmp_path: Path, monkeypatch) -> None:
    from op_migrate.analyzers.route import walk

    monkeypatch.setattr(walk, "MAX_STEPS", 2_000)
    helpers = ["static const aclTensor* H0(const aclTensor* x, aclOpExecutor* e) { return l0op::Abs(x, e); }"]
    helpers += [f"static const aclTensor* H{i}(const aclTensor* x, aclOpExecutor* e) "
                f"{{ auto a = H{i - 1}(x, e); return H{i - 1}(a, e); }}" for i in range(1, 30)]
    result = route(tmp_path, "    auto r = H29(self, uniqueExecutor.get());\n", "\n".join(helpers) + "\n")
    assert not result.complete
    assert 0 < len(result.tasks) < 2_000


def test_contiguous_returns_its_input_view_shape_on_every_branch(tmp_path: Path) -> None:
    # Whether the framework's Contiguous copies (a kernel into a tensor it sizes from parameters the walk cannot
    # follow) or returns a view, the result has x's view shape: a later rank test on it is decided.
    prelude = """namespace l0op {
const aclTensor* Contiguous(const aclTensor* x, aclOpExecutor* executor)
{
    if (IsRegBase()) {
        return x;
    }
    auto copied = executor->AllocTensor(dstShape, x->GetDataType());
    ADD_TO_LAUNCHER_LIST_AICORE(AsStrided, OP_INPUT(x), OP_OUTPUT(copied));
    return copied;
}
}  // namespace l0op
"""
    body = """    auto xContiguous = l0op::Contiguous(self, uniqueExecutor.get());
    if (xContiguous->GetViewShape().GetDimNum() == 0) {
        xContiguous = l0op::Abs(xContiguous, uniqueExecutor.get());
    }
"""
    result = route(tmp_path, body, prelude, shapes=["self=[4,8]"], dtypes=["float16"], strides=["self=[1,4]"])
    assert ops(result) == [("AsStrided", True)]
    (copied,) = [t for t in result.tensors if t.producer == "Contiguous" and t.effect == "alloc"]
    assert copied.dims == (4, 8)


def test_a_do_while_body_runs_once_before_its_condition(tmp_path: Path) -> None:
    body = """    do {
        auto a = l0op::Abs(self, uniqueExecutor.get());
    } while (0);
    do {
        if (self->IsEmpty()) {
            break;
        }
        l0op::Neg(self, uniqueExecutor.get());
    } while (false);
"""
    assert ops(route(tmp_path, body, shapes=["self=[2,3]"])) == [("Abs", False), ("Neg", False)]
    assert ops(route(tmp_path, body, shapes=["self=[0,3]"])) == [("Abs", False)]


def test_host_vectors_of_numbers_are_read_back_from_the_executor_s_arrays(tmp_path: Path) -> None:
    body = """    std::vector<float> scales{};
    scales.push_back(static_cast<float>(1.0 / 2));
    scales.push_back(0.5f);
    const aclFloatArray* cast = uniqueExecutor->AllocFloatArray(scales.data(), scales.size());
    int64_t perm[] = {1, 0};
    auto permArray = uniqueExecutor->AllocIntArray(perm, 2);
    if ((*cast)[0] >= 0.25 && (*cast)[1] >= 0.25 && permArray->Size() == 2) {
        l0op::Abs(self, uniqueExecutor.get());
    } else {
        l0op::ZerosLike(self, uniqueExecutor.get());
    }
"""
    assert ops(route(tmp_path, body)) == [("Abs", False)]


BF16_MATH = """
namespace std {
inline bool isinf(const bfloat16 &a) { return std::isinf(float(a)); }
inline bool isfinite(const bfloat16 &a) { return std::isfinite(static_cast<float>(a)); }
}
"""


def test_a_std_call_on_a_builtin_number_reaches_the_library_not_the_repository_s_class_overload(
        tmp_path: Path) -> None:
    # opbase's bfloat16.h: `std::isinf(const bfloat16&)` calls `std::isinf(float(a))`, <cmath>'s float overload.
    body = """    bfloat16 limit(1.0f);
    if (std::isinf(limit) || !std::isfinite(limit)) {
        return ACLNN_ERR_PARAM_INVALID;
    }
    auto a = l0op::Abs(self, uniqueExecutor.get());
"""
    result = route(tmp_path, body, BF16_MATH, socs=["Ascend910B"], dtypes=["float16"])
    assert result.complete, result.incomplete_reasons
    assert [t.op for t in result.tasks] == ["Abs"]


ALIGN_WRAPPERS = """
namespace ops {
template <typename T>
static T CeilAlign(T num1, T num2)
{
    return Ops::Base::CeilAlign(num1, num2);
}
}
"""


def test_a_qualified_call_does_not_reach_a_same_named_function_of_another_namespace(tmp_path: Path) -> None:
    # ops::CeilAlign wraps Ops::Base::CeilAlign (a framework function): the wrapper is not calling itself.
    body = """    int64_t aligned = ops::CeilAlign(static_cast<int64_t>(100), static_cast<int64_t>(32));
    if (aligned > 0) {
        auto a = l0op::Abs(self, uniqueExecutor.get());
    }
"""
    result = route(tmp_path, body, ALIGN_WRAPPERS, socs=["Ascend910B"], dtypes=["float16"])
    assert result.complete, result.incomplete_reasons
    assert [t.op for t in result.tasks] == ["Abs"]


def test_a_pure_helper_remembered_for_one_int_array_is_walked_again_for_another(tmp_path: Path) -> None:
    # Both arrays are made by one expression (the same text): only their items tell them apart, and the remembered
    # value of Wide(two) must not stand for Wide(three) (route/pure_memo.py keys on the whole host value).
    prelude = """static const aclIntArray* Make(int64_t n, aclOpExecutor* e)
{
    int64_t perm[] = {1, 0, 2};
    return e->AllocIntArray(perm, n);
}
static bool Wide(const aclIntArray* perm)
{
    return perm->Size() > 2;
}
"""
    body = """    auto two = Make(2, uniqueExecutor.get());
    auto three = Make(3, uniqueExecutor.get());
    if (Wide(two)) {
        l0op::Abs(self, uniqueExecutor.get());
    }
    if (Wide(three)) {
        l0op::Neg(self, uniqueExecutor.get());
    }
    if (Wide(two)) {
        l0op::ZerosLike(self, uniqueExecutor.get());
    }
"""
    assert ops(route(tmp_path, body, prelude)) == [("Neg", False)]
