"""CxxUnit from its to_json() form (the inverse of to_json, field for field), for caching parsed files."""

from __future__ import annotations

from op_migrate.analyzers.cxx.model import (
    Case,
    ClassDecl,
    CxxUnit,
    Expr,
    FieldDecl,
    Function,
    GlobalDecl,
    Param,
    Prototype,
    Stmt,
)
from op_migrate.analyzers.findings import Finding, Severity


def unit_from_json(document: dict) -> CxxUnit:
    """Rebuild a unit; `unit_from_json(u.to_json()) == u` holds for every unit (a test checks it)."""
    if document.get("schema") != CxxUnit.SCHEMA:
        raise ValueError(f"not a {CxxUnit.SCHEMA} document: {document.get('schema')!r}")
    return CxxUnit(
        path=document["path"],
        frontend=document["frontend"],
        functions=tuple(_function(f) for f in document["functions"]),
        globals=tuple(
            GlobalDecl(g["name"], g["type_text"], _expr(g["value"]), g["line"], tuple(g.get("preproc", ())))
            for g in document.get("globals", ())
        ),
        includes=tuple(document.get("includes", ())),
        findings=tuple(_finding(f) for f in document.get("findings", ())),
        toplevel_calls=tuple(_expr(e) for e in document.get("toplevel_calls", ())),
        classes=tuple(_class(c) for c in document.get("classes", ())),
        prototypes=tuple(Prototype(p["name"], _params(p["params"]), p["line"]) for p in document.get("prototypes", ())),
    )


def _class(document: dict) -> ClassDecl:
    fields = tuple(FieldDecl(f["name"], f["type_text"], _expr(f.get("value")), f["line"], f.get("is_static", False))
                   for f in document.get("fields", ()))
    return ClassDecl(document["name"], tuple(document.get("bases", ())), fields, document["line"], document["end_line"])


def _params(documents) -> tuple[Param, ...]:
    return tuple(Param(p["name"], p["type_text"]) for p in documents)


def _finding(document: dict) -> Finding:
    return Finding(document["symbol"], document["message"], document.get("line"), document.get("path"),
                   Severity(document.get("severity", "warning")))


def _function(document: dict) -> Function:
    return Function(
        name=document["name"],
        params=_params(document["params"]),
        return_type=document["return_type"],
        body=_stmts(document["body"]),
        line=document["line"],
        end_line=document["end_line"],
        is_static=document.get("is_static", False),
        preproc=tuple(document.get("preproc", ())),
        initializers=tuple((name, tuple(_expr(a) for a in args)) for name, args in document.get("initializers", ())),
    )


def _stmts(documents) -> tuple[Stmt, ...]:
    return tuple(_stmt(d) for d in documents)


def _stmt(document: dict) -> Stmt:
    return Stmt(
        kind=document["kind"],
        line=document["line"],
        text=document["text"],
        target=document.get("target"),
        value=_expr(document.get("value")),
        then=_stmts(document.get("then", ())),
        orelse=_stmts(document.get("orelse", ())),
        cases=tuple(Case(c["label"], _stmts(c["body"])) for c in document.get("cases", ())),
        type_text=document.get("type_text"),
        end_line=document.get("end_line", 0),
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
