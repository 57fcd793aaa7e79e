"""Routes through objects shared by several frames (members.py): a callee's loop whose rounds start from a joined
member, nested loops two frames deep, objects made in a loop and passed by value, a lambda capturing an object, a
callee writing through a reference into its caller's alias of a member. The golden was written by the walk that
kept every frame's own copy of the members (before the store), so the store must give the same routes, except for
`alias-int-written-into-caller-frame`, where the copies were wrong and the golden holds what the C++ does (under
`flag`, Bump writes 3 then 7 into acc.n_ through its reference: no Abs, one ZerosLike); regenerate with
--update-goldens only for a change meant to change them."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from op_migrate.analyzers.aclnn import analyze_chains, evaluate, facts_matrix

GOLDEN = Path(__file__).resolve().parent / "golden" / "member_routes.json"
HEAD = ("aclnnStatus aclnnDemoGetWorkspaceSize(const aclTensor* self, const aclTensor* other, aclTensor* out, "
        "int64_t k, bool flag, uint64_t* workspaceSize, aclOpExecutor** executor)\n{\n"
        "    auto uniqueExecutor = CREATE_EXECUTOR();\n")
TAIL = "    return ACLNN_SUCCESS;\n}\n"
ACC = """namespace {
class Acc {
public:
    Acc(const aclTensor *t, aclOpExecutor *ex) : t_(t), ex_(ex) {}
    void Step(bool c) { if (c) { t_ = l0op::Abs(t_, ex_); } }
    const aclTensor *t_ = nullptr;
    aclOpExecutor *ex_ = nullptr;
    int64_t n_ = 0;
    bool first_ = true;
};
"""
PROGRAMS = {
    "loop-in-callee-cond-write": (ACC + """
void Scan(Acc &acc, int64_t k, bool c) {
    for (int64_t i = 0; i < k; i++) {
        if (c) { acc.t_ = l0op::Abs(acc.t_, acc.ex_); }
    }
}
}
""", """    Acc acc(self, uniqueExecutor.get());
    Scan(acc, k, flag);
    auto r = l0op::ViewCopy(acc.t_, out, uniqueExecutor.get());
"""),
    "loop-in-callee-first-flag": (ACC + """
void Scan(Acc &acc, int64_t k) {
    for (int64_t i = 0; i < k; i++) {
        if (acc.first_) { acc.t_ = l0op::Abs(acc.t_, acc.ex_); acc.first_ = false; }
        else { acc.n_ = acc.n_ + 1; }
    }
}
}
""", """    Acc acc(self, uniqueExecutor.get());
    Scan(acc, k);
    if (acc.first_) { auto z = l0op::ZerosLike(self, uniqueExecutor.get()); }
    if (acc.n_ == 0) { auto z = l0op::Cast(self, op::DataType::DT_FLOAT, uniqueExecutor.get()); }
    auto r = l0op::ViewCopy(acc.t_, out, uniqueExecutor.get());
"""),
    "nested-loops-two-frames": (ACC + """
void Inner(Acc &acc, int64_t k, bool c) {
    for (int64_t j = 0; j < k; j++) { if (c) { acc.t_ = l0op::Abs(acc.t_, acc.ex_); continue; } acc.n_ = j; }
}
void Outer(Acc &acc, int64_t k, bool c) {
    for (int64_t i = 0; i < k; i++) {
        if (acc.n_ > 2) { acc.t_ = l0op::ZerosLike(acc.t_, acc.ex_); }
        Inner(acc, k, !c);
    }
}
}
""", """    Acc acc(self, uniqueExecutor.get());
    Outer(acc, k, flag);
    auto r = l0op::ViewCopy(acc.t_, out, uniqueExecutor.get());
"""),
    "objects-made-in-loop": (ACC + """
Acc Make(const aclTensor *t, aclOpExecutor *ex, bool c) { Acc a(t, ex); if (c) { a.Step(c); } return a; }
void ByValue(Acc a, bool c) { a.Step(c); a.Step(c); }
}
""", """    Acc acc(self, uniqueExecutor.get());
    for (int64_t i = 0; i < k; i++) { Acc made = Make(acc.t_, uniqueExecutor.get(), flag); acc.t_ = made.t_; }
    ByValue(acc, flag);
    switch (k) { case 1: acc.Step(flag); break; case 2: acc.t_ = self; break; default: break; }
    auto r = l0op::ViewCopy(acc.t_, out, uniqueExecutor.get());
"""),
    "lambda-captures-object": (ACC + """}
""", """    Acc acc(self, uniqueExecutor.get());
    auto step = [&](bool c) { if (c) { acc.t_ = l0op::Abs(acc.t_, acc.ex_); } return acc.n_; };
    for (int64_t i = 0; i < k; i++) { if (step(flag) > 1) { break; } acc.n_ = i; }
    auto r = l0op::ViewCopy(acc.t_, out, uniqueExecutor.get());
"""),
    "alias-int-written-into-caller-frame": (ACC + """
void Bump(int64_t &dst, Acc &acc, int64_t to) {
    dst = to;
    if (acc.n_ == 0) { auto y = l0op::Abs(acc.t_, acc.ex_); }
    if (acc.first_) { dst = 7; }
    if (acc.n_ == 7) { auto w = l0op::ZerosLike(acc.t_, acc.ex_); }
}
void Use(Acc &acc, bool c, int64_t k) {
    int64_t &count = acc.n_;
    if (c) { Bump(count, acc, 3); }
    if (acc.n_ == 3) { auto x = l0op::ZerosLike(acc.t_, acc.ex_); }
    for (int64_t i = 0; i < k; i++) { Bump(count, acc, 4); acc.first_ = false; }
    if (acc.n_ == 4) { auto v = l0op::Cast(acc.t_, op::DataType::DT_FLOAT, acc.ex_); }
}
}
""", """    Acc acc(self, uniqueExecutor.get());
    Use(acc, flag, k);
    if (acc.n_ == 7) { auto r = l0op::ViewCopy(acc.t_, out, uniqueExecutor.get()); }
"""),
}


def _route(tmp_path: Path, name: str) -> dict:
    prelude, body = PROGRAMS[name]
    source = tmp_path / "demo.cpp"
    source.write_text(prelude + HEAD + body + TAIL)
    (route,) = evaluate(analyze_chains([source], repo_root=tmp_path), facts=facts_matrix((), (), (), (), ())).routes
    return {"complete": route.complete, "undecided_guards": list(route.undecided_guards),
            "tasks": [{"op": t.op, "may": t.may, "guards": list(t.guards), "reads": list(t.reads),
                       "writes": list(t.writes)} for t in route.tasks]}


@pytest.mark.parametrize("name", sorted(PROGRAMS))
def test_routes_through_shared_objects(tmp_path: Path, golden, name: str) -> None:
    expected = json.loads(GOLDEN.read_text(encoding="utf-8")) if GOLDEN.exists() else {}
    actual = _route(tmp_path, name)
    if golden.update:
        expected[name] = actual
        GOLDEN.parent.mkdir(parents=True, exist_ok=True)
        GOLDEN.write_text(json.dumps(expected, indent=1, sort_keys=True) + "\n", encoding="utf-8")
        return
    assert name in expected, f"no golden for {name}; create it with: pytest --update-goldens {__file__}"
    assert actual == expected[name]
