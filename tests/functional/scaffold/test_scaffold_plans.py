"""The scaffold's plans of the fixture operators (install/, written in TBE idioms for these tests) against goldens:
combinations, variants, chains, gaps; and the generated compute of two of them. Regenerate with
pytest --update-goldens tests/functional/scaffold."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from op_migrate.analyzers.proto.sources import CapabilitySources
from op_migrate.analyzers.scaffold.plan import build_plan
from op_migrate.reports.scaffold import build_context
from op_migrate.reports.render import render

HERE = Path(__file__).resolve().parent
INSTALL = HERE / "install"
DYNAMIC = INSTALL / "opp/built-in/op_impl/ai_core/tbe/impl/dynamic"
OPS = {"scaled_diff": "ScaledDiff", "clamp_mod": "ClampMod", "row_sum": "RowSum", "soft_sign": "SoftSign",
       "mean_pow": "MeanPow"}


def plan_of(op: str):
    sources = CapabilitySources([INSTALL])
    return build_plan(op, [INSTALL], ["ascend910b"], DYNAMIC / f"{op}.py", OPS[op], sources,
                      pattern="ELEWISE_WITH_BROADCAST")


def operand(item) -> str:
    return item[1] if item[0] == "ref" else f"{item[0]}:{json.dumps(list(item[1:]))}"


def document(plan) -> str:
    def relative(path):
        return str(Path(path).relative_to(INSTALL)) if path else path

    combos = []
    for combo in plan.combos:
        chain = combo.chain
        combos.append({
            "key": combo.key, "label": combo.label, "socs": list(combo.socs), "bytes_per_8": combo.bytes_per_8,
            "scalar_loops": combo.scalar_loops, "apis": list(combo.apis), "attr_values": combo.attr_values,
            "ops": [f"{op.ref} = {op.name}({', '.join(map(operand, op.operands))}) -> {op.dtype} @{op.line}"
                    + (f" {json.dumps(op.params, sort_keys=True)}" if op.params else "") for op in chain.ops],
            "outputs": [[o.port, o.ref, o.dtype] for o in chain.outputs],
            "queries": [q[0] for q in chain.queries], "notes": [n[0] for n in chain.notes],
            "gaps": [[g.construct, g.reason, g.line, relative(g.path)] for g in combo.gaps],
            "one_element_inputs": chain.extra.get("one_element_inputs", []),
            **({"shape_overrides": chain.extra["shape_overrides"]} if "shape_overrides" in chain.extra else {}),
        })
    body = {"op_type": plan.op_type, "op": plan.op, "tbe": relative(plan.tbe_path), "inputs": list(plan.inputs),
            "outputs": list(plan.outputs), "attrs": [a.to_json() for a in plan.attrs], "combos": combos,
            "refused": [list(r) for r in plan.refused], "untyped": [list(u) for u in plan.untyped]}
    return json.dumps(body, indent=1, ensure_ascii=False) + "\n"


@pytest.mark.parametrize("op", sorted(OPS))
def test_plan_matches_its_golden(op, golden):
    golden.check(document(plan_of(op)), HERE / "goldens" / f"{op}.json")


@pytest.mark.parametrize("op", ["scaled_diff", "clamp_mod", "mean_pow"])
def test_generated_compute_matches_its_golden(op, golden):
    plan = plan_of(op)
    text = render("scaffold/op_kernel/chains.h.j2", **build_context(plan, {"chains": {}}))
    golden.check(text, HERE / "goldens" / f"{op}_chains.h")


def test_the_helper_of_impl_util_is_inlined_across_modules():
    plan = plan_of("scaled_diff")
    float16 = next(c for c in plan.combos if c.label == "float16")
    assert [op.name for op in float16.chain.ops] == ["vsub", "cast_to", "vmuls", "vabs", "cast_to"]
    assert any("scaled_abs@" in step for step in float16.chain.ops[2].via)


def test_attribute_branches_fork_into_one_kernel_per_outcome():
    plan = plan_of("clamp_mod")
    close = "isclose(1.0 / scale, 1.0, rel_tol=1e-06)"
    assert [c.label for c in plan.combos] == [f"float32 [clamp is {a}, {close} is {b}, mode.lower() == 'abs' is {c}]"
                                              for a in (True, False) for b in (True, False) for c in (True, False)
                                              ] + ["int64"]
    # scale = 0 is never chosen: 1.0 / scale raises in the TBE Python, so no kernel is built for it
    assert [c.attr_values for c in plan.combos[1:3]] == [{"clamp": True, "scale": 1.0, "mode": "plain"},
                                                         {"clamp": True, "scale": 0.5, "mode": "abs"}]
    assert plan.combos[2].runtime_scalars == (("cast", "float32", ("div", ("const", 1.0), ("attr", "scale"))),)


def test_op_select_format_gives_the_combinations():
    # its branch on attribute mode is followed both ways: bfloat16, listed for mode "wide" only, is left out
    plan = plan_of("soft_sign")
    assert [c.label for c in plan.combos] == ["float16", "float32"]
    assert all(c.formats == (("ND", "ND"),) for c in plan.combos)


def test_an_untranslated_call_is_a_gap_with_its_line():
    plan = plan_of("row_sum")
    [(label, gap)] = plan.gaps
    assert (label, gap.construct, gap.line) == ("float32", "tbe.reduce_sum", 14)
