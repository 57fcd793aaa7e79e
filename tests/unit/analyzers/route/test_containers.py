"""Containers, tuples and host tensors in a route walk: the framework predicates on what they hold are decided from
the layouts of everything they may hold, and stay undecided where the walk cannot tell what they hold."""

from __future__ import annotations

from pathlib import Path

from op_migrate.analyzers.aclnn import analyze_chains, evaluate, facts_matrix

from .branch_probe import CERTAIN, MAY, branch_launches

HEAD = "aclnnStatus aclnnDemoGetWorkspaceSize(const aclTensorList* tensors, const aclTensor* self, aclTensor* out, " \
       "uint64_t* workspaceSize, aclOpExecutor** executor)\n{\n    auto uniqueExecutor = CREATE_EXECUTOR();\n"
TAIL = "    return ACLNN_SUCCESS;\n}\n"
# Markers: a launch under a predicate shows whether the walk decided it (gone, kept, or kept as `may`).
PROBES = """    if (!op::IsContiguous({x})) {{
        l0op::Neg({x}, uniqueExecutor.get());
    }}
    if ({x}->IsFromWorkspace()) {{
        l0op::Sign({x}, uniqueExecutor.get());
    }}
"""


def route(tmp_path: Path, body: str, prelude: str = "", **facts):
    source = tmp_path / "demo.cpp"
    source.write_text(prelude + HEAD + body + TAIL)
    report = analyze_chains([source], repo_root=tmp_path)
    (result,) = evaluate(report, facts=facts_matrix(facts.get("socs", ()), facts.get("dtypes", ()),
                                                    facts.get("shapes", ()), (), facts.get("strides", ()))).routes
    return result


def probes(result) -> dict[str, bool]:
    """Which probe launches the route keeps: {op: may}."""
    return {t.op: t.may for t in result.tasks if t.op in ("Neg", "Sign")}


def test_a_local_vector_of_entry_list_elements_is_contiguous_and_user_owned(tmp_path: Path) -> None:
    body = """    op::FVector<const aclTensor*> kept;
    for (uint64_t i = 0; i < tensors->Size(); i++) {
        if (!(*tensors)[i]->IsEmpty()) {
            kept.emplace_back((*tensors)[i]);
        }
    }
    auto first = kept[0];
""" + PROBES.format(x="first") + PROBES.format(x="kept.front()")
    result = route(tmp_path, body)
    assert probes(result) == {}  # IsContiguous true, IsFromWorkspace false for every element
    assert result.complete


def test_range_for_and_list_elements_join_what_was_put_in(tmp_path: Path) -> None:
    body = """    std::vector<const aclTensor*> parts;
    parts.push_back(self);
    parts.push_back(l0op::Abs(self, uniqueExecutor.get()));
    for (auto part : parts) {
        if (!op::IsContiguous(part)) {
            l0op::Neg(part, uniqueExecutor.get());
        }
        if (part->IsFromWorkspace()) {
            l0op::Sign(part, uniqueExecutor.get());
        }
    }
    auto list = uniqueExecutor->AllocTensorList(parts.data(), parts.size());
    auto summed = l0op::AddN(list, uniqueExecutor.get());
"""
    result = route(tmp_path, body)
    # Both members are contiguous: no Neg. One is the user's self, one Abs's workspace result: Sign stays `may`.
    assert probes(result) == {"Sign": True}
    (sign,) = [t for t in result.tasks if t.op == "Sign"]
    assert "part->IsFromWorkspace()" in sign.guards
    (abs_task,) = [t for t in result.tasks if t.op == "Abs"]
    (addn,) = [t for t in result.tasks if t.op == "AddN"]
    assert set(addn.reads) == {"self", *abs_task.writes}  # the kernel reads the list's elements


def test_a_strided_member_makes_the_join_undecided_and_all_strided_decides_it(tmp_path: Path) -> None:
    body = """    const aclTensor* both[] = {self, out};
    auto pick = both[1];
""" + PROBES.format(x="pick")
    assert probes(route(tmp_path, body)) == {}
    assert probes(route(tmp_path, body, shapes=["self=[4,4]"], strides=["self=[1,4]"])) == {"Neg": True}
    everything = route(tmp_path, body, shapes=["self=[4,4]", "out=[4,4]"], strides=["self=[1,4]", "out=[1,4]"])
    assert probes(everything) == {"Neg": False}


def test_a_list_returned_by_a_helper_carries_its_members(tmp_path: Path) -> None:
    prelude = """static aclTensorList* Flatten(const aclTensorList* tensors, aclOpExecutor* executor)
{
    op::FVector<const aclTensor*> flat;
    int64_t one[1] = {1};
    auto shape = executor->AllocIntArray(one, 1);
    for (uint64_t i = 0; i < tensors->Size(); i++) {
        auto item = (*tensors)[i];
        if (item->GetViewShape().GetDimNum() == 0) {
            flat.push_back(l0op::Reshape(item, shape, executor));
        } else {
            flat.push_back(item);
        }
    }
    return executor->AllocTensorList(flat.data(), flat.size());
}

"""
    body = """    auto flat = Flatten(tensors, uniqueExecutor.get());
    auto item = (*flat)[0];
""" + PROBES.format(x="item") + PROBES.format(x="(*flat)[1]")
    # Entry elements and reshaped views of them: contiguous views of user storage.
    assert probes(route(tmp_path, body, prelude)) == {}


def test_a_container_the_walk_cannot_see_filled_stays_undecided(tmp_path: Path) -> None:
    body = """    op::FVector<const aclTensor*> gathered;
    gathered.emplace_back(self);
    GatherInputs(tensors, gathered);
    auto any = gathered[0];
""" + PROBES.format(x="any")
    # GatherInputs is defined nowhere the walk reads: it may have put anything in.
    assert probes(route(tmp_path, body)) == {"Neg": True, "Sign": True}
    unknown_start = """    std::vector<const aclTensor*> given = CollectInputs(tensors);
    auto any = given.back();
""" + PROBES.format(x="any")
    assert probes(route(tmp_path, unknown_start)) == {"Neg": True, "Sign": True}
    unmodelled = """    op::FVector<const aclTensor*> kept;
    kept.emplace_back(self);
    kept.swap(others);
""" + PROBES.format(x="kept[0]")
    assert probes(route(tmp_path, unmodelled)) == {"Neg": True, "Sign": True}


def test_a_list_from_an_unknown_array_has_unknown_elements(tmp_path: Path) -> None:
    body = """    auto list = uniqueExecutor->AllocTensorList(SomeArray(), 2);
""" + PROBES.format(x="(*list)[0]")
    assert probes(route(tmp_path, body)) == {"Neg": True, "Sign": True}


def test_host_tensors_are_contiguous_and_not_workspace(tmp_path: Path) -> None:
    body = """    auto value = uniqueExecutor->AllocScalar(0);
    auto host = uniqueExecutor->ConvertToTensor(value, op::DataType::DT_FLOAT);
""" + PROBES.format(x="host")
    assert probes(route(tmp_path, body)) == {}


def test_a_variable_holding_a_host_tensor_or_an_l0_result(tmp_path: Path) -> None:
    body = """    const aclTensor* result;
    if (self->IsEmpty()) {
        auto zero = uniqueExecutor->AllocScalar(0);
        result = uniqueExecutor->ConvertToTensor(zero, out->GetDataType());
    } else {
        result = l0op::Abs(self, uniqueExecutor.get());
    }
""" + PROBES.format(x="result")
    # Both contiguous: no Neg. Host data or Abs's workspace tensor: IsFromWorkspace is open.
    assert probes(route(tmp_path, body)) == {"Sign": True}
    assert probes(route(tmp_path, body, shapes=["self=[2]"])) == {"Sign": False}


def test_a_predicate_true_for_every_tensor_a_variable_may_hold_is_decided(tmp_path: Path) -> None:
    body = """    auto picked = IsRegBase() ? l0op::Abs(self, uniqueExecutor.get()) : l0op::Exp(self, uniqueExecutor.get());
""" + PROBES.format(x="picked")
    result = route(tmp_path, body)
    # Abs and Exp results are contiguous workspace tensors: Neg pruned, Sign certain (not `may`).
    assert probes(result) == {"Sign": False}
    # The arms of the undecided ternary launch only when taken.
    assert [(t.op, t.may) for t in result.tasks if t.op in ("Abs", "Exp")] == [("Abs", True), ("Exp", True)]
    assert route(tmp_path, body, socs=["Ascend950"]).tasks[0].op == "Abs"


def test_tuples_keep_their_positions(tmp_path: Path) -> None:
    prelude = """static std::tuple<const aclTensor*, const aclTensor*> Both(const aclTensor* x, aclOpExecutor* executor)
{
    const aclTensor* none = nullptr;
    auto made = l0op::Abs(x, executor);
    CHECK_RET(made != nullptr, std::tie(none, none));
    return {made, x};
}

"""
    body = """    auto both = Both(self, uniqueExecutor.get());
    auto [made, same] = Both(self, uniqueExecutor.get());
""" + PROBES.format(x="std::get<0>(both)") + PROBES.format(x="same")
    result = route(tmp_path, body, prelude)
    # get<0> is Abs's workspace result (Sign certain), `same` is self (no probe).
    assert probes(result) == {"Sign": False}
    (sign,) = [t for t in result.tasks if t.op == "Sign"]
    (first_abs, _) = [t for t in result.tasks if t.op == "Abs"]
    assert sign.reads == first_abs.writes


def test_a_named_constant_index_reads_the_tuple_as_a_literal_does(tmp_path: Path) -> None:
    prelude = """static constexpr size_t INDEX_MADE = 0;
static std::tuple<const aclTensor*, const aclTensor*> Both(const aclTensor* x, aclOpExecutor* executor)
{
    auto made = l0op::Abs(x, executor);
    return std::tie(made, x);
}

"""
    read = "    auto both = Both(self, uniqueExecutor.get());\n"
    by_reference = read + "    auto& made = std::get<INDEX_MADE>(both);\n"
    written = by_reference + "    made = self;\n"
    # Read directly or through a reference: Abs's workspace result (Sign certain, as for std::get<0>).
    for body in (read + PROBES.format(x="std::get<INDEX_MADE>(both)"), by_reference + PROBES.format(x="made")):
        result = route(tmp_path, body, prelude)
        assert probes(result) == {"Sign": False}
        (sign,) = [t for t in result.tasks if t.op == "Sign"]
        assert sign.reads == next(t for t in result.tasks if t.op == "Abs").writes
    # Written through the reference: the tuple's element is no longer known, both probes stay open.
    assert probes(route(tmp_path, written + PROBES.format(x="std::get<INDEX_MADE>(both)"), prelude)) == \
        {"Neg": True, "Sign": True}
    # A type as the index (`std::get<Pair>`) is no position: the element is unknown, never element 0.
    assert probes(route(tmp_path, read + PROBES.format(x="std::get<Pair>(both)"), prelude)) == \
        {"Neg": True, "Sign": True}


def test_a_pointer_out_parameter_sets_the_callers_variable(tmp_path: Path) -> None:
    prelude = """static aclnnStatus Pick(const aclTensorList* tensors, const aclTensor** picked, aclOpExecutor* executor)
{
    op::FVector<const aclTensor*> all;
    all.emplace_back(l0op::Abs((*tensors)[0], executor));
    *picked = all[0];
    return ACLNN_SUCCESS;
}

"""
    body = """    const aclTensor* picked = nullptr;
    auto ret = Pick(tensors, &picked, uniqueExecutor.get());
    CHECK_RET(ret == ACLNN_SUCCESS, ret);
""" + PROBES.format(x="picked")
    assert probes(route(tmp_path, body, prelude)) == {"Sign": False}


def test_defaulted_and_void_parameters_are_reached(tmp_path: Path) -> None:
    prelude = """static inline bool Wide(void)
{
    return GetCurrentPlatformInfo().GetSocVersion() == SocVersion::ASCEND910B;
}

static const aclTensor* Launch(const aclTensor* x, aclTensor* y, aclOpExecutor* executor, bool exclusive = false)
{
    ADD_TO_LAUNCHER_LIST_AICORE(Cumsum, OP_INPUT(x), OP_OUTPUT(y), OP_ATTR(exclusive));
    return y;
}

"""
    body = """    if (Wide()) {
        Launch(self, out, uniqueExecutor.get());
    }
"""
    assert [(t.op, t.may) for t in route(tmp_path, body, prelude, socs=["Ascend910B"]).tasks] == [("Cumsum", False)]
    assert route(tmp_path, body, prelude, socs=["Ascend950"]).tasks == ()


def test_a_call_leaving_out_a_default_picks_the_overload_with_the_default(tmp_path: Path) -> None:
    # Two longer overloads: only the one whose missing parameter has a default value can take the call.
    prelude = """static const aclTensor* Launch(const aclTensor* x, aclTensor* y, aclOpExecutor* executor, int64_t dim,
                                 bool exclusive)
{
    ADD_TO_LAUNCHER_LIST_AICPU(Cumsum, OP_INPUT(x), OP_OUTPUT(y), OP_ATTR(dim, exclusive));
    return y;
}

static const aclTensor* Launch(const aclTensor* x, aclTensor* y, aclOpExecutor* executor, int64_t dim = 0)
{
    ADD_TO_LAUNCHER_LIST_AICORE(Cumsum, OP_INPUT(x), OP_OUTPUT(y), OP_ATTR(dim));
    return y;
}

"""
    body = "    Launch(self, out, uniqueExecutor.get());\n"
    assert [(t.op, t.launcher) for t in route(tmp_path, body, prelude).tasks] == [("Cumsum", "AI_CORE")]


def test_an_element_of_a_returned_array_is_replaced_where_it_is_assigned(tmp_path: Path) -> None:
    # Before: `both[0] = l0op::Abs(...)` on the array a helper returned was dropped, so later calls read the tensor it
    # held before (ops-transformer's FlashAttentionScoreGrad transposes and slices fagOut[i] in place).
    prelude = """static std::tuple<const aclTensor*, const aclTensor*> Both(const aclTensor* x, aclOpExecutor* executor)
{
    return {x, x};
}

"""
    body = """    auto both = Both(self, uniqueExecutor.get());
    both[0] = l0op::Abs(both[0], uniqueExecutor.get());
    l0op::Sign(both[0], uniqueExecutor.get());
    l0op::Neg(both[1], uniqueExecutor.get());
"""
    result = route(tmp_path, body, prelude)
    tasks = {t.op: t for t in result.tasks}
    assert tasks["Sign"].reads == tasks["Abs"].writes and tasks["Neg"].reads == ("self",)


def test_a_container_that_holds_a_nullptr_has_elements_that_may_be_null(tmp_path: Path) -> None:
    # `{self, nullptr}` dropped the nullptr: a[1] read as self, `a[1] == nullptr` false, the launch under it dropped
    # from a route stated complete (probe set 42). `v(n)` holds nullptrs until its elements are assigned.
    array = "    std::array<const aclTensor*, 2> a = {self, nullptr};"
    assert branch_launches(tmp_path / "a", array, "a[1] == nullptr") == MAY
    assert branch_launches(tmp_path / "b", "    std::array<const aclTensor*, 1> a = {nullptr};", "a[0] == nullptr") == \
        CERTAIN
    sized = "    op::FVector<const aclTensor*> v(2);\n    v[0] = self;"
    assert branch_launches(tmp_path / "c", sized, "v[1] == nullptr") == MAY
