"""Builds the g++ -fsyntax-only commands of the check, one per source x architecture x binary, as the op build would."""

from __future__ import annotations

import os
import re
import subprocess
import sys
from dataclasses import dataclass
from pathlib import Path

from .findings import Finding
from .layout import ARCH_DEFINES, CPU_DEBUG_DEFINES, HostHeaders, HostSet, KernelHeaders, StubHeaders
from .op_sources import DefError, OperatorFolder, read_def, template_instances

SHIMS = Path(__file__).resolve().parent / "shims"
TILING_DATA_SHIM = SHIMS / "op_tiling_data.h"
BASE_FLAGS = ("-fsyntax-only", "-std=c++17", "-fdiagnostics-plain-output", "-fmax-errors=200")
HOST_DEFINES = ("_GLIBCXX_USE_CXX11_ABI=0",)


@dataclass(frozen=True)
class Job:
    """One compile: its command, or the finding that says why it cannot run."""

    op: str
    part: str  # kernel | host | api
    source: Path
    target: str  # NPU arch for kernels, "host" otherwise
    variant: str  # the binary's dtype column, or "" for host sources
    command: tuple[str, ...] = ()
    blocked: Finding | None = None
    socs: tuple[str, ...] = ()  # the OpDef SoCs that claim the arch
    # Host sources: (set name, set label, command) per host-header set, preferred first; `command` is the first.
    attempts: tuple[tuple[str, str, tuple[str, ...]], ...] = ()


@dataclass(frozen=True)
class Toolchain:
    """Everything a command needs besides the source: headers, stubs, host folders, generated files."""

    kernel: KernelHeaders | None
    stubs: StubHeaders | None
    host: HostHeaders
    generated: Path  # work folder for generated headers and translation units
    compiler: str = "g++"

    def kernel_flags(self, arch: str) -> list[str]:
        flags = [*BASE_FLAGS, *(f"-D{d}" for d in (*CPU_DEBUG_DEFINES, *ARCH_DEFINES[arch]))]
        flags += [f"-isystem{d}" for d in self.stubs.dirs]
        flags += [f"-isystem{d}" for d in self.kernel.include_dirs]
        flags += [f"-isystem{self.generated / 'include'}", f"-I{SHIMS}", "-include", str(TILING_DATA_SHIM)]
        return flags

    def host_flags(self, host_set: HostSet) -> list[str]:
        return [*BASE_FLAGS, *(f"-D{d}" for d in HOST_DEFINES), *(f"-isystem{d}" for d in host_set.dirs),
                f"-I{SHIMS}"]


def generate_kernel_tiling(kernel: KernelHeaders, generated: Path) -> None:
    """kernel_tiling/kernel_tiling.h: installs ship it; an asc-devkit checkout generates it with its own script."""
    if any((d / "kernel_tiling" / "kernel_tiling.h").is_file() for d in kernel.include_dirs):
        return
    if kernel.tiling_generator is None:
        return  # the compile then reports the missing header with the hint to pass an installed toolkit
    target = generated / "include" / "kernel_tiling" / "kernel_tiling.h"
    target.parent.mkdir(parents=True, exist_ok=True)
    subprocess.run([sys.executable, str(kernel.tiling_generator), str(kernel.root / "include" / "adv_api"),
                    str(target)], capture_output=True, text=True, check=False, cwd=generated)


def _template_kernel(source: Path) -> str | None:
    match = re.search(r"template\s*<[^>]*>\s*__global__\s+__aicore__\s+void\s+(\w+)\s*\(",
                      source.read_text(encoding="utf-8", errors="replace"))
    return match.group(1) if match else None


def _instantiating_unit(tools: Toolchain, op: OperatorFolder, source: Path, arch: str, index: int) -> Path:
    """A TU that includes the kernel and takes the address of every selected template kernel, as the op compiler's
    generated wrapper calls kernel<TEMPLATE_PARAMS> once per tiling key."""
    name = _template_kernel(source)
    if name is None:
        raise DefError(Finding("tiling-key-unsupported", source=str(source),
                               reason="ASCENDC_TPL_SEL is used but no `template <...> __global__ __aicore__ void` "
                                      "kernel entry was found"))
    command = [tools.compiler, *tools.kernel_flags(arch), "-E", "-P", "-DASCENDC_TPL_PRE",
               "-D__CHECK_FEATURE_AT_PRECOMPILE", str(source)]
    command.remove("-fsyntax-only")
    pre = subprocess.run(command, capture_output=True, text=True, check=False, env={**os.environ, "LC_ALL": "C"})
    instances = template_instances(pre.stdout, source)
    lines = [f'#include "{source}"']
    lines += [f"[[maybe_unused]] static const auto kInstance{i} = &{name}<{', '.join(map(str, args))}>;"
              for i, args in enumerate(instances)]
    unit = tools.generated / "units" / f"{op.name}_{source.stem}_{arch}_{index}.cpp"
    unit.parent.mkdir(parents=True, exist_ok=True)
    unit.write_text("\n".join(lines) + "\n", encoding="utf-8")
    return unit


def kernel_jobs(tools: Toolchain, op: OperatorFolder) -> list[Job]:
    definition = op.definition
    if definition is None:
        return [Job(op.name, "kernel", k, "-", "", blocked=Finding("def-unreadable", source=str(op.root / "op_host"),
                                                                   reason="no op_host/*_def.cpp")) for k in op.kernels]
    try:
        opdef = read_def(definition)
        archs = opdef.archs()
        columns = opdef.columns()
    except DefError as error:
        return [Job(op.name, "kernel", k, "-", "", blocked=error.finding) for k in op.kernels]
    jobs = []
    for source in op.kernels:
        for arch, socs in archs.items():
            unit = source
            if op.uses_template_tiling():
                try:
                    unit = _instantiating_unit(tools, op, source, arch, len(jobs))
                except DefError as error:
                    jobs.append(Job(op.name, "kernel", source, arch, "", blocked=error.finding, socs=socs))
                    continue
            for label, defines in columns:
                dep = tools.generated / "deps" / f"{op.name}_{source.stem}_{arch}_{len(jobs)}.d"
                dep.parent.mkdir(parents=True, exist_ok=True)
                command = [tools.compiler, *tools.kernel_flags(arch), *(f"-D{d}" for d in defines),
                           "-MD", "-MF", str(dep), str(unit)]
                jobs.append(Job(op.name, "kernel", source, arch, label, tuple(command), socs=socs))
    return jobs


def host_jobs(tools: Toolchain, op: OperatorFolder, part: str) -> list[Job]:
    """One job per op_host / op_api source, with one command per host-header set (the check takes the first set
    whose headers are all there and compile; see check._run)."""
    sources = op.host_sources if part == "host" else op.api_sources
    if not tools.host.sets:
        needs = ("METADEF=, OPBASE=, OPS_MATH= (with RUNTIME=, GE= for 9.x) checkouts, "
                 "or ASCEND_HOME_PATH=<CANN toolkit>")
        return [Job(op.name, part, s, "host", "", blocked=Finding("no-host-headers", source=str(s), needs=needs))
                for s in sources]
    jobs = []
    for source in sources:
        attempts = tuple((hs.name, hs.label, (tools.compiler, *tools.host_flags(hs), f"-I{source.parent}", str(source)))
                         for hs in tools.host.sets)
        jobs.append(Job(op.name, part, source, "host", attempts[0][0], attempts[0][2], attempts=attempts))
    return jobs
