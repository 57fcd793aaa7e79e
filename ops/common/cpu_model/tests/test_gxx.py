"""Tests of the gxx fixture: content-hash caching, warnings as errors, failing runs reported with output."""

from __future__ import annotations

import pytest


def _write(path, text):
    path.write_text(text, encoding="utf-8")
    return path


def test_build_caches_by_content_and_rebuilds_on_header_change(gxx, tmp_path):
    inc = tmp_path / "inc"
    inc.mkdir()
    header = _write(inc / "value.h", "#pragma once\nconstexpr int kValue = 1;\n")
    src = _write(tmp_path / "main.cpp", '#include <cstdio>\n#include "value.h"\nint main() { std::printf("%d", kValue); }\n')
    first = gxx.build([src], include_dirs=[inc])
    assert gxx.build([src], include_dirs=[inc]) == first
    assert gxx.run(first).stdout == b"1"
    _write(header, "#pragma once\nconstexpr int kValue = 2;\n")
    second = gxx.build([src], include_dirs=[inc])
    assert second != first
    assert gxx.run(second).stdout == b"2"


def test_relative_include_outside_include_dirs_is_part_of_the_hash(gxx, tmp_path):
    (tmp_path / "host").mkdir()
    (tmp_path / "kernel").mkdir()
    header = _write(tmp_path / "host" / "tiling.h", "#pragma once\nconstexpr int kTile = 3;\n")
    src = _write(tmp_path / "kernel" / "k.cpp", '#include <cstdio>\n#include "../host/tiling.h"\nint main() { std::printf("%d", kTile); }\n')
    first = gxx.build([src])
    _write(header, "#pragma once\nconstexpr int kTile = 4;\n")
    assert gxx.run(gxx.build([src])).stdout == b"4"
    assert gxx.build([src]) != first


def test_warnings_are_errors(gxx, tmp_path):
    src = _write(tmp_path / "warn.cpp", "int main() { int unused = 0; return 0; }\n")
    with pytest.raises(gxx.BuildError, match="unused variable"):
        gxx.build([src])


def test_defines_reach_the_compiler(gxx, tmp_path):
    src = _write(tmp_path / "def.cpp", "#include <cstdio>\nint main() { std::printf(\"%d\", VALUE); }\n")
    assert gxx.run(gxx.build([src], defines=["VALUE=7"])).stdout == b"7"
    assert gxx.run(gxx.build([src], defines=["VALUE=8"])).stdout == b"8"


def test_failing_run_raises_with_its_output(gxx, tmp_path):
    src = _write(
        tmp_path / "fail.cpp",
        '#include <cstdio>\nint main() { std::puts("out-text"); std::fputs("err-text", stderr); return 5; }\n',
    )
    exe = gxx.build([src])
    with pytest.raises(gxx.RunError, match="(?s)exited with 5.*out-text.*err-text"):
        gxx.run(exe)
    assert gxx.run(exe, check=False).returncode == 5


def test_stdin_and_timeout(gxx, tmp_path):
    src = _write(
        tmp_path / "echo.cpp",
        "#include <iostream>\n#include <string>\n#include <thread>\n#include <chrono>\n"
        "int main(int argc, char**) { if (argc > 1) std::this_thread::sleep_for(std::chrono::seconds(30));"
        " std::string s; std::cin >> s; std::cout << s.size(); }\n",
    )
    exe = gxx.build([src])
    assert gxx.run(exe, stdin=b"abcd").stdout == b"4"
    with pytest.raises(gxx.RunError, match="timed out"):
        gxx.run(exe, ["sleep"], timeout=0.5)
