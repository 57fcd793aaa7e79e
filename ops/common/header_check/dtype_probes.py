"""Which element types each vector API accepts at compile time: one probe call per API x dtype, compiled in one TU
against a set of headers (the real ones, or the CPU model), and the probes whose lines draw errors read back."""

from __future__ import annotations

import os
import re
import subprocess
from pathlib import Path

DTYPES = ("half", "bfloat16_t", "float", "double", "int8_t", "uint8_t", "int16_t", "uint16_t", "int32_t", "uint32_t",
          "int64_t", "uint64_t")

# The count forms ops/ calls and those the scaffold's kernels call (api_view.GENERATED_KERNEL_APIS). {T} is the
# element type ({S} the source type of Cast); every tensor is declared by the probe itself, so the call is the only
# thing that can fail.
_DECLS = ("LocalTensor<{T}> a, b, c; LocalTensor<uint8_t> m; LocalTensor<uint32_t> o; GlobalTensor<{T}> g; "
          "{T} v{{}}; int32_t n = 256;")
PROBES: dict[str, str] = {
    **{api: f"{api}(a, b, c, n);" for api in ("Add", "Sub", "Mul", "Div", "Max", "Min", "And")},
    **{api: f"{api}(a, b, v, n);" for api in ("Adds", "Muls", "Mins")},
    **{api: f"{api}(a, b, n);" for api in ("Abs", "Exp", "Ln", "Sqrt", "Rsqrt", "Reciprocal", "Relu")},
    "LeakyRelu": "LeakyRelu(a, b, v, n);",
    "Axpy": "Axpy(a, b, v, n);",
    "Axpy.float_dst": "LocalTensor<float> f; Axpy(f, b, v, n);",  # {T} is the source type
    "Duplicate": "Duplicate(a, v, n);",
    "CompareScalar": "CompareScalar(m, a, v, CMPMODE::LT, static_cast<uint32_t>(n));",
    "Select": "Select(a, m, b, v, SELMODE::VSEL_TENSOR_SCALAR_MODE, static_cast<uint32_t>(n));",
    "Gather": "Gather(a, b, o, static_cast<uint32_t>(0), static_cast<uint32_t>(n));",
    "ReduceMax": "ReduceMax(a, b, c, n);",
    "ReduceMin": "ReduceMin(a, b, c, n);",
    "WholeReduceMin": "WholeReduceMin<{T}>(a, b, 128, 1, 1, 1, 8, ReduceOrder::ORDER_ONLY_VALUE);",
    "DataCopyPad.in": "DataCopyPad(a, g, DataCopyExtParams{{1, 32, 0, 0, 0}}, DataCopyPadExtParams<{T}>{{false, 0, 0, v}});",
    "DataCopyPad.out": "DataCopyPad(g, a, DataCopyExtParams{{1, 32, 0, 0, 0}});",
}
CAST = "LocalTensor<{T}> d; LocalTensor<{S}> s; Cast(d, s, RoundMode::CAST_NONE, 256u);"


def probe_cases(apis: set[str] | None = None) -> list[tuple[str, str, str]]:
    """(api, dtype label, body) for every probe; Cast is labelled dst<-src."""
    cases = [(api, t, _DECLS.format(T=t) + " " + call.format(T=t))
             for api, call in PROBES.items() if apis is None or api.split(".")[0] in apis for t in DTYPES]
    if apis is None or "Cast" in apis:
        cases += [("Cast", f"{d}<-{s}", CAST.format(T=d, S=s)) for d in DTYPES for s in DTYPES if d != s]
    return cases


def probe_unit(cases: list[tuple[str, str, str]], prologue: str) -> tuple[str, int]:
    """One line per probe, so an error's line names its probe."""
    lines = [prologue, '#include "kernel_operator.h"', "using namespace AscendC;"]
    first = len(lines) + 1
    lines += [f"void Probe{i}() {{ {body} }}" for i, (_, _, body) in enumerate(cases)]
    return "\n".join(lines) + "\n", first


def accepted(cases: list[tuple[str, str, str]], flags: list[str], workdir: Path, compiler: str = "g++",
             prologue: str = "") -> dict[str, dict[str, list[str]]]:
    """api -> {"accepted": [...], "rejected": [...]} as the headers behind `flags` decide at compile time."""
    text, first = probe_unit(cases, prologue)
    unit = workdir / "dtype_probes.cpp"
    unit.write_text(text, encoding="utf-8")
    command = [compiler, "-fsyntax-only", "-std=c++17", "-fdiagnostics-plain-output", "-fmax-errors=0",
               *_header_flags(flags),
               str(unit)]
    done = subprocess.run(command, capture_output=True, text=True, check=False, cwd=workdir,
                          env={**os.environ, "LC_ALL": "C"})
    failing: set[int] = set()
    context: int | None = None
    probe_line = re.compile(rf"^(?:.*/)?{re.escape(unit.name)}:(\d+):\d+:")
    for line in done.stderr.splitlines():
        match = probe_line.match(line)
        if match and "required from" in line:
            context = int(match.group(1))
        elif ": error: " in line:
            own = probe_line.match(line)
            number = int(own.group(1)) if own else context
            if number is not None and number >= first:
                failing.add(number - first)
        elif ": In instantiation of" in line or ": In function" in line:
            context = None
    if done.returncode != 0 and not failing:
        raise RuntimeError("the probe unit does not compile outside its probes: "
                           + " | ".join(done.stderr.strip().splitlines()[:3]))
    table: dict[str, dict[str, list[str]]] = {}
    for index, (api, label, _) in enumerate(cases):
        entry = table.setdefault(api, {"accepted": [], "rejected": []})
        entry["rejected" if index in failing else "accepted"].append(label)
    return table


def _header_flags(flags: list[str]) -> list[str]:
    """-D / -I / -isystem flags and each -include with its header; the rest of a compile line is not wanted."""
    kept: list[str] = []
    for i, flag in enumerate(flags):
        if flag == "-include" and i + 1 < len(flags):
            kept += [flag, flags[i + 1]]
        elif flag.startswith(("-D", "-I", "-isystem")):
            kept.append(flag)
    return kept
