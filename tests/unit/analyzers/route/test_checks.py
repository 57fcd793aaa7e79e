"""Checks the facts decide to fail: the entry returns its error and its route for those facts is rejected (no
launches shown as if the call ran); checks the facts leave open pass, as error handling always did."""

from __future__ import annotations

from pathlib import Path

from op_migrate.analyzers.aclnn import analyze_chains, evaluate, facts_matrix

# An L0 copy in the idiom of ops-math's ViewCopy: it refuses tensors of different dtypes and returns null.
COPY_OP = """namespace l0op {
static bool CheckCopyParams(const aclTensor* x, const aclTensor* y)
{
    if (x->GetDataType() != y->GetDataType()) {
        OP_LOGE(ACLNN_ERR_PARAM_INVALID, "dtype of x differs from y");
        return false;
    }
    return true;
}

const aclTensor* CopyInto(const aclTensor* x, const aclTensor* y, aclOpExecutor* executor)
{
    if (!CheckCopyParams(x, y)) {
        OP_LOGE(ACLNN_ERR_PARAM_INVALID, "Params check failed.");
        return nullptr;
    }
    ADD_TO_LAUNCHER_LIST_AICORE(TensorMove, OP_INPUT(x), OP_OUTPUT(y));
    return y;
}
}  // namespace l0op
"""
ENTRY = """static const std::initializer_list<op::DataType> INDEX_DTYPES = {op::DataType::DT_INT32, op::DataType::DT_INT64};

static bool CheckDtypeValid(const aclTensor* self, const aclTensor* indices)
{
    OP_CHECK_DTYPE_NOT_SUPPORT(indices, INDEX_DTYPES, return false);
    return true;
}

static aclnnStatus CheckParams(const aclTensor* self, const aclTensor* values, const aclTensor* indices)
{
    CHECK_RET(CheckDtypeValid(self, indices), ACLNN_ERR_PARAM_INVALID);
    return ACLNN_SUCCESS;
}

aclnnStatus aclnnDemoSortGetWorkspaceSize(const aclTensor* self, bool checked, aclTensor* values, aclTensor* indices,
                                          uint64_t* workspaceSize, aclOpExecutor** executor)
{
    auto uniqueExecutor = CREATE_EXECUTOR();
    if (checked) {
        auto ret = CheckParams(self, values, indices);
        CHECK_RET(ret == ACLNN_SUCCESS, ret);
    }
    auto sorted = l0op::Abs(self, uniqueExecutor.get());
    auto order = l0op::Cast(sorted, op::DataType::DT_INT64, uniqueExecutor.get());
    auto copied = l0op::CopyInto(order, indices, uniqueExecutor.get());
    CHECK_RET(copied != nullptr, ACLNN_ERR_INNER_NULLPTR);
    return ACLNN_SUCCESS;
}
"""


def route(tmp_path: Path, dtypes, scalars=()):
    root = tmp_path / "repo"
    for folder in ("math", "conversion"):
        (root / folder).mkdir(parents=True, exist_ok=True)
    (root / "conversion/copy_into/op_api").mkdir(parents=True, exist_ok=True)
    (root / "conversion/copy_into/op_api/copy_into.cpp").write_text(COPY_OP)
    source = root / "math/demo_sort/op_api/aclnn_demo_sort.cpp"
    source.parent.mkdir(parents=True, exist_ok=True)
    source.write_text(ENTRY)
    report = analyze_chains([source], repo_roots=[root])
    result = evaluate(report, facts=facts_matrix(["Ascend910B"], dtypes, (), scalars, ()))
    (walked,) = result.routes
    return walked, [f for f in result.findings if f.symbol == "route-facts-rejected"]


def test_an_index_output_given_float16_fails_the_copy_check_and_the_route_says_so(tmp_path: Path) -> None:
    # `checked` is unknown: CheckParams may not run; the copy into indices always does, and refuses int64 -> float16.
    walked, findings = route(tmp_path, ["float16"])
    assert walked.rejected is not None and walked.tasks == () and walked.steps == ()
    (finding,) = findings
    assert finding.message == (
        "aclnnDemoSortGetWorkspaceSize fails for these facts: order->GetDataType() != indices->GetDataType() "
        "(l0op::CheckCopyParams, copy_into.cpp:4): order is int64, indices is float16; the call returns an error and "
        "launches nothing; give indices its own dtype with --dtype indices=DTYPE")
    assert Path(finding.path).name == "copy_into.cpp" and finding.line == 4


def test_a_support_list_check_names_the_parameter_its_dtype_and_the_list(tmp_path: Path) -> None:
    walked, findings = route(tmp_path, ["float16"], scalars=["checked=1"])
    assert walked.rejected is not None
    assert findings[0].message.startswith(
        "aclnnDemoSortGetWorkspaceSize fails for these facts: OP_CHECK_DTYPE_NOT_SUPPORT(indices, INDEX_DTYPES) "
        "(CheckDtypeValid, aclnn_demo_sort.cpp:5): indices is float16, not one of int32, int64;")


def test_per_tensor_dtypes_give_the_route(tmp_path: Path) -> None:
    walked, findings = route(tmp_path, ["float16", "indices=int64"], scalars=["checked=1"])
    assert walked.rejected is None and not findings
    assert [(t.op, t.may) for t in walked.tasks] == [("Abs", False), ("Cast", False), ("TensorMove", False)]


def test_a_check_the_facts_leave_open_passes(tmp_path: Path) -> None:
    # No dtype at all: every check is undecided, so error handling is taken as passing, as before.
    walked, findings = route(tmp_path, [])
    assert walked.rejected is None and not findings
    assert [t.op for t in walked.tasks] == ["Abs", "Cast", "TensorMove"]


def test_a_pointer_out_parameter_is_not_null_and_reads_what_was_stored_through_it(tmp_path: Path) -> None:
    # The aclnn_sum / aclnn_div idiom: the caller's variable starts as nullptr and the helper fills it through
    # `*out`; neither `out != nullptr` nor `*out != nullptr` is a failing check.
    source = tmp_path / "repo/math/demo/op_api/aclnn_demo.cpp"
    source.parent.mkdir(parents=True)
    (tmp_path / "repo/conversion").mkdir()
    source.write_text("""static aclnnStatus Compute(const aclTensor* self, aclOpExecutor* executor, const aclTensor** result)
{
    *result = l0op::Abs(self, executor);
    CHECK_RET(*result != nullptr, ACLNN_ERR_INNER_NULLPTR);
    CHECK_RET(result != nullptr, ACLNN_ERR_INNER_NULLPTR);
    return ACLNN_SUCCESS;
}

aclnnStatus aclnnDemoGetWorkspaceSize(const aclTensor* self, aclTensor* out, uint64_t* workspaceSize,
                                      aclOpExecutor** executor)
{
    auto uniqueExecutor = CREATE_EXECUTOR();
    const aclTensor* result = nullptr;
    auto ret = Compute(self, uniqueExecutor.get(), &result);
    CHECK_RET(ret == ACLNN_SUCCESS, ret);
    auto viewCopyResult = l0op::ViewCopy(result, out, uniqueExecutor.get());
    CHECK_RET(viewCopyResult != nullptr, ACLNN_ERR_INNER_NULLPTR);
    return ACLNN_SUCCESS;
}
""")
    report = analyze_chains([source], repo_roots=[tmp_path / "repo"])
    result = evaluate(report, facts=facts_matrix(["Ascend910B"], ["float16"], (), (), ()))
    (walked,) = result.routes
    assert walked.rejected is None and not walked.failures
    assert [t.op for t in walked.tasks] == ["Abs"]


SHAPE_OPS = """namespace l0op {
const aclTensor* DemoReduce(const aclTensor* x, aclOpExecutor* executor)
{
    auto out = executor->AllocTensor(x->GetViewShape(), x->GetDataType());
    INFER_SHAPE(DemoReduce, OP_INPUT(x), OP_OUTPUT(out));
    ADD_TO_LAUNCHER_LIST_AICORE(DemoReduce, OP_INPUT(x), OP_OUTPUT(out));
    return out;
}

const aclTensor* SameShapeCopy(const aclTensor* x, const aclTensor* y, aclOpExecutor* executor)
{
    if (x->GetViewShape() != y->GetViewShape()) {
        OP_LOGE(ACLNN_ERR_PARAM_INVALID, "shapes differ");
        return nullptr;
    }
    ADD_TO_LAUNCHER_LIST_AICORE(TensorMove, OP_INPUT(x), OP_OUTPUT(y));
    return y;
}
}  // namespace l0op
"""
SHAPE_ENTRY = """aclnnStatus aclnnDemoReduceGetWorkspaceSize(const aclTensor* self, const aclTensor* other, aclTensor* out,
                                            uint64_t* workspaceSize, aclOpExecutor** executor)
{
    auto uniqueExecutor = CREATE_EXECUTOR();
    OP_CHECK_SHAPE_NOT_EQUAL(self, other, return ACLNN_ERR_PARAM_INVALID);
    if (self->GetViewShape() != other->GetViewShape()) {
        OP_LOGE(ACLNN_ERR_PARAM_INVALID, "self and other differ");
        return ACLNN_ERR_PARAM_INVALID;
    }
    auto reduced = l0op::DemoReduce(self, uniqueExecutor.get());
    auto copied = l0op::SameShapeCopy(reduced, out, uniqueExecutor.get());
    CHECK_RET(copied != nullptr, ACLNN_ERR_INNER_NULLPTR);
    return ACLNN_SUCCESS;
}
"""


def _shape_route(tmp_path: Path, shapes):
    root = tmp_path / "repo"
    (root / "conversion/demo/op_api").mkdir(parents=True)
    (root / "math/demo/op_api").mkdir(parents=True)
    (root / "conversion/demo/op_api/demo.cpp").write_text(SHAPE_OPS)
    source = root / "math/demo/op_api/aclnn_demo_reduce.cpp"
    source.write_text(SHAPE_ENTRY)
    report = analyze_chains([source], repo_roots=[root])
    (walked,) = evaluate(report, facts=facts_matrix(["Ascend910B"], ["float16"], shapes, (), ())).routes
    return walked


def test_a_shape_the_walk_inferred_never_fails_a_check(tmp_path: Path) -> None:
    # DemoReduce's INFER_SHAPE changes its output's shape (no catalog rule here): the walk does not know it, so the
    # copy's shape test stays open and passes, as error handling does, instead of rejecting the call.
    walked = _shape_route(tmp_path, ["self=[64,3]", "other=[64,3]", "out=[64]"])
    assert walked.rejected is None and not walked.failures
    assert [t.op for t in walked.tasks] == ["DemoReduce", "TensorMove"]
    (reduced,) = [t for t in walked.tensors if t.producer == "DemoReduce" and t.effect == "alloc"]
    assert reduced.dims is None and reduced.shape.rule == "unknown"


def test_shapes_of_entry_tensors_the_user_gave_do_fail_a_check(tmp_path: Path) -> None:
    walked = _shape_route(tmp_path, ["self=[64,3]", "other=[64,4]", "out=[64]"])
    assert walked.rejected is not None
    # The first check that fails is the macro (expanded from its definition), named as written, with the shapes.
    message = walked.rejected.message
    assert "OP_CHECK_SHAPE_NOT_EQUAL(self, other)" in message and "[64,3]" in message and "[64,4]" in message


BROADCAST_ENTRY = """aclnnStatus aclnnDemoAddGetWorkspaceSize(const aclTensor* self, const aclTensor* other, aclTensor* out,
                                         uint64_t* workspaceSize, aclOpExecutor** executor)
{
    auto uniqueExecutor = CREATE_EXECUTOR();
    op::Shape broadcastShape;
    OP_CHECK_BROADCAST_AND_INFER_SHAPE(self, other, broadcastShape, return ACLNN_ERR_PARAM_INVALID);
    if (broadcastShape != out->GetViewShape()) {
        OP_LOGE(ACLNN_ERR_PARAM_INVALID, "out must have the broadcast shape");
        return ACLNN_ERR_PARAM_INVALID;
    }
    if (self->GetViewShape() != broadcastShape) {
        l0op::Abs(self, uniqueExecutor.get());
    }
    return ACLNN_SUCCESS;
}
"""


def _broadcast_routes(tmp_path: Path):
    """BROADCAST_ENTRY analyzed once; the route for a list of --shape facts."""
    source = tmp_path / "aclnn_demo_add.cpp"
    source.write_text(BROADCAST_ENTRY)
    report = analyze_chains([source], repo_root=tmp_path)

    def walked(shapes):
        (result,) = evaluate(report, facts=facts_matrix(["Ascend910B"], ["float16"], shapes, (), ())).routes
        return result

    return walked


def test_the_broadcast_check_macro_computes_its_shape(tmp_path: Path) -> None:
    # Unmodelled, `broadcastShape` stayed the empty shape it was declared with and the out-shape test failed.
    walked = _broadcast_routes(tmp_path)
    fits = walked(["self=[4,1]", "other=[1,8]", "out=[4,8]"])
    assert fits.rejected is None and [(t.op, t.may) for t in fits.tasks] == [("Abs", False)]
    wrong = walked(["self=[4,1]", "other=[1,8]", "out=[4,9]"])
    assert wrong.rejected is not None and "broadcastShape != out->GetViewShape()" in wrong.rejected.message


# An in-place entry in the idiom of aclnn_remainder.cpp: selfRef must already have the broadcast shape.
INPLACE = """static bool CheckInplaceShape(const aclTensor* selfRef, const aclTensor* other)
{
    op::Shape broadcastShape;
    if (!BroadcastInferShape(selfRef->GetViewShape(), other->GetViewShape(), broadcastShape) ||
        broadcastShape != selfRef->GetViewShape()) {
        OP_LOGE(ACLNN_ERR_PARAM_INVALID, "selfRef must have the broadcast shape");
        return false;
    }
    return true;
}

aclnnStatus aclnnInplaceDemoGetWorkspaceSize(aclTensor* selfRef, const aclTensor* other, uint64_t* workspaceSize,
                                             aclOpExecutor** executor)
{
    auto uniqueExecutor = CREATE_EXECUTOR();
    CHECK_RET(CheckInplaceShape(selfRef, other), ACLNN_ERR_PARAM_INVALID);
    auto result = l0op::Abs(other, uniqueExecutor.get());
    CHECK_RET(result != nullptr, ACLNN_ERR_INNER_NULLPTR);
    return ACLNN_SUCCESS;
}
"""


def test_a_shape_check_the_facts_fail_shows_the_shapes_and_gives_no_dtype_advice(tmp_path: Path) -> None:
    source = tmp_path / "repo/math/demo/op_api/aclnn_demo.cpp"
    source.parent.mkdir(parents=True)
    source.write_text(INPLACE)
    report = analyze_chains([source], repo_roots=[tmp_path / "repo"])
    facts = facts_matrix(["Ascend910B"], ["float16"], ("selfRef=[4,1]", "other=[1,8]"), (), ())
    result = evaluate(report, facts=facts)
    (walked,) = result.routes
    (finding,) = [f for f in result.findings if f.symbol == "route-facts-rejected"]
    assert walked.rejected is not None and walked.tasks == ()
    assert "selfRef is float16 [4,1], other is float16 [1,8]" in finding.message
    assert "--dtype" not in finding.message


CHAINED_ENTRY = """aclnnStatus aclnnDemoKGetWorkspaceSize(const aclTensor* x, const aclTensor* biasOptional,
                                       const aclIntArray* dims, aclTensor* out, uint64_t* workspaceSize,
                                       aclOpExecutor** executor)
{
    auto uniqueExecutor = CREATE_EXECUTOR();
    int64_t k = x->GetViewShape().GetDim(1);
    CHECK_COND(k == 16, ACLNN_ERR_PARAM_INVALID, "k is %ld", k);
    const aclTensor* bias = nullptr;
    if (dims->Size() > 2) {
        bias = l0op::Abs(x, uniqueExecutor.get());
    }
    if (bias != nullptr) {
        l0op::ZerosLike(x, uniqueExecutor.get());
    }
    if (biasOptional != nullptr) {
        l0op::OnesLike(x, uniqueExecutor.get());
    }
    return ACLNN_SUCCESS;
}
"""


def _chained(tmp_path: Path, *facts):
    root = tmp_path / "repo"
    (root / "math/demo/op_api").mkdir(parents=True, exist_ok=True)
    (root / "conversion").mkdir(exist_ok=True)
    source = root / "math/demo/op_api/aclnn_demo_k.cpp"
    source.write_text(CHAINED_ENTRY)
    report = analyze_chains([source], repo_roots=[root])
    shapes = [fact for fact in facts if "[" in fact]
    dtypes = ["float16"] + [fact for fact in facts if "[" not in fact]
    (walked,) = evaluate(report, facts=facts_matrix(["Ascend910B"], dtypes, shapes, (), ())).routes
    return walked


def test_a_dim_read_on_a_chained_shape_call_decides_check_cond(tmp_path: Path) -> None:
    # `x->GetViewShape().GetDim(1)` is evaluated (its receiver call is not one of GetDim's arguments), and
    # CHECK_COND(cond, ret, fmt, ...) fails with its second argument, not its last format argument.
    rejected = _chained(tmp_path, "x=[4,7]")
    assert rejected.rejected is not None and "CHECK_COND(k == 16)" in rejected.rejected.message
    assert _chained(tmp_path, "x=[4,16]").rejected is None


def test_a_variable_null_on_one_arm_and_an_optional_argument_keep_their_nullness_open(tmp_path: Path) -> None:
    walked = _chained(tmp_path, "x=[4,16]")
    assert [(task.op, task.may) for task in walked.tasks] == [("Abs", True), ("ZerosLike", True), ("OnesLike", True)]
    named = _chained(tmp_path, "x=[4,16]", "biasOptional=float16")  # a fact names it: it is there
    assert ("OnesLike", False) in [(task.op, task.may) for task in named.tasks]


def test_a_check_the_facts_cannot_decide_is_an_open_check_of_the_route_never_a_silent_pass(tmp_path: Path) -> None:
    unknown = _shape_route(tmp_path / "unknown", [])
    assert unknown.rejected is None
    assert [check.message for check in unknown.open_checks][:1] == ["OP_CHECK_SHAPE_NOT_EQUAL(self, other)"]
    assert unknown.open_checks[0].line == 5
    decided = _shape_route(tmp_path / "decided", ["self=[64,3]", "other=[64,3]", "out=[64]"])
    assert "OP_CHECK_SHAPE_NOT_EQUAL(self, other)" not in [check.message for check in decided.open_checks]


def test_the_broadcast_check_macro_fails_on_shapes_that_do_not_broadcast_and_stays_open_without_them(
        tmp_path: Path) -> None:
    """OP_CHECK_BROADCAST_AND_INFER_SHAPE was taken as passing whatever the shapes: [4,2] and [1,8] ran Abs in a
    complete route, and without shapes nothing said the route holds only if they broadcast."""
    walked = _broadcast_routes(tmp_path)
    apart = walked(["self=[4,2]", "other=[1,8]", "out=[4,8]"])
    assert apart.rejected is not None and apart.tasks == ()
    assert "[4,2] and [1,8] do not broadcast" in apart.rejected.message
    assert "--dtype" not in apart.rejected.message  # a shape cause: no advice to give tensors their own dtypes
    unknown = walked([])
    assert unknown.rejected is None
    assert "OP_CHECK_BROADCAST_AND_INFER_SHAPE(self, other)" in [check.message for check in unknown.open_checks]
    fits = walked(["self=[4,1]", "other=[1,8]", "out=[4,8]"])
    assert "OP_CHECK_BROADCAST_AND_INFER_SHAPE(self, other)" not in [check.message for check in fits.open_checks]


DTYPE_AGAINST = """static aclnnStatus CheckAgainst(const aclTensor* t, const op::DataType dtype)
{{
    OP_CHECK_DTYPE_NOT_MATCH(t, dtype, return ACLNN_ERR_PARAM_INVALID);
    return ACLNN_SUCCESS;
}}

aclnnStatus aclnnDemoGetWorkspaceSize(const aclTensor* self, uint64_t* workspaceSize, aclOpExecutor** executor)
{{
    auto uniqueExecutor = CREATE_EXECUTOR();
    op::DataType wanted = {wanted};
    CHECK_RET(CheckAgainst(self, wanted) == ACLNN_SUCCESS, ACLNN_ERR_PARAM_INVALID);
    {direct}
    auto result = l0op::Abs(self, uniqueExecutor.get());
    CHECK_RET(result != nullptr, ACLNN_ERR_INNER_NULLPTR);
    return ACLNN_SUCCESS;
}}
"""


def test_a_dtype_check_against_a_dtype_the_walk_cannot_read_is_open_never_a_silent_pass(tmp_path: Path) -> None:
    def walked(wanted: str, direct: str = ""):
        source = tmp_path / wanted.replace(":", "_").replace("(", "").replace(")", "") / "aclnn_demo.cpp"
        source.parent.mkdir(parents=True)
        source.write_text(DTYPE_AGAINST.format(wanted=wanted, direct=direct))
        report = analyze_chains([source], repo_root=source.parent)
        (result,) = evaluate(report, facts=facts_matrix(["Ascend910B"], ["float16"])).routes
        return result

    unknown = walked("WantedDtype()", "OP_CHECK_DTYPE_NOT_SUPPORT(self, SupportedDtypes(), return ACLNN_ERR_INNER);")
    assert unknown.rejected is None and [(t.op, t.may) for t in unknown.tasks] == [("Abs", False)]
    assert {check.message for check in unknown.open_checks} >= {
        "OP_CHECK_DTYPE_NOT_MATCH(self, dtype)", "OP_CHECK_DTYPE_NOT_SUPPORT(self, SupportedDtypes())"}
    other = walked("op::DataType::DT_FLOAT")
    assert other.rejected is not None and "self is float16, not float32" in other.rejected.message
    same = walked("op::DataType::DT_FLOAT16")
    assert same.rejected is None and not [c for c in same.open_checks if "DTYPE" in c.message]


def test_an_empty_support_list_takes_no_dtype(tmp_path: Path) -> None:
    """ops-math's aclnn_masked_scale.cpp: `NULL_SUPPORT_LIST = {}` on a SoC that is not RegBase. The check passed
    in silence (a complete route with launches the call never makes)."""
    source = tmp_path / "aclnn_demo.cpp"
    source.write_text("""static const std::initializer_list<op::DataType> NULL_SUPPORT_LIST = {};
static const std::initializer_list<op::DataType> REGBASE_LIST = {op::DataType::DT_FLOAT16};

static const std::initializer_list<op::DataType>& SupportList()
{
    if (IsRegBase()) {
        return REGBASE_LIST;
    }
    return NULL_SUPPORT_LIST;
}

aclnnStatus aclnnDemoGetWorkspaceSize(const aclTensor* self, uint64_t* workspaceSize, aclOpExecutor** executor)
{
    auto uniqueExecutor = CREATE_EXECUTOR();
    OP_CHECK_DTYPE_NOT_SUPPORT(self, SupportList(), return ACLNN_ERR_PARAM_INVALID);
    auto result = l0op::Abs(self, uniqueExecutor.get());
    CHECK_RET(result != nullptr, ACLNN_ERR_INNER_NULLPTR);
    return ACLNN_SUCCESS;
}
""")
    report = analyze_chains([source], repo_root=tmp_path)
    (route,) = evaluate(report, facts=facts_matrix(["Ascend910B"], ["float16"])).routes
    assert route.rejected is not None and route.tasks == ()
    assert "not one of (none: the list is empty)" in route.rejected.message


def test_check_not_null_without_its_definition_is_open_on_what_may_be_null(tmp_path: Path) -> None:
    """ops-math's CHECK_NOT_NULL(a, b) (aclnn_check.h) is expanded where its header is in reach; where it is not,
    it was taken as passing: an optional argument (may be nullptr) now leaves the route open on it."""
    source = tmp_path / "aclnn_demo.cpp"
    source.write_text("""aclnnStatus aclnnDemoGetWorkspaceSize(const aclTensor* self, const aclTensor* biasOptional,
                                      uint64_t* workspaceSize, aclOpExecutor** executor)
{
    auto uniqueExecutor = CREATE_EXECUTOR();
    CHECK_NOT_NULL(self, biasOptional);
    auto result = l0op::Abs(self, uniqueExecutor.get());
    CHECK_RET(result != nullptr, ACLNN_ERR_INNER_NULLPTR);
    return ACLNN_SUCCESS;
}
""")
    report = analyze_chains([source], repo_root=tmp_path)
    (route,) = evaluate(report, facts=facts_matrix(["Ascend910B"], ["float16"])).routes
    assert [check.message for check in route.open_checks] == ["CHECK_NOT_NULL(biasOptional)"]


INFER_CHECK = """aclnnStatus aclnnDemoGetWorkspaceSize(const aclTensor* self, const aclTensor* other, uint64_t* workspaceSize,
                                      aclOpExecutor** executor)
{
    auto uniqueExecutor = CREATE_EXECUTOR();
    op::Shape broadcastShape;
    if (!BroadcastInferShape(self->GetViewShape(), other->GetViewShape(), broadcastShape)) {
        return ACLNN_ERR_PARAM_INVALID;
    }
    CHECK_COND(self->GetViewShape().GetShapeSize() < INT32_MAX, ACLNN_ERR_PARAM_INVALID, "too large");
    auto result = l0op::Abs(self, uniqueExecutor.get());
    CHECK_RET(result != nullptr, ACLNN_ERR_INNER_NULLPTR);
    return ACLNN_SUCCESS;
}
"""


def test_broadcast_infer_shape_is_false_on_shapes_that_do_not_broadcast_and_open_without_them(tmp_path: Path) -> None:
    """BroadcastInferShape(a, b, out) was true whatever the shapes (a complete route for [2,3] and [4,3]); and
    INT32_MAX was an unknown name, so a size check on known shapes stayed open."""
    source = tmp_path / "aclnn_demo.cpp"
    source.write_text(INFER_CHECK)
    report = analyze_chains([source], repo_root=tmp_path)

    def walked(shapes):
        (result,) = evaluate(report, facts=facts_matrix(["Ascend910B"], ["float16"], shapes, (), ())).routes
        return result

    apart = walked(["self=[2,3]", "other=[4,3]"])
    assert apart.rejected is not None and apart.tasks == ()
    fits = walked(["self=[2,3]", "other=[1,3]"])
    assert fits.rejected is None and not fits.open_checks and [(t.op, t.may) for t in fits.tasks] == [("Abs", False)]
    unknown = walked([])
    assert unknown.rejected is None and len(unknown.open_checks) == 2  # the broadcast and the size: both open
