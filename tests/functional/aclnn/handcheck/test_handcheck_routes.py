"""Routes of ops-transformer and ops-cv checked by hand against their source (issue 28), each reproduced by a fixture
of ours written in that repository's idiom under <tree>/<real entry>/ (renamed, bodies our own).

Every case is one entry point with facts. Its golden (golden/<case>.txt) is the route in a short form: the facts, the
verdict, what rejected the call or left it incomplete, and the launches in order with their launcher and `may`.
- right: the tool's route is the true one; the golden is regenerated with --update-goldens like any other.
- honest: the tool says it cannot decide (or is incomplete) for a reason the facts cannot remove; the golden records
  that, and TRUTH says which launches really happen: each of them must be in the route, and every launch that is
  not one of them must be `may`.
- wrong: the tool's route is not the true one today. The golden is the hand-checked TRUE route; it is compared
  with a plain assert (never rewritten by --update-goldens) and the case is xfail(strict) naming the walker bug.
  When the walker is fixed the test passes: remove its entry from WALKER_BUGS.
Where an honest case's true route is decided by the facts alone (a walker gap, not a missing fact), EXACT holds
why the walker does not decide it and the true launches; test_decided_by_the_facts asserts them, xfail(strict)
until the walker decides the route.
The findings behind each case, with the real file:line, are in the notes of issue 28 (hand28-findings.md).
"""

from __future__ import annotations

import json
from dataclasses import dataclass, field
from pathlib import Path

import pytest

from op_migrate.migrate.config import AnalyzeConfig
from op_migrate.migrate.pipelines import aclnn

HERE = Path(__file__).resolve().parent
GOLDEN = HERE / "golden"
MATH = HERE / "math_root"  # our own stand-in for the ops-math root the real runs were given second


@dataclass(frozen=True)
class Case:
    """One hand-checked route: the fixture tree, the entry file in it, the facts and the verdict of the hand check."""

    fixture: str  # <tree>/<real entry>, the fixture's repository root under HERE
    source: str  # the entry's file, relative to the fixture root
    entry: str
    verdict: str  # right | honest | wrong
    facts: dict = field(default_factory=dict)


def case(fixture, source, entry, verdict, **facts) -> Case:
    return Case(fixture, source, entry, verdict, facts)


IOU = ("ops_cv/aclnnIou", "objdetect/box_overlap/op_api/aclnn_box_overlap.cpp", "aclnnBoxOverlapGetWorkspaceSize")
NMS = ("ops_cv/aclnnNonMaxSuppression", "objdetect/box_suppress/op_host/op_api/aclnn_box_suppress.cpp",
       "aclnnBoxSuppressGetWorkspaceSize")
NEAREST_2D = ("ops_cv/aclnnUpsampleNearest2dV2", "image/nearest_grow/op_host/op_api/aclnn_nearest_grow.cpp",
              "aclnnNearestGrowGetWorkspaceSize")
EXACT_1D = ("ops_cv/aclnnUpsampleNearestExact1d", "image/nearest_stretch/op_host/op_api/aclnn_nearest_stretch1d.cpp",
            "aclnnNearestStretch1dGetWorkspaceSize")
ALIGN_GRAD = ("ops_cv/aclnnRoiAlignV2Backward",
              "experimental/objdetect/region_align_grad/op_host/op_api/aclnn_region_align_grad.cpp",
              "aclnnRegionAlignGradGetWorkspaceSize")
POOL_GRAD = ("ops_cv/aclnnRoiPoolingGradWithArgMax", "objdetect/region_pool_grad/op_api/aclnn_region_pool_grad.cpp",
             "aclnnRegionPoolGradGetWorkspaceSize")
TRILINEAR_GRAD = ("ops_cv/aclnnUpsampleTrilinear3dBackward",
                  "image/cube_smooth_grad/op_host/op_api/aclnn_cube_smooth_grad.cpp",
                  "aclnnCubeSmoothGradGetWorkspaceSize")
GRID = ("ops_cv/aclnnGridSampler2D", "image/warp_sample/op_api/aclnn_warp_sample2d.cpp",
        "aclnnWarpSample2dGetWorkspaceSize")
GRID_GRAD = ("ops_cv/aclnnGridSampler2DBackward", "image/warp_sample_grad/op_host/op_api/aclnn_warp_sample2d_grad.cpp",
             "aclnnWarpSample2dGradGetWorkspaceSize")
BICUBIC = ("ops_cv/aclnnUpsampleBicubic2d", "image/cubic_grow/op_host/op_api/aclnn_cubic_grow2d.cpp",
           "aclnnCubicGrow2dGetWorkspaceSize")

FFN = ("ops_transformer/aclnnFFN", "ffn/twin_dense/op_host/op_api/aclnn_twin_dense.cpp",
       "aclnnTwinDenseGetWorkspaceSize")
FFN_V3 = ("ops_transformer/aclnnFFNV3", "ffn/expert_dense/op_host/op_api/aclnn_expert_dense.cpp",
          "aclnnExpertDenseGetWorkspaceSize")
NSA = ("ops_transformer/aclnnNsaCompress", "attention/sparse_fold/op_host/op_api/aclnn_sparse_fold.cpp",
       "aclnnSparseFoldGetWorkspaceSize")
PROLOG = ("ops_transformer/aclnnMlaPrologV3WeightNz",
          "attention/prolog_pack/op_host/op_api/aclnn_prolog_pack_weight_nz.cpp",
          "aclnnPrologPackWeightNzGetWorkspaceSize")
COMBINE = ("ops_transformer/aclnnMoeDistributeCombineV3", "mc2/route_merge/op_host/op_api/aclnn_route_merge_v3.cpp",
           "aclnnRouteMergeV3GetWorkspaceSize")
UPDATE = ("ops_transformer/aclnnMoeUpdateExpert", "mc2/slot_update/op_host/op_api/aclnn_slot_update.cpp",
          "aclnnSlotUpdateGetWorkspaceSize")
FA_GRAD = ("ops_transformer/aclnnFlashAttentionUnpaddingScoreGradV2",
           "attention/span_attention_grad/op_host/op_api/aclnn_span_attention_grad.cpp",
           "aclnnSpanAttentionGradGetWorkspaceSize")
FA = ("ops_transformer/aclnnFlashAttentionScore", "attention/block_attention/op_host/op_api/aclnn_block_attention.cpp",
      "aclnnBlockAttentionGetWorkspaceSize")
ROPE = ("ops_transformer/aclnnInterleaveRope", "posembedding/twist_rope/op_host/op_api/aclnn_twist_rope.cpp",
        "aclnnTwistRopeGetWorkspaceSize")
GEMM = ("ops_transformer/aclnnMatmulAllReduce", "mc2/gemm_reduce/op_host/op_api/aclnn_gemm_reduce.cpp",
        "aclnnGemmReduceGetWorkspaceSize")

B910 = ("Ascend910B",)
FP16 = ("float16",)
IOU_SHAPES = ("boxesB=[200,4]", "overlap=[200,100]")
GRID_SHAPES = ("input=[2,8,16,16]", "out=[2,8,32,32]")
GRID_GRAD_SHAPES = ("gradOutput=[2,8,32,32]", "input=[2,8,16,16]", "grid=[2,32,32,2]", "gridGrad=[2,32,32,2]")
FFN_SHAPES = ("weight1=[1024,2048]", "weight2=[2048,1024]", "y=[256,1024]")
FFN_V3_SHAPES = ("x=[256,1024]", "weight2=[4,2048,1024]", "expertTokensOptional=[4]", "y=[256,1024]")
TND = tuple(f"{name}=[1024,8,128]" for name in ("query", "key", "value", "dy", "dqOut", "dkOut", "dvOut"))
BNSD = tuple(f"{name}=[2,8,1024,128]" for name in ("query", "key", "value", "attentionOut"))
ROPE_SHAPES = ("x=[32,32,1,64]", "cos=[32,1,1,64]", "sin=[32,1,1,64]", "out=[32,32,1,64]")
GEMM_FACTS = dict(socs=B910, dtypes=FP16, scalars=("streamMode=1",))
SLOT_DTYPES = ("expertIds=int32", "table=int32", "activeMaskOptional=bool", "balancedIds=int32")
POOL_SHAPES = ("grad=[8,16,7,7]", "regions=[8,5]", "argmax=[8,16,7,7]", "imageRef=[2,16,32,32]")

CASES: dict[str, Case] = {
    "ops_transformer/aclnnFFN/pass": case(*FFN, "right", socs=B910, dtypes=FP16, shapes=("x=[256,1024]", *FFN_SHAPES),
                                          scalars=("precise=1",)),
    "ops_transformer/aclnnFFN/x_k_mismatch": case(*FFN, "wrong", socs=B910, dtypes=FP16,
                                                  shapes=("x=[256,1000]", *FFN_SHAPES), scalars=("precise=1",)),
    "ops_transformer/aclnnFFN/x_bfloat16": case(*FFN, "right", socs=B910, dtypes=("float16", "x=bfloat16"),
                                                shapes=("x=[256,1024]", *FFN_SHAPES), scalars=("precise=1",)),
    "ops_transformer/aclnnFFNV3/experts": case(*FFN_V3, "right", socs=B910,
                                               dtypes=("float16", "expertTokensOptional=int64"),
                                               shapes=("weight1=[4,1024,2048]", *FFN_V3_SHAPES),
                                               scalars=("precise=1",)),
    "ops_transformer/aclnnFFNV3/expert_count_mismatch": case(*FFN_V3, "right", socs=B910,
                                                             dtypes=("float16", "expertTokensOptional=int64"),
                                                             shapes=("weight1=[8,1024,2048]", *FFN_V3_SHAPES),
                                                             scalars=("precise=1",)),
    "ops_transformer/aclnnNsaCompress/tnd": case(*NSA, "right", socs=B910, dtypes=FP16,
                                                 shapes=("input=[1024,4,128]", "weight=[32,4]", "output=[64,4,128]"),
                                                 scalars=("blockSize=32",)),
    "ops_transformer/aclnnMlaPrologV3WeightNz/910b": case(*PROLOG, "right", socs=B910,
                                                          dtypes=("bfloat16", "cacheIndexOptional=int64",
                                                                  "queryScaleOptional=float32")),
    "ops_transformer/aclnnMlaPrologV3WeightNz/310p": case(*PROLOG, "right", socs=("Ascend310P",),
                                                          dtypes=("bfloat16", "cacheIndexOptional=int64",
                                                                  "queryScaleOptional=float32")),
    "ops_transformer/aclnnMoeDistributeCombineV3/910b": case(*COMBINE, "right", socs=B910,
                                                             dtypes=("float16", "expertIds=int32",
                                                                     "expertScales=float32")),
    "ops_transformer/aclnnMoeUpdateExpert/910_93": case(*UPDATE, "right", socs=("Ascend910_93",), dtypes=SLOT_DTYPES),
    "ops_transformer/aclnnMoeUpdateExpert/910b": case(*UPDATE, "right", socs=B910, dtypes=SLOT_DTYPES),
    "ops_transformer/aclnnMoeUpdateExpert/910_93_all_float16": case(*UPDATE, "right", socs=("Ascend910_93",),
                                                                    dtypes=FP16),
    "ops_transformer/aclnnFlashAttentionUnpaddingScoreGradV2/tnd": case(*FA_GRAD, "right", socs=B910, dtypes=FP16,
                                                                        shapes=TND, scalars=("headNum=8",)),
    "ops_transformer/aclnnFlashAttentionScore/bnsd": case(*FA, "right", socs=B910,
                                                          dtypes=("float16", "rowMaxOut=float32", "rowSumOut=float32"),
                                                          shapes=(*BNSD, "rowMaxOut=[2,8,1024,8]",
                                                                  "rowSumOut=[2,8,1024,8]"),
                                                          scalars=("headNum=8",)),
    "ops_transformer/aclnnInterleaveRope/910b": case(*ROPE, "right", socs=B910, dtypes=FP16, shapes=ROPE_SHAPES),
    "ops_transformer/aclnnInterleaveRope/950": case(*ROPE, "right", socs=("Ascend950",), dtypes=FP16,
                                                    shapes=ROPE_SHAPES),
    "ops_transformer/aclnnInterleaveRope/310p": case(*ROPE, "right", socs=("Ascend310P",), dtypes=FP16,
                                                     shapes=ROPE_SHAPES),
    "ops_transformer/aclnnMatmulAllReduce/pass": case(*GEMM, "right", shapes=("x1=[128,256]", "x2=[256,512]",
                                                                              "bias=[512]", "output=[128,512]"),
                                                      **GEMM_FACTS),
    "ops_transformer/aclnnMatmulAllReduce/stream_mode_0": case(*GEMM, "right", socs=B910, dtypes=FP16,
                                                               shapes=("x1=[128,256]", "x2=[256,512]", "bias=[512]",
                                                                       "output=[128,512]"),
                                                               scalars=("streamMode=0",)),
    "ops_transformer/aclnnMatmulAllReduce/output_n": case(*GEMM, "right", shapes=("x1=[128,256]", "x2=[256,512]",
                                                                                  "bias=[512]", "output=[128,256]"),
                                                          **GEMM_FACTS),
    "ops_transformer/aclnnMatmulAllReduce/x2_k": case(*GEMM, "right", shapes=("x1=[128,256]", "x2=[300,512]",
                                                                              "bias=[512]", "output=[128,512]"),
                                                      **GEMM_FACTS),
    "ops_transformer/aclnnMatmulAllReduce/x2_3d": case(*GEMM, "right", shapes=("x1=[128,256]", "x2=[2,256,512]",
                                                                               "bias=[512]", "output=[128,512]"),
                                                       **GEMM_FACTS),
    "ops_cv/aclnnIou/pass": case(*IOU, "right", socs=B910, dtypes=FP16, shapes=("boxesA=[100,4]", *IOU_SHAPES),
                                 scalars=("pairwise=0",)),
    "ops_cv/aclnnIou/box_width_5": case(*IOU, "right", socs=B910, dtypes=FP16, shapes=("boxesA=[100,5]", *IOU_SHAPES),
                                        scalars=("pairwise=0",)),
    "ops_cv/aclnnNonMaxSuppression/910b": case(*NMS, "right", socs=B910, dtypes=("float16", "kept=int32"),
                                               shapes=("boxes=[1,100,4]", "scores=[1,1,100]")),
    "ops_cv/aclnnNonMaxSuppression/310p": case(*NMS, "right", socs=("Ascend310P",), dtypes=("float16", "kept=int32"),
                                               shapes=("boxes=[1,100,4]", "scores=[1,1,100]")),
    "ops_cv/aclnnNonMaxSuppression/310p_box_width_5": case(*NMS, "right", socs=("Ascend310P",),
                                                           dtypes=("float16", "kept=int32"),
                                                           shapes=("boxes=[1,100,5]", "scores=[1,1,100]")),
    "ops_cv/aclnnUpsampleNearest2dV2/nd": case(*NEAREST_2D, "right", socs=B910, dtypes=FP16,
                                               shapes=("self=[1,3,16,16]", "out=[1,3,32,32]")),
    "ops_cv/aclnnUpsampleNearestExact1d/pass": case(*EXACT_1D, "honest", socs=B910, dtypes=FP16,
                                                    shapes=("self=[2,16,64]", "out=[2,16,128]"), scalars=("scale=2",)),
    "ops_cv/aclnnRoiAlignV2Backward/float32_nd": case(*ALIGN_GRAD, "right", socs=B910, dtypes=("float32",),
                                                      shapes=("grad=[8,16,7,7]", "regions=[8,5]",
                                                              "gradImage=[2,16,32,32]"), scalars=("pooled=7",)),
    "ops_cv/aclnnRoiAlignV2Backward/float16": case(*ALIGN_GRAD, "right", socs=B910, dtypes=FP16,
                                                   shapes=("grad=[8,16,7,7]", "regions=[8,5]",
                                                           "gradImage=[2,16,32,32]"), scalars=("pooled=7",)),
    "ops_cv/aclnnRoiPoolingGradWithArgMax/pass": case(*POOL_GRAD, "right", socs=B910,
                                                      dtypes=("float16", "argmax=int32"), shapes=POOL_SHAPES,
                                                      scalars=("pooledH=7", "pooledW=7")),
    "ops_cv/aclnnUpsampleTrilinear3dBackward/pass": case(*TRILINEAR_GRAD, "right", socs=B910, dtypes=FP16,
                                                         shapes=("gradOut=[1,4,8,16,16]", "gradIn=[1,4,4,8,8]"),
                                                         scalars=("scaleD=2", "scaleH=2", "scaleW=2")),
    "ops_cv/aclnnGridSampler2D/950": case(*GRID, "right", socs=("Ascend950",), dtypes=FP16,
                                          shapes=(*GRID_SHAPES, "grid=[2,32,32,2]"), scalars=("mode=0",)),
    "ops_cv/aclnnGridSampler2D/910b": case(*GRID, "right", socs=B910, dtypes=FP16,
                                           shapes=(*GRID_SHAPES, "grid=[2,32,32,2]"), scalars=("mode=0",)),
    "ops_cv/aclnnGridSampler2D/910b_grid_3": case(*GRID, "right", socs=B910, dtypes=FP16,
                                                  shapes=(*GRID_SHAPES, "grid=[2,32,32,3]"), scalars=("mode=0",)),
    "ops_cv/aclnnGridSampler2DBackward/pass": case(*GRID_GRAD, "right", socs=B910, dtypes=FP16,
                                                   shapes=(*GRID_GRAD_SHAPES, "inputGrad=[2,8,16,16]"),
                                                   scalars=("mode=0",)),
    "ops_cv/aclnnGridSampler2DBackward/input_grad_shape": case(*GRID_GRAD, "right", socs=B910, dtypes=FP16,
                                                               shapes=(*GRID_GRAD_SHAPES, "inputGrad=[2,8,16,17]"),
                                                               scalars=("mode=0",)),
    "ops_cv/aclnnUpsampleBicubic2d/950": case(*BICUBIC, "right", socs=("Ascend950",), dtypes=("float32",),
                                              shapes=("self=[1,3,16,16]", "out=[1,3,32,32]"),
                                              scalars=("scalesH=2", "scalesW=2")),
}

# The walker bugs behind each `wrong` case (the reason of its xfail).
B12 = ("B12, values joined after an undecided branch lose their correlation: a check that fails on every arm (2-D "
       "weights with expert tokens, a K mismatch without) is evaluated on the join, where it cannot be decided: the "
       "route lists it among its open checks (CHECK_COND(xK == k1)) instead of being rejected")

WALKER_BUGS: dict[str, str] = {
    "ops_transformer/aclnnFFN/x_k_mismatch": f"{B12} (real: ops-transformer aclnn_ffn.cpp:245-264; the golden names "
                                             "the K check, the no-token arm's; the token arm fails the rank check "
                                             "two lines above)",
}

# Honest cases: the launches the facts decide, in order (op, launcher); each must be in the route, any other `may`.
TRUTH: dict[str, list[tuple[str, str]]] = {
    "ops_cv/aclnnUpsampleNearestExact1d/pass": [("PermuteFast", "AI_CORE"), ("NearestStretch", "AI_CORE")],
}

# Cases whose whole route the facts decide (host arrays read back, B8 fixed): the exact launches, in order.
EXACT: dict[str, list[tuple[str, str]]] = {
    # steps 0.5 take the AI Core kernel
    "ops_cv/aclnnUpsampleTrilinear3dBackward/pass": [("Cast", "AI_CORE"), ("CubeSmoothGrad", "AI_CORE"),
                                                     ("Cast", "AI_CORE")],
    # a 4-entry order array cannot take the fast permute
    "ops_cv/aclnnGridSampler2DBackward/pass": [("Permute", "AI_CORE"), ("Permute", "AI_CORE"),
                                               ("WarpSampleGrad", "AI_CORE")],
}


def analyze(spec: Case) -> dict:
    root = HERE / spec.fixture
    config = AnalyzeConfig(inputs=(str(root / spec.source),), fmt="json", use_cache=False, show_progress=False,
                           repo_roots=(root, MATH), **spec.facts)
    return json.loads(aclnn.run(config).text)


def the_route(document: dict, entry: str) -> dict:
    (found,) = [e for e in document["entries"] if e["name"] == entry]
    (route,) = found["routes"]
    return route


def render(route: dict) -> str:
    """The route in the goldens' short form."""
    facts = route["facts"]
    lines = [f"entry {route['entry']}", f"soc {facts['soc']}"]
    lines += [f"dtype {name}={dtype}" for name, dtype in sorted(facts.get("dtypes", {}).items())]
    lines += [f"shape {name}={dims}" for name, dims in sorted(facts.get("shapes", {}).items())]
    lines += [f"scalar {name}={value:g}" for name, value in sorted(facts.get("scalars", {}).items())]
    rejected = route.get("rejected")
    if rejected:
        lines.append(f"rejected by {Path(rejected['file']).name}:{rejected['line']}")
    else:
        lines.append("complete" if route["complete"] else "incomplete")
        lines += [f"incomplete by {r['symbol']} {Path(r['file']).name}:{r['line']}"
                  for r in route["incomplete_reasons"]]
        lines.append("decided" if route["decided"] else "not decided")
    lines += [f"fails by {Path(r['file']).name}:{r['line']}" for r in route.get("fails_when") or ()]
    lines += [f"launch {t['op']} {t['launcher']}{' may' if t.get('may') else ''}" for t in route.get("tasks", [])]
    return "\n".join(lines) + "\n"


def _in_order(wanted: list, launched: list) -> bool:
    """Whether `wanted` occurs in `launched` in that order (other launches may come between)."""
    rest = iter(launched)
    return all(launch in rest for launch in wanted)


def _marks(name: str):
    bug = WALKER_BUGS.get(name)
    return [pytest.mark.xfail(strict=True, reason=f"walker bug: {bug}")] if bug else []


@pytest.mark.parametrize("name", [pytest.param(n, marks=_marks(n)) for n in sorted(CASES)])
def test_route(golden, name) -> None:
    spec = CASES[name]
    route = the_route(analyze(spec), spec.entry)
    path = GOLDEN / f"{name.replace('/', '__')}.txt"
    if spec.verdict == "wrong":
        assert render(route) == path.read_text(encoding="utf-8"), f"hand-checked route of {name} ({path.name})"
        return
    golden.check(render(route), path)
    if spec.verdict == "honest":
        launched = [(t["op"], t["launcher"]) for t in route["tasks"]]
        assert _in_order(TRUTH[name], launched), (TRUTH[name], launched)
        assert all(t.get("may") for t in route["tasks"] if (t["op"], t["launcher"]) not in TRUTH[name])
        assert not (route["complete"] and route["decided"])


@pytest.mark.parametrize("name", sorted(EXACT))
def test_decided_by_the_facts(name) -> None:
    spec = CASES[name]
    route = the_route(analyze(spec), spec.entry)
    assert route["complete"] and route["decided"]
    assert [(t["op"], t["launcher"]) for t in route["tasks"]] == EXACT[name]
