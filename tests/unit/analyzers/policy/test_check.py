"""Rules against hand-built routes: op/glob/launcher, size classes, may, tensor effects, require, scopes."""

from __future__ import annotations

from op_migrate.analyzers.policy import MatrixPoint, parse_policy
from op_migrate.analyzers.policy.check import check_route, op_matches
from op_migrate.analyzers.route.model import Facts, Route, ShapeRule, Site, Task, Tensor

HEAD = """
[policy]
name = "t"
entries = ["aclnnXGetWorkspaceSize"]
[[policy.routes]]
soc = ["Ascend910B"]
dtype = ["float16"]
cases = [{ self = [4, 1], other = [1, 8], out = [4, 8] }]
"""
POINT = MatrixPoint(entry="aclnnXGetWorkspaceSize", soc="Ascend910B", arch="DAV_2201", dtypes=(("*", "float16"),),
                    case="case1", shapes=(("self", (4, 1)), ("other", (1, 8)), ("out", (4, 8))), scalars=(("prob", 0.5),))


def tensor(tid, rule, refs=(), dims=(), effect="alloc", dtype="float16", producer="l0op::X", may=False):
    return Tensor(id=tid, name=tid, producer=producer, effect=effect, shape=ShapeRule(rule, refs=refs, dims=dims),
                  dtype=dtype, file="x.cpp", line=10, may=may)


def task(index, op, writes, launcher="AI_CORE", may=False, guards=()):
    return Task(index=index, op=op, launcher=launcher, file="l0.cpp", line=20 + index, may=may, guards=guards,
                writes=writes, call_path=(Site("aclnnXGetWorkspaceSize", "aclnn_x.cpp", 5),))


PARAMS = (tensor("self", "param", ("self",), effect="param"), tensor("other", "param", ("other",), effect="param"),
          tensor("out", "param", ("out",), effect="param"))


def route(tasks, tensors=()):
    return Route(entry="aclnnXGetWorkspaceSize", facts=Facts(), tasks=tuple(tasks), tensors=PARAMS + tuple(tensors),
                 events=())


def rules(text: str) -> list[tuple[str, str | None, bool]]:
    return rules_on(text, ROUTE)


def rules_on(text: str, checked: Route) -> list[tuple[str, str | None, bool]]:
    return [(v.rule, v.op, v.may) for v in check_route(parse_policy(HEAD + text), POINT, checked)]


ROUTE = route(
    [
        task(0, "BroadcastTo", ("unit",), guards=("rank == 0",)),
        task(1, "BroadcastTo", ("big",), guards=("!native",)),
        task(2, "FloorMod", ("y",), launcher="AI_CPU", may=True, guards=("dtype unknown",)),
        task(3, "l0op::ViewCopy", ("out",)),
    ],
    [tensor("unit", "literal", dims=("1",)), tensor("big", "broadcast", ("self", "other")),
     tensor("y", "same", ("big",))],
)


def test_output_sized_broadcast_is_caught_and_the_constant_one_is_not() -> None:
    found = check_route(parse_policy(HEAD + '[[policy.forbid]]\nop = "BroadcastTo"\nsize = "output"\n'), POINT, ROUTE)
    assert [(v.op, v.line, v.guards, v.size) for v in found] == [("BroadcastTo", 21, ("!native",), "output")]


def test_constant_size_class_selects_the_rank0_normalisation() -> None:
    assert rules('[[policy.forbid]]\nop = "BroadcastTo"\nsize = "constant"\n') == [
        ("forbid-BroadcastTo-constant-sized", "BroadcastTo", False)]


def test_any_size_catches_both() -> None:
    assert len(rules('[[policy.forbid]]\nop = "BroadcastTo"\n')) == 2


def test_glob_and_namespace_matching() -> None:
    assert op_matches("Broadcast*", "BroadcastTo") and op_matches("ViewCopy", "l0op::ViewCopy")
    assert not op_matches("Broadcast", "BroadcastTo")
    assert rules('[[policy.forbid]]\nop = "View*"\n') == [("forbid-View", "l0op::ViewCopy", False)]


def test_may_task_violates_unless_allowed() -> None:
    assert rules('[[policy.forbid]]\nlauncher = "AI_CPU"\n') == [("forbid-AI_CPU", "FloorMod", True)]
    assert rules('[[policy.forbid]]\nlauncher = "AI_CPU"\nallow_may = true\n') == []


def test_policy_wide_allow_may_is_the_rule_default() -> None:
    text = (HEAD.replace('entries = ["aclnnXGetWorkspaceSize"]', 'entries = ["aclnnXGetWorkspaceSize"]\nallow_may = true')
            + '[[policy.forbid]]\nlauncher = "AI_CPU"\n')
    assert check_route(parse_policy(text), POINT, ROUTE) == ()


def test_undecided_size_is_a_violation_unless_may_is_allowed() -> None:
    unknown = route([task(0, "BroadcastTo", ("t",))], [tensor("t", "unknown")])
    assert [v.size for v in check_route(parse_policy(HEAD + '[[policy.forbid]]\nop = "BroadcastTo"\nsize = "output"\n'),
                                        POINT, unknown)] == ["unknown"]
    assert rules_on('[[policy.forbid]]\nop = "BroadcastTo"\nsize = "output"\nallow_may = true\n', unknown) == []


def test_separate_uint8_mask_versus_uint8_alias_of_the_output() -> None:
    rule = '[[policy.forbid]]\neffect = "alloc"\ndtype = "uint8"\nsize = "other"\n'
    old = route([task(0, "DSAGenBitMask", ("mask",), launcher="DSA")],
                [tensor("mask", "packed_bits", ("out",), dtype="DT_UINT8", producer="l0op::DSAGenBitMask")])
    new = route([task(0, "DSAGenBitMask", ("maskView",), launcher="DSA")],
                [tensor("yPrivate", "same", ("out",)),
                 tensor("maskView", "literal", dims=("count / 8",), effect="alias", dtype="uint8")])
    assert rules_on(rule, old) == [("forbid-alloc-uint8-other-sized", "l0op::DSAGenBitMask", False)]
    assert rules_on(rule, new) == []


def test_uint8_output_allocation_is_not_a_mask() -> None:
    rule = '[[policy.forbid]]\neffect = "alloc"\ndtype = "uint8"\nsize = "other"\n'
    assert rules_on(rule, route([], [tensor("y", "same", ("out",), dtype="uint8")])) == []


def test_require_missing_may_only_and_present() -> None:
    assert rules('[[policy.require]]\nop = "FloorMod"\nlauncher = "AI_CORE"\n') == [
        ("require-FloorMod-AI_CORE", "FloorMod", False)]
    may_only = check_route(parse_policy(HEAD + '[[policy.require]]\nop = "FloorMod"\n'), POINT, ROUTE)
    assert [(v.may, v.guards, "undecided" in v.message) for v in may_only] == [(True, ("dtype unknown",), True)]
    assert rules('[[policy.require]]\nop = "FloorMod"\nallow_may = true\n') == []
    assert rules('[[policy.require]]\nop = "BroadcastTo"\nsize = "output"\n') == []


def test_when_scope_restricts_rules_to_points() -> None:
    text = '[[policy.forbid]]\nop = "BroadcastTo"\nwhen = { scalars = { prob = [0.25] } }\n'
    assert rules(text) == []
    assert len(rules(text.replace("0.25", "0.5"))) == 2
    assert rules('[[policy.forbid]]\nop = "BroadcastTo"\nwhen = { soc = ["Ascend910_93"] }\n') == []
    assert len(rules('[[policy.forbid]]\nop = "BroadcastTo"\nwhen = { dtype = ["fp16"] }\n')) == 2


def test_require_is_met_when_both_branches_of_an_undecided_guard_launch_it() -> None:
    both = route([task(0, "FloorMod", ("y",), may=True, guards=("a", "direct")),
                  task(1, "FloorMod", ("y",), may=True, guards=("a", "!(direct)")),
                  task(2, "FloorMod", ("y",), may=True, guards=("!(a)",))], [tensor("y", "same", ("out",))])
    assert rules_on('[[policy.require]]\nop = "FloorMod"\n', both) == []
    one_side = route([task(0, "FloorMod", ("y",), may=True, guards=("a", "direct")),
                      task(1, "FloorMod", ("y",), may=True, guards=("!(a)",))], [tensor("y", "same", ("out",))])
    assert rules_on('[[policy.require]]\nop = "FloorMod"\n', one_side) == [("require-FloorMod", "FloorMod", True)]


def test_a_rule_names_the_op_as_the_chain_calls_it_or_as_it_launches() -> None:
    # l0op::DropoutDoMask launches the op type DropOutDoMask: a policy may use either spelling.
    launched = Task(index=0, op="DropOutDoMask", launcher="AI_CORE", file="l0.cpp", line=20, writes=("y",),
                    l0="DropoutDoMask", via="DropoutDoMask")
    checked = route([launched], [tensor("y", "same", ("self",))])
    assert rules_on('[[policy.forbid]]\nop = "DropoutDoMask"\n', checked) == [
        ("forbid-DropoutDoMask", "DropOutDoMask", False)]
    assert rules_on('[[policy.forbid]]\nop = "DropOutDoMask"\n', checked) == [
        ("forbid-DropOutDoMask", "DropOutDoMask", False)]
    assert rules_on('[[policy.forbid]]\nop = "Dropout"\n', checked) == []


def test_a_launcher_the_facts_leave_undecided_may_be_the_one_forbidden() -> None:
    # catalog_apply spells an undecided launcher "AI_CORE|AI_CPU": a rule forbidding AI CPU sees a may violation
    undecided = route([task(0, "FloorMod", ("y",), launcher="AI_CORE|AI_CPU")], [tensor("y", "same", ("self",))])
    assert rules_on('[[policy.forbid]]\nlauncher = "AI_CPU"\n', undecided) == [("forbid-AI_CPU", "FloorMod", True)]
    assert rules_on('[[policy.forbid]]\nlauncher = "AI_CPU"\nallow_may = true\n', undecided) == []
    assert rules_on('[[policy.forbid]]\nlauncher = "DSA"\n', undecided) == []
    # nor does it meet a requirement of the AI core launch for sure
    required = '[[policy.require]]\nop = "FloorMod"\nlauncher = "AI_CORE"\n'
    assert [(rule, op) for rule, op, _ in rules_on(required, undecided)] == [("require-FloorMod-AI_CORE", "FloorMod")]
