"""Outputs an attribute turns off (maximum_grad's grad_x / grad_y): a variant whose tensor list holds fewer results
than the operator has outputs writes each result to the output that computes the same where every output is built,
leaves the others as they were, and the golden check holds the kernel to that; the values TBE refuses (both
False: `res` is never assigned) are refused, and a result that matches no single output stays a gap."""

from __future__ import annotations

import textwrap
from pathlib import Path

import numpy as np
import pytest

from op_migrate.analyzers.scaffold import golden_check
from op_migrate.analyzers.scaffold.modules import ModuleLoader
from op_migrate.analyzers.scaffold.trace import read_entry, trace_variants

from .probe_operator import bare_platform, probe_entry

SOURCE = """
from impl.util.platform_adapter import tbe
from impl.util.platform_adapter import tvm
from impl.util.platform_adapter import shape_util
from impl.util.platform_adapter import para_check
from impl.util.platform_adapter import classify
from impl.util.platform_adapter import OpPatternMode
from impl.util.platform_adapter import error_manager_vector
from impl.util.platform_adapter import register_operator


def probe_compute(x1, x2, y1, y2, grad_x, grad_y):
    dx = tbe.vadd(x1, x2)
    dy = {second}
    if (grad_x, grad_y) == (True, False):
        res = [dx]
    if (grad_x, grad_y) == (False, True):
        res = [dy]
    if (grad_x, grad_y) == (True, True):
        res = [dx, dy]
    if (grad_x, grad_y) == (False, False):
        error_manager_vector.raise_err_specific_reson("probe", "grad_x, grad_y can not be False at same time.")
    return res

""" + probe_entry(outputs=("y1", "y2"), attrs=[("grad_x", "OPTION_ATTR_BOOL", True),
                                                     ("grad_y", "OPTION_ATTR_BOOL", True)], listed=True)


def _variants(tmp_path: Path, second: str = "tbe.vsub(x1, x2)") -> dict:
    path = tmp_path / "probe.py"
    path.write_text(textwrap.dedent(SOURCE).replace("{second}", second), encoding="utf-8")
    loader = ModuleLoader([tmp_path])
    chains = trace_variants(read_entry(loader, path), loader, bare_platform(), [("x1", "float32"), ("x2", "float32")],
                            [("y1", "float32"), ("y2", "float32")], {"grad_x": "bool", "grad_y": "bool"})
    by_values = {}
    for chain in chains:
        taken = {(c["predicate"]["attr"], c["predicate"]["value"]): c["outcome"] for c in chain.extra["conditions"]}
        # the attribute values each variant stands for (== True and == False are asked separately)
        values = tuple(taken.get((name, True), not taken.get((name, False), False)) for name in ("grad_x", "grad_y"))
        consistent = all(taken.get((name, True), value) == value and taken.get((name, False), not value) == (not value)
                         for name, value in zip(("grad_x", "grad_y"), values))
        if consistent:
            by_values[values] = chain
    return by_values


def _written(chain) -> dict:
    ops = {op.ref: op.name for op in chain.ops}
    return {o.port: ops[o.ref] for o in chain.outputs}


def test_a_result_goes_to_the_output_that_computes_it_and_the_other_is_not_written(tmp_path: Path) -> None:
    variants = _variants(tmp_path)
    assert _written(variants[(True, True)]) == {"y1": "vadd", "y2": "vsub"}
    only_dy = variants[(False, True)]
    assert only_dy.translated and _written(only_dy) == {"y2": "vsub"}
    assert only_dy.extra["unwritten_outputs"] == ["y1"] and only_dy.extra["output_indices"] == {"y2": 1}
    only_dx = variants[(True, False)]
    assert _written(only_dx) == {"y1": "vadd"} and only_dx.extra["unwritten_outputs"] == ["y2"]
    # Both False: TBE's own check on the two attributes raises (a check on attribute values forks; the outcome that
    # rejects is refused there, before `res` would be read unassigned).
    refused = [chain for key, chain in variants.items() if key[:2] == (False, False)]
    assert refused and all(chain.refused and "raise_err" in chain.refused for chain in refused)


def test_a_result_two_outputs_compute_alike_stays_a_gap(tmp_path: Path) -> None:
    variants = _variants(tmp_path, second="tbe.vadd(x1, x2)")
    only_dy = variants[(False, True)]
    assert not only_dy.translated and only_dy.outputs == () and only_dy.ops == ()
    assert only_dy.gaps[0].reason == "the tensor list has 1 results for 2 outputs"


class _Model:
    """The CPU model's run_kernel, answering what a kernel that adds x0 and x1 into y0 would leave."""

    def __init__(self, stray: bool) -> None:
        self.stray = stray

    def run_kernel(self, executable, workdir, inputs, outputs, cores=1, options=None):
        total = np.broadcast_shapes(inputs["x0"].shape, inputs["x1"].shape)
        y0 = (inputs["x0"] + inputs["x1"]).astype(np.float32).reshape(-1)
        y1 = np.zeros(int(np.prod(total)), np.float32)
        if self.stray:
            y1[3] = 1.0
        return {"y0": y0, "y1": y1}


@pytest.mark.parametrize("stray", [False, True])
def test_the_golden_check_holds_an_unwritten_output_to_its_untouched_memory(tmp_path: Path, stray: bool) -> None:
    chain = _variants(tmp_path)[(True, False)].to_json()
    document = {"inputs": ["x1", "x2"], "outputs": ["y1", "y2"], "attrs": [],
                "combos": {"0": {"chain": chain, "attr_values": {}}}}
    case = {"name": "same-tail", "shapes": [[3, 45], [3, 45]], "cores": 1}
    if stray:
        with pytest.raises(AssertionError, match="y2 .float32.: not written by this variant, yet 2 of its bytes changed"):
            golden_check.run_case(_Model(stray), None, tmp_path, document, "0", case)
    else:
        lines = golden_check.run_case(_Model(stray), None, tmp_path, document, "0", case)
        assert lines[1] == "y2 (float32): not written by this variant, 0 nonzero bytes"


def test_the_kernel_writes_a_result_into_its_own_output(tmp_path: Path) -> None:
    from op_migrate.analyzers.scaffold import plan

    gaps: list = []
    body, *_ = plan._lower(_variants(tmp_path)[(False, True)], ("x1", "x2"), ("y1", "y2"), (), gaps)
    assert "Sub(y1, x0, x1, cnt);" in body and not any("y0" in line for line in body) and not gaps
