"""Capability models: REG_OP prototypes, op-info entries and the merged dtype x format table per SoC."""

from __future__ import annotations

from dataclasses import dataclass

from op_migrate.analyzers.findings import Finding
from op_migrate.analyzers.model import JsonModel


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


@dataclass(frozen=True)
class OpInfo(JsonModel):
    """One op's entry in one SoC's op-info file (.json or .ini)."""

    op_type: str
    soc: str
    path: str
    params: tuple[OpInfoParam, ...]
    flags: dict  # dynamicShapeSupport.flag, needCheckSupport.flag, op.pattern ...


@dataclass(frozen=True)
class CapabilityRow(JsonModel):
    """One dtype of one parameter on one SoC, with what each source says."""

    param: str
    dtype: str
    formats: tuple[str, ...]
    tbe: str  # "yes" | "no" | "if <condition>" | "unknown"
    proto: str  # "yes" | "no" | "unknown"
    opinfo: str  # "yes" | "no" | "unknown"
    runs_on: str  # "AI Core" | "AI CPU" | "rejected" | "unknown"


@dataclass(frozen=True)
class Capability(JsonModel):
    """The merged table per SoC; sources say which files were read."""

    SCHEMA = "op-migrate/capability@1"

    op_type: str
    sources: tuple[dict, ...]
    socs: dict  # soc -> list[CapabilityRow]; "(no op-info)" when none was found
    findings: tuple[Finding, ...]
