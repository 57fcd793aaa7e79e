"""Rebuild a CxxUnit from its to_json() form, so parsed files can be cached as JSON between runs."""

from __future__ import annotations

from analyzers.cxx.model import Case, CxxUnit, Expr, Function, GlobalDecl, Param, Stmt
from analyzers.findings import Finding, Severity


def unit_from_json(document: dict) -> CxxUnit:
    return CxxUnit(
        path=document["path"],
        frontend=document["frontend"],
        functions=tuple(_function(f) for f in document.get("functions", ())),
        globals=tuple(
            GlobalDecl(g["name"], g["type_text"], _expr(g["value"]), g["line"]) for g in document.get("globals", ())
        ),
        includes=tuple(document.get("includes", ())),
        findings=tuple(finding_from_json(f) for f in document.get("findings", ())),
    )


def finding_from_json(document: dict) -> Finding:
    return Finding(
        symbol=document["symbol"],
        message=document["message"],
        line=document.get("line"),
        path=document.get("path"),
        severity=Severity(document.get("severity", "warning")),
    )


def _function(document: dict) -> Function:
    return Function(
        name=document["name"],
        params=tuple(Param(p["name"], p["type_text"]) for p in document["params"]),
        return_type=document["return_type"],
        body=tuple(_stmt(s) for s in document["body"]),
        line=document["line"],
        end_line=document["end_line"],
        is_static=document.get("is_static", False),
    )


def _stmt(document: dict) -> Stmt:
    return Stmt(
        kind=document["kind"],
        line=document["line"],
        text=document["text"],
        target=document.get("target"),
        value=_expr(document.get("value")),
        then=tuple(_stmt(s) for s in document.get("then", ())),
        orelse=tuple(_stmt(s) for s in document.get("orelse", ())),
        cases=tuple(
            Case(c["label"], tuple(_stmt(s) for s in c["body"])) for c in document.get("cases", ())
        ),
        type_text=document.get("type_text"),
    )


def _expr(document: dict | None) -> Expr | None:
    if document is None:
        return None
    return Expr(
        kind=document["kind"],
        text=document["text"],
        name=document.get("name"),
        children=tuple(_expr(c) for c in document.get("children", ())),
        line=document.get("line", 0),
    )
