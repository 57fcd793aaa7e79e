"""No operator of ops/ registers an op type that a CANN install or an open operator tree claims with another prototype.

The committed list (claimed_op_types.tsv) is what runs in CI; with OP_MIGRATE_CANN_ROOT (a CANN toolkit) and
OPS_MATH / OPS_CV / OPS_TRANSFORMER (checkouts) the trees are scanned again and the list is checked to be current.
"""

from __future__ import annotations

import os
from pathlib import Path

import pytest

from op_migrate.ops.common.op_types import claims

OPS = Path(__file__).resolve().parents[3]
TREES = {"ops-math": "OPS_MATH", "ops-cv": "OPS_CV", "ops-transformer": "OPS_TRANSFORMER"}


def test_no_operator_reuses_a_claimed_op_type_with_another_prototype() -> None:
    mine = claims.ours(OPS)
    assert {claim.op_type for claim in mine} >= {"FloorMod", "Gcd", "ReduceAll"}
    assert claims.conflicts(mine, claims.read_claims()) == []


def test_the_committed_list_holds_the_names_the_review_cited() -> None:
    """Bernoulli is claimed with (x, p) and attr seed; ops-math's experimental BernoulliMask takes (mask) only."""
    listed = {(c.op_type, c.prototype()) for c in claims.read_claims()}
    assert ("Bernoulli", "(x, p) -> (y) [seed:Int=-1]") in listed
    assert ("BernoulliMask", "(mask) -> (out) [output_shape:ListInt, mask_aliases_out:Int=0]") in listed
    assert ("ReduceAll", "(x, axes) -> (y) [keep_dims:Bool=false]") in listed
    assert len({c.op_type for c in claims.read_claims()}) > 1800


def test_a_reused_name_with_other_ports_or_attrs_is_a_conflict() -> None:
    ours = claims.scan_file_text('''
        class Bernoulli : public OpDef {
            explicit Bernoulli(const char* name) : OpDef(name) {
                this->Input("x").ParamType(REQUIRED).DataType({ge::DT_FLOAT});
                this->Input("mask").ParamType(REQUIRED).DataType({ge::DT_UINT8});
                this->Output("y").ParamType(REQUIRED);
                this->Attr("mode").AttrType(OPTIONAL).Int(0);
            }
        };
        OP_ADD(Bernoulli);''', "x_def.cpp")
    theirs = claims.scan_file_text('''
        REG_OP(Bernoulli)
            .INPUT(x, TensorType({DT_FLOAT}))
            .INPUT(p, TensorType({DT_FLOAT, DT_DOUBLE}))
            .OUTPUT(y, TensorType({DT_FLOAT}))
            .ATTR(seed, Int, -1)
            .OP_END_FACTORY_REG(Bernoulli)''', "random_ops.h")
    assert ours[0].prototype() == "(x, mask) -> (y) [mode:Int=0]"
    assert len(claims.conflicts(ours, theirs)) == 1
    same = claims.scan_file_text('''
        REG_OP(Bernoulli)
            .INPUT(x, TensorType({DT_BF16}))
            .INPUT(mask, TensorType({DT_UINT8}))
            .OUTPUT(y, TensorType({DT_BF16}))
            .ATTR(mode, Int, 0)
            .OP_END_FACTORY_REG(Bernoulli)''', "bernoulli_proto.h")
    assert claims.conflicts(ours, same) == []  # other dtypes, same ports and attrs: one prototype


def test_optional_dynamic_ports_and_helper_calls_are_read() -> None:
    found = claims.scan_file_text('''
        class Op : public OpDef {
            explicit Op(const char* name) : OpDef(name) {
                auto set = [](auto&& t) { t.ParamType(REQUIRED); };
                set(this->Input("a"));
                this->Input("b").ParamType(OPTIONAL).DataType({ge::DT_FLOAT});
                this->Input("c").ParamType(DYNAMIC);
                this->Output("y").ParamType(REQUIRED);
                this->Attr("axes").AttrType(REQUIRED).ListInt();
                this->Attr("keep").AttrType(OPTIONAL).Bool(false);
            }
        };
        OP_ADD(Op);''', "op_def.cpp")
    assert found[0].prototype() == "(a, ?b, *c) -> (y) [axes:ListInt, keep:Bool=false]"
    # An AI CPU OpDef declares ports only: its attrs are not compared, its ports are.
    aicpu = claims.scan_file_text(
        'class Op : public OpDef { Op(const char* n) : OpDef(n) { this->Input("a"); this->Input("b"); '
        'this->Input("c"); this->Output("y"); } }; OP_ADD(Op);', "math/op/op_kernel_aicpu/op_aicpu_def.cpp")
    assert aicpu[0].attrs == ("*",)
    assert len(claims.conflicts(found, aicpu)) == 1  # b and c are optional / dynamic in one, required in the other


def _live_scan() -> list[claims.Claim]:
    scanned: list[claims.Claim] = []
    cann = os.environ.get("OP_MIGRATE_CANN_ROOT")
    if cann:
        scanned += claims.scan_cann(Path(cann))
    for label, variable in TREES.items():
        if os.environ.get(variable):
            scanned += claims.scan_tree(Path(os.environ[variable]), label)
    return scanned


@pytest.mark.skipif(not (os.environ.get("OP_MIGRATE_CANN_ROOT") or any(os.environ.get(v) for v in TREES.values())),
                    reason="set OP_MIGRATE_CANN_ROOT and/or OPS_MATH, OPS_CV, OPS_TRANSFORMER to scan the trees again")
def test_the_trees_given_agree_with_the_committed_list() -> None:
    scanned = _live_scan()
    assert claims.conflicts(claims.ours(OPS), scanned) == []
    committed = {(c.op_type, c.inputs, c.outputs, c.attrs) for c in claims.read_claims()}
    missing = sorted({c.op_type for c in scanned if (c.op_type, c.inputs, c.outputs, c.attrs) not in committed})
    assert not missing, (f"{len(missing)} registrations are not in claimed_op_types.tsv (first: {missing[:5]}); "
                         "regenerate with python -m op_migrate.ops.common.op_types.claims (see its --help)")
