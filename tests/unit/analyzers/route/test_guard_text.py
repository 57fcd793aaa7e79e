"""Guard texts joined with `&&` keep the meaning of each guard: `A || B` is parenthesised when composed."""

from __future__ import annotations

from pathlib import Path

from hypothesis import given, settings
from hypothesis import strategies as st

from op_migrate.analyzers.aclnn import analyze_chains, evaluate, facts_matrix
from op_migrate.analyzers.route.statements import guard_term, scanned_guard_term

NAMES = ("a", "b", "c", "d")
# C++ boolean expressions over a few names, written the way op_api code writes guards (no redundant parens).
expressions = st.recursive(
    st.sampled_from(NAMES),
    lambda inner: st.one_of(
        st.tuples(inner, st.sampled_from([" && ", " || "]), inner).map(lambda t: t[0] + t[1] + t[2]),
        inner.map(lambda e: f"!({e})"),
    ),
    max_leaves=6,
)


def _python(text: str) -> str:
    """C++ `&&`, `||`, `!` over names as Python: the same precedence (not > and > or)."""
    return text.replace("&&", " and ").replace("||", " or ").replace("!(", " not (")


@given(expressions, expressions, st.fixed_dictionaries({name: st.booleans() for name in NAMES}))
def test_joined_guards_mean_the_conjunction(left: str, right: str, env: dict) -> None:
    expected = eval(_python(f"({left})"), {}, dict(env)) and eval(_python(f"({right})"), {}, dict(env))
    joined = guard_term(left) + " && " + guard_term(right)
    assert eval(_python(joined), {}, dict(env)) == expected


def test_only_top_level_alternatives_are_parenthesised() -> None:
    assert guard_term("a || b") == "(a || b)"
    assert guard_term("f(a || b) && c") == "f(a || b) && c"
    assert guard_term("x == 1 ? a : b") == "(x == 1 ? a : b)"


def test_an_or_guard_is_parenthesised_under_an_enclosing_guard(tmp_path: Path) -> None:
    source = tmp_path / "aclnn_demo.cpp"
    source.write_text("""aclnnStatus aclnnDemoGetWorkspaceSize(const aclTensor* self, aclTensor* out,
                                       uint64_t* workspaceSize, aclOpExecutor** executor)
{
    auto uniqueExecutor = CREATE_EXECUTOR();
    if (self->IsEmpty()) {
        return ACLNN_SUCCESS;
    }
    if (self->GetDataType() == DataType::DT_BOOL || self->GetDataType() == DataType::DT_INT64) {
        auto a = l0op::Abs(self, uniqueExecutor.get());
    }
    return ACLNN_SUCCESS;
}
""")
    (result,) = evaluate(analyze_chains([source], repo_root=tmp_path), facts=facts_matrix((), (), (), ())).routes
    assert result.tasks[0].guards == (
        "!(self->IsEmpty())",
        "(self->GetDataType() == DataType::DT_BOOL || self->GetDataType() == DataType::DT_INT64)",
    )


@settings(max_examples=500, deadline=None)
@given(st.text(alphabet="ab|?:()[]{} &!", max_size=24))
def test_the_shortcut_gives_what_the_scan_gives(text: str) -> None:
    assert guard_term(text) == scanned_guard_term(text)
