"""Policy parsing: the built-in policies load, and every kind of bad policy is an error naming its key path."""

from __future__ import annotations

import pytest

from op_migrate.analyzers.policy import PolicyError, builtin_names, load_policy, matrix, parse_policy

GOOD = """
[policy]
name = "p"
entries = ["aclnnXGetWorkspaceSize"]

[[policy.routes]]
soc = ["Ascend910B"]
dtype = ["float16"]
cases = [{ self = [2], out = [2] }]

[[policy.forbid]]
op = "BroadcastTo"
size = "output"
"""


def problems_of(text: str) -> tuple[str, ...]:
    with pytest.raises(PolicyError) as caught:
        parse_policy(text, source="t.toml")
    return caught.value.problems


def test_builtin_policies_are_shipped_and_valid() -> None:
    assert builtin_names() == ("bernoulli-dav2201", "floor_mod-native", "gcd-native", "reduce_all-native")
    for name in builtin_names():
        policy = load_policy(name)
        assert policy.name == name and policy.source == f"builtin:{name}"
        assert matrix(policy)


def test_floor_mod_native_is_the_issue_policy() -> None:
    policy = load_policy("floor_mod-native")
    assert policy.entries == ("aclnnRemainderTensorTensorGetWorkspaceSize",
                              "aclnnInplaceRemainderTensorTensorGetWorkspaceSize",
                              "aclnnRemainderTensorScalarGetWorkspaceSize",
                              "aclnnInplaceRemainderTensorScalarGetWorkspaceSize",
                              "aclnnRemainderScalarTensorGetWorkspaceSize")
    assert {(r.kind, r.op, r.launcher, r.size) for r in policy.rules} == {
        ("forbid", "BroadcastTo", None, "output"), ("forbid", None, "AI_CPU", "any"), ("require", "FloorMod", "AI_CORE", "any")}
    assert policy.memory is not None and policy.memory.max_gap == 0.05
    # Tensor-Tensor: 2 entries x 2 SoCs x 6 dtypes x 2 cases; the scalar entries: 3 x 2 SoCs x 7 dtypes x 2 cases.
    assert len(matrix(policy)) == 2 * 2 * 6 * 2 + 3 * 2 * 7 * 2
    inplace = [p for p in matrix(policy) if p.entry == "aclnnInplaceRemainderTensorTensorGetWorkspaceSize"]
    assert {p.case for p in inplace} == {"broadcast-other", "rank0-other"}
    assert inplace[0].facts().shape_of("selfRef") == (1024, 4096, 64)
    scalar = [p for p in matrix(policy) if p.entry == "aclnnRemainderScalarTensorGetWorkspaceSize"]
    assert {p.facts().scalar("self") for p in scalar} == {7.0}


def test_bernoulli_policy_has_ten_dtypes_and_the_endpoints() -> None:
    policy = load_policy("bernoulli-dav2201")
    dtypes = {binding[0][1] for binding in policy.routes[0].dtypes}
    assert dtypes == {"float16", "float32", "float64", "bfloat16", "int8", "uint8", "int16", "int32", "int64", "bool"}
    assert dict(policy.routes[0].scalars) == {"prob": (0.5, 0.0, 1.0)}
    assert {r.op for r in policy.rules if r.op} == {"Fill", "DropoutDoMask", "Cast"}


def test_a_good_policy_parses_with_derived_rule_names() -> None:
    policy = parse_policy(GOOD)
    assert [rule.name for rule in policy.rules] == ["forbid-BroadcastTo-output-sized"]
    assert policy.routes[0].dtypes == ((("*", "float16"),),)


def test_dtype_aliases_and_per_parameter_bindings_are_normalised() -> None:
    text = GOOD.replace('dtype = ["float16"]', 'dtype = ["fp16", "DT_BF16", { self = "int8", out = "bool" }]')
    assert parse_policy(text).routes[0].dtypes == (
        (("*", "float16"),), (("*", "bfloat16"),), (("self", "int8"), ("out", "bool")))


@pytest.mark.parametrize(
    ("edit", "expected"),
    [
        (('name = "p"', 'name = "p"\nnmae = "q"'), "policy.nmae: unknown key"),
        (('cases =', 'soc_list = 1\ncases ='), "policy.routes[0].soc_list: unknown key"),
        (('size = "output"', 'size = "output"\nlauncer = "AI_CPU"'), "policy.forbid[0].launcer: unknown key"),
        (('size = "output"', 'size = "output"\nwhen = { chip = ["x"] }'), "policy.forbid[0].when.chip: unknown key"),
        (('dtype = ["float16"]', 'dtype = ["float61"]'), "policy.routes[0].dtype[0]: unknown dtype 'float61'"),
        (('soc = ["Ascend910B"]', 'soc = ["Ascend910C"]'), "policy.routes[0].soc[0]: unknown SoC 'Ascend910C'"),
        (('op = "BroadcastTo"', 'op = "Broadcast[To"'), "policy.forbid[0].op: bad glob"),
        (('op = "BroadcastTo"', 'op = "Broadcast To"'), "policy.forbid[0].op: bad glob"),
        (('dtype = ["float16"]', 'dtype = []'), "policy.routes[0].dtype: is empty"),
        (('cases = [{ self = [2], out = [2] }]', 'cases = []'), "policy.routes[0].cases: is empty"),
        (('cases =', 'scalars = { prob = [] }\ncases ='), "policy.routes[0].scalars.prob: empty list"),
        (('entries = ["aclnnXGetWorkspaceSize"]', 'entries = []'), "policy.entries: is empty"),
        (('size = "output"', 'size = "huge"'), "policy.forbid[0].size: 'huge' is not one of"),
        (('size = "output"', 'size = "output"\nlauncher = "GPU"'), "policy.forbid[0].launcher: 'GPU' is not one of"),
        (('op = "BroadcastTo"\nsize = "output"', 'size = "output"'), "policy.forbid[0]: selects nothing"),
        (('[[policy.forbid]]', '[policy.memory]\nmax_gap = -1\n[[policy.forbid]]'), "policy.memory.max_gap"),
        (('[[policy.forbid]]', '[policy.memory]\nmax_gap = 1\ncases = ["big"]\n[[policy.forbid]]'),
         "policy.memory.cases: 'big' names no case"),
        (('cases = [{ self = [2], out = [2] }]', 'cases = [{ self = [-2] }]'), "policy.routes[0].cases[0].self"),
        (('cases =', 'entries = ["aclnnYGetWorkspaceSize"]\ncases ='), "policy.routes[0].entries: 'aclnnYGetWorkspaceSize'"),
        (('size = "output"', 'size = "output"\nwhen = { case = ["huge"] }'),
         "policy.forbid rule 'forbid-BroadcastTo-output-sized': when.case 'huge' names no case"),
        (('[[policy.forbid]]', '[[policy.require]]\neffect = "alloc"\n[[policy.forbid]]'),
         "policy.require[0]: require rules select tasks"),
    ],
)
def test_each_mistake_is_reported_with_its_key_path(edit, expected) -> None:
    old, new = edit
    assert old in GOOD
    problems = problems_of(GOOD.replace(old, new, 1))
    assert any(problem.startswith(expected) for problem in problems), problems


def test_every_problem_is_reported_at_once() -> None:
    text = GOOD.replace('soc = ["Ascend910B"]', 'soc = ["Nope"]').replace('dtype = ["float16"]', 'dtype = ["nope"]')
    assert len(problems_of(text)) == 2


def test_missing_routes_and_invalid_toml() -> None:
    assert any("policy.routes: at least one" in p for p in problems_of('[policy]\nname = "p"\nentries = ["e"]\n'))
    assert problems_of("[policy\n")[0].startswith("not valid TOML")


def test_duplicate_rule_names_are_refused() -> None:
    text = GOOD + '\n[[policy.forbid]]\nop = "BroadcastTo"\nsize = "output"\n'
    assert any("used twice" in p for p in problems_of(text))


def test_unknown_reference_lists_the_builtins(tmp_path) -> None:
    with pytest.raises(PolicyError) as caught:
        load_policy(str(tmp_path / "missing.toml"))
    assert "floor_mod-native" in str(caught.value)
    path = tmp_path / "mine.toml"
    path.write_text(GOOD, encoding="utf-8")
    assert load_policy(str(path)).source == str(path)


def test_a_policy_file_that_is_not_utf8_is_a_policy_error(tmp_path) -> None:
    path = tmp_path / "latin1.toml"
    path.write_bytes(b'[policy]\nname = "caf\xe9"\n')
    with pytest.raises(PolicyError) as caught:
        load_policy(str(path))
    assert "cannot be read as UTF-8" in caught.value.problems[0]
