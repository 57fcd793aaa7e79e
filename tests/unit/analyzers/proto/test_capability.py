"""The capability matrix: AI Core from the SoC's op-info, else AI CPU naming its library, else nothing; facts grouped."""

from __future__ import annotations

import re

from hypothesis import given
from hypothesis import strategies as st

from op_migrate.analyzers.proto.capability import build_matrix
from op_migrate.analyzers.proto.findings import where
from op_migrate.analyzers.proto.model import AicpuKernel, KernelChecks, OpInfo, OpInfoParam, Proto, ProtoParam

TYPES = ("int32", "int64", "float32", "float16", "float64", "bfloat16")
PROTO = Proto(
    op_type="FloorMod",
    path="elewise_calculation_ops.h",
    line=1,
    params=(ProtoParam("x1", "input", TYPES, None), ProtoParam("x2", "input", TYPES, None), ProtoParam("y", "output", TYPES, None)),
)
TF_TYPES = ("int32", "int64", "float32", "float16", "float64")
TF_KERNEL = AicpuKernel(
    op_type="FloorMod",
    library="TFKernel",
    path="tf_kernel.json",
    params=tuple(OpInfoParam(i, n, None, TF_TYPES, ()) for i, n in (("input0", "x1"), ("input1", "x2"), ("output0", "y"))),
)
VMOD = "tbe_platform.api_check_support('tbe.dsl.vmod', 'int64')"
KERNEL = KernelChecks(
    path="dynamic/floor_mod.py",
    kind="TBE DSL",
    mode="dynamic",
    inputs=("x1", "x2"),
    outputs=("y",),
    dtypes={n: (("float16", None), ("float32", None), ("int32", None), ("bfloat16", None), ("int64", VMOD)) for n in ("x1", "x2")},
    bool_as_int8=True,
    fallbacks=(("dtype == 'float32' and impl_mode == 'high_precision'",
                {"all": [{"dtype": {"op": "==", "values": ["float32"], "param": "x1"}}, None]}),),
    equalities=(("x1", "x2"),),
)


def _info(soc: str, dtypes: tuple[str, ...], **flags) -> OpInfo:
    params = tuple(OpInfoParam(i, n, "required", dtypes, ("ND",) * len(dtypes)) for i, n in (("input0", "x1"), ("input1", "x2"), ("output0", "y")))
    return OpInfo(op_type="FloorMod", soc=soc, path=f"config/{soc}/aic-{soc}-ops-info.json", params=params, flags=flags)


AICORE = {
    "ascend910b": _info("ascend910b", ("float16", "float32", "int32", "int64", "bfloat16"), **{"needCheckSupport.flag": "true"}),
    "ascend910_93": _info("ascend910_93", ("float16", "float32", "int32", "int64", "bfloat16"), **{"needCheckSupport.flag": "true"}),
    "ascend310": _info("ascend310", ("float16", "float32")),
}
SOCS = ["ascend035", "ascend310", "ascend910_93", "ascend910b"]


def _matrix(**changes):
    arguments = dict(proto=PROTO, aicore=AICORE, aicpu=[TF_KERNEL], kernels={}, socs=SOCS, fallback_kernel=KERNEL)
    arguments.update(changes)
    return build_matrix("FloorMod", **arguments)


def _cell(matrix, port: str, dtype: str, soc: str):
    row = next(r for r in matrix.rows if (r.port, r.dtype) == (port, dtype))
    return row.cells[soc]


def test_each_cell_names_its_engine_library_and_source() -> None:
    matrix = _matrix()
    assert (_cell(matrix, "x1", "float64", "ascend910b").engine, _cell(matrix, "x1", "float64", "ascend910b").library) == ("AI CPU", "TFKernel")
    assert _cell(matrix, "x1", "float64", "ascend910b").source == "tf_kernel.json"
    assert _cell(matrix, "x1", "bfloat16", "ascend910b").source == "config/ascend910b/aic-ascend910b-ops-info.json"
    # No AI Core bfloat16 on ascend310 and no bfloat16 in the AI CPU kernel: nothing runs it, it is not "AI CPU".
    assert _cell(matrix, "x1", "bfloat16", "ascend310").engine == "none"
    # The op is not in ascend035's op-info at all: its AI CPU kernel runs what it declares.
    assert _cell(matrix, "x1", "float16", "ascend035").engine == "AI CPU"


def test_one_finding_per_fact_with_every_port_and_soc() -> None:
    findings = _matrix().findings
    facts = [(f.symbol, port, dtype) for f in findings for port in f.ports for dtype in f.dtypes]
    assert len(facts) == len(set(facts))
    unsupported = next(f for f in findings if f.symbol == "proto-dtype-unsupported" and f.dtypes == ("bfloat16",))
    assert (unsupported.ports, unsupported.socs) == (("x1", "x2", "y"), ("ascend035", "ascend310"))
    assert "TFKernel declares int32, int64, float32, float16, float64" in unsupported.message
    assert next(f for f in findings if f.symbol == "opinfo-op-not-on-soc").socs == ("ascend035",)


def test_the_fallback_note_applies_only_to_the_dtype_it_tests() -> None:
    matrix = _matrix()
    assert any("check_supported" in note for note in _cell(matrix, "x2", "float32", "ascend910b").notes)
    assert not _cell(matrix, "x2", "float16", "ascend910b").notes
    assert not _cell(matrix, "x1", "float32", "ascend310").notes  # ascend310's op-info does not ask check_supported


def test_conditional_acceptance_and_rejection() -> None:
    matrix = _matrix()
    assert _cell(matrix, "x1", "int64", "ascend910b").tbe == f"if {VMOD}"
    narrow = KernelChecks(**{**KERNEL.__dict__, "dtypes": {"x1": (("float16", None),), "x2": (("float16", None),)}})
    rejected = [f for f in _matrix(fallback_kernel=narrow).findings if f.symbol == "opinfo-dtype-rejected-by-tbe"]
    # Dtypes that share ports and SoCs are one finding; float32 is declared on one SoC more.
    assert [(f.ports, f.dtypes, f.socs) for f in rejected] == [
        (("x1", "x2"), ("bfloat16", "int32", "int64"), ("ascend910_93", "ascend910b")),
        (("x1", "x2"), ("float32",), ("ascend310", "ascend910_93", "ascend910b")),
    ]
    assert all("accepts only float16" in f.message for f in rejected)


def test_bool_declared_int8_checked_is_one_consistent_fact() -> None:
    proto = Proto("ReduceAll", "reduce_ops.h", 1, (ProtoParam("x", "input", ("bool",), None), ProtoParam("y", "output", ("bool",), None)))
    info = {soc: OpInfo("ReduceAll", soc, f"{soc}.json", (OpInfoParam("input0", "x", None, ("bool",), ("ND",)),
                                                          OpInfoParam("output0", "y", None, ("bool",), ("ND",))), {})
            for soc in ("ascend910b", "sd3403")}
    kernel = KernelChecks("reduce_all.py", "TBE DSL", "dynamic", ("x",), ("y",), {"x": (("int8", None),)}, True)
    matrix = build_matrix("ReduceAll", proto=proto, aicore=info, aicpu=[], kernels={}, socs=["ascend910b", "sd3403"], fallback_kernel=kernel)
    assert [(r.port, r.dtype) for r in matrix.rows] == [("x", "bool"), ("y", "bool")]  # int8 is bool's storage, not a row
    (finding,) = matrix.findings
    assert (finding.symbol, finding.socs) == ("tbe-bool-as-int8", ("ascend910b", "sd3403"))
    assert "bool arrives as int8" in finding.message
    refused = KernelChecks(**{**kernel.__dict__, "bool_as_int8": False})
    matrix = build_matrix("ReduceAll", proto=proto, aicore=info, aicpu=[], kernels={}, socs=["ascend910b"], fallback_kernel=refused)
    assert {f.symbol for f in matrix.findings} == {"opinfo-dtype-rejected-by-tbe", "tbe-dtype-not-in-opinfo"}


def test_identical_columns_are_grouped_and_socs_narrow_everything() -> None:
    matrix = _matrix()
    assert ("ascend910_93", "ascend910b") in matrix.groups
    only = _matrix(socs=["ascend910b"], narrowed=True)
    assert only.groups == (("ascend910b",),)
    assert all(set(f.socs) <= {"ascend910b"} for f in only.findings)
    assert all("ascend310" not in f.message and "ascend035" not in f.message for f in only.findings)


def test_a_port_without_declared_dtypes_is_unknown_not_unsupported() -> None:
    params = (OpInfoParam("input0", "x1", None, (), (), declared=False), OpInfoParam("input1", "x2", None, (), (), declared=False))
    info = {"ascend910b": OpInfo("FloorMod", "ascend910b", "b.json", params, {"dynamicFormat.flag": "true"})}
    matrix = _matrix(aicore=info, socs=["ascend910b"])
    assert _cell(matrix, "x1", "float16", "ascend910b").engine == "unknown"
    assert not [f for f in matrix.findings if f.symbol == "proto-dtype-unsupported" and "x1" in f.ports]


def test_dtype_facts_narrow_rows_but_leave_ports_that_cannot_take_the_dtype() -> None:
    assert {r.dtype for r in _matrix(dtype_facts={"*": "float16"}).rows} == {"float16"}
    assert {(r.port, r.dtype) for r in _matrix(dtype_facts={"x1": "int32"}).rows if r.port == "x1"} == {("x1", "int32")}


SOC_NAMES = [f"soc{i}" for i in range(9)]


@given(st.lists(st.sampled_from(SOC_NAMES), min_size=1, unique=True), st.integers(min_value=1, max_value=9))
def test_where_names_only_covered_socs_and_never_misstates_which(held: list[str], width: int) -> None:
    covered = SOC_NAMES[:width]
    held = [soc for soc in held if soc in covered] or covered[:1]
    text = where(held, covered)
    named = set(re.findall(r"soc\d", text))
    assert named <= set(covered)
    if "all except" in text:
        assert named == set(covered) - set(held)
    elif text.startswith("on all"):
        assert set(held) == set(covered)
    else:
        assert named == set(held)


def test_a_fact_of_two_implementations_is_one_finding_naming_each_with_its_socs() -> None:
    static = KernelChecks(**{**KERNEL.__dict__, "path": "floor_mod.py", "mode": "static",
                             "dtypes": {n: (("float16", None), ("float32", None), ("int32", None)) for n in ("x1", "x2")}})
    aicore = {**AICORE, "ascend610": _info("ascend610", ("float16", "float32"))}
    socs = ["ascend310", "ascend610", "ascend910b"]
    kernels = {"ascend310": static, "ascend610": KERNEL, "ascend910b": KERNEL}
    matrix = build_matrix("FloorMod", proto=PROTO, aicore={s: aicore[s] for s in socs}, aicpu=[TF_KERNEL], kernels=kernels,
                          socs=socs, fallback_kernel=KERNEL)
    facts = [(f.symbol, port, dtype) for f in matrix.findings for port in f.ports for dtype in f.dtypes]
    assert len(facts) == len(set(facts))
    (int32,) = [f for f in matrix.findings if f.symbol == "tbe-dtype-not-in-opinfo" and "int32" in f.dtypes]
    assert int32.socs == ("ascend310", "ascend610")
    assert int32.message.startswith("FloorMod: the static TBE DSL kernel (on ascend310) and the dynamic TBE DSL kernel "
                                    "(on ascend610) accept x1, x2: int32, but")
    (int64,) = [f for f in matrix.findings if f.symbol == "tbe-dtype-not-in-opinfo" and "int64" in f.dtypes]
    assert int64.socs == ("ascend610",)  # the static kernel on ascend310 does not take int64
    assert f"the dynamic TBE DSL kernel (if {VMOD}) accepts x1, x2: int64" in int64.message


def _params(*ports: tuple[str, str, tuple[str, ...]]) -> tuple[OpInfoParam, ...]:
    return tuple(OpInfoParam(index, name, "required", dtypes, ("ND",) * len(dtypes)) for index, name, dtypes in ports)


CUMMAX_PROTO = Proto(
    op_type="Cummax",
    path="selection_ops.h",
    line=1,
    params=(ProtoParam("x", "input", ("float16", "float32"), None), ProtoParam("y", "output", ("float16", "float32"), None),
            ProtoParam("indices", "output", ("int32", "int64"), None)),
)


def test_a_port_the_op_info_names_otherwise_is_matched_by_position_and_the_cell_says_so() -> None:
    # The AI Core op-info calls the second output "argmax"; the AI CPU config calls the input "input".
    info = OpInfo(op_type="Cummax", soc="ascend910b", path="ascend910b.json", flags={},
                  params=_params(("input0", "x", ("float16",)), ("output0", "y", ("float16",)), ("output1", "argmax", ("int32",))))
    cpu = AicpuKernel(op_type="Cummax", library="AICPUKernel", path="aicpu_kernel.json",
                      params=_params(("input0", "input", ("float32",)), ("output0", "y", ("float32",)),
                                     ("output1", "indices", ("int64",))))
    matrix = build_matrix("Cummax", proto=CUMMAX_PROTO, aicore={"ascend910b": info}, aicpu=[cpu], kernels={}, socs=["ascend910b"])
    cells = {(r.port, r.dtype): r.cells["ascend910b"] for r in matrix.rows}
    assert (cells[("indices", "int32")].engine, cells[("indices", "int32")].notes) == (
        "AI Core", ("the op-info calls this output argmax (output1)",))
    assert (cells[("x", "float32")].engine, cells[("x", "float32")].library, cells[("x", "float32")].notes) == (
        "AI CPU", "AICPUKernel", ("AICPUKernel calls this input input (input0)",))
    assert cells[("indices", "int64")].notes == ()  # the AI CPU config names it indices
    assert [r.port for r in matrix.rows if r.port == "argmax"] == []


def test_a_positional_entry_that_names_another_port_is_not_taken() -> None:
    # REG_OP has x, bias, y; this op-info lists only x and y: input1 is not bias.
    proto = Proto(op_type="AddBias", path="ops.h", line=1, params=(
        ProtoParam("x", "input", ("float16",), None), ProtoParam("bias", "input", ("float16",), None),
        ProtoParam("y", "output", ("float16",), None)))
    info = OpInfo(op_type="AddBias", soc="ascend310", path="ascend310.json", flags={},
                  params=_params(("input0", "bias", ("float16",)), ("input1", "x", ("float16",)), ("output0", "y", ("float16",))))
    matrix = build_matrix("AddBias", proto=proto, aicore={"ascend310": info}, aicpu=[], kernels={}, socs=["ascend310"])
    assert {(r.port, r.dtype): r.cells["ascend310"].notes for r in matrix.rows} == {
        ("x", "float16"): (), ("bias", "float16"): (), ("y", "float16"): ()}


def test_an_input_only_the_op_info_declares_gets_rows_and_one_finding() -> None:
    proto = Proto(op_type="PoolGrad", path="nn_pooling_ops.h", line=1, params=(
        ProtoParam("shape", "input", ("int32",), None), ProtoParam("grad", "input", ("float16", "float32"), None),
        ProtoParam("out", "output", ("float16", "float32"), None)))
    infos = {soc: OpInfo(op_type="PoolGrad", soc=soc, path=f"{soc}.json", flags={}, params=_params(
        ("input0", "shape", ("int32",)), ("input1", "grad", ("float16",)), ("input2", "kernel", ("float16",)),
        ("output0", "out", ("float16",)))) for soc in ("ascend310", "ascend910b")}
    matrix = build_matrix("PoolGrad", proto=proto, aicore=infos, aicpu=[], kernels={}, socs=["ascend310", "ascend910b"])
    assert [(r.port, r.role, r.proto) for r in matrix.rows] == [
        ("shape", "input", "yes"), ("grad", "input", "yes"), ("grad", "input", "yes"), ("kernel", "input", "no port"),
        ("out", "output", "yes"), ("out", "output", "yes")]
    (finding,) = [f for f in matrix.findings if f.symbol == "opinfo-port-not-in-proto"]
    assert finding.message == ("PoolGrad: the AI Core op-info declares input kernel (float16) on all 2 SoCs, a port the "
                               "prototype does not have")


def test_an_op_type_nothing_of_the_install_names_is_said_to_be_unknown() -> None:
    kernel = KernelChecks(path="dynamic/helper.py", kind="TIK", mode="dynamic", inputs=("x",), outputs=("y",), dtypes={},
                          bool_as_int8=True)
    matrix = build_matrix("HelperCutH", proto=None, aicore={}, aicpu=[], kernels={}, socs=SOCS, fallback_kernel=kernel)
    assert [(f.symbol, f.message) for f in matrix.findings] == [(
        "opinfo-op-unknown",
        "HelperCutH: no AI Core op-info, AI CPU kernel or REG_OP of the roots names this op type; where it runs is unknown",
    )]
    known = build_matrix("FloorMod", proto=PROTO, aicore={}, aicpu=[], kernels={}, socs=SOCS, fallback_kernel=KERNEL)
    assert "opinfo-op-not-on-soc" in [f.symbol for f in known.findings]


def test_a_type_set_the_header_spells_otherwise_is_named_in_the_finding() -> None:
    proto = Proto(op_type="VolumePatches", path="transformation_ops.h", line=1, params=(
        ProtoParam("x", "input", (), "REALNUMBERTYPE"), ProtoParam("y", "output", ("float16",), None)))
    matrix = build_matrix("VolumePatches", proto=proto, aicore={}, aicpu=[], kernels={}, socs=[], fallback_kernel=KERNEL,
                          type_set_source="include/graph/types.h", type_set_names=("NumberType", "RealNumberType"))
    (finding,) = [f for f in matrix.findings if f.symbol == "proto-unknown-type-set"]
    assert finding.message == ("VolumePatches: x uses the named type set REALNUMBERTYPE, which include/graph/types.h "
                               "does not define (it defines RealNumberType); its dtypes are unknown")
