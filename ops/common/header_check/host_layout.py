"""Finds the host headers of op_host / op_api sources: each package's folders and version, in consistent sets."""

from __future__ import annotations

import re
from dataclasses import dataclass
from pathlib import Path

from .findings import Finding
from .layout import HostHeaders, HostPackage, HostSet, KernelHeaders, LayoutError, toolkit_version


@dataclass(frozen=True)
class HostFolders:
    """The host folders the user named (checkouts of the open CANN repositories, a toolkit install)."""

    ops_math: Path | None = None
    opbase: Path | None = None
    metadef: Path | None = None
    runtime: Path | None = None
    ge: Path | None = None
    ascend_home: Path | None = None


# package -> (option, a file that marks a checkout, the folders ops-math's cmake/modules/Find*.cmake put on the path
# for it, the name version.cmake gives it). Folders a checkout lacks are skipped.
_CHECKOUTS = {
    "ops-math": ("OPS_MATH", "common/inc/op_api/op_api_def.h",
                 ("common/inc", "common/inc/op_api", "common/inc/external", "."), "ops_math"),
    "opbase": ("OPBASE", "include/op_common/op_host/util/opbase_export.h",
               ("include", "include/op_common", "include/op_common/op_host", "pkg_inc", "pkg_inc/op_common",
                "pkg_inc/op_common/op_host"), "opbase"),
    "nnopbase": ("OPBASE", "include/nnopbase/opdev/op_errno.h", ("include/nnopbase",), "opbase"),
    # 9.x metadef keeps op_def_registry.h under inc/external/asc (its own inc/CMakeLists.txt puts that on the path).
    "metadef": ("METADEF", "inc/external/register/register.h",
                ("inc/external", "inc/external/asc", "inc/external/exe_graph", "inc", "pkg_inc"), "metadef"),
    # 9.x moved graph/operator_reg.h & co. from metadef to ge's inc/graph_metadef.
    "ge": ("GE", "inc/graph_metadef/external/graph/operator_reg.h", ("inc/graph_metadef/external",), "ge-executor"),
    # acl/, platform/soc_spec.h (NpuArch), runtime/, and base/err_msg.h (moved here from metadef's error_manager);
    # pkg_inc/aicpu_sched/common holds aicpu_engine_struct.h, which opdev's AI CPU launcher includes (runtime's own
    # pkg_inc/runtime/runtime/runtime_headers.cmake exports that folder).
    "runtime": ("RUNTIME", "include/external/acl/acl_base.h",
                ("include/external", "include/dfx", "pkg_inc", "pkg_inc/runtime", "pkg_inc/profiling",
                 "pkg_inc/aicpu_sched/common"), "npu-runtime"),
}
# A toolkit install's <arch>-linux/include, as ops-math's Find*.cmake read it with ASCEND_DIR=<toolkit>: metadef,
# nnopbase (aclnn/), platform, runtime, libc_sec; tiling_api is its ascendc/include/highlevel_api.
_TOOLKIT_FOLDERS = (".", "exe_graph", "aclnn", "experiment/platform", "experiment/platform/tiling",
                    "experiment/runtime", "experiment/runtime/runtime", "experiment/metadef")
_TOOLKIT_TILING = ("ascendc/include/highlevel_api", "ascendc/include/highlevel_api/tiling",
                   "ascendc/include/highlevel_api/lib")
# asc-devkit's counterpart of the toolkit's tiling_api folders (tiling/platform/platform_ascendc.h, tiling_api.h).
_ASC_DEVKIT_TILING = ("include/utils", "include/adv_api")


def _read(path: Path) -> str:
    try:
        return path.read_text(encoding="utf-8", errors="replace")
    except OSError:
        return ""


def _version(root: Path, name: str) -> str:
    match = re.search(rf'set_cann_package\(\s*{re.escape(name)}\s+VERSION\s+"([^"]+)"', _read(root / "version.cmake"))
    return match.group(1) if match else "unknown"


def _not_a_checkout(package: str, path: Path) -> LayoutError:
    option, marker = _CHECKOUTS[package][0], _CHECKOUTS[package][1]
    toolkit_like = [path / "register", path / "include" / "register", *path.glob("*-linux/include/register")]
    if any((folder / "op_def_registry.h").is_file() for folder in toolkit_like):
        hint = "it looks like a CANN toolkit (or its include folder): pass ASCEND_HOME_PATH=<the toolkit root> instead"
    else:
        hint = f"pass {option}=<a {package if package != 'nnopbase' else 'opbase'} checkout>"
    return LayoutError(Finding("host-folder-invalid", path=str(path), package=package, marker=marker, hint=hint))


def checkout(package: str, path: Path) -> HostPackage:
    """A checkout of one of the open repositories, recognised by a file only that repository has; else say why not."""
    option, marker, folders, cmake_name = _CHECKOUTS[package]
    path = Path(path)
    if not path.is_dir():
        raise LayoutError(Finding("host-folder-not-found", path=str(path), option=option))
    if not (path / marker).is_file():
        raise _not_a_checkout(package, path)
    dirs = tuple((path / f).resolve() for f in folders if (path / f).is_dir())
    return HostPackage(package, _version(path, cmake_name), path.resolve(), dirs)


def toolkit_include(home: Path) -> Path | None:
    found = sorted(Path(home).glob("*-linux/include/register/op_def_registry.h"))
    return found[0].parent.parent if found else None


def toolkit_package(home: Path) -> HostPackage | None:
    """Every CANN host header of a toolkit install, one version, or None when the install has no host headers."""
    include = toolkit_include(home)
    if include is None:
        return None
    dirs = [include / f for f in _TOOLKIT_FOLDERS] + [include.parent / f for f in _TOOLKIT_TILING]
    return HostPackage("CANN toolkit", toolkit_version(Path(home)), Path(home).resolve(),
                       tuple(d.resolve() for d in dirs if d.is_dir()))


def _asc_devkit_tiling(kernel: KernelHeaders | None) -> HostPackage | None:
    if kernel is None or kernel.kind != "asc-devkit":
        return None
    dirs = tuple((kernel.root / f).resolve() for f in _ASC_DEVKIT_TILING if (kernel.root / f).is_dir())
    return HostPackage("asc-devkit tiling", kernel.version, kernel.root, dirs)


def _securec(toolkit: HostPackage | None, generated: Path) -> HostPackage | None:
    """libc_sec's securec.h, which no open CANN repository ships: a folder linking only the toolkit's two files, so
    that borrowing them brings no other header of the toolkit's version into the checkouts' set."""
    if toolkit is None:
        return None
    include = toolkit_include(toolkit.root)
    folder = generated / "libc_sec"
    folder.mkdir(parents=True, exist_ok=True)
    for name in ("securec.h", "securectype.h"):
        if (include / name).is_file() and not (folder / name).exists():
            (folder / name).symlink_to(include / name)
    return HostPackage("libc_sec", f"of CANN {toolkit.version}", include, (folder,),
                       f"securec.h, securectype.h of {include} (linked alone)")


def host_headers(folders: HostFolders, kernel: KernelHeaders | None, generated: Path) -> HostHeaders:
    """The sets to try, in order: the checkouts of the open repositories (one release line), then the toolkit.

    ops-math and opbase's op_common come first in both: the sources include them by path and no toolkit has them.
    Mixing the two releases in one set does not work (9.x metadef with 8.x graph/ headers redefines ge::GRAPH_*), so
    each source is compiled against one whole set.
    """
    common = [p for p in (_given("ops-math", folders.ops_math), _given("opbase", folders.opbase)) if p]
    toolkit = toolkit_package(folders.ascend_home) if folders.ascend_home is not None else None
    cann = [p for p in (_given("nnopbase", folders.opbase), _given("metadef", folders.metadef),
                        _given("ge", folders.ge), _given("runtime", folders.runtime)) if p]
    sets: list[HostSet] = []
    if cann or (common and toolkit is None):
        extra = [p for p in (_asc_devkit_tiling(kernel), _securec(toolkit, generated)) if p]
        sets.append(HostSet("checkouts", tuple(common + cann + extra)))
    if toolkit is not None:
        sets.append(HostSet(f"toolkit {toolkit.version}", tuple(common + [toolkit])))
    return HostHeaders(tuple(sets))


def _given(package: str, path: Path | None) -> HostPackage | None:
    if path is None:
        return None
    if package == "nnopbase" and not (Path(path) / _CHECKOUTS["nnopbase"][1]).is_file():
        return None  # an opbase without include/nnopbase (older layouts): its op_common is still used
    return checkout(package, path)
