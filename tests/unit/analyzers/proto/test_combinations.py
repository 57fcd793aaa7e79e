"""Dtype combinations: op-info column i of every port is one row; per SoC AI Core, AI CPU (only the libraries whose
kernel declares every dtype of it) or nothing; undeclared op-info ports answered by op_select_format or marked."""

from __future__ import annotations

from op_migrate.analyzers.proto.combinations import build_combinations
from op_migrate.analyzers.proto.model import AicpuKernel, OpInfo, OpInfoParam

PORTS = [("input", 0, "x"), ("input", 1, "gamma"), ("output", 0, "y")]


def _info(soc: str, x: str, gamma: str, y: str, declared: bool = True) -> OpInfo:
    def param(index, name, dtypes):
        return OpInfoParam(index=index, name=name, param_type="required", dtypes=tuple(dtypes.split(",")) if declared else (),
                           formats=("ND",) * len(dtypes.split(",")), declared=declared)
    return OpInfo(op_type="Norm", soc=soc, path=f"{soc}.json",
                  params=(param("input0", "x", x), param("input1", "gamma", gamma), param("output0", "y", y)), flags={})


def _cpu(library: str, dtypes: str) -> AicpuKernel:
    ports = tuple(OpInfoParam(index=i, name=n, param_type=None, dtypes=tuple(dtypes.split(",")), formats=())
                  for i, n in (("input0", "x"), ("input1", "gamma"), ("output0", "y")))
    return AicpuKernel(op_type="Norm", library=library, path=f"{library}.json", params=ports)


def test_combinations_keep_which_dtypes_go_together() -> None:
    aicore = {"a": _info("a", "float16,float16,float32", "float16,float32,float32", "float16,float16,float32"),
              "b": _info("b", "float16", "float16", "float16")}
    rows, extra = build_combinations(PORTS, ["a", "b", "c"], aicore, [_cpu("TFKernel", "float16,float32,float64")], {}, None)
    table = {tuple(r.dtypes.values()): {soc: c.engine for soc, c in r.cells.items()} for r in rows}
    assert table == {
        ("float16", "float16", "float16"): {"a": "AI Core", "b": "AI Core", "c": "AI CPU"},
        ("float16", "float32", "float16"): {"a": "AI Core", "b": "AI CPU", "c": "AI CPU"},
        ("float32", "float32", "float32"): {"a": "AI Core", "b": "AI CPU", "c": "AI CPU"},
    }
    assert extra == {"x": ["float64"], "gamma": ["float64"], "y": ["float64"]}


def test_an_ai_cpu_cell_names_only_the_libraries_that_declare_the_combination_and_says_when_it_mixes() -> None:
    kernels = [_cpu("TFKernel", "float16,float32"), _cpu("AICPUKernel", "float16,float32,bfloat16")]
    aicore = {"a": _info("a", "bfloat16,float16", "bfloat16,float32", "bfloat16,float16")}
    rows, _ = build_combinations(PORTS, ["a", "b"], aicore, kernels, {}, None)
    cells = {tuple(r.dtypes.values()): r.cells["b"] for r in rows}
    assert cells[("bfloat16", "bfloat16", "bfloat16")].library == "AICPUKernel"
    assert cells[("float16", "float32", "float16")].library == "TFKernel, AICPUKernel"
    assert "the mix of them is not" in cells[("float16", "float32", "float16")].notes[0]


def test_ports_left_to_op_select_format_are_answered_by_it_or_marked_with_the_reason() -> None:
    aicore = {"a": _info("a", "-", "-", "-", declared=False), "b": _info("b", "-", "-", "-", declared=False)}
    answers = {"a": {"combinations": [(("float16", "float16", "float16"), ("ND", "ND", "ND"))], "conditions": {},
                     "unknown": None},
               "b": {"reason": "op_select_format (line 9) could not be read to the end: more than 128 paths"}}
    rows, _ = build_combinations(PORTS, ["a", "b"], aicore, [], {}, None, lambda soc: answers[soc])
    (row,) = rows
    assert row.cells["a"].engine == "AI Core" and row.cells["a"].notes == ("op_select_format returns it",)
    assert row.cells["b"].engine == "unknown" and "more than 128 paths" in row.cells["b"].notes[0]
