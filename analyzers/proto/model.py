"""Capability models: REG_OP prototypes, op-info entries and the merged dtype x format table per SoC."""

from __future__ import annotations

import re
from dataclasses import dataclass, field

from op_migrate.analyzers.model import JsonModel

# A TBE dtype condition that holds because the kernel remaps the dtype first ends with this English note
# (analyzers/tbe/dtypes.py writes it); split_remap reads it back.
_REMAP_NOTE = " (remapped to {target} before the check)"
_REMAP_PATTERN = re.compile(r" \(remapped to (\w+) before the check\)$")


def remap_note(condition: str, target: str) -> str:
    """The condition of a dtype the kernel remaps to `target` under that condition before its check."""
    return condition + _REMAP_NOTE.format(target=target)


def split_remap(condition: str | None) -> tuple[str, str] | None:
    """(the quoted condition, the dtype it is remapped to) of a condition remap_note wrote, else None."""
    found = _REMAP_PATTERN.search(condition or "")
    return (condition[: found.start()], found.group(1)) if found else None


@dataclass(frozen=True)
class ProtoParam(JsonModel):
    """One .INPUT/.OUTPUT/.ATTR line of a REG_OP chain."""

    name: str
    role: str  # input | optional_input | dynamic_input | output | dynamic_output | attr | required_attr
    dtypes: tuple[str, ...]
    type_set: str | None  # a named TensorType set that was not expanded
    attr_type: str | None = None
    default: str | None = None


@dataclass(frozen=True)
class Proto(JsonModel):
    """A REG_OP prototype."""

    op_type: str
    path: str
    line: int
    params: tuple[ProtoParam, ...]


@dataclass(frozen=True)
class OpInfoParam(JsonModel):
    """inputN/outputN of an op-info entry; dtypes[i] and formats[i] form combination i."""

    index: str  # "input0", "output0"
    name: str
    param_type: str | None
    dtypes: tuple[str, ...]
    formats: tuple[str, ...]
    declared: bool = True  # False: the entry has no dtype key (op_select_format decides at run time)


@dataclass(frozen=True)
class OpInfo(JsonModel):
    """One op's entry in one SoC's op-info file (.json or .ini)."""

    op_type: str
    soc: str
    path: str
    params: tuple[OpInfoParam, ...]
    flags: dict  # dynamicShapeSupport.flag, needCheckSupport.flag, op.pattern ...


@dataclass(frozen=True)
class KernelChecks(JsonModel):
    """What one implementation file checks, as the capability matrix needs it (built from a TBE document)."""

    path: str
    kind: str  # "TBE DSL" | "TIK" | "Ascend C" | "hand IR"
    mode: str | None
    inputs: tuple[str, ...]
    outputs: tuple[str, ...]
    dtypes: dict  # port name -> tuple of (dtype, condition or None); a port without a check is absent
    bool_as_int8: bool  # the framework hands bool tensors to this kernel as int8 (register_operator default)
    fallbacks: tuple[tuple[str, dict | None], ...] = ()  # check_supported (condition, fact test) that hand it to AI CPU
    equalities: tuple[tuple[str, str], ...] = ()  # inputs the kernel requires to share one dtype
    partial: tuple[str, ...] = ()  # ports no single check covers on every path: a dtype outside the list is not called refused
    select_format: int | None = None  # the line of its op_select_format, which the op-info may leave the dtypes to


@dataclass(frozen=True)
class Cell(JsonModel):
    """Where one (port, dtype) runs on one SoC, and the file that says so."""

    engine: str  # "AI Core" | "AI CPU" | "none" (nothing runs it) | "unknown" (op_select_format decides)
    library: str | None  # AI CPU kernel libraries (opKernelLib), e.g. "TFKernel"
    source: str | None  # the op-info file (AI Core) or AI CPU config(s) that declare it
    tbe: str  # the kernel's own check: yes | if <condition> | as int8 | no | unchecked | n/a
    kernel: str | None = None  # the implementation file whose check `tbe` reports
    notes: tuple[str, ...] = ()  # conditions that change the answer (check_supported, conditional checks)


@dataclass(frozen=True)
class MatrixRow(JsonModel):
    """One (port, dtype) of the operator across the SoCs of the report."""

    port: str
    role: str  # input | output
    dtype: str
    proto: str  # yes | no | unknown
    cells: dict  # soc -> Cell


@dataclass(frozen=True)
class Combination(JsonModel):
    """One dtype combination across the ports (op-info column i), and where it runs on each SoC."""

    dtypes: dict  # port -> dtype (None: the op-info of the SoCs that list it has no such port)
    formats: dict  # port -> formats declared with this combination, over every SoC that lists it
    cells: dict  # soc -> Cell


@dataclass(frozen=True)
class CapabilityFinding(JsonModel):
    """One fact of the capability merge, with every port, dtype and SoC it holds for (ports x dtypes, all of them)."""

    symbol: str
    message: str
    severity: str
    dtypes: tuple[str, ...]
    ports: tuple[str, ...]
    socs: tuple[str, ...]
    line: int | None = None
    path: str | None = None  # the file the fact is read from (op-info entry, REG_OP, kernel check); see operator.locate


@dataclass(frozen=True)
class CapabilityMatrix(JsonModel):
    """Rows (port, dtype) x columns SoC; `groups` are the SoCs whose columns are identical."""

    SCHEMA = "op-migrate/capability@2"

    op_type: str
    socs: tuple[str, ...]  # the columns: every SoC of the install, or the --soc selection
    narrowed: bool  # the columns are a --soc selection, not every SoC of the roots
    rows: tuple[MatrixRow, ...]
    groups: tuple[tuple[str, ...], ...]
    sources: tuple[dict, ...]
    findings: tuple[CapabilityFinding, ...]
    # Added in @2 (additive): the op-info's dtype combinations (rows) per SoC group, and what AI CPU adds beyond them, port -> dtypes
    combinations: tuple[Combination, ...] = ()
    combination_groups: tuple[tuple[str, ...], ...] = ()
    aicpu_beyond: dict = field(default_factory=dict)


@dataclass(frozen=True)
class AicpuKernel(JsonModel):
    """One op's kernel in one AI CPU config (TFKernel, AICPUKernel, CUSTAICPUKernel); dtypes per port, not combinations."""

    op_type: str
    library: str
    path: str
    params: tuple[OpInfoParam, ...]
    kernel_so: str | None = None
