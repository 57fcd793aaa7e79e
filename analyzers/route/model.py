"""The Route model shared by route evaluation, the memory model, verify-route and package-pr."""

from __future__ import annotations

from dataclasses import dataclass, field

from op_migrate.analyzers.model import JsonModel

# COPY: a device-to-device memory copy the framework issues itself (op::CopyNpuToNpu), not a kernel.
LAUNCHERS = ("AI_CORE", "AI_CPU", "DSA", "COPY", "UNKNOWN")
# param: a tensor the entry point receives (self, other, out); never counted as extra memory.
# alloc: new device storage. view: new metadata on existing storage (CreateView, Reshape, SqueezeNd, ReFormat,
# a Contiguous of a contiguous input). alias: CreateView + SetDataType (reinterpreted dtype, same storage).
# write: the producer writes into an existing tensor (ViewCopy, TensorMove, out-overloads, and an L0 result
# whose storage ViewCopy re-points at the output); no new storage.
EFFECTS = ("param", "alloc", "view", "alias", "write")
SHAPE_RULES = ("param", "same", "broadcast", "literal", "packed_bits", "reduce", "unknown")
# How a step's L0 call was resolved: a definition in a repository root, the built-in catalog
# (analyzers/data/l0_ops.toml), a catalog written by `migrate catalog build`, or not at all.
RESOLUTIONS = ("repo", "catalog", "generated-catalog", "unresolved")
# Step kinds: an L0 framework helper (layout/dtype adapter), any other L0 op, a launch the entry makes itself.
STEP_KINDS = ("helper", "op", "launch")


@dataclass(frozen=True)
class Facts(JsonModel):
    """What is known when a route is evaluated; None/absent means unknown.

    Layout facts: an entry tensor is given (not nullptr), contiguous, ND and user-owned unless `absent`, `strides`
    (its view strides), `offsets` (its view offset in elements) or `formats` say otherwise; L0 results are
    contiguous workspace tensors.
    """

    soc: str | None = None
    arch: str | None = None
    dtypes: tuple[tuple[str, str], ...] = ()  # (tensor parameter name or "*", dtype like "float16")
    shapes: tuple[tuple[str, tuple[int, ...]], ...] = ()
    scalars: tuple[tuple[str, float], ...] = ()
    strides: tuple[tuple[str, tuple[int, ...]], ...] = ()
    offsets: tuple[tuple[str, int], ...] = ()
    absent: tuple[str, ...] = ()  # tensor parameters passed as nullptr
    formats: tuple[tuple[str, str], ...] = ()  # (tensor parameter, storage format like "NCHW"); others are ND

    def dtype_of(self, name: str) -> str | None:
        found = dict(self.dtypes)
        return found.get(name, found.get("*"))

    def shape_of(self, name: str) -> tuple[int, ...] | None:
        return dict(self.shapes).get(name)

    def scalar(self, name: str) -> float | None:
        return dict(self.scalars).get(name)

    def strides_of(self, name: str) -> tuple[int, ...] | None:
        return dict(self.strides).get(name)

    def offset_of(self, name: str) -> int:
        return dict(self.offsets).get(name, 0)

    def is_absent(self, name: str) -> bool:
        return name in self.absent

    def format_of(self, name: str) -> str:
        return dict(self.formats).get(name, "ND")

    def named_for(self, parameter: str) -> str:
        """The name the facts use for an entry's tensor parameter: an in-place entry's `selfRef` takes the facts
        given for `self` (and the reverse) when the facts name only its partner."""
        partner = _PARTNERS.get(parameter)
        if partner is None or self.mentions(parameter) or not self.mentions(partner):
            return parameter
        return partner

    def mentions(self, name: str) -> bool:
        """Whether a fact names this parameter (its own dtype, shape, strides or offset)."""
        return name in self.absent or \
            any(name == key for pairs in (self.dtypes, self.shapes, self.strides, self.offsets, self.formats)
                for key, _ in pairs)

    def to_json(self) -> dict:
        document = {
            "soc": self.soc,
            "arch": self.arch,
            "dtypes": dict(self.dtypes),
            "shapes": {name: list(dims) for name, dims in self.shapes},
            "scalars": dict(self.scalars),
        }
        if self.strides:
            document["strides"] = {name: list(dims) for name, dims in self.strides}
        if self.offsets:
            document["offsets"] = dict(self.offsets)
        if self.absent:
            document["absent"] = list(self.absent)
        if self.formats:
            document["formats"] = dict(self.formats)
        return document


# ACLNN in-place entries name their tensor selfRef; a fact given for self describes it too (and the reverse).
_PARTNERS = {"selfRef": "self", "self": "selfRef"}


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
    """One kernel launch in route order; `reads`/`writes` are tensor ids.

    `op` is the kernel's op type as launched (DropOutDoMask); `via` the L0 call of the entry point it came
    from (DropoutDoMask, or Contiguous for the AsStrided copy inside it), `l0` the innermost L0 call that
    issued it (AsStrided), `step` the index of `via`'s node in Route.steps. A launch the entry point makes
    itself has no `via`.
    """

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
    via: str | None = None
    l0: str | None = None
    step: int | None = None
    # Inputs the walk could not name (the source text of each): the launch reads a tensor that is none of `reads`
    # as far as the route can tell, so what it keeps alive is not known.
    unnamed_reads: tuple[str, ...] = ()
    unnamed_writes: tuple[str, ...] = ()  # the same for outputs: which storage it fills is not known


@dataclass(frozen=True)
class Event(JsonModel):
    """The program order of creations and launches: kind "create" names a tensor, kind "launch" a task index."""

    kind: str
    tensor: str | None = None
    task: int | None = None


@dataclass(frozen=True)
class Step(JsonModel):
    """One node of the route as its user reads it: an L0 call of the entry point (or of a helper in its own file),
    or a launch the entry point makes itself.

    `tasks` are the launches the call made under the facts (none for a Contiguous of a contiguous input);
    `effect` says what it did instead ("launch", "view", "alias", "alloc", "write", "returns-input", "re-point":
    ViewCopy made the L0 result's storage the output's, "unknown"); `tensors` are the tensors created during the
    call and `result` the one it returned; `inputs` the tensors among its arguments; `args` are the call's
    argument texts and `guards` the conditions that lead to it, both in the entry's names.
    """

    index: int
    op: str
    kind: str
    function: str
    file: str
    line: int
    resolution: str = ""
    definition: str | None = None
    args: tuple[str, ...] = ()
    inputs: tuple[str, ...] = ()
    tasks: tuple[int, ...] = ()
    tensors: tuple[str, ...] = ()
    result: str | None = None
    effect: str = ""
    may: bool = False
    guards: tuple[str, ...] = ()


@dataclass(frozen=True)
class Reason(JsonModel):
    """Why a route is incomplete: the finding symbol, its message and where."""

    symbol: str
    message: str
    file: str | None = None
    line: int | None = None


@dataclass(frozen=True)
class Audit(JsonModel):
    """The reachability audit of a route (route/audit.py): the launch-relevant places of the functions it entered,
    as walked, excluded by the facts (in code they skip) and not walked (each one makes the route incomplete)."""

    sites: int
    walked: int
    excluded: int
    unwalked: int


@dataclass(frozen=True)
class Route(JsonModel):
    """Everything one entry point does under `facts`.

    complete: every L0 call on the route is resolved to a real definition or catalog entry and every helper was
    walked (no unresolved op, stand-in, recursion or depth cut, unparsed construct); `incomplete_reasons` say
    why not. decided: no `may` task is left; `undecided_guards` are the guards the facts left open. rejected: a
    check of the entry fails for these facts (the call returns an error), so the route launches nothing.
    """

    entry: str
    facts: Facts
    tasks: tuple[Task, ...]
    tensors: tuple[Tensor, ...]
    events: tuple[Event, ...]
    steps: tuple[Step, ...] = ()
    undecided_guards: tuple[str, ...] = field(default=())
    complete: bool = True
    incomplete_reasons: tuple[Reason, ...] = ()
    # The check that fails for these facts: the call returns an error and launches nothing (no tasks, no steps).
    rejected: Reason | None = None
    # Checks that fail for these facts on some paths only (each message says when); what runs only on those paths
    # is left out, and the rest runs only when the call does not fail.
    failures: tuple[Reason, ...] = ()
    # None when no reachability index was given (a route of files analysed without their repositories' call graph).
    audit: Audit | None = None
    # Checks of the entry's arguments the facts cannot decide (a shape not given, a string attribute): the route is
    # what runs when they pass; where one fails the call returns its error and launches nothing.
    open_checks: tuple[Reason, ...] = ()

    @property
    def decided(self) -> bool:
        return not any(task.may for task in self.tasks)

    def tensor(self, tensor_id: str) -> Tensor:
        for tensor in self.tensors:
            if tensor.id == tensor_id:
                return tensor
        raise KeyError(tensor_id)

    def to_json(self) -> dict:
        from op_migrate.analyzers.route.route_json import route_to_json

        return route_to_json(self)
