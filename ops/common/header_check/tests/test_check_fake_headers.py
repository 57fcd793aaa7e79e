"""The header check on fake SDK trees: every bad input is one finding with its symbol, and exit codes are honest."""

from __future__ import annotations

from pathlib import Path

import pytest

from op_migrate.ops.common.header_check import CheckConfig, run_check
from op_migrate.ops.common.header_check.__main__ import main
from op_migrate.ops.common.header_check.render import render_text

from fake_sdk import FakeTree, write


def _check(fake: FakeTree, **overrides) -> object:
    settings = dict(ops_root=fake.ops, ascendc=fake.sdk, stubs=(fake.stubs,), parts=("kernel",), jobs=2)
    settings.update(overrides)
    return run_check(CheckConfig(**settings))


def _symbols(report) -> list[str]:
    return sorted({r.finding.symbol for r in report.results})


def test_a_clean_kernel_passes_for_every_dtype_column(fake: FakeTree) -> None:
    fake.op()
    report = _check(fake)
    assert _symbols(report) == ["compile-pass"]
    assert [r.variant for r in report.results] == ["x=float16,y=float16", "x=float,y=float"]
    assert {r.target for r in report.results} == {"dav-2201"}
    assert report.results[0].socs == ("ascend910b",)
    assert report.exit_code == 0
    assert report.kernel_headers.version == "9.9.0"
    assert "stubs unknown:stub_def.h" in report.stub_files


def test_an_error_in_the_kernel_fails_with_its_ops_path(fake: FakeTree) -> None:
    fake.op(body="""
        #include "kernel_operator.h"
        extern "C" __global__ __aicore__ void fake(GM_ADDR x) { undeclared_call(x); }
        """)
    report = _check(fake)
    assert _symbols(report) == ["compile-error"]
    assert report.exit_code == 1
    assert report.results[0].diagnostics[0].startswith("ops/fake/op_kernel/fake.cpp:2:")


def test_a_static_assert_in_the_sdk_is_blamed_on_the_kernel_line_that_instantiates_it(fake: FakeTree) -> None:
    fake.op(body="""
        #include "kernel_operator.h"
        extern "C" __global__ __aicore__ void fake(GM_ADDR x)
        {
            AscendC::Abs(reinterpret_cast<int8_t*>(x), reinterpret_cast<const int8_t*>(x), 16);
        }
        """)
    report = _check(fake)
    assert _symbols(report) == ["compile-error"]
    first = report.results[0].diagnostics[0]
    assert first.startswith("ops/fake/op_kernel/fake.cpp:4 (instantiates asc-devkit 9.9.0:include/kernel_operator.h")
    assert "no 8-bit types" in first


def test_a_missing_stub_header_names_the_includer_and_what_to_pass(fake: FakeTree) -> None:
    fake.kernel_operator(extra='#include "simt_stub.h"')
    fake.op()
    report = _check(fake)
    assert _symbols(report) == ["stub-header-missing"]
    result = report.results[0]
    assert result.finding.fields["includer"] == "asc-devkit 9.9.0:include/kernel_operator.h:3"
    assert "pass STUBS=" in result.finding.message
    assert report.exit_code == 2
    assert len(render_text(report).splitlines()) < 40  # condensed, never the whole compiler output


def test_a_kernel_including_a_header_no_folder_has_is_not_checked_and_named(fake: FakeTree) -> None:
    fake.op(body="""
        #include "kernel_operator.h"
        #include "kernel_operator_newer_api.h"
        extern "C" __global__ __aicore__ void fake(GM_ADDR x) {}
        """)
    report = _check(fake)
    assert _symbols(report) == ["header-missing"]
    fields = report.results[0].finding.fields
    assert fields["header"] == "kernel_operator_newer_api.h"
    assert fields["includer"] == "ops/fake/op_kernel/fake.cpp:2"
    assert "another version or layout" in fields["hint"]
    assert report.exit_code == 2


def test_headers_that_do_not_compile_on_their_own_are_not_blamed_on_the_kernel(fake: FakeTree) -> None:
    fake.kernel_operator(extra="static_assert(sizeof(int) == 3, \"this SDK expects another stub version\");")
    fake.op()
    report = _check(fake)
    assert _symbols(report) == ["headers-broken"]
    assert report.exit_code == 2


def test_every_selected_tiling_key_template_is_instantiated(fake: FakeTree) -> None:
    key = """
        #include "ascendc/host_api/tiling/template_argument.h"
        ASCENDC_TPL_ARGS_DECL(Fake, ASCENDC_TPL_UINT_DECL(D_T, 2, ASCENDC_TPL_UI_LIST, 0, 1, 3),
                              ASCENDC_TPL_BOOL_DECL(SPLIT, 0, 1));
        ASCENDC_TPL_SEL(ASCENDC_TPL_ARGS_SEL(ASCENDC_TPL_UINT_SEL(D_T, ASCENDC_TPL_UI_LIST, 0, 1),
                                             ASCENDC_TPL_BOOL_SEL(SPLIT, 0, 1)),
                        ASCENDC_TPL_ARGS_SEL(ASCENDC_TPL_UINT_SEL(D_T, ASCENDC_TPL_UI_LIST, %s),
                                             ASCENDC_TPL_BOOL_SEL(SPLIT, 0)));
        """
    body = """
        #include "kernel_operator.h"
        #include "fake_tiling_key.h"
        template <uint32_t D_T, bool SPLIT>
        __global__ __aicore__ void fake(GM_ADDR x)
        {
            static_assert(D_T != 3, "key 3 does not build");
        }
        """
    fake.op(header=key % "1", body=body)
    assert _symbols(_check(fake)) == ["compile-pass"]
    fake.op(header=key % "3", body=body)  # the second selection now reaches the template that does not build
    report = _check(fake)
    assert _symbols(report) == ["compile-error"]
    assert "key 3 does not build" in report.results[0].finding.message


def test_an_unknown_soc_is_reported_not_guessed(fake: FakeTree) -> None:
    fake.op(soc="ascend999")
    report = _check(fake)
    assert _symbols(report) == ["unknown-soc"]
    assert report.exit_code == 2


@pytest.mark.parametrize(
    ("setup", "symbol"),
    [
        (lambda f: dict(ascendc=f.root / "nowhere"), "kernel-headers-not-found"),
        (lambda f: dict(ascendc=f.sdk / "include"), "kernel-headers-partial"),
        (lambda f: dict(stubs=(f.root / "nowhere",)), "stub-folder-not-found"),
        (lambda f: dict(stubs=(f.sdk,)), "stub-folder-invalid"),
        (lambda f: dict(stubs=()), "stubs-required"),
        (lambda f: dict(ascendc=None, stubs=()), "no-headers-given"),
        (lambda f: dict(ascendc=None, stubs=(), ascend_home=f.root), "toolkit-headers-not-found"),
    ],
)
def test_bad_folders_stop_the_run_with_one_finding(fake: FakeTree, setup, symbol: str) -> None:
    fake.op()
    report = _check(fake, **setup(fake))
    assert [e.symbol for e in report.errors] == [symbol]
    assert report.results == () and report.exit_code == 2
    assert render_text(report).startswith(f"error [{symbol}]")


def test_a_toolkit_8_layout_is_found_from_its_home(fake: FakeTree, tmp_path: Path) -> None:
    home = tmp_path / "toolkit"
    include = home / "aarch64-linux" / "ascendc" / "include"
    write(include / "basic_api" / "kernel_operator.h", (fake.sdk / "include" / "kernel_operator.h").read_text())
    (include / "basic_api" / "impl").mkdir(parents=True)
    write(include / "highlevel_api" / "kernel_tiling" / "kernel_tiling.h", "#pragma once\n")
    write(include / "basic_api" / "impl" / "kernel_log.h", "#pragma once\n#define __aicore__\n#define __gm__\n")
    write(home / "aarch64-linux" / "include" / "version" / "toolkit_version.h", '#define TOOLKIT_VERSION_STR "8.0.T1"\n')
    write(home / "tools" / "tikicpulib" / "lib" / "include" / "stub_def.h", "#pragma once\n")
    fake.op()
    report = _check(fake, ascendc=None, stubs=(), ascend_home=home)
    assert report.kernel_headers.kind == "toolkit-8" and report.kernel_headers.version == "8.0.T1"
    assert report.stubs.versions == ("CANN 8.0.T1",)
    assert _symbols(report) == ["compile-pass"]


def test_the_command_line_says_what_to_pass_and_exits_2(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["--parts", "kernel"]) == 2
    assert "ASCEND_HOME_PATH" in capsys.readouterr().out
    with pytest.raises(SystemExit) as stopped:
        main(["--parts", "kernel,gpu"])
    assert stopped.value.code == 2
