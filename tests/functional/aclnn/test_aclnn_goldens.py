"""Golden reports of `migrate analyze` on the fixture ops-math tree and on bad inputs, plus the facts they must show."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from op_migrate.migrate.config import AnalyzeConfig
from op_migrate.migrate.pipelines import aclnn

HERE = Path(__file__).resolve().parent
TREE = HERE / "ops_math"
GOLDEN = HERE / "golden"
REMAINDER = TREE / "math/floor_mod/op_api/aclnn_remainder.cpp"
BERNOULLI = TREE / "random/dsa_gen_bit_mask/op_api/aclnn_bernoulli.cpp"
BERNOULLI_AFTER = TREE / "experimental/random/bernoulli_mask/op_api/aclnn_bernoulli.cpp"
CAT = TREE / "conversion/concat_d/op_api/aclnn_cat.cpp"
GROUPED_CAST = TREE / "math/grouped_cast/op_api/aclnn_grouped_cast.cpp"
ASSIST_FILL = TREE / "math/assist_fill/op_api/aclnn_assist_fill.cpp"
SHAPES = ("self=[1024,1,64]", "other=[1,4096,64]", "out=[1024,4096,64]")


def run(fmt: str, inputs, **options):
    config = AnalyzeConfig(inputs=tuple(str(p) for p in inputs), fmt=fmt, use_cache=False, show_progress=False,
                           **options)
    rendered = aclnn.run(config)
    return rendered.text.replace(str(HERE), "<fixtures>"), rendered.exit_code


REMAINDER_OPTIONS = dict(socs=("Ascend910B", "Ascend950"), dtypes=("float16", "float64"), shapes=SHAPES)
CASES = {
    "remainder": ([REMAINDER], REMAINDER_OPTIONS),
    "bernoulli_prob_half": ([BERNOULLI], dict(socs=("Ascend910B",), dtypes=("bfloat16",),
                                              shapes=("self=[4,1000]", "out=[4,1000]"), scalars=("prob=0.5",))),
    "bernoulli_prob_zero": ([BERNOULLI], dict(socs=("Ascend910B",), dtypes=("bfloat16",),
                                              shapes=("self=[4,1000]", "out=[4,1000]"), scalars=("prob=0",))),
    "bernoulli_after": ([BERNOULLI_AFTER], dict(socs=("Ascend910B",), dtypes=("float32",),
                                                shapes=("self=[4,1000]", "out=[4,1000]"), scalars=("prob=0.5",))),
    "bernoulli_unknown": ([BERNOULLI], {}),
    "concat": ([CAT], dict(socs=("Ascend910B",), dtypes=("float16",))),
    # A launch reading a tensor the route cannot name: the task names it, the memory model says what that costs.
    "grouped_cast": ([GROUPED_CAST], dict(socs=("Ascend910B",), dtypes=("float16",),
                                          cases=("self=[64,128]:float16,out=[64,128]:float16",))),
    # op::CopyToNpu: a COPY task into a float32 device tensor of the host tensor's shape; the Cast after it decided.
    "assist_fill": ([ASSIST_FILL], dict(socs=("Ascend910B",), dtypes=("float16",),
                                        cases=("self=[64]:float16,out=[64]:float16",))),
    "bad_inputs": ([HERE / "bad"], {}),
}


@pytest.mark.parametrize("fmt", ["json", "md", "text"])
@pytest.mark.parametrize("case", sorted(CASES))
def test_golden_reports(golden, case, fmt) -> None:
    inputs, options = CASES[case]
    text, _ = run(fmt, inputs, **options)
    suffix = {"json": "json", "md": "md", "text": "txt"}[fmt]
    golden.check(text, GOLDEN / f"{case}.{suffix}")


def _routes(case: str):
    inputs, options = CASES[case]
    text, code = run("json", inputs, **options)
    return json.loads(text), code


def _ops(route):
    return [(t["op"], t["launcher"]) for t in route["tasks"]]


def test_remainder_broadcasts_both_inputs_before_floor_mod_except_on_regbase() -> None:
    document, code = _routes("remainder")
    # 1: the in-place entry cannot take these shapes (selfRef cannot hold the broadcast), and says so.
    assert code == 1
    assert [f["symbol"] for f in document["findings"]] == ["facts-not-broadcastable"]
    entry = next(e for e in document["entries"] if e["name"] == "aclnnRemainderTensorTensorGetWorkspaceSize")
    by_facts = {(r["facts"]["soc"], r["facts"]["dtypes"]["*"]): r for r in entry["routes"]}
    # The tail ViewCopy re-points FloorMod's workspace result at the contiguous `out`: no launch.
    assert _ops(by_facts["Ascend910B", "float16"]) == [
        ("BroadcastTo", "AI_CORE"), ("BroadcastTo", "AI_CORE"), ("FloorMod", "AI_CORE")]
    assert ("FloorMod", "AI_CPU") in _ops(by_facts["Ascend910B", "float64"])
    assert [op for op, _ in _ops(by_facts["Ascend950", "float16"])] == ["FloorMod"]
    route = by_facts["Ascend910B", "float16"]
    assert route["decided"] and [s["op"] for s in route["steps"] if s["kind"] == "helper"] == [
        "Contiguous", "Contiguous", "ReFormat", "ReFormat", "ViewCopy"]
    assert all(not s["tasks"] for s in route["steps"] if s["kind"] == "helper")
    assert [t["via"] for t in route["tasks"]] == ["BroadcastTo", "BroadcastTo", "FloorMod"]
    broadcasts = [t for t in route["tensors"] if t["producer"] == "BroadcastTo"]
    assert [t["dims"] for t in broadcasts] == [[1024, 4096, 64], [1024, 4096, 64]]
    assert all(not t["may"] for t in route["tasks"]) and route["complete"]
    # The BroadcastTo launch is reached through the BroadcastTensor helper and the L0 definition.
    path = [site["function"] for site in route["tasks"][0]["call_path"]]
    assert path[:3] == ["aclnnRemainderTensorTensorGetWorkspaceSize", "RemainderTensorTensor", "BroadcastTensor"]
    assert path[-1] == "l0op::BroadcastTo"


def test_bernoulli_dav_2201_takes_the_dsa_mask_route_and_prob_zero_takes_zeros_like() -> None:
    half, _ = _routes("bernoulli_prob_half")
    route = half["entries"][0]["routes"][0]
    assert _ops(route) == [("DSAGenBitMask", "DSA"), ("Fill", "AI_CORE"), ("DropoutDoMask", "AI_CORE"),
                           ("Cast", "AI_CORE")]
    assert route["steps"][-1]["op"] == "ViewCopy" and route["steps"][-1]["effect"] == "re-point"
    mask = next(t for t in route["tensors"] if t["producer"] == "DSAGenBitMask")
    assert (mask["dtype"], mask["dims"]) == ("uint8", [512])  # ceil(4000 / 128) * 16 bytes
    zero, _ = _routes("bernoulli_prob_zero")
    # Same dtype: Cast returns its input; ViewCopy re-points ZerosLike's result at out.
    assert [op for op, _ in _ops(zero["entries"][0]["routes"][0])] == ["ZerosLike"]


def test_bernoulli_unknown_prob_keeps_every_branch_as_may() -> None:
    document, _ = _routes("bernoulli_unknown")
    assert document["entries"][0]["routes"] == []  # no facts: the chain is the only route
    route = document["entries"][0]["chain"]
    ops = [t["op"] for t in route["tasks"]]
    assert {"ZerosLike", "OnesLike", "DSAGenBitMask", "StatelessBernoulli"} <= set(ops)
    assert all(t["may"] and t["guards"] for t in route["tasks"])


def test_after_style_mask_aliases_the_output_storage() -> None:
    document, _ = _routes("bernoulli_after")
    route = document["entries"][0]["routes"][0]
    alias = next(t for t in route["tensors"] if t["effect"] == "alias")
    assert (alias["base"], alias["dtype"]) == ("out", "uint8")
    assert not [t for t in route["tensors"] if t["effect"] == "alloc"]
    assert _ops(route) == [("DSAGenBitMask", "DSA"), ("BernoulliMask", "AI_CORE")]


def test_bad_inputs_are_reported_and_the_run_finishes() -> None:
    document, code = _routes("bad_inputs")
    assert code == 2  # incomplete routes
    symbols = {f["symbol"] for f in document["findings"]}
    assert {"cxx-not-utf8", "cxx-parse-error", "route-recursive-call", "l0-op-unresolved",
            "route-unparsed-construct", "aclnn-repo-root-missing"} <= symbols
    assert [u["op"] for u in document["unresolved"]] == ["MysteryKernel"]
    assert document["summary"]["files"] == 5 and document["failed"] == []


def test_concat_elements_carry_their_inputs_layouts() -> None:
    """The inputs go through local FVectors and tensor lists: every element is one of the user's contiguous
    tensors or a ConcatD result, so Contiguous launches nothing and the final ViewCopy moves only a user tensor.
    The rounds of the `while` loop are joined: `first` is true on the first round only, so the Contiguous under it
    is `may`, and a later round's ConcatD reads what earlier rounds joined."""
    document, code = _routes("concat")
    (route,) = document["entries"][0]["routes"]
    assert code == 0 and route["complete"]
    steps = {(step["op"], step["line"]): step for step in route["steps"]}
    assert all(step["tasks"] == [] for (op, _), step in steps.items() if op == "Contiguous")
    (contiguous,) = [step for (op, _), step in steps.items() if op == "Contiguous" and step["line"] == 35]
    assert contiguous["guards"][-1] == "first"
    assert [(t["op"], t["via"]) for t in route["tasks"]] == [
        ("TensorMove", "ViewCopy"), ("ConcatD", "ConcatD"), ("ConcatD", "ConcatD"), ("TensorMove", "ViewCopy")]
    *_, last = route["tasks"]
    assert last["guards"][-1] == "ViewCopy: castOut is tensors[i]"  # a ConcatD result is re-pointed instead
    # ConcatD reads the list it is given: the Contiguous views of the user's tensors on the first round, the
    # pending tensors on later ones, which are the ConcatD results of the rounds before.
    tensors = {t["id"]: t for t in route["tensors"]}
    concat_d = [t for t in route["tasks"] if t["op"] == "ConcatD"]
    for task in concat_d:
        kinds = {(tensors[read]["producer"], tensors[read]["base"]) for read in task["reads"]}
        assert kinds == {("Contiguous", "tensors[i]"), ("param", None), ("ConcatD", None)}
    assert {read for t in concat_d for read in t["reads"] if tensors[read]["producer"] == "ConcatD"} == \
        {write for t in concat_d for write in t["writes"]}