"""Finds the real Ascend C headers, the CPU-debug stub headers and the host headers, with their layout and version."""

from __future__ import annotations

import re
from dataclasses import dataclass
from pathlib import Path

from .findings import Finding

# The CPU-debug configuration of tikicpulib (tools/tikicpulib/lib/cmake of a toolkit, asc-tools cpudebug/CMakeLists):
# the same for every architecture, plus -DASCENDC_TPL_KERNEL, which the op compiler adds to every kernel compile.
CPU_DEBUG_DEFINES = (
    "_GLIBCXX_USE_CXX11_ABI=0",
    "__CCE_KT_TEST__=1",
    "ASCENDC_CPU_DEBUG=1",
    "ASCENDC_DEBUG=1",
    "ASCENDC_TPL_KERNEL",
)

# NPU arch -> the macros tikicpulib defines for it (8.x keys the headers on __CCE_AICORE__, 9.x on __NPU_ARCH__),
# plus the vector-core macros the SDK's own AIV unit tests add (our kernels are vector kernels).
ARCH_DEFINES = {
    "dav-2201": ("__CCE_AICORE__=220", "__DAV_C220__", "__NPU_ARCH__=2201", "__DAV_C220_VEC__", "__DAV_VEC__"),
    "dav-2002": ("__CCE_AICORE__=200", "__DAV_M200__", "__NPU_ARCH__=2002", "__DAV_M200_VEC__"),
    "dav-3510": ("__CCE_AICORE__=310", "__DAV_C310__", "__NPU_ARCH__=3510", "__DAV_C310_VEC__", "__DAV_VEC__"),
}

# OpDef AddConfig SoC names -> NPU arch (platforms.toml keeps the same table for the analyzers).
SOC_ARCH = {
    "ascend910b": "dav-2201",
    "ascend910_93": "dav-2201",
    "ascend310p": "dav-2002",
    "ascend950": "dav-3510",
}

# The 9.x include folders of CMakeASCInformation.cmake's CPU mode, relative to the asc root (asc/ of an install,
# the root of an asc-devkit checkout); folders that a layout lacks are skipped.
_ASC9_FOLDERS = (
    ".", "impl/adv_api", "impl/basic_api", "impl/c_api", "impl/micro_api", "impl/simt_api", "impl/utils",
    "include", "include/adv_api", "include/adv_api/matmul", "include/aicpu_api", "include/basic_api",
    "include/c_api", "include/interface", "include/micro_api", "include/simt_api", "include/tiling",
    "include/utils",
)
# The 8.x folders of tikicpulib's INTERFACE_INCLUDE_DIRECTORIES (tikcfw is basic_api), relative to ascendc/include;
# highlevel_api itself holds kernel_tiling/ and tiling/template_argument.h.
_TOOLKIT8_FOLDERS = (
    "basic_api", "basic_api/impl", "basic_api/interface", "highlevel_api/lib", "highlevel_api/impl",
    "highlevel_api/lib/matmul", "highlevel_api",
)
_TILING_GENERATOR = "impl/adv_api/cmake/scripts/gen_kernel_tiling_data_def.py"


class LayoutError(Exception):
    """The given folders are not what the check needs; carries the finding to report."""

    def __init__(self, finding: Finding) -> None:
        super().__init__(finding.message)
        self.finding = finding


@dataclass(frozen=True)
class KernelHeaders:
    """Where kernel_operator.h and its folders are, and which SDK they come from."""

    kind: str  # "asc-devkit" (9.x layout) or "toolkit-8" (ascendc/include of an 8.x toolkit)
    root: Path
    version: str
    include_dirs: tuple[Path, ...]
    tiling_generator: Path | None = None  # 9.x source trees generate kernel_tiling/kernel_tiling.h with it

    def to_json(self) -> dict:
        return {"kind": self.kind, "root": str(self.root), "version": self.version}


@dataclass(frozen=True)
class StubHeaders:
    """The CPU-debug stub folders (searched in order) and the version each comes from."""

    dirs: tuple[Path, ...]
    versions: tuple[str, ...]

    def to_json(self) -> list[dict]:
        return [{"dir": str(d), "version": v} for d, v in zip(self.dirs, self.versions)]


@dataclass(frozen=True)
class HostPackage:
    """One host-header package (a repository checkout or a toolkit install): its version and include folders."""

    name: str
    version: str
    root: Path
    dirs: tuple[Path, ...]
    shown: str = ""  # what the report says instead of `dirs` when they are the check's own scratch folders

    @property
    def label(self) -> str:
        return f"{self.name} {self.version}"

    @property
    def where(self) -> str:
        return self.shown or " ".join(str(d) for d in self.dirs)

    def to_json(self) -> dict:
        return {"package": self.name, "version": self.version, "root": str(self.root), "where": self.where}


@dataclass(frozen=True)
class HostSet:
    """Host folders of one release line, searched in order; a source compiles against one whole set."""

    name: str  # "checkouts" (the open repositories) or "toolkit" (one CANN install)
    packages: tuple[HostPackage, ...]

    @property
    def dirs(self) -> tuple[Path, ...]:
        return tuple(dict.fromkeys(d for p in self.packages for d in p.dirs))

    @property
    def label(self) -> str:
        return f"{self.name}: " + ", ".join(p.label for p in self.packages)

    def to_json(self) -> dict:
        return {"set": self.name, "label": self.label, "packages": [p.to_json() for p in self.packages]}


@dataclass(frozen=True)
class HostHeaders:
    """The host-header sets a source is tried against, preferred first."""

    sets: tuple[HostSet, ...] = ()

    @property
    def dirs(self) -> tuple[Path, ...]:
        return tuple(dict.fromkeys(d for s in self.sets for d in s.dirs))

    @property
    def packages(self) -> tuple[HostPackage, ...]:
        return tuple({p.label: p for s in self.sets for p in s.packages}.values())

    def to_json(self) -> list[dict]:
        return [s.to_json() for s in self.sets]


def _read(path: Path) -> str:
    try:
        return path.read_text(encoding="utf-8", errors="replace")
    except OSError:
        return ""


def toolkit_version(home: Path) -> str:
    """CANN version of a toolkit install: <arch>-linux/include/version/toolkit_version.h, else opp/version.info."""
    for header in sorted(home.glob("*-linux/include/version/toolkit_version.h")):
        match = re.search(r'TOOLKIT_VERSION_STR\s+"([^"]+)"', _read(header))
        if match:
            return match.group(1)
    match = re.search(r"^version_dir=(\S+)", _read(home / "opp" / "version.info"), re.MULTILINE)
    return match.group(1) if match else "unknown"


def _asc_devkit_version(root: Path) -> str:
    match = re.search(r'set_cann_package\(asc-devkit\s+VERSION\s+"([^"]+)"\)', _read(root / "version.cmake"))
    return match.group(1) if match else "unknown"


def _existing(root: Path, folders: tuple[str, ...]) -> tuple[Path, ...]:
    return tuple((root / f).resolve() for f in folders if (root / f).is_dir())


def kernel_headers(path: Path) -> KernelHeaders:
    """Recognise an asc-devkit checkout, an installed asc/ folder or a toolkit's ascendc/include; else say why not."""
    path = Path(path)
    if not path.is_dir():
        raise LayoutError(Finding("kernel-headers-not-found", path=str(path)))
    if (path / "include" / "kernel_operator.h").is_file() and (path / "impl" / "basic_api").is_dir():
        generator = path / _TILING_GENERATOR
        version = _asc_devkit_version(path)
        if version == "unknown":  # an installed asc/ folder: the toolkit's version is two levels up
            version = toolkit_version(path.parent.parent)
        return KernelHeaders("asc-devkit", path.resolve(), version, _existing(path, _ASC9_FOLDERS),
                             generator if generator.is_file() else None)
    if (path / "basic_api" / "kernel_operator.h").is_file() and (path / "basic_api" / "impl").is_dir():
        return KernelHeaders("toolkit-8", path.resolve(), toolkit_version(path.parent.parent.parent),
                             _existing(path, _TOOLKIT8_FOLDERS))
    for parent in (path.parent, path.parent.parent):
        if (parent / "include" / "kernel_operator.h").is_file() or (parent / "basic_api" / "kernel_operator.h").is_file():
            raise LayoutError(Finding("kernel-headers-partial", path=str(path), parent=str(parent)))
    raise LayoutError(Finding("kernel-headers-not-found", path=str(path)))


def stub_version(stub_dir: Path) -> str:
    """tools/tikicpulib/lib/include of a toolkit, or cpudebug/include of an asc-tools checkout."""
    stub_dir = stub_dir.resolve()
    if stub_dir.parts[-4:-1] == ("tools", "tikicpulib", "lib"):
        return f"CANN {toolkit_version(stub_dir.parents[3])}"
    match = re.search(r'ASC_TOOLS_VERSION\s+"([^"]+)"', _read(stub_dir.parent.parent / "version.cmake"))
    if match:
        return f"asc-tools {match.group(1)}"
    return "unknown"


def stub_headers(dirs: list[Path]) -> StubHeaders:
    for d in dirs:
        if not Path(d).is_dir():
            raise LayoutError(Finding("stub-folder-not-found", path=str(d)))
    if not any((Path(d) / "stub_def.h").is_file() for d in dirs):
        raise LayoutError(Finding("stub-folder-invalid", path=":".join(str(d) for d in dirs)))
    resolved = tuple(Path(d).resolve() for d in dirs)
    return StubHeaders(resolved, tuple(stub_version(d) for d in resolved))


def toolkit_kernel_headers(home: Path) -> Path:
    """The Ascend C headers folder inside an ASCEND_HOME_PATH, 9.x (asc/) before 8.x (ascendc/include)."""
    home = Path(home)
    for pattern in ("*-linux/asc", "asc", "*-linux/ascendc/include", "compiler/ascendc/include"):
        for candidate in sorted(home.glob(pattern)):
            if (candidate / "include" / "kernel_operator.h").is_file() or (
                candidate / "basic_api" / "kernel_operator.h"
            ).is_file():
                return candidate
    raise LayoutError(Finding("toolkit-headers-not-found", path=str(home), also=""))
