"""Objects of the repository's classes on a route: constructors, members, methods on objects, virtual dispatch."""

from __future__ import annotations

from pathlib import Path

from op_migrate.analyzers.aclnn import analyze_chains, evaluate, facts_matrix

HEAD = "aclnnStatus aclnnDemoGetWorkspaceSize(const aclTensor* self, const aclTensor* other, aclTensor* out, " \
       "uint64_t* workspaceSize, aclOpExecutor** executor)\n{\n    auto uniqueExecutor = CREATE_EXECUTOR();\n"
TAIL = "    return ACLNN_SUCCESS;\n}\n"

# A local object whose method launches, as matmul-style chains write it (a class holding the tensors and the
# executor, a constructor with an initializer list, ProcessL0 dispatching on a member set in the constructor).
MATMUL_OP = """
namespace {
class DemoMatmulOp {
public:
    DemoMatmulOp(const aclTensor *self, const aclTensor *other, aclOpExecutor *executor, bool transpose = false)
        : self_(self), other_(other), executor_(executor), transpose_(transpose) {}
    aclnnStatus ProcessL0()
    {
        if (transpose_) {
            result_ = l0op::ZerosLike(self_, executor_);
        } else {
            result_ = l0op::Abs(self_, executor_);
        }
        CHECK_RET(result_ != nullptr, ACLNN_ERR_INNER_NULLPTR);
        return ACLNN_SUCCESS;
    }
    const aclTensor *Result() const { return result_; }

private:
    const aclTensor *self_ = nullptr;
    const aclTensor *other_ = nullptr;
    aclOpExecutor *executor_ = nullptr;
    bool transpose_ = false;
    const aclTensor *result_ = nullptr;
};
}  // namespace
"""


def route(tmp_path: Path, body: str, prelude: str = "", socs=(), dtypes=()):
    source = tmp_path / "demo.cpp"
    source.write_text(prelude + HEAD + body + TAIL)
    report = analyze_chains([source], repo_root=tmp_path)
    (result,) = evaluate(report, facts=facts_matrix(socs, dtypes, (), (), ())).routes
    return result


def ops(result):
    assert result.complete, result.incomplete_reasons
    return [(t.op, t.may) for t in result.tasks]


def test_a_method_of_a_local_object_launches_with_its_members(tmp_path: Path) -> None:
    body = """    DemoMatmulOp op(self, other, uniqueExecutor.get());
    CHECK_RET(op.ProcessL0() == ACLNN_SUCCESS, ACLNN_ERR_INNER);
    auto viewCopyResult = l0op::ViewCopy(op.Result(), out, uniqueExecutor.get());
"""
    result = route(tmp_path, body, MATMUL_OP)
    assert ops(result)[0] == ("Abs", False)  # transpose_ is false by the default argument: decided
    assert "ViewCopy" in [step.op for step in result.steps]
    assert result.complete


def test_a_member_set_by_the_constructor_decides_a_guard(tmp_path: Path) -> None:
    body = """    DemoMatmulOp op(self, other, uniqueExecutor.get(), true);
    op.ProcessL0();
"""
    assert ops(route(tmp_path, body, MATMUL_OP)) == [("ZerosLike", False)]


def test_pointer_objects_from_make_unique_and_new(tmp_path: Path) -> None:
    for made in ("auto op = std::make_unique<DemoMatmulOp>(self, other, uniqueExecutor.get(), true);",
                 "auto *op = new DemoMatmulOp(self, other, uniqueExecutor.get(), true);"):
        body = f"    {made}\n    op->ProcessL0();\n"
        assert ops(route(tmp_path, body, MATMUL_OP)) == [("ZerosLike", False)], made


VIRTUAL = """
class DemoBase {
public:
    explicit DemoBase(aclOpExecutor *executor) : executor_(executor) {}
    virtual ~DemoBase() = default;
    aclnnStatus Run(const aclTensor *x)
    {
        Prepare(x);
        return this->Launch(x);
    }
    virtual aclnnStatus Launch(const aclTensor *x) { l0op::Abs(x, executor_); return ACLNN_SUCCESS; }
protected:
    void Prepare(const aclTensor *x) { count_ = count_ + 1; }
    aclOpExecutor *executor_;
    int count_ = 0;
};

class DemoDerived : public DemoBase {
public:
    explicit DemoDerived(aclOpExecutor *executor) : DemoBase(executor) {}
    aclnnStatus Launch(const aclTensor *x) override
    {
        if (count_ == 1) {
            l0op::ZerosLike(x, executor_);
        }
        return DemoBase::Launch(x);
    }
};
"""


def test_virtual_calls_dispatch_on_the_class_constructed_and_base_members_are_shared(tmp_path: Path) -> None:
    body = """    DemoDerived runner(uniqueExecutor.get());
    runner.Run(self);
"""
    assert ops(route(tmp_path, body, VIRTUAL)) == [("ZerosLike", False), ("Abs", False)]


def test_a_method_defined_nowhere_with_a_tensor_makes_the_route_incomplete(tmp_path: Path) -> None:
    prelude = ("class DemoOp {\npublic:\n    DemoOp() {}\n    explicit DemoOp(const aclTensor *x) : x_(x) {}\n"
               "    aclnnStatus Launch(const aclTensor *x);\n    aclnnStatus Run();\nprivate:\n"
               "    const aclTensor *x_ = nullptr;\n};\n")
    given = route(tmp_path, "    DemoOp op;\n    op.Launch(self);\n", prelude)
    assert not given.complete
    assert [r.symbol for r in given.incomplete_reasons] == ["route-helper-not-found"]
    assert given.incomplete_reasons[0].message.startswith("DemoOp::Launch is given a tensor")
    held = route(tmp_path, "    DemoOp op(self);\n    op.Run();\n", prelude)
    assert [r.symbol for r in held.incomplete_reasons] == ["route-method-not-found"]
    assert "DemoOp::Run" in held.incomplete_reasons[0].message


def test_a_class_hierarchy_with_a_cycle_is_cut_and_said(tmp_path: Path) -> None:
    prelude = "class A : public B { };\nclass B : public A { };\n"
    body = "    A a;\n    a.Launch(self);\n"
    result = route(tmp_path, body, prelude)
    assert not result.complete
    assert "route-class-hierarchy-cut" in [r.symbol for r in result.incomplete_reasons]


def test_a_generated_inner_api_launches_its_opdef_op_on_the_socs_it_configures(tmp_path: Path) -> None:
    opdef = tmp_path / "moe" / "demo_route" / "op_host" / "demo_route_def.cpp"
    opdef.parent.mkdir(parents=True)
    opdef.write_text("""namespace ops {
class DemoRoute : public OpDef {
public:
    explicit DemoRoute(const char* name) : OpDef(name)
    {
        this->Input("x").ParamType(REQUIRED).DataType({ge::DT_FLOAT16});
        this->Input("idx").ParamType(REQUIRED).DataType({ge::DT_INT32});
        this->Output("y").ParamType(REQUIRED).DataType({ge::DT_FLOAT16});
        this->Attr("k").AttrType(OPTIONAL).Int(0);
        this->AICore().AddConfig("ascend910b");
    }
};
OP_ADD(DemoRoute);
}
""")
    prelude = ("extern aclnnStatus aclnnInnerDemoRouteGetWorkspaceSize(const aclTensor *x, const aclTensor *idx, "
               "int64_t k, const aclTensor *y, uint64_t *workspaceSize, aclOpExecutor **executor);\n")
    body = "    return aclnnInnerDemoRouteGetWorkspaceSize(self, other, 2, out, workspaceSize, executor);\n"
    on_910b = route(tmp_path, body, prelude, socs=["Ascend910B"])
    assert ops(on_910b) == [("DemoRoute", False)] and on_910b.complete
    assert on_910b.tasks[0].launcher == "AI_CORE"
    assert on_910b.rejected is None
    on_310p = route(tmp_path, body, prelude, socs=["Ascend310P"])
    assert on_310p.rejected is not None and "configures no AI Core kernel for Ascend310P" in on_310p.rejected.message
    unknown_soc = route(tmp_path, body, prelude)
    assert ops(unknown_soc) == [("DemoRoute", True)]


def test_a_generated_inner_api_without_its_opdef_makes_the_route_incomplete(tmp_path: Path) -> None:
    body = "    return aclnnInnerNowhereGetWorkspaceSize(self, out, workspaceSize, executor);\n"
    result = route(tmp_path, body)
    assert [r.symbol for r in result.incomplete_reasons] == ["route-generated-api-unknown"]


TABLE = """
static bool UseNegOn910B(const aclTensor *self) { return true; }
static bool UseNegDefault(const aclTensor *self) { return false; }
using UseNegFunc = bool (*)(const aclTensor *self);
static const std::map<SocVersion, UseNegFunc> USE_NEG_BY_SOC = {
    {SocVersion::ASCEND910B, UseNegOn910B},
    {SocVersion::ASCEND910_93, UseNegOn910B},
};
static bool UseNeg(const aclTensor *self)
{
    auto soc = GetCurrentPlatformInfo().GetSocVersion();
    auto fn = USE_NEG_BY_SOC.find(soc) == USE_NEG_BY_SOC.end() ? UseNegDefault : USE_NEG_BY_SOC.at(soc);
    return fn(self);
}
"""


def test_a_dispatch_table_keyed_by_soc_is_read_with_find_end_and_at(tmp_path: Path) -> None:
    body = """    if (UseNeg(self)) {
        l0op::ZerosLike(self, uniqueExecutor.get());
    } else {
        l0op::Abs(self, uniqueExecutor.get());
    }
    auto it = USE_NEG_BY_SOC.find(GetCurrentPlatformInfo().GetSocVersion());
    if (it != USE_NEG_BY_SOC.end() && it->second(self)) {
        l0op::OnesLike(self, uniqueExecutor.get());
    }
"""
    assert ops(route(tmp_path, body, TABLE, socs=["Ascend910B"])) == [("ZerosLike", False), ("OnesLike", False)]
    assert ops(route(tmp_path, body, TABLE, socs=["Ascend310P"])) == [("Abs", False)]
    undecided = route(tmp_path, body, TABLE)
    assert {op for op, may in ops(undecided)} == {"ZerosLike", "Abs", "OnesLike"} and all(may for _, may in ops(undecided))


PREDICATES = """
namespace Ops {
namespace Demo {
class AclnnUtil {
public:
    static bool IsRegbase()
    {
        auto arch = GetCurrentPlatformInfo().GetCurNpuArch();
        return arch == NpuArch::DAV_3510;
    }
};
inline bool IsAscend910BFamily()
{
    auto soc = GetCurrentPlatformInfo().GetSocVersion();
    return soc == SocVersion::ASCEND910B || soc == SocVersion::ASCEND910_93;
}
}  // namespace Demo
}  // namespace Ops
static const std::initializer_list<op::DataType> REGBASE_DTYPES = {op::DataType::DT_FLOAT16, op::DataType::DT_BF16};
static const std::initializer_list<op::DataType> OTHER_DTYPES = {op::DataType::DT_FLOAT};
"""


def test_a_repository_s_own_platform_predicates_are_evaluated_from_their_bodies(tmp_path: Path) -> None:
    body = """    if (Ops::Demo::AclnnUtil::IsRegbase()) {
        OP_CHECK_DTYPE_NOT_SUPPORT(self, REGBASE_DTYPES, return ACLNN_ERR_PARAM_INVALID);
        l0op::Abs(self, uniqueExecutor.get());
    } else if (Ops::Demo::IsAscend910BFamily()) {
        l0op::ZerosLike(self, uniqueExecutor.get());
    } else {
        OP_CHECK_DTYPE_NOT_SUPPORT(self, OTHER_DTYPES, return ACLNN_ERR_PARAM_INVALID);
        l0op::OnesLike(self, uniqueExecutor.get());
    }
"""
    assert ops(route(tmp_path, body, PREDICATES, socs=["Ascend950"], dtypes=["float16"])) == [("Abs", False)]
    assert ops(route(tmp_path, body, PREDICATES, socs=["Ascend910_93"], dtypes=["float16"])) == [("ZerosLike", False)]
    on_310p = route(tmp_path, body, PREDICATES, socs=["Ascend310P"], dtypes=["float16"])
    assert on_310p.rejected is not None and "OTHER_DTYPES" in on_310p.rejected.message


def test_an_array_of_tensors_returned_braced_keeps_its_items(tmp_path: Path) -> None:
    prelude = """static std::array<const aclTensor *, 2> TwoOutputs(const aclTensor *x, aclOpExecutor *executor)
{
    auto first = l0op::Abs(x, executor);
    auto second = l0op::ZerosLike(x, executor);
    return {first, second};
}
"""
    body = """    auto outs = TwoOutputs(self, uniqueExecutor.get());
    CHECK_RET(outs[0] != nullptr, ACLNN_ERR_INNER_NULLPTR);
    auto copied = l0op::ViewCopy(outs[1], out, uniqueExecutor.get());
"""
    result = route(tmp_path, body, prelude, socs=["Ascend910B"], dtypes=["float16"])
    assert ops(result) == [("Abs", False), ("ZerosLike", False)]  # the copy re-points out: no launch
    assert "ViewCopy" in [step.op for step in result.steps]


def test_a_predicate_testing_membership_in_a_set_of_arches_is_evaluated(tmp_path: Path) -> None:
    prelude = """static const std::set<NpuArch> REGISTER_CORES = {NpuArch::DAV_3510};
static bool OnRegisterCores()
{
    auto arch = GetCurrentPlatformInfo().GetCurNpuArch();
    return REGISTER_CORES.find(arch) != REGISTER_CORES.end();
}
"""
    body = """    if (OnRegisterCores()) {
        l0op::Abs(self, uniqueExecutor.get());
    } else {
        l0op::ZerosLike(self, uniqueExecutor.get());
    }
"""
    assert ops(route(tmp_path, body, prelude, socs=["Ascend950"])) == [("Abs", False)]
    assert ops(route(tmp_path, body, prelude, socs=["Ascend910B"])) == [("ZerosLike", False)]


def test_a_generated_inner_api_without_a_kernel_for_the_dtypes_fails_predicted(tmp_path: Path) -> None:
    opdef = tmp_path / "moe" / "demo_pick" / "op_host" / "demo_pick_def.cpp"
    opdef.parent.mkdir(parents=True)
    opdef.write_text("""namespace ops {
class DemoPick : public OpDef {
public:
    explicit DemoPick(const char* name) : OpDef(name)
    {
        this->Input("x").ParamType(REQUIRED).DataType({ge::DT_FLOAT16, ge::DT_BF16});
        this->Input("idx").ParamType(REQUIRED).DataType({ge::DT_INT32, ge::DT_INT64});
        this->Output("y").ParamType(REQUIRED).DataType({ge::DT_FLOAT16, ge::DT_BF16});
        this->AICore().AddConfig("ascend910b");
    }
};
OP_ADD(DemoPick);
}
""")
    prelude = ("extern aclnnStatus aclnnInnerDemoPickGetWorkspaceSize(const aclTensor *x, const aclTensor *idx, "
               "const aclTensor *y, uint64_t *workspaceSize, aclOpExecutor **executor);\n")
    body = "    return aclnnInnerDemoPickGetWorkspaceSize(self, other, out, workspaceSize, executor);\n"
    paired = route(tmp_path, body, prelude, socs=["Ascend910B"], dtypes=["float16", "other=int32"])
    assert ops(paired) == [("DemoPick", False)]
    crossed = route(tmp_path, body, prelude, socs=["Ascend910B"], dtypes=["float16", "other=int64"])
    assert crossed.rejected is not None and "predicted: no dtype column of DemoPick" in crossed.rejected.message
    # idx's dtype unknown (an undecided cast): the columns x, y allow may not take it; the route holds if one does.
    unsure = """    auto idx = other;
    if (self->GetViewShape().GetDimNum() > 2) {
        idx = l0op::Cast(other, op::DataType::DT_INT64, uniqueExecutor.get());
    }
""" + body.replace("other, out", "idx, out")
    second = tmp_path / "second"  # a fresh root: the process's reach index keeps the first demo.cpp's lines
    (second / opdef.relative_to(tmp_path)).parent.mkdir(parents=True)
    (second / opdef.relative_to(tmp_path)).write_text(opdef.read_text())
    held = route(second, unsure, prelude, socs=["Ascend910B"], dtypes=["float16", "other=int32"])
    assert held.rejected is None and ("DemoPick", False) in ops(held)
    assert [c.message for c in held.open_checks] == [
        "DemoPick's OpDef (demo_pick_def.cpp:2) has a kernel column for the dtypes of idx"]


GRAPH = """
class DemoNode {
public:
    virtual ~DemoNode() = default;
    virtual aclnnStatus Run(aclOpExecutor *executor) = 0;
};
class DemoAbsNode : public DemoNode {
public:
    explicit DemoAbsNode(const aclTensor *x) : x_(x) {}
    aclnnStatus Run(aclOpExecutor *executor) override { l0op::Abs(x_, executor); return ACLNN_SUCCESS; }
private:
    const aclTensor *x_;
};
class DemoZerosNode : public DemoNode {
public:
    explicit DemoZerosNode(const aclTensor *x) : x_(x) {}
    aclnnStatus Run(aclOpExecutor *executor) override { l0op::ZerosLike(x_, executor); return ACLNN_SUCCESS; }
private:
    const aclTensor *x_;
};
class DemoGraph {
public:
    void Add(std::shared_ptr<DemoNode> node) { nodes_.push_back(node); }
    aclnnStatus Execute(aclOpExecutor *executor)
    {
        for (auto &node : nodes_) {
            CHECK_RET(node->Run(executor) == ACLNN_SUCCESS, ACLNN_ERR_INNER);
        }
        return ACLNN_SUCCESS;
    }
private:
    std::vector<std::shared_ptr<DemoNode>> nodes_;
};
"""


def test_a_graph_of_node_objects_executes_each_node_s_override_in_order(tmp_path: Path) -> None:
    body = """    auto graph = std::make_shared<DemoGraph>();
    graph->Add(std::make_shared<DemoZerosNode>(self));
    graph->Add(std::make_shared<DemoAbsNode>(self));
    CHECK_RET(graph->Execute(uniqueExecutor.get()) == ACLNN_SUCCESS, ACLNN_ERR_INNER);
"""
    result = route(tmp_path, body, GRAPH, socs=["Ascend910B"], dtypes=["float16"])
    assert ops(result) == [("ZerosLike", False), ("Abs", False)]


def test_a_graph_built_differently_on_undecided_arms_is_not_taken_as_either(tmp_path: Path) -> None:
    body = """    auto graph = std::make_shared<DemoGraph>();
    if (self->GetViewShape().GetDimNum() > 2) {
        graph->Add(std::make_shared<DemoZerosNode>(self));
    }
    graph->Add(std::make_shared<DemoAbsNode>(self));
    CHECK_RET(graph->Execute(uniqueExecutor.get()) == ACLNN_SUCCESS, ACLNN_ERR_INNER);
"""
    result = route(tmp_path, body, GRAPH, socs=["Ascend910B"], dtypes=["float16"])
    # The list differs per arm: the walk does not pick one; the nodes' launches are named as not walked.
    assert not result.complete
    assert "route-unwalked-launch" in [reason.symbol for reason in result.incomplete_reasons]
