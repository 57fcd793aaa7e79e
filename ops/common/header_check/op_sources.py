"""Reads an operator folder as the op build does: its sources, the SoCs and dtype columns of its OpDef, its tiling keys."""

from __future__ import annotations

import itertools
import re
from dataclasses import dataclass
from pathlib import Path

from .findings import Finding
from .layout import SOC_ARCH

# ge::DataType -> the C type the op build passes as -DDTYPE_<NAME>= (ops-math scripts/util/ascendc_impl_build.py).
GE_DTYPE_CTYPES = {
    "DT_FLOAT": "float", "DT_FLOAT16": "half", "DT_BF16": "bfloat16_t", "DT_DOUBLE": "double",
    "DT_INT8": "int8_t", "DT_UINT8": "uint8_t", "DT_INT16": "int16_t", "DT_UINT16": "uint16_t",
    "DT_INT32": "int32_t", "DT_UINT32": "uint32_t", "DT_INT64": "int64_t", "DT_UINT64": "uint64_t",
    "DT_BOOL": "bool", "DT_COMPLEX32": "complex32", "DT_COMPLEX64": "complex64",
}


class DefError(Exception):
    """The OpDef could not be read; carries the finding."""

    def __init__(self, finding: Finding) -> None:
        super().__init__(finding.message)
        self.finding = finding


@dataclass(frozen=True)
class Param:
    name: str
    dtypes: tuple[str, ...]  # ge::DT_* names, one per binary column
    formats: tuple[str, ...]


@dataclass(frozen=True)
class OpDef:
    source: Path
    socs: tuple[str, ...]
    inputs: tuple[Param, ...]
    outputs: tuple[Param, ...]

    def archs(self) -> dict[str, tuple[str, ...]]:
        """NPU arch -> the SoCs that claim it, in declaration order; unknown SoCs raise DefError."""
        result: dict[str, list[str]] = {}
        for soc in self.socs:
            if soc not in SOC_ARCH:
                raise DefError(Finding("unknown-soc", source=str(self.source), soc=soc))
            result.setdefault(SOC_ARCH[soc], []).append(soc)
        return {arch: tuple(socs) for arch, socs in result.items()}

    def columns(self) -> list[tuple[str, tuple[str, ...]]]:
        """One (label, -D flags) per binary: DTYPE_/ORIG_DTYPE_/FORMAT_ of every input and output."""
        count = len(self.inputs[0].dtypes) if self.inputs else len(self.outputs[0].dtypes)
        columns = []
        input_names = {p.name.upper() for p in self.inputs}
        for i in range(count):
            flags: list[str] = []
            label: list[str] = []
            for param, is_output in [(p, False) for p in self.inputs] + [(p, True) for p in self.outputs]:
                dtype = param.dtypes[i]
                name = param.name.upper() + ("_REF" if is_output and param.name.upper() in input_names else "")
                flags += [f"DTYPE_{name}={GE_DTYPE_CTYPES[dtype]}", f"ORIG_DTYPE_{name}={dtype}",
                          f"FORMAT_{name}={param.formats[i]}"]
                label.append(f"{param.name}={dtype.removeprefix('DT_').lower()}")
            columns.append((",".join(label), tuple(flags)))
        return columns


def _strip_comments(text: str) -> str:
    text = re.sub(r"/\*.*?\*/", " ", text, flags=re.DOTALL)
    return re.sub(r"//[^\n]*", " ", text)


def _names(list_text: str, prefix: str) -> tuple[str, ...]:
    return tuple(re.findall(rf"ge::({prefix}_\w+)", list_text))


def _vector(text: str, name: str, prefix: str) -> tuple[str, ...] | None:
    """A `static const std::vector<ge::X> NAME = {...};` or `NAME(N, ge::VALUE)` initialiser."""
    braced = re.search(rf"\b{re.escape(name)}\s*=\s*\{{([^}}]*)\}}", text)
    if braced:
        return _names(braced.group(1), prefix)
    sized = re.search(rf"\b{re.escape(name)}\s*\(\s*(\w+)\.size\(\)\s*,\s*ge::({prefix}_\w+)\s*\)", text)
    if sized:
        other = _vector(text, sized.group(1), "DT")
        return None if other is None else tuple(sized.group(2) for _ in other)
    return None


def _list_arg(text: str, chain: str, method: str, prefix: str, source: Path) -> tuple[str, ...]:
    match = re.search(rf"\.{method}\(\s*(\{{[^}}]*\}}|\w+)\s*\)", chain)
    if not match:
        raise DefError(Finding("def-unreadable", source=str(source), reason=f"no .{method}(...) in `{chain[:80]}`"))
    arg = match.group(1)
    values = _names(arg, prefix) if arg.startswith("{") else _vector(text, arg, prefix)
    if not values:
        raise DefError(Finding("def-unreadable", source=str(source), reason=f"cannot resolve .{method}({arg})"))
    return values


def read_def(source: Path) -> OpDef:
    text = _strip_comments(source.read_text(encoding="utf-8", errors="replace"))
    params: dict[str, list[Param]] = {"Input": [], "Output": []}
    for kind, name, chain in re.findall(r"this->(Input|Output)\(\s*\"(\w+)\"\s*\)([^;]*);", text):
        dtypes = _list_arg(text, chain, "DataType", "DT", source)
        formats = _list_arg(text, chain, "Format", "FORMAT", source)
        unknown = [d for d in dtypes if d not in GE_DTYPE_CTYPES]
        if unknown:
            raise DefError(Finding("def-unreadable", source=str(source), reason=f"{name}: no C type for {unknown[0]}"))
        params[kind].append(Param(name, dtypes, formats))
    widths = {len(p.dtypes) for p in params["Input"] + params["Output"]} | {
        len(p.formats) for p in params["Input"] + params["Output"]}
    if not params["Input"] + params["Output"] or len(widths) != 1:
        raise DefError(Finding("def-unreadable", source=str(source),
                               reason="no inputs/outputs, or dtype and format lists of different lengths"))
    socs = tuple(re.findall(r"AddConfig\(\s*\"(\w+)\"", text))
    if not socs:
        raise DefError(Finding("def-unreadable", source=str(source), reason="no AICore().AddConfig(\"<soc>\")"))
    return OpDef(source, socs, tuple(params["Input"]), tuple(params["Output"]))


@dataclass(frozen=True)
class OperatorFolder:
    name: str
    root: Path

    @property
    def kernels(self) -> list[Path]:
        return sorted((self.root / "op_kernel").glob("*.cpp"))

    @property
    def host_sources(self) -> list[Path]:
        return sorted((self.root / "op_host").glob("*.cpp"))

    @property
    def api_sources(self) -> list[Path]:
        return sorted((self.root / "op_api").glob("*.cpp"))

    @property
    def definition(self) -> Path | None:
        found = sorted((self.root / "op_host").glob("*_def.cpp"))
        return found[0] if found else None

    def uses_template_tiling(self) -> bool:
        return any("ASCENDC_TPL_SEL" in p.read_text(encoding="utf-8", errors="replace")
                   for p in (self.root / "op_kernel").glob("*.h"))


def operator_folders(ops_root: Path, names: list[str] | None = None) -> list[OperatorFolder]:
    found = [OperatorFolder(p.parent.name, p.parent) for p in sorted(ops_root.glob("*/op_kernel"))
             if any(p.glob("*.cpp"))]
    found = list({f.name: f for f in found}.values())
    return [f for f in found if names is None or f.name in names]


# ---- tiling-key templates: the op compiler's ASCENDC_TPL_PRE preprocessing pass, read back ----

_TPL_ENTRY = re.compile(r"@@ASCENDC_TPL_(UINT|BOOL|DTYPE|DATATYPE|FORMAT|KERNEL_TYPE|DETERMINISTIC|TILING_STRUCT|"
                        r"SHARED_KERNEL_TYPE)_(DECL|SEL)(?:_(\w+?))?@@\s*=\s*\{([^{}]*)\}")


def _ints(text: str) -> list[int]:
    return [int(v, 0) for v in re.findall(r"-?(?:0[xX][0-9a-fA-F]+|\d+)", text)]


def _uint_values(values: list[int]) -> list[int]:
    mode, vals = values[0], values[1:]
    if mode == 1:  # ASCENDC_TPL_UI_LIST
        return vals
    ranges = vals[0]
    expanded = [v for i in range(ranges) for v in range(vals[1 + 2 * i], vals[2 + 2 * i] + 1)]
    return expanded + (vals[1 + 2 * ranges:] if mode == 2 else [])  # 0 UI_RANGE, 2 UI_MIX


def template_instances(preprocessed: str, source: Path) -> list[tuple[int, ...]]:
    """The template-argument tuples ASCENDC_TPL_SEL selects, in ASCENDC_TPL_ARGS_DECL order."""
    decl_start = preprocessed.find("@@ASCENDC_TPL_ARGS_DECL_")
    sel_start = preprocessed.find("@@ASCENDC_TPL_LISTS@@")
    if decl_start < 0 or sel_start < 0:
        raise DefError(Finding("tiling-key-unsupported", source=str(source),
                               reason="ASCENDC_TPL_SEL used but no ARGS_DECL / TPL_LISTS in the preprocessed kernel"))
    order: list[str] = []
    for kind, _, name, _ in _TPL_ENTRY.findall(preprocessed[decl_start:preprocessed.find(";", decl_start)]):
        if kind not in ("UINT", "BOOL", "DTYPE"):
            raise DefError(Finding("tiling-key-unsupported", source=str(source), reason=f"ASCENDC_TPL_{kind}_DECL"))
        order.append(name)
    sel_text = preprocessed[sel_start:preprocessed.find(";", sel_start)]
    combos: list[tuple[int, ...]] = []
    for group in sel_text.split("@@{")[1:]:
        values: dict[str, list[int]] = {}
        for kind, _, name, body in _TPL_ENTRY.findall(group):
            if kind in ("KERNEL_TYPE", "DETERMINISTIC"):
                continue  # they choose the kernel type and the flag, not template arguments
            if kind not in ("UINT", "BOOL", "DTYPE"):
                raise DefError(Finding("tiling-key-unsupported", source=str(source), reason=f"ASCENDC_TPL_{kind}_SEL"))
            values[name] = _uint_values(_ints(body)) if kind == "UINT" else _ints(body)
        missing = [n for n in order if n not in values]
        if missing:
            raise DefError(Finding("tiling-key-unsupported", source=str(source),
                                   reason=f"ASCENDC_TPL_ARGS_SEL without {missing[0]}"))
        combos += itertools.product(*(values[n] for n in order))
    return list(dict.fromkeys(combos))
