"""Which kind of file this is: DSL, TIK, Ascend C wrapper, hand-written IR, or a helper (not an operator)."""

from __future__ import annotations

from astroid import nodes

from op_migrate.analyzers.tbe.imports import ImportScope
from op_migrate.analyzers.tbe.node_index import NodeIndex

# Read from the tree, not the text: code inside string literals and comments (generators, commented-out lines) does not count.
_TIK_HELPER_ATTRS = {"for_range", "BuildCCE", "scope_ubuf"}
_HAND_IR_ATTRS = {"ir_builder", "hybrid"}
_HAND_IR_CALLS = {"extern", "call_extern"}
_SCHEDULE_MARKS = {"register_schedule", "create_schedule"}


def _name_of(node: nodes.NodeNG) -> str | None:
    if isinstance(node, (nodes.Name, nodes.AssignName)):
        return node.name
    if isinstance(node, (nodes.Attribute, nodes.AssignAttr)):
        return node.attrname
    return None


def _creates_tik(calls: list, scope: ImportScope) -> bool:
    for call in calls:
        func = call.func
        if not (isinstance(func, nodes.Attribute) and func.attrname == "Tik"):
            continue
        qualified = scope.qualify(func) or ""
        if qualified.endswith("tik.Tik") or (isinstance(func.expr, nodes.Name) and func.expr.name == "tik"):
            return True
    return False


def _uses_tik_instance(index: NodeIndex) -> bool:
    if any(_name_of(node) == "tik_instance" for node in index.of((nodes.Name, nodes.AssignName, nodes.Attribute, nodes.AssignAttr))):
        return True
    return any(node.attrname in _TIK_HELPER_ATTRS for node in index.of(nodes.Attribute))


def _hand_ir(index: NodeIndex, calls: list) -> bool:
    if any(node.name == "ir_builder" for node in index.of(nodes.Name)):
        return True
    if any(node.attrname in _HAND_IR_ATTRS for node in index.of(nodes.Attribute)):
        return True
    return any(
        isinstance(call.func, nodes.Attribute) and call.func.attrname in _HAND_IR_CALLS and _name_of(call.func.expr) == "tvm"
        for call in calls
    )


def is_schedule_module(calls: list) -> bool:
    """A DSL schedule (register_schedule decorator or tvm.create_schedule): it schedules computes defined elsewhere."""
    return any(_name_of(call.func) in _SCHEDULE_MARKS for call in calls)


def classify_file(index: NodeIndex, scope: ImportScope, compute_calls: int, has_registration: bool, has_entry: bool,
                  compiles_ascendc: bool = False, dynamic: bool = False):
    """(status, reason). compute_calls counts DSL compute calls; framework calls alone do not make a DSL op.

    dynamic: the file is under a dynamic/ folder, where every operator registers itself (register_operator); one
    that does not is an implementation another module calls (concat_v2_d_tik for ConcatV2D).
    """
    calls = index.of(nodes.Call)
    if dynamic and not has_registration and (has_entry or compute_calls):
        return "not_operator", ("an implementation without registration under dynamic/: another module calls it "
                                "(every dynamic operator registers itself with register_operator)")
    if compiles_ascendc and not compute_calls:
        return "ascendc", "hands an Ascend C kernel source to tbe.tikcpp.compile_op: the operator is already Ascend C"
    tik_instance = _creates_tik(calls, scope)
    tik_helper = scope.imports_tik() and _uses_tik_instance(index)
    if tik_instance or tik_helper:
        how = "creates tik.Tik()" if tik_instance else "uses a TIK instance through a helper"
        if compute_calls:
            return "analysed", f"mixed TIK + DSL: {how}; the DSL path is analysed"
        if not has_registration and not has_entry:
            # Base classes and shared routines that TIK operators import (max_pool_grad_with_argmax_cut_h_v1.py).
            return "not_operator", f"a TIK helper module: it {how} but registers no operator and has no entry function"
        return "tik", f"{how}: imperative TIK, maps to Ascend C by hand (Tensor->LocalTensor, data_move->DataCopy, for_range->loops)"
    if not compute_calls and _hand_ir(index, calls):
        return "hand_ir", "tvm ir_builder / extern code without DSL compute calls: port the IR by hand"
    if not has_registration and not has_entry and is_schedule_module(calls):
        return "not_operator", "a DSL schedule module (register_schedule / create_schedule) without registration or entry"
    if has_registration or compute_calls:
        return "analysed", None
    if has_entry:
        return "not_operator", "an entry-named function without registration or DSL calls"
    return "not_operator", "no registration decorator, no entry function and no DSL compute call"
