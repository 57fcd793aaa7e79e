"""Runs the whole check: resolves the folders, compiles every job in parallel, and returns one report with its exit code."""

from __future__ import annotations

import os
import re
import subprocess
import tempfile
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass, field
from pathlib import Path

from .classify import Labels, classify
from .findings import FAIL, NOT_CHECKED, PASS, Finding
from .host_layout import HostFolders, host_headers, toolkit_include
from .jobs import SHIMS, Job, Toolchain, generate_kernel_tiling, host_jobs, kernel_jobs
from .layout import (
    HostHeaders, KernelHeaders, LayoutError, StubHeaders, kernel_headers, stub_headers, toolkit_kernel_headers,
)
from .op_sources import operator_folders

SCHEMA = "op-migrate/header-check@1"
PARTS = ("kernel", "host", "api")
# Mirrors op_migrate.migrate.exit_codes (ops/ must not import migrate/); tests/unit checks that they agree.
EXIT_OK, EXIT_FAIL, EXIT_INCOMPLETE = 0, 1, 2


@dataclass(frozen=True)
class CheckConfig:
    ops_root: Path
    ascend_home: Path | None = None
    ascendc: Path | None = None
    stubs: tuple[Path, ...] = ()
    ops_math: Path | None = None
    opbase: Path | None = None
    metadef: Path | None = None
    runtime: Path | None = None
    ge: Path | None = None
    ops: tuple[str, ...] | None = None
    parts: tuple[str, ...] = PARTS
    jobs: int = 2
    log_dir: Path | None = None  # keeps every compile's full stderr and the generated units


@dataclass(frozen=True)
class FileResult:
    op: str
    part: str
    source: str
    target: str
    variant: str
    finding: Finding
    diagnostics: tuple[str, ...] = ()
    log: str | None = None
    socs: tuple[str, ...] = ()
    headers: str = ""  # host sources: the label of the host-header set the result is for
    tried: tuple[str, ...] = ()  # host sources: why each set before it could not judge the file

    @property
    def status(self) -> str:
        return self.finding.status

    def to_json(self) -> dict:
        return {"op": self.op, "part": self.part, "source": self.source, "target": self.target,
                "variant": self.variant, "status": self.status, "finding": self.finding.to_json(),
                "socs": list(self.socs), "diagnostics": list(self.diagnostics), "log": self.log,
                "headers": self.headers, "tried": list(self.tried)}


@dataclass(frozen=True)
class CheckReport:
    kernel_headers: KernelHeaders | None
    stubs: StubHeaders | None
    host: HostHeaders
    results: tuple[FileResult, ...] = ()
    notes: tuple[Finding, ...] = ()
    errors: tuple[Finding, ...] = ()  # input errors: nothing was compiled
    stub_files: tuple[str, ...] = field(default=())  # stub headers the kernels actually included, with their folder

    def counts(self) -> dict[str, int]:
        counts = {PASS: 0, FAIL: 0, NOT_CHECKED: 0}
        for result in self.results:
            counts[result.status] += 1
        return counts

    @property
    def exit_code(self) -> int:
        counts = self.counts()
        if self.errors or not self.results:
            return EXIT_INCOMPLETE
        if counts[FAIL]:
            return EXIT_FAIL
        return EXIT_INCOMPLETE if counts[NOT_CHECKED] else EXIT_OK

    def to_json(self) -> dict:
        return {
            "schema": SCHEMA,
            "kernel_headers": self.kernel_headers.to_json() if self.kernel_headers else None,
            "stubs": self.stubs.to_json() if self.stubs else [],
            "stub_files": list(self.stub_files),
            "host_headers": self.host.to_json(),
            "shims": shim_descriptions(),
            "results": [r.to_json() for r in self.results],
            "notes": [n.to_json() for n in self.notes],
            "errors": [e.to_json() for e in self.errors],
            "counts": self.counts(),
            "exit_code": self.exit_code,
        }


def shim_descriptions() -> list[str]:
    """What stands in for the build system's generated files (the README and the report list the same)."""
    files = sorted(str(p.relative_to(SHIMS)) for p in SHIMS.rglob("*.h"))
    return files + [
        "-DDTYPE_<NAME>=/-DORIG_DTYPE_<NAME>=/-DFORMAT_<NAME>= per OpDef dtype column (ops-math ascendc_impl_build.py)",
        "tiling-key templates: the ASCENDC_TPL_PRE pass is run and every selected kernel<args> instantiated",
        "kernel_tiling/kernel_tiling.h of an asc-devkit checkout: generated with its gen_kernel_tiling_data_def.py",
    ]


def resolve_headers(config: CheckConfig) -> tuple[KernelHeaders, StubHeaders]:
    """The Ascend C and stub headers: --ascendc before the toolkit's own, --stubs before the toolkit's tikicpulib."""
    home = config.ascend_home
    if config.ascendc is not None:
        kernel = kernel_headers(config.ascendc)
        if home is not None and toolkit_include(home) is None:
            try:
                toolkit_kernel_headers(home)
            except LayoutError:  # neither Ascend C nor host headers: not a toolkit at all
                raise LayoutError(Finding("toolkit-headers-not-found", path=str(home),
                                          also=" nor host headers (*-linux/include/register)")) from None
    elif home is not None:
        kernel = kernel_headers(toolkit_kernel_headers(home))
    else:
        raise LayoutError(Finding("no-headers-given"))
    if config.stubs:
        return kernel, stub_headers(list(config.stubs))
    if home is None:
        raise LayoutError(Finding("stubs-required", path=str(kernel.root)))
    stub_dir = home / "tools" / "tikicpulib" / "lib" / "include"
    if not stub_dir.is_dir():
        raise LayoutError(Finding("toolkit-stubs-not-found", path=str(home)))
    return kernel, stub_headers([stub_dir])


def resolve_host(config: CheckConfig, kernel: KernelHeaders, generated: Path) -> HostHeaders:
    folders = HostFolders(ops_math=config.ops_math, opbase=config.opbase, metadef=config.metadef,
                          runtime=config.runtime, ge=config.ge, ascend_home=config.ascend_home)
    return host_headers(folders, kernel, generated)


# A set that lacks a header, or whose headers do not compile together, says nothing about the source: try the next.
_SET_CANNOT_JUDGE = frozenset({"header-missing", "headers-broken"})


@dataclass(frozen=True)
class _Outcome:
    set_name: str
    set_label: str
    command: tuple[str, ...]
    finding: Finding
    shown: tuple[str, ...]
    stderr: str

    def why(self) -> str:
        """One clause: why this set could not judge the source."""
        fields = self.finding.fields
        if self.finding.symbol == "header-missing":
            header, includer = fields["header"], fields["includer"]
            return f"{self.set_name}: {header} (included by {includer}) is missing; {fields['hint']}"
        if self.finding.symbol == "headers-broken":
            return f"{self.set_name}: its headers do not compile together here, first: {fields['first']}"
        return f"{self.set_name}: {self.finding.message}"


def _compile(job: Job, set_name: str, set_label: str, command: tuple[str, ...], target: str, tools: Toolchain,
             config: CheckConfig, labels: Labels, stubs: str, headers: str) -> _Outcome:
    source = labels(job.source)
    try:
        done = subprocess.run(command, capture_output=True, text=True, check=False, cwd=tools.generated,
                              env={**os.environ, "LC_ALL": "C"})
    except OSError as error:
        finding = Finding("compiler-failed", source=source, target=target, reason=str(error))
        return _Outcome(set_name, set_label, command, finding, (), "")
    finding, shown = classify(done.returncode, done.stderr, part=job.part, source=source, target=target,
                              ops_root=config.ops_root, cwd=tools.generated, labels=labels, stubs=stubs,
                              headers=headers)
    return _Outcome(set_name, set_label, command, finding, shown, done.stderr if done.returncode else "")


def _attempt_sets(job: Job, compile_one) -> tuple[_Outcome, tuple[str, ...]]:
    """Each host-header set in turn until one judges the source; if none does, one finding naming every reason."""
    outcomes: list[_Outcome] = []
    for set_name, set_label, command in job.attempts:
        outcomes.append(compile_one(set_name, set_label, command))
        if outcomes[-1].finding.symbol not in _SET_CANNOT_JUDGE:
            return outcomes[-1], tuple(o.why() for o in outcomes[:-1])
    if len(outcomes) == 1:
        return outcomes[0], ()
    first = outcomes[0]  # the preferred set's diagnostics are shown; every set's reason is in the message
    finding = Finding("no-host-set-compiles", source=first.finding.fields["source"],
                      tried="; ".join(o.why() for o in outcomes))
    return _Outcome("-", "", first.command, finding, first.shown, first.stderr), ()


def _run(job: Job, tools: Toolchain, config: CheckConfig, labels: Labels, stubs: str, headers: str,
         index: int) -> FileResult:
    source = labels(job.source)
    if job.blocked is not None:
        return FileResult(job.op, job.part, source, job.target, job.variant, job.blocked, socs=job.socs)

    def compile_one(set_name: str, set_label: str, command: tuple[str, ...]) -> _Outcome:
        target = f"{job.target}, {set_name}" if job.attempts else f"{job.target} {job.variant}".strip()
        return _compile(job, set_name, set_label, command, target, tools, config, labels, stubs, headers)

    if job.attempts:
        outcome, tried = _attempt_sets(job, compile_one)
        variant = outcome.set_name
    else:
        outcome, tried, variant = compile_one(job.variant, "", job.command), (), job.variant
    log = None
    if config.log_dir is not None and outcome.stderr:
        path = config.log_dir / f"{index:03d}_{job.op}_{job.part}_{Path(job.source).stem}.log"
        path.write_text(" ".join(outcome.command) + "\n\n" + outcome.stderr, encoding="utf-8")
        log = str(path)
    return FileResult(job.op, job.part, source, job.target, variant, outcome.finding, outcome.shown, log, job.socs,
                      headers=outcome.set_label, tried=tried)


def _stub_files(generated: Path, stubs: StubHeaders, labels: Labels) -> tuple[str, ...]:
    used: set[str] = set()
    for dep in (generated / "deps").glob("*.d"):
        for name in re.split(r"[\s\\]+", dep.read_text(encoding="utf-8", errors="replace")):
            path = Path(name)
            if any(path.parent == d for d in stubs.dirs):
                used.add(labels(path))
    return tuple(sorted(used))


def run_check(config: CheckConfig) -> CheckReport:
    """Compile what the configuration allows; an input error is a report with `errors` and exit code 2."""
    try:
        kernel, stubs = resolve_headers(config)
    except LayoutError as error:
        return CheckReport(None, None, HostHeaders(), errors=(error.finding,))
    folders = operator_folders(config.ops_root, list(config.ops) if config.ops else None)
    if not folders:
        return CheckReport(kernel, stubs, HostHeaders(), errors=(Finding("no-operators", path=str(config.ops_root)),))
    notes = ()
    stub_versions = ", ".join(sorted(set(stubs.versions)))
    headers = f"{kernel.kind} {kernel.version}"
    if not all(kernel.version in v for v in stubs.versions):
        notes = (Finding("headers-version-mismatch", headers=headers, stubs=stub_versions),)
    with tempfile.TemporaryDirectory(prefix="header-check-") as scratch:
        generated = Path(scratch)
        try:
            host = resolve_host(config, kernel, generated)
        except LayoutError as error:
            return CheckReport(kernel, stubs, HostHeaders(), errors=(error.finding,))
        roots = [(f"{kernel.kind} {kernel.version}", kernel.root), ("shim", SHIMS)]
        roots += [(f"stubs {v}", d) for d, v in zip(stubs.dirs, stubs.versions)]
        roots += [(p.label, p.root) for p in host.packages]
        roots.append(("generated", generated))
        labels = Labels(config.ops_root, roots)
        tools = Toolchain(kernel, stubs, host, generated)
        generate_kernel_tiling(kernel, generated)
        jobs: list[Job] = []
        for op in folders:
            if "kernel" in config.parts:
                jobs += kernel_jobs(tools, op)
            for part in ("host", "api"):
                if part in config.parts:
                    jobs += host_jobs(tools, op, part)
        if config.log_dir is not None:
            config.log_dir.mkdir(parents=True, exist_ok=True)
        with ThreadPoolExecutor(max_workers=max(1, config.jobs)) as pool:
            results = list(pool.map(lambda ij: _run(ij[1], tools, config, labels, stub_versions, headers, ij[0]),
                                    enumerate(jobs)))
        stub_files = _stub_files(generated, stubs, labels)
    return CheckReport(kernel, stubs, host, tuple(results), notes, stub_files=stub_files)
