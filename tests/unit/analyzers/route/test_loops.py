"""Loops whose trip count the facts leave open: a round starts from what earlier rounds may have left, so guards on
loop-carried state are undecided (their launches `may`), not decided from the first round alone."""

from __future__ import annotations

from pathlib import Path

from op_migrate.analyzers.aclnn import analyze_chains, evaluate, facts_matrix

HEAD = ("aclnnStatus aclnnDemoGetWorkspaceSize(const aclTensorList* tensors, const aclTensor* self, int64_t rounds, "
        "aclTensor* out, uint64_t* workspaceSize, aclOpExecutor** executor)\n{\n"
        "    auto uniqueExecutor = CREATE_EXECUTOR();\n")
TAIL = "    return ACLNN_SUCCESS;\n}\n"


def route(tmp_path: Path, body: str, prelude: str = ""):
    source = tmp_path / "demo.cpp"
    source.write_text(prelude + HEAD + body + TAIL)
    report = analyze_chains([source], repo_root=tmp_path)
    (result,) = evaluate(report, facts=facts_matrix(["Ascend910B"], ["float16"], (), (), ())).routes
    assert result.complete, result.incomplete_reasons
    ids = {t.id for t in result.tensors} | {i for t in result.tasks for i in (*t.reads, *t.writes)}
    assert not any(i.startswith("g#") for i in ids), ids  # the discovery passes' tensors never show
    return result


def launches(result) -> list[tuple[str, bool, str]]:
    """(op, may, innermost guard) of every launch."""
    return [(t.op, t.may, t.guards[-1] if t.guards else "") for t in result.tasks]


def test_a_flag_cleared_at_the_end_of_a_round_is_undecided_inside_the_loop(tmp_path: Path) -> None:
    # The Stack idiom: the first round packs, later rounds concatenate what the first made.
    body = """    bool firstLoop = true;
    const aclTensor* current = self;
    while (rounds > 1) {
        if (firstLoop) {
            current = l0op::Abs(current, uniqueExecutor.get());
        } else {
            current = l0op::ZerosLike(current, uniqueExecutor.get());
        }
        rounds = rounds / 2;
        firstLoop = false;
    }
    l0op::ViewCopy(current, out, uniqueExecutor.get());
"""
    result = route(tmp_path, body)
    assert launches(result)[:2] == [("Abs", True, "firstLoop"), ("ZerosLike", True, "!(firstLoop)")]
    assert "firstLoop" in result.undecided_guards
    # A later round's ZerosLike reads the first round's Abs result or an earlier ZerosLike result, or `self`.
    abs_task, zeros_task = result.tasks[:2]
    assert set(zeros_task.reads) == {"self", abs_task.writes[0], zeros_task.writes[0]}


def test_a_flag_the_body_never_changes_stays_decided(tmp_path: Path) -> None:
    body = """    bool wide = true;
    int64_t left = rounds;
    while (left > 0) {
        if (wide) {
            l0op::Abs(self, uniqueExecutor.get());
        } else {
            l0op::ZerosLike(self, uniqueExecutor.get());
        }
        wide = true;
        left = left - 1;
    }
"""
    assert launches(route(tmp_path, body)) == [("Abs", True, "loop: left > 0")]


def test_a_counter_of_rounds_is_undecided_after_the_first(tmp_path: Path) -> None:
    body = """    int64_t done = 0;
    while (rounds > done) {
        if (done == 0) {
            l0op::Abs(self, uniqueExecutor.get());
        }
        if (done == 2) {
            l0op::ZerosLike(self, uniqueExecutor.get());
        }
        done++;
    }
"""
    assert launches(route(tmp_path, body)) == [("Abs", True, "done == 0"), ("ZerosLike", True, "done == 2")]


def test_a_loop_over_a_known_count_is_still_unrolled_exactly(tmp_path: Path) -> None:
    body = """    bool first = true;
    for (int64_t i = 0; i < 3; i++) {
        if (first) {
            l0op::Abs(self, uniqueExecutor.get());
        } else {
            l0op::ZerosLike(self, uniqueExecutor.get());
        }
        first = false;
    }
"""
    assert launches(route(tmp_path, body)) == [("Abs", False, ""), ("ZerosLike", False, ""),
                                               ("ZerosLike", False, "")]


def test_a_container_fed_by_every_round_holds_what_every_round_put_in(tmp_path: Path) -> None:
    # The Cat idiom: rounds join groups of pending tensors until one is left; elements stay contiguous (user tensors
    # and L0 results alike) while who owns them is mixed, so IsContiguous is decided and IsFromWorkspace is not.
    body = """    op::FVector<const aclTensor*> pending;
    for (uint64_t i = 0; i < tensors->Size(); i++) {
        pending.emplace_back((*tensors)[i]);
    }
    while (pending.size() > 1) {
        op::FVector<const aclTensor*> joined;
        for (auto tensor : pending) {
            if (!op::IsContiguous(tensor)) {
                l0op::Contiguous(tensor, uniqueExecutor.get());
            }
            if (tensor->IsFromWorkspace()) {
                l0op::ZerosLike(tensor, uniqueExecutor.get());
            }
            auto list = uniqueExecutor->AllocTensorList(pending.data(), pending.size());
            joined.emplace_back(l0op::Abs(tensor, uniqueExecutor.get()));
        }
        pending = joined;
    }
"""
    result = route(tmp_path, body)
    assert [(op, may) for op, may, _ in launches(result)] == [("ZerosLike", True), ("Abs", True)]
    assert "tensor->IsFromWorkspace()" in result.undecided_guards


def test_a_value_the_rounds_leave_unknown_stays_undecided_after_the_loop(tmp_path: Path) -> None:
    # The negative case: a flag set from something the facts do not give stays undecided before, in and after.
    body = """    bool cast = self->GetViewShape().GetDimNum() > 2;
    while (rounds > 0) {
        rounds--;
        cast = !cast;
    }
    if (cast) {
        l0op::Abs(self, uniqueExecutor.get());
    }
"""
    assert launches(route(tmp_path, body)) == [("Abs", True, "cast")]
