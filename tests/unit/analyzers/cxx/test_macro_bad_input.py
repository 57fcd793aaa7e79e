"""Bad macro input gives a clear result and never an exception or a hang: self reference, mutual recursion, growth
past the bounds, deep nesting, a define cut by the end of the file, a 5,000-line header, headers including
themselves, garbage bytes."""

from __future__ import annotations

from pathlib import Path

from hypothesis import given, settings
from hypothesis import strategies as st

from op_migrate.analyzers.aclnn.includes import IncludeResolver
from op_migrate.analyzers.cxx import macro_expand
from op_migrate.analyzers.cxx.macro_defs import scan_macros, split_macro_args
from op_migrate.analyzers.cxx.macro_expand import expand, expand_text
from op_migrate.analyzers.cxx.macro_index import MacroIndex


def _table(source: str):
    return {d.name: d for d in scan_macros(source.encode(), "t.h").defines}.get


def test_a_macro_that_expands_to_itself_stops_as_in_c() -> None:
    lookup = _table("#define X X\n#define F(a) F(a) + 1\n")
    assert (expand("X", None, lookup).text, expand("X", None, lookup).error) == ("X", None)
    result = expand("F", ["F(2)"], lookup)
    assert (result.text, result.error) == ("F(F(2) + 1) + 1", None)


def test_mutual_recursion_stops_at_the_first_name_already_being_expanded() -> None:
    lookup = _table("#define A B + 1\n#define B C * 2\n#define C A - 3\n")
    result = expand("A", None, lookup)
    assert (result.text, result.used_names, result.error) == ("A - 3 * 2 + 1", ("A", "B", "C"), None)


def test_exponential_growth_is_cut_with_a_reason() -> None:
    wide = "#define A0 " + "x " * 1000 + "\n" + "".join(f"#define A{i} {f'A{i - 1} ' * 16}\n" for i in range(1, 4))
    result = expand("A3", None, _table(wide))
    assert result.error == f"the expansion grows past {macro_expand.MAX_TOKENS} tokens"
    deep = "#define A0 x x\n" + "".join(f"#define A{i} A{i - 1} A{i - 1}\n" for i in range(1, 24))
    result = expand("A23", None, _table(deep))
    assert result.error == f"more than {macro_expand.MAX_EXPANSIONS} macro expansions"


def test_nesting_past_the_bound_is_an_error_not_a_crash() -> None:
    invocation = "id(" * 300 + "1" + ")" * 300
    result = expand_text(invocation, _table("#define id(x) x\n"))
    assert result.error is not None and "nest deeper" in result.error
    assert expand_text("id(" * 40 + "1" + ")" * 40, _table("#define id(x) x\n")) .text == "1"


def test_input_past_the_size_bound_is_refused() -> None:
    result = expand_text("x " * macro_expand.MAX_INPUT, _table("#define x 1\n"))
    assert "exceeds" in result.error and len(result.text) <= 200


def test_an_invalid_definition_is_an_error_at_expansion() -> None:
    from op_migrate.analyzers.cxx.macro_defs import MacroDef

    broken = MacroDef("S", ("x",), False, "#y", "h.h", 3)
    result = expand("S", ["1"], {"S": broken}.get)
    assert "h.h:3" in result.error and "'#' is not followed by a macro parameter" in result.error


def test_a_define_cut_by_the_end_of_the_file_is_kept_and_reported() -> None:
    for data, reason in ((b"#define A 1\n#define CUT(x) x + \\", "backslash"),
                         (b"#define A 1\n#define CUT(x) x + /* never closed", "comment")):
        scan = scan_macros(data, "cut.h")
        assert [d.name for d in scan.defines] == ["A", "CUT"]
        assert [(f.symbol, f.line) for f in scan.findings] == [("macro-unterminated-define", 2)]
        assert reason in scan.findings[0].message
    assert scan_macros(b"#define F(a, b", "cut.h").findings[0].symbol == "macro-malformed-define"


def test_a_five_thousand_line_header_of_defines(tmp_path: Path) -> None:
    lines = ["#define M0 1"] + [f"#define M{i} M{i - 1}" for i in range(1, 5000)]
    header = tmp_path / "big.h"
    header.write_text("\n".join(lines) + "\n")
    scan = scan_macros(header.read_bytes(), str(header))
    assert len(scan.defines) == 5000 and scan.findings == ()
    index = MacroIndex([tmp_path])
    found = index.lookup("M4999", tmp_path / "unit.cpp", [header])
    assert (found.line, found.origin) == (5000, "include")
    result = expand("M4999", None, index.resolver(tmp_path / "unit.cpp", [header]))
    assert (result.text, len(result.used), result.error) == ("1", 5000, None)


def test_headers_including_themselves_do_not_loop(tmp_path: Path) -> None:
    (tmp_path / "self.h").write_text('#include "self.h"\n#include "other.h"\n#define FROM_SELF 1\n')
    (tmp_path / "other.h").write_text('#include "self.h"\n#define FROM_OTHER(x) x\n')
    unit = tmp_path / "unit.cpp"
    unit.write_text('#include "self.h"\nint f() { return FROM_OTHER(FROM_SELF); }\n')
    headers, cut = IncludeResolver([tmp_path]).closure(unit)
    assert [h.name for h in headers] == ["self.h", "other.h"] and not cut
    result = expand_text("FROM_OTHER(FROM_SELF)", MacroIndex([tmp_path]).resolver(unit, headers))
    assert (result.text, result.error) == ("1", None)


def test_an_unreadable_file_is_a_finding(tmp_path: Path) -> None:
    index = MacroIndex([tmp_path])
    assert index.lookup("X", tmp_path / "missing.cpp", [tmp_path / "gone.h"]) is None
    assert {f.symbol for f in index.findings} == {"cxx-unreadable"}


@settings(max_examples=150, deadline=None)
@given(st.binary(max_size=600))
def test_garbage_bytes_never_raise(data: bytes) -> None:
    scan = scan_macros(b"#define " + data, "g.h")
    lookup = {d.name: d for d in scan.defines}.get
    text = data.decode("utf-8", "replace")
    for definition in scan.defines:
        expand_text(definition.name + text, lookup)
    split_macro_args(text)


@settings(max_examples=150, deadline=None)
@given(st.lists(st.sampled_from(["#define ", "F", "(", ")", ",", "...", "##", "#", "x", " ", "\\\n", "\n", "/*",
                                 "*/", '"', "'", "__VA_OPT__", "__VA_ARGS__", "F(x) F(x)", "#if 1", "#endif"]),
                max_size=60))
def test_directive_shaped_garbage_never_raises(pieces: list[str]) -> None:
    source = "".join(pieces)
    scan = scan_macros(source.encode(), "g.h")
    lookup = {d.name: d for d in scan.defines}.get
    expand_text(source, lookup)
    expand_text("F(x, F(F)) F F(", lookup)
