"""Holds the CPU model to the real API table: every Ascend C name ops/ uses declared alike, the real global macros
mirrored, no name of ours colliding with theirs, and no dtype accepted that the real headers reject."""

from __future__ import annotations

import re
import tempfile
from pathlib import Path

from .api_view import ApiView, take_view
from .dtype_probes import accepted, probe_cases
from .findings import Finding

MODEL_INCLUDE = Path(__file__).resolve().parents[1] / "cpu_model" / "include"
# Families of real object-like macros the model defines with the same values, so that a kernel name colliding
# with one fails in the portable build too (Bernoulli's `enum { DT_FLOAT16 = 0 }` against `#define DT_FLOAT16 1`).
MIRRORED_MACRO_PREFIXES = ("DT_", "FORMAT_")
# The one parameter the model adds to the real signatures: a last, defaulted cpu_model::CallSite carrying the
# kernel's file and line into sync messages (cpu_model/config.h). Only that trailing parameter is ignored.
MODEL_CALL_SITE = re.compile(r"(?:, )?cpu_model::CallSite\)( const)?$")


def model_view(ops_root: Path) -> ApiView:
    with tempfile.TemporaryDirectory(prefix="model-view-") as scratch:
        return take_view([f"-I{MODEL_INCLUDE}"], (MODEL_INCLUDE,), ops_root, Path(scratch))


def model_dtype_support() -> dict[str, dict[str, list[str]]]:
    with tempfile.TemporaryDirectory(prefix="model-probes-") as scratch:
        return accepted(probe_cases(), [f"-I{MODEL_INCLUDE}"], Path(scratch))


def _names(table: dict, model: ApiView) -> list[Finding]:
    findings = []
    for name in sorted(model.used):
        entry = table["names"].get(name)
        if entry is None:
            findings.append(Finding("api-table-stale", name=name, regenerate=table["regenerate"]))
            continue
        if not entry["declarations"]:
            findings.append(Finding("model-name-not-real", name=name, headers=_headers(table)))
            continue
        real = set(entry["declarations"])
        for signature in model.declarations.get(name, []):
            if without_model_call_site(signature) not in real:
                findings.append(Finding("model-signature-differs", name=name, model=signature,
                                        real=" | ".join(sorted(real)), headers=_headers(table)))
    return findings


def without_model_call_site(signature: str) -> str:
    """The model signature as the real headers spell it: its trailing cpu_model::CallSite parameter dropped."""
    return MODEL_CALL_SITE.sub(r")\1", signature)


def _macros(table: dict, model: ApiView) -> list[Finding]:
    findings = []
    real = table["macros"]
    for name, entry in sorted(real.items()):
        if entry["params"] is None and entry["value"] is not None and name.startswith(MIRRORED_MACRO_PREFIXES):
            if model.macros.get(name) != (None, entry["value"]):
                findings.append(Finding("model-macro-differs", name=name, real=_macro(entry["params"], entry["value"]),
                                        model=_macro(*model.macros[name]) if name in model.macros else "undefined"))
    for name in sorted(model.used_macros):
        entry = real.get(name)
        if entry is None:
            findings.append(Finding("model-macro-not-real", name=name, headers=_headers(table)))
        elif model.macros.get(name, (None, None))[0] != entry["params"]:
            findings.append(Finding("model-macro-differs", name=name, real=_macro(entry["params"], entry["value"]),
                                    model=_macro(*model.macros.get(name, (None, None)))))
    return findings


def _collisions(table: dict, model: ApiView) -> list[Finding]:
    macros = {n for n, e in table["macros"].items()}
    globals_ = set(table["global_names"])
    functions = set(table["ascendc_functions"])
    findings = []
    for name, scope, where in model.own_names:
        if name in macros:
            findings.append(Finding("name-collides-with-macro", name=name, where=where, headers=_headers(table)))
        elif scope == "global" and name in globals_:
            findings.append(Finding("name-collides-with-global", name=name, where=where, headers=_headers(table)))
        elif scope == "namespace" and name in functions:
            findings.append(Finding("function-clashes-with-ascendc", name=name, where=where))
    return findings


def _dtypes(table: dict, model_support: dict[str, dict[str, list[str]]]) -> list[Finding]:
    findings = []
    for api, real in sorted(table["dtype_support"].items()):
        model = model_support.get(api, {"accepted": []})
        for label in sorted(set(model["accepted"]) - set(real["accepted"])):
            findings.append(Finding("model-accepts-rejected-dtype", api=api, dtype=label, arch=table["arch"],
                                    headers=_headers(table)))
    return findings


def stricter_than_real(table: dict, model_support: dict[str, dict[str, list[str]]]) -> dict[str, list[str]]:
    """Dtypes the real headers accept at compile time and the model rejects (its A2 rules from the documentation)."""
    return {api: sorted(set(real["accepted"]) - set(model_support.get(api, {"accepted": []})["accepted"]))
            for api, real in sorted(table["dtype_support"].items())
            if set(real["accepted"]) - set(model_support.get(api, {"accepted": []})["accepted"])}


def mismatches(table: dict, model: ApiView, model_support: dict[str, dict[str, list[str]]]) -> list[Finding]:
    return _names(table, model) + _macros(table, model) + _collisions(table, model) + _dtypes(table, model_support)


def _headers(table: dict) -> str:
    return f"{table['headers']['kind']} {table['headers']['version']}"


def _macro(params: int | None, value: int | None) -> str:
    if params is not None:
        return f"function-like, {params} parameter(s)"
    return "object-like" + (f" = {value}" if value is not None else "")
