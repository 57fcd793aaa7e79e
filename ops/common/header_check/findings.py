"""The header check's finding kinds: a stable kebab-case symbol, a message template and the status it gives a file."""

from __future__ import annotations

from dataclasses import dataclass, field

PASS = "pass"
FAIL = "fail"
NOT_CHECKED = "not-checked"

# symbol -> (status of the file it is about, message template). Tests match on symbols, never on wording.
TEMPLATES: dict[str, tuple[str, str]] = {
    "compile-pass": (PASS, "{source} [{target}]: compiles against the real headers"),
    "compile-error": (FAIL, "{source} [{target}]: {count} error(s) in ops/ sources, first: {first}"),
    "header-missing": (
        NOT_CHECKED,
        "{source} [{target}]: {header} (included by {includer}) is in none of the include folders; {hint}",
    ),
    "stub-header-missing": (
        NOT_CHECKED,
        "{source} [{target}]: {header} (included by {includer}) is in none of the stub folders ({stubs}); "
        "the Ascend C headers are {headers}: pass STUBS= the tikicpulib/lib/include of a CANN of that version "
        "(folders may be joined with ':', searched in order)",
    ),
    "headers-broken": (
        NOT_CHECKED,
        "{source} [{target}]: the headers do not compile in this configuration, first error outside ops/: {first}; "
        "the folders are probably of another version than {expected}",
    ),
    "no-host-headers": (
        NOT_CHECKED,
        "{source}: not checked: no host headers given; pass {needs}",
    ),
    "no-host-set-compiles": (
        NOT_CHECKED,
        "{source}: no host-header set given compiles it, so it cannot be judged: {tried}",
    ),
    "unknown-soc": (NOT_CHECKED, "{source}: SoC {soc} has no NPU architecture in the check's table (layout.py)"),
    "def-unreadable": (NOT_CHECKED, "{source}: cannot read the operator definition: {reason}"),
    "tiling-key-unsupported": (NOT_CHECKED, "{source}: tiling-key declaration not handled by the check: {reason}"),
    "compiler-failed": (NOT_CHECKED, "{source} [{target}]: the compiler did not run: {reason}"),
    # Input errors: the whole run stops with exit 2 before anything is compiled.
    "kernel-headers-not-found": (
        NOT_CHECKED,
        "{path} is not an Ascend C headers folder: it has neither include/kernel_operator.h with impl/basic_api "
        "(asc-devkit, 9.x) nor basic_api/kernel_operator.h (a toolkit's ascendc/include, 8.x). "
        "Pass ASCENDC=<asc-devkit checkout> or ASCEND_HOME_PATH=<CANN toolkit>",
    ),
    "kernel-headers-partial": (
        NOT_CHECKED,
        "{path} is a part of an Ascend C headers folder (another layout than expected): pass ASCENDC={parent}",
    ),
    "toolkit-headers-not-found": (
        NOT_CHECKED,
        "{path} has no Ascend C headers (looked for */asc, asc, *-linux/ascendc/include){also}: not a CANN toolkit "
        "ASCEND_HOME_PATH, or a partial install; pass ASCENDC=<asc-devkit checkout> for the kernels",
    ),
    "host-folder-not-found": (NOT_CHECKED, "host folder {path} does not exist (given as {option}=)"),
    "host-folder-invalid": (
        NOT_CHECKED,
        "{path} is not a {package} checkout of the layout the check knows (no {marker}); {hint}",
    ),
    "toolkit-stubs-not-found": (
        NOT_CHECKED,
        "{path} has no tools/tikicpulib/lib/include (the CPU-debug stub headers): pass STUBS=<a folder with stub_def.h>",
    ),
    "stub-folder-not-found": (NOT_CHECKED, "stub folder {path} does not exist"),
    "stub-folder-invalid": (
        NOT_CHECKED,
        "{path}: no stub_def.h, so not a CPU-debug stub folder; pass STUBS= a toolkit's tools/tikicpulib/lib/include",
    ),
    "stubs-required": (
        NOT_CHECKED,
        "ASCENDC={path} needs STUBS=<stub folder>: asc-devkit ships no CPU-debug stub headers (stub_def.h, "
        "stub_fun.h); they are in a CANN toolkit's tools/tikicpulib/lib/include",
    ),
    "no-headers-given": (NOT_CHECKED, "no headers given: pass ASCEND_HOME_PATH=<CANN toolkit> or ASCENDC=DIR STUBS=DIR"),
    "no-operators": (NOT_CHECKED, "{path} holds no operator folder with op_kernel/*.cpp"),
    # The CPU model against the committed API table (conformance.py).
    "api-table-stale": (FAIL, "{name} is used by ops/ but not in the API table: regenerate it with {regenerate}"),
    "model-name-not-real": (FAIL, "{name}: the CPU model declares it, ops/ uses it, {headers} has no such name"),
    "model-signature-differs": (FAIL, "{name}: the CPU model declares {model}; {headers} declares {real}"),
    "model-macro-differs": (FAIL, "macro {name}: {real} in the real headers, {model} in the CPU model"),
    "model-macro-not-real": (FAIL, "macro {name}: ops/ uses the CPU model's definition, {headers} has none"),
    "name-collides-with-macro": (FAIL, "{where}: {name} is a macro of {headers}; the real build would expand it"),
    "name-collides-with-global": (FAIL, "{where}: {name} is declared at global scope by {headers} too"),
    "function-clashes-with-ascendc": (
        FAIL, "{where}: {name} is also an AscendC function; under `using namespace AscendC` calls become ambiguous",
    ),
    "model-accepts-rejected-dtype": (
        FAIL, "{api} on {dtype}: the CPU model compiles it, {headers} rejects it for {arch}",
    ),
    "headers-version-mismatch": (
        PASS,
        "note: the Ascend C headers are {headers} and the stub headers {stubs}; a stub of another version can lack "
        "declarations the headers use",
    ),
}


@dataclass(frozen=True)
class Finding:
    """One finding: its symbol and the fields its message template names."""

    symbol: str
    fields: dict = field(default_factory=dict)

    def __init__(self, symbol: str, **fields: object) -> None:
        if symbol not in TEMPLATES:
            raise KeyError(f"unknown finding symbol {symbol!r}")
        object.__setattr__(self, "symbol", symbol)
        object.__setattr__(self, "fields", dict(fields))

    @property
    def status(self) -> str:
        return TEMPLATES[self.symbol][0]

    @property
    def message(self) -> str:
        return TEMPLATES[self.symbol][1].format(**self.fields)

    def to_json(self) -> dict:
        return {"symbol": self.symbol, "status": self.status, "message": self.message,
                "fields": {k: v for k, v in sorted(self.fields.items())}}
