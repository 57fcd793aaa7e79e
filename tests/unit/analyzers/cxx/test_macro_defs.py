"""`#define`s read as a compiler reads them: continuations, comments, parameter lists, the `#if`s around them,
`#undef`s; what a compiler would reject is a finding with its line; invocations split as the preprocessor splits."""

from __future__ import annotations

import json

from op_migrate.analyzers.cxx.macro_defs import MacroDef, scan_defines, scan_macros, split_macro_args

HEADER = rb"""#ifndef DEMO_H_
#define DEMO_H_
#define LIMIT 64 /* bytes */ // trailing comment
#define CHECK(cond, ret)      \
    do {                      \
        if (!(cond)) {        \
            return ret;       \
        }  /* a \
              comment */      \
    } while (0)
#define NOT_A_CALL (x) + 1
#define LOG(fmt, ...) Log(fmt, ##__VA_ARGS__)
#define GLOG(fmt, args...) Log(fmt, ##args)
#define NONE() 0
#define STR "a  //  b" '/'
int x = 1'000'000; /* #define HIDDEN 1
#define ALSO_HIDDEN 2 */
#if defined(UT_BUILD) || defined(ST_BUILD)
#define MODE 1
#elif !defined(__ANDROID__)
#define MODE 2
#else
#define MODE 3
#endif
#ifdef __cplusplus
#undef LIMIT
#endif
#endif
"""


def _by_name(scan):
    return {d.name: d for d in scan.defines}


def test_bodies_lose_comments_and_continuations_and_keep_literals() -> None:
    defs = _by_name(scan_macros(HEADER, "demo.h"))
    assert defs["LIMIT"].body == "64"
    assert defs["CHECK"].body == "do { if (!(cond)) { return ret; } } while (0)"
    assert defs["STR"].body == "\"a  //  b\" '/'"
    assert (defs["CHECK"].line, defs["STR"].line) == (4, 15)


def test_object_like_and_function_like_are_told_apart_by_the_parenthesis() -> None:
    defs = _by_name(scan_macros(HEADER, "demo.h"))
    assert defs["NOT_A_CALL"].params is None and defs["NOT_A_CALL"].body == "(x) + 1"
    assert defs["NONE"].params == () and defs["NONE"].function_like
    assert (defs["CHECK"].params, defs["CHECK"].variadic) == (("cond", "ret"), False)


def test_variadic_parameters_standard_and_gnu_named() -> None:
    defs = _by_name(scan_macros(HEADER, "demo.h"))
    assert (defs["LOG"].params, defs["LOG"].variadic, defs["LOG"].signature) == \
        (("fmt", "__VA_ARGS__"), True, "LOG(fmt, ...)")
    assert (defs["GLOG"].params, defs["GLOG"].variadic, defs["GLOG"].signature) == \
        (("fmt", "args"), True, "GLOG(fmt, args...)")


def test_defines_inside_comments_are_not_defines_and_digit_separators_open_no_literal() -> None:
    names = [d.name for d in scan_defines(HEADER, "demo.h")]
    assert "HIDDEN" not in names and "ALSO_HIDDEN" not in names
    assert names[-3:] == ["MODE", "MODE", "MODE"]


def test_every_branch_is_kept_with_its_conditions_and_the_include_guard_is_not_one() -> None:
    scan = scan_macros(HEADER, "demo.h")
    modes = [d.preproc for d in scan.defines if d.name == "MODE"]
    first = "#if defined(UT_BUILD) || defined(ST_BUILD)"
    assert modes == [(first,), (f"not ({first})", "#elif !defined(__ANDROID__)"),
                     (f"not ({first})", "not (#elif !defined(__ANDROID__))")]
    assert _by_name(scan)["LIMIT"].preproc == ()
    assert scan.guards == ("DEMO_H_",)
    assert [(u.name, u.line, u.preproc) for u in scan.undefs] == [("LIMIT", 26, ("#ifdef __cplusplus",))]
    assert scan.findings == ()


def test_a_define_a_compiler_rejects_is_skipped_with_its_line() -> None:
    data = (b"#define\n#define 3X 1\n#define F(a,,b) a\n#define G(a, a) a\n#define H(a b\n#define S(x) #y\n"
            b"#define P(x) ## x\n#define Q(x) x ##\n#define defined 1\n#define V(...) __VA_OPT__(\n#define OK 1\n")
    scan = scan_macros(data, "bad.h")
    assert [d.name for d in scan.defines] == ["OK"]
    assert [(f.symbol, f.line, f.path) for f in scan.findings] == [("macro-malformed-define", n, "bad.h")
                                                                   for n in range(1, 11)]
    assert "'#' is not followed by a macro parameter" in scan.findings[5].message


def test_unbalanced_conditionals_are_findings_and_the_scan_goes_on() -> None:
    scan = scan_macros(b"#endif\n#else\n#if A\n#define X 1\n", "u.h")
    assert [(f.symbol, f.line) for f in scan.findings] == [("macro-unbalanced-conditional", 1),
                                                           ("macro-unbalanced-conditional", 2),
                                                           ("macro-unbalanced-conditional", 4)]
    assert [(d.name, d.preproc) for d in scan.defines] == [("X", ("#if A",))]


def test_raw_strings_and_windows_line_ends() -> None:
    data = b'#define R R"x(a // b\n#define NOT)x" + 1\r\n#define W 2\r\n'
    defs = _by_name(scan_macros(data, "r.h"))
    assert defs["R"].body == 'R"x(a // b\n#define NOT)x" + 1'
    assert defs["W"].body == "2" and "NOT" not in defs


def test_definitions_are_json_and_carry_their_place() -> None:
    definition = scan_defines(b"\n#define A(x) x + 1\n", "a.h")[0]
    assert definition == MacroDef("A", ("x",), False, "x + 1", "a.h", 2, ())
    assert json.loads(json.dumps(definition.to_json()))["params"] == ["x"]


def test_split_macro_args_nests_only_parentheses() -> None:
    assert split_macro_args("F(a, (b, c), \"x,y\", ',', {1, 2}, [3, 4])") == \
        ["a", "(b, c)", '"x,y"', "','", "{1", "2}", "[3", "4]"]
    assert split_macro_args("OP_CHECK(x != nullptr,\n   OP_LOGE(E, \"a, b\"), return false)") == \
        ["x != nullptr", 'OP_LOGE(E, "a, b")', "return false"]
    assert split_macro_args("F()") == [] and split_macro_args("F(,)") == ["", ""]
    assert split_macro_args("F( a /* , */ , b )") == ["a", "b"]
    assert split_macro_args("(a, b)") == ["a", "b"]
    assert split_macro_args("F") is None and split_macro_args("F(a, (b)") is None
