"""The Route model shared by route evaluation, the memory model, verify-route and package-pr."""

from __future__ import annotations

from dataclasses import dataclass, field

from op_migrate.analyzers.model import JsonModel

LAUNCHERS = ("AI_CORE", "AI_CPU", "DSA", "UNKNOWN")
# param: a tensor the entry point receives (self, other, out); never counted as extra memory.
# alloc: new device storage. view: new metadata on existing storage (CreateView, Reshape, SqueezeNd, ReFormat,
# a Contiguous of a contiguous input). alias: CreateView + SetDataType (reinterpreted dtype, same storage).
# write: the producer writes into an existing tensor (ViewCopy, TensorMove, out-overloads); no new storage.
EFFECTS = ("param", "alloc", "view", "alias", "write")
SHAPE_RULES = ("param", "same", "broadcast", "literal", "packed_bits", "reduce", "unknown")


@dataclass(frozen=True)
class Facts(JsonModel):
    """What is known when a route is evaluated; None/absent means unknown."""

    soc: str | None = None
    arch: str | None = None
    dtypes: tuple[tuple[str, str], ...] = ()  # (tensor parameter name or "*", dtype like "float16")
    shapes: tuple[tuple[str, tuple[int, ...]], ...] = ()
    scalars: tuple[tuple[str, float], ...] = ()

    def dtype_of(self, name: str) -> str | None:
        found = dict(self.dtypes)
        return found.get(name, found.get("*"))

    def shape_of(self, name: str) -> tuple[int, ...] | None:
        return dict(self.shapes).get(name)

    def scalar(self, name: str) -> float | None:
        return dict(self.scalars).get(name)

    def to_json(self) -> dict:
        return {
            "soc": self.soc,
            "arch": self.arch,
            "dtypes": dict(self.dtypes),
            "shapes": {name: list(dims) for name, dims in self.shapes},
            "scalars": dict(self.scalars),
        }


@dataclass(frozen=True)
class ShapeRule(JsonModel):
    """How a tensor's shape follows from others.

    param: the entry parameter `refs[0]`'s shape. same: as tensor `refs[0]`. broadcast: of tensors `refs`.
    literal: `dims` (texts: "1", "count / 8", a parameter like "outputShape"). packed_bits: DSA mask of `refs[0]`
    (ceil(N/128)*16 bytes as UINT8). reduce: `refs[0]` reduced over `dims` (axes texts). unknown: see `text`.
    """

    rule: str
    refs: tuple[str, ...] = ()
    dims: tuple[str, ...] = ()
    text: str = ""


@dataclass(frozen=True)
class Site(JsonModel):
    """A place in the sources on the way to a launch (for SARIF code flows)."""

    function: str
    file: str
    line: int


@dataclass(frozen=True)
class Tensor(JsonModel):
    """A device tensor the route creates or receives. `base` is the tensor owning the storage for view/alias/write."""

    id: str
    name: str
    producer: str
    effect: str
    shape: ShapeRule
    dtype: str
    file: str
    line: int
    base: str | None = None
    may: bool = False
    guards: tuple[str, ...] = ()
    # Added by the route walk: the concrete dims when the facts give them (None when unknown).
    dims: tuple[int, ...] | None = None


@dataclass(frozen=True)
class Task(JsonModel):
    """One kernel launch in route order; `reads`/`writes` are tensor ids."""

    index: int
    op: str
    launcher: str
    file: str
    line: int
    may: bool = False
    guards: tuple[str, ...] = ()
    reads: tuple[str, ...] = ()
    writes: tuple[str, ...] = ()
    call_path: tuple[Site, ...] = ()


@dataclass(frozen=True)
class Step(JsonModel):
    """The program order of creations and launches: kind "create" names a tensor, kind "launch" a task index."""

    kind: str
    tensor: str | None = None
    task: int | None = None


@dataclass(frozen=True)
class Route(JsonModel):
    """Everything one entry point does under `facts`."""

    entry: str
    facts: Facts
    tasks: tuple[Task, ...]
    tensors: tuple[Tensor, ...]
    steps: tuple[Step, ...]
    unknown_guards: tuple[str, ...] = field(default=())
    complete: bool = True  # False when an unparsed construct or an unresolved call lies on this route

    def tensor(self, tensor_id: str) -> Tensor:
        for tensor in self.tensors:
            if tensor.id == tensor_id:
                return tensor
        raise KeyError(tensor_id)
