"""The host part of the header check on fake checkouts and a fake toolkit: one consistent set per source."""

from __future__ import annotations

from pathlib import Path

import pytest

from op_migrate.ops.common.header_check import CheckConfig, run_check
from op_migrate.ops.common.header_check.host_layout import HostFolders, host_headers
from op_migrate.ops.common.header_check.render import render_text

from fake_sdk import FakeHost, FakeTree, write

ALL = ("ops-math", "opbase", "metadef", "ge", "runtime", "toolkit")


@pytest.fixture
def host(tmp_path: Path) -> FakeHost:
    return FakeHost(tmp_path / "host")


def _op(fake: FakeTree, def_body: str = "", api_body: str = "") -> Path:
    folder = fake.op()
    write(folder / "op_host" / "fake_def.cpp", def_body or """
        #include "register/op_def_registry.h"
        static const int kRegistered = ops::OpDefRegister("Fake");
        """)
    write(folder / "op_host" / "fake_infershape.cpp",
          '#include "log/log.h"\nint Infer(int* op) { OP_LOGE(op); return 0; }\n')
    write(folder / "op_api" / "fake.cpp",
          api_body or '#include "opdev/op_executor.h"\nop::aclOpExecutor* e = nullptr;\n')
    return folder


def _check(fake: FakeTree, host: FakeHost, *names: str, **overrides):
    settings = dict(ops_root=fake.ops, ascendc=fake.sdk, stubs=(fake.stubs,), parts=("host", "api"), jobs=2,
                    **host.folders(*names))
    settings.update(overrides)
    return run_check(CheckConfig(**settings))


def _by_source(report) -> dict[str, tuple[str, str]]:
    return {r.source.rsplit("/", 1)[1]: (r.finding.symbol, r.variant) for r in report.results}


def test_every_source_compiles_against_the_checkouts_when_they_are_complete(fake: FakeTree, host: FakeHost) -> None:
    _op(fake, def_body="""
        #include "register/op_def_registry.h"
        #include "securec.h"
        static const int kRegistered = ops::OpDefRegister("Fake");
        """)
    report = _check(fake, host, *ALL)
    assert _by_source(report) == {name: ("compile-pass", "checkouts")
                                  for name in ("fake_def.cpp", "fake_infershape.cpp", "fake.cpp")}
    assert report.exit_code == 0
    checkouts, toolkit = report.host.sets
    assert [p.label for p in checkouts.packages] == [
        "ops-math 9.9.1", "opbase 9.9.0", "nnopbase 9.9.0", "metadef 9.9.2", "ge 9.9.2",
        "runtime 9.9.1", "asc-devkit tiling 9.9.0", "libc_sec of CANN 8.9.RC1"]
    assert "libc_sec of CANN 8.9.RC1: securec.h, securectype.h of" in render_text(report)
    assert toolkit.name == "toolkit 8.9.RC1"
    assert not any(str(d).startswith(str(host.toolkit)) for d in checkouts.dirs)
    assert "host headers, set 1 (checkouts: ops-math 9.9.1" in render_text(report)


def test_the_checkouts_borrow_only_libc_sec_from_the_toolkit(host: FakeHost, tmp_path: Path) -> None:
    folders = HostFolders(**{k: v for k, v in host.folders(*ALL).items()})
    checkouts, toolkit = host_headers(folders, None, tmp_path).sets
    libc_sec = checkouts.packages[-1]
    assert libc_sec.label == "libc_sec of CANN 8.9.RC1"
    assert sorted(p.name for p in libc_sec.dirs[0].iterdir()) == ["securec.h", "securectype.h"]
    assert (libc_sec.dirs[0] / "securec.h").resolve() == (host.toolkit / "aarch64-linux/include/securec.h").resolve()
    assert [d for d in checkouts.dirs if str(d).startswith(str(host.toolkit))] == []
    assert [p.label for p in toolkit.packages] == ["ops-math 9.9.1", "opbase 9.9.0", "CANN toolkit 8.9.RC1"]


def test_a_source_the_checkouts_cannot_judge_is_compiled_against_the_toolkit_and_says_why(
        fake: FakeTree, host: FakeHost) -> None:
    _op(fake)
    report = _check(fake, host, "ops-math", "opbase", "metadef", "ge", "toolkit")  # no runtime checkout
    results = {r.source.rsplit("/", 1)[1]: r for r in report.results}
    assert results["fake_def.cpp"].variant == "checkouts"  # needs nothing of runtime
    infer = results["fake_infershape.cpp"]
    assert (infer.finding.symbol, infer.variant) == ("compile-pass", "toolkit 8.9.RC1")
    assert infer.headers.startswith("toolkit 8.9.RC1: ops-math 9.9.1, opbase 9.9.0, CANN toolkit 8.9.RC1")
    (why,) = infer.tried
    assert why.startswith("checkouts: base/err_msg.h (included by opbase 9.9.0:include/op_common/log/log.h:2)")
    assert "RUNTIME=" in why
    assert report.exit_code == 0
    assert "note: 1 file(s) compiled against a later set because set checkouts: base/err_msg.h" in render_text(report)


def test_when_no_set_compiles_a_source_every_reason_is_given_in_one_finding(fake: FakeTree, host: FakeHost) -> None:
    _op(fake, api_body='#include "op_api/aclnn_check.h"\nbool b = IsRegBase(NpuArch::DAV_2201);\n')
    report = _check(fake, host, "ops-math", "opbase", "metadef", "ge", "toolkit")
    api = next(r for r in report.results if r.part == "api")
    assert api.finding.symbol == "no-host-set-compiles" and api.status == "not-checked"
    tried = api.finding.fields["tried"]
    assert "checkouts: platform/soc_spec.h (included by opbase 9.9.0:include/nnopbase/opdev/platform.h:2)" in tried
    assert "toolkit 8.9.RC1: its headers do not compile together here" in tried and "NpuArch" in tried
    assert report.exit_code == 2
    text = render_text(report)
    assert len(text.splitlines()) < 40 and "\n" not in api.finding.message


def test_an_error_in_the_source_fails_against_the_first_set_and_is_not_retried(fake: FakeTree, host: FakeHost) -> None:
    _op(fake, def_body='#include "register/op_def_registry.h"\nstatic const int k = ops::OpDefRegistr("Fake");\n')
    report = _check(fake, host, *ALL)
    result = next(r for r in report.results if r.source.endswith("fake_def.cpp"))
    assert (result.finding.symbol, result.variant, result.tried) == ("compile-error", "checkouts", ())
    assert result.diagnostics[0].startswith("ops/fake/op_host/fake_def.cpp:2:")
    assert report.exit_code == 1


def test_headers_of_two_releases_in_one_set_are_reported_as_broken_not_blamed_on_the_source(
        fake: FakeTree, host: FakeHost) -> None:
    _op(fake)
    # a metadef checkout that also carries the older graph/ folder: ge_error_codes.h twice, as 9.x metadef with 8.x
    write(host.metadef / "inc" / "external" / "graph" / "operator_reg.h",
          '#pragma once\n#include "graph/ge_error_codes.h"\nnamespace ge { const int GRAPH_SUCCESS = 0; }\n')
    report = _check(fake, host, "ops-math", "opbase", "metadef", "runtime")
    result = next(r for r in report.results if r.source.endswith("fake_def.cpp"))
    assert result.finding.symbol == "headers-broken"
    assert result.finding.fields["first"].startswith("metadef 9.9.2:inc/external/graph/operator_reg.h:3")


def test_a_host_source_including_a_header_no_folder_has_names_it_and_what_to_pass(
        fake: FakeTree, host: FakeHost) -> None:
    _op(fake, def_body='#include "register/op_def_registry.h"\n#include "graph/newer_graph_api.h"\n')
    report = _check(fake, host, "ops-math", "opbase", "metadef", "ge", "runtime")
    result = next(r for r in report.results if r.source.endswith("fake_def.cpp"))
    assert result.finding.symbol == "header-missing"
    assert result.finding.fields["includer"] == "ops/fake/op_host/fake_def.cpp:2"
    assert "GE=" in result.finding.fields["hint"]
    _op(fake, def_body='#include "fake_generated_by_nobody.h"\n')
    report = _check(fake, host, "ops-math", "opbase", "metadef", "ge", "runtime")
    result = next(r for r in report.results if r.source.endswith("fake_def.cpp"))
    assert "no host folder given has it" in result.finding.message


@pytest.mark.parametrize(
    ("setup", "symbol", "said"),
    [
        (lambda h: dict(metadef=h.root / "nowhere"), "host-folder-not-found", "METADEF="),
        (lambda h: dict(metadef=h.opbase), "host-folder-invalid", "pass METADEF=<a metadef checkout>"),
        (lambda h: dict(opbase=h.toolkit), "host-folder-invalid", "pass ASCEND_HOME_PATH=<the toolkit root>"),
        (lambda h: dict(metadef=h.toolkit / "aarch64-linux" / "include"), "host-folder-invalid", "ASCEND_HOME_PATH="),
        (lambda h: dict(ge=h.metadef), "host-folder-invalid", "inc/graph_metadef/external/graph/operator_reg.h"),
        (lambda h: dict(ascend_home=h.opbase), "toolkit-headers-not-found", "nor host headers"),
    ],
)
def test_a_host_folder_of_another_layout_stops_the_run_with_one_line(fake: FakeTree, host: FakeHost, setup, symbol,
                                                                    said) -> None:
    _op(fake)
    report = _check(fake, host, **setup(host))
    assert [e.symbol for e in report.errors] == [symbol]
    assert said in report.errors[0].message and report.exit_code == 2
    assert render_text(report).count("\n") == 2


def test_without_host_folders_host_sources_are_not_checked_and_say_what_to_pass(fake: FakeTree, host: FakeHost) -> None:
    _op(fake)
    report = _check(fake, host)
    assert {r.finding.symbol for r in report.results} == {"no-host-headers"}
    assert "METADEF=" in report.results[0].finding.message and "ASCEND_HOME_PATH=" in report.results[0].finding.message


def test_a_toolkit_without_ascend_c_headers_still_gives_host_headers(fake: FakeTree, host: FakeHost) -> None:
    _op(fake)
    report = _check(fake, host, "ops-math", "opbase", "toolkit")  # partial install; kernels from --ascendc
    assert not report.errors
    assert [s.name for s in report.host.sets] == ["checkouts", "toolkit 8.9.RC1"]
    assert {r.variant for r in report.results} == {"toolkit 8.9.RC1"}
    assert report.exit_code == 0
