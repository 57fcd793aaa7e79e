"""The traced chain of one dtype combination: inputs, DSL ops in order (each a straight-line step), outputs, gaps."""

from __future__ import annotations

from dataclasses import dataclass, field

from op_migrate.analyzers.model import JsonModel

SCHEMA = "op-migrate/scaffold-chain@1"


@dataclass(frozen=True)
class ChainInput(JsonModel):
    """A placeholder of the compute: `port` is the operator input it stands for."""

    ref: str
    port: str
    dtype: str
    name: str
    line: int | None


@dataclass(frozen=True)
class ChainOp(JsonModel):
    """One DSL call on the decided path.

    operands: ("ref", "v3") a tensor, ("scalar", expr, dtype) a scalar (expr as in values.Scalar), ("lit", value).
    params: the call's non-tensor arguments by name (operation, mode, dtype, impl_mode, f1628IntegerFlag ...).
    """

    ref: str
    name: str
    operands: tuple
    params: dict
    dtype: str
    line: int | None
    path: str
    via: tuple[str, ...] = ()


@dataclass(frozen=True)
class ChainOutput(JsonModel):
    port: str
    ref: str
    dtype: str


@dataclass(frozen=True)
class Gap(JsonModel):
    """What the scaffold could not translate: the call or construct, its TBE line and why."""

    construct: str
    reason: str
    line: int | None
    path: str | None


@dataclass(frozen=True)
class Chain(JsonModel):
    """The compute of one dtype combination as the TBE code runs it on one SoC."""

    SCHEMA = SCHEMA

    combination: dict  # port -> dtype (inputs and outputs)
    soc: str
    inputs: tuple[ChainInput, ...]
    ops: tuple[ChainOp, ...]
    outputs: tuple[ChainOutput, ...]
    attrs: tuple[str, ...]  # attributes the chain reads at run time
    queries: tuple[tuple, ...]  # (platform query = answer, line, path)
    notes: tuple[tuple, ...]  # assumptions the trace made: (text, line, path)
    gaps: tuple[Gap, ...] = ()
    refused: str | None = None  # the TBE code raises for this combination (with where)
    classify_mode: str | None = None
    extra: dict = field(default_factory=dict)

    @property
    def translated(self) -> bool:
        return not self.gaps and self.refused is None

    def op(self, ref: str) -> ChainOp | None:
        return next((op for op in self.ops if op.ref == ref), None)

    def dtype_of(self, ref: str) -> str:
        for item in (*self.inputs, *self.ops):
            if item.ref == ref:
                return item.dtype
        raise KeyError(ref)


def numel_ports(chain: dict, refs: str) -> list[str]:
    """The input ports whose broadcast shape a ("numel", refs) or ("dim", refs, i) scalar reads: "*" every input, an
    input's ref its port, an op's ref the inputs it is computed from (an elementwise op has their broadcast shape),
    "port:<name>" the shape of that port's dict (an output's: the broadcast shape of every input)."""
    ports = {item["ref"]: item["port"] for item in chain["inputs"]}
    sources = {op["ref"]: [o[1] for o in op["operands"] if o[0] == "ref"] for op in chain["ops"]}
    found: set[str] = set()
    pending = list(refs.split(","))
    while pending:
        ref = pending.pop()
        if ref == "*" or ref.startswith("port:") and ref[5:] not in ports.values():
            found.update(ports.values())  # the output's shape (a port: ref of an output dict) is the broadcast one
        elif ref.startswith("port:"):
            found.add(ref[5:])
        elif ref in ports:
            found.add(ports[ref])
        else:
            pending.extend(sources.get(ref, []))
    order = [item["port"] for item in chain["inputs"]]
    return [port for port in order if port in found]


def shape_reads(expr) -> list[tuple]:
    """The ("numel", refs), ("dim", refs, index), ("rank", refs) and ("differ", refs, refs, skip) parts of a scalar
    expression."""
    if not isinstance(expr, (list, tuple)) or not expr:
        return []
    if expr[0] in ("numel", "dim", "differ", "rank"):
        return [tuple(expr)]
    return [read for part in expr[1:] for read in shape_reads(part)]


def min_rank(chain: dict) -> int:
    """The rank a case's shapes need for every dimension the chain's scalars read (dim i: i + 1; dim -i: i)."""
    ranks = [read[2] + 1 if read[2] >= 0 else -read[2] for op in chain["ops"] for operand in op["operands"]
             if operand[0] == "scalar" for read in shape_reads(operand[1]) if read[0] == "dim"]
    return max(ranks, default=0)
