"""The C++ names the scaffold gives TBE ports: every port name is a valid C++ identifier in the generated code."""

from __future__ import annotations

import shutil
import subprocess

import pytest

from op_migrate.reports.scaffold import CXX_KEYWORDS, _cname

# C++20 keywords and alternative tokens as listed by the standard ([lex.key], [lex.digraph]); SelectV2's
# `else` input made the generated op_api fail to build.
STANDARD = """alignas alignof and and_eq asm auto bitand bitor bool break case catch char char8_t char16_t char32_t
class compl concept const consteval constexpr constinit const_cast continue co_await co_return co_yield decltype default
delete do double dynamic_cast else enum explicit export extern false float for friend goto if inline int long mutable
namespace new noexcept not not_eq nullptr operator or or_eq private protected public register reinterpret_cast requires
return short signed sizeof static static_assert static_cast struct switch template this thread_local throw true try
typedef typeid typename union unsigned using virtual void volatile wchar_t while xor xor_eq""".split()


def test_every_keyword_port_name_is_renamed_and_plain_names_are_kept():
    assert set(STANDARD) <= CXX_KEYWORDS
    assert _cname("else") == "else_" and _cname("then") == "then" and _cname("x1") == "x1"


@pytest.mark.skipif(shutil.which("g++") is None, reason="needs g++")
def test_the_renamed_names_compile_as_parameters(tmp_path):
    source = tmp_path / "names.cpp"
    source.write_text("".join(f"static int f{i}(int {_cname(k)}) {{ return {_cname(k)}; }}\n"
                              for i, k in enumerate(STANDARD)) + "int main() { return f0(0); }\n", encoding="utf-8")
    result = subprocess.run(["g++", "-std=c++20", "-fsyntax-only", str(source)], capture_output=True, text=True)
    assert result.returncode == 0, result.stderr[:2000]
