"""The reach index on fixture repositories: chains of names to launch sites, the places of a function, the cache."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from op_migrate.analyzers.aclnn import reach_build
from op_migrate.analyzers.aclnn.reach_index import ReachIndex

FIXTURES = Path(__file__).resolve().parents[3] / "functional/aclnn/reach"
REPO, UPSTREAM, BAD = FIXTURES / "repo", FIXTURES / "upstream", FIXTURES / "bad"
GADGET = REPO / "math/gadget/op_api/aclnn_gadget.cpp"
MM = REPO / "matmul/mm/op_api/aclnn_mm.cpp"
CONV = REPO / "conv/conv_graph/op_host/op_api/aclnn_convolution.cpp"
TABLE = REPO / "math/mode_table/op_api/aclnn_mode_table.cpp"
ROPE = REPO / "posembedding/rope_inner/op_host/op_api/aclnn_rope_inner.cpp"
OTHER = REPO / "math/other/op_api/aclnn_other.cpp"


@pytest.fixture(scope="module")
def index() -> ReachIndex:
    return ReachIndex.build([REPO, UPSTREAM])


def _line(path: Path, text: str) -> int:
    return next(n for n, line in enumerate(path.read_text().splitlines(), 1) if text in line)


def _calls(index, path, function):
    calls = index.sites_in(str(path), function, _line(path, function + "("))
    assert calls is not None
    return [(c.line, c.callee, c.chain.names, c.chain.site.kind, c.chain.site.name) for c in calls]


def test_free_helper_chain_is_the_shortest(index) -> None:
    chain = index.reaches("RunGadget", file=str(GADGET))
    assert chain.names == ("RunGadget", "ComputeGadget", "LaunchGadget")
    assert (chain.site.kind, chain.site.name) == ("l0op", "l0op::Gadget")
    assert chain.site.file == str(GADGET) and chain.site.line == _line(GADGET, "return l0op::Gadget(")
    assert [w.rsplit(":", 1)[1] for w in chain.where] == [
        str(_line(GADGET, f"* {name}(")) for name in chain.names]


def test_entry_places_cover_calls_lambdas_and_launches(index) -> None:
    calls = _calls(index, GADGET, "aclnnGadgetGetWorkspaceSize")
    assert calls == [
        (_line(GADGET, "return l0op::Cast("), "l0op::Cast", (), "l0op", "l0op::Cast"),
        (_line(GADGET, "RunGadget(self, unique"), "RunGadget", ("RunGadget", "ComputeGadget", "LaunchGadget"),
         "l0op", "l0op::Gadget"),
        (_line(GADGET, "= l0op::ViewCopy("), "l0op::ViewCopy", (), "l0op", "l0op::ViewCopy"),
    ]


def test_every_reachable_site_of_an_entry(index) -> None:
    chains = index.reachable_sites("aclnnGadgetGetWorkspaceSize", file=str(GADGET))
    assert [(c.names, c.site.name) for c in chains] == [
        (("aclnnGadgetGetWorkspaceSize",), "l0op::Cast"),
        (("aclnnGadgetGetWorkspaceSize",), "l0op::ViewCopy"),
        (("aclnnGadgetGetWorkspaceSize", "RunGadget", "ComputeGadget", "LaunchGadget"), "l0op::Gadget"),
        (("aclnnGadgetGetWorkspaceSize", "RunGadget", "ComputeGadget", "Prepare"), "l0op::Contiguous"),
    ]
    conv = index.reachable_sites("aclnnConvolutionGetWorkspaceSize", file=str(CONV))
    assert [(c.names[1:], c.site.name) for c in conv] == [
        (("WeightPrepare",), "l0op::Contiguous"), (("Execute", "Run"), "l0op::Conv2d5HdFp16")]
    assert index.reachable_sites("aclnnOtherGetWorkspaceSize", file=str(OTHER)) == ()
    generated = index.reachable_sites("aclnnInnerRopeInnerGetWorkspaceSize")
    assert [c.site.kind for c in generated] == ["generated"]


def test_names_that_reach_nothing(index) -> None:
    assert index.reaches("CheckParams", file=str(GADGET)) is None
    assert index.reaches("NoSuchFunction") is None
    assert _calls(index, OTHER, "aclnnOtherGetWorkspaceSize") == []


def test_static_helpers_stay_in_their_file(index) -> None:
    assert index.reaches("Prepare", file=str(GADGET)).site.name == "l0op::Contiguous"
    assert index.reaches("Prepare", file=str(OTHER)) is None
    assert index.reaches("Prepare").site.name == "l0op::Contiguous"  # no caller file: every definition counts


def test_methods_of_a_local_object(index) -> None:
    calls = _calls(index, MM, "aclnnMmGetWorkspaceSize")
    assert [(callee, names, site) for _, callee, names, _, site in calls] == [
        ("aclnnOp.ProcessL0", ("ProcessL0",), "l0op::Contiguous"),
        ("aclnnOp.CopyOut", ("CopyOut",), "l0op::ViewCopy"),
    ]
    assert index.reaches("IsEmpty", "MmOp", str(MM)) is None


def test_virtual_dispatch_and_a_launching_constructor(index) -> None:
    calls = _calls(index, CONV, "aclnnConvolutionGetWorkspaceSize")
    assert [(callee, names, site) for _, callee, names, _, site in calls] == [
        ("WeightPrepare", ("WeightPrepare",), "l0op::Contiguous"),
        ("graph->Execute", ("Execute", "Run"), "l0op::Conv2d5HdFp16"),
    ]
    assert index.reaches("MakeConv2dNode", "Ops::Conv") is None  # constructs a node; running it is Execute's


def test_function_table_and_stored_lambda(index) -> None:
    calls = _calls(index, TABLE, "aclnnModeTableGetWorkspaceSize")
    assert [(callee, names, site) for _, callee, names, _, site in calls] == [
        ("kModeTable", ("kModeTable", "RunAbsMode"), "l0op::Abs"),  # the table is the receiver of .find and .end
        ("kModeTable", ("kModeTable", "RunAbsMode"), "l0op::Abs"),
        ("kSquareFn", ("kSquareFn",), "l0op::Square"),
    ]
    assert index.reaches("kModeTable", file=str(TABLE)).names == ("kModeTable", "RunAbsMode")


def test_c_linkage_and_a_registry_declared_extern(index) -> None:
    entry = REPO / "attention/inner_attention/op_host/op_api/aclnn_inner_attention.cpp"
    chain = index.reaches("aclnnInnerAttentionV2GetWorkspaceSize", file=str(entry))
    assert chain.names == ("aclnnInnerAttentionV2GetWorkspaceSize", "InnerAttentionGetWorkspaceSize")
    assert index.reaches("aclnnInnerAttentionCheckGetWorkspaceSize", file=str(entry)) is None
    registry = REPO / "conversion/quant_registry/op_host/op_api/aclnn_quant_registry.cpp"
    chains = index.reachable_sites("aclnnQuantRegistryGetWorkspaceSize", file=str(registry))
    assert [(c.names, c.site.name) for c in chains] == [
        (("aclnnQuantRegistryGetWorkspaceSize", "QUANT_PROCESS_REGISTRY", "ProcessTransNz"), "l0op::TransData")]


def test_generated_two_phase_api(index) -> None:
    calls = _calls(index, ROPE, "aclnnRopeInnerGetWorkspaceSize")
    assert calls == [(_line(ROPE, "return aclnnInnerRopeInnerGetWorkspaceSize("),
                      "aclnnInnerRopeInnerGetWorkspaceSize", (), "generated", "aclnnInnerRopeInnerGetWorkspaceSize")]
    chain = index.reaches("aclnnRopeInnerGetWorkspaceSize")
    assert chain.site.kind == "generated" and chain.site.line == calls[0][0]
    assert index.reaches("aclnnInnerRopeInnerGetWorkspaceSize").site.kind == "generated"
    assert index.reaches("aclnnRopeInner") is None  # the second phase launches nothing new


def test_l0_definitions_and_their_namespace(index) -> None:
    gadget = index.reaches("Gadget", "l0op")
    assert gadget.names == ("l0op::Gadget",) and gadget.site.kind == "AI_CORE" and gadget.site.name == "Gadget"
    assert gadget.site.file.startswith(str(REPO))  # the first root's gadget.cpp, not upstream's
    assert index.reaches("GadgetV2", "l0op").site.name == "l0op::Gadget"  # unqualified L0 call inside l0op
    assert index.reaches("IsAiCoreSupport", "l0op") is None
    assert "Gadget" in index.l0_names and "IsAiCoreSupport" not in index.l0_names
    assert "IsGadgetSupported" in index.l0_helpers  # `l0op::IsGadgetSupported(self)` is a call, not a launch
    assert index.sites_in(str(GADGET), "CheckParams", _line(GADGET, "CheckParams(")) == ()
    assert index.reaches("Gadget") is None  # outside namespace l0op a plain `Gadget(...)` is another function
    assert index.reaches("Cast", "l0op").site.file.startswith(str(UPSTREAM))


def test_files_left_out(index) -> None:
    assert index.reaches("ShadowedOnlyUpstream", "l0op") is None  # same relative path as a first-root file
    for name in ("StubOnlyHelper", "KernelOnlyHelper", "TestOnlyHelper"):
        assert index.reaches(name) is None
    assert index.reaches("CastHelperOnlyUpstream").site.name == "l0op::Cast"
    relative = {str(Path(p).relative_to(FIXTURES)) for p in index.files.paths}
    assert "repo/math/gadget/op_api/gadget.cpp" in relative and "upstream/math/gadget/op_api/gadget.cpp" not in relative
    assert not any("/stub/" in p or "/op_kernel/" in p or "/tests/" in p for p in relative)


def test_sites_in_unknown_function_is_none(index) -> None:
    assert index.sites_in(str(GADGET), "NotDefinedHere", 10) is None
    assert index.sites_in(str(FIXTURES / "missing.cpp"), "f", 1) is None


def test_cache_round_trip(index, tmp_path) -> None:
    document = json.loads(json.dumps(index.to_json()))
    loaded = ReachIndex.from_json(document, [REPO, UPSTREAM])
    assert loaded is not None and loaded.stats["cached"] is True
    for name in sorted(index.reaching):
        assert loaded.reaches(name) == index.reaches(name)
    assert loaded.sites_in(str(MM), "aclnnMmGetWorkspaceSize", 50) == index.sites_in(
        str(MM), "aclnnMmGetWorkspaceSize", 50)
    assert ReachIndex.from_json(document, [REPO]) is None  # other roots, other files
    assert ReachIndex.from_json({**document, "schema": "other"}, [REPO, UPSTREAM]) is None


def test_cache_is_stale_when_a_file_changes(tmp_path) -> None:
    source = tmp_path / "math/x/op_api/aclnn_x.cpp"
    source.parent.mkdir(parents=True)
    source.write_text("void Helper() { l0op::Abs(x, e); }\n")
    document = ReachIndex.build([tmp_path]).to_json()
    assert ReachIndex.from_json(document, [tmp_path]) is not None
    source.write_text("void Helper() { l0op::Abs(x, executor); }\n")
    assert ReachIndex.from_json(document, [tmp_path]) is None


def test_bad_inputs_finish_with_findings() -> None:
    index = ReachIndex.build([BAD])
    loops = BAD / "math/loops/op_api/aclnn_loops.cpp"
    assert index.reaches("Ping", file=str(loops)).names == ("Ping", "Pong")
    assert index.reaches("Spin", file=str(loops)) is None
    assert index.reaches("Walk", "Left").names == ("Walk", "Step")  # classes deriving from each other
    branches = BAD / "math/loops/op_api/aclnn_branches.cpp"
    assert index.reaches("aclnnBranchesGetWorkspaceSize").names == ("aclnnBranchesGetWorkspaceSize", "PickBiased")
    calls = index.sites_in(str(branches), "aclnnBranchesGetWorkspaceSize", _line(branches, "aclnnStatus aclnnBranches"))
    assert [(c.callee, c.chain.names) for c in calls] == [("PickBiased", ("PickBiased",))]  # read by the front end
    assert [(f.symbol, f.path, f.line) for f in index.findings] == [
        ("reach-braces-unbalanced", str(branches), _line(branches, "const aclTensor* bias"))]


def test_name_defined_in_many_files_and_a_long_function(tmp_path) -> None:
    for number in range(30):
        body = "l0op::Abs(x, e);" if number == 17 else "return;"
        path = tmp_path / f"math/op{number}/op_api/helper.cpp"
        path.parent.mkdir(parents=True)
        path.write_text(f"void Helper() {{ {body} }}\nvoid Caller{number}() {{ Helper(); }}\n")
    lines = [f"    int v{n} = Compute{n % 7}(v{n - 1});" for n in range(1, 5000)]
    long_file = tmp_path / "math/long/op_api/aclnn_long.cpp"
    long_file.parent.mkdir(parents=True)
    long_file.write_text("void Long()\n{\n    int v0 = 0;\n" + "\n".join(lines) + "\n    Helper();\n}\n")
    index = ReachIndex.build([tmp_path])
    assert index.reaches("Caller3").names == ("Caller3", "Helper")
    assert index.reaches("Helper").where == (f"{tmp_path}/math/op17/op_api/helper.cpp:1",)
    calls = index.sites_in(str(long_file), "Long", 1)
    assert [(c.line, c.callee) for c in calls] == [(5003, "Helper")]


def test_oversized_file_is_a_finding(tmp_path, monkeypatch) -> None:
    big = tmp_path / "math/big/op_api/big.cpp"
    big.parent.mkdir(parents=True)
    big.write_text("void Big() { l0op::Abs(x, e); }\n" * 10)
    monkeypatch.setattr(reach_build, "MAX_SOURCE_BYTES", 100)
    index = ReachIndex.build([tmp_path])
    assert index.reaches("Big") is None
    assert [(f.symbol, f.path) for f in index.findings] == [("reach-file-unreadable", str(big))]
