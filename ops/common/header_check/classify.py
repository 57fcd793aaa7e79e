"""Turns one compile's exit status and diagnostics into a finding: pass, our error, a missing header, broken headers."""

from __future__ import annotations

from pathlib import Path

from .diagnostics import CompileError, parse
from .findings import Finding

# File names of a tikicpulib include folder (CANN 8.1.RC1 tools/tikicpulib/lib/include, asc-tools 9.1.0
# cpudebug/include): a missing one means the stub folder is incomplete or of another version.
STUB_HEADER_NAMES = frozenset({
    "stub_def.h", "stub_fun.h", "stub_reg.h", "kern_fwk.h", "kernel_fp16.h", "kernel_bf16.h", "kernel_fp32.h",
    "kernel_print_lock.h", "intri_fun.h", "intri_fmt.h", "tikicpulib.h", "simt_stub.h", "kernel_simt_cpu.h",
    "kernel_vectorized.h", "kernel_raise_signal.h", "kernel_elf_parser.h", "cpu_debug_launch.h", "kernel_hif8.h",
    "kernel_fp8_e4m3.h", "kernel_fp8_e5m2.h", "kernel_fp8_e8m0.h", "kernel_fp4_e1m2.h", "kernel_fp4_e2m1.h",
})

# Where the headers ops-math's op_host / op_api sources include come from, and what to pass for them; first match wins.
_TOOLKIT = "or ASCEND_HOME_PATH=<a CANN toolkit of the version the includer expects>"
_ORIGINS = (
    (("log/", "op_common/"), "it is opbase's (include/op_common): pass OPBASE=<opbase checkout>"),
    (("aclnn_util.h", "op_api/", "aclnn_kernels/", "math/", "conversion/", "random/", "experimental/", "common/"),
     "it is in an ops-math checkout (common/inc or another operator's folder): pass OPS_MATH=<ops-math checkout>"),
    (("securec.h", "securectype.h"), "it is libc_sec's, which no open CANN repository ships: pass ASCEND_HOME_PATH="
                                     "<a CANN toolkit> (only its securec.h is taken for the checkouts' set)"),
    (("acl/", "runtime/", "platform/", "base/err_msg.h", "toolchain/", "mmpa/", "profiling/", "dfx/"),
     f"it is runtime's (9.x: include/external, include/dfx, pkg_inc): pass RUNTIME=<runtime checkout> {_TOOLKIT}"),
    (("graph/",), f"9.x keeps graph/ in ge's inc/graph_metadef: pass GE=<ge checkout> {_TOOLKIT}"),
    (("register/", "exe_graph/", "base/", "external/", "ge/"),
     f"it is metadef's: pass METADEF=<metadef checkout> {_TOOLKIT}"),
    (("opdev/", "aclnn/"), f"it is nnopbase's (opbase include/nnopbase): pass OPBASE=<opbase checkout> {_TOOLKIT}"),
    (("tiling/",), f"it is the tiling API's: pass ASCENDC=<asc-devkit checkout> (include/utils) {_TOOLKIT}"),
    (("kernel_tiling/",), "the SDK build generates it (gen_kernel_tiling_data_def.py): pass an installed toolkit's "
                          "headers or an asc-devkit checkout with that script"),
)


def _hint(header: str, part: str) -> str:
    for prefixes, hint in _ORIGINS:
        if header.startswith(prefixes):
            return hint
    if part == "kernel":
        return ("if it is an Ascend C header, the headers are of another version or layout; if the op build generates "
                "it, the check needs a shim in ops/common/header_check/shims")
    return "no host folder given has it (the folders searched are listed at the top of the report)"


class Labels:
    """Short names for paths in messages: ops/… for the operators, <package>:relative for the header folders."""

    def __init__(self, ops_root: Path, roots: list[tuple[str, Path]]) -> None:
        self.ops_root = ops_root.resolve()
        self.roots = sorted(((label, Path(r).resolve()) for label, r in roots), key=lambda lr: -len(str(lr[1])))

    def __call__(self, path: Path, line: int | None = None) -> str:
        path = Path(path).resolve()
        suffix = f":{line}" if line is not None else ""
        try:
            return f"{self.ops_root.name}/{path.relative_to(self.ops_root)}{suffix}"
        except ValueError:
            pass
        for label, root in self.roots:
            try:
                return f"{label}:{path.relative_to(root)}{suffix}"
            except ValueError:
                continue
        return f"{path}{suffix}"


def _shown(error: CompileError, labels: Labels) -> str:
    where = labels(error.file, error.line)
    if error.ops_site and error.ops_site[0] != error.file:
        return f"{labels(*error.ops_site)} (instantiates {where}): {error.message}"
    return f"{where}: {error.message}"


def classify(returncode: int, stderr: str, *, part: str, source: str, target: str, ops_root: Path, cwd: Path,
             labels: Labels, stubs: str, headers: str) -> tuple[Finding, tuple[str, ...]]:
    """The finding for one compile and up to eight condensed diagnostic lines (never the compiler's whole output)."""
    if returncode == 0:
        return Finding("compile-pass", source=source, target=target), ()
    errors = parse(stderr, ops_root, cwd)
    shown = tuple(_shown(e, labels) for e in errors[:8])
    missing = next((e for e in errors if e.missing_header), None)
    if missing is not None:
        header = missing.missing_header
        includer = labels(*missing.included_by)
        in_ops = missing.ops_site is not None and missing.ops_site[0] == missing.file
        if not in_ops and Path(header).name in STUB_HEADER_NAMES:
            return Finding("stub-header-missing", source=source, target=target, header=header, includer=includer,
                           stubs=stubs, headers=headers), shown
        return Finding("header-missing", source=source, target=target, header=header, includer=includer,
                       hint=_hint(header, part)), shown
    # An error in a header that no ops/ line instantiated means the headers themselves do not compile here; errors
    # in ops/ after it may be its consequences, so the file cannot be judged.
    independent = [e for e in errors if e.ops_site is None]
    if independent:
        expected = ("the Ascend C headers expect of their stub headers" if part == "kernel"
                    else "the ops-math / opbase checkouts given expect")
        first = _shown(independent[0], labels)
        return Finding("headers-broken", source=source, target=target, first=first, expected=expected), tuple(
            _shown(e, labels) for e in independent[:8])
    if errors:
        return Finding("compile-error", source=source, target=target, count=len(errors),
                       first=shown[0]), shown
    tail = " | ".join(stderr.strip().splitlines()[-3:]) or f"exit status {returncode}"
    return Finding("compiler-failed", source=source, target=target, reason=tail), ()
