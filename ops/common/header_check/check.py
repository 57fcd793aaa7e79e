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
from .jobs import SHIMS, Job, Toolchain, generate_kernel_tiling, host_jobs, kernel_jobs
from .layout import (
    HostHeaders, KernelHeaders, LayoutError, StubHeaders, kernel_headers, repository_host_headers, stub_headers,
    toolkit_host_headers, toolkit_kernel_headers, toolkit_version,
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

    @property
    def status(self) -> str:
        return self.finding.status

    def to_json(self) -> dict:
        return {"op": self.op, "part": self.part, "source": self.source, "target": self.target,
                "variant": self.variant, "status": self.status, "finding": self.finding.to_json(),
                "socs": list(self.socs), "diagnostics": list(self.diagnostics), "log": self.log}


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


def resolve_headers(config: CheckConfig) -> tuple[KernelHeaders | None, StubHeaders | None, HostHeaders]:
    kernel = stubs = None
    host = HostHeaders()
    if config.ascend_home is not None:
        root = toolkit_kernel_headers(config.ascend_home)
        kernel = kernel_headers(root)
        host = toolkit_host_headers(config.ascend_home, kernel.root)
        if not config.stubs:
            stub_dir = config.ascend_home / "tools" / "tikicpulib" / "lib" / "include"
            if not stub_dir.is_dir():
                raise LayoutError(Finding("toolkit-stubs-not-found", path=str(config.ascend_home)))
            stubs = stub_headers([stub_dir])
    if config.ascendc is not None:
        kernel = kernel_headers(config.ascendc)
    if config.stubs:
        stubs = stub_headers(list(config.stubs))
    if kernel is None:
        raise LayoutError(Finding("no-headers-given"))
    if stubs is None:
        raise LayoutError(Finding("stubs-required", path=str(kernel.root)))
    extra = repository_host_headers(config.ops_math, config.opbase)
    host = HostHeaders(host.dirs + extra.dirs, host.packages + extra.packages)
    return kernel, stubs, host


def _run(job: Job, tools: Toolchain, config: CheckConfig, labels: Labels, stubs: str, headers: str,
         index: int) -> FileResult:
    source = labels(job.source)
    if job.blocked is not None:
        return FileResult(job.op, job.part, source, job.target, job.variant, job.blocked, socs=job.socs)
    try:
        done = subprocess.run(job.command, capture_output=True, text=True, check=False, cwd=tools.generated,
                              env={**os.environ, "LC_ALL": "C"})
    except OSError as error:
        finding = Finding("compiler-failed", source=source, target=job.target, reason=str(error))
        return FileResult(job.op, job.part, source, job.target, job.variant, finding, socs=job.socs)
    target = f"{job.target} {job.variant}".strip()
    finding, shown = classify(done.returncode, done.stderr, part=job.part, source=source, target=target,
                              ops_root=config.ops_root, cwd=tools.generated, labels=labels, stubs=stubs,
                              headers=headers)
    log = None
    if config.log_dir is not None and done.returncode != 0:
        path = config.log_dir / f"{index:03d}_{job.op}_{job.part}_{Path(job.source).stem}.log"
        path.write_text(" ".join(job.command) + "\n\n" + done.stderr, encoding="utf-8")
        log = str(path)
    return FileResult(job.op, job.part, source, job.target, job.variant, finding, shown, log, job.socs)


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
        kernel, stubs, host = resolve_headers(config)
    except LayoutError as error:
        return CheckReport(None, None, HostHeaders(), errors=(error.finding,))
    folders = operator_folders(config.ops_root, list(config.ops) if config.ops else None)
    if not folders:
        return CheckReport(kernel, stubs, host, errors=(Finding("no-operators", path=str(config.ops_root)),))
    notes = ()
    stub_versions = ", ".join(sorted(set(stubs.versions)))
    headers = f"{kernel.kind} {kernel.version}"
    if not all(kernel.version in v for v in stubs.versions):
        notes = (Finding("headers-version-mismatch", headers=headers, stubs=stub_versions),)
    roots = [(f"{kernel.kind} {kernel.version}", kernel.root), ("shim", SHIMS)]
    roots += [(f"stubs {v}", d) for d, v in zip(stubs.dirs, stubs.versions)]
    roots += [(label, path) for label, path in (("ops-math", config.ops_math), ("opbase", config.opbase)) if path]
    if config.ascend_home is not None:
        roots.append((f"CANN {toolkit_version(config.ascend_home)}", config.ascend_home))
    with tempfile.TemporaryDirectory(prefix="header-check-") as scratch:
        generated = Path(scratch)
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
