"""The policy model: which routes to evaluate (soc × dtype × case × scalars) and which tasks/tensors they may hold."""

from __future__ import annotations

from dataclasses import dataclass

from op_migrate.analyzers.model import JsonModel
from op_migrate.analyzers.route.model import Facts

# output: element count equals the broadcast output's N. constant: O(1), independent of the case (rank-0 -> [1]).
# other: known, neither of those (a packed mask of N/8 bytes). any: size not considered.
SIZE_CLASSES = ("output", "constant", "other", "any")
RULE_KINDS = ("forbid", "require")


@dataclass(frozen=True)
class Scope(JsonModel):
    """Restricts a rule to some matrix points; an empty field means every value."""

    socs: tuple[str, ...] = ()
    dtypes: tuple[str, ...] = ()
    cases: tuple[str, ...] = ()
    scalars: tuple[tuple[str, tuple[float, ...]], ...] = ()

    def admits(self, point: "MatrixPoint") -> bool:
        if self.socs and point.soc not in self.socs:
            return False
        if self.dtypes and not set(self.dtypes) & {dtype for _, dtype in point.dtypes}:
            return False
        if self.cases and point.case not in self.cases:
            return False
        values = dict(point.scalars)
        return all(name in values and values[name] in allowed for name, allowed in self.scalars)


@dataclass(frozen=True)
class Rule(JsonModel):
    """One forbid/require rule. With `effect` set it selects tensors (op then globs the producer), else tasks."""

    name: str
    kind: str
    op: str | None = None
    launcher: str | None = None
    size: str = "any"
    effect: str | None = None
    dtype: str | None = None
    shape: str | None = None
    allow_may: bool = False
    reason: str = ""
    when: Scope = Scope()

    @property
    def on_tensors(self) -> bool:
        return self.effect is not None or self.dtype is not None or self.shape is not None

    def describe(self) -> str:
        parts = [f"{key}={value}" for key, value in (
            ("op", self.op), ("launcher", self.launcher), ("effect", self.effect), ("dtype", self.dtype),
            ("shape", self.shape)) if value is not None]
        if self.size != "any":
            parts.append(f"size={self.size}")
        return f"{self.kind} " + " ".join(parts)


@dataclass(frozen=True)
class CaseSpec(JsonModel):
    """Concrete shapes of the entry's tensor parameters; `name` labels the case in reports."""

    name: str
    shapes: tuple[tuple[str, tuple[int, ...]], ...]

    def label(self) -> str:
        return " ".join(f"{param}[{','.join(map(str, dims))}]" for param, dims in self.shapes)


@dataclass(frozen=True)
class RouteSpec(JsonModel):
    """One [[policy.routes]] table: its product is evaluated for every entry."""

    socs: tuple[str, ...]
    dtypes: tuple[tuple[tuple[str, str], ...], ...]  # each: (parameter or "*", dtype) bindings
    cases: tuple[CaseSpec, ...]
    scalars: tuple[tuple[str, tuple[float, ...]], ...] = ()
    entries: tuple[str, ...] = ()  # restricts the table to these entry points (their parameters differ)


@dataclass(frozen=True)
class MemoryLimit(JsonModel):
    """[policy.memory]: the largest accepted relative gap of the predicted peak against the GPU reference."""

    max_gap: float
    cases: tuple[str, ...] = ()  # only these case names (tiny cases measure allocator granularity, not the chain)


@dataclass(frozen=True)
class Policy(JsonModel):
    """A parsed, validated policy."""

    name: str
    source: str
    entries: tuple[str, ...]
    routes: tuple[RouteSpec, ...]
    rules: tuple[Rule, ...]
    memory: MemoryLimit | None = None
    description: str = ""


@dataclass(frozen=True)
class MatrixPoint(JsonModel):
    """One evaluated combination: entry × soc × dtype binding × case × scalar values."""

    entry: str
    soc: str
    arch: str | None
    dtypes: tuple[tuple[str, str], ...]
    case: str
    shapes: tuple[tuple[str, tuple[int, ...]], ...]
    scalars: tuple[tuple[str, float], ...] = ()

    def dtype_label(self) -> str:
        if len(self.dtypes) == 1 and self.dtypes[0][0] == "*":
            return self.dtypes[0][1]
        return ",".join(f"{param}={dtype}" for param, dtype in self.dtypes)

    def scalar_label(self) -> str:
        return ",".join(f"{name}={value:g}" for name, value in self.scalars)

    def facts(self) -> Facts:
        return Facts(soc=self.soc, arch=self.arch, dtypes=self.dtypes, shapes=self.shapes, scalars=self.scalars)

    def facts_json(self) -> dict:
        document = {"soc": self.soc, "arch": self.arch, "dtype": self.dtype_label(), "case": self.case}
        document["shapes"] = {param: list(dims) for param, dims in self.shapes}
        document["scalars"] = dict(self.scalars)
        return document
