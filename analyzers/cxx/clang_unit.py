"""The libclang front end (precise mode): clang decides what is compiled; tree-sitter names it in the shared vocabulary.

clang resolves `#if`, sees macro expansions and knows each definition's semantic scope. Every statement it
reports is mapped back by byte offset to the tree-sitter node at the same place, so a call, a condition or a
macro invocation reads exactly as the default front end writes it (a `CHECK_RET(...)` stays a call named
CHECK_RET even though clang sees the `do { if ... return ... } while (0)` it expands to).
"""

from __future__ import annotations

import dataclasses
from pathlib import Path

from op_migrate.analyzers.cxx.clang_compile import CompileDatabaseError, build_arguments, load_entry
from op_migrate.analyzers.cxx.clang_walker import MAX_DIAGNOSTICS, ClangWalker
from op_migrate.analyzers.cxx.messages import MESSAGES
from op_migrate.analyzers.cxx.model import CxxUnit
from op_migrate.analyzers.cxx.source import MAX_SOURCE_BYTES
from op_migrate.analyzers.cxx.ts_unit import collected_unit, parse_source, parse_tree, syntax_findings
from op_migrate.analyzers.findings import Finding, Severity

FRONTEND = "libclang"


def load_cindex():
    """clang.cindex with a working shared library, or raise with the reason."""
    import clang.cindex as cindex  # the `libclang` wheel ships the shared library next to the binding

    cindex.Index.create()
    return cindex


def parse_with_clang(
    data: bytes,
    path: str,
    *,
    compile_commands: Path | None,
    include_dirs: tuple[str, ...],
    defines: tuple[str, ...] = (),
    max_bytes: int = MAX_SOURCE_BYTES,
) -> CxxUnit:
    """Precise mode; if libclang cannot load or parse, the tree-sitter unit plus a `libclang-unavailable` finding."""
    notes: list[Finding] = []
    compile_args, directory = None, None
    if compile_commands is not None:
        try:
            entry = load_entry(compile_commands, Path(path))
        except CompileDatabaseError as error:
            return _fallback(data, path, max_bytes, str(error))
        if entry is None:
            notes.append(MESSAGES.make("libclang-no-compile-command", path=path, line=None,
                                       database=str(compile_commands)))
        else:
            compile_args, directory = entry
    parsed = parse_tree(data, path, max_bytes=max_bytes)
    if parsed.tree is None:
        return CxxUnit(path=path, frontend=FRONTEND, functions=(), findings=tuple(parsed.findings))
    try:
        cindex = load_cindex()
        args = build_arguments(compile_args, directory, include_dirs, defines)
        tu = cindex.Index.create().parse(
            str(Path(path).resolve()), args=args, options=cindex.TranslationUnit.PARSE_DETAILED_PROCESSING_RECORD
        )
    except Exception as error:  # ImportError, LibclangError, TranslationUnitLoadError: all mean "cannot use clang"
        return _fallback(data, path, max_bytes, f"{type(error).__name__}: {error}")
    walker = ClangWalker(parsed, path, tu.spelling)
    try:
        walker.walk(tu.cursor)
    except (ValueError, AttributeError, RecursionError) as error:
        # The Python binding raises ValueError for cursor kinds it does not know (a newer libclang);
        # the tree-sitter reading is still a correct, if less precise, answer.
        return _fallback(data, path, max_bytes, f"walking the clang AST failed: {type(error).__name__}: {error}")
    findings = parsed.findings + notes + _diagnostics(tu, path)
    if walker.dropped > MAX_DIAGNOSTICS:
        extra = walker.dropped - MAX_DIAGNOSTICS
        findings.append(MESSAGES.make("cxx-too-many-errors", path=path, line=None, count=extra))
    findings += [f for f in syntax_findings(parsed.tree.root_node, parsed.source, path) if f.line in walker.used_lines]
    findings.sort(key=Finding.sort_key)
    return collected_unit(path, FRONTEND, walker, findings)


def _fallback(data: bytes, path: str, max_bytes: int, reason: str) -> CxxUnit:
    unit = parse_source(data, path, max_bytes=max_bytes)
    note = MESSAGES.make("libclang-unavailable", path=path, line=None, reason=reason)
    return dataclasses.replace(unit, findings=(note,) + unit.findings)


def _diagnostics(tu, path: str) -> list[Finding]:
    out = []
    for diagnostic in tu.diagnostics:
        if diagnostic.severity < 2:  # ignored and notes
            continue
        location = diagnostic.location
        where = location.file.name if location.file is not None else path
        severity = {2: "warning", 3: "error", 4: "fatal"}.get(diagnostic.severity, "error")
        finding = MESSAGES.make("libclang-diagnostic", path=path, line=location.line or None, severity=severity,
                                text=diagnostic.spelling if where == path or where.endswith(Path(path).name)
                                else f"{where}:{location.line}: {diagnostic.spelling}")
        if severity != "warning":
            finding = Finding(finding.symbol, finding.message, finding.line, finding.path, Severity.ERROR)
        out.append(finding)
        if len(out) >= MAX_DIAGNOSTICS:
            break
    return out
