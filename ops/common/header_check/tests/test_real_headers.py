"""The four operators against real Ascend C headers (skipped with the reason where the environment names none)."""

from __future__ import annotations

import os
from pathlib import Path

import pytest

from op_migrate.ops.common.header_check import run_check
from op_migrate.ops.common.header_check.environment import SKIP_REASON, config_from_env, host_folders_given
from op_migrate.ops.common.header_check.op_sources import operator_folders, read_def
from op_migrate.ops.common.header_check.render import render_text

OPS = Path(__file__).resolve().parents[3]
CONFIG = config_from_env(OPS)

pytestmark = [pytest.mark.requires_ascendc, pytest.mark.skipif(CONFIG is None, reason=SKIP_REASON)]


@pytest.fixture(scope="module")
def report():
    report = run_check(CONFIG)
    print(render_text(report))  # shown with -s, and in the failure report of every test below
    return report


def test_the_folders_given_are_usable(report) -> None:
    assert not report.errors, render_text(report)


def test_every_kernel_compiles_for_every_architecture_its_opdef_claims(report) -> None:
    compiled = {(r.op, r.target) for r in report.results if r.part == "kernel" and r.status == "pass"}
    claimed = {(f.name, arch) for f in operator_folders(OPS) for arch in read_def(f.definition).archs()}
    assert ("bernoulli", "dav-2201") in claimed
    assert compiled == claimed, render_text(report)
    assert all(r.status == "pass" for r in report.results if r.part == "kernel"), render_text(report)


CHECKOUTS = ("OPS_MATH", "OPBASE", "METADEF", "RUNTIME", "GE")
HOST_SKIP = ("no host headers named: set ASCEND_HOME_PATH=<CANN toolkit with *-linux/include>, or the checkouts "
             + "=, ".join(CHECKOUTS) + "= (hicann ops-math, opbase, metadef, runtime, ge)")


@pytest.mark.skipif(not host_folders_given(), reason=HOST_SKIP)
def test_every_host_and_api_source_passes_against_one_consistent_host_set(report) -> None:
    """Every op_host / op_api source is compiled; none fails. A source that no set given can judge (a partial
    environment) is a skip with its reason, unless the complete 9.x checkouts were named: then it is a failure."""
    host = [r for r in report.results if r.part != "kernel"]
    sources = {p.relative_to(OPS.parent).as_posix() for f in operator_folders(OPS) for p in f.host_sources + f.api_sources}
    assert {r.source for r in host} == sources
    failed = [r for r in host if r.status == "fail"]
    assert not failed, render_text(report)
    unchecked = [r for r in host if r.status != "pass"]
    complete = all(os.environ.get(name, "").strip() for name in CHECKOUTS)
    assert not (unchecked and complete), render_text(report)
    if unchecked:
        pytest.skip(f"{len(unchecked)} of {len(host)} host/api sources not checked with these folders, first: "
                    f"{unchecked[0].finding.message}")


def test_the_committed_api_table_is_what_these_headers_give() -> None:
    """The table CI holds the model to was written from these headers (regenerate: make cpu-model-table ...)."""
    pytest.importorskip("clang.cindex")
    from op_migrate.ops.common.header_check.api_table import REGENERATE, TABLE_PATH, build_table, load_table
    from op_migrate.ops.common.header_check.check import resolve_headers
    from op_migrate.ops.common.header_check.conformance import model_view

    committed = load_table(TABLE_PATH)
    kernel = resolve_headers(CONFIG)[0]
    if (kernel.kind, kernel.version) != (committed["headers"]["kind"], committed["headers"]["version"]):
        pytest.skip(f"the committed table is for {committed['headers']['kind']} {committed['headers']['version']}, "
                    f"these headers are {kernel.kind} {kernel.version}")
    model = model_view(OPS)
    fresh = build_table(CONFIG, model.used, model.used_macros)
    for key in fresh:
        assert fresh[key] == committed[key], f"ascendc_api_table.json differs in {key!r}; regenerate: {REGENERATE}"
