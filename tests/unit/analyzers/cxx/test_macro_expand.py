"""Expansion is what the real preprocessor gives. The table's expected texts are g++'s output (a test re-checks them
against `g++ -E -P` when it is installed), and a property test compares random macro sets with g++ token for token.

Generated bodies never glue a literal to an identifier (`"s"X`): GNU cpp decides whether X is a C++11 literal suffix
by the macros defined so far when it reads the `#define`, which a definition read out of its file cannot know."""

from __future__ import annotations

import random
import shutil
import subprocess

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from op_migrate.analyzers.cxx.macro_defs import scan_macros
from op_migrate.analyzers.cxx.macro_expand import expand, expand_text
from op_migrate.analyzers.cxx.macro_lex import lex

GPP = shutil.which("g++")
needs_gpp = pytest.mark.skipif(GPP is None, reason="g++ is not installed")

DEFINES = r"""
#define EMPTY
#define ONE 1
#define SELF SELF + 1
#define PING PONG + 1
#define PONG PING * 2
#define id(x) x
#define twice(x) x x
#define str(x) #x
#define xstr(x) str(x)
#define cat(a, b) a ## b
#define xcat(a, b) cat(a, b)
#define ab done
#define f(a) a*g
#define g(a) f(a)
#define OBJ id
#define LOG(fmt, ...) log(fmt, ##__VA_ARGS__)
#define ALL(...) [x , ##__VA_ARGS__]
#define OPT(x, ...) call(x __VA_OPT__(,) __VA_ARGS__)
#define SOPT(...) #__VA_OPT__(a ## b __VA_ARGS__)
#define GLOG(fmt, args...) log(fmt, ## args)
#define CHECK_RET(cond, ret) do { if (!(cond)) { return ret; } } while (0)
#define CHECK_PTR(p) CHECK_RET((p) != nullptr, ERR)
#define ERR 161002
#define LPAREN (
#define NEST(x) id(id(id(x)))
"""

TABLE = [
    ("object-like", "ONE + ONE", "1 + 1"),
    ("empty object-like", "a EMPTY b", "a b"),
    ("nested function-like", "NEST(ONE)", "1"),
    ("argument pre-expanded", "twice(ONE)", "1 1"),
    ("stringify keeps the argument as written", "str(ONE)", '"ONE"'),
    ("stringify after expansion", "xstr(ONE)", '"1"'),
    ("stringify escapes literals, collapses white space", 'str( a   "b\\n"  \'c\' )', '"a \\"b\\\\n\\" \'c\'"'),
    ("paste makes a new macro name", "cat(a, b)", "done"),
    ("paste of expanded arguments via a helper", "xcat(a, b)", "done"),
    ("paste with empty arguments", "cat(, x) cat(,) cat(x,)", "x x"),
    ("paste forms an operator", "cat(-, >) cat(<, <=)", "-> <<="),
    ("self reference stops", "SELF", "SELF + 1"),
    ("mutual recursion stops", "PING PONG", "PING * 2 + 1 PONG + 1 * 2"),
    ("painted blue stays unexpanded", "id(id)(1)", "id ( 1 )"),
    ("standard example f(2)(9)", "f(2)(9)", "2 * 9 * g"),
    ("object-like macro that looks like a call", "OBJ(7) OBJ", "7 id"),
    ("function-like name without parenthesis", "id + id (3)", "id + 3"),
    ("variadic with arguments", 'LOG("%d %d", a, b)', 'log ( "%d %d" , a , b )'),
    ("variadic without arguments: GNU comma elision", 'LOG("plain")', 'log ( "plain" )'),
    ("only variadic, empty", "ALL() ALL(1, 2)", "[ x ] [ x , 1 , 2 ]"),
    ("__VA_OPT__", "OPT(1) OPT(1, 2, 3) OPT(1, EMPTY)", "call ( 1 ) call ( 1 , 2 , 3 ) call ( 1 )"),
    ("#__VA_OPT__ with paste inside", "SOPT() SOPT(c)", '"" "ab c"'),
    ("GNU named variadic", 'GLOG("a") GLOG("a", 1)', 'log ( "a" ) log ( "a" , 1 )'),
    ("check macro with a return", "CHECK_RET(x > 0, ERR)", "do { if ( ! ( x > 0 ) ) { return 161002 ; } } while ( 0 )"),
    ("macro argument holding a macro call", "CHECK_PTR(self)",
     "do { if ( ! ( ( self ) != nullptr ) ) { return 161002 ; } } while ( 0 )"),
    ("parenthesis from a macro", "id(LPAREN) 1)", "( 1 )"),
    ("arguments across lines and comments", "cat(a /* c */,\n b)", "done"),
]


def _table():
    return {d.name: d for d in scan_macros(DEFINES.encode(), "table.h").defines}.get


def _tokens(text: str) -> list[str]:
    return [token.text for token in lex(text)]


def _gpp(source: str) -> tuple[list[str], list[str]]:
    """The tokens `g++ -E -P` prints for a source, and its error lines."""
    done = subprocess.run([GPP, "-E", "-P", "-x", "c++", "-"], input=source, capture_output=True, text=True,
                          timeout=60)
    return _tokens(done.stdout), [line for line in done.stderr.splitlines() if ": error:" in line]


@pytest.mark.parametrize("name, invocation, expected", TABLE, ids=[case[0] for case in TABLE])
def test_the_table(name: str, invocation: str, expected: str) -> None:
    result = expand_text(invocation, _table())
    assert result.error is None
    assert _tokens(result.text) == _tokens(expected)


@needs_gpp
def test_the_table_is_what_gpp_prints() -> None:
    marked = "\n".join(f"__case{i}__ {invocation}" for i, (_, invocation, _) in enumerate(TABLE))
    printed, errors = _gpp(DEFINES + marked + f"\n__case{len(TABLE)}__\n")
    assert errors == []
    for i, (name, _, expected) in enumerate(TABLE):
        start, end = printed.index(f"__case{i}__") + 1, printed.index(f"__case{i + 1}__")
        assert printed[start:end] == _tokens(expected), name


def test_used_macros_are_recorded_in_expansion_order() -> None:
    result = expand_text("CHECK_PTR(self)", _table())
    assert result.used_names == ("CHECK_PTR", "ERR", "CHECK_RET")  # an argument is expanded before its macro
    assert result.used[0].line == 23 and result.used[0].path == "table.h"


def test_expand_builds_the_invocation_and_leaves_non_macros_alone() -> None:
    assert expand("cat", ["a", "b"], _table()).text == "done"
    assert expand("ONE", None, _table()).text == "1"
    assert expand("unknown", ["a"], _table()) == expand_text("unknown(a)", _table())
    assert expand("unknown", ["a"], _table()).used == ()


def test_wrong_argument_counts_are_errors_not_guesses() -> None:
    assert "takes 2 arguments, 1 given" in expand_text("cat(a)", _table()).error
    assert "unterminated argument list" in expand_text("cat(a, b", _table()).error
    assert "does not give a valid preprocessing token" in expand_text("cat(+, -)", _table()).error


NAMES = ["A", "B", "C", "F", "G", "H"]
ATOMS = ["q", "1", "+", "-", "*", ",", "(", ")", '"s"', "'c'", "0x", "e", "=", "/", ".", '"a\\"b"', "'\\''", "1.5e",
         "<", "<<", ">", "&", "|", "#", "%"]


def _body(rng: random.Random, params: list[str], variadic: bool) -> str:
    pieces = []
    for _ in range(rng.randint(0, 6)):
        roll = rng.random()
        if params and roll < 0.3:
            pieces.append(("#" if rng.random() < 0.25 else "") + rng.choice(params))
        elif roll < 0.55:
            pieces.append(rng.choice(NAMES))
        elif variadic and roll < 0.65:
            inner = " ".join(rng.choice(params + ["q", ","]) for _ in range(rng.randint(0, 2)))
            pieces.append(("#" if rng.random() < 0.2 else "") + f"__VA_OPT__({inner})")
        else:
            pieces.append(rng.choice(ATOMS))
    out = []
    for i, piece in enumerate(pieces):
        if i and rng.random() < 0.25:
            out.append("##")
        out.append(piece)
    if variadic and rng.random() < 0.3:
        out += [",", "##", params[-1]]
    if rng.random() < 0.7:
        return " ".join(out)
    return "".join(piece + (" " if piece[-1] in "\"'/" else "") for piece in out)


def _defines(rng: random.Random) -> str:
    lines = []
    for name in rng.sample(NAMES, rng.randint(1, len(NAMES))):
        if rng.random() < 0.35:
            lines.append(f"#define {name} {_body(rng, [], False)}")
            continue
        params = rng.sample(["x", "y", "z"], rng.randint(0, 2))
        shown = list(params)
        variadic = rng.random() < 0.4
        if variadic and rng.random() < 0.5:
            params, shown = params + ["__VA_ARGS__"], shown + ["..."]
        elif variadic:
            params, shown = params + ["rest"], shown + ["rest..."]
        lines.append(f"#define {name}({', '.join(shown)}) {_body(rng, params, variadic)}")
    return "\n".join(lines)


def _invocation(rng: random.Random, depth: int = 0) -> str:
    items = []
    for _ in range(rng.randint(1, 5)):
        roll = rng.random()
        if roll < 0.45:
            items.append(rng.choice(NAMES))
        elif roll < 0.7 and depth < 3:
            items.append("(" + _invocation(rng, depth + 1) + ")")
        elif roll < 0.8:
            items.append(",")
        else:
            items.append(rng.choice(["1", "q", "+", '"a b"', "x", "", "/* c */", "\n", '"q\\\\"', "\\", "e+"]))
    return " ".join(items)


_EXPANSION_ERRORS = ("pasting", "requires", "passed", "unterminated argument")


@needs_gpp
@settings(max_examples=100, deadline=None)
@given(st.integers(min_value=0, max_value=2**32))
def test_random_macros_expand_as_gpp_expands_them(seed: int) -> None:
    rng = random.Random(seed)
    defines = _defines(rng)
    invocation = "w " + _invocation(rng) + " ;"
    printed, errors = _gpp(defines + "\n" + invocation + "\n")
    scan = scan_macros(defines.encode(), "random.h")
    rejected = {int(e.split(":")[1]) for e in errors if not any(k in e for k in _EXPANSION_ERRORS)}
    assert {f.line for f in scan.findings if f.symbol == "macro-malformed-define"} == rejected, defines
    result = expand_text(invocation, {d.name: d for d in scan.defines}.get)
    if any(k in e for e in errors for k in _EXPANSION_ERRORS):
        assert result.error is not None, (defines, invocation, errors)
    else:
        assert result.error is None, (defines, invocation)
        assert _tokens(result.text) == printed, (defines, invocation)
