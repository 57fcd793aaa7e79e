"""libclang precise mode on a self-contained fixture project, and its conformance with the tree-sitter front end."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from op_migrate.analyzers.cxx import CxxUnit, Stmt, parse_file
from op_migrate.analyzers.cxx import clang_unit

PROJECT = Path(__file__).resolve().parent / "precise_project"
SOURCES = ("src/aclnn_gadget.cpp", "src/gadget.cpp")


def _libclang_loads() -> str | None:
    try:
        clang_unit.load_cindex()
    except Exception as error:  # any failure to load means the tests below cannot run here
        return f"clang.cindex cannot load: {error}"
    return None


_SKIP = _libclang_loads()
pytestmark = [pytest.mark.requires_libclang, pytest.mark.skipif(_SKIP is not None, reason=_SKIP or "")]


def _database(tmp_path: Path, *defines: str) -> Path:
    entries = [
        {"directory": str(PROJECT), "file": source,
         "arguments": ["clang++", "-std=c++17", "-Iinclude", *(f"-D{d}" for d in defines), "-c", source, "-o",
                       f"/tmp/{Path(source).stem}.o"]}
        for source in SOURCES
    ]
    path = tmp_path / "compile_commands.json"
    path.write_text(json.dumps(entries), encoding="utf-8")
    return path


def _calls(stmts: tuple[Stmt, ...]) -> list[str]:
    names: list[str] = []
    for stmt in stmts:
        if stmt.value is not None:
            names.extend(c.name for c in stmt.value.calls())
        names.extend(_calls(stmt.then) + _calls(stmt.orelse))
        for case in stmt.cases:
            names.extend(_calls(case.body))
    return names


def _resolve_preprocessor(stmts: tuple[Stmt, ...], taken: dict[str, bool]) -> tuple[Stmt, ...]:
    """The tree-sitter body with each `#if` replaced by the branch the compiler takes."""
    out: list[Stmt] = []
    for stmt in stmts:
        if stmt.kind == "if" and stmt.value is not None and stmt.value.text.startswith("#"):
            out.extend(_resolve_preprocessor(stmt.then if taken[stmt.value.text] else stmt.orelse, taken))
            continue
        out.append(Stmt(stmt.kind, stmt.line, stmt.text, stmt.target, stmt.value,
                        _resolve_preprocessor(stmt.then, taken), _resolve_preprocessor(stmt.orelse, taken),
                        tuple(type(c)(c.label, _resolve_preprocessor(c.body, taken)) for c in stmt.cases),
                        stmt.type_text, stmt.end_line))
    return tuple(out)


@pytest.mark.parametrize("source", SOURCES)
def test_fixture_project_compiles_cleanly(source: str, tmp_path: Path) -> None:
    unit = parse_file(PROJECT / source, compile_commands=_database(tmp_path))
    assert unit.frontend == "libclang"
    assert unit.findings == ()


@pytest.mark.parametrize("broadcast_in_host", [False, True])
def test_both_front_ends_yield_the_same_functions_and_statements(broadcast_in_host: bool, tmp_path: Path) -> None:
    defines = ("GADGET_BROADCAST_IN_HOST=1",) if broadcast_in_host else ()
    database = _database(tmp_path, *defines)
    taken = {"#if GADGET_BROADCAST_IN_HOST": broadcast_in_host}
    for source in SOURCES:
        fast = parse_file(PROJECT / source)
        precise = parse_file(PROJECT / source, compile_commands=database)
        assert [f.name for f in precise.functions] == [f.name for f in fast.functions]
        assert precise.globals == fast.globals and precise.includes == fast.includes
        assert precise.toplevel_calls == fast.toplevel_calls
        for quick, exact in zip(fast.functions, precise.functions):
            signature = (exact.params, exact.return_type, exact.is_static)
            assert signature == (quick.params, quick.return_type, quick.is_static)
            assert exact.body == _resolve_preprocessor(quick.body, taken), quick.name


def test_precise_mode_keeps_only_the_compiled_branch(tmp_path: Path) -> None:
    entry = "aclnnGadgetGetWorkspaceSize"
    without = parse_file(PROJECT / SOURCES[0], compile_commands=_database(tmp_path)).function(entry)
    with_host = parse_file(PROJECT / SOURCES[0], include_dirs=(PROJECT / "include",),
                           defines=("GADGET_BROADCAST_IN_HOST=1",)).function(entry)
    fast = parse_file(PROJECT / SOURCES[0]).function(entry)
    assert _calls(without.body).count("l0op::BroadcastTo") == 0
    assert _calls(with_host.body).count("l0op::BroadcastTo") == 2
    assert _calls(fast.body).count("l0op::BroadcastTo") == 2  # tree-sitter keeps both branches, under "#if"


def test_macro_statements_keep_the_tree_sitter_vocabulary(tmp_path: Path) -> None:
    unit = parse_file(PROJECT / SOURCES[1], include_dirs=(PROJECT / "include",))
    core = unit.function("l0op::GadgetAiCore")
    launch = core.body[1]
    assert (launch.kind, launch.target, launch.value.name) == ("decl", "ret", "ADD_TO_LAUNCHER_LIST_AICORE")
    check = core.body[2].value
    assert check.name == "OP_CHECK" and check.children[2].text == "return nullptr"


def test_missing_headers_become_diagnostics_and_the_functions_remain(tmp_path: Path) -> None:
    unit = parse_file(PROJECT / SOURCES[1], include_dirs=(tmp_path,))
    diagnostics = [f for f in unit.findings if f.symbol == "libclang-diagnostic"]
    assert diagnostics and diagnostics[0].line == 2 and "gadget.h" in diagnostics[0].message
    assert unit.frontend == "libclang"
    assert [f.name for f in unit.functions] == ["l0op::GadgetAiCore", "l0op::GadgetAiCpu", "l0op::Gadget"]


def test_statements_clang_rejects_are_kept_with_findings(tmp_path: Path) -> None:
    source = tmp_path / "orphan.cpp"
    source.write_text(
        '#include "absent.h"\n'
        "int F(int a) {\n"
        "  int kept = a + 1;\n"
        "  l0op::Cast(a, DT_FLOAT, executor);\n"
        "  return kept;\n"
        "}\n",
        encoding="utf-8",
    )
    unit = parse_file(source, include_dirs=(tmp_path,))
    assert [(f.symbol, f.line) for f in unit.findings if f.symbol != "libclang-diagnostic"] == [
        ("libclang-dropped-statement", 4)
    ]
    body = unit.function("F").body
    assert [(s.kind, s.line) for s in body] == [("decl", 3), ("expr", 4), ("return", 5)]
    assert body[1].value.name == "l0op::Cast"


def test_the_database_may_be_given_as_its_directory(tmp_path: Path) -> None:
    database = _database(tmp_path, "GADGET_BROADCAST_IN_HOST=1")
    unit = parse_file(PROJECT / SOURCES[0], compile_commands=database.parent)
    assert unit.frontend == "libclang" and unit.findings == ()
    assert _calls(unit.function("aclnnGadgetGetWorkspaceSize").body).count("l0op::BroadcastTo") == 2


def test_a_file_missing_from_the_database_is_noted(tmp_path: Path) -> None:
    database = tmp_path / "compile_commands.json"
    database.write_text("[]", encoding="utf-8")
    unit = parse_file(PROJECT / SOURCES[1], compile_commands=database, include_dirs=(PROJECT / "include",))
    assert [f.symbol for f in unit.findings] == ["libclang-no-compile-command"]


def test_unreadable_database_falls_back_to_tree_sitter(tmp_path: Path) -> None:
    database = tmp_path / "compile_commands.json"
    database.write_text("{not json", encoding="utf-8")
    unit = parse_file(PROJECT / SOURCES[1], compile_commands=database)
    assert unit.frontend == "tree-sitter" and unit.findings[0].symbol == "libclang-unavailable"


def test_libclang_load_failure_falls_back_to_tree_sitter(monkeypatch: pytest.MonkeyPatch) -> None:
    def broken():
        raise OSError("libclang.so: cannot open shared object file")

    monkeypatch.setattr(clang_unit, "load_cindex", broken)
    unit: CxxUnit = parse_file(PROJECT / SOURCES[1], include_dirs=(PROJECT / "include",))
    assert unit.frontend == "tree-sitter"
    assert [f.symbol for f in unit.findings] == ["libclang-unavailable"]
    assert "cannot open shared object" in unit.findings[0].message
    assert [f.name for f in unit.functions] == ["l0op::GadgetAiCore", "l0op::GadgetAiCpu", "l0op::Gadget"]
