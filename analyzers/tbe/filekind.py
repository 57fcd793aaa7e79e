"""Which kind of file this is: DSL operator, TIK operator, hand-written IR, or not an operator at all."""

from __future__ import annotations

import re

from analyzers.tbe.imports import ImportScope

_TIK_INSTANCE = re.compile(r"\btik\.Tik\s*\(")
_TIK_HELPER = re.compile(r"\btik_instance\b|\.for_range\s*\(|\.BuildCCE\s*\(|\btik\.scope_ubuf\b")
_HAND_IR = re.compile(r"\bir_builder\b|\btvm\.extern\s*\(|\btvm\.call_extern\s*\(|\btvm\.hybrid\b")


def classify_file(text: str, scope: ImportScope, compute_calls: int, has_registration: bool, has_entry: bool):
    """(status, reason). compute_calls counts DSL compute calls; framework calls alone do not make a DSL op."""
    tik_instance = bool(_TIK_INSTANCE.search(text))
    tik_helper = scope.imports_tik() and bool(_TIK_HELPER.search(text))
    if tik_instance or tik_helper:
        how = "creates tik.Tik()" if tik_instance else "uses a TIK instance through a helper"
        if compute_calls:
            return "analysed", f"mixed TIK + DSL: {how}; the DSL path is analysed"
        return "tik", f"{how}: imperative TIK, maps to Ascend C by hand (Tensor->LocalTensor, data_move->DataCopy, for_range->loops)"
    if _HAND_IR.search(text) and not compute_calls:
        return "hand_ir", "tvm ir_builder / extern code without DSL compute calls: port the IR by hand"
    if has_registration or compute_calls:
        return "analysed", None
    if has_entry:
        return "not_operator", "an entry-named function without registration or DSL calls"
    return "not_operator", "no registration decorator, no entry function and no DSL compute call"
