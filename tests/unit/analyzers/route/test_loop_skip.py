"""The confirming discovery pass a loop skips (loop_skip.py). Two properties:

- the lemma the skip rests on: an expression `confined_value` accepts, whose truth the first pass left undecided,
  stays undecided when the changed variables are unknown (random expressions over random values);
- the skip changes no route: random C++ programs (accumulators, conditions on them, element writes, nested loops,
  helpers with loops, launches, break/continue, lambdas, aliases, pointers, objects, containers filled in the loop,
  variables set before they are read), some with a step budget small enough to run out, walked with and without the
  shortcut give the same route JSON; the shortcut must fire in them, so the comparison is not empty. Loops whose
  second pass would change the route (a condition the first pass decided, a lambda reading the changed variable)
  must give the same route too.
"""

from __future__ import annotations

import json
import random
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from op_migrate.analyzers.aclnn import analyze_chains, evaluate, facts_matrix
from op_migrate.analyzers.cxx import parse_source
from op_migrate.analyzers.route import loop_skip, pure_memo, walk
from op_migrate.analyzers.route.facts import facts_for
from op_migrate.analyzers.route.guards import GuardEvaluator
from op_migrate.analyzers.route.loops import loop_join
from op_migrate.analyzers.route.route_json import route_to_json
from op_migrate.analyzers.route.values import UNKNOWN, DType, Null, Status, TensorRef, Unknown

NAMES = ("a", "b", "n", "m")
VALUES = [0, 1, 2, -1, 7, True, False, 2.5, Null(), Unknown("a"), Unknown("n"), UNKNOWN, Status(True), Status(False),
          DType("float16"), DType(None), TensorRef("t1"), TensorRef("t2", nullable=True)]
OPERATORS = ("+", "-", "*", "/", "%", "==", "!=", "<", "<=", ">", ">=", "&&", "||", "&", "|", "<<")


class Evaluator(GuardEvaluator):
    def __init__(self, env):
        super().__init__(facts_for("Ascend910B"))
        self.env = env

    def lookup(self, name):
        return self.env.get(name)

    def assign(self, name, value):
        self.env[name] = value


@st.composite
def expressions(draw, depth=0):
    """C++ expression text over NAMES and literals: arithmetic, comparisons, logic, `!`, `-`, `?:`, parentheses."""
    if depth >= 3 or draw(st.integers(0, 3)) == 0:
        return draw(st.sampled_from(NAMES + ("0", "1", "3", "nullptr", "true")))
    shape = draw(st.integers(0, 3))
    if shape == 0:
        return f"{draw(st.sampled_from(('!', '-')))}({draw(expressions(depth + 1))})"
    if shape == 1:
        return f"({draw(expressions(depth + 1))} ? {draw(expressions(depth + 1))} : {draw(expressions(depth + 1))})"
    return f"({draw(expressions(depth + 1))} {draw(st.sampled_from(OPERATORS))} {draw(expressions(depth + 1))})"


def _expression(text: str):
    unit = parse_source(f"bool Guard() {{ return {text}; }}".encode(), "guard.cpp")
    return unit.functions[0].body[0].value


@settings(max_examples=400, deadline=None)
@given(expressions(), st.lists(st.sampled_from(range(len(VALUES))), min_size=len(NAMES), max_size=len(NAMES)),
       st.sets(st.sampled_from(NAMES), min_size=1))
def test_an_undecided_confined_condition_stays_undecided_with_the_changed_names_unknown(text, picks, changed) -> None:
    expr = _expression(text)
    if not loop_skip.confined_value(expr, set(changed)):
        return
    env = {name: VALUES[pick] for name, pick in zip(NAMES, picks)}
    first = Evaluator(dict(env)).truth(expr)
    later = Evaluator({**env, **{name: Unknown(name) for name in changed}}).truth(expr)
    if first is None:
        assert later is None, (text, env, changed)


@settings(max_examples=200, deadline=None)
@given(st.sampled_from(VALUES + [Unknown("x")]), st.sampled_from(NAMES))
def test_unknown_absorbs_every_later_join(after, name) -> None:
    # The second pass's join of a changed variable gives Unknown(name) whatever the pass left in it.
    assert loop_join(name, Unknown(name), after) == Unknown(name)


# -- routes with and without the shortcut ----------------------------------------------------------------------------
HEAD = ("aclnnStatus aclnnDemoGetWorkspaceSize(const aclTensor* self, aclTensor* out, int64_t k, bool flag, "
        "uint64_t* workspaceSize, aclOpExecutor** executor)\n{\n"
        "    auto uniqueExecutor = CREATE_EXECUTOR();\n    const aclTensor* t = self;\n"
        "    int64_t n = 1;\n    int64_t m = 0;\n    int64_t dims[4] = {1, 2, 3, 4};\n    bool first = true;\n"
        "    std::vector<const aclTensor*> v;\n    const aclTensor* c = nullptr;\n")
# Declared in some programs only: an alias of m, a pointer to n and a lambda reading n (each stops the shortcut).
EXTRAS = ("    int64_t &r = m;\n", "    int64_t *p = &n;\n", "    auto g = [&]() { if (n > 3) { m = 9; } };\n")
USES = (("r = r + 1;", "if (r > 5) { n = 0; }"), ("*p = 3;", "if (*p > 2) { m = 4; }"), ("g();",))
TAIL = ("    if (n > 4) { t = l0op::Cast(t, op::DataType::DT_FLOAT, uniqueExecutor.get()); }\n"
        "    if (m == 0) { t = l0op::ZerosLike(t, uniqueExecutor.get()); }\n"
        "    auto r = l0op::ViewCopy(t, out, uniqueExecutor.get());\n    return ACLNN_SUCCESS;\n}\n")
HELPERS = """namespace {
int64_t Total(const int64_t *dims, int64_t k) {
    int64_t s = 1; for (int64_t i = 0; i < k; i++) { s *= dims[i]; } return s;
}
void Bump(int64_t &v, bool c) { if (c) { v = v + 1; } }
const aclTensor *Scan(const aclTensor *x, int64_t k, aclOpExecutor *ex) {
    int64_t size = 1; int64_t last = -1;
    for (int64_t j = 0; j < k; j++) { size *= k; if (last != j) { x = l0op::Abs(x, ex); } last = j; }
    if (size > 8) { x = l0op::Abs(x, ex); }
    return x;
}
struct Box { int64_t v_ = 0; };
}
"""
STATEMENTS = [
    "n *= k;", "n = n + 2;", "n++;", "m += n;", "m = m * 3 - n;", "n = (n > 3) ? n : m;", "n = k;", "n = 5;",
    "m = Total(dims, k);", "n = n * Total(dims, k);", "dims[1] = n;", "dims[0] = 7;", "first = false;",
    "if (n > 2) { t = l0op::Abs(t, uniqueExecutor.get()); }", "if (m != -1) { m = 2; }", "if (first) { n = 0; }",
    "if (k > 3 && n < 9) { m++; }", "if (flag) { n = n + 1; } else { m = m - 1; }",
    "t = Scan(t, k, uniqueExecutor.get());", "if (n == 1) { break; }", "if (flag) { continue; }",
    "Bump(n, flag);", "Bump(m, !flag);", "{ int64_t &r = m; r = r + n; }",
    "auto f = [&]() { return n + 1; }; m = f();", "{ Box b; b.v_ = n; m = b.v_; }",
    "CHECK_RET(n > 0, ACLNN_ERR_PARAM_INVALID);", "t = l0op::Abs(t, uniqueExecutor.get());",
    "{ Box b; b.v_ = n; if (b.v_ > 3) { m = 1; } }",
    "{ const aclTensor* q = t; t = l0op::Abs(q, uniqueExecutor.get()); }",
    "{ int64_t *w = dims; w[1] = n; }", "{ auto &e = dims[0]; e = n; }", "{ int64_t *w = &m; *w = 2; }",
    "v.push_back(t);", "v.push_back(c);", "for (auto x : v) { t = l0op::Abs(x, uniqueExecutor.get()); }",
    "c = l0op::ZerosLike(self, uniqueExecutor.get());", "CHECK_RET(c != nullptr, ACLNN_ERR_INNER_NULLPTR);",
    "if (c == nullptr) { m = 5; }", "t = l0op::ZerosLike(c, uniqueExecutor.get());", "dims[2] = dims[2] * 2;",
    "if (dims[2] > 5) { n = 0; }",
]


def _block(rng: random.Random, depth: int, statements: list) -> str:
    parts = []
    for _ in range(rng.randint(1, 4)):
        if depth < 2 and rng.random() < 0.3:
            inner = _block(rng, depth + 1, statements)
            parts.append(f"for (int64_t i{depth} = 0; i{depth} < k; i{depth}++) {{ {inner} }}")
        else:
            parts.append(rng.choice(statements))
    return " ".join(parts)


def _program(seed: int) -> str:
    rng = random.Random(seed)
    extras = [index for index in range(len(EXTRAS)) if rng.random() < 0.25]
    # A few kinds of statement per program, so that the loops read what they change in few ways.
    statements = rng.sample(STATEMENTS, 5) + [use for index in extras for use in USES[index]]
    body = "".join(f"    while (k > {index}) {{ {_block(rng, 1, statements)} }}\n"
                   for index in range(rng.randint(1, 3)))
    return HELPERS + HEAD + "".join(EXTRAS[index] for index in extras) + body + TAIL


def _routes(folder: Path, text: str) -> str:
    pure_memo._MEMORY.clear()  # each walk from a cold memory, as a fresh process would
    folder.mkdir(parents=True, exist_ok=True)
    source = folder / "demo.cpp"
    source.write_text(text)
    report = analyze_chains([source], repo_root=folder)
    routes = evaluate(report, facts=facts_matrix(["Ascend910B"], ["float16"], (), (), ())).routes
    return json.dumps([route_to_json(route) for route in routes], sort_keys=True)


class _Counting:
    """Counts the passes the shortcut proves unneeded."""

    def __init__(self, monkeypatch) -> None:
        self.skipped = 0
        replay = loop_skip.LoopSkip.replay

        def counted(walk, charges):
            self.skipped += 1
            return replay(walk, charges)

        monkeypatch.setattr(loop_skip.LoopSkip, "replay", counted)


# Loops the shortcut must not take: the changed variable decides a condition on the first pass, or a lambda reads it.
REFUSED = {
    "decided-condition": "    while (k > 0) { if (n > 2) { t = l0op::Abs(t, uniqueExecutor.get()); } n *= k; }\n",
    "lambda-reads-it": ("    auto h = [&]() { if (n > 3) { t = l0op::Abs(t, uniqueExecutor.get()); } };\n"
                        "    while (k > 0) { h(); n *= k; }\n"),
    "read-before-set": ("    const aclTensor* u = nullptr;\n"
                        "    while (k > 0) { u = c; c = l0op::ZerosLike(self, uniqueExecutor.get()); }\n"
                        "    if (u != nullptr) { t = l0op::Abs(u, uniqueExecutor.get()); }\n"),
    "list-read": ("    const aclTensor* u = nullptr;\n"
                  "    while (k > 0) { u = v[0]; v.push_back(self); }\n"
                  "    if (u != nullptr) { t = l0op::Abs(u, uniqueExecutor.get()); }\n"),
}


@pytest.mark.parametrize("name", sorted(REFUSED))
def test_a_second_pass_that_would_change_the_route_is_walked(tmp_path: Path, monkeypatch, name: str) -> None:
    text = HELPERS + HEAD + REFUSED[name] + TAIL
    monkeypatch.setattr(loop_skip, "SKIPPING", False)
    without = _routes(tmp_path, text)
    monkeypatch.setattr(loop_skip, "SKIPPING", True)
    assert _routes(tmp_path, text) == without


@pytest.mark.parametrize("batch", range(4))
def test_generated_programs_walk_the_same_routes_with_and_without_the_shortcut(tmp_path: Path, monkeypatch,
                                                                               batch: int) -> None:
    counting = _Counting(monkeypatch)
    for seed in range(batch * 40, batch * 40 + 40):
        text = _program(seed)
        # Some walks run out of steps on the way: a skipped pass is charged as the walked one would be.
        monkeypatch.setattr(walk, "MAX_STEPS", random.Random(seed).choice((50_000, 40, 90, 160, 300)))
        monkeypatch.setattr(loop_skip, "SKIPPING", False)
        without = _routes(tmp_path / str(seed), text)
        monkeypatch.setattr(loop_skip, "SKIPPING", True)
        with_skip = _routes(tmp_path / str(seed), text)
        assert with_skip == without, text
    assert counting.skipped > 0  # the shortcut was taken: the comparison tested it
